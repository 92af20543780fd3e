// Black-ball as a game definition: its beds as pocketed tables, the pool set, the marks, the opening
// layout and a cue ball placed in hand, a tracked stroke as a move, and `referee run`'s runner.
import { describe, expect, it } from 'vitest';
import { blackball } from '../../../src/games/blackball/index.ts';
import { inCabin, openingFrame, checkState } from '../../../src/games/blackball/index.ts';
import { openingLayout, placeInCabin } from '../../../src/games/blackball/layout.ts';
import { cushionAfterContact, toMove } from '../../../src/games/blackball/perception.ts';
import { crossedCentre } from '../../../src/games/blackball/perception-events.ts';
import { namedPoolTable, POOL_BALLS } from '../../../src/games/blackball/table.ts';
import { pointMm, mm } from '../../../src/core/units.ts';
import type { Shot as TrackedShot, StrokeEvent, TrackedFrame } from '../../../src/tracking/types.ts';

const table = namedPoolTable();

describe('the pool table', () => {
  it('has WPA mouths: corners 115 mm, middles 129 mm, on every named bed', () => {
    for (const name of ['pool-9ft', 'pool-8ft', 'pool-7ft'] as const) {
      const t = namedPoolTable(name);
      for (const p of t.pockets) expect(p.mouth).toBeCloseTo(p.kind === 'corner' ? 115 : 129, 6);
    }
  });

  it('marks the head line at L/5, the foot spot and the head spot, and no centre line', () => {
    expect(table.marks?.lines).toEqual([{ name: 'head-line', a: { x: 0, y: 508 }, b: { x: 1270, y: 508 } }]);
    expect(table.marks?.spots).toEqual([
      { name: 'foot-spot', at: { x: 635, y: 1905 } },
      { name: 'head-spot', at: { x: 635, y: 508 } },
    ]);
  });

  it('holds the pool set: cue and 1–15, one each, stripes on 9–15 in 1–7’s colours', () => {
    expect(POOL_BALLS.ids).toEqual([
      'cue',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
    ]);
    expect(Object.values(POOL_BALLS.capacity).every((n) => n === 1)).toBe(true);
    expect(POOL_BALLS.look['11']).toEqual({ ...POOL_BALLS.look['3'], stripe: true, number: '11' });
    expect(POOL_BALLS.look['3']?.stripe).toBeUndefined();
    expect(POOL_BALLS.look['8']?.colour).toEqual([14, 14, 16]);
  });

  it('claims its beds and parses them; nothing given is pool-9ft', () => {
    expect(blackball.claimsTable('pool-8ft')).toBe(true);
    expect(blackball.claimsTable({ game: 'blackball', width: 1000, length: 2000, ball: 57 })).toBe(true);
    expect(blackball.claimsTable('snooker')).toBe(false);
    expect(blackball.claimsTable({ width: 1000, length: 2000, ball: 57 })).toBe(false);
    const t = blackball.parseTable(undefined);
    expect(t.ok && t.value.name).toBe('pool-9ft');
    const custom = blackball.parseTable({ game: 'blackball', width: 1000, length: 2000, ball: 57 });
    expect(custom.ok && custom.value.width).toBe(1000);
    const bad = blackball.parseTable('pool-10ft');
    expect(bad.ok ? null : bad.error.field).toBe('table');
    expect(blackball.defaultTableSpec).toBe('pool-9ft');
  });
});

describe('the opening layout and the cue ball in hand', () => {
  it('racks the fifteen with the black on the foot spot and the cue ball on the head spot', () => {
    const layout = openingLayout(table);
    expect(layout).toHaveLength(16);
    expect(layout[0]).toEqual({ track: 'cue', id: 'cue', x: 635, y: 508 });
    expect(layout.find((b) => b.id === '8')).toMatchObject({ x: 635, y: 1905 });
    const balls = layout.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y) }));
    expect(checkState(table, { ...openingFrame(0, table), balls }).ok).toBe(true);
  });

  it('places a cue ball in hand in the cabin, clear of a ball on the head spot', () => {
    expect(placeInCabin(table, [])).toEqual({ x: 635, y: 508 });
    const p = placeInCabin(table, [{ x: 635, y: 508 }]);
    expect(Math.hypot(p.x - 635, p.y - 508)).toBeGreaterThanOrEqual(57.15);
    expect(inCabin(pointMm(p.x, p.y), table)).toBe(true);
  });
});

const rest = (track: string, x: number, y: number) => ({ track, id: track, x: mm(x), y: mm(y) });
const tracked = (over: Partial<TrackedShot> = {}): TrackedShot => ({
  index: 0,
  start: 100,
  end: 900,
  firstContact: ['cue', '1'],
  potted: [],
  offTable: [],
  events: [],
  before: [rest('cue', 635, 400), rest('1', 635, 1200), rest('2', 400, 1400), rest('9', 800, 1500)],
  rest: [rest('cue', 635, 900), rest('1', 635, 1400), rest('2', 400, 1000), rest('9', 800, 1500)],
  touching: [],
  ...over,
});
const contact = (t: number): StrokeEvent => ({ t, type: 'contact', a: 'cue', b: '1', ta: 'cue', tb: '1' });
const cushion = (t: number): StrokeEvent => ({ t, type: 'cushion', ball: '1', track: '1' });

describe('a tracked stroke as a move', () => {
  it('a cushion counts only after the cue ball’s first contact; a pot needs none', () => {
    expect(cushionAfterContact(tracked({ events: [cushion(1), contact(2)] }))).toBe(false);
    expect(cushionAfterContact(tracked({ events: [contact(1), cushion(2)] }))).toBe(true);
    expect(cushionAfterContact(tracked({ events: [] }))).toBe(false);
    expect(cushionAfterContact(tracked({ potted: [{ id: '9', pocket: 'TL' }] }))).toBe(true);
  });

  it('crossed the centre line: seen on both sides of it (before, running, at rest), or potted in a far corner', () => {
    // The centre line is y = 1270: the 1 went from 1200 to 1400, the 2 from 1400 to 1000, the 9 stayed.
    expect(crossedCentre(table, tracked(), [])).toEqual(['1', '2']);
    const pot = tracked({
      before: [rest('cue', 635, 400), rest('3', 300, 1000), rest('4', 300, 1100)],
      rest: [rest('cue', 635, 400)],
      potted: [
        { id: '3', pocket: 'TL' },
        { id: '4', pocket: 'ML' },
      ],
    });
    expect(crossedCentre(table, pot, [])).toEqual(['3']);
    const back = tracked({ before: [rest('5', 300, 1000)], rest: [rest('5', 300, 1100)] });
    expect(crossedCentre(table, back, [])).toEqual([]);
    const seen = (t: number, y: number): TrackedFrame => ({
      t,
      tracks: [
        {
          track: '5',
          id: '5',
          status: 'table',
          x: mm(300),
          y: mm(y),
          observed: pointMm(300, y),
          atRest: false,
          vx: 0,
          vy: 1000,
          lastSeen: t,
        },
      ],
    });
    expect(crossedCentre(table, back, [seen(200, 1200), seen(300, 1500), seen(400, 1100)])).toEqual(['5']);
    // Seen running along the line, within the detector's noise of it: not a crossing.
    expect(crossedCentre(table, back, [seen(200, 1269), seen(300, 1271), seen(400, 1100)])).toEqual([]);
  });

  it('gives the §8 shot with the balls before and after', () => {
    const move = toMove(table, {
      shot: tracked({ events: [contact(200), cushion(300)] }),
      trails: [],
      endedAt: 5,
    });
    expect(move.shot).toMatchObject({
      firstContact: ['1'],
      potted: [],
      offTable: [],
      cushionAfterContact: true,
      crossedCentre: ['1', '2'],
      fouls: [],
    });
    expect(move.before).toHaveLength(4);
    expect(move.shot.after).toHaveLength(4);
    expect(move).toMatchObject({ start: 100, end: 900, endedAt: 5 });
  });
});

describe('referee run', () => {
  it('sets a new frame up from the balls before the first stroke and rules stroke after stroke', () => {
    const runner = blackball.runner(table);
    if (!runner.ok) throw new Error(runner.error.message);
    const first = runner.value.rule(
      toMove(table, { shot: tracked({ events: [contact(1), cushion(2)] }), trails: [] }),
    );
    expect(first.ok && first.value).toMatchObject({ foul: null, next: { striker: 1 } });
  });

  it('starts from --state, and names the field of a state that cannot be', () => {
    const state = {
      striker: 1,
      balls: [
        { id: 'cue', x: 635, y: 400 },
        { id: '1', x: 635, y: 1200 },
      ],
    };
    const runner = blackball.runner(table, { state });
    if (!runner.ok) throw new Error(runner.error.message);
    const r = runner.value.rule({ shot: { firstContact: ['1'], potted: ['1'] } });
    expect(r.ok && r.value).toMatchObject({
      foul: null,
      groups: ['stripes', 'solids'],
      next: { striker: 1 },
    });
    const bad = blackball.runner(table, { striker: 0, balls: [{ id: 'cue', x: -5, y: 400 }] });
    expect(bad.ok ? null : bad.error.field).toBe('state.balls[0]');
  });
});

describe('referee rule', () => {
  it('dispatches to the engine', () => {
    const out = blackball.rule({
      game: 'blackball',
      state: { striker: 0, balls: [{ id: 'cue', x: 635, y: 300 }] },
      shot: { firstContact: ['3'], potted: ['3'] },
    });
    expect(out.ok && out.value).toMatchObject({ foul: null, next: { striker: 0 } });
  });
});

describe('the bundled demo (npm start -- --game blackball)', () => {
  it('plays the eight pool clips in order on the pool demo camera, each a match of its own set up from the camera', () => {
    const demo = blackball.demo;
    if (!demo) throw new Error('no demo');
    expect(demo.calibration).toMatch(/calibration\/pool-demo\.json$/);
    const clips = demo.clips();
    if (!clips.ok) throw new Error(clips.error.message);
    expect(clips.value.map((c) => c.path.split('/').at(-2))).toEqual([
      'pool-legal-break',
      'pool-foul-break',
      'pool-group-choice',
      'pool-foul-free-kick',
      'pool-opponent-ball',
      'pool-black-win',
      'pool-black-early',
      'pool-three-fouls',
    ]);
    for (const c of clips.value)
      expect(c.setup).toEqual([
        { type: 'startMatch', players: ['Player 1', 'Player 2'], options: {} },
        { type: 'setTable' },
      ]);
  });
});
