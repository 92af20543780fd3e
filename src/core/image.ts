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
