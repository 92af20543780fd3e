// What the camera does to the light: it integrates over its exposure (motion blur), it sees the room's
// light change (a dimmer, warmer lamp), and its sensor adds noise. The blur is made by the compositor
// from the sub-sample times below; light and noise are one pass over the finished frame.
import { encodeSrgb8, SRGB8_TO_LINEAR } from './colour.ts';

/**
 * The sub-sample times of one exposure centred on t (the frame's timestamp, so that the truth is the
 * middle of the blur): n stratified instants across `exposureMs`.
 */
export const exposureTimes = (t: number, exposureMs: number, n: number): number[] =>
  Array.from({ length: n }, (_, k) => t + exposureMs * ((k + 0.5) / n - 0.5));

/** A change of the room's light: `gain` multiplies it (0.7 is a dimmer room), `warmth` −1…1 tints it. */
export interface LightChange {
  readonly gain: number;
  readonly warmth: number;
  /** The camera's white balance, as gains on red, green and blue (none: [1, 1, 1]). */
  readonly balance?: readonly [number, number, number];
}

export const NEUTRAL_LIGHT: LightChange = { gain: 1, warmth: 0 };

// warmth 1 is roughly the step from daylight-balanced lamps (~5000 K) to tungsten (~3200 K) with the
// camera's white balance left alone: red up, blue well down.
const WARM_RED = 0.18;
const WARM_GREEN = 0.02;
const WARM_BLUE = -0.32;

/**
 * A 3 × 256 table taking each channel's 8-bit value to its value under the changed light (applied in
 * linear light, so it is exact for everything lit by the lamps), or undefined for no change.
 */
export const lightTable = (l: LightChange): Uint8Array | undefined => {
  const [br, bg, bb] = l.balance ?? [1, 1, 1];
  if (l.gain === 1 && l.warmth === 0 && br === 1 && bg === 1 && bb === 1) return undefined;
  const k = [
    (1 + WARM_RED * l.warmth) * br,
    (1 + WARM_GREEN * l.warmth) * bg,
    (1 + WARM_BLUE * l.warmth) * bb,
  ];
  const out = new Uint8Array(768);
  for (let c = 0; c < 3; c++) {
    const m = l.gain * Math.max(0, k[c] as number);
    for (let v = 0; v < 256; v++) out[c * 256 + v] = encodeSrgb8((SRGB8_TO_LINEAR[v] as number) * m);
  }
  return out;
};

/**
 * A long table of Gaussian sensor noise (standard deviation `sigma` in 8-bit code values), rounded
 * to whole code values as the sensor's converter would, drawn once from a seeded normal generator;
 * each frame reads it from its own seeded offset, which costs one addition a value instead of a fresh
 * Gaussian draw. Its length should be prime, so successive frames' readings do not line up with the
 * rows of the image.
 */
export const makeNoiseTable = (sigma: number, length: number, normal: () => number): Int8Array =>
  Int8Array.from({ length }, () => Math.max(-127, Math.min(127, Math.round(sigma * normal()))));

/**
 * The frame as the camera delivers it: the light change and the sensor noise applied to a composed
 * frame (left untouched). `offset` picks where in the noise table this frame starts.
 */
export const applyCamera = (
  src: Uint8Array,
  table: Uint8Array | undefined,
  noise: Int8Array | undefined,
  offset: number,
): Uint8Array => {
  const n = src.length;
  let from = src;
  if (table) {
    from = new Uint8Array(n);
    for (let i = 0; i < n; i += 3) {
      from[i] = table[src[i] as number] as number;
      from[i + 1] = table[256 + (src[i + 1] as number)] as number;
      from[i + 2] = table[512 + (src[i + 2] as number)] as number;
    }
  }
  if (!noise || noise.length === 0) return from === src ? src.slice() : from;
  const out = from === src ? new Uint8Array(n) : from;
  // Written through a clamped view: the sum saturates at 0 and 255 as a sensor's converter does.
  const clamped = new Uint8ClampedArray(out.buffer, out.byteOffset, n);
  const len = noise.length;
  let j = ((offset % len) + len) % len;
  for (let i = 0; i < n; i++) {
    clamped[i] = (from[i] as number) + (noise[j] as number);
    if (++j === len) j = 0;
  }
  return out;
};
