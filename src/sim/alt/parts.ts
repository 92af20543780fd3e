// The geometry of a player's parts for the second renderer (render.ts draws them, player.ts places
// them): rods (a segment whose radius runs linearly from one end to the other, its ends rounded: a cue,
// a finger, an arm in its sleeve) and ellipsoids (the back of a hand, a fist). Where a ray meets one and
// the surface's normal there; how much of a lamp a part hides from a point, soft over the lamp's size as
// the balls' shadows are (render.ts's shadowAt); and how near a ray passes, for the pixels worth
// sampling finely.

/** A point in the table frame, mm (z up from the bed). */
export interface AltPoint {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** An sRGB colour as 8-bit code values. */
type Srgb8 = readonly [number, number, number];

/**
 * A band of a rod's colour, from the previous band's end (or the rod's start, a) to `to` mm along the
 * rod: where `points` is given, its end runs up to that many mm back towards a in four points round the
 * rod (a cue's splice, the butt's dark wood reaching forward into the shaft).
 */
export interface AltBand {
  readonly to: number;
  readonly colour: Srgb8;
  readonly points?: number;
}

/** A rod: the segment a–b, its radius ra at a and rb at b (linear between), its ends rounded. */
export interface AltRod {
  readonly kind: 'rod';
  readonly a: AltPoint;
  readonly b: AltPoint;
  readonly ra: number;
  readonly rb: number;
  /** Its colours from a towards b; the last band runs to b whatever its `to`. */
  readonly bands: readonly AltBand[];
  /** Its sheen: the lamps' highlight's strength, as a share of the light on it (varnish, skin, cloth). */
  readonly gloss: number;
  /** A wood's grain along it: the relative depth of its streaks' brightness (none, the default). */
  readonly grain?: number;
}

/** An ellipsoid: its centre, its semi-axes along `yaw` (radians from +x in plan), across it, and up. */
export interface AltEllipsoid {
  readonly kind: 'ellipsoid';
  readonly c: AltPoint;
  readonly yaw: number;
  readonly rx: number;
  readonly ry: number;
  readonly rz: number;
  readonly colour: Srgb8;
  readonly gloss: number;
}

export type AltPart = AltRod | AltEllipsoid;

/** A part with what the ray tests need of it worked out once. */
export interface Prepared {
  readonly part: AltPart;
  /** A rod's start, unit axis, length, start radius and the radius's slope along it (mm a mm). */
  readonly ax: number;
  readonly ay: number;
  readonly az: number;
  readonly ux: number;
  readonly uy: number;
  readonly uz: number;
  readonly len: number;
  readonly r0: number;
  readonly k: number;
  /** The largest radius (a rod's) or semi-axis (an ellipsoid's): what a near ray is measured against. */
  readonly reach: number;
  /** An ellipsoid's yaw's cosine and sine. */
  readonly cs: number;
  readonly sn: number;
}

export const prepare = (part: AltPart): Prepared => {
  if (part.kind === 'ellipsoid')
    return {
      part,
      ax: part.c.x,
      ay: part.c.y,
      az: part.c.z,
      ux: 0,
      uy: 0,
      uz: 0,
      len: 0,
      r0: 0,
      k: 0,
      reach: Math.max(part.rx, part.ry, part.rz),
      cs: Math.cos(part.yaw),
      sn: Math.sin(part.yaw),
    };
  const ex = part.b.x - part.a.x;
  const ey = part.b.y - part.a.y;
  const ez = part.b.z - part.a.z;
  const len = Math.hypot(ex, ey, ez);
  return {
    part,
    ax: part.a.x,
    ay: part.a.y,
    az: part.a.z,
    ux: ex / len,
    uy: ey / len,
    uz: ez / len,
    len,
    r0: part.ra,
    k: (part.rb - part.ra) / len,
    reach: Math.max(part.ra, part.rb),
    cs: 1,
    sn: 0,
  };
};

/** Where a ray from o along unit d enters a sphere (centre c, radius r), or Infinity. */
export const sphereHit = (
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  cx: number,
  cy: number,
  cz: number,
  r: number,
): number => {
  const px = ox - cx;
  const py = oy - cy;
  const pz = oz - cz;
  const b = px * dx + py * dy + pz * dz;
  const disc = b * b - (px * px + py * py + pz * pz - r * r);
  if (disc < 0) return Infinity;
  const t = -b - Math.sqrt(disc);
  return t > 0 ? t : Infinity;
};

/**
 * Where a ray from o along unit d first meets a part (its distance), or Infinity; with `out`, the hit's
 * distance along a rod's axis (mm from a; 0 for an ellipsoid) and the surface's unit normal, as
 * [s, nx, ny, nz]. A rod is its tapered side (radius r0 + k s at s along the axis, 0 ≤ s ≤ len) and a
 * sphere at each end: for the gentle tapers drawn (a cue's 0.007, an arm's 0.04) as near a rounded
 * rod as a pixel can tell.
 */
export const hitPart = (
  p: Prepared,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  out?: Float64Array,
): number => {
  const q = p.part;
  if (q.kind === 'ellipsoid') {
    // Into the ellipsoid's own axes, scaled to a unit sphere.
    const px = ox - p.ax;
    const py = oy - p.ay;
    const lox = (p.cs * px + p.sn * py) / q.rx;
    const loy = (-p.sn * px + p.cs * py) / q.ry;
    const loz = (oz - p.az) / q.rz;
    const ldx = (p.cs * dx + p.sn * dy) / q.rx;
    const ldy = (-p.sn * dx + p.cs * dy) / q.ry;
    const ldz = dz / q.rz;
    const a = ldx * ldx + ldy * ldy + ldz * ldz;
    const b = lox * ldx + loy * ldy + loz * ldz;
    const c = lox * lox + loy * loy + loz * loz - 1;
    const disc = b * b - a * c;
    if (disc < 0) return Infinity;
    const t = (-b - Math.sqrt(disc)) / a;
    if (t <= 0) return Infinity;
    if (out) {
      // The gradient of the unit sphere's equation, back through the scaling and the turn.
      const gx = (lox + t * ldx) / q.rx;
      const gy = (loy + t * ldy) / q.ry;
      const gz = (loz + t * ldz) / q.rz;
      const nx = p.cs * gx - p.sn * gy;
      const ny = p.sn * gx + p.cs * gy;
      const n = Math.hypot(nx, ny, gz);
      out[0] = 0;
      out[1] = nx / n;
      out[2] = ny / n;
      out[3] = gz / n;
    }
    return t;
  }
  const wx = ox - p.ax;
  const wy = oy - p.ay;
  const wz = oz - p.az;
  const wa = wx * p.ux + wy * p.uy + wz * p.uz;
  const da = dx * p.ux + dy * p.uy + dz * p.uz;
  const wd = wx * dx + wy * dy + wz * dz;
  const ww = wx * wx + wy * wy + wz * wz;
  // |w + t d|² − (s)² = (r0 + k s)², s = wa + t da: a quadratic in t.
  const q0 = p.r0 + p.k * wa;
  const q1 = p.k * da;
  const A = 1 - da * da - q1 * q1;
  const B = 2 * (wd - wa * da - q0 * q1);
  const C = ww - wa * wa - q0 * q0;
  let best = Infinity;
  let side = -1;
  const disc = B * B - 4 * A * C;
  if (disc >= 0 && A > 1e-12) {
    const root = Math.sqrt(disc);
    for (const t of [(-B - root) / (2 * A), (-B + root) / (2 * A)]) {
      const s = wa + t * da;
      if (t > 0 && s >= 0 && s <= p.len && p.r0 + p.k * s > 0) {
        best = t;
        side = s;
        break;
      }
    }
  }
  const r1 = p.r0 + p.k * p.len;
  const bx = p.ax + p.len * p.ux;
  const by = p.ay + p.len * p.uy;
  const bz = p.az + p.len * p.uz;
  const ta = sphereHit(ox, oy, oz, dx, dy, dz, p.ax, p.ay, p.az, p.r0);
  const tb = sphereHit(ox, oy, oz, dx, dy, dz, bx, by, bz, r1);
  let end = 0;
  if (ta < best) {
    best = ta;
    end = 1;
  }
  if (tb < best) {
    best = tb;
    end = 2;
  }
  if (out && best < Infinity) {
    const hx = ox + best * dx;
    const hy = oy + best * dy;
    const hz = oz + best * dz;
    if (end === 0) {
      // The side: the radial direction, tilted back along the axis by the taper.
      const rx = hx - (p.ax + side * p.ux);
      const ry = hy - (p.ay + side * p.uy);
      const rz = hz - (p.az + side * p.uz);
      const rn = Math.hypot(rx, ry, rz);
      const nx = rx / rn - p.k * p.ux;
      const ny = ry / rn - p.k * p.uy;
      const nz = rz / rn - p.k * p.uz;
      const n = Math.hypot(nx, ny, nz);
      out[0] = side;
      out[1] = nx / n;
      out[2] = ny / n;
      out[3] = nz / n;
    } else {
      const [cx, cy, cz, r] = end === 1 ? [p.ax, p.ay, p.az, p.r0] : [bx, by, bz, r1];
      out[0] = end === 1 ? 0 : p.len;
      out[1] = (hx - cx) / r;
      out[2] = (hy - cy) / r;
      out[3] = (hz - cz) / r;
    }
  }
  return best;
};

/**
 * The closest approach of the line o + τ d (unit d) to a part's axis segment (an ellipsoid's centre):
 * into `out` as [τ, the distance, the axis's radius there (an ellipsoid's mean semi-axis across d), s
 * along the axis].
 */
const approach = (
  p: Prepared,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  out: Float64Array,
): void => {
  const wx = ox - p.ax;
  const wy = oy - p.ay;
  const wz = oz - p.az;
  const dv = wx * dx + wy * dy + wz * dz;
  if (p.part.kind === 'ellipsoid') {
    const q = p.part;
    // In the ellipsoid's unit-sphere space the distance is exact; back in mm by its radius across d,
    // the mean of its semi-axes weighed by how square to d each lies.
    const lwx = (p.cs * wx + p.sn * wy) / q.rx;
    const lwy = (-p.sn * wx + p.cs * wy) / q.ry;
    const lwz = wz / q.rz;
    const ldx = (p.cs * dx + p.sn * dy) / q.rx;
    const ldy = (-p.sn * dx + p.cs * dy) / q.ry;
    const ldz = dz / q.rz;
    const a = ldx * ldx + ldy * ldy + ldz * ldz;
    const tau = -(lwx * ldx + lwy * ldy + lwz * ldz) / a;
    const mx = lwx + tau * ldx;
    const my = lwy + tau * ldy;
    const mz = lwz + tau * ldz;
    const along = p.cs * dx + p.sn * dy;
    const across = -p.sn * dx + p.cs * dy;
    const wAlong = 1 - along * along;
    const wAcross = 1 - across * across;
    const wUp = 1 - dz * dz;
    const r = (q.rx * wAlong + q.ry * wAcross + q.rz * wUp) / (wAlong + wAcross + wUp);
    out[0] = tau;
    out[1] = Math.sqrt(mx * mx + my * my + mz * mz) * r;
    out[2] = r;
    out[3] = 0;
    return;
  }
  const b = dx * p.ux + dy * p.uy + dz * p.uz;
  const du = wx * p.ux + wy * p.uy + wz * p.uz;
  const denom = 1 - b * b;
  let s = denom > 1e-12 ? (du - b * dv) / denom : 0;
  s = s < 0 ? 0 : s > p.len ? p.len : s;
  const tau = s * b - dv;
  const mx = wx + tau * dx - s * p.ux;
  const my = wy + tau * dy - s * p.uy;
  const mz = wz + tau * dz - s * p.uz;
  out[0] = tau;
  out[1] = Math.sqrt(mx * mx + my * my + mz * mz);
  out[2] = p.r0 + p.k * s;
  out[3] = s;
};

const scratch = new Float64Array(4);

/**
 * Whether the line o + τ d (τ > 0) passes within `spread` · τ mm of a part's surface (an ellipsoid
 * taken as the sphere round it): `spread` an angle, radians (a few pixels' worth), so a ray worth
 * testing exactly.
 */
export const nearPart = (
  p: Prepared,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  spread: number,
): boolean => {
  if (p.part.kind === 'ellipsoid') {
    const wx = p.ax - ox;
    const wy = p.ay - oy;
    const wz = p.az - oz;
    const tau = wx * dx + wy * dy + wz * dz;
    const m2 = wx * wx + wy * wy + wz * wz - tau * tau;
    const r = p.reach + spread * tau;
    return tau > 0 && m2 < r * r;
  }
  approach(p, ox, oy, oz, dx, dy, dz, scratch);
  const tau = scratch[0] as number;
  return tau > 0 && (scratch[1] as number) < (scratch[2] as number) + spread * tau;
};

/**
 * The share (0…1) of a lamp's light that reaches the point (x, y, z) past a part: the lamp (its
 * centre `lx, ly, lz`, `half` its larger half size) seen from the point spans ±w about the ray to its
 * centre at the part's distance, w = half · τ / ℓ (+ 0.5 mm, as a ball's shadow), and the part
 * covers ±r about its axis there: the lamp's share outside that cover, as the balls' shadows are
 * drawn (a broad lamp's shadow of a thin cue is faint and wide, a small one's dark and sharp).
 */
export const partSeen = (
  p: Prepared,
  x: number,
  y: number,
  z: number,
  lx: number,
  ly: number,
  lz: number,
  half: number,
): number => {
  const vx = lx - x;
  const vy = ly - y;
  const vz = lz - z;
  const l = Math.sqrt(vx * vx + vy * vy + vz * vz);
  approach(p, x, y, z, vx / l, vy / l, vz / l, scratch);
  const tau = scratch[0] as number;
  if (tau <= 0 || tau >= l) return 1;
  const d = scratch[1] as number;
  const r = scratch[2] as number;
  const w = (half * tau) / l + 0.5;
  if (d >= r + w) return 1;
  const covered = Math.max(0, Math.min(d + w, r) - Math.max(d - w, -r));
  return 1 - covered / (2 * w);
};

/**
 * How much a part lying on or just over the bed darkens the cloth at (x, y) round where it touches
 * (the crease of shade along a finger on the cloth, as a ball's contact shadow): 1 where it is 20 mm
 * or more over the bed or well away in plan.
 */
export const partContact = (p: Prepared, x: number, y: number): number => {
  const q = p.part;
  let gap: number;
  let out: number;
  if (q.kind === 'ellipsoid') {
    gap = p.az - q.rz;
    if (gap > 20) return 1;
    const px = x - p.ax;
    const py = y - p.ay;
    const u = (p.cs * px + p.sn * py) / q.rx;
    const v = (-p.sn * px + p.cs * py) / q.ry;
    out = (Math.sqrt(u * u + v * v) - 0.8) * Math.min(q.rx, q.ry);
  } else {
    // The axis's closest point in plan.
    const hx = p.ux;
    const hy = p.uy;
    const h2 = hx * hx + hy * hy;
    let s = h2 > 1e-12 ? ((x - p.ax) * hx + (y - p.ay) * hy) / h2 : 0;
    s = s < 0 ? 0 : s > p.len ? p.len : s;
    const r = p.r0 + p.k * s;
    gap = p.az + s * p.uz - r;
    if (gap > 20) return 1;
    out = Math.hypot(x - p.ax - s * hx, y - p.ay - s * hy) - 0.8 * r;
  }
  const spread = Math.max(0, out) / 6;
  return 1 - 0.5 * Math.exp(-Math.max(0, gap) / 6) * Math.exp(-spread * spread);
};

/**
 * Whether a sphere (a ball: centre (x, y, z), radius r) keeps clear of a part, by `gap` mm at least: a
 * rod's axis at least its radius there plus r plus gap from the centre, or the centre outside the
 * ellipsoid grown by r plus gap.
 */
export const clearOf = (p: Prepared, x: number, y: number, z: number, r: number, gap: number): boolean => {
  const q = p.part;
  const wx = x - p.ax;
  const wy = y - p.ay;
  const wz = z - p.az;
  if (q.kind === 'ellipsoid') {
    const a = (p.cs * wx + p.sn * wy) / (q.rx + r + gap);
    const b = (-p.sn * wx + p.cs * wy) / (q.ry + r + gap);
    const c = wz / (q.rz + r + gap);
    return a * a + b * b + c * c >= 1;
  }
  let s = wx * p.ux + wy * p.uy + wz * p.uz;
  s = s < 0 ? 0 : s > p.len ? p.len : s;
  const d = Math.hypot(wx - s * p.ux, wy - s * p.uy, wz - s * p.uz);
  return d >= p.r0 + p.k * s + r + gap;
};
