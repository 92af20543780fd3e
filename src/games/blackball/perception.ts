// How black-ball is seen and followed: a tracked stroke as the session's move (docs/formats.md §8's shot,
// with where the balls stood and came to rest; the events read from the tracks in perception-events.ts), and the runner behind `referee run` (§5).
import { describeError, err, ok, type Result } from '../../core/errors.ts';
import type { Table } from '../../equipment/bed.ts';
import { innerState, strokeEnvelope, strokeRunner } from '../ball-strokes.ts';
import type { Shot as TrackedShot } from '../../tracking/types.ts';
import type { FollowedStroke, MoveRunner } from '../definition.ts';
import { CUE, isBallId, isObjectBallId, type BallId, type ObjectBallId } from './equipment.ts';
import { cabinContact, crossedCentre, cueInCabin, touchingCue } from './perception-events.ts';
import { checkState, parseFrameState, type FrameState } from './rules/index.ts';
import {
  emptyMatch,
  recordStroke,
  setUpFrom,
  strokeSchema,
  type BlackballMatch,
  type StrokeReport,
} from './session.ts';

const objectIds = (ids: readonly string[]): ObjectBallId[] => ids.filter(isObjectBallId);
const ballIds = (ids: readonly string[]): BallId[] => ids.filter(isBallId);

/**
 * Seed 3.3, as §8 words it: after the first contact some ball touched a cushion. A `cushion` event
 * after the first `contact` event that involves the cue ball; a stroke that pots a ball needs no
 * cushion (3.3 applies only when nothing is potted), so any pot counts as true. No contact: false.
 */
export const cushionAfterContact = (shot: TrackedShot): boolean => {
  if (shot.potted.length > 0) return true;
  const first = shot.events.findIndex((e) => e.type === 'contact' && (e.a === CUE || e.b === CUE));
  if (first < 0) return false;
  return shot.events.slice(first + 1).some((e) => e.type === 'cushion');
};

/**
 * A followed stroke as the session's move: §8's shot, with the extensions only the camera gives
 * (`cueInCabin`, `cabinContact`), the balls before and after, trails. Seed 2.9: a touching ball the
 * cue ball was played away from counts as touched first (and the cushions after the start count);
 * one it was played into is proposed as the `playedIntoTouching` foul, for the referee to confirm,
 * and one seen pushed off by the cue ball is its first contact, whatever it reached next.
 */
export const toMove = (table: Table, stroke: FollowedStroke): StrokeReport => {
  const { shot } = stroke;
  const frames = stroke.frames ?? [];
  const { after, ...envelope } = strokeEnvelope(table, stroke, isBallId);
  const touching = touchingCue(table, shot, frames);
  const awayFrom = touching.filter((b) => !b.playedInto);
  const struckFirst = awayFrom.length > 0 ? awayFrom : touching.filter((b) => b.pushed);
  const first = shot.events.find((e) => e.type === 'contact' && (e.a === CUE || e.b === CUE));
  const contact =
    struckFirst[0] !== undefined
      ? { t: shot.start, track: struckFirst[0].track }
      : first?.type === 'contact'
        ? { t: first.t, track: first.a === CUE ? first.tb : first.ta }
        : undefined;
  const placed = cueInCabin(table, shot);
  return {
    shot: {
      firstContact: struckFirst.length > 0 ? struckFirst.map((b) => b.id) : objectIds(shot.firstContact),
      potted: ballIds(shot.potted.map((p) => p.id)),
      offTable: ballIds(shot.offTable),
      cushionAfterContact:
        awayFrom.length > 0
          ? shot.potted.length > 0 || shot.events.some((e) => e.type === 'cushion')
          : cushionAfterContact(shot),
      crossedCentre: crossedCentre(table, shot, frames),
      after,
      fouls: touching.some((b) => b.playedInto) ? ['playedIntoTouching'] : [],
      ...(placed !== undefined ? { cueInCabin: placed } : {}),
      cabinContact: cabinContact(table, shot, frames, contact),
    },
    ...envelope,
  };
};

/**
 * The state `--state` gives: §8's `state`, or any object with one under `state` (a ruling line of an
 * earlier run, a `referee rule` input or output). A frame already over starts afresh.
 */
const startingFrame = (table: Table, json: unknown): Result<FrameState | undefined> => {
  const parsed = parseFrameState(innerState(json), table);
  if (!parsed.ok) return parsed;
  return ok(parsed.value.frameOver ? undefined : parsed.value);
};

/**
 * Rules on one stroke after another, each from where the last left the frame; a new frame (from the
 * start, or after one ends) is set up from the balls as the camera saw them before its first stroke:
 * the break if all fifteen object balls are there, else a frame in play on an open table.
 */
export const blackballRunner = (table: Table, state?: unknown): Result<MoveRunner> => {
  const start = state === undefined ? ok(undefined) : startingFrame(table, state);
  if (!start.ok) return start;
  const m = emptyMatch(table);
  return ok(
    strokeRunner({
      match: start.value ? { ...m, frame: start.value } : m,
      fresh: start.value === undefined,
      moveSchema: strokeSchema,
      setUp: (m: BlackballMatch, before) => {
        const setUp = setUpFrom(m, before);
        const checked = checkState(table, setUp.frame);
        return checked.ok ? ok(setUp) : err(describeError(checked.error));
      },
      record: recordStroke,
    }),
  );
};
