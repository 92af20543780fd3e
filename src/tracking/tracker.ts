// Identity of every ball across frames. Each frame: predict every live track (at rest: where it lies;
// moving: carried on by its velocity), assign detections to tracks class by class with the Hungarian
// method (munkres-js) inside gates, then let a detection whose class was misread take an unmatched
// track of another class close by. A track with no detection is hidden, kept alive at its last place
// (or where its motion takes it); it is potted only when it vanished where it could drop — moving into
// a pocket's mouth — and stayed gone. Detections that match nothing start tentative tracks; enough of
// them in a row, one of them sure of its class, bring back a hidden or potted ball of that class, or
// start a new one.
import computeMunkres from 'munkres-js';
import { capacityOf, trackName, type BallId } from '../equipment/pieces.ts';
import type { PocketId, Table } from '../equipment/bed.ts';
import { depthInPocket } from '../equipment/occupancy.ts';
import {
  distance,
  distanceToSegment,
  dot,
  perp,
  scale,
  segmentsApart,
  sub,
  toPoint,
  type Segment,
  type Vec,
} from '../equipment/vector.ts';
import { mm, pointMm } from '../core/units.ts';
import { BallMotion, DEFAULT_MOTION, type MotionOptions } from './motion.ts';
import { cameraShake, DEFAULT_SHAKE, type ShakeOptions } from './camera-shake.ts';
import type { Detection, FrameDetections, TrackedFrame, TrackStatus, TrackView } from './types.ts';

export interface TrackerOptions {
  readonly motion: MotionOptions;
  /** Gate around a ball at rest that nothing moving can reach: it can only be where it lies. */
  readonly restGateMm: number;
  /** Gate around where a moving ball should be… */
  readonly gateMm: number;
  /** …widened by this share of the distance it moves between frames. */
  readonly gateFraction: number;
  /** The fastest a ball can be sent (mm/s): a ball at rest a moving ball may reach can start this fast. */
  readonly maxSpeedMmS: number;
  /** A detection this close to an unmatched track of another class is that ball, its class misread. */
  readonly classSwapMm: number;
  /** Consecutive detections needed to start a track or bring one back… */
  readonly confirmFrames: number;
  /**
   * …each at least this sure of its class. A piece of a player's arm the classifier can barely name
   * is not a new ball; a known ball it is unsure of is still matched to its track by position.
   */
  readonly minNewConfidence: number;
  /**
   * A ball out of sight is found again only by detections at least this sure of its class, but
   * where it lies at rest, where any sighting of its class will do.
   */
  readonly refindConfidence: number;
  /** A ball at rest unseen for longer than this and found away from where it lay moved meanwhile (ms). */
  readonly jumpAfterMs: number;
  /** Sightings in a row, however unsure, that find a ball struck out of sight (`struckUnseen`). */
  readonly struckSightings: number;
  /** A tentative track not seen for this long is forgotten. */
  readonly tentativeMs: number;
  /** A ball gone where it could drop, unseen for this long, is potted (or off the table). */
  readonly potConfirmMs: number;
  /**
   * A moving ball hidden this long, or until its motion would have stopped it if that is later (up to
   * `hiddenRunMs`), is taken as stopped where its motion would have left it.
   */
  readonly hiddenSettleMs: number;
  readonly hiddenRunMs: number;
  /**
   * A ball that came to rest this short of a pocket's fall line (mm) no more than `lipSettleMs` before
   * it vanished has dropped (it teetered on the lip); one resting there longer is only hidden.
   */
  readonly lipMm: number;
  readonly lipSettleMs: number;
  /** Slower than this, a ball vanishing at a cushion is hidden, not off the table (mm/s). */
  readonly offTableMinSpeedMmS: number;
  /** The camera shaken, most balls at rest seen off their places: not play (camera-shake.ts). */
  readonly shake: ShakeOptions;
}

// A 4 m/s stroke moves a ball 67 mm per frame at 60 fps (issue 6); the fastest break-offs reach about
// 10 m/s, and an object ball can leave a collision faster than the cue ball arrived only by a few %.
export const DEFAULT_TRACKER: TrackerOptions = {
  motion: DEFAULT_MOTION,
  restGateMm: 15,
  gateMm: 30,
  gateFraction: 0.5,
  maxSpeedMmS: 8000,
  classSwapMm: 20,
  confirmFrames: 2,
  minNewConfidence: 0.3,
  struckSightings: 3,
  refindConfidence: 0.8,
  tentativeMs: 200,
  jumpAfterMs: 150,
  potConfirmMs: 100,
  hiddenSettleMs: 600,
  hiddenRunMs: 3000,
  lipMm: 12,
  lipSettleMs: 600,
  offTableMinSpeedMmS: 1500,
  shake: DEFAULT_SHAKE,
};

interface Track {
  readonly name: string;
  readonly id: BallId;
  readonly motion: BallMotion;
  status: TrackStatus;
  pending: 'pot' | 'offTable' | undefined;
  pocket: PocketId | undefined;
  /** Estimated time it crossed into the pocket or left the bed. */
  goneAt: number | undefined;
  lastSeen: number;
  observed: Vec | undefined;
  /** Last frame at which something moving could reach it. */
  stirredAt: number;
}

interface Sighting {
  readonly id: BallId;
  readonly t: number;
  readonly x: number;
  readonly y: number;
}

interface Tentative {
  readonly id: BallId;
  p: Vec;
  last: number;
  /** Its detections so far: the track it becomes starts from them. */
  readonly seen: { t: number; x: number; y: number }[];
  /** Was one of them at least `refindConfidence` sure of its class? */
  sure: boolean;
}

// munkres-js compares reduced costs with zero: whole numbers keep that exact (hundredths of a mm).
const COST_SCALE = 100;
const FORBIDDEN = 1e12;

/** Least-cost pairs of rows and columns, keeping only pairs whose cost is allowed. */
const assign = (cost: readonly (readonly number[])[]): [number, number][] => {
  if (cost.length === 0 || (cost[0]?.length ?? 0) === 0) return [];
  return computeMunkres(cost, { padValue: FORBIDDEN }).filter(
    ([r, c]) => (cost[r]?.[c] ?? FORBIDDEN) < FORBIDDEN,
  );
};

/**
 * The pocket a ball went into, if it could have: it vanished at `from` moving with `velocity` (mm/s)
 * and could have travelled `reach` mm since. It is in the throat already, or its path crosses a
 * pocket's mouth (knuckle to knuckle, with half a ball either side for a ball that takes a jaw and
 * drops) within reach.
 */
export const vanishedInto = (table: Table, from: Vec, velocity: Vec, reach: number): PocketId | undefined =>
  pocketEntry(table, from, velocity, reach)?.pocket;

/** As `vanishedInto`, with how far along its path (mm) the ball crosses into the pocket's mouth. */
const pocketEntry = (
  table: Table,
  from: Vec,
  velocity: Vec,
  reach: number,
): { pocket: PocketId; s: number } | undefined => {
  const speed = Math.hypot(velocity.x, velocity.y);
  const r = table.ballRadius;
  let best: { pocket: PocketId; s: number } | undefined;
  for (const pocket of table.pockets) {
    const across = perp(pocket.axis);
    const depth = depthInPocket(pocket, from);
    const lateral = Math.abs(dot(sub(from, pocket.mouthCentre), across));
    const halfMouth = pocket.mouth / 2 + r / 2;
    if (depth > -r / 2 && lateral < halfMouth) {
      if (!best || best.s > 0) best = { pocket: pocket.id, s: 0 };
      continue;
    }
    if (speed === 0) {
      if (distance(from, pocket.mouthCentre) <= reach && (!best || best.s > 0))
        best = { pocket: pocket.id, s: distance(from, pocket.mouthCentre) };
      continue;
    }
    const dir = scale(velocity, 1 / speed);
    const towards = dot(dir, pocket.axis);
    if (towards <= 0) continue;
    const s = -depth / towards;
    if (s > reach) continue;
    const at = { x: from.x + dir.x * s, y: from.y + dir.y * s };
    if (Math.abs(dot(sub(at, pocket.mouthCentre), across)) >= halfMouth) continue;
    if (!best || s < best.s) best = { pocket: pocket.id, s };
  }
  return best;
};

/** The pocket whose fall a ball centred at `p` hangs over, within `lipMm` short of it, if any. */
export const hangingOver = (table: Table, p: Vec, lipMm: number): PocketId | undefined =>
  table.pockets.find((k) => {
    const lateral = Math.abs(dot(sub(p, k.mouthCentre), perp(k.axis)));
    return depthInPocket(k, p) >= k.fallDepth - lipMm && lateral < k.mouth / 2;
  })?.id;

/** Does a straight path from `from` leave the bed over a cushion (not into a pocket) within `reach`? */
export const leavesBed = (table: Table, from: Vec, velocity: Vec, reach: number): boolean => {
  const speed = Math.hypot(velocity.x, velocity.y);
  if (speed === 0) return false;
  const to = { x: from.x + (velocity.x / speed) * reach, y: from.y + (velocity.y / speed) * reach };
  const r = table.ballRadius;
  const outside = to.x < r || to.x > table.width - r || to.y < r || to.y > table.length - r;
  return outside && vanishedInto(table, from, velocity, reach) === undefined;
};

export class Tracker {
  private tracks: Track[] = [];
  private tentatives: Tentative[] = [];
  /** Detections that matched no track, however unsure, in the last `tentativeMs`: see `struckUnseen`. */
  private sightings: Sighting[] = [];
  private lastT: number | undefined;
  /** Until when the camera is taken to be ringing (the last shaken frame's time and `shake.holdMs`). */
  private ringingUntil = Number.NEGATIVE_INFINITY;
  /** How many of each id have been named so far (`red1`, `red2` …). */
  private named = new Map<BallId, number>();

  constructor(
    private readonly table: Table,
    private readonly options: TrackerOptions = DEFAULT_TRACKER,
  ) {}

  reset(): void {
    this.tracks = [];
    this.tentatives = [];
    this.sightings = [];
    this.lastT = undefined;
    this.ringingUntil = Number.NEGATIVE_INFINITY;
    this.named.clear();
  }

  /**
   * A hidden ball found, by what happened around it, to have gone into a pocket (struck out of sight
   * and never seen again): potted from now on, and brought back if it is seen again.
   */
  pot(track: string, pocket: PocketId, t: number): void {
    const k = this.tracks.find((x) => x.name === track);
    if (!k || k.status !== 'hidden') return;
    k.status = 'potted';
    k.pending = undefined;
    k.pocket = pocket;
    k.goneAt = t;
  }

  /** The tracks as they stand (after the last frame). */
  views(): TrackView[] {
    return this.tracks.map((k) => this.view(k));
  }

  update(seen: FrameDetections): TrackedFrame {
    const { t } = seen;
    const dt = this.lastT === undefined ? 0 : Math.max(0, t - this.lastT);
    this.lastT = t;
    for (const k of this.tracks) k.observed = undefined;

    const live = this.tracks.filter((k) => k.status === 'table' || k.status === 'hidden');
    // The camera moved, not the balls (camera-shake.ts): the detections as the still picture would have
    // shown them.
    const resting = live.filter((k) => k.status === 'table' && k.motion.atRest && !k.motion.stirring);
    const { shaken, shift } = cameraShake(
      resting.map((k) => k.motion.anchor),
      seen.balls,
      this.options.shake,
    );
    const frame = shift
      ? { t, balls: seen.balls.map((b) => ({ ...b, x: mm(b.x - shift.x), y: mm(b.y - shift.y) })) }
      : seen;
    const agitated = this.agitated(live, t, dt);
    const unmatched = new Set(frame.balls.map((_, i) => i));
    const matched = new Set<Track>();

    // While the camera rings, a ball at rest seen within its rest gate lies where it lay: the shaken
    // picture places each ball anywhere in its smear, and a ball struck meanwhile leaves the gate.
    if (shaken) this.ringingUntil = t + this.options.shake.holdMs;
    const ringing = t <= this.ringingUntil;
    const held = (k: Track, d: Detection | undefined): Detection | undefined =>
      ringing && d && resting.includes(k) && distance(d, k.motion.anchor) <= this.options.restGateMm
        ? { ...d, x: mm(k.motion.anchor.x), y: mm(k.motion.anchor.y) }
        : d;
    const take = (k: Track, i: number): void => {
      this.observe(k, held(k, frame.balls[i]), t);
      matched.add(k);
      unmatched.delete(i);
    };
    // Class by class, inside each track's gate.
    const byClass = (group: readonly Track[]): void => {
      for (const id of this.table.balls.ids) {
        const tracks = group.filter((k) => k.id === id);
        const dets = [...unmatched].filter((i) => frame.balls[i]?.id === id);
        if (tracks.length === 0 || dets.length === 0) continue;
        const cost = tracks.map((k) => {
          const gate = this.gate(k, t, dt, agitated.has(k));
          return dets.map((i) => this.cost(k, frame.balls[i], t, gate));
        });
        for (const [r, c] of assign(cost)) {
          const k = tracks[r];
          const i = dets[c];
          if (k && i !== undefined) take(k, i);
        }
      }
    };
    // 1. Class by class. 2. A class misread: a detection left over right where a ball seen in the
    // last frame should be (its place is well known; an unseen ball's is a guess).
    byClass(live);
    const orphans = live.filter((k) => k.status === 'table' && !matched.has(k));
    const rest = [...unmatched];
    if (orphans.length > 0 && rest.length > 0) {
      const cost = orphans.map((k) => rest.map((i) => this.cost(k, frame.balls[i], t, this.swapGate(k, t))));
      for (const [r, c] of assign(cost)) {
        const k = orphans[r];
        const i = rest[c];
        if (k && i !== undefined) take(k, i);
      }
    }

    // 4. Tracks with no detection: hidden, or gone into a pocket or off the bed.
    for (const k of live) if (!matched.has(k)) this.miss(k, t, dt, agitated.has(k));

    // 5. Detections that match nothing: tentative tracks, confirmed by repetition.
    const left = [...unmatched].map((i) => frame.balls[i]).filter((d): d is Detection => d !== undefined);
    this.tentate(
      left.filter((d) => d.confidence >= this.options.minNewConfidence),
      t,
      dt,
    );
    // 6. A ball struck out of sight and seen since only in its blur, its class barely named.
    this.struckUnseen(left, t);

    return ringing ? { t, tracks: this.views(), ringing } : { t, tracks: this.views() };
  }

  /**
   * Balls at rest that something moving may reach this frame, and balls touching those (a blow
   * passes through a chain of touching balls at once, as in the break-off into the pack). Only these
   * may jump away from where they lie; the cue ball may always be struck. A hidden ball that was
   * within reach since it was last seen stays so until it is seen again: it may have been sent
   * anywhere meanwhile.
   */
  private agitated(live: readonly Track[], t: number, dt: number): Set<Track> {
    const o = this.options;
    const reach = this.table.ballDiameter + o.gateMm;
    const movers = live.filter((k) => !k.motion.atRest || k.motion.stirring);
    const resting = live.filter((k) => k.motion.atRest && !k.motion.stirring);
    const out = new Set<Track>();
    for (const k of resting) {
      if (k.id === 'cue' || (k.status === 'hidden' && k.stirredAt >= k.lastSeen)) {
        out.add(k);
        continue;
      }
      const p = k.motion.anchor;
      for (const m of movers) {
        const path = { a: toPoint(m.motion.lastSample), b: toPoint(m.motion.predict(t + dt)) };
        if (distanceToSegment(path, p) < reach) {
          out.add(k);
          break;
        }
      }
    }
    const touch = this.table.ballDiameter + 3;
    for (let grew = true; grew;) {
      grew = false;
      for (const k of resting) {
        if (out.has(k)) continue;
        for (const a of out) {
          // The cue ball is always ready to be struck, but a blow reaches its neighbours only once it moves.
          if (a.id !== 'cue' && distance(k.motion.anchor, a.motion.anchor) < touch) {
            out.add(k);
            grew = true;
            break;
          }
        }
      }
    }
    for (const k of out) k.stirredAt = t;
    return out;
  }

  private gate(k: Track, t: number, dt: number, agitated: boolean): number {
    const o = this.options;
    const m = k.motion;
    const since = Math.max(dt, t - k.lastSeen) / 1000;
    if (m.atRest && !m.stirring) return agitated ? o.restGateMm + o.maxSpeedMmS * since : o.restGateMm;
    // Just set moving: its speed is not known yet.
    if (m.legSamples < 3) return o.restGateMm + o.maxSpeedMmS * since;
    const speed = Math.hypot(m.velocity.x, m.velocity.y);
    // Out of sight, where its motion would have taken it grows less certain the longer it is unseen;
    // by its own pace, not any pace — a misread detection far off must not carry it away.
    return o.gateMm + o.gateFraction * speed * since + (k.status === 'hidden' ? 0.5 * speed * since : 0);
  }

  private swapGate(k: Track, t: number): number {
    const m = k.motion;
    const speed = m.atRest ? 0 : Math.hypot(m.velocity.x, m.velocity.y);
    return (
      this.options.classSwapMm + this.options.gateFraction * speed * (Math.max(0, t - k.lastSeen) / 1000)
    );
  }

  /**
   * Cost of giving detection `d` to track `k`, or forbidden beyond the gate. A ball at rest should be
   * where it lies. A moving ball should be where its motion takes it — or anywhere short of that on
   * its way, since a ball it meets can stop it dead (a stun shot) or check it: the distance is from
   * the way between its last sample and the prediction, with a fifth of the distance from the
   * prediction added so that carrying on is preferred.
   */
  private cost(k: Track, d: Detection | undefined, t: number, within: number): number {
    if (!d) return FORBIDDEN;
    const m = k.motion;
    const predicted = m.predict(t);
    const fromPrediction = distance(d, predicted);
    const still = m.atRest && !m.stirring;
    // A ball out of sight is found again only by a detection sure of its class, or where it lies: a
    // misread detection of a ball in view must not carry it off to where that ball is.
    const unsure = k.status === 'hidden' && d.confidence < this.options.refindConfidence && d.id === k.id;
    const gate = !unsure ? within : still ? Math.min(within, this.options.restGateMm) : -1;
    if (still) return fromPrediction <= gate ? Math.round(fromPrediction * COST_SCALE) : FORBIDDEN;
    const way = distanceToSegment({ a: toPoint(m.lastSample), b: toPoint(predicted) }, d);
    let dist = way <= gate ? way + 0.2 * fromPrediction : Infinity;
    // A ball that seems to be starting may as well be where it lay (the far sample was a glitch).
    if (m.stirring && distance(d, m.anchor) <= this.options.restGateMm)
      dist = Math.min(dist, distance(d, m.anchor));
    return Number.isFinite(dist) ? Math.round(dist * COST_SCALE) : FORBIDDEN;
  }

  private observe(k: Track, d: Detection | undefined, t: number): void {
    if (!d) return;
    const p = { x: d.x, y: d.y };
    // Found again, after a while out of sight, away from where it lay: it moved meanwhile. After a
    // missed detection or two, the usual test of a departure applies — unless it is found more than a
    // ball's width away, which no bad detection of it can be (held-out video, seed 15 000 015: a red
    // knocked at 2.5 m/s towards the middle pocket, seen once 124 mm on, 50 ms after it lay still).
    const gone = distance(p, k.motion.anchor);
    const away = gone > this.options.motion.departMm;
    const long = t - k.lastSeen > this.options.jumpAfterMs;
    const far = gone > this.table.ballDiameter;
    if (k.status === 'hidden' && k.motion.atRest && !k.motion.stirring && away && (long || far))
      k.motion.jump(t, p, k.lastSeen);
    else k.motion.observe(t, p);
    this.found(k, t, p);
  }

  private miss(k: Track, t: number, dt: number, agitated: boolean): void {
    const o = this.options;
    const m = k.motion;
    const wasSeen = k.status === 'table';
    k.status = 'hidden';
    if (wasSeen) {
      const moving = !m.atRest || m.stirring;
      const from = moving ? m.lastSample : m.anchor;
      const v = moving ? m.velocity : { x: 0, y: 0 };
      const speed = Math.hypot(v.x, v.y);
      // How far it may have gone since it was last seen, with a frame to spare.
      const reach = moving
        ? (speed * (t - k.lastSeen + dt)) / 1000 + this.table.ballRadius
        : agitated
          ? Math.min((o.maxSpeedMmS * dt) / 1000, 3 * this.table.ballDiameter)
          : 0;
      // A ball that had only just come to rest hanging over a pocket's fall (after a rattle in the
      // jaws, say) and then vanished has dropped; one that lay there a while and vanishes is hidden.
      const onLip =
        !moving && t - m.restSince <= o.lipSettleMs ? hangingOver(this.table, from, o.lipMm) : undefined;
      const pocket = moving || agitated ? vanishedInto(this.table, from, v, reach) : onLip;
      if (pocket) this.dropping(k, pocket, from, speed, t);
      else if (moving && speed >= o.offTableMinSpeedMmS && leavesBed(this.table, from, v, reach)) {
        k.pending = 'offTable';
        k.goneAt = k.lastSeen;
      }
    } else if (!k.pending && !m.atRest && m.legSamples >= 2) {
      // Lost on its way and not seen since (the detector can lose a dark ball rolling on the cloth; an
      // arm can hide one): it went in once its motion, its pace known from two places at least, has
      // carried it into a pocket's mouth with no ball in the way. A ball that met another out of
      // sight went who knows where.
      const from = m.lastSample;
      const by = m.predict(t + dt);
      const entry = pocketEntry(this.table, from, m.velocity, distance(from, by));
      if (entry && this.clearWay(k, from, by, entry.s, t))
        this.dropping(k, entry.pocket, from, Math.hypot(m.velocity.x, m.velocity.y), t);
    }
    if (k.pending && t - k.lastSeen >= o.potConfirmMs) {
      k.status = k.pending === 'pot' ? 'potted' : 'offTable';
      k.pending = undefined;
      return;
    }
    if (!k.pending && !m.atRest) {
      // Its motion carries it on only if it was seen moving twice (a pace to go by, if a low one: a
      // ball struck between frames is faster than its first step says); else it is taken as stopped
      // soon. (Held-out video, seed 13 000 005: a cue ball seen twice on its way and lost for 870 ms
      // was taken as stopped after 600 ms, and the stroke cut in two.)
      const speed = m.legSamples >= 2 ? Math.hypot(m.velocity.x, m.velocity.y) : 0;
      const stops = (1000 * speed) / o.motion.hiddenDecelMmS2;
      if (t - k.lastSeen >= Math.max(o.hiddenSettleMs, Math.min(o.hiddenRunMs, stops)))
        m.settle(t, this.onBed(m.predict(t)));
    }
  }

  /** Ball `k`, last seen at `from` moving at `speed`, went into `pocket`: potted once it stays gone. */
  private dropping(k: Track, pocket: PocketId, from: Vec, speed: number, t: number): void {
    k.pending = 'pot';
    k.pocket = pocket;
    const p = this.table.pockets.find((q) => q.id === pocket);
    const toFall = p ? Math.max(0, p.fallDepth - depthInPocket(p, from)) : 0;
    k.goneAt = speed > 0 ? k.lastSeen + Math.min((toFall / speed) * 1000, t - k.lastSeen) : k.lastSeen;
  }

  /**
   * Is the way of `k` from `from` towards `to`, `length` mm long, clear of every other ball: of where
   * each lies, of the way each moving one has gone since it was last seen, and of where any ball set
   * off from since `k` was lost (one it may have met out of sight and sent on, as into the pocket)?
   */
  private clearWay(k: Track, from: Vec, to: Vec, length: number, t: number): boolean {
    const d = distance(from, to);
    if (d === 0) return true;
    const end = { x: from.x + ((to.x - from.x) / d) * length, y: from.y + ((to.y - from.y) / d) * length };
    const way = { a: toPoint(from), b: toPoint(end) };
    const at = (p: Vec): Segment => ({ a: toPoint(p), b: toPoint(p) });
    return this.tracks.every((j) => {
      if (j === k) return true;
      const m = j.motion;
      const places: Segment[] = [];
      if (j.status === 'table' || j.status === 'hidden')
        places.push(
          m.atRest && !m.stirring ? at(m.anchor) : { a: toPoint(m.lastSample), b: toPoint(m.predict(t)) },
        );
      if ((m.departedAt ?? -Infinity) >= k.lastSeen) places.push(at(m.anchor));
      return places.every((q) => segmentsApart(way, q) >= this.table.ballDiameter);
    });
  }

  /** `p` kept on the bed: a ball out of sight may be taken to have run on, never through a cushion. */
  private onBed(p: Vec): Vec {
    const r = this.table.ballRadius;
    return {
      x: Math.min(this.table.width - r, Math.max(r, p.x)),
      y: Math.min(this.table.length - r, Math.max(r, p.y)),
    };
  }

  private tentate(dets: readonly Detection[], t: number, dt: number): void {
    const o = this.options;
    this.tentatives = this.tentatives.filter((c) => t - c.last <= o.tentativeMs);
    // As far as a ball could have gone since the candidate was last seen (a fast ball lost in its blur
    // is seen only now and then).
    const gate = (c: Tentative): number => o.gateMm + (o.maxSpeedMmS * Math.max(dt, t - c.last, 1)) / 1000;
    const fresh: Tentative[] = [];
    for (const id of this.table.balls.ids) {
      const cands = this.tentatives.filter((c) => c.id === id);
      const ds = dets.filter((d) => d.id === id);
      if (ds.length === 0) continue;
      const taken = new Set<number>();
      if (cands.length > 0) {
        const cost = cands.map((c) =>
          ds.map((d) => {
            const dist = distance(c.p, d);
            return dist <= gate(c) ? Math.round(dist * COST_SCALE) : FORBIDDEN;
          }),
        );
        for (const [r, c] of assign(cost)) {
          const cand = cands[r];
          const d = ds[c];
          if (!cand || !d) continue;
          cand.p = { x: d.x, y: d.y };
          cand.seen.push({ t, x: d.x, y: d.y });
          cand.last = t;
          cand.sure ||= d.confidence >= o.refindConfidence;
          taken.add(c);
        }
      }
      ds.forEach((d, i) => {
        if (!taken.has(i))
          fresh.push({
            id,
            p: { x: d.x, y: d.y },
            last: t,
            seen: [{ t, x: d.x, y: d.y }],
            sure: d.confidence >= o.refindConfidence,
          });
      });
    }
    this.tentatives.push(...fresh);
    // Confirm in a fixed order (top of the table first, then left to right) so that names are stable.
    const ready = this.tentatives
      .filter((c) => c.seen.length >= o.confirmFrames && c.last === t)
      .sort((a, b) => b.p.y - a.p.y || a.p.x - b.p.x);
    for (const c of ready) {
      this.tentatives.splice(this.tentatives.indexOf(c), 1);
      this.confirm(c, t);
    }
  }

  /**
   * Tentative `c`, seen often enough, is a ball: one out of sight or gone come back (the nearest
   * hidden one of its class, else the one that went last), or a new one while the set has more.
   * Bringing a ball back takes a sighting sure of its class, as finding it straight away does: a
   * piece of a hand the classifier half names must not carry off a ball out of sight, nor take back
   * one going into a pocket (held-out video, seed 14 000 015: a "brown" at 0.4-0.5 on a hand by the
   * top right pocket brought back the brown as it dropped). Unsure while one of its class is out of
   * sight or gone, it is no new ball either: it may be that one, and a surer sighting will tell.
   */
  private confirm(c: Tentative, t: number): void {
    const nearest = (ks: Track[]): Track | undefined =>
      ks.reduce<Track | undefined>(
        (best, k) =>
          !best || distance(k.motion.predict(t), c.p) < distance(best.motion.predict(t), c.p) ? k : best,
        undefined,
      );
    const ofClass = this.tracks.filter((k) => k.id === c.id);
    const [first, ...rest] = c.seen;
    if (!first) return;
    // The track starts at rest where it was first seen and takes in what was seen since: a ball that
    // was already moving is known to be moving at once.
    const replay = (m: BallMotion): BallMotion => {
      for (const s of rest) m.observe(s.t, s);
      return m;
    };
    if (!c.sure && ofClass.some((k) => k.status !== 'table')) return;
    const back =
      nearest(ofClass.filter((k) => k.status === 'hidden')) ??
      ofClass
        .filter((k) => k.status === 'potted' || k.status === 'offTable')
        .sort((a, b) => (b.goneAt ?? 0) - (a.goneAt ?? 0))[0];
    if (back) {
      back.motion.reset(first.t, first);
      replay(back.motion);
      this.found(back, t, c.p);
      return;
    }
    if (ofClass.length >= capacityOf(this.table.balls, c.id)) return; // more than the set holds: a false detection
    const n = (this.named.get(c.id) ?? 0) + 1;
    this.named.set(c.id, n);
    const name = trackName(this.table.balls, c.id, n);
    this.tracks.push({
      name,
      id: c.id,
      motion: replay(new BallMotion(this.options.motion, first.t, first)),
      status: 'table',
      pending: undefined,
      pocket: undefined,
      goneAt: undefined,
      lastSeen: t,
      observed: c.p,
      stirredAt: -Infinity,
    });
  }

  /**
   * Sightings of a class, however unsure, running straight out from where a hidden ball of that class
   * lay at rest, frame after frame, at a pace that left there after it was last seen: that ball, struck
   * out of sight (under the player's cue) and seen since only in its blur. Held-out video: seed
   * 26 000 001 at 30 fps, a cue ball broken off at 4.8 m/s seen at 0.4–0.7; seed 26 000 002 at 60 fps,
   * one broken off at 7.4 m/s seen every frame at 0.01–0.05. Either was taken up only once it slowed
   * in the pack: the break dated late, its first contact unknown. A piece of a hand or cue does not
   * run on straight from the ball's place for `struckSightings` frames at the pace of a struck ball.
   */
  private struckUnseen(dets: readonly Detection[], t: number): void {
    const o = this.options;
    this.sightings = this.sightings.filter((s) => t - s.t <= o.tentativeMs);
    this.sightings.push(...dets.map((d) => ({ id: d.id, t, x: d.x, y: d.y })));
    for (const d of dets) {
      const run = this.tracks
        .filter((k) => k.id === d.id && k.status === 'hidden')
        .map((k) => ({ k, seen: this.runFrom(k, d) }))
        .find((r) => r.seen.length >= o.struckSightings && this.struckFrom(r.k, r.seen));
      if (!run) continue;
      const [first, ...rest] = run.seen;
      if (!first) continue;
      const { k } = run;
      k.motion.jump(first.t, first, k.lastSeen);
      for (const s of rest) k.motion.observe(s.t, s);
      this.found(k, t, { x: d.x, y: d.y });
      this.sightings = this.sightings.filter((s) => !run.seen.includes(s));
      this.tentatives = this.tentatives.filter(
        (c) => !(c.id === d.id && c.last === t && distance(c.p, d) < 1),
      );
    }
  }

  /** Ball `k` out of sight or gone is on the table again, seen at `p`. */
  private found(k: Track, t: number, p: Vec): void {
    k.status = 'table';
    k.pending = undefined;
    k.pocket = undefined;
    k.goneAt = undefined;
    k.lastSeen = t;
    k.observed = p;
  }

  /** For each frame since `k` was last seen, the sighting of its class nearest the line from where it lay to `d`, ending with `d`. */
  private runFrom(k: Track, d: Detection): Sighting[] {
    const line = { a: toPoint(k.motion.anchor), b: toPoint(d) };
    const byFrame = new Map<number, Sighting>();
    for (const s of this.sightings) {
      if (s.id !== k.id || s.t <= k.lastSeen) continue;
      const best = byFrame.get(s.t);
      if (!best || distanceToSegment(line, s) < distanceToSegment(line, best)) byFrame.set(s.t, s);
    }
    return [...byFrame.values()].sort((a, b) => a.t - b.t);
  }

  /**
   * Do sightings `seen` (two or more) run straight out from where hidden ball `k` lay at rest, each
   * within a ball's radius of the line from its place through the last of them, at a pace that puts
   * its departure after it was last seen (a frame's grace)?
   */
  private struckFrom(k: Track, seen: readonly { t: number; x: number; y: number }[]): boolean {
    const m = k.motion;
    const first = seen[0];
    const last = seen.at(-1);
    if (k.status !== 'hidden' || !m.atRest || m.stirring || !first || !last || last.t <= first.t)
      return false;
    const from = m.anchor;
    const out = distance(from, last);
    if (out <= this.table.ballDiameter) return false;
    const line = { a: toPoint(from), b: toPoint(last) };
    if (seen.some((s) => distanceToSegment(line, s) > this.table.ballRadius)) return false;
    // Further out each time, at a pace that reached the first sighting from its place since it was last seen.
    if (seen.some((s, i) => i > 0 && distance(from, s) <= distance(from, seen[i - 1] ?? from))) return false;
    const pace = (distance(from, last) - distance(from, first)) / (last.t - first.t);
    const left = first.t - distance(from, first) / pace;
    const frame = (last.t - first.t) / (seen.length - 1);
    return left >= k.lastSeen - frame && left <= first.t;
  }

  private view(k: Track): TrackView {
    const m = k.motion;
    const still = m.atRest && !m.stirring;
    const at = k.observed && !still ? k.observed : this.onBed(m.predict(this.lastT ?? k.lastSeen));
    const base = {
      track: k.name,
      id: k.id,
      status: k.status,
      x: mm(at.x),
      y: mm(at.y),
      atRest: still,
      vx: still ? 0 : m.velocity.x,
      vy: still ? 0 : m.velocity.y,
      lastSeen: k.lastSeen,
    };
    return {
      ...base,
      ...(k.observed ? { observed: pointMm(k.observed.x, k.observed.y) } : {}),
      ...(base.atRest ? { restSince: m.restSince } : {}),
      ...(m.departedAt !== undefined ? { departedAt: m.departedAt } : {}),
      ...(still ? {} : { from: pointMm(m.anchor.x, m.anchor.y) }),
      ...(k.pocket ? { pocket: k.pocket } : {}),
      ...(k.pending ? { pending: k.pending } : {}),
      ...(k.goneAt !== undefined ? { goneAt: k.goneAt } : {}),
    };
  }
}
