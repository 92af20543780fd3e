// Fouls and their penalties (WPBSA 3.10; 3.6 simultaneous hit; 3.12(b) free-ball fouls). Every foul
// is at least four points; several fouls in one stroke cost only the highest (3.10).
import { markingsOf } from '../equipment.ts';
import { type Table } from '../../../equipment/index.ts';
import { inD, type SnookerBallId } from '../equipment.ts';
import type { BallOn } from './ballOn.ts';
import type { FrameState, RefereeFoul, Shot } from './state.ts';
import { MIN_PENALTY, SEVEN_POINTS, valueOf, type ObjectBallId } from './values.ts';

export interface Foul {
  readonly points: number;
  readonly reason: string;
}

/** The value of a ball concerned in a foul; a free ball has the value of the ball on (2.13). */
const concerned = (on: BallOn, id: SnookerBallId): number =>
  id === 'cue' ? 0 : id === on.freeBall ? on.value : valueOf(id);

/** 3.10(a): value of the ball on. */
const ofBallOn = (on: BallOn, what: string): Foul => ({
  points: Math.max(MIN_PENALTY, on.value),
  reason: `${what} (WPBSA 3.10(a): value of the ball on)`,
});

/** 3.10(b): value of the ball on or of the ball concerned, whichever is higher. */
const ofConcerned = (on: BallOn, ids: readonly SnookerBallId[], what: string): Foul => ({
  points: Math.max(MIN_PENALTY, on.value, ...ids.map((id) => concerned(on, id))),
  reason: `${what} (WPBSA 3.10(b): value of the ball on or the ball concerned)`,
});

const seven = (what: string): Foul => ({
  points: SEVEN_POINTS,
  reason: `${what} (WPBSA 3.10(d): seven points)`,
});

const REFEREE_FOUL: Readonly<Record<RefereeFoul, (on: BallOn, shot: Shot) => Foul>> = {
  push: (on, shot) => ofConcerned(on, shot.firstContact, 'push stroke'),
  jump: (on) => ofBallOn(on, 'jump shot'),
  doubleHit: (on) => ofBallOn(on, 'striking the cue ball more than once'),
  ballsMoving: (on) => ofBallOn(on, 'striking while balls are still moving'),
  touchedBall: (on, shot) =>
    ofConcerned(on, shot.touched ?? [], 'touching a ball with other than the tip of the cue'),
  noFootOnFloor: (on) => ofBallOn(on, 'striking without at least one foot on the floor'),
  noNomination: () => seven('failing to declare the ball on when asked'),
  wrongCueBall: () => seven('using a ball other than the white as the cue ball'),
};

/** Is this first contact legal for the ball on (2.11, 3.6, 3.12(b)(i))? */
export const legalFirstContact = (on: BallOn, first: readonly ObjectBallId[]): boolean => {
  if (first.length === 0) return false;
  if (on.freeBall) {
    // 3.12(b)(i): the free ball first, or first simultaneously with the ball on.
    const others = first.filter((id) => id !== on.freeBall);
    return others.length < first.length && others.every((id) => id === on.ball);
  }
  if (!first.every((id) => on.ids.includes(id))) return false;
  // 3.6: two balls may be struck simultaneously only if both are reds (or a free ball and the ball on).
  return first.length === 1 || first.every((id) => id === 'red');
};

/** Balls that may be potted on this stroke: reds when on a red, the ball on, the free ball. */
const pottable = (on: BallOn, id: SnookerBallId): boolean => id !== 'cue' && on.ids.includes(id);

/**
 * Every foul in a stroke that follows from the state and the shot (the free-ball snooker, 3.12(b)(ii),
 * needs the position after and is added by the reducer).
 */
export const strokeFouls = (table: Table, state: FrameState, shot: Shot, on: BallOn): Foul[] => {
  const fouls: Foul[] = shot.fouls.map((f) => REFEREE_FOUL[f](on, shot));
  const first = shot.firstContact;
  if (first.length === 0) fouls.push(ofBallOn(on, 'the cue ball missed all object balls'));
  else if (state.on === 'colour' && first.every((id) => id === 'red'))
    fouls.push(seven('playing at reds in successive strokes'));
  else if (!legalFirstContact(on, first)) {
    if (first.length > 1)
      fouls.push({
        points: Math.max(MIN_PENALTY, on.value, ...first.map((id) => concerned(on, id))),
        reason: `the cue ball struck ${first.join(' and ')} simultaneously (WPBSA 3.6, 3.10(c))`,
      });
    else if (on.freeBall)
      fouls.push(
        ofConcerned(
          on,
          first,
          `the cue ball did not first hit the free ball, the ${on.freeBall} (WPBSA 3.12(b)(i))`,
        ),
      );
    else fouls.push(ofConcerned(on, first, `the cue ball first hit the ${first[0]}, a ball not on`));
  }
  if (shot.potted.includes('cue')) fouls.push(ofBallOn(on, 'the cue ball entered a pocket'));
  const notOn = shot.potted.filter((id) => id !== 'cue' && !pottable(on, id));
  if (notOn.length > 0) fouls.push(ofConcerned(on, notOn, `potting ${notOn.join(', ')}, not on`));
  if (shot.offTable.includes('cue')) fouls.push(ofBallOn(on, 'the cue ball was forced off the table'));
  const off = shot.offTable.filter((id) => id !== 'cue');
  if (off.length > 0) fouls.push(ofConcerned(on, off, `forcing ${off.join(', ')} off the table`));
  const cue = state.balls.find((b) => b.id === 'cue');
  if (state.cueInHand && cue && !inD(markingsOf(table), cue))
    fouls.push(ofBallOn(on, 'playing from in hand with the cue ball outside the D (WPBSA 3.5)'));
  // 3.10(d): after potting a red (or a free ball), a foul before nominating a colour is seven points.
  if (state.on === 'colour' && on.ball === null && fouls.length > 0 && penaltyOf(fouls) < SEVEN_POINTS)
    fouls.push(seven('a foul after potting a red, before nominating a colour'));
  return fouls;
};

/** Several fouls in one stroke: only the highest penalty is given (WPBSA 3.10). */
export const penaltyOf = (fouls: readonly Foul[]): number => Math.max(0, ...fouls.map((f) => f.points));
