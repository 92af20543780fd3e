// Things between the camera and the table: a player's cue, bridge hand and arm (and the hand on the
// butt). Built from capsules (the cue in tapering pieces, the arm) and flattened ellipsoids (the
// hands), placed in the table frame, so they hide balls and cast shadows where they really would.
import type { Table } from '../../equipment/index.ts';
import { writeHit } from './balls.ts';
import { fromSrgb8, type Rgb } from './colour.ts';
import { irradiance, LAMP_STRIDE, smoothstep, type Lighting } from './lights.ts';

/** A capsule (segment a–b, radius r) or an ellipsoid (centre, radii, turned by `yaw` about z). */
export interface Primitive {
  /** Names the part across the sub-samples of one exposure (e.g. `occluder0/cue3`). */
  readonly key: string;
  readonly kind: 'capsule' | 'ellipsoid';
  readonly ax: number;
  readonly ay: number;
  readonly az: number;
  readonly bx: number;
  readonly by: number;
  readonly bz: number;
  readonly r: number;
  readonly rx: number;
  readonly ry: number;
  readonly rz: number;
  readonly yaw: number;
  readonly albedo: Rgb;
  /** Varnish or skin sheen, 0…1. */
  readonly gloss: number;
}

const capsule = (
  key: string,
  a: readonly [number, number, number],
  b: readonly [number, number, number],
  r: number,
  albedo: Rgb,
  gloss: number,
): Primitive => ({
  key,
  kind: 'capsule',
  ax: a[0],
  ay: a[1],
  az: a[2],
  bx: b[0],
  by: b[1],
  bz: b[2],
  r,
  rx: 0,
  ry: 0,
  rz: 0,
  yaw: 0,
  albedo,
  gloss,
});

const ellipsoid = (
  key: string,
  c: readonly [number, number, number],
  radii: readonly [number, number, number],
  yaw: number,
  albedo: Rgb,
  gloss: number,
): Primitive => ({
  key,
  kind: 'ellipsoid',
  ax: c[0],
  ay: c[1],
  az: c[2],
  bx: c[0],
  by: c[1],
  bz: c[2],
  r: Math.max(radii[0], radii[1], radii[2]),
  rx: radii[0],
  ry: radii[1],
  rz: radii[2],
  yaw,
  albedo,
  gloss,
});

/**
 * A player at the table: the cue aimed through `contact` (the point of the cue ball the tip strikes)
 * at `aim` degrees (0 along +x, 90 along +y: the direction the cue ball is sent), the bridge hand on
 * the cloth behind it and the bridge arm going back to one side. `kind: 'cue'` is the cue alone.
 */
export interface PlayerSpec {
  readonly kind: 'player' | 'cue';
  /** Present from `from` to `to`, ms of clip time. */
  readonly from: number;
  readonly to: number;
  readonly contact: { readonly x: number; readonly y: number };
  readonly aim: number;
  /** When the tip meets the ball (ms of clip time): the cue feathers, draws back, strikes and follows through. Absent: the cue stays at address. */
  readonly strike?: number;
  /** Tip to ball at address, backswing and follow-through, mm. */
  readonly gap: number;
  readonly backswing: number;
  readonly followThrough: number;
  /** Bridge hand's distance behind the contact point, mm, and the cue's elevation, degrees. */
  readonly bridge: number;
  readonly elevation: number;
  /** The side of the cue line the bridge arm lies on, seen from behind the cue. */
  readonly side: 'left' | 'right';
  /** 8-bit sRGB colours of the shirt sleeve and the skin. */
  readonly sleeve: readonly [number, number, number];
  readonly skin: readonly [number, number, number];
}

export const DEFAULT_PLAYER: Omit<PlayerSpec, 'from' | 'to' | 'contact' | 'aim'> = {
  kind: 'player',
  gap: 15,
  backswing: 150,
  followThrough: 80,
  bridge: 280,
  elevation: 4,
  side: 'left',
  sleeve: [178, 190, 206],
  skin: [214, 166, 136],
};

// A full-size cue: 58 in (1473 mm) long, a 9.5 mm tip, 29 mm at the butt; ash shaft, ebony butt.
const CUE_LENGTH = 1473;
const TIP_RADIUS = 4.75;
const BUTT_RADIUS = 14.5;
const CHALK = fromSrgb8(70, 104, 168);
const FERRULE = fromSrgb8(226, 214, 186);
const ASH = fromSrgb8(214, 182, 132);
const EBONY = fromSrgb8(52, 30, 22);
// Pieces of the cue from the tip back, mm: [start, end, colour]. Short pieces follow the taper.
const CUE_PIECES: readonly (readonly [number, number, Rgb])[] = [
  [0, 12, CHALK],
  [12, 30, FERRULE],
  [30, 320, ASH],
  [320, 620, ASH],
  [620, 900, ASH],
  [900, 1180, EBONY],
  [1180, CUE_LENGTH, EBONY],
];
const taper = (s: number): number => TIP_RADIUS + ((BUTT_RADIUS - TIP_RADIUS) * s) / CUE_LENGTH;

/** How far the cue feathers (small strokes back and forth while the player settles), mm. */
export const FEATHER = 12;

const smooth = (f: number): number => 0.5 - 0.5 * Math.cos(Math.PI * Math.min(1, Math.max(0, f)));

/**
 * Where the tip is at clip time t, mm along the aim from the contact point (negative: behind it).
 * Address, feathering every 0.7 s, a backswing over 450 ms, 250 ms accelerating through to the ball at
 * `strike`, 150 ms of follow-through.
 */
export const tipOffset = (p: PlayerSpec, t: number): number => {
  if (p.strike === undefined) return -p.gap;
  const dt = t - p.strike;
  if (dt < -700) return -p.gap - FEATHER * 0.5 * (1 - Math.cos((2 * Math.PI * ((-700 - dt) % 700)) / 700));
  if (dt < -250) return -p.gap - p.backswing * smooth((dt + 700) / 450);
  if (dt < 0) {
    const f = (dt + 250) / 250;
    return -(p.gap + p.backswing) * (1 - f * f);
  }
  return p.followThrough * Math.sin((Math.PI / 2) * Math.min(1, dt / 150));
};

/** The player's parts at clip time t (none outside [from, to]). */
export const playerPrimitives = (p: PlayerSpec, t: number, table: Table, key: string): Primitive[] => {
  if (t < p.from || t > p.to) return [];
  const rad = (p.aim * Math.PI) / 180;
  const ax = Math.cos(rad);
  const ay = Math.sin(rad);
  const sideSign = p.side === 'left' ? 1 : -1;
  // Left of the aim is the aim turned a quarter anticlockwise (seen from above).
  const lx = -ay * sideSign;
  const ly = ax * sideSign;
  const e = (p.elevation * Math.PI) / 180;
  // From the tip back along the cue, rising.
  const kx = -ax * Math.cos(e);
  const ky = -ay * Math.cos(e);
  const kz = Math.sin(e);
  const s = tipOffset(p, t);
  const tip = [p.contact.x + s * ax, p.contact.y + s * ay, table.ballCentreHeight] as const;
  const along = (d: number): readonly [number, number, number] => [
    tip[0] + d * kx,
    tip[1] + d * ky,
    tip[2] + d * kz,
  ];
  const parts: Primitive[] = CUE_PIECES.map(([a, b, colour], i) =>
    capsule(`${key}/cue${i}`, along(a), along(b), taper((a + b) / 2), colour, 0.35),
  );
  if (p.kind === 'cue') return parts;
  const sleeve = fromSrgb8(p.sleeve[0], p.sleeve[1], p.sleeve[2]);
  const skin = fromSrgb8(p.skin[0], p.skin[1], p.skin[2]);
  const yaw = rad;
  // The bridge hand stays where it was set down; the cue slides over it.
  const hx = p.contact.x - p.bridge * ax + 30 * lx;
  const hy = p.contact.y - p.bridge * ay + 30 * ly;
  parts.push(ellipsoid(`${key}/hand`, [hx, hy, 18], [55, 45, 18], yaw, skin, 0.1));
  // Fingers spread forward on the cloth, the little finger on the arm's side.
  [-38, -16, 6, 26].forEach((deg, i) => {
    const f = rad + (sideSign * deg * Math.PI) / 180;
    const bx = hx + 30 * Math.cos(f);
    const by = hy + 30 * Math.sin(f);
    parts.push(
      capsule(
        `${key}/finger${i}`,
        [bx, by, 9],
        [bx + 62 * Math.cos(f), by + 62 * Math.sin(f), 8],
        8.5,
        skin,
        0.1,
      ),
    );
  });
  // Forearm back and out to the arm's side, the upper arm rising to the shoulder.
  const fx = -ax + 0.5 * lx;
  const fy = -ay + 0.5 * ly;
  const fl = Math.hypot(fx, fy);
  const wrist = [hx - 50 * ax + 25 * lx, hy - 50 * ay + 25 * ly, 30] as const;
  const elbow = [wrist[0] + (290 * fx) / fl, wrist[1] + (290 * fy) / fl, 120] as const;
  const ux = -ax + 0.8 * lx;
  const uy = -ay + 0.8 * ly;
  const ul = Math.hypot(ux, uy);
  const shoulder = [elbow[0] + (300 * ux) / ul, elbow[1] + (300 * uy) / ul, 380] as const;
  parts.push(capsule(`${key}/wrist`, [hx - 20 * ax, hy - 20 * ay, 24], wrist, 30, skin, 0.1));
  parts.push(capsule(`${key}/forearm`, wrist, elbow, 40, sleeve, 0.05));
  parts.push(capsule(`${key}/upperarm`, elbow, shoulder, 52, sleeve, 0.05));
  // The other hand grips the cue near its butt, and moves with it.
  parts.push(ellipsoid(`${key}/grip`, along(1250), [50, 40, 40], yaw, skin, 0.1));
  return parts;
};

/** Hit record as in balls.ts: t, coverage, point, normal. */
export const intersectPrimitive = (
  q: Primitive,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  pixelAngle: number,
  out: Float64Array,
): boolean =>
  q.kind === 'capsule'
    ? intersectCapsule(q, ox, oy, oz, dx, dy, dz, pixelAngle, out)
    : intersectEllipsoid(q, ox, oy, oz, dx, dy, dz, pixelAngle, out);

const intersectCapsule = (
  q: Primitive,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  pixelAngle: number,
  out: Float64Array,
): boolean => {
  const ex = q.bx - q.ax;
  const ey = q.by - q.ay;
  const ez = q.bz - q.az;
  const wx = ox - q.ax;
  const wy = oy - q.ay;
  const wz = oz - q.az;
  const b = dx * ex + dy * ey + dz * ez;
  const c = ex * ex + ey * ey + ez * ez;
  const dw = dx * wx + dy * wy + dz * wz;
  const ew = ex * wx + ey * wy + ez * wz;
  // Closest approach of the ray's line to the segment: s along the segment, t along the ray.
  const denom = c - b * b;
  let s = denom > 1e-9 * c ? (ew - b * dw) / denom : 0;
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  const tc = s * b - dw;
  if (tc <= 0) return false;
  const mx = ox + tc * dx - (q.ax + s * ex);
  const my = oy + tc * dy - (q.ay + s * ey);
  const mz = oz + tc * dz - (q.az + s * ez);
  const miss = Math.sqrt(mx * mx + my * my + mz * mz);
  const alpha = (q.r - miss) / (tc * pixelAngle) + 0.5;
  if (alpha <= 0) return false;
  let t = tc;
  if (miss < q.r) {
    // Exact entry point (Quilez's ray–capsule intersection): the body, else the nearer cap.
    const ww = wx * wx + wy * wy + wz * wz;
    const A = c - b * b;
    const B = c * dw - ew * b;
    const C = c * ww - ew * ew - q.r * q.r * c;
    const H = B * B - A * C;
    let found = false;
    let capA = s < 0.5;
    if (H >= 0 && A > 1e-12) {
      const tb = (-B - Math.sqrt(H)) / A;
      const y = ew + tb * b;
      if (y > 0 && y < c) {
        t = tb;
        found = true;
      }
      capA = y <= 0;
    }
    if (!found) {
      const px = capA ? wx : ox - q.bx;
      const py = capA ? wy : oy - q.by;
      const pz = capA ? wz : oz - q.bz;
      const bb = dx * px + dy * py + dz * pz;
      const h = bb * bb - (px * px + py * py + pz * pz - q.r * q.r);
      if (h > 0) t = -bb - Math.sqrt(h);
    }
  }
  const hx = ox + t * dx;
  const hy = oy + t * dy;
  const hz = oz + t * dz;
  let f = ((hx - q.ax) * ex + (hy - q.ay) * ey + (hz - q.az) * ez) / c;
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  writeHit(out, t, alpha, hx, hy, hz, hx - (q.ax + f * ex), hy - (q.ay + f * ey), hz - (q.az + f * ez));
  return true;
};

const intersectEllipsoid = (
  q: Primitive,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  pixelAngle: number,
  out: Float64Array,
): boolean => {
  // Into the ellipsoid's frame (turned by -yaw, scaled to a unit sphere).
  const cs = Math.cos(q.yaw);
  const sn = Math.sin(q.yaw);
  const px = ox - q.ax;
  const py = oy - q.ay;
  const pz = oz - q.az;
  const lox = (cs * px + sn * py) / q.rx;
  const loy = (-sn * px + cs * py) / q.ry;
  const loz = pz / q.rz;
  const ldx = (cs * dx + sn * dy) / q.rx;
  const ldy = (-sn * dx + cs * dy) / q.ry;
  const ldz = dz / q.rz;
  const a = ldx * ldx + ldy * ldy + ldz * ldz;
  const b = lox * ldx + loy * ldy + loz * ldz;
  const tc = -b / a;
  if (tc <= 0) return false;
  const cx = lox + tc * ldx;
  const cy = loy + tc * ldy;
  const cz = loz + tc * ldz;
  const miss2 = cx * cx + cy * cy + cz * cz;
  const miss = Math.sqrt(miss2);
  // A pixel's width in the unit sphere's scale, taking the ellipsoid's size across the view.
  const alpha = (1 - miss) / ((tc * pixelAngle * 2) / (q.rx + q.ry)) + 0.5;
  if (alpha <= 0) return false;
  const t = miss < 1 ? tc - Math.sqrt((1 - miss2) / a) : tc;
  const lx = lox + t * ldx;
  const ly = loy + t * ldy;
  const lz = loz + t * ldz;
  // The gradient of x²/rx² + … gives the normal; back to the table frame.
  const gx = lx / q.rx;
  const gy = ly / q.ry;
  const gz = lz / q.rz;
  writeHit(out, t, alpha, ox + t * dx, oy + t * dy, oz + t * dz, cs * gx - sn * gy, sn * gx + cs * gy, gz);
  return true;
};

/** How far a shadow spreads per mm of height over the surface: the canopy's lamps span ±35°. */
const SPREAD = 0.35;

/**
 * The share of light still reaching a point (px, py, pz) under a primitive: the canopy is broad, so
 * the shadow is taken straight down, softened and paled in proportion to the height of the part
 * above the point (a cue a few cm up casts a crisp line, an arm 30 cm up a faint blur).
 */
export const primitiveShadow = (q: Primitive, px: number, py: number, pz: number): number => {
  let cx = q.ax;
  let cy = q.ay;
  let cz = q.az;
  let r = q.r;
  if (q.kind === 'capsule') {
    const ex = q.bx - q.ax;
    const ey = q.by - q.ay;
    const l2 = ex * ex + ey * ey;
    let s = l2 > 0 ? ((px - q.ax) * ex + (py - q.ay) * ey) / l2 : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    cx = q.ax + s * ex;
    cy = q.ay + s * ey;
    cz = q.az + s * (q.bz - q.az);
  } else {
    r = (q.rx + q.ry) / 2;
  }
  const h = cz - pz;
  if (h <= 0) return 1;
  const spread = SPREAD * h + 1;
  const d = Math.hypot(px - cx, py - cy);
  if (d >= r + spread) return 1;
  const cover = (1 - smoothstep(r - spread, r + spread, d)) * Math.min(1, (2 * r) / (2 * r + SPREAD * h));
  return 1 - 0.8 * cover;
};

/** How far (mm, in plan) a primitive's shadow can reach beyond the part itself. */
export const shadowReach = (q: Primitive): number => SPREAD * Math.max(q.az, q.bz) + 1;

/** The colour (linear light) of an occluder's surface at a hit: diffuse, with a sheen of varnish or skin. */
export const shadePrimitive = (
  q: Primitive,
  hit: Float64Array,
  dx: number,
  dy: number,
  dz: number,
  lighting: Lighting,
  light: number,
  out: Float64Array,
): void => {
  const hx = hit[2] as number;
  const hy = hit[3] as number;
  const hz = hit[4] as number;
  const nx = hit[5] as number;
  const ny = hit[6] as number;
  const nz = hit[7] as number;
  const diffuse = irradiance(lighting, hx, hy, hz, nx, ny, nz);
  const k = 2 * (dx * nx + dy * ny + dz * nz);
  const rx = dx - k * nx;
  const ry = dy - k * ny;
  const rz = dz - k * nz;
  let spec = 0;
  const lamps = lighting.lamps;
  for (let i = 0; i < lighting.count; i++) {
    const o = i * LAMP_STRIDE;
    const lx = (lamps[o] as number) - hx;
    const ly = (lamps[o + 1] as number) - hy;
    const lz = (lamps[o + 2] as number) - hz;
    const c = (rx * lx + ry * ly + rz * lz) / Math.sqrt(lx * lx + ly * ly + lz * lz);
    if (c > 0) spec += c ** 30;
  }
  spec *= 0.4 * q.gloss;
  for (let ch = 0; ch < 3; ch++) out[ch] = light * ((q.albedo[ch] as number) * diffuse + spec);
};
