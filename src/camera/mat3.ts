// 3×3 matrices and 3-vectors for the camera model. Tiny and allocation-light on purpose: projection
// and pixel rays run once per pixel of a frame (the renderer's ray map), where ml-matrix objects would
// cost more than the arithmetic. Decompositions and solves come from ml-matrix.

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export type Row3 = readonly [number, number, number];
/** Row-major 3×3 matrix, as the calibration file writes `pose.R` (docs/formats.md §2). */
export type Mat3 = readonly [Row3, Row3, Row3];

const AXES = [0, 1, 2] as const;

export const mulMatVec = (m: Mat3, v: Vec3): Vec3 => ({
  x: m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
  y: m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
  z: m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z,
});

/** Mᵀ·v, without forming Mᵀ: a rotation's inverse applied to a vector. */
export const mulTransposeVec = (m: Mat3, v: Vec3): Vec3 => ({
  x: m[0][0] * v.x + m[1][0] * v.y + m[2][0] * v.z,
  y: m[0][1] * v.x + m[1][1] * v.y + m[2][1] * v.z,
  z: m[0][2] * v.x + m[1][2] * v.y + m[2][2] * v.z,
});

export const mulMat = (a: Mat3, b: Mat3): Mat3 => {
  const row = (i: 0 | 1 | 2): Row3 => [
    a[i][0] * b[0][0] + a[i][1] * b[1][0] + a[i][2] * b[2][0],
    a[i][0] * b[0][1] + a[i][1] * b[1][1] + a[i][2] * b[2][1],
    a[i][0] * b[0][2] + a[i][1] * b[1][2] + a[i][2] * b[2][2],
  ];
  return [row(0), row(1), row(2)];
};

export const transpose = (m: Mat3): Mat3 => [
  [m[0][0], m[1][0], m[2][0]],
  [m[0][1], m[1][1], m[2][1]],
  [m[0][2], m[1][2], m[2][2]],
];

export const det = (m: Mat3): number =>
  m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
  m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
  m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);

export const cross3 = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});

export const norm3 = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);

/** Largest |(M·Mᵀ − I)ᵢⱼ|: how far a matrix is from being orthonormal. */
export const orthonormalityError = (m: Mat3): number => {
  const p = mulMat(m, transpose(m));
  let worst = 0;
  for (const i of AXES) for (const j of AXES) worst = Math.max(worst, Math.abs(p[i][j] - (i === j ? 1 : 0)));
  return worst;
};

/**
 * The rotation by |w| radians about the axis w (Rodrigues' formula). Used to perturb a pose in the
 * pose solver and to build the demo camera's small tilt.
 */
export const rotationFromVector = (w: Vec3): Mat3 => {
  const theta = norm3(w);
  // Below this angle sin θ/θ and (1 − cos θ)/θ² are 1 and 1/2 to double precision: use the series.
  const small = theta < 1e-8;
  const a = small ? 1 - (theta * theta) / 6 : Math.sin(theta) / theta;
  const b = small ? 0.5 - (theta * theta) / 24 : (1 - Math.cos(theta)) / (theta * theta);
  const { x, y, z } = w;
  return [
    [1 - b * (y * y + z * z), -a * z + b * x * y, a * y + b * x * z],
    [a * z + b * x * y, 1 - b * (x * x + z * z), -a * x + b * y * z],
    [-a * y + b * x * z, a * x + b * y * z, 1 - b * (x * x + y * y)],
  ];
};
