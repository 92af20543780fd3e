// Black-ball strokes played by the simulator with exact truth, and what tracking and black-ball's
// perception make of them: for the events tests and the events benchmark (bench/blackball-events.ts).
// The truth comes from the physics' own positions, never from the tracker: a ball crossed the centre
// line when its centre was on the cloth on both sides of it (or it went into a corner pocket across
// the line); the cue ball crossed the head line before its first contact when its centre was past
// the line at some instant before that contact.
import { blackball } from '../../../src/games/blackball/index.ts';
import { isObjectBallId, marksOf, type ObjectBallId } from '../../../src/games/blackball/equipment.ts';
import { toMove } from '../../../src/games/blackball/perception.ts';
import type { StrokeReport } from '../../../src/games/blackball/session.ts';
import type { PocketId, Table } from '../../../src/equipment/bed.ts';
import type { SimGame } from '../../../src/sim/game.ts';
import type { Rng } from '../../../src/sim/random.ts';
import { simulateStroke, type CueAction, type SimBall } from '../../../src/sim/physics/index.ts';
import { potStroke, randomStroke } from '../../helpers/strokes.ts';
import { parseScenario, type Scenario } from '../../../src/sim/scenario.ts';
import { playScenario, visibleAt, type PlayedScenario } from '../../../src/sim/truth.ts';
import {
  DEFAULT_FOLLOWER,
  StrokeFollower,
  synthesiseClip,
  type FaultOptions,
  type Shot,
} from '../../../src/tracking/index.ts';
import { parseClipRender, playOptions } from '../../../src/sim/render/clip.ts';

export const POOL_SIM = blackball.sim as SimGame;

export const parsePoolScenario = (json: unknown): Scenario => {
  const s = parseScenario(json, POOL_SIM);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
};

/** One stroke's truth, as the rules need it. */
export interface PoolTruth {
  readonly start: number;
  readonly firstContact: readonly string[];
  readonly potted: readonly { readonly id: string; readonly pocket: PocketId }[];
  readonly crossedCentre: readonly ObjectBallId[];
  /** The cue ball's centre was past the head line at some instant before its first contact. */
  readonly cueCrossedHeadLineFirst: boolean;
  /** After the cue ball's first contact some ball met a cushion (seed 3.3). */
  readonly cushionAfterContact: boolean;
}

const STEP_MS = 1;

/** The truth of each stroke of a played scenario (times in clip ms). */
export const poolTruth = (played: PlayedScenario): PoolTruth[] => {
  const table = played.table;
  const { centreLine, headLine } = marksOf(table);
  return played.strokes.map(({ start, result }) => {
    const sides = new Map<string, Set<number>>();
    const firstT = result.events.find((e) => e.type === 'contact' && (e.a === 'cue' || e.b === 'cue'))?.t;
    let cueOver = false;
    for (let t = 0; t <= result.duration; t += STEP_MS)
      for (const b of result.at(t)) {
        if (b.state !== 'table') continue;
        if (b.id === 'cue' && firstT !== undefined && t < firstT && b.y > headLine) cueOver = true;
        if (!isObjectBallId(b.id)) continue;
        const s = sides.get(b.track) ?? new Set<number>();
        s.add(Math.sign(b.y - centreLine));
        sides.set(b.track, s);
      }
    for (const p of result.potted) {
      const across =
        p.pocket === 'TL' || p.pocket === 'TR' ? 1 : p.pocket === 'BL' || p.pocket === 'BR' ? -1 : 0;
      sides.get(p.track)?.add(across);
    }
    const crossed = [...sides.entries()]
      .filter(([, s]) => s.has(-1) && s.has(1))
      .map(([track]) => track)
      .filter(isObjectBallId);
    return {
      start,
      firstContact: result.firstContact,
      potted: result.potted.map((p) => ({ id: p.id, pocket: p.pocket })),
      crossedCentre: crossed,
      cueCrossedHeadLineFirst: cueOver,
      cushionAfterContact:
        firstT !== undefined && result.events.some((e) => e.type === 'cushion' && e.t > firstT),
    };
  });
};

/** A stroke as tracking followed it, and the move black-ball's perception made of it. */
export interface FollowedPool {
  readonly shot: Shot;
  readonly move: StrokeReport;
}

/**
 * A camera has the table in view before the first stroke: a stroke under way from the first frame
 * watched may have begun before it and is not followed (src/tracking/segmenter.ts), so a synthesised
 * stream starts this long before the first strike (ms).
 */
export const WATCHED_BEFORE_MS = 500;

/** Detections synthesised from the played clip at `fps` with `faults`, followed, each stroke as a move. */
export const followPool = (
  played: PlayedScenario,
  fps: number,
  faults: FaultOptions,
  rng: Rng,
): FollowedPool[] => {
  const table: Table = played.table;
  const follower = new StrokeFollower(table, DEFAULT_FOLLOWER);
  const out: FollowedPool[] = [];
  const frames = synthesiseClip(
    table,
    (t) => visibleAt(played, t),
    -WATCHED_BEFORE_MS,
    played.totalMs,
    fps,
    faults,
    rng,
  );
  const take = (done: ReturnType<StrokeFollower['push']>): void => {
    if (done)
      out.push({
        shot: done.shot,
        move: toMove(table, { shot: done.shot, trails: [], frames: done.record.frames }),
      });
  };
  for (const f of frames) take(follower.push(f));
  take(follower.flush());
  return out;
};

/** Play a scenario (docs/formats.md §7) as the renderer plays it (its players' lead and gaps): the rendered clip's times. */
export const playPool = (json: unknown): PlayedScenario => {
  const scenario = parsePoolScenario(json);
  const render = parseClipRender(scenario);
  if (!render.ok) throw new Error(render.error.message);
  return playScenario(scenario, playOptions(render.value));
};

/** Ball ids as a sorted list, for comparing sets. */
export const sorted = (ids: readonly string[]): string[] => [...ids].sort();

/** A random opening break: the cue ball somewhere in the cabin, struck at the rack's apex region. */
export const randomBreak = (table: Table, rng: Rng, speed: readonly [number, number] = [3500, 9000]) => {
  const { headLine } = marksOf(table);
  const opening = POOL_SIM.opening(table).filter((b) => b.id !== 'cue');
  const cue = { x: rng.uniform(200, table.width - 200), y: rng.uniform(120, headLine - 20) };
  const apex = opening.reduce((a, b) => (b.y < a.y ? b : a));
  const aim = { x: apex.x + rng.uniform(-25, 25), y: apex.y };
  const v = rng.uniform(speed[0], speed[1]);
  const dx = aim.x - cue.x;
  const dy = aim.y - cue.y;
  const n = Math.hypot(dx, dy);
  return {
    table: 'pool-9ft',
    balls: [{ id: 'cue', ...cue }, ...opening.map((b) => ({ id: b.id, x: b.x, y: b.y }))],
    strokes: [{ cue: { vx: (dx / n) * v, vy: (dy / n) * v }, tip: { height: rng.uniform(-0.3, 0.3) } }],
    seed: rng.int(1, 1_000_000),
  };
};

/**
 * A random black-ball clip as a scenario (docs/formats.md §7): a random break (randomBreak), then
 * `strokes` more from where the balls lie, seven in ten trying a pot (a clear ball, a clear pocket),
 * the rest at a random ball with a random cut, 0.3–4 m/s with a little spin. A cue ball that went in
 * is placed in the cabin as the simulator places it. The blue cloth on every other seed.
 */
export const randomPoolScenario = (table: Table, rng: Rng, strokes: number) => {
  const start = randomBreak(table, rng);
  let balls: SimBall[] = start.balls.map((b) => ({ track: b.id, ...b }));
  const first = start.strokes[0];
  if (!first) throw new Error('a break has a stroke');
  const played: { cue: { vx: number; vy: number }; tip?: { side?: number; height?: number } }[] = [first];
  let next: CueAction = { ...first.cue, height: first.tip.height };
  for (let k = 0; k <= strokes; k++) {
    balls = [...simulateStroke(table, balls, next).rest];
    if (!balls.some((b) => b.id === 'cue'))
      balls = [{ track: 'cue', id: 'cue', ...POOL_SIM.placeCueBall(table, balls) }, ...balls];
    if (k === strokes || balls.length < 2) break;
    next = (rng.next() < 0.7 ? potStroke : randomStroke)(balls, rng, table, 300, 4000);
    played.push({
      cue: { vx: next.vx, vy: next.vy },
      tip: { side: next.side ?? 0, height: next.height ?? 0 },
    });
  }
  return {
    ...start,
    strokes: played.map((s) => ({ ...s, render: { player: true } })),
    render: { cloth: rng.next() < 0.5 ? 'blue' : 'green' },
  };
};
