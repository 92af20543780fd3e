// A small Levenberg–Marquardt least-squares loop (Marquardt's diagonal scaling, numerical Jacobian by
// central differences) over ml-matrix solves. It refines the camera pose (and focal length) that the
// homography decomposition starts from; a handful of parameters and a few hundred residuals at most.
import { Matrix, solve } from 'ml-matrix';

export interface LmOptions {
  /** Outer iterations at most. */
  readonly maxIterations?: number;
  /** Stop when a step lowers the cost by less than this fraction of it. */
  readonly relativeTolerance?: number;
}

export interface LmResult {
  readonly params: number[];
  /** Sum of squared residuals at `params`. */
  readonly cost: number;
  /** The Jacobian at `params` (residuals × parameters), for uncertainty estimates. */
  readonly jacobian: Matrix;
  readonly iterations: number;
  /** False if it ran out of iterations while still improving. */
  readonly converged: boolean;
}

const sumSquares = (r: readonly number[]): number => r.reduce((s, x) => s + x * x, 0);

const jacobianAt = (
  f: (p: readonly number[]) => number[],
  p: readonly number[],
  steps: readonly number[],
  m: number,
): Matrix => {
  const J = Matrix.zeros(m, p.length);
  for (let j = 0; j < p.length; j++) {
    const h = steps[j] ?? 1e-6;
    const plus = [...p];
    const minus = [...p];
    plus[j] = (plus[j] ?? 0) + h;
    minus[j] = (minus[j] ?? 0) - h;
    const rp = f(plus);
    const rm = f(minus);
    for (let i = 0; i < m; i++) J.set(i, j, ((rp[i] ?? 0) - (rm[i] ?? 0)) / (2 * h));
  }
  return J;
};

/**
 * Minimise Σ residuals(p)² from p0. `steps` are the finite-difference steps per parameter, chosen in
 * each parameter's own units (radians, millimetres, …) well above its rounding noise.
 */
export const levenbergMarquardt = (
  residuals: (p: readonly number[]) => number[],
  p0: readonly number[],
  steps: readonly number[],
  options: LmOptions = {},
): LmResult => {
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.relativeTolerance ?? 1e-14;
  let p = [...p0];
  let r = residuals(p);
  let cost = sumSquares(r);
  let lambda = 1e-3;
  let J = jacobianAt(residuals, p, steps, r.length);
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const Jt = J.transpose();
    const A = Jt.mmul(J);
    const g = Jt.mmul(Matrix.columnVector(r));
    const diag = A.diag();
    const floor = 1e-12 * Math.max(...diag);
    let accepted = false;
    let gain = 0;
    // Raise the damping until a step lowers the cost; ten tenfold raises turn a Gauss–Newton step into
    // a tiny gradient step, and if even that cannot improve, p is at a minimum to rounding.
    for (let attempt = 0; attempt < 10 && !accepted; attempt++) {
      const M = A.clone();
      diag.forEach((d, j) => M.set(j, j, d + lambda * Math.max(d, floor)));
      const delta = solve(M, g.clone().mul(-1)).getColumn(0);
      const candidate = p.map((x, j) => x + (delta[j] ?? 0));
      const rc = residuals(candidate);
      const c = sumSquares(rc);
      if (Number.isFinite(c) && c < cost) {
        gain = cost - c;
        p = candidate;
        r = rc;
        cost = c;
        lambda = Math.max(lambda / 10, 1e-12);
        accepted = true;
      } else lambda *= 10;
    }
    if (!accepted || gain <= tolerance * cost || cost === 0)
      return {
        params: p,
        cost,
        jacobian: jacobianAt(residuals, p, steps, r.length),
        iterations: iteration,
        converged: true,
      };
    J = jacobianAt(residuals, p, steps, r.length);
  }
  return { params: p, cost, jacobian: J, iterations: maxIterations, converged: false };
};
