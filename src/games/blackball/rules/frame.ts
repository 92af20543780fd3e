// The black-ball frame reducer: (state, shot, bed) → { ruling, state }, pure. A frame is
// `shots.reduce((s, shot) => applyStroke(s, shot, bed).state, initial)`. It rules exactly as
// docs/formats.md §8 "How the engine rules" says, citing the seed (blackball-rules.txt) for each step.
//
// Respots: in black-ball nothing is respotted (the seed has no respotting; object balls potted or
// forced off stay down), so `respots` is always `[]`; after the black on the break the whole rack
// is rebuilt (seed 2.5(c)), which is a re-rack (`rerack: true`, the new rack in `state.balls`),
// not a respot.
import {
  BLACK,
  CUE,
  groupOf,
  openingRack,
  otherGroup,
  type Ball,
  type Bed,
  type ObjectBallId,
} from '../equipment.ts';
import { ballsOn, groupCleared, groupOfPlayer, singleGroupPotted, strokeFouls } from './fouls.ts';
import { objectsBefore, opponent, type FrameState, type Groups, type Player, type Shot } from './state.ts';

export interface Next {
  readonly striker: Player;
  readonly break: boolean;
  readonly freeKick: boolean;
  readonly cueInHand: boolean;
  readonly groups: Groups | null;
  readonly fouls: readonly [number, number];
}

/** A ball put back on the table, and where. Never used in black-ball (see above); kept for the shape. */
export interface Respot {
  readonly id: ObjectBallId;
  readonly x: number;
  readonly y: number;
}

/** The contract's ruling (§8 output), without the next state. */
export interface Ruling {
  readonly foul: { readonly reasons: readonly string[] } | null;
  readonly lossOfFrame: { readonly player: Player; readonly reason: string } | null;
  /** The black went down on the break: re-rack, the same player breaks again (seed 2.5(c)). */
  readonly rerack: boolean;
  /** The groups after this stroke (`null` while the table is open). */
  readonly groups: Groups | null;
  /** The offender now has two consecutive fouls and must be warned (seed 3.5). */
  readonly warning: boolean;
  readonly respots: readonly Respot[];
  readonly next: Next;
  readonly frameOver: boolean;
  readonly winner: Player | null;
}

export interface Stroke {
  readonly ruling: Ruling;
  readonly state: FrameState;
}

/** Where the balls came to rest: as given, or where they were less those potted or forced off. */
const restingBalls = (state: FrameState, shot: Shot): Ball[] => {
  if (shot.after) return [...shot.after];
  const gone = new Set<string>([...shot.potted, ...shot.offTable]);
  return state.balls.filter((b) => !gone.has(b.id));
};

const assignGroups = (striker: Player, group: Groups[number]): Groups =>
  striker === 0 ? [group, otherGroup(group)] : [otherGroup(group), group];

/** Why the striker loses the frame on this stroke, or null (seed 2.12, 3.5; §8 "Loss of frame"). */
const lossReason = (
  state: FrameState,
  shot: Shot,
  foul: boolean,
  foulsNow: number,
  ownLeftBefore: boolean,
): string | null => {
  if (shot.fouls.includes('intentionalWrongBall'))
    return 'intentionally first hitting a ball that was not on (seed 2.12(c))';
  if (shot.fouls.includes('noAttempt')) return 'no attempt to hit a ball on (seed 2.12(d))';
  if (!state.break && shot.potted.includes(BLACK)) {
    if (foul) return 'the black potted on a foul stroke (seed 2.12(a))';
    if (state.groups === null) return 'the black potted while the table was open (seed 2.12(b))';
    if (ownLeftBefore)
      return "the black potted while balls of the striker's group were on the table (seed 2.12(b))";
  }
  // Judgement (the seed and §8 are silent): nothing is respotted, so a black forced off the table
  // cannot come back; off the table is taken as potted illegally (seed 2.12(a), as WPA 8-ball).
  if (!state.break && shot.offTable.includes(BLACK))
    return 'the black forced off the table, taken as potted illegally (seed 2.12(a))';
  if (foul && foulsNow >= 3) return 'three consecutive fouls (seed 3.5)';
  return null;
};

/** Rule on one stroke. Input is assumed checked (`parseRuleInput`). */
export const applyStroke = (state: FrameState, shot: Shot, bed: Bed): Stroke => {
  const striker = state.striker;
  const other = opponent(striker);
  const before = objectsBefore(state, shot);
  const potted = shot.potted.filter((id): id is ObjectBallId => id !== CUE);
  const cueGone = shot.potted.includes(CUE) || shot.offTable.includes(CUE);
  const reasons = strokeFouls(state, shot, before);
  const foul = reasons.length > 0;

  // §8: a legal stroke resets the striker's foul count; a foul adds one to the offender's (seed 3.5).
  const fouls: [number, number] = [state.fouls[0], state.fouls[1]];
  fouls[striker] = foul ? fouls[striker] + 1 : 0;
  const warning = foul && fouls[striker] === 2;

  const own = groupOfPlayer(state.groups, striker);
  const ownLeftBefore = own !== null && !groupCleared(state.groups, striker, before);
  const loss = lossReason(state, shot, foul, fouls[striker], ownLeftBefore);
  const blackDown = shot.potted.includes(BLACK) || shot.offTable.includes(BLACK);
  // Seed 2.5(c): the black on the break (potted, or judged so if forced off) is a re-rack, unless
  // the stroke loses the frame for another reason (2.12(c), (d), 3.5).
  const rerack = state.break && blackDown && loss === null;
  // §8: the black potted legally, the group cleared before the stroke: the striker wins (seed 2, 2.7).
  const win =
    loss === null &&
    !state.break &&
    !foul &&
    potted.includes(BLACK) &&
    groupCleared(state.groups, striker, before);

  // Seed 2.6: a legal stroke, not the break nor a free kick, potting balls of one group only gives
  // the striker that group; both groups leave the table open. The table stays open after any break.
  let groups: Groups | null = state.groups;
  const single = singleGroupPotted(potted);
  if (groups === null && !state.break && !state.freeKick && !foul && loss === null && single !== null)
    groups = assignGroups(striker, single);

  // Seed 2.7, §8: a legal pot keeps the striker at the table: any ball on the break, any object ball
  // on an open table, a ball of the striker's own group once groups are set.
  const mine = groupOfPlayer(groups, striker);
  const legalPot =
    !foul &&
    (state.break || state.groups === null
      ? potted.length > 0
      : potted.some((id) => mine !== null && groupOf(id) === mine));

  let next: Next;
  let balls: Ball[];
  let frameOver = false;
  let winner: Player | null = null;
  let lossOfFrame: Ruling['lossOfFrame'] = null;
  if (loss !== null || win) {
    frameOver = true;
    winner = win ? striker : other;
    if (loss !== null) lossOfFrame = { player: striker, reason: loss };
    // The frame is over: `next.striker` is who would come to the table were play to go on (the
    // winner: the opponent after a loss, the striker after the black), nothing else pending.
    next = { striker: winner, break: false, freeKick: false, cueInHand: false, groups, fouls };
    balls = restingBalls(state, shot);
  } else if (rerack) {
    // Seed 2.5(c), 2.5(a): all the balls re-racked, the same player breaks again from the cabin.
    groups = null;
    next = { striker, break: true, freeKick: false, cueInHand: true, groups, fouls };
    balls = openingRack(bed);
  } else if (foul) {
    // Seed 2.11, 2.1: the opponent comes in with a free kick; the cue ball in hand only if it left
    // the table (otherwise he may play it from where it lies, or take it in hand: his choice).
    next = { striker: other, break: false, freeKick: true, cueInHand: cueGone, groups, fouls };
    balls = restingBalls(state, shot);
  } else {
    // Seed 2.7: a legal pot keeps the striker; otherwise the opponent plays from where the cue ball lies.
    next = {
      striker: legalPot ? striker : other,
      break: false,
      freeKick: false,
      cueInHand: false,
      groups,
      fouls,
    };
    balls = restingBalls(state, shot);
  }

  const nextState: FrameState = {
    striker: next.striker,
    break: next.break,
    groups: next.groups,
    freeKick: next.freeKick,
    cueInHand: next.cueInHand,
    fouls,
    snookered: false,
    balls,
    frameOver,
    winner,
  };
  return {
    ruling: {
      foul: foul ? { reasons } : null,
      lossOfFrame,
      rerack,
      groups: next.groups,
      warning,
      respots: [],
      next,
      frameOver,
      winner,
    },
    state: nextState,
  };
};

/** The balls on for the striker of `state`, given the object balls before the stroke (re-exported for callers). */
export const ballsOnFor = (state: FrameState, before: readonly ObjectBallId[]): readonly ObjectBallId[] =>
  ballsOn(state.groups, state.striker, before);
