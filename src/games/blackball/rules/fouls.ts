// The balls on and the fouls of a stroke (seed 2.1, 2.5(b), 2.11, 3.1–3.3; docs/formats.md §8 "How
// the engine rules"). Several fouls in one stroke count as one (seed 3.5); every one is named, each
// with the seed section it rests on.
//
// Seed 3.4 (from the cabin, a first contact with a ball also in the cabin is a foul unless the cue
// ball crossed the head line first) and seed 2.8 (a cue ball in hand is played from the cabin) need
// what only the camera (or the referee) sees: they are ruled on when the shot carries the extension
// fields `cabinContact` and `cueInCabin` (docs/formats.md §8, extensions), and only then, so a shot
// as the contract writes it is ruled exactly as the contract says.
import {
  BLACK,
  OBJECT_BALL_IDS,
  ballsOf,
  groupOf,
  otherGroup,
  type Group,
  type ObjectBallId,
} from '../equipment.ts';
import type { FrameState, Groups, Player, RefereeFoul, Shot } from './state.ts';

/** The striker's group, or null while the table is open. */
export const groupOfPlayer = (groups: Groups | null, p: Player): Group | null => (groups ? groups[p] : null);

/**
 * The balls on (seed 2.1 "Bola On"; §8): on an open table every object ball but the black; with
 * groups the striker's group, and once none of it is on the table before the stroke, the black.
 */
export const ballsOn = (
  groups: Groups | null,
  striker: Player,
  before: readonly ObjectBallId[],
): readonly ObjectBallId[] => {
  const own = groupOfPlayer(groups, striker);
  if (own === null) return OBJECT_BALL_IDS.filter((id) => id !== BLACK);
  const left = ballsOf(own).filter((id) => before.includes(id));
  return left.length > 0 ? left : [BLACK];
};

/** Has the striker's group gone from the table (before the stroke)? False while the table is open. */
export const groupCleared = (
  groups: Groups | null,
  striker: Player,
  before: readonly ObjectBallId[],
): boolean => {
  const own = groupOfPlayer(groups, striker);
  return own !== null && !ballsOf(own).some((id) => before.includes(id));
};

/** What each referee-reported foul is, with the seed section it rests on. */
export const REFEREE_FOUL_REASONS: Readonly<Record<RefereeFoul, string>> = {
  push: 'a push stroke (seed 3; 4.2)',
  doubleHit: 'the cue ball struck more than once (seed 3; 4.2)',
  jump: 'a jump shot (seed 3)',
  ballsMoving: 'striking while balls were still moving (seed 3; 4.2)',
  touchedBall: 'touching a ball other than with the tip on the cue ball (seed 3; 4.2)',
  playedIntoTouching: 'playing the cue ball towards the object ball it was touching (seed 2.9)',
  intentionalWrongBall: 'intentionally first hitting a ball that was not on (seed 2.12(c), 3.2)',
  noAttempt: 'no attempt to hit a ball on (seed 2.12(d))',
};

/** The object balls of each group among `ids`. */
const groupsAmong = (ids: readonly ObjectBallId[]): Set<Group> => {
  const out = new Set<Group>();
  for (const id of ids) {
    const g = groupOf(id);
    if (g) out.add(g);
  }
  return out;
};

/**
 * Every foul of the stroke (§8 "Fouls", and the break): the reasons, empty when the stroke is
 * legal. `before` is the object balls on the table before the stroke.
 */
export const strokeFouls = (state: FrameState, shot: Shot, before: readonly ObjectBallId[]): string[] => {
  const reasons: string[] = [];
  const potted = shot.potted.filter((id): id is ObjectBallId => id !== 'cue');
  if (state.break && potted.length === 0 && shot.crossedCentre.length < 2)
    reasons.push(
      'the break potted no ball and fewer than two object balls crossed the centre line (seed 2.5(b))',
    );
  if (shot.potted.includes('cue')) reasons.push('the cue ball was potted (seed 3.1, 2.11)');
  if (shot.offTable.includes('cue'))
    reasons.push('the cue ball left the table (seed 3.1, 2.11: as good as potted)');
  const first = shot.firstContact;
  const on = ballsOn(state.groups, state.striker, before);
  if (first.length === 0) reasons.push('the cue ball touched no ball (seed 3.2, 2.11)');
  // Regulation X: a simultaneous contact that includes a ball on goes in the striker's favour.
  else if (!state.freeKick && !first.some((id) => on.includes(id)))
    reasons.push(
      `the cue ball first touched ${first.map((id) => `the ${id}`).join(' and ')}, not a ball on (seed 3.2, 2.11)`,
    );
  if (first.length > 0 && shot.potted.length === 0 && !shot.cushionAfterContact && !state.snookered)
    reasons.push('nothing was potted and no ball touched a cushion after the contact (seed 3.3, 2.11)');
  const own = groupOfPlayer(state.groups, state.striker);
  if (own !== null) {
    const pottedGroups = groupsAmong(potted);
    if (pottedGroups.has(otherGroup(own)) && !pottedGroups.has(own))
      reasons.push(
        `an opponent's ball (${potted.filter((id) => groupOf(id) === otherGroup(own)).join(', ')}) potted and none of the striker's ${own} (seed 2.11)`,
      );
  }
  // 2.5(a): the break is played from hand in the cabin too.
  const fromHand = state.cueInHand || state.break;
  if (fromHand && shot.cueInCabin === false)
    reasons.push('the cue ball in hand was played from outside the cabin (seed 2.8, 2.5(a))');
  if (fromHand && shot.cabinContact === true)
    reasons.push(
      'from hand in the cabin, the cue ball first touched a ball in the cabin before crossing the head line (seed 3.4)',
    );
  for (const f of shot.fouls) reasons.push(REFEREE_FOUL_REASONS[f]);
  return reasons;
};

/** The single group of the balls potted, or null if none or both groups went down (seed 2.6). */
export const singleGroupPotted = (potted: readonly ObjectBallId[]): Group | null => {
  const groups = groupsAmong(potted);
  if (groups.size !== 1) return null;
  const [g] = [...groups];
  return g ?? null;
};
