// Regression (issue 14): held-out 37's lagoon-flare, a bare bulb just beyond the frame seen through
// a cheap lens: its ghosts, hexagons of the aperture's blades lighter than the cloth, each about a
// ball across, were fitted as balls (two false balls at 1080p, named a blue and a black). A ghost is
// lit evenly and its outline is the aperture's polygon; a ball is shaded and round (src/vision/ghost.ts).
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/core/image.ts';
import { DEFAULT_LOCATE_OPTIONS, Locator } from '../src/vision/index.ts';
import { DEFAULT_GHOST_OPTIONS, inside, isGhost, outlineRadii, outlineShape } from '../src/vision/ghost.ts';
import { drawAltFrame, itFindsEveryBallOnce } from './helpers/alt-frame.ts';

describe("a lamp's ghost in the lens is no ball", () => {
  itFindsEveryBallOnce([
    ['a hexagonal ghost beside a cluster, taken for a blue', 'held-out-37', 12_202_002],
    ['a hexagonal ghost in a warm frame, taken for a black', 'held-out-37', 12_205_001],
  ]);

  it.each([
    ['held-out-37', 12_202_002, { x: 1544, y: 1467 }],
    ['held-out-37', 12_205_001, { x: 780, y: 1970 }],
  ] as const)(
    'without the ghost test, %s frame %i has a ball where the ghost is',
    async (split, seed, at) => {
      const { k, image } = await drawAltFrame(split, seed);
      const off = { ...DEFAULT_LOCATE_OPTIONS, ghost: { ...DEFAULT_GHOST_OPTIONS, maxShading: 0 } };
      const r = new Locator(k.calibration, off).locate(image);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.filter((f) => Math.hypot(f.x - at.x, f.y - at.y) < 10)).toHaveLength(1);
      expect(k.balls.filter((b) => Math.hypot(b.x - at.x, b.y - at.y) < 60)).toEqual([]);
    },
    120_000,
  );
});

/** A regular polygon's radius at angle th: `sides` sides, circumradius 1, a vertex at `turn`. */
const polygon = (sides: number, th: number, turn = 0): number => {
  const seg = (2 * Math.PI) / sides;
  const m = (((th - turn) % seg) + seg) % seg;
  return Math.cos(Math.PI / sides) / Math.cos(m - Math.PI / sides);
};
const rays = (f: (th: number) => number, n = 72): number[] =>
  Array.from({ length: n }, (_, a) => 13 * f((2 * Math.PI * a) / n));

describe('outlineShape: the outline taken apart into harmonics', () => {
  const o = DEFAULT_GHOST_OPTIONS;
  it.each([5, 6, 7, 8])(
    'a regular polygon of %i sides, turned any way, is a ghost of that many blades',
    (sides) => {
      const s = outlineShape(
        rays((th) => polygon(sides, th, 0.3)),
        o.blades,
      );
      expect(s.sides).toBe(sides);
      expect(s.polygon).toBeGreaterThan(0.99);
      expect(isGhost(s, o)).toBe(true);
    },
  );

  it('a circle, a ball hidden on one side by its neighbour, a ball between two: no ghost', () => {
    const circle = outlineShape(
      rays((th) => 1 + 0.002 * Math.sin(13 * th)),
      o.blades,
    );
    expect(circle.swing).toBeLessThan(o.minSwing);
    expect(isGhost(circle, o)).toBe(false);
    // The neighbour's edge nearer on ten rays in a row.
    const notched = outlineShape(
      rays((th) => (th > 1 && th < 1.9 ? 0.8 : 1)),
      o.blades,
    );
    expect(isGhost(notched, o)).toBe(false);
    const between = outlineShape(
      rays((th) => (Math.abs(Math.sin(th)) > 0.95 ? 0.85 : 1)),
      o.blades,
    );
    expect(isGhost(between, o)).toBe(false);
  });

  it('rays off the frame are left out: a hexagon half off is still a hexagon', () => {
    const r = rays((th) => polygon(6, th));
    const half = r.map((v, a) => (a < 20 ? NaN : v));
    expect(outlineShape(half, o.blades).sides).toBe(6);
  });
});

describe('on a picture: a flat hexagon is traced as one, a shaded ball is not even', () => {
  const W = 80;
  const picture = (
    value: (x: number, y: number) => readonly [number, number, number] | undefined,
  ): RgbImage => {
    const data = new Uint8Array(W * W * 3).fill(60);
    for (let y = 0; y < W; y++)
      for (let x = 0; x < W; x++) {
        const c = value(x - 40, y - 40);
        if (c) data.set(c, 3 * (y * W + x));
      }
    return { width: W, height: W, data };
  };
  const R = 14;

  it('a lighter hexagon on the cloth: even, its outline a hexagon, a ghost', () => {
    const img = picture((x, y) =>
      Math.hypot(x, y) < R * polygon(6, Math.atan2(y, x), 0.2) ? [110, 130, 120] : undefined,
    );
    const o = DEFAULT_GHOST_OPTIONS;
    expect(inside(img, 40, 40, 13, o).shading).toBeLessThan(o.maxShading);
    const s = outlineShape(outlineRadii(img, 40, 40, 13, o), o.blades);
    expect(s.sides).toBe(6);
    expect(isGhost(s, o)).toBe(true);
  });

  it('a ball lit from above one side: shaded from its lit side to its far one, not even', () => {
    const img = picture((x, y) => {
      const d = Math.hypot(x, y);
      if (d >= 13) return undefined;
      const z = Math.sqrt(13 * 13 - d * d) / 13;
      const lit = Math.max(0, 0.5 * z + 0.5 * (x / 13) * -0.6 + 0.4 * (y / 13) * -0.5);
      const v = Math.round(255 * Math.min(1, 0.1 + lit));
      return [v, Math.round(v * 0.2), Math.round(v * 0.2)];
    });
    expect(inside(img, 40, 40, 13, DEFAULT_GHOST_OPTIONS).shading).toBeGreaterThan(
      DEFAULT_GHOST_OPTIONS.maxShading,
    );
  });
});
