// The static scene: cloth, markings, cushions, wooden rails and the six pockets, found by following a
// pixel's ray down through the planes they lie in (cushion and rail tops, then the cloth), and the
// background image of a calibration made from it once, supersampled, before any ball is drawn.
import { markDistance, type Pocket, type Table } from '../../equipment/index.ts';
import { encodeSrgb8, fromSrgb8, type Rgb } from './colour.ts';
import {
  DEFAULT_CLOTH,
  DEFAULT_WOOD,
  makeCloth,
  makeWood,
  type Cloth,
  type ClothOptions,
  type Wood,
  type WoodOptions,
} from './cloth.ts';
import { ambientIrradiance, irradiance, type Lighting } from './lights.ts';
import { sampleDir, type RayMap } from './raymap.ts';

export interface TableLookOptions {
  /** Cushion rubber from the nose back to the rail, mm. */
  readonly cushionWidth: number;
  /** Wooden rail outside the cushions, mm. */
  readonly railWidth: number;
  /** The cushions' colour relative to the bed's cloth (the same cloth, but lit at another angle). */
  readonly cushionShade: readonly [number, number, number];
  /** Marked lines' width, and the spots' radius, mm. */
  readonly lineWidth: number;
  readonly spotRadius: number;
  /** How far a marking is lightened towards white, 0…1. */
  readonly markingStrength: number;
  /** Share of the light above that reaches the cushion's face under its nose. */
  readonly faceLight: number;
  /** Depth of a pocket's bag below the cloth, and of the floor, mm. */
  readonly pocketDepth: number;
  readonly floorDepth: number;
  /** Radius of the hole behind each pocket's fall, in ball diameters, and its leather rim, mm. */
  readonly holeRadius: number;
  readonly rimWidth: number;
  readonly cloth: ClothOptions;
  readonly wood: WoodOptions;
}

// A full-size table is about 3.82 × 2.03 m outside: ~125 mm of cushion and rail each side of the
// playing area. Markings are thin chalked lines, the spots small.
export const DEFAULT_TABLE_LOOK: TableLookOptions = {
  cushionWidth: 50,
  railWidth: 80,
  cushionShade: [0.86, 0.9, 0.96],
  lineWidth: 2.5,
  spotRadius: 4,
  markingStrength: 0.45,
  faceLight: 0.4,
  pocketDepth: 160,
  floorDepth: 760,
  holeRadius: 0.92,
  rimWidth: 10,
  cloth: DEFAULT_CLOTH,
  wood: DEFAULT_WOOD,
};

/** What a ray meets first among the table's static parts. */
export const Surface = { cloth: 0, cushion: 1, rail: 2, face: 3, hole: 4, floor: 5, rim: 6 } as const;
export type SurfaceCode = (typeof Surface)[keyof typeof Surface];

interface PocketFrame {
  readonly mx: number;
  readonly my: number;
  readonly ax: number;
  readonly ay: number;
  /** Half the mouth, and how the half-width changes with depth behind the mouth (jaws lean in: < 0). */
  readonly halfMouth: number;
  readonly slope: number;
  readonly fall: number;
  readonly jawEnd: number;
  /** The round hole behind the jaws: centre depth on the axis and radius. */
  readonly holeDepth: number;
  readonly holeRadius: number;
}

export interface StaticScene {
  readonly table: Table;
  readonly look: TableLookOptions;
  readonly top: number;
  readonly pockets: readonly PocketFrame[];
  readonly cloth: Cloth;
  readonly wood: Wood;
  readonly lighting: Lighting;
}

const pocketFrame = (p: Pocket, ball: number, holeRadius: number): PocketFrame => {
  const ax = p.axis.x;
  const ay = p.axis.y;
  const depth = (x: number, y: number): number => (x - p.mouthCentre.x) * ax + (y - p.mouthCentre.y) * ay;
  const lateral = (x: number, y: number): number =>
    Math.abs(-(x - p.mouthCentre.x) * ay + (y - p.mouthCentre.y) * ax);
  const jaw = p.jaws[0];
  const jawEnd = depth(jaw.b.x, jaw.b.y);
  const halfMouth = p.mouth / 2;
  const endHalf = lateral(jaw.b.x, jaw.b.y);
  const slope = (endHalf - halfMouth) / jawEnd;
  const radius = Math.max(holeRadius * ball, endHalf + 1);
  return {
    mx: p.mouthCentre.x,
    my: p.mouthCentre.y,
    ax,
    ay,
    halfMouth,
    slope,
    fall: p.fallDepth,
    jawEnd,
    holeDepth: jawEnd + Math.sqrt(radius * radius - endHalf * endHalf),
    holeRadius: radius,
  };
};

export const makeStaticScene = (
  table: Table,
  lighting: Lighting,
  look: TableLookOptions = DEFAULT_TABLE_LOOK,
  seed = 1,
): StaticScene => ({
  table,
  look,
  top: table.cushionNoseHeight,
  pockets: table.pockets.map((p) => pocketFrame(p, table.ballDiameter, look.holeRadius)),
  cloth: makeCloth(look.cloth, seed),
  wood: makeWood(look.wood, seed),
  lighting,
});

// Where a point of the plane lies with respect to the pockets: 0 nowhere near, 1 in a throat (cloth
// between the mouth and the fall), 2 in a hole (past the fall), 3 on a hole's leather rim.
const IN_THROAT = 1;
const IN_HOLE = 2;
const ON_RIM = 3;

const pocketZone = (s: StaticScene, x: number, y: number): number => {
  const pockets = s.pockets;
  for (let i = 0; i < pockets.length; i++) {
    const p = pockets[i] as PocketFrame;
    const dx = x - p.mx;
    const dy = y - p.my;
    const a = dx * p.ax + dy * p.ay;
    if (a < 0) continue;
    const b = Math.abs(-dx * p.ay + dy * p.ax);
    const within = a <= p.jawEnd && b < p.halfMouth + p.slope * a;
    if (a < p.fall) {
      if (within) return IN_THROAT;
      continue;
    }
    const ha = a - p.holeDepth;
    const r2 = ha * ha + b * b;
    if (within || r2 < p.holeRadius * p.holeRadius) return IN_HOLE;
    const rim = p.holeRadius + s.look.rimWidth;
    if (r2 < rim * rim) return ON_RIM;
  }
  return 0;
};

/** How far outside the playing area a point lies (Chebyshev: the rails are mitred at the corners). */
const outside = (t: Table, x: number, y: number): number => Math.max(-x, x - t.width, -y, y - t.length, 0);

/** Write the point where the ray meets the plane z = h, and the distance to it, to out[0..3]. */
const meet = (
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  h: number,
  out: Float64Array,
): void => {
  const d = (h - oz) / dz;
  out[0] = ox + d * dx;
  out[1] = oy + d * dy;
  out[2] = h;
  out[3] = d;
};

/**
 * Follow a ray from (ox, oy, oz) along unit (dx, dy, dz) to the first static surface it meets; the
 * hit point and the distance along the ray are written to out[0..3].
 */
export const traceStatic = (
  s: StaticScene,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  out: Float64Array,
): SurfaceCode => {
  const t = s.table;
  const edge = s.look.cushionWidth + s.look.railWidth;
  // 1. The tops of the cushions and rails (one plane at the height of the cushion nose).
  meet(ox, oy, oz, dx, dy, dz, s.top, out);
  const tx = out[0] as number;
  const ty = out[1] as number;
  const outTop = outside(t, tx, ty);
  const onTop = outTop > 0 && outTop <= edge;
  const zoneTop = onTop ? pocketZone(s, tx, ty) : 0;
  if (onTop && zoneTop !== IN_THROAT && zoneTop !== IN_HOLE) {
    if (zoneTop === ON_RIM) return Surface.rim;
    return outTop <= s.look.cushionWidth ? Surface.cushion : Surface.rail;
  }
  // 2. The cloth plane: the bed and the pockets' throats, or the holes past the falls.
  meet(ox, oy, oz, dx, dy, dz, 0, out);
  const x = out[0] as number;
  const y = out[1] as number;
  const out0 = outside(t, x, y);
  const zone = out0 <= edge ? pocketZone(s, x, y) : 0;
  if (zone === IN_HOLE) {
    meet(ox, oy, oz, dx, dy, dz, -s.look.pocketDepth, out);
    return Surface.hole;
  }
  if (zone === IN_THROAT || out0 === 0) return Surface.cloth;
  // 3. Below the cushion tops but not on the bed: the cushion's face under its nose, a jaw's face, or
  // the wall of a hole; or, outside the table altogether, the floor.
  if (outTop > edge && out0 > edge) {
    meet(ox, oy, oz, dx, dy, dz, -s.look.floorDepth, out);
    return Surface.floor;
  }
  if (zoneTop === IN_HOLE) {
    meet(ox, oy, oz, dx, dy, dz, -s.look.pocketDepth, out);
    return Surface.hole;
  }
  return Surface.face;
};

const HOLE: Rgb = fromSrgb8(14, 11, 9);
const RIM: Rgb = fromSrgb8(44, 28, 20);
const FLOOR: Rgb = fromSrgb8(52, 48, 46);

/**
 * How far a cloth point lies from the nearest marking's edge, mm (0 or less: on a marking): the
 * game's lines, arcs and spots.
 */
const markingDistance = (s: StaticScene, x: number, y: number): number =>
  s.table.marks ? markDistance(s.table.marks, x, y, s.look.lineWidth, s.look.spotRadius) : Infinity;

const scale = (c: Rgb, k: number, out: Float64Array): void => {
  out[0] = c[0] * k;
  out[1] = c[1] * k;
  out[2] = c[2] * k;
};

/** The colour (linear light) of a static surface at a hit point, into out[0..2]. */
export const shadeStatic = (
  s: StaticScene,
  surface: SurfaceCode,
  p: Float64Array,
  out: Float64Array,
): void => {
  const x = p[0] as number;
  const y = p[1] as number;
  const z = p[2] as number;
  const l = s.lighting;
  let k: number;
  switch (surface) {
    case Surface.cloth: {
      s.cloth.albedo(x, y, out);
      if (markingDistance(s, x, y) <= 0) {
        const m = s.look.markingStrength;
        out[0] = (out[0] as number) + (0.6 - (out[0] as number)) * m;
        out[1] = (out[1] as number) + (0.6 - (out[1] as number)) * m;
        out[2] = (out[2] as number) + (0.6 - (out[2] as number)) * m;
      }
      // The cushions hide a little of the room's light from the cloth right beside them.
      const gap = Math.max(0, Math.min(x, s.table.width - x, y, s.table.length - y));
      k = irradiance(l, x, y, z, 0, 0, 1) - 0.5 * ambientIrradiance(l, 1) * Math.exp(-gap / 25);
      break;
    }
    case Surface.cushion:
    case Surface.face: {
      s.cloth.albedo(x, y, out);
      const shade = s.look.cushionShade;
      out[0] = (out[0] as number) * shade[0];
      out[1] = (out[1] as number) * shade[1];
      out[2] = (out[2] as number) * shade[2];
      // The face under the nose is lit only by what gets past the nose: a fraction of the light above.
      k = irradiance(l, x, y, z, 0, 0, 1) * (surface === Surface.face ? s.look.faceLight : 1);
      break;
    }
    case Surface.rail: {
      const t = s.table;
      const alongX = Math.max(-y, y - t.length) >= Math.max(-x, x - t.width);
      s.wood.albedo(alongX ? x : y, outside(t, x, y), out);
      k = irradiance(l, x, y, z, 0, 0, 1);
      break;
    }
    case Surface.rim:
      scale(RIM, irradiance(l, x, y, z, 0, 0, 1), out);
      return;
    case Surface.hole:
      scale(HOLE, ambientIrradiance(l, 1), out);
      return;
    default:
      scale(FLOOR, ambientIrradiance(l, 1), out);
      return;
  }
  out[0] = (out[0] as number) * k;
  out[1] = (out[1] as number) * k;
  out[2] = (out[2] as number) * k;
};

/** Surfaces on which the balls and occluders cast their shadows. */
export const receivesShadow = (surface: SurfaceCode): boolean =>
  surface === Surface.cloth ||
  surface === Surface.cushion ||
  surface === Surface.rail ||
  surface === Surface.rim;

/** The static background of one calibration under one light, drawn once and reused for every frame. */
export interface Background {
  readonly width: number;
  readonly height: number;
  /** Linear colour, three a pixel (supersampled average). */
  readonly linear: Float32Array;
  /** The same encoded as 8-bit sRGB: a frame starts as a copy of this. */
  readonly srgb: Uint8Array;
  /** Distance along each pixel's (centre) ray to the static surface it meets, mm. */
  readonly depth: Float32Array;
  /** The surface at each pixel's centre (a SurfaceCode). */
  readonly surface: Uint8Array;
}

/**
 * Draw the static scene through a ray map. Each pixel is shaded at its centre; pixels on an edge
 * (where the surface changes between neighbours, or within a pixel of a marking) are shaded again
 * from `supersample`² rays across the pixel and averaged, which smooths the edges at a fraction of
 * the cost of supersampling everywhere.
 */
export const renderBackground = (map: RayMap, s: StaticScene, supersample: number): Background => {
  const { width, height, ox, oy, oz } = map;
  const n = width * height;
  const linear = new Float32Array(n * 3);
  const srgb = new Uint8Array(n * 3);
  const depth = new Float32Array(n);
  const surface = new Uint8Array(n);
  const edge = new Uint8Array(n);
  const hit = new Float64Array(4);
  const col = new Float64Array(3);
  const dir = new Float64Array(3);
  const d = map.dir;
  for (let i = 0; i < n; i++) {
    const code = traceStatic(
      s,
      ox,
      oy,
      oz,
      d[i * 3] as number,
      d[i * 3 + 1] as number,
      d[i * 3 + 2] as number,
      hit,
    );
    depth[i] = hit[3] as number;
    surface[i] = code;
    if (code === Surface.cloth) {
      const foot = (map.pixelAngle[i] as number) * (hit[3] as number);
      if (markingDistance(s, hit[0] as number, hit[1] as number) < foot) edge[i] = 1;
    }
    shadeStatic(s, code, hit, col);
    linear[i * 3] = col[0] as number;
    linear[i * 3 + 1] = col[1] as number;
    linear[i * 3 + 2] = col[2] as number;
  }
  const ss = Math.max(1, Math.round(supersample));
  const w = 1 / (ss * ss);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      const c = surface[i];
      const onEdge =
        edge[i] === 1 ||
        (u > 0 && surface[i - 1] !== c) ||
        (u + 1 < width && surface[i + 1] !== c) ||
        (v > 0 && surface[i - width] !== c) ||
        (v + 1 < height && surface[i + width] !== c);
      if (onEdge && ss > 1) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let sv = 0; sv < ss; sv++) {
          for (let su = 0; su < ss; su++) {
            sampleDir(map, u + (su + 0.5) / ss - 0.5, v + (sv + 0.5) / ss - 0.5, dir);
            const code = traceStatic(
              s,
              ox,
              oy,
              oz,
              dir[0] as number,
              dir[1] as number,
              dir[2] as number,
              hit,
            );
            shadeStatic(s, code, hit, col);
            r += col[0] as number;
            g += col[1] as number;
            b += col[2] as number;
          }
        }
        linear[i * 3] = r * w;
        linear[i * 3 + 1] = g * w;
        linear[i * 3 + 2] = b * w;
      }
      srgb[i * 3] = encodeSrgb8(linear[i * 3] as number);
      srgb[i * 3 + 1] = encodeSrgb8(linear[i * 3 + 1] as number);
      srgb[i * 3 + 2] = encodeSrgb8(linear[i * 3 + 2] as number);
    }
  }
  return { width, height, linear, srgb, depth, surface };
};
