// Dominoes' match as the core's log replays it (src/match): the game's `GameSession`. The reducer is
// ./match.ts; this says what the views may ask for, whether it can be granted now (and why not), what
// each logged event is called on the Undo button, and the match as CSV and JSON.
import { z } from 'zod';
import { err, ok, type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import type { Deadline, GameSession, MoveStatus, Refusal, SessionRequest } from '../definition.ts';
import {
  actionSchema,
  applyAction,
  checkDealt,
  clockDeadline,
  confirmMove,
  currentRound,
  dealtFromShown,
  emptyMatch,
  moveProblem,
  moveSchema,
  optionsSchema,
  overrideMove,
  rebuild,
  recordMove,
  restateSchema,
  startMatch,
  type DominoesAction,
  type DominoesMatch,
  type MoveInput,
  type MoveRecord,
} from './match.ts';
import { playerSchema, teamOf, teamSchema } from './players.ts';
import type { DominoesSurface } from './equipment.ts';
import { tileSchema } from './tiles.ts';
import { projectView } from './view.ts';

const moveNo = z.number().int().min(0);
const roundNo = z.number().int().min(1);
const left = z.array(tileSchema).max(7);

/** What the views may ask for (POST /api/action, /ws): checked here, then logged as an action. */
export const requestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('deal'),
    leader: playerSchema.optional(),
    hands: z
      .tuple([z.array(tileSchema), z.array(tileSchema), z.array(tileSchema), z.array(tileSchema)])
      .optional(),
  }),
  z.object({ type: z.literal('handsShown'), left: z.tuple([left, left, left, left]) }),
  /** Without `move`: the oldest pass not yet confirmed. */
  z.object({ type: z.literal('confirmPass'), move: moveNo.optional() }),
  /** Without `player`: the player to move. */
  z.object({ type: z.literal('clock'), player: playerSchema.optional() }),
  z.object({ type: z.literal('card'), player: playerSchema, card: z.enum(['yellow', 'red', 'black']) }),
  z.object({ type: z.literal('points'), team: teamSchema }),
  z.object({ type: z.literal('late'), team: teamSchema, minutes: z.number().positive().max(600) }),
  /** Without `player`: the player whose false pass was found. */
  z.object({
    type: z.literal('falsePass'),
    player: playerSchema.optional(),
    preventedBlock: z.boolean().default(false),
  }),
  /** Without `round`: the last round finished. */
  z.object({
    type: z.literal('signSheet'),
    round: roundNo.optional(),
    team: teamSchema,
    name: z.string().trim().min(1).max(60),
  }),
  z.object({ type: z.literal('countersign'), round: roundNo.optional() }),
  z.object({
    type: z.literal('newRound'),
    leader: playerSchema.optional(),
    abandon: z.boolean().default(false),
  }),
  z.object({ type: z.literal('concede'), team: teamSchema }),
]);
export type DominoesRequest = z.output<typeof requestSchema>;

/** Requests anyone at the table may make: a player confirms a pass, a pair signs the sheet. */
export const OPEN_ACTIONS: ReadonlySet<string> = new Set(['confirmPass', 'signSheet']);

const refuse = (message: string, field?: string): Result<never, Refusal> =>
  err(field ? { message, field } : { message });

const who = (p: number): string => `player ${p + 1}`;
const pair = (t: number): string => `pair ${t + 1} (players ${t + 1} and ${t + 3})`;
const show = (t: readonly number[]): string => `[${t[0]}, ${t[1]}]`;

const lastFinished = (m: DominoesMatch): number | undefined =>
  m.rounds.filter((r) => r.end !== null).at(-1)?.number;

const pendingPasses = (m: DominoesMatch): MoveRecord[] =>
  currentRound(m).moves.filter((r) => 'pass' in r.input && r.status === 'proposed' && r.rejected === null);

/** Can the request be granted now? The action to log, or why not. */
const checkRequest = (m: DominoesMatch, r: DominoesRequest): Result<DominoesAction, Refusal> => {
  const round = currentRound(m);
  const over = m.penalties.matchOver;
  switch (r.type) {
    case 'deal': {
      if (round.moves.length > 0)
        return refuse(`round ${round.number} has begun: the deal can no longer change`);
      if (round.dealt) return refuse(`round ${round.number}'s hands are already known`, 'hands');
      const leader = r.leader ?? round.leader;
      if (r.hands) {
        const dealt = checkDealt({ ...round, leader, moves: [] }, r.hands);
        if (!dealt.ok) return refuse(dealt.error, 'hands');
        return ok({ type: 'deal', leader, hands: r.hands });
      }
      return ok({ type: 'deal', leader });
    }
    case 'handsShown': {
      if (round.dealt) return refuse(`round ${round.number}'s hands are already known (${round.handsFrom})`);
      if (round.moves.length === 0) return refuse('no move yet: give the hands as dealt (deal) instead');
      for (const [p, tiles] of r.left.entries()) {
        const should = 7 - round.played[p as 0 | 1 | 2 | 3];
        if (tiles.length !== should)
          return refuse(
            `${who(p)} has put down ${7 - should} tiles, so holds ${should}, not ${tiles.length}`,
            `left[${p}]`,
          );
      }
      const dealt = checkDealt(round, dealtFromShown(round, r.left));
      if (!dealt.ok)
        return refuse(`the tiles shown do not agree with the round as played: ${dealt.error}`, 'left');
      return ok(r);
    }
    case 'confirmPass': {
      const pending = pendingPasses(m);
      const target = r.move === undefined ? pending[0] : pending.find((x) => x.move === r.move);
      if (!target)
        return refuse(
          r.move === undefined ? 'no pass to confirm' : `move ${r.move} is not a pass awaiting confirmation`,
          'move',
        );
      return ok({ type: 'confirmPass', move: target.move });
    }
    case 'clock': {
      const player = r.player ?? (round.end || round.over ? undefined : round.next);
      if (player === undefined) return refuse('no one is to move: name the player', 'player');
      if (over) return refuse('the match is over: no points move');
      return ok({ type: 'clock', player });
    }
    case 'card':
      return ok(r);
    case 'points':
    case 'late':
      if (over) return refuse('the match is over: no points move');
      return ok(r);
    case 'falsePass': {
      const found = round.score?.violations[0];
      const player = r.player ?? found?.player;
      if (player === undefined) return refuse('no false pass found: name the player', 'player');
      return ok({ type: 'falsePass', player, preventedBlock: r.preventedBlock });
    }
    case 'signSheet':
    case 'countersign': {
      const number = r.round ?? lastFinished(m);
      const target = m.rounds.find((x) => x.number === number);
      if (number === undefined || !target)
        return refuse('no round is finished yet: nothing to sign', 'round');
      if (!target.end)
        return refuse(`round ${number} is not finished: its score sheet cannot be signed yet`, 'round');
      const line = projectView(m).sheet.find((x) => x.round === number);
      const already =
        r.type === 'signSheet'
          ? line?.signatures[r.team === 0 ? 'team0' : 'team1']
          : line?.signatures.referee;
      if (already?.valid)
        return refuse(
          `round ${number}'s sheet is already signed ${r.type === 'signSheet' ? `for ${pair(r.team)}` : 'by the referee'} (${already.name})`,
          'round',
        );
      return ok(
        r.type === 'signSheet'
          ? { type: 'signSheet', round: number, team: r.team, name: r.name }
          : { type: 'countersign', round: number },
      );
    }
    case 'newRound':
      if (over) return refuse('the match is over');
      if (!round.end && round.moves.length > 0 && !r.abandon)
        return refuse(
          round.over
            ? `round ${round.number} is over but not scored: enter the tiles left in each hand (or abandon it)`
            : `round ${round.number} is still being played: abandon it to start another`,
        );
      if (!round.end && round.moves.length === 0) return refuse(`round ${round.number} has not begun`);
      return ok({
        type: 'newRound',
        ...(r.leader !== undefined ? { leader: r.leader } : {}),
        abandon: r.abandon,
      });
    case 'concede':
      if (over) return refuse('the match is over');
      return ok(r);
  }
};

const WORDS: { readonly [K in DominoesAction['type']]: (a: Extract<DominoesAction, { type: K }>) => string } =
  {
    deal: (a) => `the deal${a.hands ? ' (hands entered)' : ''}, ${who(a.leader ?? 0)} to lead`,
    handsShown: () => 'the hands shown',
    confirmPass: (a) => `the confirmation of the pass at move ${a.move + 1}`,
    clock: (a) => `the clock overrun by ${who(a.player)}`,
    card: (a) => `the ${a.card} card to ${who(a.player)}`,
    points: (a) => `the penalty on ${pair(a.team)}`,
    late: (a) => `${pair(a.team)} late by ${a.minutes} min`,
    falsePass: (a) => `the false-pass penalty on ${who(a.player)}${a.preventedBlock ? ' (red card)' : ''}`,
    signSheet: (a) => `${a.name}'s signature for ${pair(a.team)} on round ${a.round}`,
    countersign: (a) => `the referee's signature on round ${a.round}`,
    newRound: (a) => `the new round${a.abandon ? ' (the last one abandoned)' : ''}`,
    concede: (a) => `${pair(a.team)} conceding the match`,
  };

const describeAction = (a: DominoesAction): string => (WORDS[a.type] as (a: DominoesAction) => string)(a);

const moveWords = (m: MoveInput): string =>
  'tile' in m
    ? `${who(m.player)}'s ${show(m.tile)}${m.end ? ` on the ${m.end}` : ''}`
    : `${who(m.player)}'s pass`;

const statusOf = (r: MoveRecord): MoveStatus => ({
  move: r.move,
  status: r.status,
  ruled: r.rejected === null,
  ruling:
    r.rejected === null
      ? { round: r.round, ends: r.ends ? [r.ends[0], r.ends[1]] : null, next: r.next }
      : null,
});

// ---------------------------------------------------------------------------------------------------
// Export: a row a move

export const MOVE_COLUMNS = [
  'round',
  'move',
  'index',
  'player',
  'team',
  'tile',
  'end',
  'pass',
  'endsLeft',
  'endsRight',
  'status',
  'rejected',
  'by',
  'at',
] as const;

type MoveRow = Record<(typeof MOVE_COLUMNS)[number], string | number | null>;

const row = (r: MoveRecord): MoveRow => ({
  round: r.round,
  move: r.move,
  index: r.index,
  player: r.input.player,
  team: teamOf(r.input.player),
  tile: 'tile' in r.input ? `${r.input.tile[0]}:${r.input.tile[1]}` : null,
  end: 'tile' in r.input ? (r.input.end ?? null) : null,
  pass: 'pass' in r.input ? 1 : 0,
  endsLeft: r.ends?.[0] ?? null,
  endsRight: r.ends?.[1] ?? null,
  status: r.status,
  rejected: r.rejected,
  by: r.by,
  at: r.at,
});

export const exportRows = (m: DominoesMatch, round?: number): MoveRow[] =>
  m.rounds.filter((r) => round === undefined || r.number === round).flatMap((r) => r.moves.map(row));

export const exportJson = (m: DominoesMatch, players: readonly string[], round?: number): object => {
  const v = projectView(m);
  return {
    game: 'dominoes',
    players,
    target: m.options.target,
    penalty: m.options.penalty,
    scores: v.scores,
    matchOver: v.matchOver,
    winner: v.matchWinner,
    sheet: v.sheet.filter((r) => round === undefined || r.round === round),
    moves: exportRows(m, round),
  };
};

/**
 * The move clock running out (§9 `clock`; seed: 20 s, a minute where a move can block, 5 s where one move
 * is open): the server's alert for the referee then. Before the hands are known the 5 s cannot be told,
 * so the clock is 20 s (or 60 s) and the alert says so. The penalty stays the referee's action.
 */
export const deadlines = (m: DominoesMatch): Deadline[] => {
  const d = clockDeadline(m);
  if (!d) return [];
  const name = m.names[d.player] ?? `Player ${d.player + 1}`;
  const basis =
    d.clock.basis === 'hands'
      ? ''
      : ' (the hands are not known: 20 s, or 60 s where a block is possible — a 5-s clock cannot be told yet)';
  return [
    {
      at: d.at,
      alert: {
        kind: 'clockExceeded',
        message: `clock exceeded: ${name} (${who(d.player)}) has had his ${d.clock.seconds} s${basis}; the penalty (a warning, then points off the pair) is the referee's`,
        player: d.player,
      },
    },
  ];
};

// ---------------------------------------------------------------------------------------------------

export const dominoesSession: GameSession<DominoesMatch, DominoesSurface> = {
  moveSchema,
  restateSchema,
  actionSchema,
  requestSchema,
  requestTypes: requestSchema.options.map((o) => o.shape.type.value) as [string, ...string[]],
  optionsSchema,
  openActions: OPEN_ACTIONS,
  initial: (table) => emptyMatch(table),
  start: (m, players, options, meta) => startMatch(m, players, optionsSchema.parse(options), meta.at),
  move: (m, move, meta) => recordMove(m, moveSchema.parse(move), meta),
  confirm: (m, move, meta) => confirmMove(m, move, meta),
  override: (m, move, restated, meta) => overrideMove(m, move, restateSchema.parse(restated), meta),
  action: (m, action, meta) => applyAction(m, actionSchema.parse(action), meta),
  check: (m, request: SessionRequest) => {
    const round = currentRound(m);
    switch (request.type) {
      case 'move': {
        const move = parseWith(moveSchema, request.move, 'INVALID_INPUT', 'move');
        if (!move.ok) return refuse(move.error.message, move.error.field);
        if (m.penalties.matchOver) return refuse('the match is over');
        // A move the camera saw is logged even if it cannot be played (an alert); one entered by hand is refused.
        const problem = moveProblem(round, move.value);
        if (problem !== null && !move.value.seen) return refuse(problem, 'move');
        return ok({ type: 'move', move: move.value });
      }
      case 'confirm': {
        const r = m.rounds.flatMap((x) => x.moves).find((x) => x.move === request.move);
        if (!r) return refuse(`no move ${request.move}`, 'move');
        if (r.rejected !== null)
          return refuse(`move ${request.move} cannot be played: override it first`, 'move');
        if (r.status === 'confirmed') return refuse(`move ${request.move} is already confirmed`, 'move');
        return ok(request);
      }
      case 'override': {
        const last = round.moves.at(-1);
        if (last?.move !== request.move)
          return refuse('only the last move of the round can be changed', 'move');
        const restated = parseWith(restateSchema, request.restated, 'INVALID_INPUT', 'restated');
        if (!restated.ok) return refuse(restated.error.message, restated.error.field);
        const without = { ...round, moves: round.moves.slice(0, -1) };
        // The round as it stood before the move: replay it without the last move to check the restatement.
        const before = rebuild(without);
        const problem = moveProblem(before, restated.value);
        if (problem !== null) return refuse(problem, 'restated');
        return ok({ type: 'override', move: request.move, restated: { ...restated.value, seen: false } });
      }
      case 'action': {
        const parsed = parseWith(requestSchema, request.action);
        if (!parsed.ok) return refuse(parsed.error.message, parsed.error.field);
        const action = checkRequest(m, parsed.value);
        return action.ok ? ok({ type: 'action', action: action.value }) : action;
      }
    }
  },
  moves: (m) => m.rounds.flatMap((r) => r.moves.map(statusOf)),
  view: (m) => projectView(m),
  sayRuling: (m, move) => {
    const round = m.rounds.find((r) => r.moves.some((x) => x.move === move));
    const r = round?.moves.find((x) => x.move === move);
    if (!round || !r) return undefined;
    const what = moveWords(r.input);
    if (r.rejected !== null) return `${what}: not a legal move, ${r.rejected} (${r.status})`;
    const ends = r.ends ? `, the ends ${r.ends[0]} and ${r.ends[1]}` : '';
    const over = round.moves.at(-1) === r ? round.over : null;
    const then =
      over === 'domino'
        ? `: domino, round ${round.number} is over`
        : over === 'blocked'
          ? `: the game is blocked (a fish), round ${round.number} is over`
          : r.next !== null
            ? `; ${who(r.next)} to play`
            : '';
    return `${what}${ends}${then}`;
  },
  describe: (r) => {
    switch (r.type) {
      case 'move': {
        const move = moveSchema.safeParse(r.move);
        return { what: move.success ? moveWords(move.data) : 'the move' };
      }
      case 'confirm':
        return { what: `the confirmation of move ${r.move + 1}`, move: r.move };
      case 'override': {
        const move = moveSchema.safeParse(r.restated);
        return {
          what: `the override of move ${r.move + 1}${move.success ? ` (${moveWords(move.data)})` : ''}`,
          move: r.move,
        };
      }
      case 'action': {
        const a = actionSchema.safeParse(r.action);
        if (!a.success) return { what: r.action.type };
        return {
          what: describeAction(a.data),
          ...(a.data.type === 'confirmPass' ? { move: a.data.move } : {}),
        };
      }
    }
  },
  deadlines,
  exportColumns: MOVE_COLUMNS,
  exportRows,
  exportJson,
};
