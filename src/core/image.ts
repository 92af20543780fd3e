// An image as every stage passes it: 8-bit RGB, row-major, 3 bytes a pixel, no padding.
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Does the buffer hold exactly width × height RGB pixels? */
export const isWellFormed = (img: RgbImage): boolean =>
  Number.isInteger(img.width) &&
  Number.isInteger(img.height) &&
  img.width > 0 &&
  img.height > 0 &&
  img.data.length === img.width * img.height * 3;

/** A colour: r, g, b (8-bit). */
export type Rgb = readonly [number, number, number];

/** The colour of the pixel nearest (u, v); undefined outside the image. */
export const colourAt = (img: RgbImage, u: number, v: number): Rgb | undefined => {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return undefined;
  const i = (y * img.width + x) * 3;
  return [img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number];
};
