// Draw a dominoes scene as the overhead camera sees it, by following each pixel's ray (the ray map:
// perspective, parallax and the lens come out right by construction): the tiles as rounded boxes
// 12 mm tall whose sides show under tilt, their faces with the dividing line and the pips in the
// standard patterns (pips.ts), face-down backs, soft shadows on the cloth, arms and hands over the
// table (the snooker renderer's capsules and ellipsoids) hiding what is under them and shading it,
// then the room's light, the sensor's noise and a JPEG round trip. With the truth of what it drew:
// each tile's pips, its halves' centres, face up or down, and how much of its face the camera sees.
import type { Calibration, Plane } from '../../../camera/index.ts';
import { cameraCentre, project } from '../../../camera/index.ts';
import type { RgbImage } from '../../../core/image.ts';
import { mm } from '../../../core/units.ts';
import { jpegRoundTrip } from '../../../sim/alt/index.ts';
import { makeRng } from '../../../sim/random.ts';
import { hash2, makeCloth, makeWood, DEFAULT_WOOD, valueNoise } from '../../../sim/render/cloth.ts';
import { encodeSrgb8, fromSrgb8, type Rgb } from '../../../sim/render/colour.ts';
import { applyCamera, lightTable, makeNoiseTable } from '../../../sim/render/effects.ts';
import {
  irradiance,
  LAMP_STRIDE,
  makeLighting,
  smoothstep,
  type Lighting,
} from '../../../sim/render/lights.ts';
import {
  intersectPrimitive,
  primitiveShadow,
  shadePrimitive,
  type Primitive,
} from '../../../sim/render/occluders.ts';
import { rayMapFor } from '../../../sim/render/raymap.ts';
import type { DominoesTable } from '../equipment.ts';
import { PIP_PATTERNS, PIP_PITCH, PIP_RADIUS } from '../pips.ts';
import type { Pip } from '../tiles.ts';
import type { DominoesScene, SceneArm, SceneTile } from './scene.ts';

/** A tile as drawn: what `referee detect` should find, with the share of its face the camera sees. */
export interface TruthTile {
  readonly faceDown: boolean;
  /** The halves in the scene's order (face down: the pips it hides). */
  readonly pips: readonly [number, number];
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly halves: readonly [{ pips: number; x: number; y: number }, { pips: number; x: number; y: number }];
  /** Share of each half's face in the picture and not under an arm, 0 … 1. */
  readonly visible: readonly [number, number];
}

export interface RenderedScene {
  readonly image: RgbImage;
  readonly tiles: readonly TruthTile[];
}

const DEG = Math.PI / 180;
/** Plan radius of a tile's corners and radius of the rounding of its top edges (a real tile's edges are
 * well rounded: a 12 mm tile's about 2 mm), mm. */
const CORNER = 2.5;
const BEVEL = 2.2;
/** Half-width of the dividing line, mm. */
const LINE = 0.45;
const CELL = 40;
/** The room's brightness as the glaze mirrors it (linear; the cloth at the centre is 1 × its albedo). */
const ROOM = 0.2;
const NOISE_TABLE = 1_000_003;

interface Placed {
  readonly t: SceneTile;
  readonly c: number;
  readonly s: number;
  readonly hl: number;
  readonly hw: number;
  readonly h: number;
}

interface Look {
  readonly face: Rgb;
  readonly pip: Rgb;
  readonly line: Rgb;
  readonly gloss: number;
}

const LOOKS: Readonly<Record<'ivory' | 'black', Look>> = {
  ivory: {
    face: fromSrgb8(236, 228, 206),
    pip: fromSrgb8(22, 20, 20),
    line: fromSrgb8(60, 52, 44),
    gloss: 0.06,
  },
  black: {
    face: fromSrgb8(22, 22, 24),
    pip: fromSrgb8(236, 236, 230),
    line: fromSrgb8(190, 180, 150),
    gloss: 0.1,
  },
};

const SKINS: readonly Rgb[] = [fromSrgb8(224, 172, 140), fromSrgb8(186, 128, 96), fromSrgb8(120, 80, 58)];
const SLEEVES: readonly Rgb[] = [fromSrgb8(40, 44, 60), fromSrgb8(150, 150, 146), fromSrgb8(90, 30, 30)];

/** The arm as the occluder code draws it: a sleeve (capsule) and a flattened hand (ellipsoid). */
const armPrimitives = (a: SceneArm, i: number, seed: number): Primitive[] => {
  const [fx, fy, fz] = a.from;
  const [tx, ty, tz] = a.to;
  const len = Math.hypot(tx - fx, ty - fy, tz - fz) || 1;
  const ux = (tx - fx) / len;
  const uy = (ty - fy) / len;
  const uz = (tz - fz) / len;
  const wrist: [number, number, number] = [tx - ux * 70, ty - uy * 70, tz - uz * 70];
  const pick = <T>(xs: readonly T[], k: number): T => xs[Math.floor(hash2(i, seed, k) * xs.length)] as T;
  const base = { rx: 0, ry: 0, rz: 0, yaw: 0 };
  return [
    {
      ...base,
      key: `arm${i}`,
      kind: 'capsule',
      ax: fx,
      ay: fy,
      az: fz,
      bx: wrist[0],
      by: wrist[1],
      bz: wrist[2],
      r: 38,
      albedo: pick(SLEEVES, 1),
      gloss: 0.02,
    },
    {
      key: `hand${i}`,
      kind: 'ellipsoid',
      ax: tx - ux * 20,
      ay: ty - uy * 20,
      az: tz,
      bx: 0,
      by: 0,
      bz: 0,
      r: 0,
      rx: 60,
      ry: 44,
      rz: 16,
      yaw: Math.atan2(uy, ux),
      albedo: pick(SKINS, 2),
      gloss: 0.1,
    },
  ];
};

/** Where a point on a tile's face (local u along, v across, mm) sits in the table frame. */
const toTable = (p: Placed, u: number, v: number): { x: number; y: number } => ({
  x: p.t.x + u * p.c - v * p.s,
  y: p.t.y + u * p.s + v * p.c,
});

/** Signed distance (mm, in plan) from a local point to the tile's rounded rectangle; negative inside. */
const roundedDistance = (hl: number, hw: number, u: number, v: number): number => {
  const qx = Math.abs(u) - (hl - CORNER);
  const qy = Math.abs(v) - (hw - CORNER);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.hypot(ox, oy) + Math.min(Math.max(qx, qy), 0) - CORNER;
};

/** Darkness of the face's markings at a local point: the pip's or line's share of the footprint. */
const marking = (p: Placed, u: number, v: number, footprint: number): { pip: number; line: number } => {
  if (p.t.faceDown) return { pip: 0, line: 0 };
  const w = 2 * p.hw;
  const half = u < 0 ? 0 : 1;
  const pips = p.t.pips[half] as Pip;
  const uc = half === 0 ? -p.hl / 2 : p.hl / 2;
  const pitch = PIP_PITCH * w;
  const r = PIP_RADIUS * w;
  const aa = Math.max(0.15, footprint / 2);
  let pip = 0;
  for (const place of PIP_PATTERNS[pips]) {
    const d = Math.hypot(u - (uc + place.along * pitch), v - place.across * pitch);
    if (d < r + aa) pip = Math.max(pip, smoothstep(r + aa, r - aa, d));
  }
  const lineAa = Math.max(0.15, footprint / 2);
  const line = Math.abs(v) < p.hw - 2.5 ? smoothstep(LINE + lineAa, LINE - lineAa, Math.abs(u)) : 0;
  return { pip, line };
};

/** Glossy highlights of the lamps on a surface with normal n seen along d: a little, broad sheen. */
const sheen = (
  l: Lighting,
  hx: number,
  hy: number,
  hz: number,
  n: readonly number[],
  d: readonly number[],
): number => {
  const k =
    2 *
    ((d[0] as number) * (n[0] as number) +
      (d[1] as number) * (n[1] as number) +
      (d[2] as number) * (n[2] as number));
  const rx = (d[0] as number) - k * (n[0] as number);
  const ry = (d[1] as number) - k * (n[1] as number);
  const rz = (d[2] as number) - k * (n[2] as number);
  let s = 0;
  for (let i = 0; i < l.count; i++) {
    const o = i * LAMP_STRIDE;
    const lx = (l.lamps[o] as number) - hx;
    const ly = (l.lamps[o + 1] as number) - hy;
    const lz = (l.lamps[o + 2] as number) - hz;
    const c = (rx * lx + ry * ly + rz * lz) / Math.sqrt(lx * lx + ly * ly + lz * lz);
    if (c > 0.9) s += c ** 60;
  }
  return s;
};

/** Draw `scene` through `calibration` onto its table; the frame and the truth. */
export const renderScene = async (
  calibration: Calibration<Plane>,
  table: DominoesTable,
  scene: DominoesScene,
): Promise<RenderedScene> => {
  const map = rayMapFor(calibration);
  const { width, height } = map;
  const lighting = makeLighting(calibration.table, {
    columns: 2,
    rows: 2,
    height: 1100,
    spanWidth: 0.5,
    spanLength: 0.5,
    lampRadius: 180,
    ambient: 0.3,
  });
  const cloth = makeCloth({ colour: scene.cloth, texture: 0.05, nap: 0.01 }, scene.seed);
  const wood = makeWood(DEFAULT_WOOD, scene.seed);
  const look = LOOKS[scene.set];
  const hl = table.tile.length / 2;
  const hw = table.tile.width / 2;
  const H = table.tile.height;
  const placed: Placed[] = scene.tiles.map((t) => ({
    t,
    c: Math.cos(t.angle * DEG),
    s: Math.sin(t.angle * DEG),
    hl,
    hw,
    h: H,
  }));
  const arms = scene.arms.flatMap((a, i) => armPrimitives(a, i, scene.seed));
  // Tiles by 40 mm cell of the plan (each in every cell its shadow can reach), for the per-pixel loop.
  const x0 = -200;
  const y0 = -200;
  const cols = Math.ceil((table.width + 400) / CELL);
  const rows = Math.ceil((table.length + 400) / CELL);
  const cells: number[][] = Array.from({ length: cols * rows }, () => []);
  const reach = Math.hypot(hl, hw) + 8;
  placed.forEach((p, i) => {
    for (
      let cx = Math.floor((p.t.x - reach - x0) / CELL);
      cx <= Math.floor((p.t.x + reach - x0) / CELL);
      cx++
    )
      for (
        let cy = Math.floor((p.t.y - reach - y0) / CELL);
        cy <= Math.floor((p.t.y + reach - y0) / CELL);
        cy++
      )
        if (cx >= 0 && cy >= 0 && cx < cols && cy < rows) cells[cy * cols + cx]?.push(i);
  });
  const cellAt = (x: number, y: number): readonly number[] => {
    const cx = Math.floor((x - x0) / CELL);
    const cy = Math.floor((y - y0) / CELL);
    return cx >= 0 && cy >= 0 && cx < cols && cy < rows ? (cells[cy * cols + cx] as number[]) : [];
  };
  const shadowOfArms = (x: number, y: number, zz: number): number => {
    let k = 1;
    for (const q of arms) k *= primitiveShadow(q, x, y, zz);
    return k;
  };
  const out = new Uint8Array(width * height * 3);
  const hit = new Float64Array(8);
  const armColour = new Float64Array(3);
  const albedo = new Float64Array(3);
  const colour = [0, 0, 0];
  const n = [0, 0, 1];
  const d = [0, 0, 0];
  const { ox, oy, oz } = map;
  for (let pix = 0; pix < width * height; pix++) {
    const dx = map.dir[pix * 3] as number;
    const dy = map.dir[pix * 3 + 1] as number;
    const dz = map.dir[pix * 3 + 2] as number;
    d[0] = dx;
    d[1] = dy;
    d[2] = dz;
    const pixelAngle = map.pixelAngle[pix] as number;
    // The nearest arm or hand, with its coverage of the pixel.
    let armT = Infinity;
    let armCover = 0;
    for (const q of arms) {
      if (intersectPrimitive(q, ox, oy, oz, dx, dy, dz, pixelAngle, hit) && (hit[0] as number) < armT) {
        armT = hit[0] as number;
        armCover = hit[1] as number;
        shadePrimitive(q, hit, dx, dy, dz, lighting, 1, armColour);
      }
    }
    // The nearest tile: the slab test in each candidate tile's own frame.
    const tTop = (H - oz) / dz;
    const tFloor = -oz / dz;
    const topX = ox + tTop * dx;
    const topY = oy + tTop * dy;
    const floorX = ox + tFloor * dx;
    const floorY = oy + tFloor * dy;
    let best = Infinity;
    let bestTile = -1;
    let bestFace = 0; // 0 top, 1 side along u, 2 side along v
    let bestU = 0;
    let bestV = 0;
    const a = cellAt(topX, topY);
    const b = cellAt(floorX, floorY);
    for (let k = 0; k < a.length + (a === b ? 0 : b.length); k++) {
      const i = k < a.length ? (a[k] as number) : (b[k - a.length] as number);
      const p = placed[i] as Placed;
      const rx = ox - p.t.x;
      const ry = oy - p.t.y;
      const lu = rx * p.c + ry * p.s;
      const lv = -rx * p.s + ry * p.c;
      const du = dx * p.c + dy * p.s;
      const dv = -dx * p.s + dy * p.c;
      let tNear = tTop;
      let face = 0;
      let tFar = tFloor;
      const slab = (o: number, dd: number, h: number, f: number): boolean => {
        if (Math.abs(dd) < 1e-12) return Math.abs(o) <= h;
        let t1 = (-h - o) / dd;
        let t2 = (h - o) / dd;
        if (t1 > t2) [t1, t2] = [t2, t1];
        if (t1 > tNear) {
          tNear = t1;
          face = f;
        }
        if (t2 < tFar) tFar = t2;
        return tNear <= tFar;
      };
      if (!slab(lu, du, p.hl, 1) || !slab(lv, dv, p.hw, 2)) continue;
      if (tNear >= best) continue;
      const u = lu + tNear * du;
      const v = lv + tNear * dv;
      if (roundedDistance(p.hl, p.hw, u, v) > 0) continue;
      best = tNear;
      bestTile = i;
      bestFace = face;
      bestU = u;
      bestV = v;
    }
    if (bestTile >= 0) {
      const p = placed[bestTile] as Placed;
      const hx = ox + best * dx;
      const hy = oy + best * dy;
      const hz = oz + best * dz;
      const footprint = best * pixelAngle;
      // The normal: up on the face, tilting outwards over the rounded top edge; out on the sides.
      let nu = 0;
      let nv = 0;
      let nz = 1;
      const eu = p.hl - Math.abs(bestU);
      const ev = p.hw - Math.abs(bestV);
      if (bestFace === 1) [nu, nz] = [Math.sign(bestU), 0];
      else if (bestFace === 2) [nv, nz] = [Math.sign(bestV), 0];
      else {
        const e = -roundedDistance(p.hl, p.hw, bestU, bestV);
        if (e < BEVEL) {
          // A quarter-circle profile: the normal turns from up to straight out at the very edge.
          const tilt = Math.asin(1 - e / BEVEL);
          const gu = eu < ev ? Math.sign(bestU) : 0;
          const gv = eu < ev ? 0 : Math.sign(bestV);
          nu = gu * Math.sin(tilt);
          nv = gv * Math.sin(tilt);
          nz = Math.cos(tilt);
        }
      }
      n[0] = nu * p.c - nv * p.s;
      n[1] = nu * p.s + nv * p.c;
      n[2] = nz;
      // Sides near the cloth get less of the room's light (the cloth and the neighbours hide it).
      const occlusion = bestFace === 0 ? 1 : 0.55 + 0.45 * (hz / p.h);
      const light = irradiance(lighting, hx, hy, hz, n[0], n[1], n[2]) * occlusion * shadowOfArms(hx, hy, hz);
      const grain = 1 + 0.03 * (valueNoise(bestU * 0.7 + bestTile * 31, bestV * 0.7, scene.seed) - 0.5);
      const m = bestFace === 0 ? marking(p, bestU, bestV, footprint) : { pip: 0, line: 0 };
      // The glaze: the lamps' highlights on the face, and the lit room mirrored in the rounded edges
      // and sides (a glossy edge reflects more the more it turns away: Schlick's Fresnel term), which
      // outlines a black tile's face in grey.
      const fresnel = 0.04 + 0.96 * (1 - Math.abs(n[2] as number)) ** 5;
      const spec =
        (bestFace === 0 ? look.gloss * sheen(lighting, hx, hy, hz, n, d) : 0) +
        ROOM * fresnel * (1 - (n[2] as number) * 0.5) * shadowOfArms(hx, hy, hz);
      for (let ch = 0; ch < 3; ch++) {
        let al = (look.face[ch] as number) * grain;
        al += ((look.line[ch] as number) - al) * m.line;
        al += ((look.pip[ch] as number) - al) * m.pip;
        colour[ch] = al * light + spec;
      }
    } else {
      // The cloth (or the wooden surround outside the playing area), in the tiles' and arms' shadows.
      let shade = 1;
      for (const i of cellAt(floorX, floorY)) {
        const p = placed[i] as Placed;
        const rx = floorX - p.t.x;
        const ry = floorY - p.t.y;
        const sd = roundedDistance(p.hl, p.hw, rx * p.c + ry * p.s, -rx * p.s + ry * p.c);
        shade *= 1 - 0.55 * (1 - smoothstep(-1, 6, sd));
      }
      shade *= shadowOfArms(floorX, floorY, 0);
      const onTable = floorX >= 0 && floorY >= 0 && floorX <= table.width && floorY <= table.length;
      if (onTable) cloth.albedo(floorX, floorY, albedo);
      else wood.albedo(floorX + floorY, Math.min(Math.abs(floorX), Math.abs(floorY)), albedo);
      const light = irradiance(lighting, floorX, floorY, 0, 0, 0, 1) * shade;
      for (let ch = 0; ch < 3; ch++) colour[ch] = (albedo[ch] as number) * light;
    }
    if (armT < best && armCover > 0)
      for (let ch = 0; ch < 3; ch++)
        colour[ch] = armCover * (armColour[ch] as number) + (1 - armCover) * (colour[ch] as number);
    out[pix * 3] = encodeSrgb8(colour[0] as number);
    out[pix * 3 + 1] = encodeSrgb8(colour[1] as number);
    out[pix * 3 + 2] = encodeSrgb8(colour[2] as number);
  }
  const rng = makeRng(scene.seed ^ 0x51ce);
  const noise = scene.noise > 0 ? makeNoiseTable(scene.noise, NOISE_TABLE, () => rng.normal()) : undefined;
  const data = applyCamera(out, lightTable(scene.light), noise, rng.int(0, NOISE_TABLE));
  const frame: RgbImage = { width, height, data };
  const image = scene.jpeg === undefined ? frame : await jpegRoundTrip(frame, scene.jpeg);
  return { image, tiles: placed.map((p) => truthOf(calibration, p, arms)) };
};

/** Share of a half's face (a 5 × 5 grid of points on it) in the picture and not behind an arm. */
const visibleShare = (c: Calibration<Plane>, p: Placed, half: 0 | 1, arms: readonly Primitive[]): number => {
  const hit = new Float64Array(8);
  const { x: ox, y: oy, z: oz } = cameraCentre(c);
  let seen = 0;
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 5; j++) {
      const u = (half === 0 ? -p.hl : 0) + ((i + 0.5) / 5) * p.hl;
      const v = -p.hw + ((j + 0.5) / 5) * 2 * p.hw;
      const q = toTable(p, u, v);
      const px = project(c, { x: mm(q.x), y: mm(q.y), z: mm(p.h) });
      if (px.u < 0 || px.v < 0 || px.u > c.image.width - 1 || px.v > c.image.height - 1) continue;
      const dx = q.x - ox;
      const dy = q.y - oy;
      const dz = p.h - oz;
      const len = Math.hypot(dx, dy, dz);
      const hidden = arms.some(
        (a) =>
          intersectPrimitive(a, ox, oy, oz, dx / len, dy / len, dz / len, 1e-7, hit) &&
          (hit[0] as number) < len &&
          (hit[1] as number) > 0.5,
      );
      if (!hidden) seen++;
    }
  return seen / 25;
};

const round1 = (v: number): number => Math.round(v * 10) / 10;

const truthOf = (c: Calibration<Plane>, p: Placed, arms: readonly Primitive[]): TruthTile => {
  const first = toTable(p, -p.hl / 2, 0);
  const second = toTable(p, p.hl / 2, 0);
  const angle = p.t.faceDown
    ? ((p.t.angle % 180) + 180) % 180
    : ((((p.t.angle + 180) % 360) + 360) % 360) - 180;
  return {
    faceDown: p.t.faceDown,
    pips: [p.t.pips[0], p.t.pips[1]],
    x: p.t.x,
    y: p.t.y,
    angle: round1(angle),
    halves: [
      { pips: p.t.pips[0], x: first.x, y: first.y },
      { pips: p.t.pips[1], x: second.x, y: second.y },
    ],
    visible: [visibleShare(c, p, 0, arms), visibleShare(c, p, 1, arms)],
  };
};
