// Units branded into the types so that millimetres on the table and pixels in the image can never be
// mixed silently (docs/design.md: "Millimetres everywhere after vision"). Arithmetic on a brand gives a
// plain number; wrap the result again with `mm()` / `px()` / `ms()` where it is a quantity again.

export type Mm = number & { readonly __unit: 'mm' };
export type Px = number & { readonly __unit: 'px' };
export type Ms = number & { readonly __unit: 'ms' };

export const mm = (n: number): Mm => n as Mm;
export const px = (n: number): Px => n as Px;
export const ms = (n: number): Ms => n as Ms;

/** A point on the table frame (docs/formats.md §1), millimetres. */
export interface PointMm {
  readonly x: Mm;
  readonly y: Mm;
}

/** A point in the table frame with height above the cloth, millimetres. */
export interface Point3Mm extends PointMm {
  readonly z: Mm;
}

/** A pixel position in an image: u right, v down, pixel centres at integer + 0.5 is NOT assumed; OpenCV's convention (pixel centres at integers). */
export interface PointPx {
  readonly u: Px;
  readonly v: Px;
}

export const pointMm = (x: number, y: number): PointMm => ({ x: mm(x), y: mm(y) });
export const pointPx = (u: number, v: number): PointPx => ({ u: px(u), v: px(v) });
