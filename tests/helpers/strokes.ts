// Random seeded strokes for the tracking tests and the events benchmark: layouts, strokes aimed at a
// ball with a random cut, played one after another by the simulator into a clip with exact truth;
// and the scoring of what the tracker made of a clip against that truth.
import type { PocketId, SnookerBallId, Table } from '../../src/table/index.ts';
import { ballsOverlap, isOnBed, SNOOKER_COLOURS } from '../../src/table/index.ts';
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
import { pointMm } from '../../src/units.ts';
import type { Calibration } from '../../src/camera/index.ts';
import { cameraCentre } from '../../src/camera/index.ts';
import { parseScenario } from '../../src/sim/scenario.ts';
import { playScenario } from '../../src/sim/truth.ts';
import { makeClip, parseClipRender, playOptions } from '../../src/sim/render/clip.ts';
import { intersectPrimitive } from '../../src/sim/render/occluders.ts';
import type { Cover, LightChange, Occluder, Shot, TruthSample } from '../../src/tracking/index.ts';

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

/**
 * A stroke that tries to pot a random object ball in a random pocket: the cue ball sent at the ghost
 * ball (where it must be at contact to send the object ball at the pocket's mouth), with a small aim
 * error, if the cut is no thinner than 65°; otherwise a random stroke.
 */
export const potStroke = (
  balls: readonly SimBall[],
  rng: Rng,
  table: Table,
  minSpeed = 300,
  maxSpeed = 4000,
): CueAction => {
  const cue = balls.find((b) => b.id === 'cue');
  const targets = balls.filter((b) => b.id !== 'cue');
  if (!cue || targets.length === 0) throw new Error('a stroke needs a cue ball and another');
  for (let attempt = 0; attempt < 40; attempt++) {
    const target = targets[rng.int(0, targets.length)];
    const pocket = table.pockets[rng.int(0, table.pockets.length)];
    if (!target || !pocket) continue;
    const tx = pocket.mouthCentre.x - target.x;
    const ty = pocket.mouthCentre.y - target.y;
    const tl = Math.hypot(tx, ty);
    const gx = target.x - (tx / tl) * table.ballDiameter;
    const gy = target.y - (ty / tl) * table.ballDiameter;
    const ax = gx - cue.x;
    const ay = gy - cue.y;
    const al = Math.hypot(ax, ay);
    if (al < table.ballDiameter) continue;
    const cut = Math.acos((ax * tx + ay * ty) / (al * tl));
    if (cut > (65 * Math.PI) / 180) continue;
    const angle = Math.atan2(ay, ax) + rng.normal(0, 0.004);
    const speed = rng.uniform(minSpeed, maxSpeed);
    return {
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      side: rng.uniform(-0.3, 0.3),
      height: rng.uniform(-0.5, 0.5),
    };
  }
  return randomStroke(balls, rng, table, minSpeed, maxSpeed);
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

/** The truth samples in the shape the fault synthesiser reads. */
export const truthSamples =
  (clip: Clip) =>
  (t: number): readonly TruthSample[] =>
    clip.samplesAt(t);

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

const key = (p: { id: SnookerBallId; pocket: PocketId }): string => `${p.id}@${p.pocket}`;
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Score shots against a played clip: strokes matched by start time. */
export const scoreShots = (played: PlayedScenario, shots: readonly Shot[], label = ''): StrokeScore => {
  const failures: string[] = [];
  let found = 0;
  let right = 0;
  let potsTrue = 0;
  let potsFound = 0;
  let invented = 0;
  const used = new Set<number>();
  for (const [k, s] of played.strokes.entries()) {
    const r = s.result;
    potsTrue += r.potted.length;
    const i = shots.findIndex((x, j) => !used.has(j) && Math.abs(x.start - s.start) < 150);
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
    played: played.strokes.length,
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
  calibration: Calibration,
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
  readonly samplesAt: (t: number) => readonly TruthSample[];
  readonly cover: Cover;
  /** Where the light is not the room's usual: detection is noisier and misses more. */
  readonly lights: LightChange[];
}

/** A fixture scenario (fixtures/scenarios/*.json) played as the renderer plays it, with its players. */
export const fixtureClip = (json: unknown, calibration: Calibration): FixtureClip => {
  const scenario = parseScenario(json);
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
