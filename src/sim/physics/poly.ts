// Real polynomials of low degree (a ball's path between events is quadratic in time, so a gap between
// two balls squared is a quartic) and the one question the event search asks of them: when does this
// gap first close? Roots are isolated by splitting at the derivative's roots (each piece is monotone)
// and refined by bisection to the last bit, which is slower than a closed-form quartic but never loses
// a root to cancellation and gives the same answer on every machine.

/** Coefficients, lowest degree first: [c0, c1, c2, …] is c0 + c1·t + c2·t² + …. */
export type Poly = readonly number[];

const evalPoly = (p: Poly, t: number): number => {
  let v = 0;
  for (let k = p.length - 1; k >= 0; k--) v = v * t + (p[k] ?? 0);
  return v;
};

const derivative = (p: Poly): number[] => {
  const d: number[] = [];
  for (let k = 1; k < p.length; k++) d.push(k * (p[k] ?? 0));
  return d;
};

/** The polynomial without its (exactly) zero leading coefficients. */
const trimmed = (p: Poly): Poly => {
  let n = p.length;
  while (n > 0 && p[n - 1] === 0) n--;
  return n === p.length ? p : p.slice(0, n);
};

/** Bisect a sign change of `p` on [lo, hi] down to adjacent doubles; returns the end where p ≤ 0 … */
const bisect = (p: Poly, lo: number, hi: number, loPositive: boolean): number => {
  let a = lo;
  let b = hi;
  for (;;) {
    const m = a + (b - a) / 2;
    if (m <= a || m >= b) break;
    if (evalPoly(p, m) > 0 === loPositive) a = m;
    else b = m;
  }
  return b; // … the end past the sign change, so that a closing gap is closed there, never short of it
};

/** Roots of a quadratic c0 + c1·t + c2·t² (c2 ≠ 0), ascending, by the cancellation-free formula. */
const quadraticRoots = (c0: number, c1: number, c2: number): number[] => {
  const disc = c1 * c1 - 4 * c2 * c0;
  if (disc < 0) return [];
  if (disc === 0) return [-c1 / (2 * c2)];
  const q = -0.5 * (c1 + (c1 >= 0 ? 1 : -1) * Math.sqrt(disc));
  const r1 = q / c2;
  const r2 = q === 0 ? r1 : c0 / q;
  return r1 < r2 ? [r1, r2] : [r2, r1];
};

/** The real roots of `p` strictly inside (lo, hi), ascending (a root of even multiplicity may be missed). */
export const rootsIn = (poly: Poly, lo: number, hi: number): number[] => {
  const p = trimmed(poly);
  const degree = p.length - 1;
  if (degree < 1) return [];
  if (degree === 1) {
    const r = -(p[0] ?? 0) / (p[1] ?? 1);
    return r > lo && r < hi ? [r] : [];
  }
  if (degree === 2) return quadraticRoots(p[0] ?? 0, p[1] ?? 0, p[2] ?? 1).filter((r) => r > lo && r < hi);
  const cuts = [lo, ...rootsIn(derivative(p), lo, hi), hi];
  const roots: number[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const a = cuts[k] ?? lo;
    const b = cuts[k + 1] ?? hi;
    const fa = evalPoly(p, a);
    const fb = evalPoly(p, b);
    if (fa === 0 && a > lo) roots.push(a);
    else if ((fa > 0 && fb < 0) || (fa < 0 && fb > 0)) roots.push(bisect(p, a, b, fa > 0));
  }
  return roots;
};

/**
 * The first time in [0, horizon] at which `p` is at most `tol` while falling: when a gap (distance
 * less contact) closes. A gap that starts within `tol` and is already closing gives 0; one that is
 * opening is followed until it turns and closes again. `null` if it does not close in the horizon.
 */
export const firstClosing = (p: Poly, tol: number, horizon: number): number | null => {
  const q = p.slice();
  q[0] = (q[0] ?? 0) - tol;
  const dq = derivative(q);
  const cuts = [0, ...rootsIn(dq, 0, horizon), horizon];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const a = cuts[k] ?? 0;
    const b = cuts[k + 1] ?? horizon;
    if (!(b > a) || !(evalPoly(dq, a + (b - a) / 2) < 0)) continue; // only where the gap is closing
    if (evalPoly(q, a) <= 0) return a;
    if (evalPoly(q, b) <= 0) return bisect(q, a, b, true);
  }
  return null;
};
