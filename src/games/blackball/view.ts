// What black-ball's views see: one plain projection of the replayed match with what the camera sees
// now, the same for every view (the referee's page shows all of it; the overlay and the player's page
// parts). The core adds the game, the players, the source and Undo (`undo`, `undoable`).
import { pointMm } from '../../core/units.ts';
import type { BallView, CoreView, TrailView } from '../../match/view.ts';
import { BLACK, ballsOf, inCabin, isObjectBallId, marksOf, type Group } from './equipment.ts';
import type { Player } from './rules/state.ts';
import {
  ballsOnNow,
  footSpotCandidates,
  frameAsSeenNow,
  type BlackballMatch,
  type FrameNotice,
  type RulingStatus,
  type StrokeRecord,
} from './session.ts';

export type { BallView, TrailView, FrameNotice };

export interface RulingView {
  /** The stroke's number in the match, from 0. */
  readonly stroke: number;
  /** The frame it was played in, from 1. */
  readonly frame: number;
  readonly status: RulingStatus;
  readonly striker: Player;
  readonly break: boolean;
  readonly freeKick: boolean;
  readonly firstContact: readonly string[];
  readonly potted: readonly string[];
  readonly offTable: readonly string[];
  /** The fouls the referee called on it (what only a person sees). */
  readonly fouls: readonly string[];
  /** The foul, each reason citing the seed; null for a legal stroke. */
  readonly foul: { readonly reasons: readonly string[] } | null;
  readonly lossOfFrame: { readonly player: Player; readonly reason: string } | null;
  readonly rerack: boolean;
  /** The offender now has two consecutive fouls and must be warned (seed 3.5). */
  readonly warning: boolean;
  readonly groups: readonly [Group, Group] | null;
  readonly frameOver: boolean;
  readonly winner: Player | null;
  /** Why the rules could not rule on it (a ball potted that was not on the table), else null. */
  readonly rejected: string | null;
  readonly by: string;
  readonly endedAt?: number;
}

export interface BlackballView {
  /** The cue ball is in hand: the views follow where the camera sees it placed. */
  readonly followsLive: boolean;
  readonly raceTo: number;
  readonly framesWon: readonly [number, number];
  /** The same as `framesWon`: what a scoreboard shows. */
  readonly scores: readonly [number, number];
  /** Frame number in the match, from 1. */
  readonly frame: number;
  readonly matchOver: boolean;
  readonly matchWinner: Player | null;
  readonly striker: Player;
  readonly break: boolean;
  /** `[group of player 0, group of player 1]`, null while the table is open (seed 2.6). */
  readonly groups: readonly [Group, Group] | null;
  /** The balls on for the striker (seed 2.1). */
  readonly ballsOn: readonly string[];
  /** Each player's balls left on the table: their group's, then the black once it is cleared; [] while open. */
  readonly ballsLeft: readonly [readonly string[], readonly string[]];
  readonly freeKick: boolean;
  readonly cueInHand: boolean;
  /** The referee has announced the striker snookered (seed 2.10). */
  readonly snookered: boolean;
  /** Each player's consecutive fouls (seed 3.5). */
  readonly fouls: readonly [number, number];
  /** The player has two consecutive fouls: he must be warned before his next stroke (seed 3.5). */
  readonly warningDue: readonly [boolean, boolean];
  readonly frameOver: boolean;
  readonly winner: Player | null;
  /** A frame lost, won, conceded, or re-racked by the last stroke (or a concession). */
  readonly alert: FrameNotice | null;
  /** The rulings of the rack in view, newest last. */
  readonly rulings: readonly RulingView[];
  /** The last stroke's ruling while it awaits the referee's confirmation. */
  readonly pending: RulingView | null;
  readonly trails: readonly TrailView[];
  /** Balls on the table: as the camera sees them now, else as the rules last left them. */
  readonly balls: readonly BallView[];
  /** The cabin's edge, y in mm (seed 2.1: the head line at L/5). */
  readonly headLine: number;
  /** Where the cue ball lies now, and whether in the cabin (seed 2.8); null when it is not seen. */
  readonly cue: { readonly x: number; readonly y: number; readonly inCabin: boolean } | null;
  /** Seed 1.3: whether the striker may have a ball moved to the foot spot now, and which. */
  readonly footSpot: { readonly applies: boolean; readonly candidates: readonly string[] };
}

/** The whole view a black-ball page receives: two players. */
export type MatchView = Omit<CoreView, 'players'> &
  BlackballView & { readonly players: readonly [string, string] };

export const rulingView = (s: StrokeRecord): RulingView => ({
  stroke: s.stroke,
  frame: s.frame,
  status: s.status,
  striker: s.striker,
  break: s.break,
  freeKick: s.freeKick,
  firstContact: s.shot.firstContact,
  potted: s.shot.potted,
  offTable: s.shot.offTable,
  fouls: s.shot.fouls,
  foul: s.ruling ? s.ruling.foul : { reasons: [`not ruled: ${s.rejected ?? 'unknown'}`] },
  lossOfFrame: s.ruling?.lossOfFrame ?? null,
  rerack: s.ruling?.rerack ?? false,
  warning: s.ruling?.warning ?? false,
  groups: s.ruling?.groups ?? null,
  frameOver: s.ruling?.frameOver ?? false,
  winner: s.ruling?.winner ?? null,
  rejected: s.rejected,
  by: s.by,
  ...(s.endedAt !== undefined ? { endedAt: s.endedAt } : {}),
});

export const projectView = (m: BlackballMatch, live: readonly BallView[] | null): BlackballView => {
  const f = m.frame;
  const last = m.strokes.at(-1);
  // Until the first stroke on a new rack, the rack just finished stays in view with its last ruling.
  const shownRack = m.strokes.some((s) => s.rack === m.rack) ? m.rack : last?.rack;
  const onTable = f.balls.map((b) => b.id).filter(isObjectBallId);
  const left = (p: Player): string[] => {
    const g = f.groups?.[p];
    if (!g) return [];
    const own = ballsOf(g).filter((id) => onTable.includes(id));
    return own.length > 0 ? own : onTable.includes(BLACK) ? [BLACK] : [];
  };
  const balls = live ?? f.balls.map((b) => ({ id: b.id, x: b.x as number, y: b.y as number }));
  const cueBall = balls.find((b) => b.id === 'cue');
  const candidates = footSpotCandidates(m.table, frameAsSeenNow(m.table, f, live));
  return {
    followsLive: f.cueInHand && !f.frameOver,
    raceTo: m.raceTo,
    framesWon: m.framesWon,
    scores: m.framesWon,
    frame: m.frameNumber,
    matchOver: m.winner !== null,
    matchWinner: m.winner,
    striker: f.striker,
    break: f.break,
    groups: f.groups,
    ballsOn: f.frameOver ? [] : ballsOnNow(f),
    ballsLeft: [left(0), left(1)],
    freeKick: f.freeKick,
    cueInHand: f.cueInHand,
    snookered: f.snookered,
    fouls: f.fouls,
    warningDue: [f.fouls[0] === 2, f.fouls[1] === 2],
    frameOver: f.frameOver,
    winner: f.winner,
    alert: m.notice,
    rulings: m.strokes.filter((s) => s.rack === shownRack).map(rulingView),
    pending: last && last.status === 'proposed' ? rulingView(last) : null,
    trails: last?.trails.map((t) => ({ track: t.track, id: t.id, points: t.points })) ?? [],
    balls,
    headLine: marksOf(m.table).headLine,
    cue: cueBall
      ? { x: cueBall.x, y: cueBall.y, inCabin: inCabin(pointMm(cueBall.x, cueBall.y), m.table) }
      : null,
    footSpot: { applies: candidates.length > 0, candidates },
  };
};
