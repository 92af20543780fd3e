// What a strike on the rubber does. The rubber's shape (cushion noses, jaws, rounded knuckles) is the
// table's: src/table/rails.ts.
import type { Rails } from '../../equipment/rails.ts';
import type { Kinematics } from './motion.ts';
import type { PhysicsOptions } from './options.ts';

export type { Rails };

/** Cushion restitution at normal speed v (mm/s): about 0.9 for a slow ball, falling towards 0.75 (issue 3). */
export const cushionRestitution = (v: number, o: PhysicsOptions): number =>
  o.cushionRestitutionFast +
  (o.cushionRestitutionSlow - o.cushionRestitutionFast) * Math.exp(-Math.abs(v) / o.cushionRestitutionSpeed);

/**
 * A ball strikes rubber whose face has unit normal (nx, ny) pointing from the ball into the rubber.
 * The normal impulse reverses the normal velocity with the speed-dependent restitution; friction at
 * the contact point (the ball's equator, on the normal) opposes its slip along the face and up or
 * down it, up to the cushion friction times the normal impulse (Coulomb), or stops the slip if less is
 * enough. So side spin throws the ball off along the cushion (running side widens the angle, check
 * side narrows it) and the rubber's grip takes top and back spin. The ball stays on the cloth: the
 * vertical part of the impulse is taken up by the bed. Unit mass; I = 2/5·R².
 */
export const cushionImpulse = (
  k: Kinematics,
  nx: number,
  ny: number,
  R: number,
  o: PhysicsOptions,
): Kinematics => {
  const vn = k.vx * nx + k.vy * ny; // closing speed
  const out = Math.max(cushionRestitution(vn, o) * vn, o.minSeparationSpeed);
  const jn = Math.max(0, vn + out);
  // tangent along the face t = ẑ × n; slip of the contact point R·n: u = v + ω × R·n
  const tx = -ny;
  const ty = nx;
  const st = k.vx * tx + k.vy * ty + R * k.wz;
  const sz = R * (k.wx * ny - k.wy * nx);
  // The impulse that stops the slip: one along the face changes its slip by 7/2 of itself (linear
  // and angular), one up the face by 5/2 (angular only: the ball does not leave the cloth).
  let jt = -st / 3.5;
  let jz = -sz / 2.5;
  const limit = o.cushionFriction * jn;
  const s = Math.hypot(st, sz);
  if (Math.hypot(jt, jz) > limit) {
    jt = (-limit * st) / s; // sliding throughout: full friction against the slip
    jz = (-limit * sz) / s;
  }
  const spin = 5 / (2 * R); // R / I
  return {
    x: k.x,
    y: k.y,
    vx: k.vx - jn * nx + jt * tx,
    vy: k.vy - jn * ny + jt * ty,
    // Δω = (R·n × (jt·t + jz·ẑ)) / I = (R/I)·(jt·ẑ + jz·(ny, −nx, 0))
    wx: k.wx + spin * jz * ny,
    wy: k.wy - spin * jz * nx,
    wz: k.wz + spin * jt,
  };
};
