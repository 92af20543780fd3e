// The balls: spheres of the table's ball radius, met by each pixel's ray (only inside each ball's
// bounding box in the image), and shaded as polished phenolic resin: a diffuse body colour lit by the
// canopy's lamps and the room, the lamps' sharp reflections, and the cloth reflected at the rim.
import type { Rgb } from './colour.ts';
import { irradiance, LAMP_STRIDE, smoothstep, type Lighting } from './lights.ts';

export interface BallLook {
  /** Brightness of the canopy's reflection seen square-on (above 1 it clips to white, as on camera). */
  readonly highlight: number;
  /** How far beyond the canopy's edge its reflection fades, in lamp radii (the polish is not perfect). */
  readonly highlightSpread: number;
  /** The share of the canopy's span (across and along) that glows bright enough to show as the highlight. */
  readonly canopyShare: number;
  /** Reflectance of the resin at normal incidence: Fresnel F0 for n ≈ 1.5 is 0.04. */
  readonly f0: number;
  /** A broad sheen round each highlight, and how tight it is (a Phong exponent). */
  readonly sheen: number;
  readonly sheenExponent: number;
  /** Light bounced from the cloth onto the balls' undersides, relative to the cloth's colour. */
  readonly clothBounce: number;
}

export const DEFAULT_BALL_LOOK: BallLook = {
  highlight: 0.8,
  highlightSpread: 1,
  canopyShare: 0.5,
  f0: 0.045,
  sheen: 0.12,
  sheenExponent: 40,
  clothBounce: 0.35,
};

/**
 * Hit record: out[0] distance along the ray, out[1] coverage of the pixel (0…1, for smooth edges),
 * out[2..4] the point shaded, out[5..7] the unit normal there.
 */
export const HIT_SIZE = 8;

/**
 * Meet a ray with a sphere, with the pixel's coverage worked out from how far the ray passes from
 * the centre (a pixel spans `pixelAngle` radians): a ray that just misses still covers part of a
 * pixel on the rim. False when the sphere does not touch the pixel at all.
 */
export const intersectSphere = (
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
  pixelAngle: number,
  out: Float64Array,
): boolean => {
  const bx = cx - ox;
  const by = cy - oy;
  const bz = cz - oz;
  const b = bx * dx + by * dy + bz * dz;
  if (b <= 0) return false;
  const miss2 = Math.max(0, bx * bx + by * by + bz * bz - b * b);
  const miss = Math.sqrt(miss2);
  const alpha = (r - miss) / (b * pixelAngle) + 0.5;
  if (alpha <= 0) return false;
  const t = miss < r ? b - Math.sqrt(r * r - miss2) : b;
  const hx = ox + t * dx;
  const hy = oy + t * dy;
  const hz = oz + t * dz;
  writeHit(out, t, alpha, hx, hy, hz, hx - cx, hy - cy, hz - cz);
  return true;
};

/**
 * Fill a hit record (see HIT_SIZE) from the distance, the uncapped coverage, the point and a normal
 * of any length (made unit here; a zero one is left zero).
 */
export const writeHit = (
  out: Float64Array,
  t: number,
  alpha: number,
  hx: number,
  hy: number,
  hz: number,
  nx: number,
  ny: number,
  nz: number,
): void => {
  const len = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
  out[0] = t;
  out[1] = alpha >= 1 ? 1 : alpha;
  out[2] = hx;
  out[3] = hy;
  out[4] = hz;
  out[5] = nx / len;
  out[6] = ny / len;
  out[7] = nz / len;
};

let floorFor = NaN;
let floorValue = 0;
/** The cosine below which cos^exponent is under 1/1000. */
const sheenFloor = (exponent: number): number => {
  if (exponent !== floorFor) {
    floorFor = exponent;
    floorValue = 0.001 ** (1 / exponent);
  }
  return floorValue;
};

/**
 * The colour (linear light) of a polished ball at a hit (see HIT_SIZE) seen along unit ray
 * direction d; `light` scales the light that reaches it (shadows of occluders, a ball sinking into a
 * pocket), `cloth` is the cloth's colour for the reflection of the bed at the rim.
 */
export const shadeBall = (
  hit: Float64Array,
  dx: number,
  dy: number,
  dz: number,
  albedo: Rgb,
  lighting: Lighting,
  look: BallLook,
  cloth: Rgb,
  light: number,
  out: Float64Array,
): void => {
  const hx = hit[2] as number;
  const hy = hit[3] as number;
  const hz = hit[4] as number;
  const nx = hit[5] as number;
  const ny = hit[6] as number;
  const nz = hit[7] as number;
  const cosView = Math.max(0, -(dx * nx + dy * ny + dz * nz));
  const fresnel = look.f0 + (1 - look.f0) * (1 - cosView) ** 5;
  // Mirror direction of the view ray.
  const k = 2 * (dx * nx + dy * ny + dz * nz);
  const rx = dx - k * nx;
  const ry = dy - k * ny;
  const rz = dz - k * nz;
  let diffuse = irradiance(lighting, hx, hy, hz, nx, ny, nz);
  // The lamps seen in the polish: where the mirrored ray meets the canopy's glowing underside (a
  // single soft-edged panel, as a diffuser over the lamps looks in a ball), plus a broad sheen.
  let spec = 0;
  const p = lighting.panel;
  if (rz > 0) {
    const s = (p.z - hz) / rz;
    const qx = hx + s * rx;
    const qy = hy + s * ry;
    const soft = p.soft * look.highlightSpread;
    // The glow is brightest in the middle of the canopy: only that part shows as the highlight.
    const mx = (p.x0 + p.x1) / 2;
    const my = (p.y0 + p.y1) / 2;
    const hw = ((p.x1 - p.x0) / 2) * look.canopyShare;
    const hl = ((p.y1 - p.y0) / 2) * look.canopyShare;
    const fx = (qx - mx) / hw;
    const fy = (qy - my) / hl;
    spec =
      look.highlight *
      Math.max(0, 1 - 0.7 * (fx * fx + fy * fy)) *
      smoothstep(-hw - soft, -hw + soft, qx - mx) *
      smoothstep(hw + soft, hw - soft, qx - mx) *
      smoothstep(-hl - soft, -hl + soft, qy - my) *
      smoothstep(hl + soft, hl - soft, qy - my);
  }
  const lamps = lighting.lamps;
  for (let i = 0; i < lighting.count; i++) {
    const o = i * LAMP_STRIDE;
    const lx = (lamps[o] as number) - hx;
    const ly = (lamps[o + 1] as number) - hy;
    const lz = (lamps[o + 2] as number) - hz;
    const c = (rx * lx + ry * ly + rz * lz) / Math.sqrt(lx * lx + ly * ly + lz * lz);
    // Past this angle the lobe is below a thousandth: not worth the power.
    if (c > sheenFloor(look.sheenExponent)) spec += look.sheen * c ** look.sheenExponent;
  }
  spec *= fresnel / look.f0;
  // What the ball mirrors besides the lamps: the lit cloth below the horizon, a dark hall above it.
  const down = smoothstep(0.1, -0.1, rz);
  const bounce = nz < 0 ? look.clothBounce * -nz : 0;
  diffuse *= 1 - fresnel;
  for (let ch = 0; ch < 3; ch++) {
    const env = fresnel * ((cloth[ch] as number) * 0.8 * down + 0.015 * (1 - down));
    out[ch] = light * ((albedo[ch] as number) * (diffuse + bounce * (cloth[ch] as number)) + spec + env);
  }
};
