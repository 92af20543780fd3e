// Ball–ball contacts at one instant. Balls are equal, smooth spheres: each contact is a normal impulse
// along the line of centres with restitution e (spin passes through unchanged, so a rolling cue ball
// follows through and a stunned one stops). Momentum is conserved by construction, since every impulse
// acts equal and opposite; kinetic energy falls by the restitution's share.
//
// Several contacts at once are resolved in rounds. In each round every touching pair that is closing
// takes part, and their impulses are solved together (a small complementarity problem, by projected
// Gauss–Seidel) so that each pair parts at e times its closing speed: a cue ball driven into two
// touching balls sends them off symmetrically. A contact that only starts to close because of this
// round's impulses waits for the next round, so momentum runs down a chain of touching balls one
// contact at a time, as in Newton's cradle, and through the triangle at the break row by row.
import type { Kinematics } from './motion.ts';

export interface ContactOptions {
  readonly diameter: number;
  readonly restitution: number;
  /** Least parting speed, mm/s (see PhysicsOptions.minSeparationSpeed). */
  readonly minSeparation: number;
  /** Centres closer than diameter + tolerance are touching. */
  readonly tolerance: number;
  readonly maxRounds: number;
}

/** One contact that took an impulse: balls i and j, with j's centre along n from i's. */
export interface Contact {
  readonly i: number;
  readonly j: number;
  /** Which of the two was the striking ball: the one with the larger speed towards the other. */
  readonly striker: number;
}

const GS_ITERATIONS = 2000;

interface Pair {
  readonly i: number;
  readonly j: number;
  readonly nx: number;
  readonly ny: number;
  readonly target: number;
  readonly striker: number;
  lambda: number;
}

/**
 * Resolve every closing contact among `balls` (velocities are changed in place; `active[k]` false
 * leaves ball k out). `force` names a pair that must part even if it is not measurably closing: the
 * event search found it touching, and it must not be found there again at the same instant.
 * Returns the contacts that took an impulse, in the order resolved. Pairs still closing when the
 * round limit is reached are left to the event search, which finds them touching and closing at once.
 */
export const resolveContacts = (
  balls: Kinematics[],
  active: readonly boolean[],
  o: ContactOptions,
  force?: readonly [number, number],
): Contact[] => {
  const n = balls.length;
  // Events are found as a gap closes to the tolerance; a pair that closes in the same instant but a
  // rounding later is a hair further out, so the instant takes in pairs a few tolerances out.
  const reach = o.diameter + 4 * o.tolerance;
  const contacts: Contact[] = [];
  // Only pairs with a ball whose velocity changed can start to close in the next round.
  let changed = active.slice();
  for (let round = 0; round < o.maxRounds; round++) {
    const pairs: Pair[] = [];
    for (let i = 0; i < n; i++) {
      const a = balls[i];
      if (!a || !active[i]) continue;
      for (let j = i + 1; j < n; j++) {
        const b = balls[j];
        if (!b || !active[j] || !(changed[i] || changed[j])) continue;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const d = Math.hypot(dx, dy);
        const forced = round === 0 && force !== undefined && force[0] === i && force[1] === j;
        if ((d > reach && !forced) || d === 0) continue;
        const nx = dx / d;
        const ny = dy / d;
        const closing = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny;
        if (!(closing > 0) && !forced) continue;
        const target = Math.max(o.restitution * closing, o.minSeparation);
        const towardsB = a.vx * nx + a.vy * ny;
        const towardsA = -(b.vx * nx + b.vy * ny);
        pairs.push({ i, j, nx, ny, target, striker: towardsA > towardsB ? j : i, lambda: 0 });
      }
    }
    if (pairs.length === 0) return contacts;
    solveImpulses(balls, pairs);
    changed = new Array<boolean>(n).fill(false);
    for (const p of pairs) {
      if (p.lambda === 0) continue;
      changed[p.i] = true;
      changed[p.j] = true;
      contacts.push({ i: p.i, j: p.j, striker: p.striker });
    }
  }
  return contacts;
};

/**
 * Impulses λ ≥ 0 such that each pair parts at least at its target speed, and exactly at it where it
 * takes an impulse (a linear complementarity problem with matrix J·M⁻¹·Jᵀ, solved by projected
 * Gauss–Seidel; equal masses, so each diagonal entry is 2). Velocities are updated as it goes.
 */
const solveImpulses = (balls: Kinematics[], pairs: Pair[]): void => {
  const scale = pairs.reduce((m, p) => Math.max(m, p.target), 0);
  for (let it = 0; it < GS_ITERATIONS; it++) {
    let delta = 0;
    for (const p of pairs) {
      const a = balls[p.i];
      const b = balls[p.j];
      if (!a || !b) continue;
      const parting = (b.vx - a.vx) * p.nx + (b.vy - a.vy) * p.ny;
      const next = Math.max(0, p.lambda + (p.target - parting) / 2);
      const dl = next - p.lambda;
      if (dl === 0) continue;
      p.lambda = next;
      a.vx -= dl * p.nx;
      a.vy -= dl * p.ny;
      b.vx += dl * p.nx;
      b.vy += dl * p.ny;
      delta = Math.max(delta, Math.abs(dl));
    }
    if (pairs.length === 1 || delta <= scale * 1e-13) return;
  }
};

/**
 * Put touching balls exactly a diameter apart where rounding has left them a hair closer, moving both
 * along their line of centres, so that overlaps cannot build up over many contacts.
 */
export const separate = (balls: Kinematics[], contacts: readonly Contact[], diameter: number): void => {
  for (const c of contacts) {
    const a = balls[c.i];
    const b = balls[c.j];
    if (!a || !b) continue;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const d = Math.hypot(dx, dy);
    if (d >= diameter || d === 0) continue;
    const push = (diameter - d) / 2;
    a.x -= (dx / d) * push;
    a.y -= (dy / d) * push;
    b.x += (dx / d) * push;
    b.y += (dy / d) * push;
  }
};
