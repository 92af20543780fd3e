// Is the dark band between two faces a tile's dividing line (thin: ~1 mm) or the seam between two
// tiles touching (the rounded edges of both and the gap: 3 mm and more)? The band's width across a
// few profiles through the midpoint, read from the camera's pixels at the face's height, between the
// pips (the nearest pip is ~4 mm from the midpoint).
import type { FaceSampler } from './sample.ts';

/** Profile half-length and step along it, mm; the offsets across at which profiles are taken. */
const REACH = 3.6;
const STEP = 0.3;
const ACROSS = [-7, -2.5, 2.5, 7] as const;

/**
 * The dark band's width (mm, median over the profiles) at the midpoint between face points a and b,
 * measured along a → b, and the face's level beside it.
 */
export const bandWidth = (
  sample: FaceSampler,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  dark: boolean,
): { width: number; level: number } => {
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / len;
  const uy = (by - ay) / len;
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const widths: number[] = [];
  let level = 0;
  const n = Math.round((2 * REACH) / STEP) + 1;
  const values = new Float64Array(n);
  for (const off of ACROSS) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = -REACH + i * STEP;
      const v = sample(mx + ux * s - uy * off, my + uy * s + ux * off);
      values[i] = dark ? v : 255 - v;
      lo = Math.min(lo, values[i] as number);
      hi = Math.max(hi, values[i] as number);
    }
    // The face's level: the brighter end of the profile (both ends are face).
    const face = Math.min(values[0] as number, values[n - 1] as number);
    const cut = (face + lo) / 2;
    let w = 0;
    for (let i = 0; i < n; i++) if ((values[i] as number) < cut) w += STEP;
    widths.push(face - lo < 12 ? 0 : w);
    level += face / ACROSS.length;
  }
  widths.sort((p, q) => p - q);
  return { width: ((widths[1] as number) + (widths[2] as number)) / 2, level };
};
