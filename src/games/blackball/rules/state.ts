// The frame as `referee rule` sees it for `"game": "blackball"` (docs/formats.md §8): the state
// before a stroke, the stroke, and the parse/make pair that turns JSON into checked values and
// back. Parsing is two steps, as for snooker: the schema (is it of the right form?), then
// `checkState` / `checkShot` (can it happen on this bed?), each error naming the field.
//
// Unknown extra fields are stripped (zod objects' default), as in the snooker schema.
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import { parseWith } from '../../../core/schema.ts';
import { mm } from '../../../core/units.ts';
import {
  BALL_IDS,
  CUE,
  GROUPS,
  OBJECT_BALL_IDS,
  ballsOverlap,
  bedOf,
  bedSchema,
  inCabin,
  isOnBed,
  type Ball,
  type BallId,
  type Bed,
  type Group,
  type ObjectBallId,
} from '../equipment.ts';

export type Player = 0 | 1;
export const opponent = (p: Player): Player => (p === 0 ? 1 : 0);

/** `[group of player 0, group of player 1]`. */
export type Groups = readonly [Group, Group];

/** Fouls only a person sees, reported by the referee (docs/formats.md §8 `shot.fouls`). */
export const REFEREE_FOULS = [
  'push',
  'doubleHit',
  'jump',
  'ballsMoving',
  'touchedBall',
  'playedIntoTouching',
  'intentionalWrongBall',
  'noAttempt',
] as const;
export type RefereeFoul = (typeof REFEREE_FOULS)[number];

export interface FrameState {
  readonly striker: Player;
  /** This stroke is the opening shot (seed 2.5). */
  readonly break: boolean;
  /** `null` while the table is open (seed 2.6). */
  readonly groups: Groups | null;
  /** The striker has a free kick (seed 2.1): rule 3.2 does not apply to this stroke. */
  readonly freeKick: boolean;
  /** The cue ball is in hand in the cabin (seed 2.8); if listed in `balls`, where it was placed. */
  readonly cueInHand: boolean;
  /** Each player's consecutive fouls so far (seed 3.5). */
  readonly fouls: readonly [number, number];
  /** The referee has announced the striker snookered (seed 2.10: rule 3.3 is off). */
  readonly snookered: boolean;
  /** The balls on the table before the stroke. */
  readonly balls: readonly Ball[];
  /** Extension: the frame is over (a ruling's `state` after a win or a loss of frame). */
  readonly frameOver: boolean;
  /** Extension: who won, once the frame is over. */
  readonly winner: Player | null;
}

export interface Shot {
  /** Ball(s) the cue ball touched first; two ids are a simultaneous contact, [] none. */
  readonly firstContact: readonly ObjectBallId[];
  readonly potted: readonly BallId[];
  readonly offTable: readonly BallId[];
  /** After the first contact, some ball touched a cushion (seed 3.3). */
  readonly cushionAfterContact: boolean;
  /** Object balls that crossed the centre line during the stroke (seed 2.5(b)). */
  readonly crossedCentre: readonly ObjectBallId[];
  /** Where every ball still on the table came to rest; absent: where they were. */
  readonly after?: readonly Ball[];
  readonly fouls: readonly RefereeFoul[];
  /**
   * Extension (seed 2.8): the cue ball lay in the cabin when it was struck. Only the camera gives it;
   * absent, nothing is claimed.
   */
  readonly cueInCabin?: boolean;
  /**
   * Extension (seed 3.4): the first ball the cue ball touched lay in the cabin, and the cue ball had
   * not crossed the head line before touching it. Absent, nothing is claimed.
   */
  readonly cabinContact?: boolean;
}

export interface RuleInput {
  readonly game: 'blackball';
  readonly bed: Bed;
  readonly state: FrameState;
  readonly shot: Shot;
}

const player = z.literal([0, 1]);
const coordinate = z.number().transform((n) => mm(n));
export const ballSchema = z.object({ id: z.enum(BALL_IDS), x: coordinate, y: coordinate });
const foulCount = z.number().int().min(0);
const group = z.enum(GROUPS);

export const groupsSchema = z
  .tuple([group, group])
  .refine(([a, b]) => a !== b, { message: 'the two players must have different groups' });

export const frameStateSchema = z.object({
  striker: player,
  break: z.boolean().default(false),
  groups: groupsSchema.nullable().default(null),
  freeKick: z.boolean().default(false),
  cueInHand: z.boolean().default(false),
  fouls: z.tuple([foulCount, foulCount]).default([0, 0]),
  snookered: z.boolean().default(false),
  balls: z.array(ballSchema),
  frameOver: z.boolean().default(false),
  winner: player.nullable().default(null),
});

export const shotSchema = z.object({
  firstContact: z.array(z.enum(OBJECT_BALL_IDS)),
  potted: z.array(z.enum(BALL_IDS)).default([]),
  offTable: z.array(z.enum(BALL_IDS)).default([]),
  // Absent: no 3.3 foul is claimed (the contract's example gives it; a missing field invents no foul).
  cushionAfterContact: z.boolean().default(true),
  crossedCentre: z.array(z.enum(OBJECT_BALL_IDS)).default([]),
  after: z.array(ballSchema).optional(),
  fouls: z.array(z.enum(REFEREE_FOULS)).default([]),
  cueInCabin: z.boolean().optional(),
  cabinContact: z.boolean().optional(),
});

export const ruleInputSchema = z.object({
  game: z.literal('blackball'),
  table: bedSchema.optional(),
  state: frameStateSchema,
  shot: shotSchema,
});

const impossible = (message: string, field: string): Result<never> =>
  err(refereeError('IMPOSSIBLE_STATE', message, field));

/** Each ball on the bed, none overlapping, no id twice. */
const checkBalls = (bed: Bed, balls: readonly Ball[], field: string): Result<true> => {
  for (const [i, b] of balls.entries()) {
    const here = `${field}[${i}]`;
    if (!isOnBed(b, bed)) return impossible(`the ${b.id} at (${b.x}, ${b.y}) is not on the bed`, here);
    const twin = balls.slice(0, i).findIndex((o) => o.id === b.id);
    if (twin >= 0) return impossible(`a second ${b.id} ball (${field}[${twin}])`, `${here}.id`);
    const touching = balls.slice(0, i).findIndex((o) => ballsOverlap(o, b, bed));
    if (touching >= 0)
      return impossible(`the ${b.id} overlaps ${field}[${touching}] (${balls[touching]?.id})`, here);
  }
  return ok(true);
};

/** Can this state happen on a black-ball table? */
export const checkState = (bed: Bed, state: FrameState): Result<FrameState> => {
  const balls = checkBalls(bed, state.balls, 'state.balls');
  if (!balls.ok) return balls;
  if (state.frameOver !== (state.winner !== null))
    return impossible('a frame over has a winner, and only a frame over has one', 'state.winner');
  if (state.frameOver) return ok(state);
  const cue = state.balls.findIndex((b) => b.id === CUE);
  const placed = state.balls[cue];
  // §8: with the cue ball in hand, `balls` lists it where it was placed, which is in the cabin (2.8).
  if (state.cueInHand && placed && !inCabin(placed, bed))
    return impossible(
      `the cue ball is in hand but placed at (${placed.x}, ${placed.y}), outside the cabin (seed 2.8)`,
      `state.balls[${cue}]`,
    );
  if (state.break && state.groups !== null)
    return impossible('the table is open on the break (seed 2.6)', 'state.groups');
  if (state.break && state.freeKick)
    return impossible('the break is never a free kick (seed 2.5, 2.11)', 'state.freeKick');
  for (const p of [0, 1] as const)
    if (state.fouls[p] > 2)
      return impossible('a third consecutive foul loses the frame (seed 3.5)', `state.fouls[${p}]`);
  return ok(state);
};

/**
 * The object balls on the table before the stroke: those listed, and any the shot names (potted,
 * forced off, touched first, crossing the centre line). The contract's own example pots the 3
 * without listing it, so a ball the shot names is taken to have been on the table; `balls` gives
 * the positions known.
 */
export const objectsBefore = (state: FrameState, shot: Shot): ObjectBallId[] => {
  const ids = new Set<BallId>(state.balls.map((b) => b.id));
  for (const id of [...shot.firstContact, ...shot.crossedCentre, ...shot.potted, ...shot.offTable])
    ids.add(id);
  return OBJECT_BALL_IDS.filter((id) => ids.has(id));
};

/** The balls left on the table after the stroke: every ball before (the cue ball always) less those gone. */
export const idsLeft = (state: FrameState, shot: Shot): BallId[] => {
  const gone = new Set<BallId>([...shot.potted, ...shot.offTable]);
  return [CUE, ...objectsBefore(state, shot)].filter((id) => !gone.has(id));
};

const firstRepeat = (list: readonly string[]): number =>
  list.findIndex((id, i) => list.slice(0, i).includes(id));

export interface CheckOptions {
  /**
   * Take `state.balls` as the complete list of balls on the table: a ball the shot names that it
   * does not list is then an error naming the field (`shot.potted[0]`). Off by default, because the
   * contract's own example (§8) pots the 3 without listing it; see `objectsBefore`.
   */
  readonly listedBallsOnly?: boolean;
}

/** Can this stroke happen from this state? */
export const checkShot = (
  bed: Bed,
  state: FrameState,
  shot: Shot,
  options: CheckOptions = {},
): Result<Shot> => {
  if (state.frameOver) return impossible('the frame is over; there is no stroke to rule', 'state.frameOver');
  if (options.listedBallsOnly) {
    const listed = new Set<BallId>(state.balls.map((b) => b.id));
    const named = [
      ['shot.firstContact', shot.firstContact],
      ['shot.crossedCentre', shot.crossedCentre],
      ['shot.potted', shot.potted],
      ['shot.offTable', shot.offTable],
    ] as const;
    for (const [field, list] of named) {
      const i = list.findIndex((id) => id !== CUE && !listed.has(id));
      if (i >= 0)
        return impossible(`the ${list[i]} was not on the table before the stroke`, `${field}[${i}]`);
    }
  }
  const lists = [
    ['shot.firstContact', shot.firstContact],
    ['shot.crossedCentre', shot.crossedCentre],
    ['shot.potted', shot.potted],
    ['shot.offTable', shot.offTable],
  ] as const;
  for (const [field, list] of lists) {
    const i = firstRepeat(list);
    if (i >= 0) return impossible(`the ${list[i]} is named twice`, `${field}[${i}]`);
  }
  const both = shot.offTable.findIndex((id) => shot.potted.includes(id));
  if (both >= 0)
    return impossible(
      `the ${shot.offTable[both]} cannot be both potted and off the table`,
      `shot.offTable[${both}]`,
    );
  if (shot.after) {
    const after = checkBalls(bed, shot.after, 'shot.after');
    if (!after.ok) return after;
    const expected = idsLeft(state, shot);
    const given = shot.after.map((b) => b.id);
    if (given.length !== expected.length || !expected.every((id) => given.includes(id)))
      return impossible(
        `must list exactly the balls left on the table: ${expected.join(', ')}`,
        'shot.after',
      );
  }
  return ok(shot);
};

/** Schema, then the bed, then a state that can exist, then a stroke that can happen from it. */
export const parseRuleInput = (json: unknown, options: CheckOptions = {}): Result<RuleInput> => {
  const parsed = parseWith(ruleInputSchema, json);
  if (!parsed.ok) {
    const field = parsed.error.field ?? '';
    if (field === 'table' || field.startsWith('table.'))
      return err(
        refereeError(
          'INVALID_INPUT',
          `not a known bed: pool-9ft, pool-8ft, pool-7ft, or { width, length, ball } in mm (${parsed.error.message})`,
          field,
        ),
      );
    return parsed;
  }
  const { game, table, state, shot } = parsed.value;
  const bed = bedOf(table);
  const checkedState = checkState(bed, state);
  if (!checkedState.ok) return checkedState;
  const checkedShot = checkShot(bed, state, shot, options);
  if (!checkedShot.ok) return checkedShot;
  return ok({ game, bed, state, shot });
};

/**
 * A state on its own (as a ruling's `state` gives it back): the schema, then that it can happen.
 * Errors name the field from `state`.
 */
export const parseFrameState = (json: unknown, bed: Bed = bedOf()): Result<FrameState> => {
  const parsed = parseWith(frameStateSchema, json, 'INVALID_INPUT', 'state');
  if (!parsed.ok) return parsed;
  return checkState(bed, parsed.value);
};

/** The JSON form of a ball (plain numbers). */
export const makeBall = (b: Ball): { id: BallId; x: number; y: number } => ({ id: b.id, x: b.x, y: b.y });

/**
 * The JSON form of a state: the contract's `state` fields in the contract's order, so strokes
 * chain; `frameOver` and `winner` (extensions) only once the frame is over.
 */
export const makeState = (s: FrameState): Record<string, unknown> => ({
  striker: s.striker,
  break: s.break,
  groups: s.groups ? [s.groups[0], s.groups[1]] : null,
  freeKick: s.freeKick,
  cueInHand: s.cueInHand,
  fouls: [s.fouls[0], s.fouls[1]],
  snookered: s.snookered,
  balls: s.balls.map(makeBall),
  ...(s.frameOver ? { frameOver: true, winner: s.winner } : {}),
});
