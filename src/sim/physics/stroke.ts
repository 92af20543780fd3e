// One stroke, event by event: from the strike until every ball is still or potted. Each ball's motion
// is kept as the list of its phases (motion.ts), so the state at any instant is exact and cheap to
// read back; between events nothing is stepped. Each step finds the earliest of: a ball's phase
// ending (slide → roll → rest, fall → potted), a ball reaching a cushion, jaw, knuckle or fall line,
// two balls touching — resolves it, and re-predicts only what involves the balls that changed.
import type { PocketId, Table } from '../../equipment/index.ts';
import type { BallId } from '../../equipment/pieces.ts';
import { resolveContacts, separate } from './collide.ts';
import { cushionImpulse, type Rails } from './cushion.ts';
import { railsFor } from '../../equipment/rails.ts';
import { nextBallContact, nextBoundary, pathOf, type BoundaryHit, type Path } from './events.ts';
import {
  kinematicsAt,
  kinematicsAtEnd,
  moving,
  segmentFrom,
  still,
  struck,
  type Kinematics,
  type Segment,
} from './motion.ts';
import { physicsOptions, type PhysicsOptions } from './options.ts';
import { fallingAt, fallTime } from './pocket.ts';

/** A ball at rest: `track` names it uniquely (`red7`), `id` is its kind (docs/formats.md §1); mm. */
export interface SimBall {
  readonly track: string;
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/**
 * The stroke: the cue ball's velocity just after the tip leaves it (mm/s, table frame), and where the
 * tip struck it, in ball radii from the centre (`side` right positive, `height` up positive).
 */
export interface CueAction {
  readonly vx: number;
  readonly vy: number;
  readonly side?: number;
  readonly height?: number;
}

/** What happened, `t` ms from the strike. Contacts name the balls by id (`a`, `b`) and track (`ta`, `tb`). */
export type SimEvent =
  | { readonly t: number; readonly type: 'strike'; readonly ball: 'cue'; readonly track: string }
  | {
      readonly t: number;
      readonly type: 'contact';
      readonly a: BallId;
      readonly b: BallId;
      readonly ta: string;
      readonly tb: string;
    }
  | { readonly t: number; readonly type: 'cushion'; readonly ball: BallId; readonly track: string }
  | {
      readonly t: number;
      readonly type: 'jaw';
      readonly ball: BallId;
      readonly track: string;
      readonly pocket: PocketId;
    }
  | {
      readonly t: number;
      readonly type: 'pot';
      readonly ball: BallId;
      readonly track: string;
      readonly pocket: PocketId;
    }
  | { readonly t: number; readonly type: 'rest'; readonly ball: BallId; readonly track: string };

/** A ball at one instant. `z` is the height of its centre: R on the cloth, dropping while it falls. */
export interface BallSample {
  readonly track: string;
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
  readonly state: 'table' | 'falling' | 'potted';
  readonly pocket?: PocketId;
  readonly z: number;
}

export interface StrokeResult {
  /** ms from the strike until every ball is at rest or has dropped into a pocket. */
  readonly duration: number;
  /** In order of time (ms from the strike). */
  readonly events: readonly SimEvent[];
  /** The ball(s) the cue ball touched first: [] none; two when its first two contacts are within 1 ms. */
  readonly firstContact: readonly BallId[];
  readonly potted: readonly {
    readonly id: BallId;
    readonly track: string;
    readonly pocket: PocketId;
  }[];
  /** The balls left on the table, where they came to rest, in the order given. */
  readonly rest: readonly SimBall[];
  /** True if the stroke hit the event limit (PhysicsOptions.maxEvents) and was stopped where it stood. */
  readonly truncated: boolean;
  /** Every ball, in the order given, at `t` ms from the strike (clamped to [0, duration]). */
  at(t: number): BallSample[];
}

/** Contacts of the cue ball this close together (ms) are simultaneous (docs/formats.md §4 firstContact). */
const SIMULTANEOUS_MS = 1;

interface Body {
  readonly ball: SimBall;
  readonly segs: Segment[];
  version: number;
  /** Cached next boundary hit, valid while `boundaryVersion === version`. */
  boundary: BoundaryHit | null;
  boundaryVersion: number;
}

const current = (b: Body): Segment => {
  const s = b.segs[b.segs.length - 1];
  if (!s) throw new Error('a body always has a phase'); // unreachable: created with one
  return s;
};

const onCloth = (s: Segment): boolean => s.mode === 'sliding' || s.mode === 'rolling' || s.mode === 'still';

/** The phase in effect at time t: the last one starting at or before it. */
const segmentAt = (segs: readonly Segment[], t: number): Segment => {
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((segs[mid]?.t0 ?? Infinity) <= t) lo = mid;
    else hi = mid - 1;
  }
  const s = segs[lo];
  if (!s) throw new Error('a body always has a phase');
  return s;
};

/**
 * Play one stroke. `balls` are at rest on `table`; the ball with id `cue` is struck. Deterministic:
 * the same input gives the same result, bit for bit.
 */
export const simulateStroke = (
  table: Table,
  balls: readonly SimBall[],
  cue: CueAction,
  options: Partial<PhysicsOptions> = {},
): StrokeResult => {
  const o = physicsOptions(options);
  const R = table.ballRadius;
  const D = table.ballDiameter;
  const tol = o.contactTolerance;
  const rails = railsFor(table);
  const pockets = table.pockets;
  const spinDecay = (5 * o.spinFriction * o.gravity) / (2 * R);
  const cueIndex = balls.findIndex((b) => b.id === 'cue');
  if (cueIndex < 0) throw new Error('simulateStroke: no cue ball among the balls'); // a caller's mistake

  const bodies: Body[] = balls.map((ball) => ({
    ball,
    segs: [still(ball.x, ball.y, 0, 0, spinDecay)],
    version: 0,
    boundary: null,
    boundaryVersion: -1,
  }));
  const events: SimEvent[] = [];
  const potted: { id: BallId; track: string; pocket: PocketId }[] = [];
  const ms = (t: number): number => t * 1000;

  const replace = (b: Body, s: Segment, now: number): void => {
    current(b).t1 = now;
    b.segs.push(s);
    b.version++;
  };

  const cueBody = bodies[cueIndex];
  if (!cueBody) throw new Error('unreachable');
  const start = struck(cueBody.ball.x, cueBody.ball.y, cue.vx, cue.vy, cue.side ?? 0, cue.height ?? 0, R);
  cueBody.segs[0] = segmentFrom(start, 0, R, o);
  events.push({ t: 0, type: 'strike', ball: 'cue', track: cueBody.ball.track });

  const n = bodies.length;
  const pairTime = new Float64Array(n * n).fill(Infinity);
  const pairVersion = new Int32Array(2 * n * n).fill(-1);

  let now = 0;
  let truncated = false;
  for (let handled = 0; ; handled++) {
    // --- the earliest next event -------------------------------------------------------------------
    let best = Infinity;
    let kind: 'phase' | 'boundary' | 'pair' = 'phase';
    let bi = -1;
    let bj = -1;
    // each ball's path from now, worked out only for the balls some prediction needs afresh
    const paths: (Path | undefined)[] = new Array<Path | undefined>(n);
    const pathAt = (i: number, b: Body): Path => (paths[i] ??= pathOf(current(b), now, R));
    for (let i = 0; i < n; i++) {
      const b = bodies[i];
      if (!b) continue;
      const s = current(b);
      if (s.t1 < best) {
        best = s.t1;
        kind = 'phase';
        bi = i;
      }
      if (!moving(s)) continue;
      if (b.boundaryVersion !== b.version) {
        b.boundary = nextBoundary(pathAt(i, b), now, rails, pockets, R, tol);
        b.boundaryVersion = b.version;
      }
      if (b.boundary && b.boundary.t < best) {
        best = b.boundary.t;
        kind = 'boundary';
        bi = i;
      }
    }
    for (let i = 0; i < n; i++) {
      const a = bodies[i];
      if (!a || !onCloth(current(a))) continue;
      for (let j = i + 1; j < n; j++) {
        const b = bodies[j];
        if (!b || !onCloth(current(b))) continue;
        const idx = i * n + j;
        if (pairVersion[2 * idx] !== a.version || pairVersion[2 * idx + 1] !== b.version) {
          const bothStill = !moving(current(a)) && !moving(current(b));
          pairTime[idx] = bothStill
            ? Infinity
            : (nextBallContact(pathAt(i, a), pathAt(j, b), now, R, tol) ?? Infinity);
          pairVersion[2 * idx] = a.version;
          pairVersion[2 * idx + 1] = b.version;
        }
        const t = pairTime[idx] ?? Infinity;
        if (t < best) {
          best = t;
          kind = 'pair';
          bi = i;
          bj = j;
        }
      }
    }
    if (best === Infinity) break;
    if (handled >= o.maxEvents) {
      truncated = true;
      break;
    }
    now = best;

    // --- resolve it ---------------------------------------------------------------------------------
    const body = bodies[bi];
    if (!body) break;
    if (kind === 'phase') {
      const s = current(body);
      if (s.mode === 'falling') {
        const end = fallingAt(s.k, s.t1 - s.t0, R, o.gravity);
        const done: Segment = { ...still(end.x, end.y, 0, now, 0), mode: 'potted', pocket: s.pocket };
        replace(body, done, now);
      } else {
        const next = segmentFrom(kinematicsAtEnd(s, R), now, R, o);
        replace(body, next, now);
        if (next.mode === 'still')
          events.push({ t: ms(now), type: 'rest', ball: body.ball.id, track: body.ball.track });
      }
    } else if (kind === 'boundary') {
      const hit = body.boundary;
      if (!hit) break;
      const k = kinematicsAt(current(body), now, R);
      if (hit.target.kind === 'fall') {
        const pocket = pockets[hit.target.index];
        if (!pocket) break;
        events.push({
          t: ms(now),
          type: 'pot',
          ball: body.ball.id,
          track: body.ball.track,
          pocket: pocket.id,
        });
        potted.push({ id: body.ball.id, track: body.ball.track, pocket: pocket.id });
        const drop = fallTime(R, o.gravity);
        replace(
          body,
          { ...still(k.x, k.y, 0, now, 0), mode: 'falling', t1: now + drop, k, pocket: pocket.id },
          now,
        );
      } else {
        const after = strikeRail(k, hit, rails, R, o);
        if (!after) {
          body.boundary = null; // already leaving it: nothing to do, and not to be found again
          continue;
        }
        replace(body, segmentFrom(after.k, now, R, o), now);
        if (after.pocket === undefined)
          events.push({ t: ms(now), type: 'cushion', ball: body.ball.id, track: body.ball.track });
        else
          events.push({
            t: ms(now),
            type: 'jaw',
            ball: body.ball.id,
            track: body.ball.track,
            pocket: after.pocket,
          });
      }
    } else {
      const active = bodies.map((b) => onCloth(current(b)));
      const ks: Kinematics[] = bodies.map((b) => kinematicsAt(current(b), now, R));
      const contacts = resolveContacts(
        ks,
        active,
        {
          diameter: D,
          restitution: o.ballRestitution,
          minSeparation: o.minSeparationSpeed,
          tolerance: tol,
          maxRounds: o.maxContactRounds,
        },
        [bi, bj],
      );
      if (contacts.length === 0) {
        pairTime[bi * n + bj] = Infinity; // parting already: not to be found again in these phases
        continue;
      }
      separate(ks, contacts, D);
      const seen = new Set<number>();
      const changed = new Set<number>();
      for (const c of contacts) {
        changed.add(c.i);
        changed.add(c.j);
        if (seen.has(c.i * n + c.j)) continue;
        seen.add(c.i * n + c.j);
        // `a` is the cue ball where it is one of the two (as docs/formats.md §7 shows), else the striker
        const ai = c.i === cueIndex ? c.i : c.j === cueIndex ? c.j : c.striker;
        const first = bodies[ai];
        const second = bodies[ai === c.i ? c.j : c.i];
        if (!first || !second) continue;
        events.push({
          t: ms(now),
          type: 'contact',
          a: first.ball.id,
          b: second.ball.id,
          ta: first.ball.track,
          tb: second.ball.track,
        });
      }
      for (const i of [...changed].sort((p, q) => p - q)) {
        const b = bodies[i];
        const k = ks[i];
        if (b && k) replace(b, segmentFrom(k, now, R, o), now);
      }
    }
  }

  if (truncated) {
    // Stopped by the guard: every ball stays where it stands (a falling ball drops at once).
    for (const b of bodies) {
      const s = current(b);
      if (moving(s)) {
        const k = kinematicsAt(s, now, R);
        replace(b, still(k.x, k.y, 0, now, 0), now);
      } else if (s.mode === 'falling') {
        const end = fallingAt(s.k, Infinity, R, o.gravity);
        replace(b, { ...still(end.x, end.y, 0, now, 0), mode: 'potted', pocket: s.pocket }, now);
      }
    }
  }

  const duration = now;
  const rest: SimBall[] = [];
  for (const b of bodies) {
    const s = current(b);
    if (s.mode === 'still') rest.push({ track: b.ball.track, id: b.ball.id, x: s.k.x, y: s.k.y });
  }
  return {
    duration: ms(duration),
    events,
    firstContact: firstContactOf(events, cueBody.ball.track),
    potted,
    rest,
    truncated,
    at: (tMs: number): BallSample[] => {
      const t = Math.max(0, Math.min(duration, tMs / 1000));
      return bodies.map((b) => sample(b, segmentAt(b.segs, t), t, R, o.gravity));
    },
  };
};

/** A strike on a cushion, jaw or knuckle: the state after it, or null if the ball is already leaving. */
const strikeRail = (
  k: Kinematics,
  hit: BoundaryHit,
  rails: Rails,
  R: number,
  o: PhysicsOptions,
): { k: Kinematics; pocket?: PocketId } | null => {
  let nx: number;
  let ny: number;
  let pocket: PocketId | undefined;
  let gap = 0;
  if (hit.target.kind === 'line') {
    const l = rails.lines[hit.target.index];
    if (!l) return null;
    nx = -l.nx;
    ny = -l.ny;
    pocket = l.pocket;
    gap = (k.x - l.ax) * l.nx + (k.y - l.ay) * l.ny - R;
  } else {
    const c = rails.knuckles[hit.target.index];
    if (!c) return null;
    const d = Math.hypot(c.cx - k.x, c.cy - k.y);
    nx = (c.cx - k.x) / d;
    ny = (c.cy - k.y) / d;
    pocket = c.pocket;
    gap = d - c.r - R;
  }
  const after = cushionImpulse(k, nx, ny, R, o);
  if (after.vx === k.vx && after.vy === k.vy) return null;
  // never left inside the rubber by rounding
  if (gap < 0) {
    after.x += nx * gap;
    after.y += ny * gap;
  }
  return pocket === undefined ? { k: after } : { k: after, pocket };
};

const sample = (b: Body, s: Segment, t: number, R: number, gravity: number): BallSample => {
  const { track, id } = b.ball;
  if (s.mode === 'falling' && s.pocket) {
    const f = fallingAt(s.k, t - s.t0, R, gravity);
    return { track, id, x: f.x, y: f.y, vx: f.vx, vy: f.vy, state: 'falling', pocket: s.pocket, z: f.z };
  }
  if (s.mode === 'potted' && s.pocket)
    return { track, id, x: s.k.x, y: s.k.y, vx: 0, vy: 0, state: 'potted', pocket: s.pocket, z: -R };
  const k = kinematicsAt(s, t, R);
  return { track, id, x: k.x, y: k.y, vx: k.vx, vy: k.vy, state: 'table', z: R };
};

/** The cue ball's first contact, and a second one if it came within SIMULTANEOUS_MS of the first. */
const firstContactOf = (events: readonly SimEvent[], cueTrack: string): BallId[] => {
  const hits: { t: number; track: string; id: BallId }[] = [];
  for (const e of events) {
    if (e.type !== 'contact') continue;
    if (e.ta === cueTrack) hits.push({ t: e.t, track: e.tb, id: e.b });
    else if (e.tb === cueTrack) hits.push({ t: e.t, track: e.ta, id: e.a });
  }
  const first = hits[0];
  if (!first) return [];
  const second = hits.find((h) => h.track !== first.track && h.t - first.t <= SIMULTANEOUS_MS);
  return second ? [first.id, second.id] : [first.id];
};
