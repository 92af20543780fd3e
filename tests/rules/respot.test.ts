// Spotting colours (WPBSA 3.7): own spot, highest available spot, precedence, the line towards the
// top cushion, pink and black below their spots; exact positions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nearestFreeOnLine, respot, type Ball } from '../../src/games/snooker/rules/index.ts';
import { ballsOverlap, distance } from '../../src/equipment/index.ts';
import { pointMm } from '../../src/core/units.ts';
import { b, frame, onSpot, play, shot, SPOTS, table } from './helpers.ts';

const spotsBut = (...missing: string[]): Ball[] =>
  (['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const)
    .filter((c) => !missing.includes(c))
    .map(onSpot);

describe('respotting colours (WPBSA 3.7)', () => {
  it('3.7: a colour goes back on its own spot when it is free', () => {
    expect(respot(table, ['blue'], spotsBut('blue'))).toEqual([{ id: 'blue', x: 889, y: 1784.5 }]);
  });

  it('3.7: own spot occupied: the highest-value spot available (the pink spot, for the yellow)', () => {
    const balls = [b('red', 1181, 760), ...spotsBut('yellow', 'pink'), b('pink', 500, 3000)];
    expect(respot(table, ['yellow'], balls)).toEqual([{ id: 'yellow', x: 889, y: 2676.75 }]);
  });

  it('3.7: several colours with occupied spots: the higher value is placed first', () => {
    // Only the pink spot is free: the green takes it, the yellow goes on its line above its spot.
    const balls = [
      b('red', 1181, 750),
      b('red', 597, 750),
      ...spotsBut('yellow', 'green', 'pink'),
      b('pink', 500, 3000),
    ];
    const placed = respot(table, ['yellow', 'green'], balls);
    expect(placed[0]).toEqual({ id: 'green', x: 889, y: 2676.75 });
    expect(placed[1]?.id).toBe('yellow');
    expect(placed[1]?.x).toBe(1181);
    expect(placed[1]?.y).toBeCloseTo(750 + 52.5, 6);
  });

  it('3.7: a colour whose own spot is free keeps it even when a higher colour must move', () => {
    const balls = [b('red', 889, 3260), ...spotsBut('black', 'blue')];
    const placed = respot(table, ['black', 'blue'], balls);
    expect(placed).toContainEqual({ id: 'blue', x: 889, y: 1784.5 });
    expect(placed.find((p) => p.id === 'black')?.y).toBeCloseTo(3260 + 52.5, 6);
  });

  it('3.7: all spots occupied: as near its spot as possible towards the top cushion, touching the blocker exactly', () => {
    const blockers = [b('red', 889, 3245), b('red', 909, 3300)];
    const placed = respot(table, ['black'], [...blockers, ...spotsBut('black')]);
    const h = Math.sqrt(52.5 ** 2 - 20 ** 2);
    expect(placed[0]?.x).toBe(889);
    expect(placed[0]?.y).toBeCloseTo(3300 + h, 5);
    const at = pointMm(889, placed[0]?.y ?? 0);
    expect(distance(at, blockers[1] as Ball)).toBeCloseTo(52.5, 6);
    for (const o of [...blockers, ...spotsBut('black')]) expect(ballsOverlap(table, at, o)).toBe(false);
  });

  it('3.7: the cue ball resting on the pink spot sends the pink just above it', () => {
    const placed = respot(table, ['pink'], [b('cue', 889, 2676.75), ...spotsBut('pink')]);
    expect(placed[0]?.y).toBeCloseTo(2676.75 + 52.5, 9);
  });

  it('3.7: a baulk colour with every spot taken goes up the line through its own spot, parallel to the side cushions', () => {
    const placed = respot(table, ['green'], [b('red', 597, 737), ...spotsBut('green')]);
    expect(placed[0]?.x).toBe(597);
    expect(placed[0]?.y).toBeCloseTo(789.5, 9);
  });

  it('3.7: pink and black with no room above their spot go as near as possible below it', () => {
    // Reds touching in a column from the black spot to the top cushion, every spot taken.
    const column = [3245, 3297.5, 3350, 3402.5, 3455, 3507.5].map((y) => b('red', 889, y));
    const placed = respot(table, ['black'], [...column, ...spotsBut('black')]);
    expect(placed[0]?.x).toBe(889);
    expect(placed[0]?.y).toBeCloseTo(3245 - 52.5, 9);
  });

  it('3.7: the output of a foul names each colour put back and exactly where', () => {
    const s = frame({
      balls: [b('cue', 400, 1500), b('red', 889, 3245), b('red', 300, 2400), ...spotsBut('black')],
    });
    const { ruling, state } = play(s, shot({ firstContact: ['red'], potted: ['black'] }));
    expect(ruling.respots).toHaveLength(1);
    expect(ruling.respots[0]?.id).toBe('black');
    expect(ruling.respots[0]?.y).toBeCloseTo(3297.5, 9);
    expect(state.balls).toContainEqual(expect.objectContaining({ id: 'black', x: 889 }));
  });

  it('3.7: the nearest free place on a line is exact: clear of every ball, and nothing nearer is', () => {
    const spot = SPOTS.black;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dx: fc.double({ min: -60, max: 60, noNaN: true }),
            y: fc.double({ min: 3180, max: 3480, noNaN: true }),
          }),
          { maxLength: 6 },
        ),
        (raw) => {
          const balls = raw.map((r) => pointMm(spot.x + r.dx, r.y));
          const p = nearestFreeOnLine(table, spot, 1, balls);
          if (p === null) return;
          for (const o of balls) expect(ballsOverlap(table, p, o)).toBe(false);
          // Every place between the spot and the answer would touch some ball.
          for (let k = 1; k < 50; k++) {
            const y = spot.y + ((p.y - spot.y) * k) / 50;
            if (y >= p.y - 1e-6) continue;
            expect(balls.some((o) => ballsOverlap(table, pointMm(spot.x, y), o, 1e-6))).toBe(true);
          }
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});
