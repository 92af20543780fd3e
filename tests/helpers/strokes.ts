// Random seeded strokes for the tracking tests and the events benchmark: layouts, strokes aimed at a
// ball with a random cut, played one after another by the simulator into a clip with exact truth;
// and the scoring of what the tracker made of a clip against that truth.
import { parseSnookerScenario } from './games.ts';
import type { PocketId, Table } from '../../src/equipment/index.ts';
import type { BallId } from '../../src/equipment/pieces.ts';
import {
  ballsOverlap,
  distanceToSegment,
  dot,
  isOnBed,
  scale,
  sub,
  type Vec,
} from '../../src/equipment/index.ts';
import { SNOOKER_COLOURS } from '../../src/games/snooker/equipment.ts';
import {
  simulateStroke,
  type BallSample,
  type CueAction,
  type SimBall,
  type StrokeResult,
} from '../../src/sim/physics/index.ts';
import type { Rng } from '../../src/sim/random.ts';
import type { PlayedScenario } from '../../src/sim/truth.ts';
import { positionsAt } from '../../src/sim/truth.ts';
import { pointMm } from '../../src/core/units.ts';
import type { Calibration } from '../../src/camera/index.ts';
import { cameraCentre } from '../../src/camera/index.ts';
import { playScenario } from '../../src/sim/truth.ts';
import { makeClip, parseClipRender, playOptions } from '../../src/sim/render/clip.ts';
import { intersectPrimitive } from '../../src/sim/render/occluders.ts';
import {
  synthesiseClip,
  type Cover,
  type FaultOptions,
  type FrameDetections,
  type LightChange,
  type Occluder,
  type RandomSource,
  type Shot,
} from '../../src/tracking/index.ts';

/** A free place on the bed for a ball, away from those already placed. */
const freePlace = (
  table: Table,
  rng: Rng,
  placed: readonly SimBall[],
  inD = false,
): { x: number; y: number } => {
  const R = table.ballRadius;
  for (let i = 0; i < 10_000; i++) {
    const x = inD ? 889 + rng.uniform(-280, 280) : rng.uniform(R + 5, table.width - R - 5);
    const y = inD ? rng.uniform(460, 730) : rng.uniform(R + 5, table.length - R - 5);
    if (inD && Math.hypot(x - 889, y - 737) > 285) continue;
    const p = pointMm(x, y);
    if (!isOnBed(table, p)) continue;
    if (placed.some((b) => ballsOverlap(table, p, pointMm(b.x, b.y), -1))) continue;
    return { x, y };
  }
  throw new Error('no free place'); // 22 balls on a snooker bed: never
};

/** A random layout: the cue ball, some reds and some colours anywhere on the bed. */
export const randomLayout = (table: Table, rng: Rng): SimBall[] => {
  const balls: SimBall[] = [];
  balls.push({ track: 'cue', id: 'cue', ...freePlace(table, rng, balls) });
  const reds = rng.int(0, 16);
  for (let k = 1; k <= reds; k++)
    balls.push({ track: `red${k}`, id: 'red', ...freePlace(table, rng, balls) });
  for (const c of SNOOKER_COLOURS)
    if (rng.next() < 0.8) balls.push({ track: c, id: c, ...freePlace(table, rng, balls) });
  if (balls.length === 1) balls.push({ track: 'black', id: 'black', ...freePlace(table, rng, balls) });
  return balls;
};

/**
 * A stroke at a random object ball with a random cut (a thin one now and then, a miss sometimes),
 * at a speed from `minSpeed` to `maxSpeed` mm/s and a little random spin.
 */
export const randomStroke = (
  balls: readonly SimBall[],
  rng: Rng,
  table: Table,
  minSpeed = 300,
  maxSpeed = 4000,
): CueAction => {
  const cue = balls.find((b) => b.id === 'cue');
  const targets = balls.filter((b) => b.id !== 'cue');
  const target = targets[rng.int(0, targets.length)];
  if (!cue || !target) throw new Error('a stroke needs a cue ball and another');
  const dx = target.x - cue.x;
  const dy = target.y - cue.y;
  const len = Math.hypot(dx, dy);
  const cut = rng.uniform(-1.1, 1.1) * table.ballDiameter;
  const aim = { x: target.x - (dy / len) * cut, y: target.y + (dx / len) * cut };
  const ax = aim.x - cue.x;
  const ay = aim.y - cue.y;
  const speed = rng.uniform(minSpeed, maxSpeed);
  const n = Math.hypot(ax, ay);
  return {
    vx: (ax / n) * speed,
    vy: (ay / n) * speed,
    side: rng.uniform(-0.4, 0.4),
    height: rng.uniform(-0.5, 0.5),
  };
};

/** Is the straight way from `a` to `b` clear of every ball but those named? */
const clear = (table: Table, balls: readonly SimBall[], a: Vec, b: Vec, except: readonly string[]): boolean =>
  balls.every(
    (x) =>
      except.includes(x.track) ||
      distanceToSegment({ a: pointMm(a.x, a.y), b: pointMm(b.x, b.y) }, x) > table.ballDiameter,
  );

/**
 * A stroke that tries to pot an object ball: a ball and a pocket it has a clear way to, within 1.5 m,
 * coming at the mouth within 40° of the pocket's axis, with a clear way for the cue ball to the ghost
 * ball (where it must be at contact) and a cut no thinner than 55°; sent at the ghost ball with a
 * small aim error, hard enough to get there. Falls back to a random stroke when no such pot is on.
 */
export const potStroke = (
  balls: readonly SimBall[],
  rng: Rng,
  table: Table,
  minSpeed = 300,
  maxSpeed = 4000,
): CueAction => {
  const cue = balls.find((b) => b.id === 'cue');
  if (!cue) throw new Error('a stroke needs a cue ball');
  const pots: { ghost: Vec; dist: number }[] = [];
  for (const target of balls) {
    if (target.id === 'cue') continue;
    for (const pocket of table.pockets) {
      const to = sub(pocket.mouthCentre, target);
      const dist = Math.hypot(to.x, to.y);
      if (dist > 1500 || dot(scale(to, 1 / dist), pocket.axis) < Math.cos((40 * Math.PI) / 180)) continue;
      const ghost = sub(target, scale(to, table.ballDiameter / dist));
      const aim = sub(ghost, cue);
      const run = Math.hypot(aim.x, aim.y);
      if (run < table.ballDiameter || dot(aim, to) / (run * dist) < Math.cos((55 * Math.PI) / 180)) continue;
      if (!clear(table, balls, target, pocket.mouthCentre, [target.track])) continue;
      if (!clear(table, balls, cue, ghost, [cue.track, target.track])) continue;
      pots.push({ ghost, dist: run + dist });
    }
  }
  const pot = pots[rng.int(0, pots.length)];
  if (!pot) return randomStroke(balls, rng, table, minSpeed, maxSpeed);
  const angle = Math.atan2(pot.ghost.y - cue.y, pot.ghost.x - cue.x) + rng.normal(0, 0.002);
  // Rolling resistance takes about 1.2 m/s per 3 m (0.012 g): enough to get there, and some.
  const speed = Math.min(maxSpeed, Math.max(minSpeed, 600 + 0.6 * pot.dist + rng.uniform(0, 1500)));
  return {
    vx: Math.cos(angle) * speed,
    vy: Math.sin(angle) * speed,
    side: rng.uniform(-0.2, 0.2),
    height: rng.uniform(-0.4, 0.4),
  };
};

export interface Clip {
  readonly played: PlayedScenario;
  /** Every ball at t, with the cue ball back in the D (still) ahead of a stroke after it went in. */
  readonly samplesAt: (t: number) => BallSample[];
  /** Where a cue and an arm lie over the table about each strike. */
  readonly occluders: Occluder[];
}

/**
 * `strokes` random strokes one after another, each from where the last left the balls, `gapMs` of
 * stillness between them; a cue ball that went in is put back in the D half the gap before the next.
 */
export const randomClip = (
  table: Table,
  rng: Rng,
  strokes: number,
  options: {
    minSpeed?: number;
    maxSpeed?: number;
    gapMs?: number;
    leadMs?: number;
    layout?: SimBall[];
    /** Share of strokes that try to pot a ball. */
    potting?: number;
  } = {},
): Clip => {
  const gapMs = options.gapMs ?? 1000;
  const leadMs = options.leadMs ?? 600;
  const before = options.layout ?? randomLayout(table, rng);
  let balls: SimBall[] = before;
  const played: { start: number; result: StrokeResult }[] = [];
  const placed: { at: number; ball: SimBall }[] = [];
  let t = leadMs;
  for (let k = 0; k < strokes; k++) {
    if (k > 0) t += gapMs;
    if (!balls.some((b) => b.id === 'cue')) {
      const ball: SimBall = { track: 'cue', id: 'cue', ...freePlace(table, rng, balls, true) };
      placed.push({ at: t - gapMs / 2, ball });
      balls = [ball, ...balls];
    }
    if (balls.length < 2) break;
    const make = rng.next() < (options.potting ?? 0) ? potStroke : randomStroke;
    const result = simulateStroke(table, balls, make(balls, rng, table, options.minSpeed, options.maxSpeed));
    played.push({ start: t, result });
    t += result.duration;
    balls = [...result.rest];
  }
  const p: PlayedScenario = { table, strokes: played, totalMs: t + gapMs, before };
  const samplesAt = (time: number): BallSample[] => {
    const now = positionsAt(p, time);
    if (now.some((b) => b.id === 'cue' && b.state === 'table')) return now;
    // The cue ball in hand for the next stroke, once the striker has put it down.
    const next = played.find((s) => s.start > time);
    const put = placed.find((q) => next !== undefined && q.at === next.start - gapMs / 2 && time >= q.at);
    if (!put) return now;
    return [
      ...now.filter((b) => b.id !== 'cue'),
      {
        track: 'cue',
        id: 'cue',
        x: put.ball.x,
        y: put.ball.y,
        vx: 0,
        vy: 0,
        state: 'table',
        z: table.ballRadius,
      },
    ];
  };
  const occluders: Occluder[] = played.map(({ start, result }) => {
    const cue = result.at(0).find((b) => b.id === 'cue');
    const v = cue ? Math.hypot(cue.vx, cue.vy) : 1;
    const ux = cue ? cue.vx / v : 0;
    const uy = cue ? cue.vy / v : 1;
    const cx = cue?.x ?? 0;
    const cy = cue?.y ?? 0;
    // The cue shaft behind the cue ball (its tip just short of it) with the bridge hand and arm over
    // it: every ball whose centre is within this capsule is hidden from before the strike until the
    // follow-through is withdrawn. The cue ball itself stays mostly in view.
    const back = table.ballRadius + 47;
    return {
      from: start - 800,
      to: start + 250,
      segment: { a: pointMm(cx - ux * back, cy - uy * back), b: pointMm(cx - ux * 900, cy - uy * 900) },
      radius: 45,
    };
  });
  return { played: p, samplesAt, occluders };
};

export interface StrokeScore {
  readonly played: number;
  readonly found: number;
  readonly extra: number;
  readonly firstContactRight: number;
  readonly potsTrue: number;
  readonly potsFound: number;
  readonly potsInvented: number;
  readonly failures: string[];
}

const key = (p: { id: BallId; pocket: PocketId }): string => `${p.id}@${p.pocket}`;
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** A stroke as the truth gives it (a played stroke, or a truth.json stroke). */
export interface TrueStroke {
  readonly start: number;
  readonly firstContact: readonly BallId[];
  readonly potted: readonly { readonly id: BallId; readonly pocket: PocketId }[];
}

/** The strokes of a played clip, in clip time. */
export const trueStrokes = (played: PlayedScenario): TrueStroke[] =>
  played.strokes.map((s) => ({
    start: s.start,
    firstContact: s.result.firstContact,
    potted: s.result.potted,
  }));

/**
 * What vision would report of a whole played clip, from its first frame to its last at `fps`; its
 * balls where `samplesAt` says (by default, the physics' own positions).
 */
export const synthesisePlayed = (
  table: Table,
  played: PlayedScenario,
  fps: number,
  faults: FaultOptions,
  rng: RandomSource,
  samplesAt: (t: number) => readonly BallSample[] = (t) => positionsAt(played, t),
): FrameDetections[] => synthesiseClip(table, samplesAt, 0, played.totalMs, fps, faults, rng);

/** Score shots against a played clip: strokes matched by start time. */
export const scoreShots = (played: PlayedScenario, shots: readonly Shot[], label = ''): StrokeScore =>
  scoreAgainst(trueStrokes(played), shots, label);

/** Score shots against true strokes: matched by start time (within 150 ms). */
export const scoreAgainst = (
  truth: readonly TrueStroke[],
  shots: readonly Shot[],
  label = '',
): StrokeScore => {
  const failures: string[] = [];
  let found = 0;
  let right = 0;
  let potsTrue = 0;
  let potsFound = 0;
  let invented = 0;
  const used = new Set<number>();
  for (const [k, r] of truth.entries()) {
    potsTrue += r.potted.length;
    const i = shots.findIndex((x, j) => !used.has(j) && Math.abs(x.start - r.start) < 150);
    const shot = shots[i];
    if (!shot) {
      failures.push(`${label} stroke ${k}: not found`);
      continue;
    }
    used.add(i);
    found += 1;
    if (sameSet(shot.firstContact, r.firstContact)) right += 1;
    else
      failures.push(
        `${label} stroke ${k}: first contact ${JSON.stringify(shot.firstContact)}, truth ${JSON.stringify(r.firstContact)}`,
      );
    const truePots = r.potted.map(key);
    const ours = shot.potted.map(key);
    const remaining = [...ours];
    for (const p of truePots) {
      const j = remaining.indexOf(p);
      if (j >= 0) {
        remaining.splice(j, 1);
        potsFound += 1;
      }
    }
    invented += remaining.length;
    if (!sameSet(truePots, ours))
      failures.push(`${label} stroke ${k}: potted ${ours.join(' ')}, truth ${truePots.join(' ')}`);
  }
  const extra = shots.length - used.size;
  if (extra > 0) failures.push(`${label}: ${extra} stroke(s) found that were not played`);
  return {
    played: truth.length,
    found,
    extra,
    firstContactRight: right,
    potsTrue,
    potsFound,
    potsInvented: invented,
    failures,
  };
};

type Part = Parameters<typeof intersectPrimitive>[0];

/**
 * Balls hidden from the camera by the renderer's players and cues: the ray from the camera to the
 * ball's centre passes through one of them (the same geometry the rendered frames are drawn with).
 */
export const primitiveCover = (
  calibration: Calibration<Table>,
  occludersAt: (t: number) => readonly Part[],
  ballRadius: number,
): Cover => {
  const c = cameraCentre(calibration);
  const hit = new Float64Array(8);
  let cachedT = Number.NaN;
  let parts: readonly Part[] = [];
  return (t, x, y) => {
    if (t !== cachedT) {
      cachedT = t;
      parts = occludersAt(t);
    }
    const dx = x - c.x;
    const dy = y - c.y;
    const dz = ballRadius - c.z;
    const len = Math.hypot(dx, dy, dz);
    return parts.some(
      (q) =>
        intersectPrimitive(q, c.x, c.y, c.z, dx / len, dy / len, dz / len, 1e-9, hit) &&
        (hit[0] ?? Infinity) < len,
    );
  };
};

export interface FixtureClip {
  readonly played: PlayedScenario;
  readonly samplesAt: (t: number) => readonly BallSample[];
  readonly cover: Cover;
  /** Where the light is not the room's usual: detection is noisier and misses more. */
  readonly lights: LightChange[];
}

/** A fixture scenario (fixtures/scenarios/*.json) played as the renderer plays it, with its players. */
export const fixtureClip = (json: unknown, calibration: Calibration<Table>): FixtureClip => {
  const scenario = parseSnookerScenario(json);
  if (!scenario.ok) throw new Error(scenario.error.message);
  const render = parseClipRender(scenario.value);
  if (!render.ok) throw new Error(render.error.message);
  const played = playScenario(scenario.value, playOptions(render.value));
  const clip = makeClip(scenario.value, render.value, played);
  const lights: LightChange[] = [];
  const step = 100;
  for (let t = 0; t <= played.totalMs; t += step) {
    const l = clip.light(t);
    if (Math.abs(l.gain - 1) < 0.05 && Math.abs(l.warmth) < 0.05) continue;
    lights.push({ from: t, to: t + step, noiseMm: 1.0, missRate: 0.03 });
  }
  return {
    played,
    samplesAt: clip.balls,
    cover: primitiveCover(calibration, clip.occluders, played.table.ballRadius),
    lights,
  };
};
