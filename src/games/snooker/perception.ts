// How snooker is seen and followed: a tracked stroke as the session's move (docs/formats.md §4's shot,
// with where the balls stood and came to rest), and the runner behind `referee run` (§5).
import { err, ok, describeError, type Result } from '../../core/errors.ts';
import type { Table } from '../../equipment/bed.ts';
import { innerState, strokeEnvelope, strokeRunner } from '../ball-strokes.ts';
import type { FollowedStroke, MoveRunner } from '../definition.ts';
import { isSnookerBallId, type SnookerBallId } from './balls.ts';
import { checkState, parseFrameState, type FrameState } from './rules/index.ts';
import {
  emptyMatch,
  recordStroke,
  setUpFrom,
  strokeSchema,
  type SnookerMatch,
  type StrokeReport,
} from './session.ts';

const snookerIds = (ids: readonly string[]): SnookerBallId[] => ids.filter(isSnookerBallId);

/** A followed stroke as the session's move: the contract's shot, the balls before and after. */
export const strokeMove = (table: Table, stroke: FollowedStroke): StrokeReport => {
  const { shot } = stroke;
  const { after, ...envelope } = strokeEnvelope(table, stroke, isSnookerBallId);
  return {
    shot: {
      firstContact: snookerIds(shot.firstContact).filter((id) => id !== 'cue'),
      potted: snookerIds(shot.potted.map((p) => p.id)),
      offTable: snookerIds(shot.offTable),
      after,
      fouls: [],
    },
    ...envelope,
  };
};

/**
 * The state `--state` gives: docs/formats.md §4's `state`, or any object with one under `state` (a
 * `ruling` line of an earlier run, a `referee rule` input or output). A frame already over starts
 * afresh, as it would after a ruling.
 */
const startingFrame = (table: Table, json: unknown): Result<FrameState | undefined> => {
  const parsed = parseFrameState(table, innerState(json));
  if (!parsed.ok) return parsed;
  return ok(parsed.value.frameOver ? undefined : parsed.value);
};

/**
 * Rules on one stroke after another, each from where the last left the frame; a new frame (from the
 * start, or after one ends) is set up from the balls as the camera saw them before its first stroke.
 */
export const snookerRunner = (table: Table, state?: unknown): Result<MoveRunner> => {
  const start = state === undefined ? ok(undefined) : startingFrame(table, state);
  if (!start.ok) return start;
  const m = emptyMatch(table);
  return ok(
    strokeRunner({
      match: start.value ? { ...m, match: { ...m.match, frame: start.value } } : m,
      fresh: start.value === undefined,
      moveSchema: strokeSchema,
      setUp: (m: SnookerMatch, before) => {
        const setUp = setUpFrom(m, before);
        const checked = checkState(table, setUp.match.frame);
        return checked.ok ? ok(setUp) : err(describeError(checked.error));
      },
      record: recordStroke,
    }),
  );
};
