// One ball's motion from its detections: at rest (where, and since when), departing, moving (with a
// velocity for the next frame's prediction), struck or bounced (a sample far from the prediction),
// and slowing to a stop. Plus the small fits the event stage uses: a line through points, a line
// through a fixed point, a straight-line fit of distance against time.
import { add, dot, scale, sub, unit, type Vec } from '../equipment/vector.ts';

export interface Sample {
  readonly t: number;
  readonly x: number;
  readonly y: number;
}

export interface MotionOptions {
  /** A ball at rest has departed once a sample lies this far from where it rests… */
  readonly departMm: number;
  /** …in this many consecutive samples (one far sample is noise, or a mistaken detection). */
  readonly departSamples: number;
  /** A ball is at rest when every sample of the last `restWindowMs` lies within this of their mean. */
  readonly restMm: number;
  readonly restWindowMs: number;
  /** …and their drift (a least-squares speed) is below this (mm/s): a creeping ball is not at rest. */
  readonly restSpeedMmS: number;
  /** Samples used for the velocity (a least-squares slope over the latest ones). */
  readonly velocitySamples: number;
  /**
   * A sample this far beyond where the motion put it: the ball was struck or bounced; the velocity
   * starts again from the latest samples. Grows by `maneuverFraction` of the distance per frame.
   */
  readonly maneuverMm: number;
  readonly maneuverFraction: number;
  /**
   * How fast a hidden ball slows, mm/s². Rolling resistance on a napped cloth is about 0.01–0.015 of
   * g (about 100–150 mm/s²); the higher figure keeps a hidden ball's guessed place short of reality.
   */
  readonly hiddenDecelMmS2: number;
  /** Samples kept (for the rest test and its stop time). */
  readonly historyMs: number;
  /** The rest place is the mean of the samples at rest over this long (ms). */
  readonly anchorMs: number;
}

// Detections carry about 0.5–1 mm of noise (σ, per axis): 4.5 mm is beyond 4σ of a single sample's
// radial error at σ = 1 mm (Rayleigh tail e^(−10) ≈ 5·10⁻⁵), twice in a row practically never. A ball
// slowing at 100 mm/s² covers its last 3.5 mm in a quarter second, so the rest test fires a little
// before the true stop — which is when the latency clock starts. The drift test (σ of a 100 ms slope
// at σ = 0.7 mm is about 10 mm/s) keeps a ball creeping a few centimetres a second from counting as
// still: at 30 mm/s, rolling resistance stops it within a quarter second and 4 mm.
export const DEFAULT_MOTION: MotionOptions = {
  departMm: 4.5,
  departSamples: 2,
  restMm: 3.5,
  restWindowMs: 100,
  restSpeedMmS: 30,
  velocitySamples: 5,
  maneuverMm: 8,
  maneuverFraction: 0.25,
  hiddenDecelMmS2: 150,
  historyMs: 1000,
  anchorMs: 200,
};

/** Least-squares straight line y = a + b·x; `b` is 0 where the xs do not spread. */
export const linearFit = (xs: readonly number[], ys: readonly number[]): { a: number; b: number } => {
  const n = Math.min(xs.length, ys.length);
  if (n === 0) return { a: 0, b: 0 };
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i] ?? 0;
    my += ys[i] ?? 0;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    sxx += dx * dx;
    sxy += dx * ((ys[i] ?? 0) - my);
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return { a: my - b * mx, b };
};

/** Principal direction of vectors (a unit vector), from their 2×2 second-moment matrix. */
const principal = (vs: readonly Vec[]): Vec | undefined => {
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const v of vs) {
    sxx += v.x * v.x;
    sxy += v.x * v.y;
    syy += v.y * v.y;
  }
  if (sxx + syy === 0) return undefined;
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { x: Math.cos(angle), y: Math.sin(angle) };
};

/**
 * The best line through `origin` and near `points` (least squares, perpendicular distances), its
 * direction pointing the way the points lie from the origin; undefined where all points sit on it.
 */
export const fitLineThrough = (origin: Vec, points: readonly Vec[]): Vec | undefined => {
  const rel = points.map((p) => sub(p, origin));
  const d = principal(rel);
  if (!d) return undefined;
  const along = rel.reduce((s, r) => s + r.x * d.x + r.y * d.y, 0);
  return along < 0 ? scale(d, -1) : d;
};

const mean = (samples: readonly Sample[]): Vec => {
  let x = 0;
  let y = 0;
  for (const s of samples) {
    x += s.x;
    y += s.y;
  }
  return { x: x / samples.length, y: y / samples.length };
};

const within = (samples: readonly Sample[], centre: Vec, tol: number): boolean =>
  samples.every((s) => Math.hypot(s.x - centre.x, s.y - centre.y) <= tol);

/**
 * One ball's motion over time. Starts at rest where it was first seen; `observe` feeds each
 * detection, `predict` says where it should be at a later time.
 */
export class BallMotion {
  private restAt: Vec = { x: 0, y: 0 };
  /** The samples at rest that make up the rest place (the latest `anchorMs` of them). */
  private still: Sample[] = [];
  private stoppedAt = 0;
  private resting = true;
  private departingRun: Sample[] = [];
  private departed: number | undefined;
  /** Samples since the velocity last started again (a strike, a bounce). */
  private leg: Sample[] = [];
  private history: Sample[] = [];
  private v: Vec = { x: 0, y: 0 };
  private last: Sample;

  constructor(
    private readonly options: MotionOptions,
    t: number,
    p: Vec,
  ) {
    this.last = { t, x: p.x, y: p.y };
    this.reset(t, p);
  }

  /** Start again: at rest at `p` since `t` (a ball placed, re-spotted, or found after a while). */
  reset(t: number, p: Vec): void {
    this.restAt = { x: p.x, y: p.y };
    this.still = [{ t, x: p.x, y: p.y }];
    this.stoppedAt = t;
    this.resting = true;
    this.departingRun = [];
    this.departed = undefined;
    this.leg = [];
    this.history = [{ t, x: p.x, y: p.y }];
    this.v = { x: 0, y: 0 };
    this.last = { t, x: p.x, y: p.y };
  }

  get atRest(): boolean {
    return this.resting;
  }
  /** Where it rests (the mean of its samples at rest), or where it last rested while it moves. */
  get anchor(): Vec {
    return this.restAt;
  }
  get restSince(): number {
    return this.stoppedAt;
  }
  /** Time of the first sample away from its last rest, while it moves. */
  get departedAt(): number | undefined {
    return this.departed;
  }
  /** A sample lies beyond the departure distance but not yet enough of them: it may be starting. */
  get stirring(): boolean {
    return this.resting && this.departingRun.length > 0;
  }
  get velocity(): Vec {
    return this.v;
  }
  /**
   * Samples behind the velocity since it last started again (a departure, a strike, a bounce): with
   * fewer than three it is only a rough guess — a ball struck between frames is faster than its first
   * step says.
   */
  get legSamples(): number {
    return this.resting ? this.departingRun.length : this.leg.length;
  }
  get lastSample(): Sample {
    return this.last;
  }

  /** Where the ball should be at `t`: its rest place, or carried on by its velocity (slowing when hidden). */
  predict(t: number): Vec {
    if (this.resting && !this.stirring) return this.restAt;
    const dt = Math.max(0, (t - this.last.t) / 1000);
    const speed = Math.hypot(this.v.x, this.v.y);
    if (speed === 0) return this.last;
    // Slowing only matters once the ball has been missing for a while; a frame or two is straight.
    const decel = this.options.hiddenDecelMmS2;
    const tStop = speed / decel;
    const tau = Math.min(dt, tStop);
    const travelled = speed * tau - 0.5 * decel * tau * tau;
    return add(this.last, scale(this.v, travelled / speed));
  }

  /** How far a sample may stray from the prediction before the velocity starts again. */
  private maneuverTolerance(dt: number): number {
    const step = Math.hypot(this.v.x, this.v.y) * dt;
    return this.options.maneuverMm + this.options.maneuverFraction * step;
  }

  /** Feed a detection; returns whether the motion changed abruptly (a strike, contact or bounce). */
  observe(t: number, p: Vec): boolean {
    const o = this.options;
    const sample: Sample = { t, x: p.x, y: p.y };
    let abrupt = false;
    this.history.push(sample);
    while (this.history.length > 2 && (this.history[0]?.t ?? t) < t - o.historyMs) this.history.shift();

    if (this.resting) {
      const away = Math.hypot(p.x - this.restAt.x, p.y - this.restAt.y);
      if (away <= o.departMm) {
        this.departingRun = [];
        // The rest place is the mean of the latest samples at rest: noise shrinks as 1/√n, and the
        // last millimetres of a ball's creep to a stop are followed rather than averaged away.
        this.still.push(sample);
        while ((this.still[0]?.t ?? t) < t - o.anchorMs) this.still.shift();
        this.restAt = mean(this.still);
        this.v = { x: 0, y: 0 };
      } else {
        this.departingRun.push(sample);
        // Away and further away in the same direction: moving off. Hither and thither: noise.
        const out = this.departingRun.map((q) => sub(q, this.restAt));
        const way = unit(out[0] ?? sub(p, this.restAt));
        const steady = out.every(
          (u, i) =>
            dot(unit(u), way) > 0.7 &&
            Math.hypot(u.x, u.y) >= Math.hypot(out[i - 1]?.x ?? 0, out[i - 1]?.y ?? 0),
        );
        if (!steady) this.departingRun = [sample];
        const dt = Math.max(1e-3, (t - this.last.t) / 1000);
        this.v =
          this.departingRun.length >= 2
            ? this.slope(this.departingRun)
            : scale(sub(p, this.restAt), 1 / Math.max(dt, 1e-3));
        if (this.departingRun.length >= o.departSamples) {
          this.resting = false;
          this.departed = this.departingRun[0]?.t ?? t;
          this.leg = [...this.departingRun];
          this.departingRun = [];
          abrupt = true;
        }
      }
      this.last = sample;
      return abrupt;
    }

    const dt = Math.max(0, (t - this.last.t) / 1000);
    const predicted = add(this.last, scale(this.v, dt));
    if (Math.hypot(p.x - predicted.x, p.y - predicted.y) > this.maneuverTolerance(dt)) {
      // Struck or bounced: the velocity starts again from the last sample and this one.
      this.leg = [this.last, sample];
      abrupt = true;
    } else {
      this.leg.push(sample);
      if (this.leg.length > o.velocitySamples) this.leg.shift();
    }
    this.v = this.slope(this.leg);
    this.last = sample;
    this.checkRest(t);
    return abrupt;
  }

  /**
   * Seen again away from where it lay, after a while out of sight (since `lastSeen`): it moved
   * meanwhile. It departed (as far as can be told) now, from its old place; its motion starts again
   * from its place then and this sample: going the way it came, at least as fast as it must have
   * come (a ball sent across the table unseen in its blur and seen once by a pocket is on its way in).
   */
  jump(t: number, p: Vec, lastSeen: number): void {
    const sample: Sample = { t, x: p.x, y: p.y };
    this.resting = false;
    this.departed = t;
    this.departingRun = [];
    this.leg = [{ t: Math.min(lastSeen, t - 1), x: this.restAt.x, y: this.restAt.y }, sample];
    this.v = this.slope(this.leg);
    this.history.push(sample);
    this.last = sample;
  }

  /**
   * The ball has been hidden while it moved: take it as stopped at `at` (where its motion would have
   * left it, short of any cushion in the way).
   */
  settle(t: number, at: Vec): void {
    this.reset(t, at);
  }

  private slope(samples: readonly Sample[]): Vec {
    const ts = samples.map((s) => s.t / 1000);
    return {
      x: linearFit(
        ts,
        samples.map((s) => s.x),
      ).b,
      y: linearFit(
        ts,
        samples.map((s) => s.y),
      ).b,
    };
  }

  private checkRest(t: number): void {
    const o = this.options;
    const recent = this.history.filter((s) => s.t >= t - o.restWindowMs);
    if (recent.length < 2 || t - (recent[0]?.t ?? t) < o.restWindowMs * 0.5) return;
    const centre = mean(recent);
    if (!within(recent, centre, o.restMm)) return;
    const drift = this.slope(recent);
    if (Math.hypot(drift.x, drift.y) > o.restSpeedMmS) return;
    // At rest. It stopped at the earliest sample from which all later ones stay near the rest place.
    let from = this.history.length - recent.length;
    while (from > 0) {
      const earlier = this.history[from - 1];
      if (!earlier || Math.hypot(earlier.x - centre.x, earlier.y - centre.y) > o.restMm) break;
      from -= 1;
    }
    const still = this.history.slice(from);
    this.resting = true;
    this.restAt = mean(still);
    this.still = still;
    this.stoppedAt = still[0]?.t ?? t;
    this.departed = undefined;
    this.departingRun = [];
    this.leg = [];
    this.v = { x: 0, y: 0 };
  }
}
