// A small seeded PRNG for everything in the simulator that varies (noise, lighting, jitter): the same
// seed gives the same clip on every machine. Core code never calls Math.random (docs/design.md).

/**
 * mulberry32 (Tommy Ettinger, public domain): a 32-bit state, full period 2³², good enough
 * statistically for rendering noise, and a handful of integer operations per draw. Returns uniform
 * numbers in [0, 1).
 */
export const mulberry32 = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number;
  /** An integer in [lo, hi). */
  int(lo: number, hi: number): number;
  /** Normally distributed (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** A new generator seeded from this one, for an independent stream (e.g. one per frame). */
  fork(): Rng;
}

export const makeRng = (seed: number): Rng => {
  const next = mulberry32(seed);
  let spare: number | null = null;
  const rng: Rng = {
    next,
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor((hi - lo) * next()),
    normal: (mean = 0, sd = 1) => {
      if (spare !== null) {
        const z = spare;
        spare = null;
        return mean + sd * z;
      }
      const u = 1 - next(); // (0, 1]: log stays finite
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return mean + sd * r * Math.cos(2 * Math.PI * v);
    },
    fork: () => makeRng(Math.floor(next() * 4294967296)),
  };
  return rng;
};
