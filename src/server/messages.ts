// What a view may send on /ws (and POST /api/action): every message checked against this schema
// before anything acts on it. Anything else is answered with a coded error (hub.ts).
import { z } from 'zod';
import { REFEREE_FOULS, shotSchema } from '../rules/snooker/state.ts';
import { SNOOKER_COLOURS } from '../table/balls.ts';
import { parseWith } from '../core/schema.ts';
import type { Result } from '../core/errors.ts';

const id = z.string().max(40).optional();
const strokeNo = z.number().int().min(0);
const objectBall = z.enum(['red', ...SNOOKER_COLOURS]);

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    id,
    name: z.string().trim().min(1).max(60),
    pin: z.string().min(1).max(64),
  }),
  z.object({
    type: z.literal('startMatch'),
    id,
    players: z.tuple([z.string().trim().min(1).max(60), z.string().trim().min(1).max(60)]),
    bestOf: z
      .number()
      .int()
      .positive()
      .max(99)
      .refine((n) => n % 2 === 1, 'must be odd'),
    breaker: z.union([z.literal(0), z.literal(1)]).default(0),
  }),
  /** A stroke entered by hand, when the camera missed it or is down. */
  z.object({ type: z.literal('enterStroke'), id, shot: shotSchema }),
  z.object({ type: z.literal('confirm'), id, stroke: strokeNo }),
  z.object({ type: z.literal('override'), id, stroke: strokeNo, shot: shotSchema }),
  z.object({ type: z.literal('refereeFoul'), id, stroke: strokeNo, foul: z.enum(REFEREE_FOULS) }),
  z.object({ type: z.literal('nominate'), id, ball: objectBall }),
  z.object({ type: z.literal('freeBall'), id, on: z.boolean().default(true) }),
  z.object({ type: z.literal('callMiss'), id }),
  z.object({ type: z.literal('ballsReplaced'), id }),
  z.object({ type: z.literal('playAgain'), id }),
  z.object({ type: z.literal('respotConfirm'), id, ball: z.enum(SNOOKER_COLOURS) }),
  z.object({ type: z.literal('concede'), id }),
  z.object({ type: z.literal('reRack'), id }),
  /** Go on from the balls as the camera sees them now. */
  z.object({ type: z.literal('setTable'), id, on: z.enum(['red', 'colour', ...SNOOKER_COLOURS]).optional() }),
  z.object({ type: z.literal('undo'), id }),
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const parseClientMessage = (json: unknown): Result<ClientMessage> =>
  parseWith(clientMessageSchema, json);

/** Messages anyone may send; everything else changes the match and needs the referee. */
export const OPEN_MESSAGES: ReadonlySet<ClientMessage['type']> = new Set(['auth', 'respotConfirm']);
