// What the dominoes pages see: one plain projection of the match (the same for every page), pushed over
// /ws as `{ type: 'view', view }` whenever it changes. The referee's page shows all of it with its
// controls; the overlay the chain, the players, the scores and the clock; the player's page the score
// sheet with a Sign button per pair. The core adds the game, the players' names, the source and Undo.
import type { CoreView } from '../../match/view.ts';
import {
  clockOf,
  currentRound,
  sheetLine,
  type Clock,
  type DominoesMatch,
  type RoundState,
} from './match.ts';
import { CARD_WEIGHT, type Card } from './penalties.ts';
import { playersOf, teamOf, type Player, type Team } from './players.ts';
import { pipsIn, type Tile } from './tiles.ts';

export interface ChainTileView {
  /** Its halves as they lie, left to right. */
  readonly tile: readonly [number, number];
  readonly double: boolean;
  readonly player: number;
  readonly move: number;
}

export interface MoveView {
  readonly move: number;
  readonly index: number;
  readonly player: number;
  readonly tile?: readonly [number, number];
  readonly end?: 'left' | 'right';
  readonly pass?: true;
  readonly status: 'proposed' | 'confirmed' | 'overridden';
  /** Why it could not be played (a move the camera saw), or null. */
  readonly rejected: string | null;
  readonly by: string;
  readonly at: number;
}

export interface SeatView {
  readonly player: number;
  readonly team: number;
  /** Tiles still in hand (7 less those put down). */
  readonly tilesLeft: number;
  /** The tiles in hand, where the hands are known. */
  readonly hand: readonly (readonly [number, number])[] | null;
  /** Cards shown, counted in yellows; the card they amount to. */
  readonly yellows: number;
  readonly card: Card | null;
  readonly expelled: boolean;
}

export interface TeamView {
  readonly team: number;
  readonly players: readonly [number, number];
  readonly score: number;
  /** The pair has had its warning for the clock: the next overrun costs points. */
  readonly clockWarned: boolean;
  /** Pips in the pair's hands, where the hands are known. */
  readonly pips: number | null;
}

export type AlertKind =
  | 'falsePass'
  | 'rejected'
  | 'domino'
  | 'blocked'
  | 'eggs'
  | 'awaitingHands'
  | 'passToConfirm'
  | 'clock'
  | 'card'
  | 'forfeit'
  | 'unsigned'
  | 'matchOver';

export interface AlertView {
  readonly kind: AlertKind;
  readonly message: string;
  readonly move?: number;
  readonly player?: number;
}

export interface PenaltyView {
  readonly round: number;
  readonly kind: string;
  readonly team: number;
  readonly player?: number;
  readonly points?: number;
  readonly card?: Card;
  readonly reason: string;
}

export interface SignatureView {
  readonly name: string;
  /** Still holds: the line has not changed since it was signed. */
  readonly valid: boolean;
}

export interface SheetRowView {
  readonly round: number;
  readonly leader: number;
  /** `scored`, `annulled`, `abandoned`, or null while the round goes on. */
  readonly end: string | null;
  readonly over: 'domino' | 'blocked' | null;
  readonly blockedBy: number | null;
  readonly eggs: boolean;
  readonly winner: number | null;
  readonly points: number;
  readonly pips: readonly [number, number] | null;
  /** What each pair gets in this row: the round's points, less penalties given during the round. */
  readonly teamPoints: readonly [number, number];
  readonly penalties: readonly PenaltyView[];
  /** The scores after the row. */
  readonly scores: readonly [number, number];
  readonly signatures: {
    readonly team0: SignatureView | null;
    readonly team1: SignatureView | null;
    readonly referee: SignatureView | null;
  };
  /** Signed by one player of each pair and the referee (seed: «как минимум одним игроком … и одним судьей»). */
  readonly signed: boolean;
}

/** The dominoes part of the view. */
export interface DominoesView {
  readonly round: number;
  readonly leader: number;
  readonly target: number;
  readonly penaltyPoints: number;
  readonly chain: readonly ChainTileView[];
  readonly ends: readonly [number, number] | null;
  /** Whose turn, the seconds allowed and since when; null when no one is to move. */
  readonly clock: Clock | null;
  readonly over: 'domino' | 'blocked' | null;
  readonly end: string | null;
  readonly hands: 'deal' | 'shown' | null;
  readonly seats: readonly SeatView[];
  readonly teams: readonly TeamView[];
  readonly scores: readonly [number, number];
  readonly matchOver: boolean;
  readonly matchWinner: number | null;
  readonly alerts: readonly AlertView[];
  readonly penalties: readonly PenaltyView[];
  readonly sheet: readonly SheetRowView[];
  /** Pips down on the table; in each pair's hands where known. */
  readonly pips: { readonly onTable: number; readonly inHand: readonly [number, number] | null };
  /** The round's moves, in order. */
  readonly moves: readonly MoveView[];
  /** Passes not yet confirmed, by move number. */
  readonly pendingPasses: readonly number[];
}

/** The whole view a dominoes page receives. */
export type DominoesPageView = CoreView & DominoesView;

const tileJson = (t: Tile | readonly [number, number]): [number, number] => [t[0], t[1]];

const moveView = (r: RoundState['moves'][number]): MoveView => ({
  move: r.move,
  index: r.index,
  player: r.input.player,
  ...('tile' in r.input
    ? { tile: tileJson(r.input.tile), ...(r.input.end ? { end: r.input.end } : {}) }
    : { pass: true as const }),
  status: r.status,
  rejected: r.rejected,
  by: r.by,
  at: r.at,
});

const CARD_OF = (yellows: number): Card | null =>
  yellows >= CARD_WEIGHT.black ? 'black' : yellows >= CARD_WEIGHT.red ? 'red' : yellows > 0 ? 'yellow' : null;

const sheetRow = (m: DominoesMatch, r: RoundState, before: readonly [number, number]): SheetRowView => {
  const penalties: PenaltyView[] = m.events
    .filter((e) => e.round === r.number && e.kind !== 'round')
    .map((e) => ({
      round: e.round,
      kind: e.kind,
      team: e.team,
      ...(e.player !== undefined ? { player: e.player } : {}),
      ...(e.points !== undefined ? { points: e.points } : {}),
      ...(e.card !== undefined ? { card: e.card } : {}),
      reason: e.reason,
    }));
  const delta: [number, number] = [0, 0];
  for (const e of m.events.filter((x) => x.round === r.number)) {
    if (e.kind === 'round') delta[e.team] += e.points ?? 0;
    if (e.kind === 'points') delta[e.team] -= e.points ?? 0;
  }
  const line = sheetLine(m, r.number);
  const sig = (who: Team | 'referee'): SignatureView | null => {
    const s = r.signatures.filter((x) => x.team === who).at(-1);
    return s ? { name: s.name, valid: s.signed === line } : null;
  };
  const signatures = { team0: sig(0), team1: sig(1), referee: sig('referee') };
  const score = r.score;
  return {
    round: r.number,
    leader: r.leader,
    end: r.end,
    over: r.over,
    blockedBy: r.over === 'blocked' ? r.closedBy : null,
    eggs: score?.eggs ?? false,
    winner: r.end === 'scored' ? (score?.winner ?? null) : null,
    points: r.end === 'scored' ? (score?.points ?? 0) : 0,
    pips: score ? [score.pips[0], score.pips[1]] : null,
    teamPoints: delta,
    penalties,
    scores: [before[0] + delta[0], before[1] + delta[1]],
    signatures,
    signed: [signatures.team0, signatures.team1, signatures.referee].every((s) => s?.valid === true),
  };
};

/** The score sheet, a row a round; forfeits set the scores to what the reducer says at the end. */
const sheetOf = (m: DominoesMatch): SheetRowView[] => {
  const rows: SheetRowView[] = [];
  let scores: readonly [number, number] = [0, 0];
  for (const r of m.rounds) {
    const row = sheetRow(m, r, scores);
    rows.push(row);
    scores = row.scores;
  }
  // A forfeit (a red card, a no-show, a concession) records the target: the last row shows it.
  const last = rows.at(-1);
  if (last && (scores[0] !== m.penalties.scores[0] || scores[1] !== m.penalties.scores[1]))
    rows[rows.length - 1] = { ...last, scores: [m.penalties.scores[0], m.penalties.scores[1]] };
  return rows;
};

const alertsOf = (m: DominoesMatch, sheet: readonly SheetRowView[]): AlertView[] => {
  const who = (p: number): string => `${m.names[p] ?? `Player ${p + 1}`} (player ${p + 1})`;
  const round = currentRound(m);
  const alerts: AlertView[] = [];
  // The engine counts the moves in play from 0 (a move the camera saw that could not be played is not one).
  const inPlay = round.moves.filter((x) => x.rejected === null);
  for (const v of round.score?.violations ?? []) {
    const r = inPlay[v.move];
    alerts.push({
      kind: 'falsePass',
      message: `false pass: ${who(v.player)} passed at move ${(r?.index ?? v.move) + 1} holding a tile that fitted — the round is annulled; the penalty is the referee's (points off, or a red card if it prevented a block)`,
      ...(r ? { move: r.move } : {}),
      player: v.player,
    });
  }
  // Before the hands are known, one false pass is certain: a pass while the table is empty (any tile fits).
  if (!round.engine)
    for (const r of round.moves.filter((x) => 'pass' in x.input && x.rejected === null && x.ends === null))
      alerts.push({
        kind: 'falsePass',
        message: `false pass: ${who(r.input.player)} passed at move ${r.index + 1} with the table empty, where any tile fits — the round will be annulled when the hands are shown`,
        move: r.move,
        player: r.input.player,
      });
  for (const r of round.moves.filter((x) => x.rejected !== null))
    alerts.push({
      kind: 'rejected',
      message: `move ${r.index + 1} as seen cannot be played: ${r.rejected ?? ''} — override or undo it`,
      move: r.move,
      player: r.input.player,
    });
  if (round.over === 'domino')
    alerts.push({
      kind: 'domino',
      message: `domino: ${who(round.closedBy ?? 0)} has played his last tile`,
      player: round.closedBy ?? 0,
    });
  if (round.over === 'blocked')
    alerts.push({
      kind: 'blocked',
      message: `blocked (the fish): ${who(round.closedBy ?? 0)} closed the game with both ends ${round.ends?.[0] ?? ''}`,
      player: round.closedBy ?? 0,
    });
  if (round.score?.eggs)
    alerts.push({ kind: 'eggs', message: 'eggs: equal pips in hand — a draw, no points' });
  if (round.over && !round.engine)
    alerts.push({
      kind: 'awaitingHands',
      message: 'the round is over: enter the tiles left in each hand to score it',
    });
  for (const r of round.moves.filter(
    (x) => 'pass' in x.input && x.status === 'proposed' && x.rejected === null,
  ))
    alerts.push({
      kind: 'passToConfirm',
      message: `${who(r.input.player)} passed at move ${r.index + 1}: to be confirmed`,
      move: r.move,
      player: r.input.player,
    });
  for (const e of m.events.filter((x) => x.round === round.number)) {
    if (e.kind === 'warning' || (e.kind === 'points' && e.reason.includes('clock')))
      alerts.push({
        kind: 'clock',
        message: `clock exceeded by ${who(e.player ?? 0)}: ${e.kind === 'warning' ? 'a warning' : `${e.points ?? 0} points off the pair`}`,
        player: e.player ?? 0,
      });
    if (e.kind === 'card')
      alerts.push({
        kind: 'card',
        message: `a ${e.card ?? 'yellow'} card to ${who(e.player ?? 0)}`,
        player: e.player ?? 0,
      });
    if (e.kind === 'forfeit')
      alerts.push({ kind: 'forfeit', message: `pair ${e.team + 1} loses the match: ${e.reason}` });
  }
  for (const row of sheet)
    if (row.end && !row.signed)
      alerts.push({
        kind: 'unsigned',
        message: `round ${row.round}'s score sheet is not yet signed by both pairs and the referee`,
      });
  if (m.penalties.matchOver && m.penalties.matchWinner !== null)
    alerts.push({
      kind: 'matchOver',
      message: `the match is over: pair ${m.penalties.matchWinner + 1} wins`,
    });
  return alerts;
};

export const projectView = (m: DominoesMatch): DominoesView => {
  const round = currentRound(m);
  const sheet = sheetOf(m);
  const hands = round.engine?.hands ?? null;
  const inHand: [number, number] | null = hands
    ? [pipsIn([...hands[0], ...hands[2]]), pipsIn([...hands[1], ...hands[3]])]
    : null;
  const p = m.penalties;
  return {
    round: round.number,
    leader: round.leader,
    target: m.options.target,
    penaltyPoints: m.options.penalty,
    chain: round.chain.map((c) => ({
      tile: tileJson(c.tile),
      double: c.tile[0] === c.tile[1],
      player: c.player,
      move: c.move,
    })),
    ends: round.ends ? [round.ends[0], round.ends[1]] : null,
    clock: clockOf(m),
    over: round.over,
    end: round.end,
    hands: round.handsFrom,
    seats: ([0, 1, 2, 3] as const).map((player: Player) => ({
      player,
      team: teamOf(player),
      tilesLeft: 7 - round.played[player],
      hand: hands ? hands[player].map(tileJson) : null,
      yellows: p.yellows[player],
      card: CARD_OF(p.yellows[player]),
      expelled: p.expelled[player],
    })),
    teams: ([0, 1] as const).map((team: Team) => ({
      team,
      players: playersOf(team),
      score: p.scores[team],
      clockWarned: p.clockWarned[team],
      pips: inHand ? inHand[team] : null,
    })),
    scores: [p.scores[0], p.scores[1]],
    matchOver: p.matchOver,
    matchWinner: p.matchWinner,
    alerts: alertsOf(m, sheet),
    penalties: sheet.flatMap((r) => r.penalties),
    sheet,
    pips: { onTable: pipsIn(round.chain.map((c) => c.tile)), inHand },
    moves: round.moves.map(moveView),
    pendingPasses: round.moves
      .filter((x) => 'pass' in x.input && x.status === 'proposed' && x.rejected === null)
      .map((x) => x.move),
  };
};
