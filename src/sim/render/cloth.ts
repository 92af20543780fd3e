// The cloth and the wood: a subtly textured green baize with its nap running along the table (from
// baulk to the top cushion), and grained wood for the rails. Textures are value noise from a hash of
// the position and the seed, in millimetres on the table, so they stay put as the camera moves.
import { fromSrgb8, type Rgb } from './colour.ts';

/** A hash of two lattice coordinates and a seed → [0, 1). Integer mixing (murmur3's finaliser). */
export const hash2 = (ix: number, iy: number, seed: number): number => {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iy | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
};

/** Smooth value noise in [0, 1): the hash at lattice points, blended with a smoothstep. */
export const valueNoise = (x: number, y: number, seed: number): number => {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const fx = x - ix;
  const fy = y - iy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(ix, iy, seed);
  const b = hash2(ix + 1, iy, seed);
  const c = hash2(ix, iy + 1, seed);
  const d = hash2(ix + 1, iy + 1, seed);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
};

export interface ClothOptions {
  /** The cloth's colour under the reference light at the centre of the bed, 8-bit sRGB. */
  readonly colour: readonly [number, number, number];
  /** Relative brightness variation of the weave's texture (a few per cent: it must stay subtle). */
  readonly texture: number;
  /** Relative brightness of the nap's streaks along the table. */
  readonly nap: number;
}

// A tournament cloth (Strachan 6811 green) as overhead match footage shows it.
export const DEFAULT_CLOTH: ClothOptions = { colour: [34, 116, 52], texture: 0.035, nap: 0.025 };

/**
 * Cloths a scenario may name (`render.cloth`): the green above, the blue of many pool tables (a
 * tournament blue, as overhead pool footage shows it), and the unsaturated cloths some clubs lay: a
 * silver grey and a charcoal, with barely a colour to tell them by (issue 14).
 */
export const CLOTH_COLOURS = {
  green: DEFAULT_CLOTH.colour,
  blue: [26, 92, 158],
  grey: [132, 134, 136],
  charcoal: [54, 55, 58],
} as const satisfies Readonly<Record<string, readonly [number, number, number]>>;
export type ClothName = keyof typeof CLOTH_COLOURS;

export interface WoodOptions {
  /** Dark and light tones of the grain, 8-bit sRGB. */
  readonly dark: readonly [number, number, number];
  readonly light: readonly [number, number, number];
}

// Polished mahogany rails.
export const DEFAULT_WOOD: WoodOptions = { dark: [58, 24, 12], light: [104, 50, 26] };

export interface Cloth {
  /** Linear albedo of the cloth at a table point, written to out[0..2]. */
  readonly albedo: (x: number, y: number, out: Float64Array) => void;
  readonly base: Rgb;
}

export const makeCloth = (o: ClothOptions, seed: number): Cloth => {
  const base = fromSrgb8(o.colour[0], o.colour[1], o.colour[2]);
  return {
    base,
    albedo: (x, y, out) => {
      // Weave at three scales (3, 9, 27 mm), the nap as noise stretched 12:1 along y.
      const weave =
        0.5 * valueNoise(x / 3, y / 3, seed) +
        0.3 * valueNoise(x / 9, y / 9, seed + 1) +
        0.2 * valueNoise(x / 27, y / 27, seed + 2) -
        0.5;
      const nap = valueNoise(x / 4, y / 48, seed + 3) - 0.5;
      const k = 1 + 2 * o.texture * weave + 2 * o.nap * nap;
      out[0] = base[0] * k;
      out[1] = base[1] * k;
      out[2] = base[2] * k;
    },
  };
};

export interface Wood {
  /** Linear albedo of the rail at a point; `along` is the coordinate along the rail's length. */
  readonly albedo: (along: number, across: number, out: Float64Array) => void;
}

export const makeWood = (o: WoodOptions, seed: number): Wood => {
  const dark = fromSrgb8(o.dark[0], o.dark[1], o.dark[2]);
  const light = fromSrgb8(o.light[0], o.light[1], o.light[2]);
  return {
    albedo: (along, across, out) => {
      // Grain: bands across the rail, wavering slowly along it.
      const waver = 6 * valueNoise(along / 300, across / 40, seed + 7);
      const bands =
        0.5 + 0.5 * Math.sin((across + waver) * 0.9 + 3 * valueNoise(along / 80, across / 6, seed + 8));
      const fleck = valueNoise(along / 2, across / 1.5, seed + 9);
      const m = Math.min(1, Math.max(0, 0.25 + 0.55 * bands + 0.2 * fleck));
      out[0] = dark[0] + (light[0] - dark[0]) * m;
      out[1] = dark[1] + (light[1] - dark[1]) * m;
      out[2] = dark[2] + (light[2] - dark[2]) * m;
    },
  };
};
