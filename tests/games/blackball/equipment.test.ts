// Black-ball equipment (docs/formats.md §8 "Table frame", "Balls"; seed 2.1, 2.2, 2.4, 4.1): beds,
// marks, pockets, the cabin, where a ball can be, ids and groups, and the opening rack.
import { describe, expect, it } from 'vitest';
import {
  BALL_IDS,
  BED_NAMES,
  BLACK,
  OBJECT_BALL_IDS,
  SOLIDS,
  STRIPES,
  ballsOverlap,
  bedOf,
  groupOf,
  inCabin,
  isOnBed,
  marksOf,
  openingRack,
  parseBed,
  pocketsOf,
  type Bed,
} from '../../../src/games/blackball/equipment.ts';
import { pointMm } from '../../../src/core/units.ts';

describe('beds (§8 table of beds)', () => {
  const named: Array<[string, number, number]> = [
    ['pool-9ft', 1270, 2540],
    ['pool-8ft', 1168, 2337],
    ['pool-7ft', 991, 1981],
  ];
  it.each(named)('§8: %s is %i × %i with a 57.15 mm ball', (name, width, length) => {
    const r = parseBed(name);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toEqual({ name, width, length, ballDiameter: 57.15, ballRadius: 57.15 / 2 });
  });

  it('§8: `table` absent is pool-9ft', () => {
    const r = parseBed(undefined);
    expect(r.ok && r.value.name).toBe('pool-9ft');
    expect(bedOf().width).toBe(1270);
  });

  it('§8, §2: a custom bed { width, length, ball }, with or without "game": "blackball"', () => {
    for (const json of [
      { width: 1000, length: 2000, ball: 52 },
      { game: 'blackball', width: 1000, length: 2000, ball: 52 },
    ]) {
      const r = parseBed(json);
      expect(r.ok && r.value).toEqual({
        name: '1000x2000x52',
        width: 1000,
        length: 2000,
        ballDiameter: 52,
        ballRadius: 26,
      });
    }
  });

  it.each([
    ['snooker'],
    ['pool-6ft'],
    [{ width: -1, length: 2000, ball: 57 }],
    [{ width: 50, length: 2000, ball: 57 }],
    [42],
  ])('not a known bed: %j → error on `table`', (json) => {
    const r = parseBed(json);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.field?.startsWith('table')).toBe(true);
  });

  it('the bed names are the three of §8', () => {
    expect([...BED_NAMES]).toEqual(['pool-9ft', 'pool-8ft', 'pool-7ft']);
  });
});

describe('marks (§8 "Marks"; seed 2.1, 4.1)', () => {
  it.each(BED_NAMES.map((n) => [n]))(
    '%s: head line L/5, centre line L/2, foot spot (W/2, 3L/4), head spot (W/2, L/5)',
    (name) => {
      const bed = bedOf(name);
      const m = marksOf(bed);
      expect(m.headLine).toBe(bed.length / 5);
      expect(m.centreLine).toBe(bed.length / 2);
      expect(m.footSpot).toEqual({ x: bed.width / 2, y: (3 * bed.length) / 4 });
      expect(m.headSpot).toEqual({ x: bed.width / 2, y: bed.length / 5 });
    },
  );

  it('pool-9ft: the numbers', () => {
    expect(marksOf(bedOf('pool-9ft'))).toEqual({
      headLine: 508,
      centreLine: 1270,
      footSpot: { x: 635, y: 1905 },
      headSpot: { x: 635, y: 508 },
    });
  });
});

describe('pockets (§1, §8)', () => {
  it('§8: BL BR ML MR TL TR at the corners and the middle of the long cushions; corner mouth 115, middle 129 (WPA)', () => {
    expect(pocketsOf(bedOf('pool-9ft'))).toEqual([
      { id: 'BL', kind: 'corner', nominal: { x: 0, y: 0 }, mouth: 115 },
      { id: 'BR', kind: 'corner', nominal: { x: 1270, y: 0 }, mouth: 115 },
      { id: 'ML', kind: 'middle', nominal: { x: 0, y: 1270 }, mouth: 129 },
      { id: 'MR', kind: 'middle', nominal: { x: 1270, y: 1270 }, mouth: 129 },
      { id: 'TL', kind: 'corner', nominal: { x: 0, y: 2540 }, mouth: 115 },
      { id: 'TR', kind: 'corner', nominal: { x: 1270, y: 2540 }, mouth: 115 },
    ]);
  });

  it('judgement: on a custom bed the mouths scale with the ball', () => {
    const mouths = pocketsOf(bedOf({ width: 1000, length: 2000, ball: 57.15 / 2 })).map((p) => p.mouth);
    expect(mouths).toEqual([57.5, 57.5, 64.5, 64.5, 57.5, 57.5]);
  });
});

describe('where a ball can be: on the bed, in the cabin (seed 2.1, 2.8, 4.12)', () => {
  const bed: Bed = bedOf('pool-9ft');
  const r = 57.15 / 2;
  const cases: Array<[string, number, number, boolean, boolean]> = [
    ['the head spot: on the head line, so in the cabin (4.12)', 635, 508, true, true],
    ['just past the head line: out of the cabin', 635, 509, true, false],
    ['0.5 mm past the head line: in (measurement tolerance)', 635, 508.5, true, true],
    ['against the head cushion', 635, r, true, true],
    ['0.5 mm into the head cushion: accepted', 635, r - 0.5, true, true],
    ['1 mm into the head cushion: off the bed', 635, r - 1, false, false],
    ['against the left cushion in the cabin', r, 200, true, true],
    ['into the right cushion', 1270 - r + 1, 200, false, false],
    ['the foot spot', 635, 1905, true, false],
    ['against the foot cushion', 635, 2540 - r, true, false],
    ['beyond the foot cushion', 635, 2540, false, false],
    ['not a number', Number.NaN, 100, false, false],
  ];
  it.each(cases)('%s (%d, %d): on the bed %s, in the cabin %s', (_name, x, y, onBed, cabin) => {
    expect(isOnBed(pointMm(x, y), bed)).toBe(onBed);
    expect(inCabin(pointMm(x, y), bed)).toBe(cabin);
  });

  it('two balls touching do not overlap; 0.5 mm into each other is measurement; 1 mm is an overlap', () => {
    const a = pointMm(500, 1000);
    expect(ballsOverlap(a, pointMm(500 + 57.15, 1000), bed)).toBe(false);
    expect(ballsOverlap(a, pointMm(500 + 57.15 - 0.5, 1000), bed)).toBe(false);
    expect(ballsOverlap(a, pointMm(500 + 57.15 - 1, 1000), bed)).toBe(true);
  });
});

describe('ids and groups (§8 "Balls"; seed 2, 2.2)', () => {
  it('cue, 1 … 15 as strings; 8 is the black; solids 1–7, stripes 9–15', () => {
    expect([...BALL_IDS]).toEqual(['cue', ...Array.from({ length: 15 }, (_, i) => String(i + 1))]);
    expect(OBJECT_BALL_IDS).toHaveLength(15);
    expect(BLACK).toBe('8');
    expect([...SOLIDS]).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect([...STRIPES]).toEqual(['9', '10', '11', '12', '13', '14', '15']);
  });

  it('groupOf: solids, stripes, and neither for the black and the cue ball', () => {
    expect(SOLIDS.map(groupOf)).toEqual(Array(7).fill('solids'));
    expect(STRIPES.map(groupOf)).toEqual(Array(7).fill('stripes'));
    expect(groupOf('8')).toBeNull();
    expect(groupOf('cue')).toBeNull();
  });
});

describe('the opening rack (seed 2.4; §8 "a tight triangle, the black on the foot spot, apex towards the head")', () => {
  it.each(BED_NAMES.map((n) => [n]))('%s', (name) => {
    const bed = bedOf(name);
    const rack = openingRack(bed);
    const { footSpot } = marksOf(bed);
    const d = bed.ballDiameter;
    // The fifteen object balls, each once; no cue ball (it starts in hand, seed 2.5(a)).
    expect(rack.map((b) => b.id).sort()).toEqual([...OBJECT_BALL_IDS].sort());
    // seed 2.4: the black on the foot spot.
    expect(rack.find((b) => b.id === '8')).toEqual({ id: '8', x: footSpot.x, y: footSpot.y });
    // Apex towards the head: the one nearest the head is alone, on the long string, two rows before the spot.
    const ys = rack.map((b) => b.y);
    const apex = rack.filter((b) => b.y === Math.min(...ys));
    expect(apex).toHaveLength(1);
    expect(apex[0]?.x).toBeCloseTo(footSpot.x, 9);
    expect(apex[0]?.y).toBeCloseTo(footSpot.y - d * Math.sqrt(3), 9);
    // Tight: every ball touches its neighbours, none overlap, each touches at least two others.
    for (const [i, a] of rack.entries()) {
      let touching = 0;
      for (const [j, b] of rack.entries()) {
        if (i === j) continue;
        const gap = Math.hypot(a.x - b.x, a.y - b.y);
        expect(gap).toBeGreaterThanOrEqual(d - 1e-9);
        if (Math.abs(gap - d) < 1e-9) touching++;
      }
      expect(touching).toBeGreaterThanOrEqual(2);
      expect(isOnBed(a, bed, 0)).toBe(true);
    }
    // Five rows: 1, 2, 3, 4, 5 balls.
    const rows = [...new Set(ys.map((y) => y.toFixed(6)))].sort((p, q) => Number(p) - Number(q));
    expect(rows.map((y) => ys.filter((v) => v.toFixed(6) === y).length)).toEqual([1, 2, 3, 4, 5]);
    // A solid and a stripe on the two back corners.
    const back = rack.filter((b) => b.y === Math.max(...ys)).sort((p, q) => p.x - q.x);
    const corners = [back[0], back[back.length - 1]].map((b) => (b ? groupOf(b.id) : null));
    expect(corners.sort()).toEqual(['solids', 'stripes']);
  });

  it('pool-9ft: exact positions (apex 1 at (635, 1905 − 57.15·√3))', () => {
    const rack = openingRack(bedOf());
    expect(rack[0]).toEqual({ id: '1', x: 635, y: 1905 - 57.15 * Math.sqrt(3) });
    expect(rack.find((b) => b.id === '6')).toEqual({
      id: '6',
      x: 635 - 2 * 57.15,
      y: 1905 + 57.15 * Math.sqrt(3),
    });
  });
});
