// What black-ball's rules need from a tracked stroke beyond tracking's own events (first contact,
// cushions, pots with their pocket, balls off): read from the stroke's tracked frames, where every ball
// was frame by frame.
// - the object balls that crossed the centre line (seed 2.5(b));
// - where the cue ball was struck from: in the cabin or not (seed 2.8, 2.5(a));
// - whether the first ball touched lay in the cabin, the cue ball not having crossed the head line
//   before touching it (seed 3.4);
// - the object balls the cue ball was touching before the stroke, and whether it was played into
//   them (seed 2.9).
import { pointMm, type PointMm } from '../../core/units.ts';
import { pocketById, type Pocket, type PocketId, type Table } from '../../equipment/bed.ts';
import type { RestingBall, Shot as TrackedShot, TrackedFrame } from '../../tracking/types.ts';
import { CUE, inCabin, isObjectBallId, marksOf, type ObjectBallId } from './equipment.ts';

/**
 * A moving ball's observed centre counts as over a line only this far past it (mm): three times the
 * detector's noise per axis, so that a ball running along the line is not seen to cross it back and
 * forth. Resting places (before and after) are averaged and taken as they are.
 */
export const LINE_MARGIN_MM = 2;

/** Balls whose centres are within a diameter and this of each other are touching (mm; seed 2.9). */
export const TOUCHING_MM = 2;

/** The cue ball's direction of departure is read where it has run this far from its rest (mm). */
const DEPART_MM = 20;

/**
 * A touching ball seen this far (mm) further from the cue ball's rest, when the cue ball has run
 * `DEPART_MM`, was pushed: far beyond a detection's noise (tenths of a millimetre).
 */
const PUSHED_MM = 8;

/** Where a track was observed, frame by frame, with its time. */
const observed = (frames: readonly TrackedFrame[], track: string): { t: number; p: PointMm }[] =>
  frames.flatMap((f) =>
    f.tracks.flatMap((v) => (v.track === track && v.observed ? [{ t: f.t, p: v.observed }] : [])),
  );

/** Which half of the bed a pocket lies in: the head half, the foot half, or on the centre line. */
const pocketSide = (pocket: PocketId): -1 | 0 | 1 =>
  pocket === 'BL' || pocket === 'BR' ? -1 : pocket === 'TL' || pocket === 'TR' ? 1 : 0;

/**
 * A ball is taken to have run straight on from its last sightings: its direction is read over at least
 * this much travel (mm), so that the detector's noise (two thirds of a millimetre an axis) barely turns it.
 */
const HEADING_MM = 40;

/**
 * Where a ball went down is carried on from its sightings, not seen, so it counts as over the line only
 * this far past it (mm). On the tuning clips 26 000 001–040 (synthesised detections, 56 pots into a
 * middle pocket at 60 and 30 fps) it lay within 2.7 mm of where the physics dropped the ball, but for
 * one last seen 35 mm from the mouth (4.4 mm) and one whose path bent in the jaws (14 mm, on its own
 * side); a ball that fell 0.25 mm short of the line (26 000 024's break, the 1, at 30 fps) was put 2.7 mm
 * past it. The angled pots this is for went down 11–12 mm past the line.
 */
const DOWN_MARGIN_MM = 5;

/**
 * Where a ball potted in a middle pocket went down: its last observed place carried on along its
 * heading (last sighting minus the first of the last ones `HEADING_MM` back) to the pocket's fall line.
 * The mouth straddles the centre line, so a ball that came in at an angle is over the line before it
 * drops, often in the jaws where the camera loses it (held-out clip 29 000 009 stroke 2: the 6, into the
 * middle pocket from the head side, dropped 11 mm past the line, last seen short of it). `undefined`
 * when it was never seen running towards the pocket.
 */
const wentDownAt = (pocket: Pocket, seen: readonly { p: PointMm }[]): PointMm | undefined => {
  const last = seen.at(-1)?.p;
  if (!last) return undefined;
  let from: PointMm | undefined;
  for (let i = seen.length - 2; i >= 0 && !from; i--) {
    const q = seen[i]?.p;
    if (q && Math.hypot(last.x - q.x, last.y - q.y) >= HEADING_MM) from = q;
  }
  if (!from) return undefined;
  const d = { x: last.x - from.x, y: last.y - from.y };
  const { a, b } = pocket.fall;
  const e = { x: b.x - a.x, y: b.y - a.y };
  // last + s·d on the fall line a + u·e: cross products (2D); a heading along the line never meets it.
  const den = d.x * e.y - d.y * e.x;
  if (Math.abs(den) < 1e-9) return undefined;
  const s = ((a.x - last.x) * e.y - (a.y - last.y) * e.x) / den;
  // Seen already past the fall line (a sighting inside the throat): where it was seen.
  return s <= 0 ? last : pointMm(last.x + s * d.x, last.y + s * d.y);
};

/**
 * Seed 2.5(b): the object balls whose centre crossed the centre line (y = L/2) during the stroke,
 * from the tracks: a ball crossed when it was seen on both sides of the line — where it lay before,
 * each place it was observed running (`LINE_MARGIN_MM` past the line), where it came to rest — or
 * when it went into a corner pocket across the line from where it lay (it ran over the line out of
 * sight). A ball that goes into a middle pocket crosses when it went down past the line, its path
 * carried on from its last sightings to the fall line (`wentDownAt`, `DOWN_MARGIN_MM` past it):
 * straight in, it reaches the line but does not cross it; at an angle, it may.
 */
export const crossedCentre = (
  table: Table,
  shot: TrackedShot,
  frames: readonly TrackedFrame[],
): ObjectBallId[] => {
  const centre = marksOf(table).centreLine;
  const side = (y: number, margin: number): -1 | 0 | 1 =>
    y < centre - margin ? -1 : y > centre + margin ? 1 : 0;
  const out: ObjectBallId[] = [];
  for (const b of shot.before) {
    if (!isObjectBallId(b.id)) continue;
    const sides = new Set<number>([side(b.y, 0)]);
    const seen = observed(frames, b.track);
    for (const { p } of seen) sides.add(side(p.y, LINE_MARGIN_MM));
    const rest = shot.rest.find((r) => r.track === b.track);
    if (rest) sides.add(side(rest.y, 0));
    const pot = shot.potted.find((p) => p.id === b.id);
    if (pot) sides.add(pocketSide(pot.pocket));
    const down =
      pot && pocketSide(pot.pocket) === 0 ? wentDownAt(pocketById(table, pot.pocket), seen) : undefined;
    if (down) sides.add(side(down.y, DOWN_MARGIN_MM));
    if (sides.has(-1) && sides.has(1)) out.push(b.id);
  }
  return out;
};

const cueBefore = (shot: TrackedShot): RestingBall | undefined => shot.before.find((b) => b.id === CUE);

/** Seed 2.8, 2.5(a): the cue ball lay in the cabin when struck; `undefined` if it was not seen before. */
export const cueInCabin = (table: Table, shot: TrackedShot): boolean | undefined => {
  const cue = cueBefore(shot);
  return cue ? inCabin(pointMm(cue.x, cue.y), table) : undefined;
};

/** An object ball the cue ball was touching before the stroke, and whether it was played into it. */
export interface TouchingBall {
  readonly id: ObjectBallId;
  readonly track: string;
  /** The cue ball set off with some of its motion towards the ball (seed 2.9: a foul). */
  readonly playedInto: boolean;
  /** It set off with the cue ball, pushed along the line of centres: the cue ball's first contact. */
  readonly pushed: boolean;
}

/**
 * Seed 2.9: the object balls touching the cue ball before the stroke, each with whether the cue ball
 * was played towards it. Two balls touching cannot part with any motion of one towards the other, so
 * "towards" is the sign of the cue ball's first motion along the line of centres: read where the cue
 * ball has run `DEPART_MM` from its rest (before it can have reached another ball) — or the ball's own
 * going then, pushed off along the line of centres (see `pushed`). A cue ball never seen to leave gives
 * none.
 */
export const touchingCue = (
  table: Table,
  shot: TrackedShot,
  frames: readonly TrackedFrame[],
): TouchingBall[] => {
  const cue = cueBefore(shot);
  if (!cue) return [];
  const near = shot.before.filter(
    (b) => isObjectBallId(b.id) && Math.hypot(b.x - cue.x, b.y - cue.y) <= table.ballDiameter + TOUCHING_MM,
  );
  if (near.length === 0) return [];
  const away = observed(frames, cue.track).find(
    ({ t, p }) => t >= shot.start - 1 && Math.hypot(p.x - cue.x, p.y - cue.y) >= DEPART_MM,
  );
  if (!away) return [];
  const dx = away.p.x - cue.x;
  const dy = away.p.y - cue.y;
  // A stroke played into the ball at a glance leaves the cue ball running along the tangent, its
  // motion along the line of centres given to the ball (held-out clip 28 000 013: the 7 pushed 50 mm
  // while the cue ball ran square to it): the ball's own going says so, where the cue ball's cannot.
  const pushed = (b: RestingBall): boolean => {
    const then = observed(frames, b.track).find(({ t }) => t >= away.t);
    if (!then) return false;
    const along = Math.hypot(b.x - cue.x, b.y - cue.y) || 1;
    const gone = ((then.p.x - b.x) * (b.x - cue.x) + (then.p.y - b.y) * (b.y - cue.y)) / along;
    return gone >= PUSHED_MM;
  };
  return near.flatMap((b) => {
    if (!isObjectBallId(b.id)) return [];
    const struck = pushed(b);
    const towards = dx * (b.x - cue.x) + dy * (b.y - cue.y) > 0;
    return [{ id: b.id, track: b.track, playedInto: towards || struck, pushed: struck }];
  });
};

/**
 * Seed 3.4: the first ball the cue ball touched lay in the cabin, and the cue ball's centre had not
 * crossed the head line before the contact (every observed place before it on the cabin's side of
 * the line, `LINE_MARGIN_MM` allowed). `contact`: the first contact's time and the ball's track (a
 * touching ball played away from is contacted at the start, seed 2.9). False with no contact.
 */
export const cabinContact = (
  table: Table,
  shot: TrackedShot,
  frames: readonly TrackedFrame[],
  contact: { readonly t: number; readonly track: string } | undefined,
): boolean => {
  const cue = cueBefore(shot);
  if (!contact || !cue) return false;
  const ball = shot.before.find((b) => b.track === contact.track);
  if (!ball || !inCabin(pointMm(ball.x, ball.y), table)) return false;
  const line = marksOf(table).headLine;
  if (cue.y > line + LINE_MARGIN_MM) return false;
  return observed(frames, cue.track).every(({ t, p }) => t >= contact.t || p.y <= line + LINE_MARGIN_MM);
};
