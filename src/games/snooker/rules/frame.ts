// The frame reducer (boardgame.io style): (state, stroke) → { ruling, state }, pure. A frame is
// `strokes.reduce((s, shot) => applyStroke(s, shot).state, initial)`.
import { markingsOf } from '../equipment.ts';
import { type Table } from '../../../equipment/index.ts';
import { isSnookerColour, snookerTable, type SnookerBallId, type SnookerColour } from '../equipment.ts';
import { onAfterScoring, onForNewTurn, resolveBallOn, type BallOn } from './ballOn.ts';
import { penaltyOf, strokeFouls, type Foul } from './fouls.ts';
import { isMissCandidate, pointsRemaining, snookerValue, snookersRequired } from './miss.ts';
import { respot, respottedBall, type Respot } from './respot.ts';
import {
  isFullBallAvailable,
  isSnookered,
  isSnookeredByFreeBall,
  type CuePosition,
  type Layout,
} from './snookered.ts';
import type { Ball, FrameState, Shot } from './state.ts';
import { COLOUR_SEQUENCE, MIN_PENALTY, opponent, valueOf, type On, type Player } from './values.ts';

export interface Next {
  readonly striker: Player;
  readonly on: On;
  readonly freeBall: boolean;
  readonly cueInHand: boolean;
  readonly respottedBlack: boolean;
}

export interface Ruling {
  /** Null, or the penalty awarded to the opponent and why (WPBSA 3.10). */
  readonly foul: { readonly points: number; readonly reasons: readonly string[] } | null;
  /** Points to the striker for this stroke (0 on a foul). */
  readonly scored: number;
  readonly scores: readonly [number, number];
  /** Every colour put back, with the exact place chosen (WPBSA 3.7). */
  readonly respots: readonly Respot[];
  readonly next: Next;
  /** The referee may call FOUL AND A MISS on this stroke (WPBSA 3.14). */
  readonly missCandidate: boolean;
  readonly frameOver: boolean;
  readonly winner: Player | null;
  /** Everything decided, each with the rule it rests on. */
  readonly reasons: readonly string[];
  /** The break of the player who just played, after this stroke (0 once it ends). */
  readonly break: number;
  readonly highestBreak: readonly [number, number];
  /** After this stroke, and each player's snookers needed (see miss.ts). */
  readonly pointsRemaining: number;
  readonly snookersRequired: readonly [number, number];
  /** This was the second miss from one position with a full-ball contact open: warn the striker (3.14). */
  readonly threeMissWarning: boolean;
  /** The third such miss: if the referee calls the miss, the frame is awarded to the opponent (3.14). */
  readonly missForfeit: boolean;
  /** If a miss is called and the offender is asked to play again from where the balls were: that state. */
  readonly missReplay?: FrameState;
  /** A re-spotted black starts and no lot was given: the referee draws lots for who plays first (3.4). */
  readonly drawLots?: boolean;
}

export interface StrokeOptions {
  /** The bed; the WPBSA standard table unless given. */
  readonly table?: Table;
}

export interface Stroke {
  readonly ruling: Ruling;
  readonly state: FrameState;
}

const idsOf = (balls: readonly { readonly id: SnookerBallId }[]): SnookerBallId[] => balls.map((b) => b.id);

/** Where the balls came to rest: as given, or where they were less those potted or forced off. */
const restingBalls = (state: FrameState, shot: Shot): Ball[] => {
  if (shot.after) return [...shot.after];
  // Without positions, which of several reds went is unknown: the first listed are taken.
  const left = [...state.balls];
  for (const id of [...shot.potted, ...shot.offTable]) {
    const i = left.findIndex((b) => b.id === id);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
};

/** The balls on (or that could be on) for a striker on `on`, and the rest, as positions. */
interface BallLayout extends Layout {
  readonly on: readonly Ball[];
  readonly notOn: readonly Ball[];
}

const layoutFor = (balls: readonly Ball[], onIds: readonly SnookerBallId[]): BallLayout => ({
  on: balls.filter((b) => onIds.includes(b.id)),
  notOn: balls.filter((b) => b.id !== 'cue' && !onIds.includes(b.id)),
});

const onIdsFor = (on: On): SnookerBallId[] => (on === 'colour' ? [...COLOUR_SEQUENCE] : [on]);

const cueOf = (balls: readonly Ball[], inHand: boolean): CuePosition => {
  const cue = balls.find((b) => b.id === 'cue');
  return inHand || !cue ? 'inHand' : cue;
};

/** What a legal stroke scores (WPBSA 3.3; 3.12(c)–(e) with a free ball). */
const scoreOf = (state: FrameState, shot: Shot, on: BallOn): { points: number; reasons: string[] } => {
  const potted = shot.potted.filter((id) => id !== 'cue');
  const free = on.freeBall !== null && potted.includes(on.freeBall) ? on.freeBall : null;
  if (state.on === 'red') {
    const reds = potted.filter((id) => id === 'red').length;
    const reasons = reds > 0 ? [`${reds} red${reds > 1 ? 's' : ''} potted: ${reds} (WPBSA 3.3)`] : [];
    // 3.12(e): a free ball potted with reds is scored too, each as a red.
    if (free) reasons.push(`free ball: the ${free} potted as a red scores 1 (WPBSA 3.12(c), (e))`);
    return { points: reds + (free ? 1 : 0), reasons };
  }
  const ball = on.ball;
  if (ball !== null && potted.includes(ball))
    return {
      points: valueOf(ball),
      reasons: [
        `the ${ball} potted: ${valueOf(ball)} (WPBSA 3.3)`,
        ...(free
          ? [`free ball ${free} potted with the ball on: only the ball on scores (WPBSA 3.12(e))`]
          : []),
      ],
    };
  if (free)
    return {
      points: on.value,
      reasons: [`free ball: the ${free} potted as the ${ball} scores ${on.value} (WPBSA 3.12(c))`],
    };
  return { points: 0, reasons: [] };
};

/** Colours that go back after the stroke (WPBSA 3.3, 3.7, 3.12(c)): potted or forced off, unless legally potted in sequence. */
const coloursToRespot = (state: FrameState, shot: Shot, foul: boolean): SnookerColour[] =>
  [...shot.potted, ...shot.offTable].filter(
    (id): id is SnookerColour =>
      isSnookerColour(id) && (foul || state.on === 'red' || state.on === 'colour' || id !== state.on),
  );

/**
 * Does this stroke end the frame (WPBSA 3.4): the last black potted or fouled, or the re-spotted
 * black scored or fouled? (A toy table with no colours at all, like the contract's example, never
 * reaches the black and so never ends by itself.)
 */
const endsFrame = (state: FrameState, shot: Shot, foul: boolean, scored: number): boolean =>
  state.respottedBlack ? foul || scored > 0 : state.on === 'black' && (foul || shot.potted.includes('black'));

const concession = (state: FrameState): Stroke => {
  const winner = opponent(state.striker);
  const remaining = pointsRemaining(idsOf(state.balls), state.on, state.respottedBlack);
  const next: Next = {
    striker: winner,
    on: state.on,
    freeBall: false,
    cueInHand: state.cueInHand,
    respottedBlack: state.respottedBlack,
  };
  return {
    ruling: {
      foul: null,
      scored: 0,
      scores: state.scores,
      respots: [],
      next,
      missCandidate: false,
      frameOver: true,
      winner,
      reasons: [`player ${state.striker} concedes the frame (WPBSA 3.4)`],
      break: 0,
      highestBreak: state.highestBreak,
      pointsRemaining: remaining,
      snookersRequired: [0, 1].map((p) => snookersRequired(state.scores, p as Player, remaining)) as [
        number,
        number,
      ],
      threeMissWarning: false,
      missForfeit: false,
    },
    state: { ...state, break: 0, consecutiveMisses: 0, frameOver: true, winner, freeBall: false },
  };
};

const requiredFor = (
  scores: readonly [number, number],
  ids: readonly SnookerBallId[],
  on: On,
  respottedBlack: boolean,
): [number, number] => {
  const remaining = pointsRemaining(ids, on, respottedBlack);
  const per = snookerValue(ids);
  return [snookersRequired(scores, 0, remaining, per), snookersRequired(scores, 1, remaining, per)];
};

/** Rule on one stroke: the pure reducer (state, shot) → { ruling, state }. Input is assumed checked (parseRuleInput). */
export const applyStroke = (state: FrameState, shot: Shot, options: StrokeOptions = {}): Stroke => {
  if (shot.concede) return concession(state);
  const table = options.table ?? snookerTable();
  const on = resolveBallOn(state, shot);
  const fouls: Foul[] = strokeFouls(table, state, shot, on);
  const resting = restingBalls(state, shot);
  const restingIds = idsOf(resting);
  const score = fouls.length === 0 ? scoreOf(state, shot, on) : { points: 0, reasons: [] };
  const cueGone = shot.potted.includes('cue') || shot.offTable.includes('cue');

  // 3.12(b)(ii): after a non-scoring free-ball stroke, snookering the next striker on every ball on
  // with the free ball is a foul, except when the pink and black are the only object balls left.
  if (fouls.length === 0 && score.points === 0 && on.freeBall !== null) {
    const objects = restingIds.filter((id) => id !== 'cue');
    const pinkAndBlackOnly = objects.length === 2 && objects.includes('pink') && objects.includes('black');
    const nextOn = onForNewTurn(restingIds);
    const cue = resting.find((b) => b.id === 'cue');
    if (!pinkAndBlackOnly && nextOn !== null && cue) {
      const layout = layoutFor(resting, onIdsFor(nextOn));
      const free = layout.notOn.findIndex((b) => b.id === on.freeBall);
      if (free >= 0 && isSnookeredByFreeBall(table, cue, layout, free))
        fouls.push({
          points: Math.max(MIN_PENALTY, on.value),
          reason: `snookering the opponent with the free ball, the ${on.freeBall} (WPBSA 3.12(b)(ii), 3.10(a))`,
        });
    }
  }

  const foul = fouls.length > 0;
  const penalty = penaltyOf(fouls);
  const striker = state.striker;
  const other = opponent(striker);
  const scores: [number, number] = [state.scores[0], state.scores[1]];
  if (foul) scores[other] += penalty;
  else scores[striker] += score.points;
  const reasons: string[] = [...fouls.map((f) => f.reason), ...score.reasons];
  const stays = !foul && score.points > 0;
  const breakNow = stays ? state.break + score.points : 0;
  const highestBreak: [number, number] = [state.highestBreak[0], state.highestBreak[1]];
  highestBreak[striker] = Math.max(highestBreak[striker], breakNow);

  let balls: Ball[] = resting;
  let respots: Respot[] = [];
  let frameOver = false;
  let winner: Player | null = null;
  let respottedBlack = false;
  let drawLots: boolean | undefined;
  let next: Next;

  if (endsFrame(state, shot, foul, score.points)) {
    if (scores[0] === scores[1]) {
      // 3.4: scores level when the last black is potted or fouled: the black is re-spotted, the
      // cue ball is in hand, and who plays first is drawn by lot (taken from `shot.lot`).
      const spot = markingsOf(table).spots.black;
      respots = [{ id: 'black', x: spot.x, y: spot.y }];
      balls = [respottedBall(respots[0] as Respot)];
      respottedBlack = true;
      drawLots = shot.lot === undefined;
      next = {
        striker: shot.lot ?? other,
        on: 'black',
        freeBall: false,
        cueInHand: true,
        respottedBlack: true,
      };
      reasons.push(
        `scores level at the end of the frame: the black is re-spotted, the cue ball in hand (WPBSA 3.4)`,
        shot.lot === undefined
          ? 'who plays first is to be drawn by lot (WPBSA 3.4); the next striker shown is provisional'
          : `player ${shot.lot} plays first, drawn by lot (WPBSA 3.4)`,
      );
    } else {
      frameOver = true;
      winner = scores[0] > scores[1] ? 0 : 1;
      next = { striker: other, on: state.on, freeBall: false, cueInHand: cueGone, respottedBlack: false };
      reasons.push(
        `the frame ends: player ${winner} wins ${scores[winner]}–${scores[winner === 0 ? 1 : 0]} (WPBSA 3.4)`,
      );
    }
  } else {
    const colours = coloursToRespot(state, shot, foul);
    respots = respot(table, colours, resting);
    balls = [...resting, ...respots.map(respottedBall)];
    for (const r of respots) reasons.push(`the ${r.id} is re-spotted at (${r.x}, ${r.y}) (WPBSA 3.7)`);
    const ids = idsOf(balls);
    const nextOn = (stays ? onAfterScoring(state.on, ids) : onForNewTurn(ids)) ?? state.on;
    const nextStriker = stays ? striker : other;
    let freeBall = false;
    if (foul) {
      // 3.12: after a foul, a free ball if the incoming striker is snookered (2.17) by a ball not on.
      freeBall = isSnookered(table, cueOf(balls, cueGone), layoutFor(balls, onIdsFor(nextOn)));
      if (freeBall) reasons.push('the incoming striker is snookered: free ball (WPBSA 3.12, 2.17)');
    }
    if (cueGone) reasons.push('the cue ball is in hand, to be played from the D (WPBSA 3.5)');
    next = {
      striker: nextStriker,
      on: nextOn,
      freeBall,
      cueInHand: cueGone,
      respottedBlack: state.respottedBlack,
    };
  }

  const ids = idsOf(balls);
  const before = requiredFor(state.scores, idsOf(state.balls), state.on, state.respottedBlack);
  const after = requiredFor(scores, ids, next.on, next.respottedBlack);
  const remaining = frameOver ? 0 : pointsRemaining(ids, next.on, next.respottedBlack);

  // 3.14: the miss. Balls that are, or could be, on: for "on a colour", every colour.
  const couldBeOn = on.freeBall ? [...onIdsFor(state.on), on.freeBall] : onIdsFor(state.on);
  const failedToHitBallOn = foul && !shot.firstContact.some((id) => on.ids.includes(id));
  const fullBallAvailable =
    failedToHitBallOn &&
    isFullBallAvailable(table, cueOf(state.balls, state.cueInHand), layoutFor(state.balls, couldBeOn));
  const missCandidate =
    !frameOver &&
    !respottedBlack &&
    isMissCandidate({
      failedToHitBallOn,
      snookersRequired: [...before, ...after].some((n) => n > 0),
      consecutiveMisses: state.consecutiveMisses,
      fullBallAvailable,
    });
  const counted = missCandidate && fullBallAvailable;
  const misses = counted ? state.consecutiveMisses + 1 : 0;
  if (missCandidate)
    reasons.push('the striker failed to first hit a ball on: a miss may be called (WPBSA 3.14)');
  const threeMissWarning = counted && misses === 2;
  const missForfeit = counted && state.consecutiveMisses >= 2;
  if (threeMissWarning) reasons.push('a third failure from this position would lose the frame (WPBSA 3.14)');
  if (missForfeit)
    reasons.push(
      'third miss with a full-ball contact open: if called, the frame is awarded to the opponent (WPBSA 3.14)',
    );

  const nextState: FrameState = {
    scores,
    striker: next.striker,
    on: frameOver ? state.on : next.on,
    freeBall: next.freeBall,
    respottedBlack: next.respottedBlack,
    balls,
    cueInHand: next.cueInHand,
    break: next.striker === striker ? breakNow : 0,
    highestBreak,
    consecutiveMisses: 0,
    previous: state.balls,
    frameOver,
    winner,
  };
  const missReplay: FrameState | undefined = missCandidate
    ? { ...state, scores, break: 0, highestBreak, consecutiveMisses: misses, previous: state.balls }
    : undefined;

  return {
    ruling: {
      foul: foul ? { points: penalty, reasons: fouls.map((f) => f.reason) } : null,
      scored: score.points,
      scores,
      respots,
      next,
      missCandidate,
      frameOver,
      winner,
      reasons,
      break: breakNow,
      highestBreak,
      pointsRemaining: remaining,
      snookersRequired: after,
      threeMissWarning,
      missForfeit,
      ...(missReplay ? { missReplay } : {}),
      ...(drawLots !== undefined ? { drawLots } : {}),
    },
    state: nextState,
  };
};
