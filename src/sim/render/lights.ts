// The lights over the table: a canopy of lamps about a metre above the bed, as at a match table, plus
// a little light from the room. The lamps light the cloth (brightest under the canopy, falling off
// towards the cushions), put their highlights on the balls and cast the balls' soft shadows.
import type { Plane } from '../../camera/index.ts';

export interface CanopyOptions {
  /** Lamps across the table. */
  readonly columns: number;
  /** Lamps along the table. */
  readonly rows: number;
  /** Height of the lamps above the cloth, mm (match canopies hang about 1 m above the bed). */
  readonly height: number;
  /** Span of the lamp columns as a fraction of the bed's width, and of the rows of its length. */
  readonly spanWidth: number;
  readonly spanLength: number;
  /** Radius of each lamp's glowing face, mm: sets how soft shadows are and how big highlights are. */
  readonly lampRadius: number;
  /** Share of the light at the bed's centre that comes from the room rather than the lamps. */
  readonly ambient: number;
}

// Lamps at 1 m spread over 60 % × 80 % of the bed give a cloth about half as bright in the corners
// as in the middle from the lamps alone; with a quarter of the light from the room that is ~0.6
// (~0.8 after the camera's gamma): the gentle fall-off seen in overhead match footage.
export const DEFAULT_CANOPY: CanopyOptions = {
  columns: 2,
  rows: 4,
  height: 1000,
  spanWidth: 0.6,
  spanLength: 0.8,
  lampRadius: 220,
  ambient: 0.25,
};

/**
 * The lamps packed for the per-pixel loops: five numbers a lamp (x, y, z, radius, weight), weights
 * scaled so that the lamps' irradiance on the cloth at the centre of the bed is `1 − ambient`.
 */
export interface Lighting {
  readonly lamps: Float64Array;
  readonly count: number;
  readonly ambient: number;
  /** The canopy's glowing underside as the balls mirror it: a rectangle at the lamps' height, soft-edged. */
  readonly panel: {
    readonly x0: number;
    readonly x1: number;
    readonly y0: number;
    readonly y1: number;
    readonly z: number;
    readonly soft: number;
  };
}

export const LAMP_STRIDE = 5;

const spread = (n: number, span: number, size: number, i: number): number =>
  n > 1 ? size / 2 + (i - (n - 1) / 2) * ((span * size) / (n - 1)) : size / 2;

export const makeLighting = (table: Plane, o: CanopyOptions = DEFAULT_CANOPY): Lighting => {
  const count = o.columns * o.rows;
  const lamps = new Float64Array(count * LAMP_STRIDE);
  let k = 0;
  for (let c = 0; c < o.columns; c++) {
    for (let r = 0; r < o.rows; r++) {
      lamps.set(
        [
          spread(o.columns, o.spanWidth, table.width, c),
          spread(o.rows, o.spanLength, table.length, r),
          o.height,
          o.lampRadius,
          1,
        ],
        k * LAMP_STRIDE,
      );
      k++;
    }
  }
  const halfW = (o.spanWidth * table.width) / 2 + o.lampRadius;
  const halfL = (o.spanLength * table.length) / 2 + o.lampRadius;
  const panel = {
    x0: table.width / 2 - halfW,
    x1: table.width / 2 + halfW,
    y0: table.length / 2 - halfL,
    y1: table.length / 2 + halfL,
    z: o.height,
    soft: o.lampRadius,
  };
  const raw = { lamps, count, ambient: 0, panel };
  const centre = lampIrradiance(raw, table.width / 2, table.length / 2, 0, 0, 0, 1);
  for (let i = 0; i < count; i++) lamps[i * LAMP_STRIDE + 4] = (1 - o.ambient) / centre;
  return { lamps, count, ambient: o.ambient, panel };
};

/** Irradiance from the lamps alone on a surface at p with unit normal n (cosine law, inverse square). */
export const lampIrradiance = (
  l: Lighting,
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
): number => {
  let e = 0;
  const a = l.lamps;
  for (let i = 0; i < l.count; i++) {
    const o = i * LAMP_STRIDE;
    const dx = (a[o] as number) - px;
    const dy = (a[o + 1] as number) - py;
    const dz = (a[o + 2] as number) - pz;
    const d2 = dx * dx + dy * dy + dz * dz;
    const cos = (dx * nx + dy * ny + dz * nz) / Math.sqrt(d2);
    if (cos > 0) e += ((a[o + 4] as number) * cos) / d2;
  }
  return e;
};

/** Light from the room on a surface with normal z-component nz: all of it facing up, less facing down. */
export const ambientIrradiance = (l: Lighting, nz: number): number => l.ambient * (0.6 + 0.4 * nz);

/** Total irradiance (lamps and room) on a surface; 1 on the cloth at the centre of the bed. */
export const irradiance = (
  l: Lighting,
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
): number => lampIrradiance(l, px, py, pz, nx, ny, nz) + ambientIrradiance(l, nz);

/** Hermite step from 0 at e0 to 1 at e1 (e1 < e0 gives the falling step). */
export const smoothstep = (e0: number, e1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** Numbers a lamp in a prepared shadow: the shadow's centre on the cloth, its reach², the lamp's share. */
export const SHADOW_STRIDE = 4;

/** Length of a prepared shadow for a lighting: a block per lamp and the room light's share. */
export const preparedShadowSize = (l: Lighting): number => l.count * SHADOW_STRIDE + 1;

/**
 * Prepare the shadow of a ball (centre c, radius r) for many pixels: where each lamp throws it on the
 * cloth and how far it can reach (so that the lamps whose shadow cannot touch a pixel are skipped),
 * and each lamp's share of the light at the ball's foot (the shares hardly change over the few
 * centimetres a shadow spans, so they are taken there once rather than at every pixel).
 */
export const prepareShadow = (
  l: Lighting,
  cx: number,
  cy: number,
  cz: number,
  r: number,
  out: Float64Array,
  at: number,
): void => {
  const lamps = l.lamps;
  const amb = ambientIrradiance(l, 1);
  let total = amb;
  for (let i = 0; i < l.count; i++) {
    const o = i * LAMP_STRIDE;
    const lx = lamps[o] as number;
    const ly = lamps[o + 1] as number;
    const lz = lamps[o + 2] as number;
    const rho = lamps[o + 3] as number;
    const dx = lx - cx;
    const dy = ly - cy;
    const dz = lz;
    const d2 = dx * dx + dy * dy + dz * dz;
    const e = ((lamps[o + 4] as number) * dz) / (d2 * Math.sqrt(d2));
    total += e;
    const k = lz / (lz - cz);
    const above = lz - cz - r;
    const cos = (lz - cz) / Math.hypot(lx - cx, ly - cy, lz - cz);
    const reach =
      above > 0 ? (r * lz) / above / (cos * cos) + (rho * Math.max(0, cz + r)) / above + 1 : Infinity;
    const b = at + i * SHADOW_STRIDE;
    out[b] = lx + (cx - lx) * k;
    out[b + 1] = ly + (cy - ly) * k;
    out[b + 2] = cz <= -r ? -1 : reach * reach;
    out[b + 3] = e;
  }
  for (let i = 0; i < l.count; i++) {
    const b = at + i * SHADOW_STRIDE + 3;
    out[b] = (out[b] as number) / total;
  }
  out[at + l.count * SHADOW_STRIDE] = cz <= -r ? 0 : amb / total;
};

/**
 * The share of the light reaching p past a ball whose shadow was prepared (see prepareShadow): each
 * lamp a disc (umbra and penumbra), the room's light occluded as by a sphere over a plane.
 */
export const preparedShadow = (
  l: Lighting,
  prep: Float64Array,
  at: number,
  px: number,
  py: number,
  pz: number,
  cx: number,
  cy: number,
  cz: number,
  r: number,
): number => {
  const ax = cx - px;
  const ay = cy - py;
  const az = cz - pz;
  const a2 = ax * ax + ay * ay + az * az;
  let dark = 0;
  const lamps = l.lamps;
  const onCloth = pz < 1 && pz > -1;
  for (let i = 0; i < l.count; i++) {
    const b = at + i * SHADOW_STRIDE;
    const reach2 = prep[b + 2] as number;
    if (reach2 < 0) continue;
    if (onCloth) {
      const sx = px - (prep[b] as number);
      const sy = py - (prep[b + 1] as number);
      if (sx * sx + sy * sy > reach2) continue;
    }
    const o = i * LAMP_STRIDE;
    let ux = (lamps[o] as number) - px;
    let uy = (lamps[o + 1] as number) - py;
    let uz = (lamps[o + 2] as number) - pz;
    const d = Math.sqrt(ux * ux + uy * uy + uz * uz);
    ux /= d;
    uy /= d;
    uz /= d;
    const s = ax * ux + ay * uy + az * uz;
    if (s <= 0 || s >= d) continue;
    const miss = Math.sqrt(Math.max(0, a2 - s * s));
    const half = ((lamps[o + 3] as number) * s) / d;
    dark += (prep[b + 3] as number) * (1 - smoothstep(r - half, r + half, miss));
  }
  const amb = prep[at + l.count * SHADOW_STRIDE] as number;
  if (amb > 0) {
    const occ = a2 > r * r ? Math.max(0, az / Math.sqrt(a2)) * ((r * r) / a2) : 1;
    dark += amb * occ;
  }
  return 1 - dark;
};
