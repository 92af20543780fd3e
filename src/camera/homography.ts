// Plane-to-image homographies by the normalised direct linear transform (Hartley & Zisserman,
// "Multiple View Geometry", 2nd ed., algorithm 4.2), and the check that a set of plane points can fix
// one at all: four points, no three on a line.
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { Mat3, Row3 } from './mat3.ts';

/** A point of a plane or an image, in whatever unit the caller fits in (mm on the table, px in the image). */
interface Vec {
  readonly x: number;
  readonly y: number;
}

// Points closer to a line than this fraction of their spread count as on it. A point 0.1 % of the
// table (3.6 mm) or of the image (1–2 px) off the line through the others adds no usable constraint.
const COLLINEAR_TOLERANCE = 1e-3;

const spread = (pts: readonly Vec[]): number => {
  let xs = 0;
  let ys = 0;
  for (const p of pts) {
    xs += p.x;
    ys += p.y;
  }
  const cx = xs / pts.length;
  const cy = ys / pts.length;
  return Math.max(...pts.map((p) => Math.hypot(p.x - cx, p.y - cy)));
};

/**
 * Why these points cannot fix a homography, or undefined if they can: fewer than four distinct points,
 * or all of them (or all but one) on one line. `what` names the points in the message ("table
 * points", "pixels").
 */
export const generalPositionProblem = (pts: readonly Vec[], what: string): string | undefined => {
  const n = pts.length;
  if (n < 4) return `need at least 4 points, got ${n}`;
  const tol = COLLINEAR_TOLERANCE * spread(pts);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const a = pts[i];
      const b = pts[j];
      if (a && b && Math.hypot(a.x - b.x, a.y - b.y) <= tol)
        return `points[${i}] and points[${j}] are the same point in the ${what} (${a.x}, ${a.y})`;
    }
  // If all but at most one point lie on a line, two of the first three do: so that line is one of
  // the three through a pair of them (the points are distinct, so each pair makes a line).
  const [p0, p1, p2] = pts as readonly [Vec, Vec, Vec];
  for (const [a, b] of [
    [p0, p1],
    [p0, p2],
    [p1, p2],
  ] as const) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    const off: number[] = [];
    pts.forEach((p, i) => {
      if (Math.abs((p.x - a.x) * dy - (p.y - a.y) * dx) / len > tol) off.push(i);
    });
    if (off.length === 0)
      return `all ${n} points lie on one line in the ${what}, so they cannot fix a homography`;
    if (off.length === 1)
      return `${n - 1} of the ${n} points lie on one line in the ${what} (only points[${off[0]}] is off it), so they cannot fix a homography`;
  }
  return undefined;
};

/** Translate the centroid to the origin and scale the mean distance from it to √2 (H&Z 4.4.4). */
const normaliser = (pts: readonly Vec[]): Mat3 => {
  let cx = 0;
  let cy = 0;
  for (const p of pts) {
    cx += p.x;
    cy += p.y;
  }
  cx /= pts.length;
  cy /= pts.length;
  let mean = 0;
  for (const p of pts) mean += Math.hypot(p.x - cx, p.y - cy);
  mean /= pts.length;
  const s = Math.SQRT2 / mean;
  return [
    [s, 0, -s * cx],
    [0, s, -s * cy],
    [0, 0, 1],
  ];
};

const applyAffine = (t: Mat3, p: Vec): Vec => ({
  x: t[0][0] * p.x + t[0][2],
  y: t[1][1] * p.y + t[1][2],
});

// The homography is unique when the DLT matrix's second-smallest singular value stands clear of zero;
// relative to the largest, this is far below any noise a real configuration has.
const RANK_TOLERANCE = 1e-9;

/**
 * The homography H with H·(x, y, 1)ᵀ ∝ (u, v, 1)ᵀ for every pair from[i] → to[i], least squares in the
 * normalised DLT sense, scaled to unit Frobenius norm. Checks the points first.
 */
export const fitHomography = (from: readonly Vec[], to: readonly Vec[]): Result<Mat3> => {
  const fail = (m: string): Result<never> => err(refereeError('SOLVE_FAILED', m, 'points'));
  if (from.length !== to.length) return fail(`${from.length} plane points but ${to.length} image points`);
  const tf = normaliser(from);
  const tt = normaliser(to);
  // Two rows per correspondence; padded with zero rows to at least 9 so the SVD yields all nine right
  // singular vectors (ml-matrix's SVD wants rows ≥ columns).
  const rows = Math.max(9, 2 * from.length);
  const a = Matrix.zeros(rows, 9);
  from.forEach((f, i) => {
    const t = to[i];
    if (!t) return;
    const p = applyAffine(tf, f);
    const q = applyAffine(tt, t);
    a.setRow(2 * i, [p.x, p.y, 1, 0, 0, 0, -q.x * p.x, -q.x * p.y, -q.x]);
    a.setRow(2 * i + 1, [0, 0, 0, p.x, p.y, 1, -q.y * p.x, -q.y * p.y, -q.y]);
  });
  const svd = new SingularValueDecomposition(a, { computeLeftSingularVectors: false });
  const sv = svd.diagonal;
  const largest = sv[0] ?? 0;
  if (!((sv[7] ?? 0) > RANK_TOLERANCE * largest))
    return fail('the points do not determine a homography (degenerate configuration)');
  const h = svd.rightSingularVectors.getColumn(8);
  const hn = new Matrix([h.slice(0, 3), h.slice(3, 6), h.slice(6, 9)]);
  // Undo the normalisations: H = T_to⁻¹ · Ĥ · T_from.
  const sTo = tt[0][0];
  const tToInv = new Matrix([
    [1 / sTo, 0, -tt[0][2] / sTo],
    [0, 1 / sTo, -tt[1][2] / sTo],
    [0, 0, 1],
  ]);
  const H = tToInv.mmul(hn).mmul(new Matrix(tf.map((r) => [...r])));
  const norm = H.norm('frobenius');
  const r = (i: number): Row3 => [H.get(i, 0) / norm, H.get(i, 1) / norm, H.get(i, 2) / norm];
  const out: Mat3 = [r(0), r(1), r(2)];
  if (!out.every((row) => row.every(Number.isFinite)))
    return fail('the homography fit gave non-finite numbers');
  return ok(out);
};
