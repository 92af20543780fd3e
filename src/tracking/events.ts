// What happened in a stroke, from its tracked frames: when the cue ball was struck, which ball it
// touched first, the contacts that set other balls moving, cushion contacts, pots with their pocket,
// balls off the table, where everything came to rest and which balls are left touching.
//
// First contact. Before it, the cue ball runs straight from where it lay (no masse here), and every
// object ball lies still where it lay before the stroke. So the first contact is the first ball whose
// contact circle (radius one ball diameter about its centre) the cue ball's line enters, provided the
// cue ball got that far and that ball then moved when the cue ball would have reached it. A cushion
// met first turns the line (a new leg from the contact point, fitted to the samples after it). The
// cue ball's samples bracket the contact; the line extrapolates between them, so the contact point
// and time come out between frames. Two balls whose contacts fall within `simultaneousMs` cannot be
// told apart: both ids.
import type { BallId } from '../equipment/pieces.ts';
import type { PocketId, Table } from '../equipment/bed.ts';
import {
  add,
  distance,
  distanceToSegment,
  dot,
  nearestOnSegment,
  norm,
  perp,
  scale,
  sub,
  toPoint,
  unit,
  type Segment,
  type Vec,
} from '../equipment/vector.ts';
import { mm } from '../core/units.ts';
import { Matrix, solve } from 'ml-matrix';
import { fitLineThrough, linearFit, type Sample } from './motion.ts';
import { vanishedInto } from './tracker.ts';
import type { StrokeRecord } from './segmenter.ts';
import type { RestingBall, Shot, StrokeEvent, TrackView } from './types.ts';

export interface EventOptions {
  /** A sample this far off the cue ball's line has been turned (mm)… */
  readonly deviationMm: number;
  /** …or it has come this much short of where its pace would have carried it (mm, plus a fifth of a step). */
  readonly slowdownMm: number;
  /** How far off a ball's contact circle the fitted line may pass and the ball still count (mm), plus… */
  readonly lineToleranceMm: number;
  /** …this share of the distance run (the line's direction is known less well far out). */
  readonly lineToleranceFraction: number;
  /** An object ball must start within this of when the cue ball reached it (ms), at least… */
  readonly timingMs: number;
  /** …and this many frame intervals. */
  readonly timingFrames: number;
  /** Contacts closer in time than this cannot be told apart: both ids (ms). */
  readonly simultaneousMs: number;
  /** A ball whose rest place moved by more than this was touched, even if it never seemed to run (mm). */
  readonly nudgeMm: number;
  /** Balls whose centres are within a diameter and this of each other are touching (mm). */
  readonly touchingMm: number;
  /** Samples used to date a ball's start (a straight-line fit of distance against time). */
  readonly startSamples: number;
  /** Cushions followed before the cue ball's first ball contact. */
  readonly maxCushionLegs: number;
  /** Balls this much further off the cue ball's fitted path (mm) are looked at again, with the path refitted on the samples before them. */
  readonly refitMm: number;
  /** How long before and after a contact a ball's samples are looked at to see it set off (ms). */
  readonly stillWindowMs: number;
  /** A ball struck out of sight and never seen again went into a pocket this close along its line (mm). */
  readonly unseenPotMm: number;
  /** A path this far inside a ball's contact circle (mm) touched it, whether it was seen to move or not. */
  readonly certainMm: number;
  /** How long a cue ball lost from view is taken to run on at its pace (ms). */
  readonly unseenRunMs: number;
  /**
   * When no leg of the cue ball's path explains its first contact, the first ball to move counts if
   * the cue ball was within a diameter and this (mm, plus its travel in the timing tolerance) of it.
   */
  readonly fallbackMm: number;
  /**
   * …or, where the cue ball was out of sight for longer than `unseenFrames` frame intervals about
   * then, if it could have got there and on to where it was next seen at no more than this (mm/s).
   */
  readonly unseenSpeedMmS: number;
  /**
   * (And a cue ball seen again after longer than this out of sight, once an object ball has been seen
   * moving, ends its leg there: that sample may be from after the contact — see `followLeg`.)
   */
  readonly unseenFrames: number;
}

export const DEFAULT_EVENTS: EventOptions = {
  deviationMm: 4,
  slowdownMm: 4,
  lineToleranceMm: 3,
  lineToleranceFraction: 0.004,
  timingMs: 12,
  timingFrames: 1.5,
  simultaneousMs: 1,
  nudgeMm: 2,
  touchingMm: 2,
  startSamples: 3,
  maxCushionLegs: 6,
  unseenRunMs: 1000,
  certainMm: 3,
  unseenPotMm: 1200,
  stillWindowMs: 150,
  refitMm: 20,
  fallbackMm: 15,
  // The tracker's fastest ball (DEFAULT_TRACKER.maxSpeedMmS).
  unseenSpeedMmS: 8000,
  unseenFrames: 3,
};

interface Series {
  readonly view: TrackView;
  readonly samples: Sample[];
}

/** Each track's observed samples over the stroke's frames, and its view in the last frame. */
const seriesOf = (record: StrokeRecord): Map<string, Series> => {
  const out = new Map<string, Series>();
  for (const f of record.frames) {
    for (const v of f.tracks) {
      const s = out.get(v.track) ?? { view: v, samples: [] };
      if (v.observed) s.samples.push({ t: f.t, x: v.observed.x, y: v.observed.y });
      out.set(v.track, { view: v, samples: s.samples });
    }
  }
  return out;
};

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const frameInterval = (record: StrokeRecord): number => {
  const ts = record.frames.map((f) => f.t);
  return median(ts.slice(1).map((t, i) => t - (ts[i] ?? t))) || 1000 / 60;
};

/**
 * When a ball left `from`: a straight-line fit of its distance from there against time over its first
 * moving samples (those already creeping before it passed `departMm` too, as a slow ball does),
 * solved for distance zero, kept between the last sample still there and the first sample away.
 * Undefined when it never left.
 */
export const motionStart = (
  from: Vec,
  samples: readonly Sample[],
  after: number,
  departMm: number,
  count: number,
  away = after,
): { t: number; dir: Vec; speed: number; earliest: number; latest: number } | undefined => {
  // The first sample away from `from` at or after `away` (where the tracker saw it go); looking back
  // from there no further than `after`.
  const i = samples.findIndex((s) => s.t >= away && distance(s, from) > departMm);
  const first = samples[i];
  if (!first) return undefined;
  // Its first samples away, as long as they run straight out from `from` (it may soon meet something).
  const out: Sample[] = [first];
  for (const p of samples.slice(i + 1, i + count)) {
    const way = unit(sub(first, from));
    const rel = sub(p, from);
    if (Math.abs(dot(rel, perp(way))) > departMm + 0.05 * Math.hypot(rel.x, rel.y)) break;
    out.push(p);
  }
  const dir = fitLineThrough(from, out) ?? unit(sub(first, from));
  const along = (p: Vec): number => dot(sub(p, from), dir);
  // Back from the first sample away, over those already moving off (beyond a third of the threshold).
  let j = i;
  while (j > 0) {
    const p = samples[j - 1];
    if (!p || p.t < after || along(p) <= departMm / 3) break;
    j -= 1;
  }
  // Not before the last sample that was still there, give or take its noise: a frame earlier.
  const still = samples[j - 2] ?? samples[j - 1];
  const lower = still && still.t >= after ? still.t : Math.min(after, first.t);
  const moving = samples.slice(j, i + out.length);
  // Whatever the fit says, it set off after the last sample still there and before the first away.
  const bounds = { earliest: lower, latest: first.t };
  if (moving.length < 2) return { t: (lower + first.t) / 2, dir, speed: 0, ...bounds };
  const fit = linearFit(
    moving.map((p) => p.t),
    moving.map(along),
  );
  const t = fit.b > 0 ? -fit.a / fit.b : first.t;
  return { t: Math.min(first.t, Math.max(lower, t)), dir, speed: Math.max(0, fit.b * 1000), ...bounds };
};

/**
 * Do the samples say the ball set off at about `t`? Those in the `windowMs` before `t - tol` lie
 * still (within `departMm / 2` of their mean), and one within `windowMs` after `t` lies further than
 * `departMm` from there, each after it at least as far.
 */
export const setsOffAt = (
  samples: readonly Sample[],
  t: number,
  tol: number,
  departMm: number,
  windowMs: number,
): boolean => {
  const before = samples.filter((s) => s.t <= t - tol && s.t >= t - tol - windowMs);
  if (before.length < 2) return false;
  const centre = before.reduce((a, s) => add(a, s), { x: 0, y: 0 });
  const at = scale(centre, 1 / before.length);
  if (before.some((s) => distance(s, at) > departMm / 2)) return false;
  const after = samples.filter((s) => s.t > t - tol && s.t <= t + windowMs).map((s) => distance(s, at));
  const away = after.findIndex((d) => d > departMm);
  return away >= 0 && after.slice(away).every((d, i, ds) => i === 0 || d >= (ds[i - 1] ?? 0) - departMm / 2);
};

/** Position of a track at time `t`: its samples joined by straight lines, its rest place before them. */
const positionAt = (rest: Vec, samples: readonly Sample[], t: number): Vec => {
  const j = samples.findIndex((s) => s.t >= t);
  if (j === -1) {
    const last = samples.at(-1);
    return last ?? rest;
  }
  const b = samples[j];
  const a = samples[j - 1];
  if (!b) return rest;
  if (!a) return b.t === t ? b : rest;
  const f = (t - a.t) / (b.t - a.t || 1);
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
};

/** The cue ball's path on one leg: where it was at each sample (the leg's start first), and a step beyond. */
interface Leg {
  readonly path: Sample[];
  /** Index (into the cue samples) of the first sample after the leg, if it was turned. */
  readonly next: number | undefined;
}

/** Position at `t` from a least-squares polynomial in time (degree 1 or 2) over `samples`. */
const extrapolate = (samples: readonly Sample[], t: number): Vec => {
  const t0 = samples[0]?.t ?? t;
  const ts = samples.map((s) => (s.t - t0) / 1000);
  const x = t - t0;
  // Three points fix a parabola exactly and its extrapolation amplifies their noise: five at least.
  if (samples.length < 5) {
    const fx = linearFit(
      ts,
      samples.map((s) => s.x),
    );
    const fy = linearFit(
      ts,
      samples.map((s) => s.y),
    );
    return { x: fx.a + (fx.b * x) / 1000, y: fy.a + (fy.b * x) / 1000 };
  }
  // A sliding ball's path is a parabola (constant friction along a constant slip): fit one.
  const fit = (vs: readonly number[]): number => {
    const m = new Matrix(ts.map((u) => [1, u, u * u]));
    const c = solve(m, Matrix.columnVector([...vs]), true);
    const u = x / 1000;
    return c.get(0, 0) + c.get(1, 0) * u + c.get(2, 0) * u * u;
  };
  return { x: fit(samples.map((s) => s.x)), y: fit(samples.map((s) => s.y)) };
};

/**
 * The cue ball's leg from `origin` (at time t0) through samples[from…]. Straight (the first leg: a
 * ball struck level runs straight until it meets something): grow it while the samples stay on a
 * line through the origin and keep their pace, and place them on that line. Curved (after a cushion:
 * the ball slides with spin the cushion did not take, on a parabola until it rolls): grow it while
 * each sample is where the latest ones say it should be. A sample that does not fit, followed by one
 * that does, was a bad detection and is passed over; two in a row end the leg.
 *
 * `open(a, b)` says that nothing lies along the stretch of line from `a` to `b` that could slow the
 * ball (no ball, no cushion): there a straight leg's sample on its line but short of its pace is a
 * detection out along the line, not a ball slowed (see `fitsLine`).
 */
const followLeg = (
  origin: Vec,
  t0: number,
  samples: readonly Sample[],
  from: number,
  straight: boolean,
  o: EventOptions,
  until: number,
  options: {
    cutoff?: number;
    extendTo?: number;
    open?: (a: Vec, b: Vec) => boolean;
    /** An object ball was seen away from its rest at `t`; `gapMs` is how long out of sight counts as lost. */
    othersOff?: { readonly t: number; readonly gapMs: number };
  } = {},
): Leg | undefined => {
  const { cutoff = Infinity, extendTo, open, othersOff } = options;
  const first = samples[from];
  if (!first) return undefined;
  const start: Sample = { t: t0, x: origin.x, y: origin.y };
  const kept: Sample[] = [first];
  let dir = fitLineThrough(origin, kept) ?? unit(sub(first, origin));
  const along = (p: Vec): number => dot(sub(p, origin), dir);
  // Pace along the line: a least-squares slope over the latest kept samples (none from one sample).
  const pace = (): number | undefined => {
    const recent = kept.slice(-4);
    if (recent.length < 2) return undefined;
    return linearFit(
      recent.map((p) => p.t),
      recent.map(along),
    ).b;
  };
  const fitsLine = (p: Sample): boolean => {
    const last = kept.at(-1) ?? first;
    const v = pace();
    const step = v === undefined ? 0 : Math.abs(v * (p.t - last.t));
    const off = Math.abs(dot(sub(p, origin), perp(dir)));
    // The line's direction is known to about the noise over the run so far: slack grows with distance.
    const aim = (o.deviationMm / 2 / Math.max(o.deviationMm, along(last))) * along(p);
    if (off > o.deviationMm + 0.05 * step + aim) return false;
    if (v === undefined) return along(p) > along(last) - o.slowdownMm;
    const due = along(last) + v * (p.t - last.t);
    if (along(p) >= due - o.slowdownMm - 0.2 * step) return true;
    // Short of its pace, on its line. Only something in its way slows a ball that much — a ball met
    // nearly full, a cushion — while on open cloth it is the detection that is out, not the ball: a
    // fast ball's blur streak is found nearer one end or the other, and the rendered clips show
    // detections ±18 mm along the line at 5.5 m/s (four tenths of the streak), so that a pace taken
    // from a few of them is itself out by as much again. The opening break's cue ball, seen 18 mm
    // behind twice after twice ahead, ended its leg halfway up the table, and its contact with the
    // pack was never looked for.
    return open !== undefined && open(add(origin, scale(dir, along(last))), add(origin, scale(dir, due)));
  };
  const fitsCurve = (p: Sample): boolean => {
    const recent = [start, ...kept].slice(-6);
    const last = recent.at(-1) ?? first;
    const prior = recent.at(-2) ?? start;
    const step = (distance(last, prior) / Math.max(1e-6, last.t - prior.t)) * (p.t - last.t);
    // Few samples yet (the start is only estimated): more slack.
    const slack = o.deviationMm * (recent.length < 3 ? 3 : 1) + 0.1 * step;
    return distance(p, extrapolate(recent, p.t)) <= slack;
  };
  const fits = straight ? fitsLine : fitsCurve;
  let turned: number | undefined;
  for (let k = from + 1; k < samples.length; k++) {
    const p = samples[k];
    if (!p) break;
    if (p.t > cutoff) {
      turned = k; // fitted only on what came before the cutoff, and carried on from there
      break;
    }
    // Seen again after a stretch out of sight (lost in its blur) and after an object ball was already
    // seen on its way: nothing moves before the first contact, so this sample is from after it — the
    // ball may have come back off the pack. The slack a sample gets grows with the step since the last
    // one, and over the stretch it is enough for such a sample to pass for one on the line and bend
    // it: on the rendered break of 28 000 012 at 60 fps, a cue ball lost for 166 ms and seen again
    // rebounding 51 mm off its line turned the line from the 1 it struck full into the 9 behind.
    if (othersOff && p.t > othersOff.t && p.t - (kept.at(-1) ?? first).t > othersOff.gapMs) {
      turned = k; // its way carried on at its pace to this sample's time, as for any turn
      break;
    }
    if (!fits(p)) {
      const after = samples[k + 1];
      if (!after || !fits(after)) {
        turned = k;
        break;
      }
      continue; // one bad detection
    }
    kept.push(p);
    if (straight) dir = fitLineThrough(origin, kept) ?? dir;
  }
  const onPath = straight ? kept.map((p) => ({ t: p.t, ...add(origin, scale(dir, along(p))) })) : kept;
  const path = [start, ...onPath];
  // A step beyond: turned, as far as its pace would take it by the next sample; stopped, a frame on;
  // gone from view before the stroke's end (under a hand, an arm), as far as its pace would take it
  // while unseen, up to `o.unseenRunMs`.
  const last = path.at(-1) ?? start;
  const recent = path.slice(-4);
  const next = turned === undefined ? undefined : samples[turned];
  const tEnd =
    extendTo ?? (next ? next.t : Math.max(last.t + 1000 / 60, Math.min(until, last.t + o.unseenRunMs)));
  const beyond = recent.length >= 2 ? extrapolate(recent, tEnd) : last;
  const ahead = straight ? add(origin, scale(dir, Math.max(along(last), along(beyond)))) : beyond;
  path.push({ t: tEnd, x: ahead.x, y: ahead.y });
  return { path, next: turned };
};

type Obstacle =
  | {
      readonly kind: 'ball';
      readonly s: number;
      readonly t: number;
      readonly track: string;
      readonly id: BallId;
      /** How far inside the contact circle the path goes (mm; negative: it passes outside). */
      readonly depth: number;
    }
  | { readonly kind: 'cushion'; readonly s: number; readonly t: number; readonly at: Vec };

/** Cushion noses as lines a ball centre stays a radius away from, with their normals into the bed. */
const cushionLines = (table: Table): { seg: Segment; normal: Vec }[] => {
  const centre = { x: table.width / 2, y: table.length / 2 };
  return table.cushions.map((seg) => {
    const n = unit(perp(sub(seg.b, seg.a)));
    return { seg, normal: dot(sub(centre, seg.a), n) < 0 ? scale(n, -1) : n };
  });
};

/**
 * Where along a piece of path from `a` to `b` a ball centre first comes within `radius` of `centre`:
 * the fraction of the piece, and how close it comes. Undefined if it never comes within `radius + slack`.
 */
const meetCircle = (a: Vec, b: Vec, centre: Vec, radius: number, slack: number): number | undefined => {
  const ab = sub(b, a);
  const len = Math.hypot(ab.x, ab.y);
  if (len === 0) return distance(a, centre) <= radius + slack ? 0 : undefined;
  const dir = scale(ab, 1 / len);
  const rel = sub(centre, a);
  const along = dot(rel, dir);
  const off = Math.abs(dot(rel, perp(dir)));
  if (distance(a, centre) < radius) return along > 0 ? 0 : undefined; // inside at the start: only if closing
  if (off > radius + slack) return undefined;
  const s = off <= radius ? along - Math.sqrt(radius * radius - off * off) : along;
  return s >= 0 && s <= len ? s / len : undefined;
};

/**
 * Everything a leg's path meets, in order: contact circles (a diameter round each ball at rest, with
 * a little slack for the path's uncertainty) and cushion noses (a radius off them).
 */
const obstacles = (table: Table, leg: Leg, before: readonly TrackView[], o: EventOptions): Obstacle[] => {
  const out: Obstacle[] = [];
  const met = new Set<string>();
  const cushions = cushionLines(table);
  let s0 = 0;
  for (let i = 1; i < leg.path.length; i++) {
    const a = leg.path[i - 1];
    const b = leg.path[i];
    if (!a || !b) continue;
    const len = distance(a, b);
    const slack = o.lineToleranceMm + o.lineToleranceFraction * s0;
    for (const ball of before) {
      if (ball.id === 'cue' || met.has(ball.track)) continue;
      const f = meetCircle(a, b, ball, table.ballDiameter, slack);
      if (f === undefined) continue;
      met.add(ball.track);
      const closest = Math.min(
        ...leg.path
          .slice(1)
          .map((q, j) => distanceToSegment({ a: toPoint(leg.path[j] ?? q), b: toPoint(q) }, ball)),
      );
      out.push({
        kind: 'ball',
        s: s0 + f * len,
        t: a.t + f * (b.t - a.t),
        track: ball.track,
        id: ball.id,
        depth: table.ballDiameter - closest,
      });
    }
    for (const { seg, normal } of cushions) {
      const da = dot(sub(a, seg.a), normal) - table.ballRadius;
      const db = dot(sub(b, seg.a), normal) - table.ballRadius;
      if (da < 0 || db >= 0) continue;
      const f = da / (da - db);
      const at = add(a, scale(sub(b, a), f));
      // Only where the nose is: past its ends lies a pocket's mouth.
      if (distance(nearestOnSegment(seg, at), sub(at, scale(normal, table.ballRadius))) > 1) continue;
      out.push({ kind: 'cushion', s: s0 + f * len, t: a.t + f * (b.t - a.t), at });
    }
    s0 += len;
  }
  return out.sort((x, y) => x.s - y.s);
};

interface Departure {
  readonly track: string;
  readonly id: BallId;
  readonly t: number;
  /** How well `t` is known beyond the frame timing (ms): a slow ball's start is blurred by noise. */
  readonly slack: number;
  /** It set off after this (its last sample still at rest) and before `latest` (its first away). */
  readonly earliest: number;
  readonly latest: number;
  readonly from: Vec;
}

/**
 * Every time a ball set off during the stroke: from each rest it left (a rest place and the samples
 * after it), dated by `motionStart`.
 */
const departures = (
  record: StrokeRecord,
  series: Map<string, Series>,
  after: number,
  o: EventOptions,
  departMm: number,
): Departure[] => {
  const out: Departure[] = [];
  for (const [track, s] of series) {
    let rest: Vec | undefined = record.before.find((b) => b.track === track);
    let restFrom = -Infinity;
    let seen = new Set<number>();
    for (const f of record.frames) {
      const v = f.tracks.find((x) => x.track === track);
      if (!v) continue;
      if (v.atRest && v.status !== 'potted' && v.status !== 'offTable') {
        rest = { x: v.x, y: v.y };
        restFrom = v.restSince ?? f.t;
        continue;
      }
      if (v.departedAt === undefined || v.departedAt < after || seen.has(v.departedAt) || !rest) continue;
      seen = new Set([...seen, v.departedAt]);
      // Its samples since it came to rest there (the last of them may already be creeping off).
      const since = Math.max(after, Math.min(restFrom, v.departedAt - 1e-6));
      const start = motionStart(rest, s.samples, since, departMm, o.startSamples, v.departedAt);
      if (start) {
        const slack = start.speed > 0 ? Math.min(100, (500 * departMm) / start.speed) : 100;
        out.push({
          track,
          id: s.view.id,
          t: start.t,
          slack,
          earliest: start.earliest,
          latest: start.latest,
          from: rest,
        });
      }
    }
  }
  return out.sort((a, b) => a.t - b.t);
};

/**
 * Balls that went into a pocket or off the table during the stroke without ever being seen to set
 * off — a ball in the jaws knocked straight in between two frames — as departures from where they
 * lay, some time between their last sighting (after the strike) and the next frame.
 */
const goneUnseen = (record: StrokeRecord, moves: readonly Departure[], start: number): Departure[] => {
  const out: Departure[] = [];
  for (const v of record.frames.at(-1)?.tracks ?? []) {
    if (v.status !== 'potted' && v.status !== 'offTable' && v.pending === undefined) continue;
    const was = record.before.find((b) => b.track === v.track);
    if (!was || v.lastSeen < start || moves.some((m) => m.track === v.track)) continue;
    const next = record.frames.find((f) => f.t > v.lastSeen)?.t ?? v.lastSeen;
    out.push({
      track: v.track,
      id: v.id,
      t: (v.lastSeen + next) / 2,
      slack: (next - v.lastSeen) / 2,
      earliest: v.lastSeen,
      latest: next,
      from: was,
    });
  }
  return out;
};

/** Cushion contacts of one ball: its distance from a cushion nose falls, then rises, at a radius. */
const cushionContacts = (
  table: Table,
  samples: readonly Sample[],
  from: number,
): { t: number; at: Vec }[] => {
  const out: { t: number; at: Vec }[] = [];
  const run = samples.filter((s) => s.t >= from);
  for (const { seg, normal } of cushionLines(table)) {
    const d = run.map((p) => dot(sub(p, seg.a), normal));
    for (let i = 1; i < run.length - 1; i++) {
      const di = d[i] ?? 0;
      const inBefore = (d[i - 1] ?? 0) - di;
      const outAfter = (d[i + 1] ?? 0) - di;
      const p = run[i];
      const a = run[i - 1];
      if (!p || !a) continue;
      // Approaching then leaving, by more than the noise, and close enough for the step it was making.
      if (inBefore < 2 || outAfter < 2) continue;
      if (di > table.ballRadius + Math.max(inBefore, outAfter) + 3) continue;
      const foot = nearestOnSegment(seg, p);
      if (distance(foot, sub(p, scale(normal, di))) > table.ballRadius) continue;
      // Date it on the way in: where the line through the two samples before reaches a radius away.
      const vn = inBefore / Math.max(1e-6, p.t - a.t);
      const t = a.t + Math.max(0, (d[i - 1] ?? 0) - table.ballRadius) / vn;
      out.push({ t: Math.min(t, p.t), at: p });
    }
  }
  return out.sort((x, y) => x.t - y.t);
};

export interface FirstContact {
  readonly ids: BallId[];
  readonly tracks: string[];
  readonly t: number | undefined;
}

/** The cue ball's first contact (see the top of this file). */
export const firstContact = (
  table: Table,
  record: StrokeRecord,
  start: number,
  cueSamples: readonly Sample[],
  moved: (track: string, t: number, tol: number) => boolean,
  moves: readonly Departure[],
  o: EventOptions,
  departMm: number,
): FirstContact => {
  const cue = record.before.find((b) => b.id === 'cue');
  const cushions: { t: number; at: Vec }[] = [];
  if (!cue) return { ids: [], tracks: [], t: undefined };
  const tol = Math.max(o.timingMs, o.timingFrames * frameInterval(record));
  let origin: Vec = cue;
  let t0 = start;
  let from = cueSamples.findIndex((s) => s.t > start && distance(s, cue) > departMm);
  const wide: EventOptions = { ...o, lineToleranceMm: o.lineToleranceMm + o.refitMm };
  // When an object ball was first seen away from its rest: the first contact came before it.
  const othersOff = {
    t: Math.min(...moves.filter((m) => m.id !== 'cue' && m.t > start - tol).map((m) => m.latest)),
    gapMs: o.unseenFrames * frameInterval(record),
  };
  // Open cloth along a stretch of the cue ball's line: no object ball within a diameter of it and no
  // cushion within a radius, give or take `refitMm` for the line's own uncertainty (the bed is convex:
  // the stretch's ends clear of the cushions, all of it is).
  const clear = o.refitMm + table.ballRadius;
  const inside = (p: Vec): boolean =>
    p.x > clear && p.x < table.width - clear && p.y > clear && p.y < table.length - clear;
  const open = (a: Vec, b: Vec): boolean =>
    inside(a) &&
    inside(b) &&
    record.before.every(
      (ball) =>
        ball.id === 'cue' ||
        distanceToSegment({ a: toPoint(a), b: toPoint(b) }, ball) > table.ballDiameter + o.refitMm,
    );
  for (let legNo = 0; legNo <= o.maxCushionLegs && from >= 0; legNo++) {
    const straight = legNo === 0;
    const until = record.frames.at(-1)?.t ?? t0;
    const leg = followLeg(origin, t0, cueSamples, from, straight, o, until, { open, othersOff });
    if (!leg) break;
    let hit: Extract<Obstacle, { kind: 'ball' }> | undefined;
    let also: Extract<Obstacle, { kind: 'ball' }> | undefined;
    let cushion: Extract<Obstacle, { kind: 'cushion' }> | undefined;
    // Balls near the leg's path, with room to spare: a thin contact turns the cue ball so little that
    // the samples after it bend the fitted line away from the ball it touched. So each is judged on
    // the leg fitted to the samples before it only.
    for (const near of obstacles(table, leg, record.before, wide)) {
      if (near.kind === 'cushion') {
        if (!hit) cushion = near;
        break;
      }
      const ball = record.before.filter((b) => b.track === near.track);
      const before = followLeg(origin, t0, cueSamples, from, straight, o, until, {
        cutoff: near.t,
        extendTo: leg.path.at(-1)?.t,
        open,
        othersOff,
      });
      const ob = before && obstacles(table, before, ball, o).find((x) => x.kind === 'ball');
      if (!ob || ob.kind !== 'ball') continue;
      if (hit && ob.t - hit.t > o.simultaneousMs) break;
      // It must have set off then — unless the path goes so far into its circle that it cannot have
      // missed it (a touch too slight to move it visibly).
      if (!moved(ob.track, ob.t, tol) && ob.depth < o.certainMm) continue;
      if (!hit) hit = ob;
      else {
        also = ob;
        break;
      }
    }
    if (hit) {
      const both = also ? [hit, also] : [hit];
      return { ids: both.map((h) => h.id), tracks: both.map((h) => h.track), t: hit.t };
    }
    if (!cushion || leg.next === undefined) break;
    // Off the cushion: a new leg from the contact point, through the samples after it.
    cushions.push({ t: cushion.t, at: cushion.at });
    origin = cushion.at;
    t0 = cushion.t;
    from = leg.next;
  }
  // No leg explains it — two things happened within a frame (a cushion and a ball just off it): the
  // first object ball to move, if the cue ball was there when it did. Nothing moves before the first
  // contact, so the first to move was touched first — but departures are dated only to within the
  // timing tolerance, and a pack the cue ball's blur runs into seems to stir before it arrives (on
  // the rendered opening break, reds it never touched were dated up to 6 ms before the one it hit).
  // So every ball that set off within the tolerance of the first is a candidate, earliest first.
  const path = [
    { t: start, x: cue.x, y: cue.y },
    ...[...cueSamples.filter((p) => p.t > start), ...cushions.map((c) => ({ t: c.t, ...c.at }))].sort(
      (a, b) => a.t - b.t,
    ),
  ];
  // (A ball lying a few millimetres from the cue ball sets off as good as at the strike.)
  const starts = moves.filter((m) => m.id !== 'cue' && m.t > start - tol);
  const firstStart = starts[0]?.t ?? Infinity;
  for (const m of starts.filter((x) => x.t <= firstStart + tol)) {
    // The cue ball's way while that ball could have set off (joined up between samples) must come
    // within a diameter of it, give or take.
    const from = m.earliest - tol;
    const to = m.latest + tol;
    // Out of sight all that while (lost in its blur, under an arm): its way is not known, only how
    // far it could have gone.
    const seenBefore = path.filter((p) => p.t <= from).at(-1);
    const seenAfter = path.find((p) => p.t > from);
    if (
      seenBefore &&
      (seenAfter?.t ?? Infinity) >= to &&
      (seenAfter?.t ?? Infinity) - seenBefore.t > o.unseenFrames * frameInterval(record)
    ) {
      const reach = (ms: number): number =>
        table.ballDiameter + o.fallbackMm + (o.unseenSpeedMmS * ms) / 1000;
      const there = distance(seenBefore, m.from) <= reach(to - seenBefore.t);
      const on = !seenAfter || distance(m.from, seenAfter) <= reach(seenAfter.t - from);
      if (there && on) return { ids: [m.id], tracks: [m.track], t: m.t };
      continue;
    }
    const way = [
      positionAt(cue, path, from),
      ...path.filter((p) => p.t > from && p.t < to),
      positionAt(cue, path, to),
    ];
    const closest = Math.min(
      ...way.slice(1).map((q, i) => distanceToSegment({ a: toPoint(way[i] ?? q), b: toPoint(q) }, m.from)),
    );
    if (closest - table.ballDiameter <= o.fallbackMm) return { ids: [m.id], tracks: [m.track], t: m.t };
  }
  return { ids: [], tracks: [], t: undefined };
};

export interface AnalyseOptions {
  readonly events: EventOptions;
  /** The tracker's departure distance (mm): a ball this far from its rest has moved. */
  readonly departMm: number;
}

/** The stroke's start (the strike), dated from the cue ball's first samples away from its rest. */
export const strikeTime = (
  record: StrokeRecord,
  cueSamples: readonly Sample[],
  departMm: number,
  count: number,
): number => {
  const cue = record.before.find((b) => b.id === 'cue');
  if (!cue) return record.departed;
  const lastStill = [...cueSamples].reverse().find((s) => s.t < record.departed);
  // Nothing else moves until the cue ball is struck. A cue ball seen again only after it met a ball
  // and a cushion out of sight (lost in its blur at 30 fps, or under an arm) is dated from samples
  // that run back to no strike at all: it was struck after it was last seen lying still and before
  // the first other ball set off.
  const othersOff = Math.min(
    ...record.frames.flatMap((f) =>
      f.tracks
        .filter((v) => v.id !== 'cue' && (v.departedAt ?? -Infinity) > (lastStill?.t ?? -Infinity))
        .map((v) => v.departedAt ?? Infinity),
    ),
  );
  const start = motionStart(
    cue,
    cueSamples,
    // No sample of it lying still (the source began with the stroke): as early as the source goes.
    lastStill ? lastStill.t : Math.min(record.departed - 1, record.frames[0]?.t ?? record.departed),
    departMm,
    count,
    record.departed,
  );
  const estimate = start?.t ?? record.departed;
  return estimate <= othersOff ? estimate : (lastStill?.t ?? othersOff);
};

/** One stroke's shot (docs/formats.md §5) from its record. */
export const analyseStroke = (
  table: Table,
  record: StrokeRecord,
  index: number,
  options: AnalyseOptions,
): Shot => {
  const o = options.events;
  const series = seriesOf(record);
  const cueTrack = record.before.find((b) => b.id === 'cue')?.track;
  const cueSamples = (cueTrack && series.get(cueTrack)?.samples) || [];
  const start = strikeTime(record, cueSamples, options.departMm, o.startSamples);
  const moves = departures(record, series, start, o, options.departMm);
  const last = record.frames.at(-1);
  const lastViews = new Map((last?.tracks ?? []).map((v) => [v.track, v]));

  // A ball was set moving at about `t` if it departed then, or went straight into a pocket, or its
  // rest place shifted (a touch too light to see it run).
  const moved = (track: string, t: number, tol: number): boolean => {
    const starts = moves.filter((m) => m.track === track);
    // Its start dated near t — or, unseen around t (under a hand, lost in blur), known to lie about it.
    if (
      starts.some((m) => Math.abs(m.t - t) <= tol + m.slack || (t >= m.earliest - tol && t <= m.latest + tol))
    )
      return true;
    // Still just before t and on its way just after, whatever the tracker made of it at the time.
    const samples = series.get(track)?.samples ?? [];
    if (setsOffAt(samples, t, tol, options.departMm, o.stillWindowMs)) return true;
    const end = lastViews.get(track);
    const was = record.before.find((b) => b.track === track);
    if (!end || !was) return false;
    if (
      (end.status === 'potted' || end.status === 'offTable' || end.pending) &&
      (end.goneAt ?? Infinity) >= t - tol
    )
      return !moves.some((m) => m.track === track && m.t < t - tol);
    return !moves.some((m) => m.track === track) && end.atRest && distance(end, was) > o.nudgeMm;
  };

  // First contact's fallback also looks at balls gone down unseen: at 30 fps a cue ball can meet a
  // ball in the jaws and the cushion beside it between two frames, and the ball drops at once.
  const starts = [...moves, ...goneUnseen(record, moves, start)].sort((a, b) => a.t - b.t);
  const first = firstContact(table, record, start, cueSamples, moved, starts, o, options.departMm);
  const events: StrokeEvent[] = [];
  if (first.t !== undefined) {
    for (const [i, id] of first.ids.entries())
      events.push({
        t: first.t,
        type: 'contact',
        a: 'cue',
        b: id,
        ta: cueTrack ?? 'cue',
        tb: first.tracks[i] ?? id,
      });
  }

  // Every other ball set moving: by whichever ball was a diameter away when it started.
  for (const m of moves) {
    if (m.track === cueTrack) continue;
    if (first.tracks.includes(m.track) && first.t !== undefined && Math.abs(m.t - first.t) < 50) continue;
    let best: { track: string; id: BallId; gap: number } | undefined;
    for (const [track, s] of series) {
      if (track === m.track) continue;
      const rest = record.before.find((b) => b.track === track) ?? s.samples[0];
      if (!rest) continue;
      const gap = Math.abs(distance(positionAt(rest, s.samples, m.t), m.from) - table.ballDiameter);
      if (!best || gap < best.gap) best = { track, id: s.view.id, gap };
    }
    if (best && best.gap < table.ballDiameter / 2)
      events.push({ t: m.t, type: 'contact', a: best.id, b: m.id, ta: best.track, tb: m.track });
  }

  for (const [track, s] of series) {
    for (const c of cushionContacts(table, s.samples, start))
      events.push({ t: c.t, type: 'cushion', ball: s.view.id, track });
  }

  const potted: { id: BallId; pocket: PocketId }[] = [];
  const offTable: BallId[] = [];
  // Balls that went during the stroke: gone at its end, on the table at some frame since it began.
  const there = new Set(
    record.frames
      .filter((f) => f.t >= record.departed)
      .flatMap((f) =>
        f.tracks.filter((v) => v.status === 'table' || v.status === 'hidden').map((v) => v.track),
      ),
  );
  const gone = [...lastViews.values()]
    .filter((v) => there.has(v.track))
    .filter((v) => v.status === 'potted' || v.status === 'offTable' || v.pending !== undefined)
    .sort((a, b) => (a.goneAt ?? 0) - (b.goneAt ?? 0));
  for (const v of gone) {
    const t = v.goneAt ?? v.lastSeen;
    if ((v.status === 'potted' || v.pending === 'pot') && v.pocket) {
      potted.push({ id: v.id, pocket: v.pocket });
      events.push({ t, type: 'pot', ball: v.id, track: v.track, pocket: v.pocket });
    } else {
      offTable.push(v.id);
      events.push({ t, type: 'offTable', ball: v.id, track: v.track });
    }
  }

  // A ball the cue ball struck while it was out of sight (under a hand) and never seen again: sent
  // along the line of centres at a pocket close by, it went in; otherwise it is only hidden.
  const unseenPots = new Set<string>();
  for (const track of first.tracks) {
    const end = lastViews.get(track);
    const ball = record.before.find((b) => b.track === track);
    if (!end || !ball || first.t === undefined || end.status !== 'hidden' || end.lastSeen >= first.t)
      continue;
    const cueAt = positionAt(record.before.find((b) => b.id === 'cue') ?? ball, cueSamples, first.t);
    const line = sub(ball, cueAt);
    const pocket = vanishedInto(table, ball, scale(unit(line), 1000), o.unseenPotMm);
    if (!pocket || norm(line) === 0) continue;
    unseenPots.add(track);
    potted.push({ id: end.id, pocket });
    events.push({ t: first.t, type: 'pot', ball: end.id, track, pocket });
  }

  const rest: RestingBall[] = [...lastViews.values()]
    .filter((v) => (v.status === 'table' || v.status === 'hidden') && v.pending === undefined)
    .filter((v) => !unseenPots.has(v.track))
    .map((v) => ({ track: v.track, id: v.id, x: mm(v.x), y: mm(v.y) }));
  const touching: [string, string][] = [];
  for (let i = 0; i < rest.length; i++)
    for (let j = i + 1; j < rest.length; j++) {
      const a = rest[i];
      const b = rest[j];
      if (a && b && distance(a, b) < table.ballDiameter + o.touchingMm) touching.push([a.track, b.track]);
    }

  return {
    index,
    start,
    end: Math.max(start, record.end),
    firstContact: first.ids,
    potted,
    offTable,
    events: events.sort((a, b) => a.t - b.t),
    before: record.before.map((v) => ({ track: v.track, id: v.id, x: mm(v.x), y: mm(v.y) })),
    rest,
    touching,
  };
};
