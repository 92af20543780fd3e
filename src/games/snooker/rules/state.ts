// The frame as `referee rule` sees it (docs/formats.md §4): the state before a stroke, the stroke, and
// the parse/make pair that turns JSON into checked values and back (chessops' parseFen/makeFen).
// Parsing is two steps: the schema (is it of the right form?) and `checkState` / `checkShot` (can it
// happen on a snooker table?), each error naming the field that was wrong.
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import { parseWith } from '../../../core/schema.ts';
import { ballsOverlap, isOnBed, type Table } from '../../../equipment/index.ts';
import { SNOOKER_BALL_IDS, SNOOKER_COLOURS, SNOOKER_REDS, type SnookerBallId } from '../equipment.ts';
import { mm, type Mm } from '../../../core/units.ts';
import {
  COLOUR_SEQUENCE,
  REFEREE_FOULS,
  type ObjectBallId,
  type On,
  type Player,
  type RefereeFoul,
} from './values.ts';

export { REFEREE_FOULS, type RefereeFoul };

/** A ball at rest on the bed, centre in table millimetres (docs/formats.md §1). */
export interface Ball {
  readonly id: SnookerBallId;
  readonly x: Mm;
  readonly y: Mm;
}

export interface FrameState {
  readonly scores: readonly [number, number];
  readonly striker: Player;
  readonly on: On;
  /** The striker was awarded a free ball for this stroke (WPBSA 3.12). */
  readonly freeBall: boolean;
  /** The frame is in a re-spotted black (WPBSA 3.4). */
  readonly respottedBlack: boolean;
  /** Every ball on the table; the cue ball is absent while in hand. */
  readonly balls: readonly Ball[];
  /** The cue ball is to be played from the D (WPBSA 3.5). A cue ball listed with it is where it was placed. */
  readonly cueInHand: boolean;
  /** The striker's break so far (WPBSA 2.8). */
  readonly break: number;
  readonly highestBreak: readonly [number, number];
  /**
   * Misses in a row from this same position while a full-ball contact on a ball on was available
   * (WPBSA 3.14): 1 after the first such miss is replayed, 2 after the second (the striker warned).
   */
  readonly consecutiveMisses: number;
  /** The balls as they stood before the stroke that led here, for "replace the balls" after a miss. */
  readonly previous?: readonly Ball[];
  readonly frameOver: boolean;
  readonly winner: Player | null;
}

export interface Shot {
  /** The colour nominated after a red, or the ball nominated as the free ball. */
  readonly nominated?: ObjectBallId;
  /** Ball(s) the cue ball touched first; two ids are a simultaneous contact, [] none. */
  readonly firstContact: readonly ObjectBallId[];
  readonly potted: readonly SnookerBallId[];
  readonly offTable: readonly SnookerBallId[];
  /** Where every ball still on the table came to rest; absent: where they were. */
  readonly after?: readonly Ball[];
  readonly fouls: readonly RefereeFoul[];
  /** Extension: who plays first if this stroke leads to a re-spotted black, as drawn by lot (WPBSA 3.4). */
  readonly lot?: Player;
  /** Extension: the striker concedes the frame instead of playing (WPBSA 3.4). */
  readonly concede?: boolean;
  /** Extension: the balls touched with other than the tip, for a `touchedBall` foul's value (WPBSA 3.10(b)). */
  readonly touched?: readonly ObjectBallId[];
}

export interface RuleInput {
  readonly game: 'snooker';
  readonly state: FrameState;
  readonly shot: Shot;
}

const OBJECT_BALL_IDS = ['red', ...SNOOKER_COLOURS] as const satisfies readonly ObjectBallId[];
const ON_VALUES = ['red', 'colour', ...SNOOKER_COLOURS] as const satisfies readonly On[];

const player = z.literal([0, 1]);
const points = z.number().int().min(0);
const coordinate = z.number().transform((n) => mm(n));
const ballSchema = z.object({ id: z.enum(SNOOKER_BALL_IDS), x: coordinate, y: coordinate });

export const frameStateSchema = z.object({
  scores: z.tuple([points, points]),
  striker: player,
  on: z.enum(ON_VALUES),
  freeBall: z.boolean().default(false),
  respottedBlack: z.boolean().default(false),
  balls: z.array(ballSchema),
  cueInHand: z.boolean().default(false),
  break: points.default(0),
  highestBreak: z.tuple([points, points]).default([0, 0]),
  consecutiveMisses: points.default(0),
  previous: z.array(ballSchema).optional(),
  frameOver: z.boolean().default(false),
  winner: player.nullable().default(null),
});

export const shotSchema = z.object({
  nominated: z.enum(OBJECT_BALL_IDS).optional(),
  // Required unless the striker concedes; checked in `checkShot` so the message names the field.
  firstContact: z.array(z.enum(OBJECT_BALL_IDS)).optional(),
  potted: z.array(z.enum(SNOOKER_BALL_IDS)).default([]),
  offTable: z.array(z.enum(SNOOKER_BALL_IDS)).default([]),
  after: z.array(ballSchema).optional(),
  fouls: z.array(z.enum(REFEREE_FOULS)).default([]),
  lot: player.optional(),
  concede: z.boolean().optional(),
  touched: z.array(z.enum(OBJECT_BALL_IDS)).optional(),
});

export const ruleInputSchema = z.object({
  game: z.literal('snooker').default('snooker'),
  state: frameStateSchema,
  shot: shotSchema,
});

/** Balls measured by a camera can come out a fraction closer than touching (brief: 0.5 mm). */
export const OVERLAP_TOLERANCE_MM = 0.5;

const impossible = (message: string, field: string): Result<never> =>
  err(refereeError('IMPOSSIBLE_STATE', message, field));

const count = (ids: readonly SnookerBallId[], id: SnookerBallId): number =>
  ids.filter((i) => i === id).length;

/** Check a list of balls: each on the bed, none overlapping, no more than a full set. */
const checkBalls = (table: Table, balls: readonly Ball[], field: string): Result<true> => {
  const seen: SnookerBallId[] = [];
  for (const [i, b] of balls.entries()) {
    const here = `${field}[${i}]`;
    if (!isOnBed(table, b)) return impossible(`the ${b.id} at (${b.x}, ${b.y}) is not on the bed`, here);
    const twin = balls.slice(0, i).findIndex((o) => ballsOverlap(table, o, b, OVERLAP_TOLERANCE_MM));
    if (twin >= 0) return impossible(`the ${b.id} overlaps ${field}[${twin}] (${balls[twin]?.id})`, here);
    if (b.id === 'red' && count(seen, 'red') >= SNOOKER_REDS)
      return impossible(`more than ${SNOOKER_REDS} reds`, here);
    if (b.id !== 'red' && seen.includes(b.id)) return impossible(`a second ${b.id} ball`, here);
    seen.push(b.id);
  }
  return ok(true);
};

/** Can the striker be on `on` with these balls on the table (WPBSA 3.3)? A reason if not. */
const onProblem = (on: On, ids: readonly SnookerBallId[]): string | null => {
  const reds = count(ids, 'red');
  const colours = COLOUR_SEQUENCE.filter((c) => ids.includes(c));
  if (on === 'red') return reds > 0 ? null : 'on red with no red on the table';
  if (on === 'colour') return colours.length > 0 ? null : 'on a colour with no colour on the table';
  if (reds > 0) return `on the ${on} with reds still on the table`;
  if (!ids.includes(on)) return `on the ${on}, which is not on the table`;
  const lower = colours.find((c) => COLOUR_SEQUENCE.indexOf(c) < COLOUR_SEQUENCE.indexOf(on));
  return lower ? `on the ${on} with the ${lower} still on the table` : null;
};

/** Can this state happen on a snooker table? */
export const checkState = (table: Table, state: FrameState): Result<FrameState> => {
  const balls = checkBalls(table, state.balls, 'state.balls');
  if (!balls.ok) return balls;
  const ids = state.balls.map((b) => b.id);
  if (!state.cueInHand && !ids.includes('cue'))
    return impossible('no cue ball on the table and the cue ball is not in hand', 'state.balls');
  if (state.previous) {
    const previous = checkBalls(table, state.previous, 'state.previous');
    if (!previous.ok) return previous;
  }
  if (state.frameOver) return ok(state);
  const problem = onProblem(state.on, ids);
  if (problem) return impossible(problem, 'state.on');
  if (state.respottedBlack && (state.on !== 'black' || ids.some((id) => id !== 'cue' && id !== 'black')))
    return impossible(
      'a re-spotted black has only the black on the table, and the black on',
      'state.respottedBlack',
    );
  if (state.freeBall && state.on === 'colour')
    return impossible(
      'a free ball is awarded at the start of a turn, never on a colour after a red',
      'state.freeBall',
    );
  if (state.winner !== null) return impossible('a winner while the frame is not over', 'state.winner');
  return ok(state);
};

/** The ids still on the table after the stroke (the multiset before, less potted and off). */
const remainingIds = (state: FrameState, shot: Shot): SnookerBallId[] => {
  const left: SnookerBallId[] = state.balls.map((b) => b.id);
  if (state.cueInHand && !left.includes('cue')) left.push('cue');
  for (const id of [...shot.potted, ...shot.offTable]) {
    const i = left.indexOf(id);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
};

const sameMultiset = (a: readonly SnookerBallId[], b: readonly SnookerBallId[]): boolean =>
  a.length === b.length && SNOOKER_BALL_IDS.every((id) => count(a, id) === count(b, id));

/** Can this stroke happen from this state? */
export const checkShot = (table: Table, state: FrameState, shot: Shot): Result<Shot> => {
  if (state.frameOver) return impossible('the frame is over; there is no stroke to rule', 'state.frameOver');
  if (shot.concede) return ok(shot);
  const ids = state.balls.map((b) => b.id);
  // The cue ball in hand is played from the D even when its placing is not given.
  const present = state.cueInHand && !ids.includes('cue') ? [...ids, 'cue' as const] : ids;
  const lists: ReadonlyArray<readonly [string, readonly SnookerBallId[]]> = [
    ['shot.firstContact', shot.firstContact],
    ['shot.touched', shot.touched ?? []],
  ];
  for (const [field, list] of lists) {
    for (const [i, id] of list.entries()) {
      if (count(list.slice(0, i + 1), id) > count(ids, id))
        return impossible(`the ${id} was not on the table before the stroke`, `${field}[${i}]`);
    }
  }
  const gone = [
    ...shot.potted.map((id) => ['shot.potted', id] as const),
    ...shot.offTable.map((id) => ['shot.offTable', id] as const),
  ];
  const goneSoFar: SnookerBallId[] = [];
  const index = { 'shot.potted': 0, 'shot.offTable': 0 };
  for (const [field, id] of gone) {
    goneSoFar.push(id);
    const i = index[field]++;
    if (count(goneSoFar, id) > count(present, id))
      return impossible(`the ${id} was not on the table before the stroke`, `${field}[${i}]`);
  }
  // A nomination matters after a red (the colour on) and with a free ball (the free ball); on a red
  // or a colour in sequence it names nothing the stroke depends on (the contract's own example
  // nominates the black while on a red that is potted) and is ignored.
  const nominationCounts = state.on === 'colour' || state.freeBall;
  if (nominationCounts && shot.nominated !== undefined) {
    if (shot.nominated === 'red' && state.on !== 'red')
      return impossible(`a red cannot be nominated when on ${state.on}`, 'shot.nominated');
    if (!ids.includes(shot.nominated))
      return impossible(`the ${shot.nominated} is not on the table`, 'shot.nominated');
  }
  if (shot.after) {
    const after = checkBalls(table, shot.after, 'shot.after');
    if (!after.ok) return after;
    const expected = remainingIds(state, shot);
    if (
      !sameMultiset(
        shot.after.map((b) => b.id),
        expected,
      )
    )
      return impossible(
        `must list exactly the balls left on the table: ${expected.join(', ') || 'none'}`,
        'shot.after',
      );
  } else if (
    state.cueInHand &&
    !ids.includes('cue') &&
    !shot.potted.includes('cue') &&
    !shot.offTable.includes('cue')
  ) {
    return impossible('where the cue ball came to rest is needed when it was played from hand', 'shot.after');
  }
  return ok(shot);
};

/** Schema, then what can happen: the state, then the stroke from it. */
export const parseRuleInputOn = (table: Table, json: unknown): Result<RuleInput> => {
  const parsed = parseWith(ruleInputSchema, json);
  if (!parsed.ok) return parsed;
  const { game, state, shot: rawShot } = parsed.value;
  if (rawShot.firstContact === undefined && !rawShot.concede)
    return err(
      refereeError(
        'INVALID_INPUT',
        'required: the ball(s) the cue ball touched first ([] for none)',
        'shot.firstContact',
      ),
    );
  const shot: Shot = stripUndefined({ ...rawShot, firstContact: rawShot.firstContact ?? [] });
  const checkedState = checkState(table, state);
  if (!checkedState.ok) return checkedState;
  const checkedShot = checkShot(table, state, shot);
  if (!checkedShot.ok) return checkedShot;
  return ok({ game, state, shot });
};

/**
 * A state on its own (docs/formats.md §4 `state`, as a ruling's `state` gives it back): the schema, then
 * that it can happen. Errors name the field from `state`.
 */
export const parseFrameState = (table: Table, json: unknown): Result<FrameState> => {
  const parsed = parseWith(frameStateSchema, json, 'INVALID_INPUT', 'state');
  if (!parsed.ok) return parsed;
  return checkState(table, parsed.value);
};

const stripUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** The JSON form of a ball (plain numbers). */
export const makeBall = (b: Ball): { id: SnookerBallId; x: number; y: number } => ({
  id: b.id,
  x: b.x,
  y: b.y,
});

/** The JSON form of a state: the same schema as the input's `state`, so strokes chain. */
export const makeState = (s: FrameState): Record<string, unknown> => ({
  scores: [s.scores[0], s.scores[1]],
  striker: s.striker,
  on: s.on,
  freeBall: s.freeBall,
  respottedBlack: s.respottedBlack,
  balls: s.balls.map(makeBall),
  cueInHand: s.cueInHand,
  break: s.break,
  highestBreak: [s.highestBreak[0], s.highestBreak[1]],
  consecutiveMisses: s.consecutiveMisses,
  ...(s.previous ? { previous: s.previous.map(makeBall) } : {}),
  frameOver: s.frameOver,
  winner: s.winner,
});

/** A ball at (x, y) in table millimetres. */
export const ballAt = (id: SnookerBallId, x: number, y: number): Ball => ({ id, x: mm(x), y: mm(y) });
