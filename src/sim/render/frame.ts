// The compositor: one frame from the static background and what moves over it. Each ball and occluder
// part claims the image tiles its bounding box (with its shadow) covers; only those tiles are redrawn,
// pixel by pixel, by following the pixel's ray into the balls, the occluders and the background, and
// averaging over the sub-samples of the exposure where something in the tile moves (motion blur).
import { project, type Calibration } from '../../camera/index.ts';
import type { BallId, BallSet } from '../../equipment/pieces.ts';
import type { RgbImage } from '../../core/image.ts';
import { mm } from '../../core/units.ts';
import { intersectSphere, shadeBall, HIT_SIZE, type BallLook } from './balls.ts';
import { ballAlbedo, encodeSrgb8, type Rgb } from './colour.ts';
import { preparedShadow, preparedShadowSize, prepareShadow, type Lighting } from './lights.ts';
import {
  intersectPrimitive,
  primitiveShadow,
  shadePrimitive,
  shadowReach,
  type Primitive,
} from './occluders.ts';
import type { RayMap } from './raymap.ts';
import { UPRIGHT, type Orientation } from '../orientation.ts';
import { ORIENTATION_SIZE, patternAlbedo, patternOf, writeOrientation, type BallPattern } from './pattern.ts';
import { receivesShadow, type Background, type StaticScene, type SurfaceCode } from './table.ts';

/** A ball as the renderer needs it: physics' BallSample fits. Potted balls are not drawn. */
export interface RenderBall {
  readonly id: BallId;
  /** Names the ball across the sub-samples of an exposure (e.g. `red7`); else its place in the list. */
  readonly track?: string;
  readonly x: number;
  readonly y: number;
  /** Height of the centre above the cloth, mm; a resting ball's radius when absent. */
  readonly z?: number;
  readonly state?: 'table' | 'falling' | 'potted';
  /** Which way up the ball is (src/sim/orientation.ts); shows only on a ball with marks. Upright when absent. */
  readonly q?: Orientation;
}

/** Everything that moves, at one instant of an exposure. */
export interface SubFrame {
  readonly balls: readonly RenderBall[];
  readonly occluders: readonly Primitive[];
}

export interface CompositorOptions {
  /** Tile edge, px: the unit in which the image is redrawn around what moves. */
  readonly tile: number;
  /** How far a ball's shadow is drawn, in (centre height + radius) beyond its radius; it fades out before. */
  readonly shadowReach: number;
  /** Most instants of an exposure at which shadows are worked out (they are soft; the balls use every sub-sample). */
  readonly shadowSamples: number;
}

export const DEFAULT_COMPOSITOR: CompositorOptions = { tile: 16, shadowReach: 1.1, shadowSamples: 4 };

export interface CompositorContext {
  readonly calibration: Calibration;
  readonly map: RayMap;
  readonly scene: StaticScene;
  readonly background: Background;
  readonly lighting: Lighting;
  readonly ballLook: BallLook;
  readonly options: CompositorOptions;
}

// One moving or still thing of the frame, with its state at each sub-sample.
interface Thing {
  readonly ball: boolean;
  readonly albedo: Rgb;
  readonly present: boolean[];
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  readonly cz: Float64Array;
  readonly parts: (Primitive | undefined)[];
  /** A ball with marks (pool's stripes and numbers): the marks, and its orientation at each sub-sample. */
  readonly pattern: BallPattern | undefined;
  readonly q: Float64Array | undefined;
  /** Balls: the shadow prepared at each sub-sample (prepareShadow), `shadowSize` numbers each. */
  shadow: Float64Array | undefined;
  moving: boolean;
  /**
   * Where a moving thing can be over the exposure: a capsule (a, b, radius; mm) holding it at every
   * sub-sample, and how far from that path, in plan, its shadow can fall. Pixels whose ray misses the
   * capsule and whose ground lies beyond the shadow's reach are the same at every instant.
   */
  sweep: Float64Array;
  /** Everything that decides how the thing looks in this frame, as text: equal text, equal pixels. */
  signature: string;
}

const gatherThings = (
  subframes: readonly SubFrame[],
  radius: number,
  balls: BallSet,
  lighting: Lighting,
  reachK: number,
): Thing[] => {
  const n = subframes.length;
  const byKey = new Map<string, Thing>();
  const things: Thing[] = [];
  const get = (key: string, ball: boolean, albedo: Rgb, pattern?: BallPattern): Thing => {
    let t = byKey.get(key);
    if (!t) {
      t = {
        ball,
        albedo,
        pattern,
        q: pattern ? new Float64Array(n * ORIENTATION_SIZE) : undefined,
        present: new Array<boolean>(n).fill(false),
        cx: new Float64Array(n),
        cy: new Float64Array(n),
        cz: new Float64Array(n),
        parts: new Array<Primitive | undefined>(n).fill(undefined),
        shadow: undefined,
        moving: false,
        sweep: new Float64Array(8),
        signature: '',
      };
      byKey.set(key, t);
      things.push(t);
    }
    return t;
  };
  subframes.forEach((f, k) => {
    f.balls.forEach((b, index) => {
      if (b.state === 'potted') return;
      const look = balls.look[b.id];
      const t = get(`ball:${b.track ?? `${b.id}#${index}`}`, true, ballAlbedo(look), patternOf(look));
      t.present[k] = true;
      t.cx[k] = b.x;
      t.cy[k] = b.y;
      t.cz[k] = b.z ?? radius;
      if (t.q) writeOrientation(b.q ?? UPRIGHT, t.q, k);
    });
    for (const q of f.occluders) {
      const t = get(`part:${q.key}`, false, q.albedo);
      t.present[k] = true;
      t.parts[k] = q;
    }
  });
  const size = preparedShadowSize(lighting);
  for (const [key, t] of byKey) {
    if (t.ball) {
      const shadow = new Float64Array(n * size);
      for (let k = 0; k < n; k++)
        if (t.present[k])
          prepareShadow(
            lighting,
            t.cx[k] as number,
            t.cy[k] as number,
            t.cz[k] as number,
            radius,
            shadow,
            k * size,
          );
      t.shadow = shadow;
    }
    t.signature = `${key}:${t.present.map((on, k) => (on ? describe(t, k) : '-')).join(';')}`;
  }
  for (const t of things) {
    for (let k = 1; k < n && !t.moving; k++) {
      t.moving =
        t.present[k] !== t.present[0] ||
        t.cx[k] !== t.cx[0] ||
        t.cy[k] !== t.cy[0] ||
        t.cz[k] !== t.cz[0] ||
        !samePart(t.parts[k], t.parts[0]);
    }
  }
  for (const t of things) if (t.moving) sweepOf(t, radius, reachK);
  return things;
};

/** Fill a moving thing's sweep (see Thing.sweep). */
const sweepOf = (t: Thing, radius: number, reachK: number): void => {
  const ks = t.present.flatMap((on, k) => (on ? [k] : []));
  const first = ks[0] ?? 0;
  const last = ks.at(-1) ?? 0;
  const w = t.sweep;
  if (t.ball) {
    w[0] = t.cx[first] as number;
    w[1] = t.cy[first] as number;
    w[2] = t.cz[first] as number;
    w[3] = t.cx[last] as number;
    w[4] = t.cy[last] as number;
    w[5] = t.cz[last] as number;
    // The path may bend (a collision within the exposure): widen the capsule to hold every instant.
    let off = 0;
    let top = -Infinity;
    for (const k of ks) {
      off = Math.max(off, distanceToSegment3(w, t.cx[k] as number, t.cy[k] as number, t.cz[k] as number));
      top = Math.max(top, t.cz[k] as number);
    }
    w[6] = radius + off;
    w[7] = radius + off + reachK * Math.max(0, top + radius);
    return;
  }
  // An occluder's part: a sphere round all its positions (parts move rarely: the cue at the strike).
  let cx = 0;
  let cy = 0;
  let cz = 0;
  const parts = ks.map((k) => t.parts[k] as Primitive);
  for (const q of parts) {
    cx += (q.ax + q.bx) / 2 / parts.length;
    cy += (q.ay + q.by) / 2 / parts.length;
    cz += (q.az + q.bz) / 2 / parts.length;
  }
  let r = 0;
  let reach = 0;
  for (const q of parts) {
    r = Math.max(
      r,
      Math.hypot(q.ax - cx, q.ay - cy, q.az - cz) + q.r,
      Math.hypot(q.bx - cx, q.by - cy, q.bz - cz) + q.r,
    );
    reach = Math.max(reach, shadowReach(q));
  }
  w.set([cx, cy, cz, cx, cy, cz, r, r + reach]);
};

/** Distance from a point to the segment w[0..2]–w[3..5]. */
const distanceToSegment3 = (w: Float64Array, px: number, py: number, pz: number): number => {
  const ex = (w[3] as number) - (w[0] as number);
  const ey = (w[4] as number) - (w[1] as number);
  const ez = (w[5] as number) - (w[2] as number);
  const l2 = ex * ex + ey * ey + ez * ez;
  let f =
    l2 > 0
      ? ((px - (w[0] as number)) * ex + (py - (w[1] as number)) * ey + (pz - (w[2] as number)) * ez) / l2
      : 0;
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  return Math.hypot(
    px - (w[0] as number) - f * ex,
    py - (w[1] as number) - f * ey,
    pz - (w[2] as number) - f * ez,
  );
};

/**
 * Can a moving thing touch this pixel at some instant of the exposure: does the pixel's ray pass
 * within its sweep (a pixel's width to spare), or its ground point within its shadow's reach?
 */
const touches = (
  w: Float64Array,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  slack: number,
  gx: number,
  gy: number,
  shadowed: boolean,
): boolean => {
  const ax = w[0] as number;
  const ay = w[1] as number;
  const az = w[2] as number;
  const ex = (w[3] as number) - ax;
  const ey = (w[4] as number) - ay;
  const ez = (w[5] as number) - az;
  // Closest approach of the ray's line to the segment (as in the capsule intersection).
  const wx = ox - ax;
  const wy = oy - ay;
  const wz = oz - az;
  const b = dx * ex + dy * ey + dz * ez;
  const c = ex * ex + ey * ey + ez * ez;
  const dw = dx * wx + dy * wy + dz * wz;
  const ew = ex * wx + ey * wy + ez * wz;
  const denom = c - b * b;
  let s = denom > 1e-9 * c ? (ew - b * dw) / denom : 0;
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  const t = s * b - dw;
  const mx = ox + t * dx - (ax + s * ex);
  const my = oy + t * dy - (ay + s * ey);
  const mz = oz + t * dz - (az + s * ez);
  const r = (w[6] as number) + slack;
  if (mx * mx + my * my + mz * mz < r * r) return true;
  if (!shadowed) return false;
  const l2 = ex * ex + ey * ey;
  let f = l2 > 0 ? ((gx - ax) * ex + (gy - ay) * ey) / l2 : 0;
  f = f < 0 ? 0 : f > 1 ? 1 : f;
  const px = gx - ax - f * ex;
  const py = gy - ay - f * ey;
  const reach = w[7] as number;
  return px * px + py * py < reach * reach;
};

const describe = (t: Thing, k: number): string => {
  const q = t.parts[k];
  return q
    ? `${q.ax},${q.ay},${q.az},${q.bx},${q.by},${q.bz},${q.r},${q.rx},${q.ry},${q.rz},${q.yaw},${q.albedo.join(',')},${q.gloss}`
    : t.q
      ? `${t.cx[k]},${t.cy[k]},${t.cz[k]},${t.albedo.join(',')},${t.q.subarray(k * ORIENTATION_SIZE, (k + 1) * ORIENTATION_SIZE).join(',')}`
      : `${t.cx[k]},${t.cy[k]},${t.cz[k]},${t.albedo.join(',')}`;
};

const samePart = (a: Primitive | undefined, b: Primitive | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.ax === b.ax &&
    a.ay === b.ay &&
    a.az === b.az &&
    a.bx === b.bx &&
    a.by === b.by &&
    a.bz === b.bz &&
    a.yaw === b.yaw);

/** The pixel box [u0, v0, u1, v1] (inclusive) a thing and its shadow can touch over the exposure, or undefined if none. */
const pixelBox = (ctx: CompositorContext, t: Thing, radius: number): readonly number[] | undefined => {
  let x0 = Infinity;
  let y0 = Infinity;
  let z0 = 0;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let z1 = 0;
  t.present.forEach((on, k) => {
    if (!on) return;
    const q = t.parts[k];
    if (t.ball) {
      const cz = t.cz[k] as number;
      const reach = radius + ctx.options.shadowReach * Math.max(0, cz + radius);
      x0 = Math.min(x0, (t.cx[k] as number) - reach);
      x1 = Math.max(x1, (t.cx[k] as number) + reach);
      y0 = Math.min(y0, (t.cy[k] as number) - reach);
      y1 = Math.max(y1, (t.cy[k] as number) + reach);
      z0 = Math.min(z0, cz - radius);
      z1 = Math.max(z1, cz + radius);
    } else if (q) {
      const reach = q.r + shadowReach(q);
      x0 = Math.min(x0, q.ax - reach, q.bx - reach);
      x1 = Math.max(x1, q.ax + reach, q.bx + reach);
      y0 = Math.min(y0, q.ay - reach, q.by - reach);
      y1 = Math.max(y1, q.ay + reach, q.by + reach);
      z1 = Math.max(z1, q.az + q.r, q.bz + q.r);
    }
  });
  if (!(x0 <= x1)) return undefined;
  // Corners and edge midpoints: the lens bends straight edges, so corners alone could fall short.
  let u0 = Infinity;
  let v0 = Infinity;
  let u1 = -Infinity;
  let v1 = -Infinity;
  for (const x of [x0, (x0 + x1) / 2, x1]) {
    for (const y of [y0, (y0 + y1) / 2, y1]) {
      for (const z of [z0, z1]) {
        const p = project(ctx.calibration, { x: mm(x), y: mm(y), z: mm(z) });
        u0 = Math.min(u0, p.u);
        u1 = Math.max(u1, p.u);
        v0 = Math.min(v0, p.v);
        v1 = Math.max(v1, p.v);
      }
    }
  }
  const margin = 2;
  const { width, height } = ctx.map;
  const box = [
    Math.max(0, Math.floor(u0) - margin),
    Math.max(0, Math.floor(v0) - margin),
    Math.min(width - 1, Math.ceil(u1) + margin),
    Math.min(height - 1, Math.ceil(v1) + margin),
  ];
  if (!((box[0] as number) <= (box[2] as number) && (box[1] as number) <= (box[3] as number)))
    return undefined;
  return box;
};

/**
 * The frame being drawn, kept from one frame to the next with what each tile held: a tile whose
 * things are the same as last time (same signatures, same number of sub-samples) is left as it is,
 * one that has been vacated is restored from the background, the rest are drawn. Frames come out the
 * same as when drawn from scratch; only the work where nothing changed (a pack of reds at rest) is saved.
 */
export interface TileCache {
  signatures: Map<number, string>;
  image: Uint8Array | undefined;
}

export const emptyTileCache = (): TileCache => ({ signatures: new Map(), image: undefined });

/**
 * Draw a frame, before the camera's effects: the background, with everything in `subframes` (one per
 * sub-sample of the exposure) over it. Returns the cache's image: valid until the next call with
 * the same cache, so copy what must be kept.
 */
export const composeFrame = (
  ctx: CompositorContext,
  subframes: readonly SubFrame[],
  cache: TileCache,
): RgbImage => {
  const { map, background: bg, scene } = ctx;
  const { width, height } = map;
  const data = cache.image ?? bg.srgb.slice();
  const previous = cache.image ? cache.signatures : new Map<number, string>();
  const n = subframes.length;
  const radius = scene.table.ballRadius;
  const things = gatherThings(subframes, radius, scene.table.balls, ctx.lighting, ctx.options.shadowReach);
  const T = ctx.options.tile;
  const tw = Math.ceil(width / T);
  const tiles = new Map<number, number[]>();
  things.forEach((t, index) => {
    const box = pixelBox(ctx, t, radius);
    if (!box) return;
    const [u0, v0, u1, v1] = box as [number, number, number, number];
    for (let ty = Math.floor(v0 / T); ty <= Math.floor(v1 / T); ty++) {
      for (let tx = Math.floor(u0 / T); tx <= Math.floor(u1 / T); tx++) {
        const key = ty * tw + tx;
        const list = tiles.get(key);
        if (list) list.push(index);
        else tiles.set(key, [index]);
      }
    }
  });
  const rows = (key: number, each: (from: number, to: number) => void): void => {
    const tx = key % tw;
    const ty = Math.floor(key / tw);
    const uEnd = Math.min(width, (tx + 1) * T);
    const vEnd = Math.min(height, (ty + 1) * T);
    for (let v = ty * T; v < vEnd; v++) each(v * width + tx * T, v * width + uEnd);
  };
  for (const key of previous.keys()) {
    if (!tiles.has(key)) rows(key, (from, to) => data.set(bg.srgb.subarray(from * 3, to * 3), from * 3));
  }
  const pixel = makePixelShader(ctx, things);
  const signatures = new Map<number, string>();
  for (const [key, list] of tiles) {
    const samples = list.some((i) => (things[i] as Thing).moving) ? n : 1;
    const signature = `${samples}|${list.map((i) => (things[i] as Thing).signature).join('|')}`;
    signatures.set(key, signature);
    if (previous.get(key) === signature) continue;
    rows(key, (from, to) => {
      for (let i = from; i < to; i++) pixel(i, list, samples, data);
    });
  }
  cache.signatures = signatures;
  cache.image = data;
  return { width, height, data };
};

type PixelShader = (i: number, list: readonly number[], samples: number, data: Uint8Array) => void;

const makePixelShader = (ctx: CompositorContext, things: readonly Thing[]): PixelShader => {
  const { map, background: bg, scene, lighting, ballLook } = ctx;
  const radius = scene.table.ballRadius;
  const cloth = scene.cloth.base;
  const reachK = ctx.options.shadowReach;
  const shadowSize = preparedShadowSize(lighting);
  const shadowSamples = Math.max(1, ctx.options.shadowSamples);
  const ox = map.ox;
  const oy = map.oy;
  const oz = map.oz;
  let front = new Float64Array(HIT_SIZE);
  let second = new Float64Array(HIT_SIZE);
  let probe = new Float64Array(HIT_SIZE);
  const colour = new Float64Array(3);
  const marked: [number, number, number] = [0, 0, 0];
  const behind = new Float64Array(3);
  const ground = new Float64Array(3);

  // Light reaching a point (on the background or on a ball) past the other things of the tile.
  const visibility = (
    list: readonly number[],
    k: number,
    px: number,
    py: number,
    pz: number,
    skip: number,
    balls: boolean,
  ): number => {
    let vis = 1;
    for (const index of list) {
      if (index === skip) continue;
      const t = things[index] as Thing;
      if (!t.present[k]) continue;
      if (t.ball) {
        if (!balls) continue;
        const cx = t.cx[k] as number;
        const cy = t.cy[k] as number;
        const cz = t.cz[k] as number;
        const reach = radius + reachK * Math.max(0, cz + radius);
        const dx = px - cx;
        const dy = py - cy;
        const d2 = dx * dx + dy * dy;
        if (d2 >= reach * reach) continue;
        const s = preparedShadow(
          lighting,
          t.shadow as Float64Array,
          k * shadowSize,
          px,
          py,
          pz,
          cx,
          cy,
          cz,
          radius,
        );
        // Fade the shadow's faint outer tail to nothing at the edge of the ball's footprint.
        const f = Math.min(1, Math.max(0, (reach - Math.sqrt(d2)) / (0.35 * reach)));
        vis *= 1 - (1 - s) * f;
      } else {
        const q = t.parts[k];
        if (q) vis *= primitiveShadow(q, px, py, pz);
      }
    }
    return vis;
  };

  const shade = (
    index: number,
    hit: Float64Array,
    k: number,
    list: readonly number[],
    dx: number,
    dy: number,
    dz: number,
    out: Float64Array,
  ): void => {
    const t = things[index] as Thing;
    // Light on the thing itself: shadows of the occluders above it; a ball sinking into a pocket darkens.
    let light = visibility(list, k, hit[2] as number, hit[3] as number, hit[4] as number, index, false);
    if (t.ball) {
      const cz = t.cz[k] as number;
      if (cz < radius) light *= Math.max(0.04, (cz + radius) / (2 * radius));
      const albedo =
        t.pattern && t.q
          ? patternAlbedo(
              t.pattern,
              t.q,
              k * ORIENTATION_SIZE,
              hit[5] as number,
              hit[6] as number,
              hit[7] as number,
              marked,
            )
          : t.albedo;
      shadeBall(hit, dx, dy, dz, albedo, lighting, ballLook, cloth, light, out);
    } else {
      shadePrimitive(t.parts[k] as Primitive, hit, dx, dy, dz, lighting, light, out);
    }
  };

  return (i, list, tileSamples, data) => {
    let samples = tileSamples;
    const dx = map.dir[i * 3] as number;
    const dy = map.dir[i * 3 + 1] as number;
    const dz = map.dir[i * 3 + 2] as number;
    const pa = map.pixelAngle[i] as number;
    const depth = bg.depth[i] as number;
    const shadowed = receivesShadow(bg.surface[i] as SurfaceCode);
    const gx = ox + depth * dx;
    const gy = oy + depth * dy;
    const gz = oz + depth * dz;
    // A pixel no moving thing can reach over the exposure looks the same at every instant: draw it once.
    if (samples > 1) {
      const slack = pa * depth;
      let touched = false;
      for (const index of list) {
        const t = things[index] as Thing;
        if (t.moving && touches(t.sweep, ox, oy, oz, dx, dy, dz, slack, gx, gy, shadowed)) {
          touched = true;
          break;
        }
      }
      if (!touched) samples = 1;
    }
    let r = 0;
    let g = 0;
    let b = 0;
    const stride = Math.ceil(samples / shadowSamples);
    let groundBlock = -1;
    for (let s = 0; s < samples; s++) {
      const k = samples === 1 ? 0 : s;
      let fi = -1;
      let si = -1;
      front[0] = Infinity;
      second[0] = Infinity;
      for (const index of list) {
        const t = things[index] as Thing;
        if (!t.present[k]) continue;
        const ok = t.ball
          ? intersectSphere(
              ox,
              oy,
              oz,
              dx,
              dy,
              dz,
              t.cx[k] as number,
              t.cy[k] as number,
              t.cz[k] as number,
              radius,
              pa,
              probe,
            )
          : intersectPrimitive(t.parts[k] as Primitive, ox, oy, oz, dx, dy, dz, pa, probe);
        // Hidden behind the table (a ball dropping below a rail, into a pocket): not seen.
        if (!ok || (probe[0] as number) > depth) continue;
        if ((probe[0] as number) < (front[0] as number)) {
          const spare = second;
          second = front;
          si = fi;
          front = probe;
          fi = index;
          probe = spare;
        } else if ((probe[0] as number) < (second[0] as number)) {
          const spare = second;
          second = probe;
          si = index;
          probe = spare;
        }
      }
      const fa = fi < 0 ? 0 : (front[1] as number);
      const sa = si < 0 ? 0 : (second[1] as number);
      if (fa < 1 && (si < 0 || sa < 1)) {
        // Shadows are soft: over a long exposure they are taken at fewer instants than the balls.
        const block = Math.floor(s / stride);
        if (block !== groundBlock) {
          groundBlock = block;
          const kk = samples === 1 ? 0 : Math.min(samples - 1, block * stride + (stride >> 1));
          const vis = shadowed ? visibility(list, kk, gx, gy, gz, -1, true) : 1;
          ground[0] = (bg.linear[i * 3] as number) * vis;
          ground[1] = (bg.linear[i * 3 + 1] as number) * vis;
          ground[2] = (bg.linear[i * 3 + 2] as number) * vis;
        }
      }
      if (fi < 0) {
        r += ground[0] as number;
        g += ground[1] as number;
        b += ground[2] as number;
        continue;
      }
      shade(fi, front, k, list, dx, dy, dz, colour);
      if (fa < 1) {
        if (si >= 0) {
          shade(si, second, k, list, dx, dy, dz, behind);
          for (let c = 0; c < 3; c++)
            behind[c] = (behind[c] as number) * sa + (ground[c] as number) * (1 - sa);
        } else {
          behind.set(ground);
        }
        for (let c = 0; c < 3; c++) colour[c] = (colour[c] as number) * fa + (behind[c] as number) * (1 - fa);
      }
      r += colour[0] as number;
      g += colour[1] as number;
      b += colour[2] as number;
    }
    data[i * 3] = encodeSrgb8(r / samples);
    data[i * 3 + 1] = encodeSrgb8(g / samples);
    data[i * 3 + 2] = encodeSrgb8(b / samples);
  };
};
