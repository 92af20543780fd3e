// The record `referee rule` judges (docs/formats.md §9): the match so far and one round, its hands as
// dealt and its moves in order of play. Parsing is two steps, as for snooker: the schema (is it of the
// right form? INVALID_INPUT) and the round's own checks in `round.ts` (can it be true?
// IMPOSSIBLE_STATE), each error naming the field, e.g. `round.hands[2][5]` or `round.moves[3].tile`.
//
// Leniency where the contract does not say a field is required: `match` may be left out, and so may
// `match.scores` ([0, 0]) and `match.target` (200, the seed's World Championship figure); `moves` may be
// left out (no moves yet). `end: null` is taken as no `end`; `end` on a pass, or on the first tile,
// names nothing and is ignored. Scores may be negative (the seed's point penalties are taken off).
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import { parseWith } from '../../../core/schema.ts';
import { playerSchema, type Player } from '../players.ts';
import { HAND_SIZE, tileSchema, type Tile } from '../tiles.ts';
import type { Move } from './round.ts';
import { DEFAULT_TARGET, type Scores } from './score.ts';

const score = z.number({ error: 'expected a score' }).int({ error: 'expected a whole number of points' });

export const matchSchema = z.object({
  scores: z
    .tuple([score, score], { error: 'expected the two teams’ scores, [team 0, team 1]' })
    .default([0, 0]),
  target: z
    .number({ error: 'expected the points that win the match' })
    .int({ error: 'expected a whole number of points' })
    .positive({ error: 'the target must be positive' })
    .default(DEFAULT_TARGET),
});

const handSchema = z
  .array(tileSchema, { error: `expected a hand: the ${HAND_SIZE} tiles dealt to a player` })
  .length(HAND_SIZE, { error: `each player is dealt ${HAND_SIZE} tiles` });

const rawMoveSchema = z.object({
  player: playerSchema,
  tile: tileSchema.optional(),
  end: z.enum(['left', 'right'], { error: 'expected "left" or "right"' }).nullable().optional(),
  pass: z.boolean({ error: 'expected true for a pass' }).optional(),
});

export const recordSchema = z.object({
  game: z.literal('dominoes', { error: 'expected "dominoes"' }).default('dominoes'),
  match: matchSchema.default({ scores: [0, 0], target: DEFAULT_TARGET }),
  round: z.object({
    hands: z.tuple([handSchema, handSchema, handSchema, handSchema], {
      error: 'expected four hands, one per player, each the 7 tiles dealt',
    }),
    moves: z.array(rawMoveSchema, { error: 'expected the moves in order of play' }).default([]),
  }),
});

export interface MatchInput {
  readonly scores: Scores;
  readonly target: number;
}

export interface RoundRecord {
  readonly game: 'dominoes';
  readonly match: MatchInput;
  readonly hands: readonly (readonly Tile[])[];
  readonly moves: readonly Move[];
}

const invalid = (message: string, field: string): Result<never> =>
  err(refereeError('INVALID_INPUT', message, field));

type RawMove = z.output<typeof rawMoveSchema>;

/** A move of the schema as a tile put down or a pass: exactly one of the two. */
const toMove = (raw: RawMove, field: string): Result<Move> => {
  const player: Player = raw.player;
  if (raw.pass === true) {
    if (raw.tile !== undefined)
      return invalid('a pass puts no tile down: give a tile or `pass`, not both', field);
    return ok({ player, pass: true });
  }
  if (raw.tile === undefined)
    return invalid('required: the tile put down (or `"pass": true`)', `${field}.tile`);
  return ok(raw.end ? { player, tile: raw.tile, end: raw.end } : { player, tile: raw.tile });
};

/** The schema only (the form of the record); whether the round can be true is `playRound`'s to say. */
export const parseRecord = (json: unknown): Result<RoundRecord> => {
  const parsed = parseWith(recordSchema, json);
  if (!parsed.ok) return parsed;
  const { game, match, round } = parsed.value;
  const moves: Move[] = [];
  for (const [i, raw] of round.moves.entries()) {
    const move = toMove(raw, `round.moves[${i}]`);
    if (!move.ok) return move;
    moves.push(move.value);
  }
  return ok({ game, match: { scores: match.scores, target: match.target }, hands: round.hands, moves });
};
