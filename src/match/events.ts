// The match log's events (docs/design.md, "Event-sourced match log"): what the pipeline saw and every
// decision the referee made, appended in order; the match is a replay of them (replay.ts). The core's
// events are the same for every game; what a move, a restatement, an action and a match's options
// hold is the game's (its session's schemas), checked on the way in and on the way back out of SQLite.
import { z } from 'zod';
import { parseWith } from '../core/schema.ts';
import type { Result } from '../core/errors.ts';
import type { GameSession } from '../games/definition.ts';

const index = z.number().int().min(0);

/** The log's events for a game whose session is `session`. */
export const matchEventSchema = (session: GameSession<unknown>) =>
  z.discriminatedUnion('type', [
    /** A match begins: its game, the players in order of play, the game's options (length, breaker). */
    z.object({
      type: z.literal('matchStarted'),
      game: z.string().min(1).max(40),
      players: z.array(z.string().min(1).max(60)).min(2).max(8),
      options: session.optionsSchema,
    }),
    /** A move as the pipeline saw it (or a referee entered it): the facts the rules rule on. */
    z.object({ type: z.literal('move'), move: session.moveSchema }),
    /** The ruling the program proposed or changed to, as shown (an audit record: replay re-derives it). */
    z.object({ type: z.literal('ruling'), move: index, output: z.record(z.string(), z.unknown()) }),
    /** The referee accepts the ruling on a move. */
    z.object({ type: z.literal('confirm'), move: index }),
    /** The referee restates what happened in the last move; the rules rule again on it. */
    z.object({ type: z.literal('override'), move: index, restated: session.restateSchema }),
    /** One of the game's referee actions (a nomination, a free ball, a card). */
    z.object({ type: z.literal('action'), action: session.actionSchema }),
    /** Takes back the event with this sequence number: undo is an event, never a delete. */
    z.object({ type: z.literal('undo'), target: z.number().int().positive() }),
  ]);

export type MatchEvent =
  | {
      readonly type: 'matchStarted';
      readonly game: string;
      readonly players: readonly string[];
      readonly options: unknown;
    }
  | { readonly type: 'move'; readonly move: unknown }
  | { readonly type: 'ruling'; readonly move: number; readonly output: Record<string, unknown> }
  | { readonly type: 'confirm'; readonly move: number }
  | { readonly type: 'override'; readonly move: number; readonly restated: unknown }
  | { readonly type: 'action'; readonly action: { readonly type: string } }
  | { readonly type: 'undo'; readonly target: number };

export type MatchEventType = MatchEvent['type'];

/** A decoder for the store: each stored body checked against the game's schemas. */
export const matchEventParser =
  (session: GameSession<unknown>): ((json: unknown) => Result<MatchEvent>) =>
  (json) => {
    const parsed = parseWith(matchEventSchema(session), json);
    return parsed.ok ? { ok: true, value: parsed.value as MatchEvent } : parsed;
  };
