// What a view may send on /ws (and POST /api/action): the core's messages (sign in, start a match,
// enter a move, confirm, override, undo) and the game's own actions (its session's schema), every
// message checked before anything acts on it. Anything else is answered with a coded error (hub.ts).
import { z } from 'zod';
import { err, refereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import type { GameSession } from '../games/definition.ts';

const id = z.string().max(40).optional();
const moveNo = z.number().int().min(0);

/** The core's messages, the same for every game. */
export const coreMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    id,
    name: z.string().trim().min(1).max(60),
    pin: z.string().min(1).max(64),
  }),
  /** A new match: the players in order of play, and the game's options (its length, who starts). */
  z.object({
    type: z.literal('startMatch'),
    id,
    players: z.array(z.string().trim().min(1).max(60)).min(2).max(8),
    options: z.record(z.string(), z.unknown()).default({}),
  }),
  /** A move entered by hand, when the camera missed it or is down (the game's move form). */
  z.object({ type: z.literal('enterMove'), id, move: z.unknown() }),
  z.object({ type: z.literal('confirm'), id, move: moveNo }),
  /** The referee restates what happened in the last move (a stroke's shot, in the game's form). */
  z.object({ type: z.literal('override'), id, move: moveNo, restated: z.unknown() }),
  /**
   * Take back a decision: exactly the log entry `target` (what the view's `undo` names), the newest
   * decision about move `move` (Undo beside a stroke), or with neither, the newest in force.
   */
  z.object({
    type: z.literal('undo'),
    id,
    target: z.number().int().positive().optional(),
    move: moveNo.optional(),
  }),
]);

export type CoreMessage = z.output<typeof coreMessageSchema>;

/** A message of the game's own: checked by its session's schema when it is acted on. */
export interface GameMessage {
  readonly type: string;
  readonly id?: string;
  readonly [field: string]: unknown;
}

export type ClientMessage = CoreMessage | GameMessage;

const CORE_TYPES: ReadonlySet<string> = new Set(coreMessageSchema.options.map((o) => o.shape.type.value));

export const isCoreMessage = (m: ClientMessage): m is CoreMessage => CORE_TYPES.has(m.type);

const envelope = z.looseObject({ type: z.string().min(1).max(40), id });

/**
 * A view's message: one of the core's (checked here), or one of the game's (checked here against its
 * session's request schema). The words of the first protocol, from when there was one game, are
 * still understood:
 * `stroke` for `move`, an override's `shot` for `restated`, `enterStroke { shot }` for
 * `enterMove { move: { shot } }`, and `startMatch`'s `bestOf` and `breaker` as its options.
 */
export const messageParser =
  (session: GameSession<unknown>) =>
  (json: unknown): Result<ClientMessage> => {
    const head = parseWith(envelope, json);
    if (!head.ok) return head;
    const body: Record<string, unknown> = { ...head.value };
    if (body['type'] === 'enterStroke') {
      body['type'] = 'enterMove';
      body['move'] = { shot: body['shot'] };
    }
    if (CORE_TYPES.has(String(body['type']))) {
      if (body['move'] === undefined && typeof body['stroke'] === 'number') body['move'] = body['stroke'];
      if (body['type'] === 'override' && body['restated'] === undefined) body['restated'] = body['shot'];
      if (body['type'] === 'startMatch' && body['options'] === undefined) {
        const { bestOf, breaker } = body;
        body['options'] = {
          ...(bestOf !== undefined ? { bestOf } : {}),
          ...(breaker !== undefined ? { breaker } : {}),
        };
      }
      const parsed = parseWith(coreMessageSchema, body);
      // An error names the field as the message gave it.
      if (
        !parsed.ok &&
        parsed.error.field === 'move' &&
        head.value['move'] === undefined &&
        'stroke' in head.value
      )
        return err({ ...parsed.error, field: 'stroke' });
      return parsed;
    }
    const { id, ...action } = body;
    const game = parseWith(session.requestSchema, action);
    if (!game.ok) {
      const known = parseWith(z.object({ type: z.enum(session.requestTypes) }), { type: body['type'] });
      return known.ok
        ? game
        : err(refereeError('INVALID_INPUT', `unknown message type "${head.value.type}"`, 'type'));
    }
    return { ok: true, value: head.value as GameMessage };
  };
