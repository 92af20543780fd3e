import { describe, expect, it } from 'vitest';
import {
  ballsOverlap,
  isOnBed,
  isSpotOccupied,
  pocketById,
  separateBalls,
  distance,
} from '../src/equipment/index.ts';
import { inD, markingsOf, plainBed, snookerTable } from '../src/games/snooker/equipment.ts';
import { pointMm } from '../src/core/units.ts';

const table = snookerTable();
const markings = markingsOf;

describe('snooker bed against the WPBSA figures (Rules, Section 1)', () => {
  it('1(a) playing area is 3569 x 1778 mm with 52.5 mm balls', () => {
    expect([table.width, table.length, table.ballDiameter, table.ballRadius]).toEqual([
      1778, 3569, 52.5, 26.25,
    ]);
  });
  it('1(d) baulk line 737 mm from the bottom cushion; 1(e) D radius 292 mm on its middle', () => {
    const m = markings(table);
    expect(m.baulkLine).toBe(737);
    expect(m.d).toEqual({ centre: { x: 889, y: 737 }, radius: 292 });
  });
  it('1(f) the six spots at the docs/formats.md §1 positions', () => {
    expect(markings(table).spots).toEqual({
      yellow: { x: 1181, y: 737 },
      green: { x: 597, y: 737 },
      brown: { x: 889, y: 737 },
      blue: { x: 889, y: 1784.5 },
      pink: { x: 889, y: 2676.75 },
      black: { x: 889, y: 3245 },
    });
  });
  it('pockets sit at the nominal points of docs/formats.md §1', () => {
    const nominal = Object.fromEntries(table.pockets.map((p) => [p.id, [p.nominal.x, p.nominal.y]]));
    expect(nominal).toEqual({
      BL: [0, 0],
      BR: [1778, 0],
      ML: [0, 1784.5],
      MR: [1778, 1784.5],
      TL: [0, 3569],
      TR: [1778, 3569],
    });
  });
  it('corner mouths are 86 mm and middle mouths 105 mm between the knuckles', () => {
    for (const p of table.pockets) expect(p.mouth).toBeCloseTo(p.kind === 'corner' ? 86 : 105, 6);
  });
  it('every jaw leans in: the throat at the fall is narrower than the mouth', () => {
    for (const p of table.pockets) {
      const throat = distance(p.fall.a, p.fall.b);
      expect(throat).toBeLessThan(p.mouth);
      expect(throat).toBeGreaterThan(table.ballDiameter); // a ball still fits through
    }
  });
  it('six cushion noses, each ending at a knuckle', () => {
    expect(table.cushions).toHaveLength(6);
    const knuckles = table.pockets.flatMap((p) => p.knuckles.map((k) => `${k.x},${k.y}`));
    for (const c of table.cushions) {
      expect(knuckles).toContain(`${c.a.x},${c.a.y}`);
      expect(knuckles).toContain(`${c.b.x},${c.b.y}`);
    }
  });
});

describe('occupied spots (WPBSA Section 2, "Spot Occupied")', () => {
  const black = markings(table).spots.black;
  it('a ball 52.4 mm from the spot occupies it', () => {
    expect(isSpotOccupied(table, black, [pointMm(889, 3245 + 52.4)])).toBe(true);
  });
  it('a ball 52.6 mm from the spot does not', () => {
    expect(isSpotOccupied(table, black, [pointMm(889, 3245 + 52.6)])).toBe(false);
  });
  it('a ball exactly touching (52.5 mm) leaves room to place the ball: not occupied', () => {
    expect(isSpotOccupied(table, black, [pointMm(889 + 52.5, 3245)])).toBe(false);
  });
  it('an empty table occupies nothing', () => {
    expect(isSpotOccupied(table, black, [])).toBe(false);
  });
});

describe('overlapping balls', () => {
  it('centres 52.4 mm apart overlap, 52.5 mm apart touch', () => {
    expect(ballsOverlap(table, pointMm(100, 100), pointMm(152.4, 100))).toBe(true);
    expect(ballsOverlap(table, pointMm(100, 100), pointMm(152.5, 100))).toBe(false);
  });
  it('a measurement tolerance lets touching balls measured a little close pass', () => {
    expect(ballsOverlap(table, pointMm(100, 100), pointMm(152.2, 100), 0.5)).toBe(false);
  });
});

describe('on the bed', () => {
  it('a ball resting against a cushion is on the bed; one pushed into it is not', () => {
    expect(isOnBed(table, pointMm(889, 26.25))).toBe(true);
    expect(isOnBed(table, pointMm(889, 20))).toBe(false);
  });
  it('outside the playing area is off the bed', () => {
    expect(isOnBed(table, pointMm(-30, 1000))).toBe(false);
    expect(isOnBed(table, pointMm(889, 3600))).toBe(false);
    expect(isOnBed(table, pointMm(Number.NaN, 1000))).toBe(false);
  });
  it('a ball hanging in the jaws of a corner pocket is on the bed; past the fall it has dropped', () => {
    const bl = pocketById(table, 'BL');
    const inJaws = pointMm(bl.mouthCentre.x - 5, bl.mouthCentre.y - 5);
    expect(isOnBed(table, inJaws)).toBe(true);
    expect(isOnBed(table, pointMm(3, 3))).toBe(false);
  });
  it('a ball in the middle pocket throat, its centre past the cushion line but short of the fall', () => {
    expect(isOnBed(table, pointMm(-5, 1784.5))).toBe(true);
    expect(isOnBed(table, pointMm(-25, 1784.5))).toBe(false);
  });
  it('the D includes its lines', () => {
    const m = markings(table);
    expect(inD(m, pointMm(889, 737 - 292))).toBe(true);
    expect(inD(m, pointMm(889, 737 - 292.1))).toBe(false);
    expect(inD(m, pointMm(889, 740))).toBe(false);
  });
});

describe('other beds', () => {
  it('a plain bed of another size scales its pockets to its ball and has no markings', () => {
    const pool = plainBed({ width: 991, length: 1981, ball: 50.8 });
    expect(pool.marks).toBeUndefined();
    expect(pocketById(pool, 'MR').nominal).toEqual({ x: 991, y: 990.5 });
    expect(pocketById(pool, 'TL').mouth).toBeCloseTo((86 / 52.5) * 50.8, 6);
  });
});

describe('separating measured balls', () => {
  it('parts two touching balls measured 0.4 mm into each other, to just touching', () => {
    const [a, b] = separateBalls(table, [pointMm(500, 1000), pointMm(552.1, 1000)]);
    if (!a || !b) throw new Error('two balls');
    expect(distance(a, b)).toBeGreaterThanOrEqual(52.5);
    expect(distance(a, b)).toBeLessThan(52.52);
  });
  it('leaves balls 10 mm into each other where they are: that is no measuring error', () => {
    expect(separateBalls(table, [pointMm(500, 1000), pointMm(542.5, 1000)])).toEqual([
      pointMm(500, 1000),
      pointMm(542.5, 1000),
    ]);
  });
  it('moves a ball a fraction past the cushion back onto the bed, not one far past it', () => {
    expect(separateBalls(table, [pointMm(25, 1000)])[0]?.x).toBeCloseTo(26.26, 6);
    expect(separateBalls(table, [pointMm(10, 1000)])[0]?.x).toBe(10);
  });
});
