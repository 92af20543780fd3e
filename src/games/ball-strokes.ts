// What the ball games share about a stroke as a move: the envelope round the game's own shot (the
// stroke's times, the balls' paths, where the balls stood before it, when they came to rest), and a
// followed stroke made into it. Snooker and black-ball pool differ only in their shot.
import { z } from 'zod';
import { err, ok, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import { mm } from '../core/units.ts';
import type { Table } from '../equipment/bed.ts';
import { placesForRules } from '../tracking/places.ts';
import type { RestingBall } from '../tracking/types.ts';
import {
  refuse,
  type EventMeta,
  type FollowedStroke,
  type MoveRunner,
  type MoveStatus,
  type Refusal,
  type SessionRequest,
} from './definition.ts';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/**
 * A stroke as the pipeline saw it (or a referee entered it): the game's `shot`, and around it what
 * every ball game keeps. `ids` are the game's ball ids; `most` the balls a set holds.
 */
export const strokeMoveSchema = <S extends z.ZodType, I extends string>(
  shot: S,
  ids: readonly [I, ...I[]],
  most: number,
) => {
  const ball = z.object({
    id: z.enum(ids),
    x: finite.transform((n) => mm(n)),
    y: finite.transform((n) => mm(n)),
  });
  const trail = z.object({
    track: z.string().max(32),
    id: z.enum(ids),
    points: z.array(z.tuple([finite, finite])).max(2000),
  });
  return z.object({
    shot,
    /** Stroke start and end, ms on the source's clock. */
    start: finite.default(0),
    end: finite.default(0),
    trails: z.array(trail).max(most).default([]),
    /**
     * Where the camera saw the balls just before the stroke: balls put back or placed from hand since
     * the last ruling stand where they were put, not where the rules last left them.
     */
    before: z.array(ball).max(most).optional(),
    /**
     * Wall-clock time (ms since 1970) the last ball came to rest, as the frames' arrival dates it:
     * what the latency of the ruling is measured from. Absent for a stroke entered by hand.
     */
    endedAt: finite.optional(),
  });
};

const round = (v: number): number => Math.round(v * 100) / 100;

/** Resting balls of the game's set, to the hundredth of a mm. */
export const ballsOf = <I extends string>(
  balls: readonly RestingBall[],
  isId: (id: string) => id is I,
): { id: I; x: number; y: number }[] =>
  balls.flatMap((b) => (isId(b.id) ? [{ id: b.id, x: round(b.x), y: round(b.y) }] : []));

/**
 * A followed stroke's envelope for the session's move: its times, the trails of the game's balls,
 * where the balls stood before and came to rest after (as the rules take them), when they stopped.
 */
export const strokeEnvelope = <I extends string>(
  table: Table,
  stroke: FollowedStroke,
  isId: (id: string) => id is I,
) => {
  const { shot } = stroke;
  const places = placesForRules(table, shot);
  return {
    after: ballsOf(places.after, isId),
    start: shot.start,
    end: shot.end,
    ...(stroke.endedAt !== undefined ? { endedAt: stroke.endedAt } : {}),
    trails: stroke.trails.flatMap((t) =>
      isId(t.id)
        ? [{ track: t.track, id: t.id, points: t.points.map(([x, y]) => [x, y] as [number, number]) }]
        : [],
    ),
    before: ballsOf(places.before, isId),
  };
};

/**
 * The state `referee run --state` gives: the game's state as `referee rule` takes it, or any object
 * holding one under `state` (a ruling line of an earlier run, a `referee rule` input or output).
 */
export const innerState = (json: unknown): unknown =>
  json !== null && typeof json === 'object' && 'state' in json ? (json as { state: unknown }).state : json;

/** What a ball game's `referee run` runner needs of its session. */
export interface StrokeRunnerParts<M, V> {
  /** The match to start from: a new one, or one whose frame is the `--state` given. */
  readonly match: M;
  /** No state given: the first stroke's frame is set up from the balls the camera saw before it. */
  readonly fresh: boolean;
  readonly moveSchema: z.ZodType<V>;
  /** A new frame from the balls as seen before its first stroke; why not, where it cannot be played from. */
  readonly setUp: (m: M, before: NonNullable<StrokeBefore<V>>) => Result<M, string>;
  readonly record: (m: M, move: V, meta: EventMeta) => M;
}

type StrokeBefore<V> = V extends { readonly before?: infer B } ? B : never;

/**
 * Rules on one stroke after another, each from where the last left the frame; a new frame (from the
 * start, or after one ends) is set up from the balls as the camera saw them before its first stroke.
 */
export const strokeRunner = <
  M extends {
    readonly strokes: readonly {
      readonly output: { readonly frameOver: boolean } | null;
      readonly rejected: string | null;
    }[];
  },
  V extends { readonly before?: readonly unknown[] | undefined },
>(
  parts: StrokeRunnerParts<M, V>,
): MoveRunner => {
  let m = parts.match;
  let fresh = parts.fresh;
  let seq = 0;
  return {
    rule: (json) => {
      const move = parts.moveSchema.safeParse(json);
      if (!move.success) return err(move.error.issues[0]?.message ?? 'not a stroke');
      if (fresh) {
        const setUp = parts.setUp(m, (move.data.before ?? []) as NonNullable<StrokeBefore<V>>);
        if (!setUp.ok) return setUp;
        m = setUp.value;
      }
      m = parts.record(m, move.data, { seq: ++seq, by: 'pipeline', at: 0 });
      const record = m.strokes.at(-1);
      if (!record?.output) return err(record?.rejected ?? 'the rules could not rule on the stroke');
      // After a frame ends the match racks the next by itself; `run` sets each new frame up from the
      // balls it sees, so the next stroke starts afresh.
      fresh = record.output.frameOver;
      return ok(record.output);
    },
  };
};

/**
 * Undo's words for a ball game's own stroke events: the stroke as seen, its confirmation, its override
 * (the game words its referee actions itself).
 */
export const strokeEventWords = (
  r: Exclude<SessionRequest, { type: 'action' }>,
  strokes: z.ZodType<{ readonly shot: { readonly potted: readonly string[] } }>,
): { what: string; move?: number } => {
  switch (r.type) {
    case 'move': {
      const move = strokes.safeParse(r.move);
      const potted =
        move.success && move.data.shot.potted.length ? `, ${move.data.shot.potted.join(', ')} potted` : '';
      return { what: `the stroke as the camera saw it${potted}` };
    }
    case 'confirm':
      return { what: `the confirmation of stroke ${r.move + 1}`, move: r.move };
    case 'override':
      return { what: `the override of stroke ${r.move + 1}`, move: r.move };
  }
};

/** Where the referee's decisions leave a stroke's ruling. */
export type RulingStatus = MoveStatus['status'];

/** A stroke's record as far as the referee's decisions on it go. */
interface DecidedStroke {
  readonly stroke: number;
  readonly ruling: unknown;
  readonly status: RulingStatus;
}

/**
 * What a ball game's stroke record keeps of the move as it came and of who sent it: its times and the
 * balls' paths, its ruling proposed (no one has confirmed it yet).
 */
export const proposedStroke = <T>(
  move: { readonly start: number; readonly end: number; readonly endedAt?: number; readonly trails: T },
  meta: EventMeta,
) => ({
  start: move.start,
  end: move.end,
  ...(move.endedAt !== undefined ? { endedAt: move.endedAt } : {}),
  trails: move.trails,
  status: 'proposed' as const,
  by: meta.by,
  seq: meta.seq,
});

/** A stroke's standing for the core's log: ruled or not, and the ruling as shown. */
export const strokeStatus = (s: DecidedStroke & { readonly output: object | null }): MoveStatus => ({
  move: s.stroke,
  status: s.status,
  ruled: s.ruling !== null,
  ruling: s.output ? { ...s.output } : null,
});

/** May the referee confirm this stroke's ruling now? */
const checkConfirm = (
  strokes: readonly DecidedStroke[],
  request: Extract<SessionRequest, { type: 'confirm' }>,
): Result<SessionRequest, Refusal> => {
  const s = strokes.find((x) => x.stroke === request.move);
  if (!s) return refuse(`no stroke ${request.move}`, 'move');
  if (!s.ruling) return refuse(`stroke ${request.move} has no ruling to confirm: override it first`, 'move');
  if (s.status === 'confirmed') return refuse(`stroke ${request.move} is already confirmed`, 'move');
  return ok(request);
};

/**
 * May the referee restate this stroke now? Only the last stroke can be ruled on again, and only while
 * nothing has set the table afresh since it (`setUpSince`: why not, when something has).
 */
const checkOverride = (
  strokes: readonly DecidedStroke[],
  request: Extract<SessionRequest, { type: 'override' }>,
  shot: z.ZodType,
  setUpSince?: string,
): Result<SessionRequest, Refusal> => {
  if (strokes.at(-1)?.stroke !== request.move) return refuse('only the last stroke can be changed', 'move');
  if (setUpSince) return refuse(setUpSince, 'move');
  const restated = parseWith(shot, request.restated, 'INVALID_INPUT', 'shot');
  if (!restated.ok) return refuse(restated.error.message, restated.error.field);
  return ok({ type: 'override', move: request.move, restated: restated.value });
};

/**
 * The requests every ball game checks alike: a stroke seen (refused with `closed`, e.g. the match is
 * over), its confirmation, its override (refused with `setUpSince` once the table has been set afresh).
 */
export const checkStrokeRequest = (
  strokes: readonly DecidedStroke[],
  request: Exclude<SessionRequest, { type: 'action' }>,
  schemas: { readonly move: z.ZodType; readonly shot: z.ZodType },
  refusals: { readonly closed?: string | null; readonly setUpSince?: string },
): Result<SessionRequest, Refusal> => {
  switch (request.type) {
    case 'move': {
      if (refusals.closed) return refuse(refusals.closed);
      const move = parseWith(schemas.move, request.move);
      if (!move.ok) return refuse(move.error.message, move.error.field);
      return ok({ type: 'move', move: move.value });
    }
    case 'confirm':
      return checkConfirm(strokes, request);
    case 'override':
      return checkOverride(strokes, request, schemas.shot, refusals.setUpSince);
  }
};

/** The strokes with this one's ruling confirmed by `by` (a stroke with no ruling has none to confirm). */
export const confirmStroke = <R extends DecidedStroke>(
  strokes: readonly R[],
  stroke: number,
  by: string,
): R[] =>
  strokes.map((s) => (s.stroke === stroke && s.ruling ? { ...s, status: 'confirmed' as const, by } : s));

/**
 * The last stroke's shot with a foul only a person sees added to it (once), for the rules to rule on
 * again; null when `stroke` is not the last (only the last stroke can be changed).
 */
export const shotWithFoul = <F extends string, S extends { readonly fouls: readonly F[] }>(
  strokes: readonly { readonly stroke: number; readonly shot: S }[],
  stroke: number,
  foul: F,
): S | null => {
  const last = strokes.at(-1);
  if (!last || last.stroke !== stroke) return null;
  return last.shot.fouls.includes(foul) ? last.shot : { ...last.shot, fouls: [...last.shot.fouls, foul] };
};

interface PlacedBall {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/**
 * Where the balls came to rest, once the referee has restated what left the table: a ball now said to
 * have gone is taken off the recorded rest positions; a ball now said to have stayed is put back where
 * it stood before the stroke (the camera never saw it move). Ids may repeat (snooker's reds).
 */
export const restateAfter = <B extends PlacedBall>(
  recorded: {
    readonly after?: readonly B[];
    readonly potted: readonly string[];
    readonly offTable: readonly string[];
  },
  restated: { readonly potted: readonly string[]; readonly offTable: readonly string[] },
  before: readonly B[],
): B[] | undefined => {
  if (!recorded.after) return undefined;
  const after = [...recorded.after];
  const was = [...recorded.potted, ...recorded.offTable];
  const now = [...restated.potted, ...restated.offTable];
  // a − b as multisets: two reds said gone where one was is one more red gone.
  const minus = (a: readonly string[], b: readonly string[]): string[] => {
    const left = [...b];
    return a.filter((id) => {
      const i = left.indexOf(id);
      if (i < 0) return true;
      left.splice(i, 1);
      return false;
    });
  };
  for (const id of minus(now, was)) {
    const i = after.findIndex((b) => b.id === id);
    if (i >= 0) after.splice(i, 1);
  }
  for (const id of minus(was, now)) {
    const back = before.find(
      (b) => b.id === id && !after.some((a) => a.id === id && a.x === b.x && a.y === b.y),
    );
    if (back) after.push(back);
  }
  return after;
};

/** What every ball game's export row (a row a stroke) starts with: which stroke, in which frame, by whom. */
export type StrokeRowHead = {
  readonly frame: number;
  readonly stroke: number;
  readonly striker: number;
};

/** What every ball game's export row ends with: the ruling's standing, who decided it, the times. */
export type StrokeRowTail = {
  readonly status: string;
  readonly by: string;
  /** The stroke's start and end, ms on the source's clock. */
  readonly start: number;
  readonly end: number;
  /** Wall-clock time its last ball stopped (ms since 1970), for a stroke the pipeline saw; else null. */
  readonly endedAt: number | null;
};

type RecordedStroke = StrokeRowHead & Omit<StrokeRowTail, 'endedAt'> & { readonly endedAt?: number };

export const HEAD_COLUMNS = ['frame', 'stroke', 'striker'] as const;
export const TAIL_COLUMNS = ['status', 'by', 'start', 'end', 'endedAt'] as const;

/** A row of a ball game's export: the shared head and tail round the game's own columns `C`. */
export type StrokeRowOf<C> = StrokeRowHead & C & StrokeRowTail;

/** A stroke's export row: the shared head and tail round the game's own columns. */
const strokeRow = <R extends RecordedStroke, C extends object>(s: R, own: (s: R) => C): StrokeRowOf<C> => ({
  frame: s.frame,
  stroke: s.stroke,
  striker: s.striker,
  ...own(s),
  status: s.status,
  by: s.by,
  start: s.start,
  end: s.end,
  endedAt: s.endedAt ?? null,
});

/** The strokes' export rows: the whole match, or one frame of it when `frame` is given. */
export const strokeRows = <R extends RecordedStroke, C extends object>(
  strokes: readonly R[],
  frame: number | undefined,
  own: (s: R) => C,
): StrokeRowOf<C>[] =>
  strokes.filter((s) => frame === undefined || s.frame === frame).map((s) => strokeRow(s, own));

/** A stroke's foul reasons for the export, or why the rules could not rule on it. */
export const foulReasonsOf = (s: {
  readonly ruling: { readonly foul?: { readonly reasons: readonly string[] } | null } | null;
  readonly rejected: string | null;
}): string => (s.ruling ? (s.ruling.foul?.reasons.join('; ') ?? '') : `not ruled: ${s.rejected ?? ''}`);
