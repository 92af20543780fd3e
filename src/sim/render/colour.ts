// Colour in the renderer: light is added, averaged (motion blur) and attenuated (shadows) in linear
// RGB, and only turned into 8-bit sRGB (IEC 61966-2-1) when a pixel is written.
import type { SnookerBallId } from '../../table/index.ts';

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

// The balls' albedo (diffuse colour), chosen by eye to read as a standard snooker set under match
// lights: saturated red, yellow, blue; the green ball darker and bluer than the cloth it sits on; the
// brown a warm mid brown; the pink light; the cue ball a warm ivory white.
export const BALL_ALBEDO: Readonly<Record<SnookerBallId, Rgb>> = {
  cue: fromSrgb8(236, 232, 216),
  red: fromSrgb8(172, 14, 18),
  yellow: fromSrgb8(236, 196, 18),
  green: fromSrgb8(10, 92, 54),
  brown: fromSrgb8(108, 54, 24),
  blue: fromSrgb8(16, 62, 168),
  pink: fromSrgb8(236, 128, 156),
  black: fromSrgb8(14, 14, 16),
};
