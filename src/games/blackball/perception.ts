// How black-ball is seen and followed: a tracked stroke as the session's move (docs/formats.md §8's shot,
// with where the balls stood and came to rest), and the runner behind `referee run` (§5).
import { describeError, err, ok, type Result } from '../../core/errors.ts';
import type { Table } from '../../equipment/bed.ts';
import type { PocketId } from '../../equipment/bed.ts';
import { innerState, strokeEnvelope } from '../ball-strokes.ts';
import type { Shot as TrackedShot } from '../../tracking/types.ts';
import type { Trail } from '../../tracking/trails.ts';
import type { FollowedStroke, MoveRunner } from '../definition.ts';
import { CUE, isBallId, isObjectBallId, type BallId, type ObjectBallId } from './equipment.ts';
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

/** Which half of the bed a pocket lies in: the head half (y < L/2), the foot half, or on the line. */
const pocketSide = (pocket: PocketId): -1 | 0 | 1 =>
  pocket === 'BL' || pocket === 'BR' ? -1 : pocket === 'TL' || pocket === 'TR' ? 1 : 0;

/**
 * Seed 2.5(b): the object balls that crossed the centre line (y = L/2) during the stroke. An
 * approximation from what tracking keeps: a ball crossed when
 * - where it lay before and where it came to rest are on opposite sides of the line; or
 * - it was potted in a corner pocket on the other side of the line from where it lay (a ball potted
 *   in a middle pocket reaches the line but is not counted as crossing it); or
 * - its trail (when the live pipeline kept one) has points on both sides of the line.
 * A ball that crossed and came back to its own side is missed when there is no trail (`referee run`
 * has none); the error can only make a break look short of two crossings, and a break that pots a
 * ball is legal whatever crossed.
 */
export const crossedCentre = (
  table: Table,
  shot: TrackedShot,
  trails: readonly Trail[] = [],
): ObjectBallId[] => {
  const centre = table.length / 2;
  const side = (y: number): -1 | 0 | 1 => (y < centre ? -1 : y > centre ? 1 : 0);
  const crossed = new Set<string>();
  for (const b of shot.before) {
    if (!isObjectBallId(b.id)) continue;
    const from = side(b.y);
    const rest = shot.rest.find((r) => r.track === b.track);
    if (rest && from !== 0 && side(rest.y) === -from) crossed.add(b.id);
    const pot = shot.potted.find((p) => p.id === b.id);
    if (pot && from !== 0 && pocketSide(pot.pocket) === -from) crossed.add(b.id);
  }
  for (const t of trails) {
    if (!isObjectBallId(t.id)) continue;
    const sides = new Set(t.points.map(([, y]) => side(y)));
    if (sides.has(-1) && sides.has(1)) crossed.add(t.id);
  }
  return objectIds([...crossed]);
};

/** A followed stroke as the session's move: §8's shot, the balls before and after, trails. */
export const toMove = (table: Table, stroke: FollowedStroke): StrokeReport => {
  const { shot } = stroke;
  const { after, ...envelope } = strokeEnvelope(table, stroke, isBallId);
  return {
    shot: {
      firstContact: objectIds(shot.firstContact),
      potted: ballIds(shot.potted.map((p) => p.id)),
      offTable: ballIds(shot.offTable),
      cushionAfterContact: cushionAfterContact(shot),
      crossedCentre: crossedCentre(table, shot, stroke.trails),
      after,
      fouls: [],
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
  let m: BlackballMatch = emptyMatch(table);
  let fresh = start.value === undefined;
  if (start.value) m = { ...m, frame: start.value };
  let seq = 0;
  return ok({
    rule: (json) => {
      const move = strokeSchema.safeParse(json);
      if (!move.success) return err(move.error.issues[0]?.message ?? 'not a stroke');
      if (fresh) {
        const setUp = setUpFrom(m, move.data.before ?? []);
        const checked = checkState(table, setUp.frame);
        if (!checked.ok) return err(describeError(checked.error));
        m = setUp;
      }
      m = recordStroke(m, move.data, { seq: ++seq, by: 'pipeline', at: 0 });
      const record = m.strokes.at(-1);
      if (!record?.output) return err(record?.rejected ?? 'the rules could not rule on the stroke');
      // After a frame ends the match racks the next by itself; `run` sets each new frame up from the
      // balls it sees, so a win or a loss makes the next stroke start afresh (a re-rack does not).
      fresh = record.output.frameOver;
      return ok(record.output);
    },
  });
};
