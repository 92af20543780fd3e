// A dominoes match as the match log replays it (src/match): rounds of moves as the camera or the
// referee reports them, the hands when they become known (dealt, or shown at the round's end), and the
// referee's penalties, cards and signatures. Pure: every function takes the match and gives a new one.
//
// A round is checked live without the hands: turn order (counter-clockwise from the leader), the tile
// against the chain's ends, a tile not played twice, the fish (both ends show a number all seven of
// whose tiles are down) and the domino (a player's seventh tile). Once the hands are known the rules
// engine (./rules: `playRound`) replays the round: a tile not in the hand is refused, a false pass is
// found (the round annulled, docs/formats.md §9), and a round that is over is scored and settled into
// the match through the penalties reducer (./penalties.ts), which keeps the match's scores.
import { z } from 'zod';
import { err, ok, type Result } from '../../core/errors.ts';
import type { DominoesSurface } from './equipment.ts';
import {
  applyPenalty,
  newPenaltyState,
  type PenaltyAction,
  type PenaltyEvent,
  type PenaltyState,
} from './penalties.ts';
import {
  nextPlayer,
  otherTeam,
  playerSchema,
  teamOf,
  teamSchema,
  type Player,
  type Team,
} from './players.ts';
import {
  clockFor,
  placements,
  placeTile,
  playRound,
  scoreRound,
  startChain,
  BLOCK_SECONDS,
  DEFAULT_TARGET,
  TYPICAL_SECONDS,
  type Ends,
  type Hands,
  type Move,
  type Round,
  type RoundScore,
  type Side,
} from './rules/index.ts';
import { ALL_TILES, HAND_SIZE, hasPip, sameTile, tileSchema, type Pip, type Tile } from './tiles.ts';
import { MAX_POINT_PENALTY, MIN_POINT_PENALTY } from './penalties.ts';

// ---------------------------------------------------------------------------------------------------
// What the log holds

const side = z.enum(['left', 'right'], { error: 'expected "left" or "right"' });

/**
 * A move as the camera or the referee reports it: a tile put down (on `end`, where it matters) or a
 * pass. `seen: true` marks a move the camera saw (a tile tracker): one that cannot be played is logged
 * all the same, as not ruled, and shown as an alert for the referee to put right; a move entered by
 * hand that cannot be played is refused with the reason.
 */
export const moveSchema = z.union([
  z.object({ player: playerSchema, pass: z.literal(true), seen: z.boolean().optional() }),
  z.object({ player: playerSchema, tile: tileSchema, end: side.optional(), seen: z.boolean().optional() }),
]);
export type MoveInput = z.output<typeof moveSchema>;

/** What an override restates about the last move: the move itself. */
export const restateSchema = moveSchema;

/** A match's options: the points that win it, the penalty's size, who leads the first round. */
export const optionsSchema = z.object({
  target: z.number().int().positive().max(10_000).default(DEFAULT_TARGET),
  penalty: z.number().int().min(MIN_POINT_PENALTY).max(MAX_POINT_PENALTY).default(MIN_POINT_PENALTY),
  leader: playerSchema.default(0),
});
export type MatchOptions = z.output<typeof optionsSchema>;

const handSchema = z
  .array(tileSchema)
  .length(HAND_SIZE, { error: `each player is dealt ${HAND_SIZE} tiles` });
const leftSchema = z
  .array(tileSchema)
  .max(HAND_SIZE, { error: `no hand holds more than ${HAND_SIZE} tiles` });
const moveNo = z.number().int().min(0);
const roundNo = z.number().int().min(1);
const name = z.string().trim().min(1).max(60);
const card = z.enum(['yellow', 'red', 'black']);

/** The referee's and the players' actions as the log keeps them. */
export const actionSchema = z.discriminatedUnion('type', [
  /** Before the round's first move: who leads it, and the hands as dealt where they are known. */
  z.object({
    type: z.literal('deal'),
    leader: playerSchema.optional(),
    hands: z.tuple([handSchema, handSchema, handSchema, handSchema]).optional(),
  }),
  /** The tiles each player holds now, face up (at the round's end): the hands become known. */
  z.object({
    type: z.literal('handsShown'),
    left: z.tuple([leftSchema, leftSchema, leftSchema, leftSchema]),
  }),
  /** A pass confirmed (by the referee, or a player at the table). */
  z.object({ type: z.literal('confirmPass'), move: moveNo }),
  /** The player took longer than the clock allowed: a warning to the pair, then points off. */
  z.object({ type: z.literal('clock'), player: playerSchema }),
  z.object({ type: z.literal('card'), player: playerSchema, card }),
  /** Points off a pair (the competition's penalty). */
  z.object({ type: z.literal('points'), team: teamSchema }),
  z.object({ type: z.literal('late'), team: teamSchema, minutes: z.number().positive().max(600) }),
  /** The false-pass penalty: points off, or a red card where it was done to prevent a block. */
  z.object({
    type: z.literal('falsePass'),
    player: playerSchema,
    preventedBlock: z.boolean().default(false),
  }),
  /** One player of a pair signs the round's score sheet (seed: «подписан … как минимум одним игроком данной пары»). */
  z.object({ type: z.literal('signSheet'), round: roundNo, team: teamSchema, name }),
  /** The referee signs the round's score sheet («и одним судьей»). */
  z.object({ type: z.literal('countersign'), round: roundNo }),
  /** The next round: who leads it (default: the player after the last leader); `abandon` a round in play. */
  z.object({
    type: z.literal('newRound'),
    leader: playerSchema.optional(),
    abandon: z.boolean().default(false),
  }),
  /** A pair concedes the match: the other is recorded the target. */
  z.object({ type: z.literal('concede'), team: teamSchema }),
]);
export type DominoesAction = z.output<typeof actionSchema>;

// ---------------------------------------------------------------------------------------------------
// The match

export type MoveStatusName = 'proposed' | 'confirmed' | 'overridden';

/** A tile in the chain as it lies, its halves left to right. */
export interface ChainTile {
  readonly tile: readonly [Pip, Pip];
  readonly player: Player;
  readonly move: number;
}

export interface MoveRecord {
  /** Numbered through the match from 0 (the core's move index). */
  readonly move: number;
  readonly round: number;
  /** Its place in the round's moves, from 0 (docs/formats.md §9 `violations[].move`). */
  readonly index: number;
  readonly input: MoveInput;
  /** Why it could not be played (a move the camera saw); null for a move in play. */
  readonly rejected: string | null;
  /** After it: the ends, who is next. */
  readonly ends: Ends | null;
  readonly next: Player | null;
  readonly status: MoveStatusName;
  readonly by: string;
  readonly seq: number;
  readonly at: number;
}

export interface Signature {
  readonly team: Team | 'referee';
  readonly name: string;
  /** The sheet's line as signed: a signature on a line changed since (an undo) no longer holds. */
  readonly signed: string;
  readonly seq: number;
}

export type RoundEnd = 'scored' | 'annulled' | 'abandoned';

export interface RoundState {
  /** From 1. */
  readonly number: number;
  readonly leader: Player;
  readonly startedAt: number;
  /** The hands as dealt, where known; how they became known. */
  readonly dealt: Hands | null;
  readonly handsFrom: 'deal' | 'shown' | null;
  readonly moves: readonly MoveRecord[];
  // Derived from the moves (see `rebuild`):
  readonly chain: readonly ChainTile[];
  readonly ends: Ends | null;
  readonly next: Player;
  /** When the player to move was given the turn (ms since 1970). */
  readonly turnSince: number;
  /** Tiles each player has put down. */
  readonly played: readonly [number, number, number, number];
  readonly over: 'domino' | 'blocked' | null;
  readonly closedBy: Player | null;
  /** The rules engine's round, once the hands are known. */
  readonly engine: Round | null;
  /** The engine's score, once the round is over or annulled with the hands known. */
  readonly score: RoundScore | null;
  readonly end: RoundEnd | null;
  readonly signatures: readonly Signature[];
}

/** The score sheet's entries in order: rounds as they finish, and the referee's penalties. */
export type LedgerEntry =
  | { readonly kind: 'round'; readonly round: number }
  | { readonly kind: 'penalty'; readonly round: number; readonly action: PenaltyAction; readonly seq: number }
  | { readonly kind: 'concede'; readonly round: number; readonly team: Team; readonly seq: number };

/** A penalty event with the round it was given in. */
export interface LedgerEvent extends PenaltyEvent {
  readonly round: number;
}

export interface DominoesMatch {
  readonly table: DominoesSurface;
  /** The players' names, in order of play (for the alerts' words). */
  readonly names: readonly string[];
  readonly options: MatchOptions;
  readonly rounds: readonly RoundState[];
  readonly ledger: readonly LedgerEntry[];
  /** The scores, cards and forfeits: the ledger through the penalties reducer. */
  readonly penalties: PenaltyState;
  /** `penalties.events`, each with its round. */
  readonly events: readonly LedgerEvent[];
  /** Moves logged so far through the match (the next move's number). */
  readonly moveCount: number;
}

const show = (t: readonly number[]): string => `[${t[0]}, ${t[1]}]`;

const newRoundState = (number: number, leader: Player, at: number): RoundState => ({
  number,
  leader,
  startedAt: at,
  dealt: null,
  handsFrom: null,
  moves: [],
  chain: [],
  ends: null,
  next: leader,
  turnSince: at,
  played: [0, 0, 0, 0],
  over: null,
  closedBy: null,
  engine: null,
  score: null,
  end: null,
  signatures: [],
});

export const emptyMatch = (
  table: DominoesSurface,
  options: MatchOptions = optionsSchema.parse({}),
): DominoesMatch => ({
  table,
  names: ['Player 1', 'Player 2', 'Player 3', 'Player 4'],
  options,
  rounds: [newRoundState(1, options.leader, 0)],
  ledger: [],
  penalties: newPenaltyState({ target: options.target, penalty: options.penalty }),
  events: [],
  moveCount: 0,
});

export const currentRound = (m: DominoesMatch): RoundState => {
  const r = m.rounds.at(-1);
  if (!r) throw new Error('a match always has a round'); // unreachable: emptyMatch makes round 1
  return r;
};

const replaceRound = (m: DominoesMatch, round: RoundState): DominoesMatch => ({
  ...m,
  rounds: m.rounds.map((r) => (r.number === round.number ? round : r)),
});

// ---------------------------------------------------------------------------------------------------
// The round, live from the moves (no hands needed)

const tilesDown = (chain: readonly ChainTile[]): Tile[] => chain.map((c) => c.tile);

/** No tile not yet down fits either end: the fish (with the whole set dealt). */
export const chainBlocked = (ends: Ends | null, down: readonly Tile[]): boolean =>
  ends !== null &&
  ALL_TILES.every((t) => down.some((d) => sameTile(d, t)) || !(hasPip(t, ends[0]) || hasPip(t, ends[1])));

/** A tile not yet down that would close the game if put on these ends (the 60-second clock, hands unknown). */
export const blockPossible = (ends: Ends | null, down: readonly Tile[]): boolean =>
  ends !== null &&
  ALL_TILES.some(
    (t) =>
      !down.some((d) => sameTile(d, t)) &&
      placements(ends, t).some((p) => chainBlocked(p.ends, [...down, t])),
  );

/** Where a tile goes on this chain, or why it cannot. */
const placeOnChain = (
  chain: readonly ChainTile[],
  ends: Ends | null,
  tile: Tile,
  end: Side | undefined,
): Result<{ side: Side; ends: Ends; oriented: readonly [Pip, Pip] }, string> => {
  const twin = chain.find((c) => sameTile(c.tile, tile));
  if (twin) return err(`${show(tile)} is already down: player ${twin.player + 1} played it`);
  if (ends === null) return ok({ side: 'right', ends: startChain(tile), oriented: [tile[0], tile[1]] });
  let chosen: Side;
  if (end !== undefined) {
    if (!placeTile(ends, tile, end))
      return err(
        `${show(tile)} does not match the ${end} end, which shows ${end === 'left' ? ends[0] : ends[1]}`,
      );
    chosen = end;
  } else {
    const ways = placements(ends, tile);
    const [only] = ways;
    if (!only) return err(`${show(tile)} matches neither end (${ends[0]}, ${ends[1]})`);
    if (ways.length > 1)
      return err(`${show(tile)} fits both ends (${ends[0]}, ${ends[1]}): say which end it goes on`);
    chosen = only.side;
  }
  const after = placeTile(ends, tile, chosen);
  if (!after) return err(`${show(tile)} does not match`); // unreachable: checked above
  const at = chosen === 'left' ? ends[0] : ends[1];
  const outer = tile[0] === at ? tile[1] : tile[0];
  return ok({ side: chosen, ends: after, oriented: chosen === 'left' ? [outer, at] : [at, outer] });
};

/** Why a move cannot be played now in this round (hands known or not), or null. */
export const moveProblem = (round: RoundState, move: MoveInput): string | null => {
  if (round.end) return `round ${round.number} is over (${round.end}); start a new round`;
  if (round.over)
    return `round ${round.number} is over (${round.over === 'domino' ? 'domino' : 'blocked'}); show the hands`;
  if (move.player !== round.next)
    return `out of turn: player ${round.next + 1} is to move, not player ${move.player + 1}`;
  if ('tile' in move) {
    const placed = placeOnChain(round.chain, round.ends, move.tile, move.end);
    if (!placed.ok) return placed.error;
    if (round.dealt && !round.dealt[move.player].some((t) => sameTile(t, move.tile))) {
      const holder = round.dealt.findIndex((h) => h.some((t) => sameTile(t, move.tile)));
      return `${show(move.tile)} is not in player ${move.player + 1}'s hand (it was dealt to player ${holder + 1})`;
    }
  }
  return null;
};

const engineMove = (input: MoveInput): Move =>
  'tile' in input
    ? input.end
      ? { player: input.player, tile: input.tile, end: input.end }
      : { player: input.player, tile: input.tile }
    : { player: input.player, pass: true };

/**
 * The round from its moves (and the hands, where known): the chain, whose turn, whether it is over,
 * and the engine's verdict. Each move's record gets the ends and the next player after it.
 */
export const rebuild = (round: RoundState): RoundState => {
  let chain: ChainTile[] = [];
  let ends: Ends | null = null;
  let next: Player = round.leader;
  let turnSince = round.startedAt;
  const played: [number, number, number, number] = [0, 0, 0, 0];
  let over: RoundState['over'] = null;
  let closedBy: Player | null = null;
  const moves: MoveRecord[] = [];
  const base: RoundState = { ...round, chain, ends, next, played, over, closedBy, engine: null, score: null };
  let live: RoundState = base;
  for (const record of round.moves) {
    const input = record.input;
    const problem = moveProblem({ ...live, dealt: round.dealt, end: null }, input);
    if (problem !== null) {
      moves.push({ ...record, rejected: problem, ends, next });
      continue;
    }
    if ('tile' in input) {
      const placed = placeOnChain(chain, ends, input.tile, input.end);
      if (placed.ok) {
        const down: ChainTile = { tile: placed.value.oriented, player: input.player, move: record.move };
        chain = placed.value.side === 'left' ? [down, ...chain] : [...chain, down];
        ends = placed.value.ends;
        played[input.player] += 1;
        if (played[input.player] >= HAND_SIZE) over = 'domino';
        else if (chainBlocked(ends, tilesDown(chain))) over = 'blocked';
        if (over) closedBy = input.player;
      }
    }
    next = nextPlayer(input.player);
    turnSince = record.at;
    moves.push({ ...record, rejected: null, ends, next: over ? null : next });
    live = { ...live, chain, ends, next, played: [...played], over, closedBy };
  }
  let engine: Round | null = null;
  let score: RoundScore | null = null;
  if (round.dealt) {
    const inPlay = moves.filter((r) => r.rejected === null).map((r) => engineMove(r.input));
    const replayed = playRound(round.dealt, inPlay, round.leader);
    if (replayed.ok) {
      engine = replayed.value;
      const s = scoreRound(engine);
      if (engine.over || s.annulled) score = s;
    }
  }
  const end: RoundEnd | null =
    round.end === 'abandoned' ? 'abandoned' : score ? (score.annulled ? 'annulled' : 'scored') : null;
  return { ...live, moves, turnSince, engine, score, end };
};

/** The dealt hands from the tiles each player put down in this round and the tiles he holds now. */
export const dealtFromShown = (round: RoundState, left: readonly (readonly Tile[])[]): Tile[][] =>
  [0, 1, 2, 3].map((p) => [
    ...round.moves
      .filter((r) => r.rejected === null && r.input.player === p && 'tile' in r.input)
      .map((r) => ('tile' in r.input ? r.input.tile : ([0, 0] as Tile))),
    ...(left[p] ?? []),
  ]);

/** Would these hands agree with the round as played? The engine's error if not. */
export const checkDealt = (round: RoundState, dealt: readonly (readonly Tile[])[]): Result<Hands, string> => {
  const inPlay = round.moves.filter((r) => r.rejected === null).map((r) => engineMove(r.input));
  const replayed = playRound(dealt, inPlay, round.leader, { hands: 'hands', moves: 'moves' });
  if (!replayed.ok) {
    const { field, message } = replayed.error;
    return err(field ? `${field}: ${message}` : message);
  }
  return ok(replayed.value.dealt);
};

// ---------------------------------------------------------------------------------------------------
// The score sheet: rounds and penalties through the penalties reducer

/** The ledger's entry as the penalties reducer takes it (a round: its points to its winner). */
const toPenalty = (m: DominoesMatch, e: LedgerEntry): PenaltyAction | null => {
  switch (e.kind) {
    case 'round': {
      const r = m.rounds.find((x) => x.number === e.round);
      return r?.end === 'scored' && r.score
        ? { type: 'round', winner: r.score.winner, points: r.score.points }
        : null;
    }
    case 'penalty':
      return e.action;
    case 'concede':
      return null;
  }
};

/** A pair that concedes loses the match; the other is recorded the target (as a forfeit). */
const concede = (s: PenaltyState, team: Team): PenaltyState => {
  const reason = 'the pair conceded the match';
  if (s.matchOver)
    return {
      ...s,
      events: [...s.events, { kind: 'forfeit', team, reason: `${reason} (the match was already over)` }],
    };
  const winner = otherTeam(team);
  const scores: readonly [number, number] =
    winner === 0
      ? [Math.max(s.scores[0], s.config.target), s.scores[1]]
      : [s.scores[0], Math.max(s.scores[1], s.config.target)];
  return {
    ...s,
    scores,
    forfeited: team,
    matchOver: true,
    matchWinner: winner,
    events: [...s.events, { kind: 'forfeit', team, reason }],
  };
};

/** The scores, cards and forfeits again from the ledger (after any change to a round or the ledger). */
export const settle = (m: DominoesMatch): DominoesMatch => {
  let penalties = newPenaltyState({ target: m.options.target, penalty: m.options.penalty });
  const events: LedgerEvent[] = [];
  for (const e of m.ledger) {
    const before = penalties.events.length;
    if (e.kind === 'concede') penalties = concede(penalties, e.team);
    else {
      const action = toPenalty(m, e);
      if (action) penalties = applyPenalty(penalties, action);
    }
    for (const ev of penalties.events.slice(before)) events.push({ ...ev, round: e.round });
  }
  return { ...m, penalties, events };
};

/** After a round changed: its result on the ledger once it is finished, and the match settled again. */
const afterRound = (m: DominoesMatch, round: RoundState): DominoesMatch => {
  const rebuilt = rebuild(round);
  let next = replaceRound(m, rebuilt);
  const listed = next.ledger.some((e) => e.kind === 'round' && e.round === rebuilt.number);
  if (rebuilt.end && !listed)
    next = { ...next, ledger: [...next.ledger, { kind: 'round', round: rebuilt.number }] };
  if (!rebuilt.end && listed)
    next = {
      ...next,
      ledger: next.ledger.filter((e) => !(e.kind === 'round' && e.round === rebuilt.number)),
    };
  return settle(next);
};

// ---------------------------------------------------------------------------------------------------
// The reducer

export interface Meta {
  readonly seq: number;
  readonly by: string;
  readonly at: number;
}

export const startMatch = (
  m: DominoesMatch,
  names: readonly string[],
  options: MatchOptions,
  at: number,
): DominoesMatch => {
  const fresh = emptyMatch(m.table, options);
  return { ...fresh, names, rounds: [newRoundState(1, options.leader, at)] };
};

/** A move as reported: in play if it can be, else recorded as not ruled (the referee puts it right). */
export const recordMove = (m: DominoesMatch, input: MoveInput, meta: Meta): DominoesMatch => {
  const round = currentRound(m);
  // A tile put down by hand is as the referee saw it; a pass waits for a confirmation.
  const status: MoveStatusName = input.seen || !('tile' in input) ? 'proposed' : 'confirmed';
  const record: MoveRecord = {
    move: m.moveCount,
    round: round.number,
    index: round.moves.length,
    input,
    rejected: null,
    ends: null,
    next: null,
    status,
    by: meta.by,
    seq: meta.seq,
    at: meta.at,
  };
  return afterRound({ ...m, moveCount: m.moveCount + 1 }, { ...round, moves: [...round.moves, record] });
};

const setStatus = (m: DominoesMatch, move: number, status: MoveStatusName, by: string): DominoesMatch => {
  const round = m.rounds.find((r) => r.moves.some((x) => x.move === move));
  if (!round) return m;
  return replaceRound(m, {
    ...round,
    moves: round.moves.map((x) => (x.move === move ? { ...x, status, by } : x)),
  });
};

export const confirmMove = (m: DominoesMatch, move: number, meta: Meta): DominoesMatch =>
  setStatus(m, move, 'confirmed', meta.by);

/** The referee restates the last move of the round; the round is replayed with it. */
export const overrideMove = (m: DominoesMatch, move: number, input: MoveInput, meta: Meta): DominoesMatch => {
  const round = currentRound(m);
  const last = round.moves.at(-1);
  if (last?.move !== move) return m;
  const record: MoveRecord = { ...last, input, status: 'overridden', by: meta.by };
  return afterRound(m, { ...round, moves: [...round.moves.slice(0, -1), record] });
};

/** The line of the score sheet a signature is for, as text (a changed line voids the signature). */
export const sheetLine = (m: DominoesMatch, round: number): string => {
  const r = m.rounds.find((x) => x.number === round);
  const events = m.events.filter((e) => e.round === round);
  return JSON.stringify({
    end: r?.end ?? null,
    winner: r?.score?.winner ?? null,
    points: r?.score?.points ?? 0,
    events: events.map((e) => [e.kind, e.team, e.points ?? 0, e.card ?? '']),
  });
};

export const applyAction = (m: DominoesMatch, a: DominoesAction, meta: Meta): DominoesMatch => {
  const round = currentRound(m);
  const penalty = (action: PenaltyAction): DominoesMatch =>
    settle({ ...m, ledger: [...m.ledger, { kind: 'penalty', round: round.number, action, seq: meta.seq }] });
  switch (a.type) {
    case 'deal': {
      const leader = a.leader ?? round.leader;
      const dealt = a.hands ? checkDealt({ ...round, leader, moves: [] }, a.hands) : null;
      const known = dealt?.ok ? dealt.value : null;
      return afterRound(m, {
        ...round,
        leader,
        next: leader,
        startedAt: meta.at,
        turnSince: meta.at,
        dealt: known ?? round.dealt,
        handsFrom: known ? 'deal' : round.handsFrom,
      });
    }
    case 'handsShown': {
      const dealt = checkDealt(round, dealtFromShown(round, a.left));
      if (!dealt.ok) return m;
      return afterRound(m, { ...round, dealt: dealt.value, handsFrom: 'shown' });
    }
    case 'confirmPass':
      return setStatus(m, a.move, 'confirmed', meta.by);
    case 'clock':
    case 'card':
    case 'points':
    case 'late':
    case 'falsePass':
      return penalty(a);
    case 'signSheet':
    case 'countersign': {
      const target = m.rounds.find((r) => r.number === a.round);
      if (!target) return m;
      const signature: Signature = {
        team: a.type === 'signSheet' ? a.team : 'referee',
        name: a.type === 'signSheet' ? a.name : meta.by,
        signed: sheetLine(m, a.round),
        seq: meta.seq,
      };
      return replaceRound(m, { ...target, signatures: [...target.signatures, signature] });
    }
    case 'newRound': {
      const abandoned: RoundState | null = round.end ? null : { ...round, end: 'abandoned' };
      const base = abandoned ? afterRound(m, abandoned) : m;
      const leader = a.leader ?? nextPlayer(round.leader);
      return { ...base, rounds: [...base.rounds, newRoundState(round.number + 1, leader, meta.at)] };
    }
    case 'concede':
      return settle({
        ...m,
        ledger: [...m.ledger, { kind: 'concede', round: round.number, team: a.team, seq: meta.seq }],
      });
  }
};

// ---------------------------------------------------------------------------------------------------
// The clock

export interface Clock {
  readonly player: Player;
  /** Seconds the seed allows him (60, 5 or 20), from the hands where known, else from the table. */
  readonly seconds: number;
  /** When his turn began (ms since 1970): the pages count down from it; null before the match is started. */
  readonly since: number | null;
  readonly basis: 'hands' | 'table';
}

/** Whose turn it is and the seconds allowed; null when no one is to move. */
export const clockOf = (m: DominoesMatch): Clock | null => {
  const round = currentRound(m);
  if (round.over || round.end || m.penalties.matchOver) return null;
  const since = round.turnSince > 0 ? round.turnSince : null;
  if (round.engine) {
    const seconds = clockFor(round.engine, round.next);
    return seconds === null ? null : { player: round.next, seconds, since, basis: 'hands' };
  }
  const seconds = blockPossible(round.ends, tilesDown(round.chain)) ? BLOCK_SECONDS : TYPICAL_SECONDS;
  return { player: round.next, seconds, since, basis: 'table' };
};

/**
 * When the clock of the player to move runs out (ms since 1970), unless the referee has already given
 * him the clock penalty this turn: the alert the server raises then (the penalty stays the referee's
 * action, seed: a warning, then points off).
 */
export const clockDeadline = (m: DominoesMatch): { at: number; player: Player; clock: Clock } | null => {
  const clock = clockOf(m);
  if (!clock || clock.since === null) return null;
  const round = currentRound(m);
  const turnFrom = round.moves.at(-1)?.seq ?? -1;
  const answered = m.ledger.some(
    (e) =>
      e.kind === 'penalty' &&
      e.round === round.number &&
      e.seq > turnFrom &&
      e.action.type === 'clock' &&
      e.action.player === clock.player,
  );
  return answered ? null : { at: clock.since + clock.seconds * 1000, player: clock.player, clock };
};

/** The team a player is in (re-exported for the views). */
export { teamOf };
