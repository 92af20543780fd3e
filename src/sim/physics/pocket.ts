// Into the pocket. A ball whose centre crosses a pocket's fall line (src/table: fallDepth behind the
// mouth, between the jaws) has lost the slate under it and drops. For the renderer it falls for the
// time a free fall of one ball diameter takes, its centre dropping from R to −R, while it runs on a
// little into the pocket (its speed dies away over about a ball radius, as against the pocket's back
// and net); then it is potted.
import type { Pocket } from '../../equipment/index.ts';
import { firstClosing } from './poly.ts';

/** Time to fall one ball diameter from rest, s. */
export const fallTime = (R: number, gravity: number): number => Math.sqrt((4 * R) / gravity);

/**
 * When a ball on path x(τ) = x0 + x1·τ + x2·τ² (likewise y) first crosses the fall line of `pocket`
 * within [0, horizon] s, or null.
 */
export const nextFall = (
  pocket: Pocket,
  px: readonly [number, number, number],
  py: readonly [number, number, number],
  horizon: number,
): number | null => {
  const { axis, mouthCentre: m } = pocket;
  // gap to the fall line: fallDepth − depth behind the mouth along the axis
  const gap = [
    pocket.fallDepth - ((px[0] - m.x) * axis.x + (py[0] - m.y) * axis.y),
    -(px[1] * axis.x + py[1] * axis.y),
    -(px[2] * axis.x + py[2] * axis.y),
  ];
  const t = firstClosing(gap, 0, horizon);
  if (t === null) return null;
  // behind this pocket, not off along the rail (src/table pastFall)
  const x = px[0] + (px[1] + px[2] * t) * t;
  const y = py[0] + (py[1] + py[2] * t) * t;
  const lateral = Math.abs((x - m.x) * -axis.y + (y - m.y) * axis.x);
  return lateral < pocket.mouth ? t : null;
};

/** A falling ball: horizontal position and velocity, and the height of its centre, τ s after the drop. */
export const fallingAt = (
  start: { x: number; y: number; vx: number; vy: number },
  tau: number,
  R: number,
  gravity: number,
): { x: number; y: number; vx: number; vy: number; z: number } => {
  const t = Math.max(0, Math.min(tau, fallTime(R, gravity)));
  const speed = Math.hypot(start.vx, start.vy);
  const fade = Math.exp((-speed * t) / R);
  const run = speed > 0 ? (R * (1 - fade)) / speed : 0; // distance run on, over speed
  return {
    x: start.x + start.vx * run,
    y: start.y + start.vy * run,
    vx: start.vx * fade,
    vy: start.vy * fade,
    z: R - 0.5 * gravity * t * t,
  };
};
