import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateStroke, type SimBall, type StrokeResult } from '../src/sim/physics/index.ts';
import { makeRng } from '../src/sim/random.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { isOnBed, railClearance, railsOf } from '../src/equipment/index.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';
import { pointMm } from '../src/core/units.ts';

const table = snookerTable();
const D = table.ballDiameter;
const R = table.ballRadius;
const rails = railsOf(table);
const opening = openingLayout(table);

// The break-off: from (800, 700), past the blue and the pink on the left, onto the left of the pack.
const breakOff = simulateStroke(table, opening, { vx: -40, vy: 2500 });
const hard = simulateStroke(table, opening, { vx: -64, vy: 4000 });
// isOnBed and the physics share the rails' shape (src/table/rails.ts); the physics keeps a ball within
// its contact tolerance (1e-6 mm) of the rubber.
const CONTACT_TOLERANCE = 1e-5;

/** Every check at every `stepMs` of the stroke; returns the worst figures seen. */
const sweep = (r: StrokeResult, stepMs: number) => {
  let closest = Infinity;
  let deepest = Infinity;
  let offBed = 0;
  let fastest = 0;
  for (let t = 0; t <= r.duration; t += stepMs) {
    const on = r.at(t).filter((b) => b.state === 'table');
    for (const [i, a] of on.entries()) {
      fastest = Math.max(fastest, Math.hypot(a.vx, a.vy));
      deepest = Math.min(deepest, railClearance(rails, a.x, a.y, R));
      if (!isOnBed(table, pointMm(a.x, a.y), CONTACT_TOLERANCE)) offBed++;
      for (const b of on.slice(i + 1)) closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
    }
  }
  return { closest, deepest, offBed, fastest };
};

describe('the opening break (issue 3)', () => {
  it('the cue ball strikes a red first and the pack breaks up', () => {
    expect(breakOff.firstContact).toEqual(['red']);
    const moved = breakOff.rest.filter((b) => {
      const start = opening.find((o) => o.track === b.track);
      return b.id === 'red' && start && Math.hypot(start.x - b.x, start.y - b.y) > D;
    });
    expect(moved.length).toBeGreaterThanOrEqual(3);
    expect(breakOff.truncated).toBe(false);
  });

  for (const [name, r] of [
    ['2.5 m/s', breakOff],
    ['4 m/s', hard],
  ] as const) {
    it(`${name}: no two balls overlap and no ball is in the rubber or off the bed, at any 2 ms`, () => {
      const worst = sweep(r, 2);
      expect(worst.closest).toBeGreaterThanOrEqual(D - 1e-6);
      expect(worst.deepest).toBeGreaterThanOrEqual(-1e-6);
      expect(worst.offBed).toBe(0);
    });

    it(`${name}: every ball ends still on the bed or potted`, () => {
      expect(r.rest.length + r.potted.length).toBe(opening.length);
      const end = r.at(r.duration);
      for (const b of end) {
        if (b.state === 'table') {
          expect([b.vx, b.vy]).toEqual([0, 0]);
          expect(isOnBed(table, pointMm(b.x, b.y), CONTACT_TOLERANCE)).toBe(true);
        } else expect(b.state).toBe('potted');
      }
      const rests = r.events.filter((e) => e.type === 'rest').map((e) => e.t);
      expect(Math.max(...rests)).toBeLessThanOrEqual(r.duration);
    });
  }

  it('4 m/s: physically sensible — nothing outruns the cue ball, more cushions than at 2.5 m/s, a longer stroke', () => {
    expect(sweep(hard, 5).fastest).toBeLessThanOrEqual(Math.hypot(64, 4000) + 1e-9);
    const cushions = (r: StrokeResult) =>
      r.events.filter((e) => e.type === 'cushion' || e.type === 'jaw').length;
    expect(cushions(hard)).toBeGreaterThan(cushions(breakOff));
    expect(hard.duration).toBeGreaterThan(3000);
    expect(hard.duration).toBeLessThan(60000);
  });

  it('is deterministic over the whole break', () => {
    const again = simulateStroke(table, opening, { vx: -40, vy: 2500 });
    expect(JSON.stringify(again.events)).toBe(JSON.stringify(breakOff.events));
    expect(again.at(1234.5)).toEqual(breakOff.at(1234.5));
  });
});

describe('any layout, any stroke (property)', () => {
  /** Eight balls anywhere on the bed, some touching, from a seed. */
  const layout = (seed: number): SimBall[] => {
    const rng = makeRng(seed);
    const balls: SimBall[] = [];
    while (balls.length < 8) {
      const last = balls[balls.length - 1];
      // one time in three, put the ball touching the last one
      const a = rng.uniform(0, 2 * Math.PI);
      const touching = last !== undefined && rng.next() < 1 / 3;
      const x = touching ? last.x + D * Math.cos(a) : rng.uniform(R, table.width - R);
      const y = touching ? last.y + D * Math.sin(a) : rng.uniform(R, table.length - R);
      if (!isOnBed(table, pointMm(x, y))) continue;
      if (balls.some((b) => Math.hypot(b.x - x, b.y - y) < D)) continue;
      balls.push(
        balls.length === 0
          ? { track: 'cue', id: 'cue', x, y }
          : { track: `red${balls.length}`, id: 'red', x, y },
      );
    }
    return balls;
  };

  it('never overlaps, never enters the rubber, never runs away with events, and ends still', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 50, max: 15000, noNaN: true }),
        fc.double({ min: -0.6, max: 0.6, noNaN: true }),
        fc.double({ min: -0.6, max: 0.6, noNaN: true }),
        (seed, angle, speed, side, height) => {
          const balls = layout(seed);
          const r = simulateStroke(table, balls, {
            vx: speed * Math.cos(angle),
            vy: speed * Math.sin(angle),
            side,
            height,
          });
          expect(r.truncated).toBe(false);
          const worst = sweep(r, 5);
          expect(worst.closest).toBeGreaterThanOrEqual(D - 1e-6);
          expect(worst.deepest).toBeGreaterThanOrEqual(-1e-6);
          expect(worst.offBed).toBe(0);
          expect(r.rest.length + r.potted.length).toBe(balls.length);
        },
      ),
      { numRuns: 40, seed: 20240611 },
    );
  });
});
