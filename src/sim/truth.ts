// A scenario played out, and the exact truth a clip of it is checked against (docs/formats.md §7
// truth.json): where every ball is at each frame, and each stroke's events, first contact, pots and
// rest positions. Times are ms from the clip's first frame.
import type { PocketId, Table } from '../equipment/index.ts';
import type { BallId } from '../equipment/pieces.ts';
import {
  simulateStroke,
  type BallSample,
  type PhysicsOptions,
  type SimBall,
  type SimEvent,
  type StrokeResult,
} from './physics/index.ts';
import type { Scenario } from './scenario.ts';

export interface PlayOptions {
  /** Still time before the first stroke, ms. */
  readonly leadMs?: number;
  /** Still time from the moment every ball has stopped to the next strike, ms. */
  readonly gapMs?: number;
  /** Still time after the last stroke, ms. */
  readonly tailMs?: number;
  readonly physics?: Partial<PhysicsOptions>;
}

export const DEFAULT_PLAY = { leadMs: 0, gapMs: 1000, tailMs: 1000 } as const;

export interface PlayedScenario {
  readonly table: Table;
  /** Each stroke with its start, ms from the clip's first frame. */
  readonly strokes: readonly { readonly start: number; readonly result: StrokeResult }[];
  readonly totalMs: number;
  /** The balls before the first stroke. */
  readonly before: readonly SimBall[];
}

/**
 * Play the strokes one after another, each from where the last left the balls (a cue ball that went
 * in is placed where the game's striker would put it); a still gap between strokes.
 */
export const playScenario = (s: Scenario, options: PlayOptions = {}): PlayedScenario => {
  const leadMs = options.leadMs ?? DEFAULT_PLAY.leadMs;
  const gapMs = options.gapMs ?? DEFAULT_PLAY.gapMs;
  const tailMs = options.tailMs ?? DEFAULT_PLAY.tailMs;
  const strokes: { start: number; result: StrokeResult }[] = [];
  let balls: SimBall[] = s.balls;
  let t = leadMs;
  for (const [k, stroke] of s.strokes.entries()) {
    if (k > 0) t += gapMs;
    if (!balls.some((b) => b.id === 'cue'))
      balls = [{ track: 'cue', id: 'cue', ...s.game.placeCueBall(s.table, balls) }, ...balls];
    const result = simulateStroke(s.table, balls, stroke.cue, options.physics);
    strokes.push({ start: t, result });
    t += result.duration;
    balls = [...result.rest];
  }
  return { table: s.table, strokes, totalMs: t + tailMs, before: s.balls };
};

const atRest = (b: SimBall, R: number): BallSample => ({
  track: b.track,
  id: b.id,
  x: b.x,
  y: b.y,
  vx: 0,
  vy: 0,
  state: 'table',
  z: R,
});

/** Every ball at `tMs` from the clip's first frame (clamped to the clip). */
export const positionsAt = (p: PlayedScenario, tMs: number): BallSample[] => {
  let last: { start: number; result: StrokeResult } | undefined;
  for (const s of p.strokes) if (s.start <= tMs) last = s;
  if (!last) return p.before.map((b) => atRest(b, p.table.ballRadius));
  return last.result.at(Math.min(tMs - last.start, last.result.duration));
};

/** A cue ball in hand is placed on the cloth this long before the stroke that plays it (ms). */
export const CUE_PLACED_BEFORE_MS = 500;

/**
 * Every ball at `tMs` as the camera sees it: where the physics has them, and a cue ball in hand on the
 * cloth where the striker placed it from `CUE_PLACED_BEFORE_MS` before the stroke (playScenario puts it
 * there only at the strike; a ball appearing as it is struck is no stroke a camera could follow).
 */
export const visibleAt = (p: PlayedScenario, tMs: number): BallSample[] => {
  const now = positionsAt(p, tMs);
  if (now.some((b) => b.id === 'cue' && b.state === 'table')) return now;
  const next = p.strokes.find((s) => s.start > tMs);
  const cue =
    next && tMs >= next.start - CUE_PLACED_BEFORE_MS
      ? next.result.at(0).find((b) => b.id === 'cue')
      : undefined;
  return cue ? [...now.filter((b) => b.id !== 'cue'), { ...cue, vx: 0, vy: 0 }] : now;
};

/** A stroke event in truth.json: clip time, ids as docs/formats.md §7, tracks alongside. */
export type TruthEvent = SimEvent;

export interface TruthBall {
  readonly id: BallId;
  readonly track: string;
  readonly x: number;
  readonly y: number;
}

export interface TruthStroke {
  readonly start: number;
  readonly end: number;
  readonly firstContact: readonly BallId[];
  readonly events: readonly TruthEvent[];
  readonly potted: readonly {
    readonly id: BallId;
    readonly track: string;
    readonly pocket: PocketId;
  }[];
  /** Balls that left the table other than into a pocket: the simulator keeps every ball on the bed. */
  readonly offTable: readonly { readonly id: BallId; readonly track: string }[];
  readonly rest: readonly TruthBall[];
}

/** docs/formats.md §7 truth.json. */
export interface TruthJson {
  readonly fps: number;
  readonly calibration: unknown;
  readonly frames: readonly { readonly t: number; readonly balls: readonly TruthBall[] }[];
  readonly strokes: readonly TruthStroke[];
}

/** Truth is written to the micrometre and the microsecond: exact for any test, and a readable file. */
const fine = (v: number): number => Math.round(v * 1000) / 1000;

const truthBall = (b: { id: BallId; track: string; x: number; y: number }): TruthBall => ({
  id: b.id,
  track: b.track,
  x: fine(b.x),
  y: fine(b.y),
});

/**
 * The truth of a played scenario, sampled at `fps`: frame k is at k·1000/fps ms, up to the clip's end.
 * A frame lists the balls on the cloth; a ball dropping into a pocket is no longer on it.
 * `fps` must be positive (the CLI checks what a user gives).
 */
export const makeTruth = (p: PlayedScenario, fps: number, calibrationJson: unknown): TruthJson => {
  if (!(fps > 0) || !Number.isFinite(fps))
    throw new RangeError(`makeTruth: fps must be positive, got ${fps}`);
  const frames: { t: number; balls: TruthBall[] }[] = [];
  const count = Math.floor((p.totalMs * fps) / 1000 + 1e-9) + 1;
  for (let k = 0; k < count; k++) {
    const t = (k * 1000) / fps;
    frames.push({
      t: fine(t),
      balls: positionsAt(p, t)
        .filter((b) => b.state === 'table')
        .map(truthBall),
    });
  }
  const strokes = p.strokes.map(({ start, result }): TruthStroke => ({
    start: fine(start),
    end: fine(start + result.duration),
    firstContact: result.firstContact,
    events: result.events.map((e) => ({ ...e, t: fine(start + e.t) })),
    potted: result.potted,
    offTable: [],
    rest: result.rest.map(truthBall),
  }));
  return { fps, calibration: calibrationJson, frames, strokes };
};
