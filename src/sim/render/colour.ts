// Colour in the renderer: light is added, averaged (motion blur) and attenuated (shadows) in linear
// RGB, and only turned into 8-bit sRGB (IEC 61966-2-1) when a pixel is written.
import type { BallLook } from '../../equipment/pieces.ts';

/** A linear-light RGB triple, 0…1 for a perfectly white surface under the reference light. */
export type Rgb = readonly [number, number, number];

export const srgbToLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
export const linearToSrgb = (v: number): number =>
  v <= 0.0031308 ? 12.92 * v : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;

/** 8-bit sRGB code value → linear light. */
export const SRGB8_TO_LINEAR: Float32Array = Float32Array.from({ length: 256 }, (_, i) =>
  srgbToLinear(i / 255),
);

// Linear → 8-bit sRGB through a table fine enough that the darkest steps (slope 12.92) stay exact.
const ENCODE_STEPS = 16384;
const ENCODE: Uint8Array = Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) =>
  Math.round(255 * linearToSrgb(i / ENCODE_STEPS)),
);

/** Linear light → 8-bit sRGB code value, clipped to 0…255 (a sensor saturates). */
export const encodeSrgb8 = (linear: number): number => {
  const i = Math.round(linear * ENCODE_STEPS);
  return ENCODE[i <= 0 ? 0 : i >= ENCODE_STEPS ? ENCODE_STEPS : i] as number;
};

/** An sRGB colour given as 8-bit code values, in linear light. */
export const fromSrgb8 = (r: number, g: number, b: number): Rgb => [
  srgbToLinear(r / 255),
  srgbToLinear(g / 255),
  srgbToLinear(b / 255),
];

/** A ball's albedo (diffuse colour, linear light) from how its set says it looks. */
export const ballAlbedo = (look: BallLook | undefined): Rgb =>
  look ? fromSrgb8(look.colour[0], look.colour[1], look.colour[2]) : fromSrgb8(128, 128, 128);
