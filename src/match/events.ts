// The match log's events (DESIGN.md, "Event-sourced match log"): what the pipeline saw and every
// decision the referee made, appended in order; the match is a replay of them (replay.ts). Each event
// is validated on the way in and on the way back out of SQLite.
import { z } from 'zod';
import { REFEREE_FOULS, shotSchema } from '../rules/snooker/state.ts';
import { SNOOKER_COLOURS } from '../table/balls.ts';
import { parseWith } from '../core/schema.ts';
import type { Result } from '../core/errors.ts';
import { mm } from '../core/units.ts';

const player = z.union([z.literal(0), z.literal(1)]);
const strokeNo = z.number().int().min(0);
const objectBall = z.enum(['red', ...SNOOKER_COLOURS]);
const finite = z.number().refine(Number.isFinite, 'must be a finite number');

const ballSchema = z.object({
  id: z.enum(['cue', 'red', ...SNOOKER_COLOURS]),
  x: finite.transform((n) => mm(n)),
  y: finite.transform((n) => mm(n)),
});

export const onSchema = z.enum(['red', 'colour', ...SNOOKER_COLOURS]);

export const trailSchema = z.object({
  track: z.string().max(32),
  id: z.enum(['cue', 'red', ...SNOOKER_COLOURS]),
  points: z.array(z.tuple([finite, finite])).max(2000),
});

export const matchEventSchema = z.discriminatedUnion('type', [
  /** A match begins: the players, its length, who breaks off the first frame (WPBSA 3.3). */
  z.object({
    type: z.literal('matchStarted'),
    players: z.tuple([z.string().min(1).max(60), z.string().min(1).max(60)]),
    bestOf: z.number().int().positive().max(99),
    breaker: player,
  }),
  /** A stroke as the pipeline saw it (or a referee entered it): the facts the rules rule on. */
  z.object({
    type: z.literal('stroke'),
    shot: shotSchema,
    /** Stroke start and end, ms on the source's clock. */
    start: finite.default(0),
    end: finite.default(0),
    trails: z.array(trailSchema).max(22).default([]),
    /**
     * Where the camera saw the balls just before the stroke: colours re-spotted and the cue ball
     * placed since the last ruling stand where they were put, not where the rules computed.
     */
    before: z.array(ballSchema).max(22).optional(),
    /**
     * Wall-clock time (ms since 1970) the last ball came to rest, as the frames' arrival dates it:
     * what the latency of the ruling is measured from. Absent for a stroke entered by hand.
     */
    endedAt: finite.optional(),
  }),
  /** The ruling the program proposed or changed to, as shown at the time (an audit record: replay re-derives it). */
  z.object({ type: z.literal('ruling'), stroke: strokeNo, output: z.record(z.string(), z.unknown()) }),
  /** The referee accepts the ruling on a stroke. */
  z.object({ type: z.literal('confirm'), stroke: strokeNo }),
  /** The referee restates what happened in the last stroke; the rules rule again on it. */
  z.object({ type: z.literal('override'), stroke: strokeNo, shot: shotSchema }),
  /** A foul only a person sees, added to the last stroke (CONTRACTS.md §4 `fouls`). */
  z.object({ type: z.literal('refereeFoul'), stroke: strokeNo, foul: z.enum(REFEREE_FOULS) }),
  /** The striker's nomination for the coming stroke (WPBSA 3.3(b), 3.12(a)). */
  z.object({ type: z.literal('nominate'), ball: objectBall }),
  /** The referee calls (or withdraws) a free ball for the coming stroke (WPBSA 3.12). */
  z.object({ type: z.literal('freeBall'), on: z.boolean() }),
  /** FOUL AND A MISS on the last stroke: the balls go back, the offender plays again (WPBSA 3.14). */
  z.object({ type: z.literal('callMiss'), stroke: strokeNo }),
  /** The balls have been put back where they stood after a miss. */
  z.object({ type: z.literal('ballsReplaced') }),
  /** A player placed a re-spotted colour and the camera measured it on its target. */
  z.object({
    type: z.literal('respotConfirmed'),
    ball: z.enum(SNOOKER_COLOURS),
    x: finite,
    y: finite,
    distance: finite,
  }),
  /** After a foul, the incoming player asks the offender to play again; any free ball lapses (WPBSA 3.13, 3.12). */
  z.object({ type: z.literal('playAgain') }),
  /** The striker concedes the frame (WPBSA 3.4). */
  z.object({ type: z.literal('concedeFrame') }),
  /**
   * The frame goes on from the table as the camera sees it: the program started mid-frame, or the
   * balls were moved by hand. Scores and striker stand; the ball on follows from the balls.
   */
  z.object({ type: z.literal('setTable'), balls: z.array(ballSchema).max(22), on: onSchema.optional() }),
  /** The frame is restarted with the same player to break (a stalemate). */
  z.object({ type: z.literal('reRack') }),
  /** Takes back the event with this sequence number: undo is an event, never a delete. */
  z.object({ type: z.literal('undo'), target: z.number().int().positive() }),
]);

export type MatchEvent = z.infer<typeof matchEventSchema>;
export type MatchEventType = MatchEvent['type'];

export const parseMatchEvent = (json: unknown): Result<MatchEvent> => parseWith(matchEventSchema, json);
