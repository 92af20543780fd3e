import { markingsOf } from '../src/games/snooker/equipment.ts';
import { parseSnookerScenario } from './helpers/games.ts';
import { describe, expect, it } from 'vitest';
import { makeRng, mulberry32 } from '../src/sim/random.ts';
import { type Scenario } from '../src/sim/scenario.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { makeTruth, playScenario, positionsAt } from '../src/sim/truth.ts';
import { ballsOverlap, isOnBed } from '../src/equipment/index.ts';
import { inD, snookerTable } from '../src/games/snooker/equipment.ts';
import { pointMm } from '../src/core/units.ts';

/** The value, or a failed test if it is missing. */
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error('expected a value');
  return v;
};

const table = snookerTable();
const D = table.ballDiameter;

const parsed = (json: unknown): Scenario => {
  const r = parseSnookerScenario(json);
  if (!r.ok) throw new Error(`${r.error.field}: ${r.error.message}`);
  return r.value;
};

describe('the opening layout (WPBSA Section 3, 2; docs/formats.md §7)', () => {
  const balls = openingLayout(table);
  const spots = markingsOf(table).spots;

  it('22 balls with unique tracks: cue, red1…red15, the six colours', () => {
    expect(balls.map((b) => b.track)).toEqual([
      'cue',
      ...Array.from({ length: 15 }, (_, k) => `red${k + 1}`),
      'yellow',
      'green',
      'brown',
      'blue',
      'pink',
      'black',
    ]);
  });
  it('the cue ball in the D at (800, 700), the colours on their spots', () => {
    expect(balls[0]).toMatchObject({ x: 800, y: 700 });
    expect(inD(markingsOf(table), pointMm(800, 700))).toBe(true);
    for (const b of balls.filter((x) => x.id !== 'red' && x.id !== 'cue'))
      expect(b).toMatchObject(spots[b.id as keyof typeof spots]);
  });
  it('the apex red on the centre line, 1 mm clear of the pink', () => {
    expect(balls[1]).toMatchObject({ x: 889, y: spots.pink.y + D + 1 });
  });
  it('rows tightly packed: each red touches its neighbours, none overlaps, all on the bed', () => {
    const reds = balls.filter((b) => b.id === 'red');
    let touching = 0;
    for (const [i, a] of reds.entries())
      for (const b of reds.slice(i + 1)) {
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        expect(d).toBeGreaterThanOrEqual(D);
        if (d < D + 1e-6) touching++;
      }
    expect(touching).toBe(30); // 3·(1 + 2 + 3 + 4) contacts in a triangle of five rows
    for (const b of balls) expect(isOnBed(table, pointMm(b.x, b.y))).toBe(true);
    for (const [i, a] of balls.entries())
      for (const b of balls.slice(i + 1))
        expect(ballsOverlap(table, pointMm(a.x, a.y), pointMm(b.x, b.y))).toBe(false);
  });
});

describe('parseScenario (docs/formats.md §7)', () => {
  const stroke = { cue: { vx: 0, vy: 2500 } };
  const base = { table: 'snooker', balls: 'opening', strokes: [stroke], seed: 7 };

  it('reads the contract’s example', () => {
    const s = parsed({ ...base, strokes: [{ cue: { vx: 0, vy: 2500 }, tip: { side: 0, height: 0 } }] });
    expect(s.table.name).toBe('snooker');
    expect(s.balls).toEqual(openingLayout(table));
    expect(s.strokes).toEqual([{ cue: { vx: 0, vy: 2500, side: 0, height: 0 } }]);
    expect(s.seed).toBe(7);
  });
  it('names the reds red1… in the order given and passes renderer options through untouched', () => {
    const s = parsed({
      table: { width: 1778, length: 3569, ball: 52.5 },
      balls: [
        { id: 'cue', x: 800, y: 700 },
        { id: 'red', x: 889, y: 2740 },
        { id: 'red', x: 500, y: 2000 },
        { id: 'black', x: 889, y: 3245 },
      ],
      strokes: [{ cue: { vx: 100, vy: 2000 }, tip: { side: 0.3 }, render: { blur: 2 } }],
      seed: 1,
      render: { noise: 0.5 },
    });
    expect(s.balls.map((b) => b.track)).toEqual(['cue', 'red1', 'red2', 'black']);
    expect(s.strokes[0]).toEqual({ cue: { vx: 100, vy: 2000, side: 0.3, height: 0 }, render: { blur: 2 } });
    expect(s.render).toEqual({ noise: 0.5 });
  });

  const reds = (n: number) =>
    Array.from({ length: n }, (_, k) => ({
      id: 'red',
      x: 100 + 60 * (k % 20),
      y: 1500 + 60 * Math.floor(k / 20),
    }));
  const cases: [string, unknown, string, string][] = [
    [
      'overlapping balls',
      {
        ...base,
        balls: [
          { id: 'cue', x: 800, y: 700 },
          { id: 'red', x: 840, y: 700 },
        ],
      },
      'balls[1]',
      'IMPOSSIBLE_STATE',
    ],
    [
      'a ball off the bed',
      { ...base, balls: [{ id: 'cue', x: -5, y: 700 }] },
      'balls[0].x',
      'IMPOSSIBLE_STATE',
    ],
    [
      'a ball in the top cushion',
      { ...base, balls: [{ id: 'cue', x: 800, y: 3560 }] },
      'balls[0].y',
      'IMPOSSIBLE_STATE',
    ],
    [
      'a coordinate that is a string',
      { ...base, balls: [{ id: 'cue', x: 'NaN', y: 700 }] },
      'balls[0].x',
      'INVALID_INPUT',
    ],
    [
      'an unknown ball id',
      {
        ...base,
        balls: [
          { id: 'cue', x: 800, y: 700 },
          { id: 'purple', x: 500, y: 500 },
        ],
      },
      'balls[1].id',
      'INVALID_INPUT',
    ],
    [
      'sixteen reds',
      { ...base, balls: [{ id: 'cue', x: 800, y: 700 }, ...reds(16)] },
      'balls[16].id',
      'IMPOSSIBLE_STATE',
    ],
    [
      'two cue balls',
      {
        ...base,
        balls: [
          { id: 'cue', x: 800, y: 700 },
          { id: 'cue', x: 300, y: 300 },
        ],
      },
      'balls[1].id',
      'IMPOSSIBLE_STATE',
    ],
    [
      'no cue ball to strike',
      { ...base, balls: [{ id: 'red', x: 800, y: 700 }] },
      'balls',
      'IMPOSSIBLE_STATE',
    ],
    ['balls neither "opening" nor a list', { ...base, balls: 'closing' }, 'balls', 'INVALID_INPUT'],
    [
      'a stroke with zero speed',
      { ...base, strokes: [{ cue: { vx: 0, vy: 0 } }] },
      'strokes[0].cue',
      'INVALID_INPUT',
    ],
    [
      'a stroke faster than 15 m/s',
      { ...base, strokes: [stroke, { cue: { vx: 12000, vy: 12000 } }] },
      'strokes[1].cue',
      'INVALID_INPUT',
    ],
    [
      'a velocity that is a string',
      { ...base, strokes: [{ cue: { vx: '0', vy: 2500 } }] },
      'strokes[0].cue.vx',
      'INVALID_INPUT',
    ],
    [
      'a velocity that is missing',
      { ...base, strokes: [{ cue: { vx: 0 } }] },
      'strokes[0].cue.vy',
      'INVALID_INPUT',
    ],
    [
      'side beyond 0.9 of a radius',
      { ...base, strokes: [{ ...stroke, tip: { side: 0.95, height: 0 } }] },
      'strokes[0].tip.side',
      'INVALID_INPUT',
    ],
    [
      'a tip offset beyond 0.9 of a radius',
      { ...base, strokes: [{ ...stroke, tip: { side: 0.7, height: -0.7 } }] },
      'strokes[0].tip',
      'INVALID_INPUT',
    ],
    ['an unknown table', { ...base, table: 'pool' }, 'table', 'INVALID_INPUT'],
    [
      'a bed with a negative width',
      { ...base, table: { width: -1, length: 3569, ball: 52.5 } },
      'table.width',
      'INVALID_INPUT',
    ],
    ['no table', { balls: 'opening', strokes: [stroke], seed: 1 }, 'table', 'INVALID_INPUT'],
    ['a seed that is not an integer', { ...base, seed: 1.5 }, 'seed', 'INVALID_INPUT'],
  ];
  for (const [name, json, field, code] of cases)
    it(`rejects ${name}, naming ${field}`, () => {
      const r = parseSnookerScenario(json);
      expect(r.ok).toBe(false);
      if (!r.ok) expect([r.error.field, r.error.code]).toEqual([field, code]);
    });
  it('rejects what is not an object at all', () => {
    expect(parseSnookerScenario('opening').ok).toBe(false);
    expect(parseSnookerScenario(null).ok).toBe(false);
  });
  it('takes two balls given exactly touching', () => {
    expect(
      parseSnookerScenario({
        ...base,
        balls: [
          { id: 'cue', x: 800, y: 700 },
          { id: 'red', x: 800 + D, y: 700 },
        ],
      }).ok,
    ).toBe(true);
  });
});

describe('playing a scenario and its truth (docs/formats.md §7 truth.json)', () => {
  const scenario = parsed({
    table: 'snooker',
    balls: [
      { id: 'cue', x: 889, y: 1200 },
      { id: 'red', x: 889, y: 1600 },
      { id: 'blue', x: 400, y: 1000 },
    ],
    strokes: [{ cue: { vx: 0, vy: 1500 } }, { cue: { vx: -800, vy: 200 }, tip: { side: 0.2, height: 0.3 } }],
    seed: 3,
  });
  const played = playScenario(scenario, { leadMs: 500, gapMs: 1000, tailMs: 250 });
  const [first, second] = played.strokes;
  const fps = 30;
  const truth = makeTruth(played, fps, { table: 'snooker' });

  it('plays the strokes back to back, each from where the last left the balls', () => {
    expect(must(first).start).toBe(500);
    expect(must(second).start).toBeCloseTo(500 + must(first).result.duration + 1000, 9);
    expect(played.totalMs).toBeCloseTo(must(second).start + must(second).result.duration + 250, 9);
    const left = must(first).result.rest;
    const startOfSecond = must(second)
      .result.at(0)
      .filter((b) => b.track !== 'cue');
    expect(startOfSecond.map((b) => [b.track, b.x, b.y])).toEqual(
      left.filter((b) => b.track !== 'cue').map((b) => [b.track, b.x, b.y]),
    );
  });

  it('positionsAt: still before the first stroke, exact during each, at rest in the gap', () => {
    expect(positionsAt(played, 0).map((b) => [b.x, b.y])).toEqual(scenario.balls.map((b) => [b.x, b.y]));
    expect(positionsAt(played, 500 + 321.5)).toEqual(must(first).result.at(321.5));
    const gap = positionsAt(played, must(first).start + must(first).result.duration + 500);
    expect(gap).toEqual(must(first).result.at(must(first).result.duration));
    expect(gap.every((b) => b.vx === 0 && b.vy === 0)).toBe(true);
  });

  it('frames every 1000/fps ms to the end of the clip, listing the balls on the cloth', () => {
    expect(truth.fps).toBe(30);
    expect(truth.calibration).toEqual({ table: 'snooker' });
    expect(truth.frames).toHaveLength(Math.floor((played.totalMs * fps) / 1000) + 1);
    const k = 40;
    const frame = must(truth.frames[k]);
    expect(frame.t).toBeCloseTo((k * 1000) / fps, 3);
    const exact = positionsAt(played, (k * 1000) / fps).filter((b) => b.state === 'table');
    expect(frame.balls.map((b) => b.track)).toEqual(exact.map((b) => b.track));
    frame.balls.forEach((b, i) => {
      expect(Math.abs(b.x - must(exact[i]).x)).toBeLessThanOrEqual(0.0005);
      expect(Math.abs(b.y - must(exact[i]).y)).toBeLessThanOrEqual(0.0005);
    });
  });

  it('strokes with start, end, first contact, events in clip time, pots and rest positions', () => {
    const [s1, s2] = truth.strokes;
    expect(must(s1).start).toBe(500);
    expect(must(s1).end).toBeCloseTo(500 + must(first).result.duration, 3);
    expect(must(s1).firstContact).toEqual(['red']);
    const contact = must(s1).events.find((e) => e.type === 'contact');
    expect(contact).toMatchObject({ type: 'contact', a: 'cue', b: 'red', ta: 'cue', tb: 'red1' });
    expect(must(contact).t).toBeCloseTo(
      500 + must(must(first).result.events.find((e) => e.type === 'contact')).t,
      3,
    );
    for (const s of truth.strokes)
      for (const e of s.events) {
        expect(e.t).toBeGreaterThanOrEqual(s.start);
        expect(e.t).toBeLessThanOrEqual(s.end + 0.001);
      }
    expect(
      must(s2)
        .rest.map((b) => b.track)
        .sort(),
    ).toEqual(
      must(second)
        .result.rest.map((b) => b.track)
        .sort(),
    );
    expect(must(s1).offTable).toEqual([]);
    expect(JSON.parse(JSON.stringify(truth))).toEqual(truth);
  });

  it('a cue ball that went in is placed back in the D for the next stroke', () => {
    const s = parsed({
      table: 'snooker',
      balls: [
        { id: 'cue', x: 400, y: 400 },
        { id: 'red', x: 889, y: 2000 },
      ],
      strokes: [{ cue: { vx: -800, vy: -800 }, tip: { height: 0.4 } }, { cue: { vx: 0, vy: 500 } }],
      seed: 1,
    });
    const p = playScenario(s);
    expect(must(p.strokes[0]).result.potted.map((b) => b.id)).toEqual(['cue']);
    expect(
      must(p.strokes[1])
        .result.at(0)
        .find((b) => b.id === 'cue'),
    ).toMatchObject({ x: 800, y: 700 });
  });

  it('refuses a frame rate that is not positive', () => {
    expect(() => makeTruth(played, 0, {})).toThrow(RangeError);
  });
});

describe('the seeded PRNG (random.ts)', () => {
  it('the same seed gives the same numbers, another seed others', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(xs);
  });
  it('uniform numbers in [0, 1) with mean ½ and variance 1/12; integers within range', () => {
    const rng = makeRng(7);
    const n = 20000;
    const xs = Array.from({ length: n }, () => rng.next());
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / n;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(variance).toBeCloseTo(1 / 12, 2);
    const ints = new Set(Array.from({ length: 1000 }, () => rng.int(3, 6)));
    expect([...ints].sort()).toEqual([3, 4, 5]);
    const u = rng.uniform(-2, 2);
    expect(u).toBeGreaterThanOrEqual(-2);
    expect(u).toBeLessThan(2);
  });
  it('normal numbers with the mean and spread asked for', () => {
    const rng = makeRng(11);
    const n = 20000;
    const xs = Array.from({ length: n }, () => rng.normal(3, 2));
    const mean = xs.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / n);
    expect(mean).toBeCloseTo(3, 1);
    expect(sd).toBeCloseTo(2, 1);
  });
  it('fork gives an independent stream that is itself reproducible', () => {
    const a = makeRng(5).fork();
    const b = makeRng(5).fork();
    expect([a.next(), a.next()]).toEqual([b.next(), b.next()]);
    expect(makeRng(5).fork().next()).not.toBe(makeRng(5).next());
  });
});
