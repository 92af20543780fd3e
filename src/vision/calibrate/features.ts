// What the picture shows of the bed, found where the current camera says to look: the cushion noses
// and where the cloth meets the shaded cushion faces below them, the baulk line and the D, the spots.
// Each found feature is tied to the 3-D point of the table model it is the image of, so that fit.ts
// can move the camera until the model lies on the picture.
//
// Seen from above, going out from the bed across a cushion: bright cloth, then a dark band (the face
// of the cushion under its nose, out of the lamps' reach), then the cushion top. The cloth→dark edge
// is the line x = 0 (or y = 0 …) on the cloth, z = 0; the dark→cushion edge is the nose itself, at the
// nose's height (table.cushionNoseHeight). The band is a few millimetres of parallax wide: using both
// edges fixes the camera's height, and with it the focal length, which a flat picture alone cannot.
import type { Calibration } from '../../camera/index.ts';
import { project } from '../../camera/index.ts';
import { colourAt, type Rgb, type RgbImage } from '../../core/image.ts';
import { cushionAcross, type Table } from '../../equipment/index.ts';
import { mm } from '../../core/units.ts';

/** A point of the table model, mm (z up from the cloth). */
export interface ModelPoint {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export type FeatureKind = 'nose' | 'clothEdge' | 'line' | 'arc' | 'spot';

/**
 * A found feature: the pixel where the picture shows the model point `at`. Edges and lines are found
 * only across their direction, so their residual is measured along `normal` (a unit image direction);
 * a spot is found in both directions.
 */
export interface Feature {
  readonly kind: FeatureKind;
  readonly at: ModelPoint;
  readonly u: number;
  readonly v: number;
  readonly normal?: { readonly u: number; readonly v: number };
  /** For a cushion's nose or the cloth's edge under it: which of the table's cushions (its index). */
  readonly cushion?: number;
}

export interface FeatureOptions {
  /** How far either side of where the camera puts a feature to look for it, px. */
  readonly window: number;
  /** Spacing of the samples along the cushions, the baulk line and the D, mm. */
  readonly spacing: number;
  /** Distance kept from the knuckles (where the pockets' jaws begin), mm. */
  readonly knuckleMargin: number;
  /** Step along a profile, px. */
  readonly step: number;
  /** Least edge strength (change of r+g+b per px) as a share of the cloth's brightness. */
  readonly minEdge: number;
  /** Least ridge height of a marking line above the cloth beside it, as a share of the cloth's brightness. */
  readonly minRidge: number;
  /**
   * Where the nose may be found beyond the cloth's edge, as multiples of the band the camera predicts
   * (plus `bandSlackPx`).
   */
  readonly band: readonly [number, number];
  readonly bandSlackPx: number;
  /**
   * Look for the nose of a cushion seen nearly edge-on too (the camera about over it, under a tilt:
   * its face too thin to tell from its nose), by the one rise from the cloth to the cushion top. Off
   * by default: the knocked-camera check was measured without it.
   */
  readonly edgeOnNoses: boolean;
  /**
   * Least brightness just beyond a rise, as a share of the cloth's, for the rise to be a nose: the
   * cushion top is cloth; a rise from a pocket's shadow into a dark rail or a box is not a nose.
   */
  readonly minTopShare: number;
  /**
   * Most difference (L1, of r, g, b each as a share of r + g + b) between the colour just beyond a
   * rise and the cloth's for the rise to be a nose, where the cloth's colour is given: the cushion top
   * is cloth; a rail's wood grain, as bright, is not (an end cushion seen from beyond it through a
   * long lens, tilted 20°, its top lit as the cloth and showing no nose: the grain of the rail 30 px
   * out was taken for it along 60 of its 103 profiles, and the fit put the balls 32 mm off).
   */
  readonly maxTopChromaShift: number;
}

export const DEFAULT_FEATURES: FeatureOptions = {
  window: 8,
  spacing: 15,
  knuckleMargin: 60,
  step: 0.5,
  minEdge: 0.06,
  minRidge: 0.12,
  band: [0.8, 1.2],
  bandSlackPx: 2,
  edgeOnNoses: false,
  minTopShare: 0.55,
  maxTopChromaShift: 0.2,
};

/** L1 distance between the chromaticities (each channel's share of r + g + b) of two colours. */
const chromaShift = (a: Rgb, b: Rgb): number => {
  const sa = a[0] + a[1] + a[2] || 1;
  const sb = b[0] + b[1] + b[2] || 1;
  return Math.abs(a[0] / sa - b[0] / sb) + Math.abs(a[1] / sa - b[1] / sb) + Math.abs(a[2] / sa - b[2] / sb);
};

/** r + g + b at (u, v), bilinear, 0 outside the image. */
const brightness = (img: RgbImage, u: number, v: number): number => {
  const w = img.width;
  const h = img.height;
  if (!(u >= 0 && v >= 0 && u <= w - 1 && v <= h - 1)) return 0;
  const u0 = Math.min(w - 2, Math.floor(u));
  const v0 = Math.min(h - 2, Math.floor(v));
  const fu = u - u0;
  const fv = v - v0;
  const d = img.data;
  const at = (x: number, y: number): number => {
    const i = (y * w + x) * 3;
    return (d[i] as number) + (d[i + 1] as number) + (d[i + 2] as number);
  };
  return (
    (at(u0, v0) * (1 - fu) + at(u0 + 1, v0) * fu) * (1 - fv) +
    (at(u0, v0 + 1) * (1 - fu) + at(u0 + 1, v0 + 1) * fu) * fv
  );
};

export const inside = (img: RgbImage, u: number, v: number, margin: number): boolean =>
  u >= margin && v >= margin && u <= img.width - 1 - margin && v <= img.height - 1 - margin;

/**
 * Brightness along a profile through (u, v) in direction (du, dv), from −window to +window px, each
 * sample the mean of three taps across the profile (1 px apart) against the noise.
 */
export const profile = (
  img: RgbImage,
  u: number,
  v: number,
  du: number,
  dv: number,
  window: number,
  step: number,
): Float64Array => {
  const n = Math.round((2 * window) / step) + 1;
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const t = -window + k * step;
    const pu = u + t * du;
    const pv = v + t * dv;
    out[k] =
      (brightness(img, pu, pv) + brightness(img, pu - dv, pv + du) + brightness(img, pu + dv, pv - du)) / 3;
  }
  return out;
};

/** Sub-sample position of an extremum at index k of `a` (parabola through k − 1, k, k + 1). */
const refine = (a: Float64Array, k: number): number => {
  const l = a[k - 1] as number;
  const c = a[k] as number;
  const r = a[k + 1] as number;
  const den = l - 2 * c + r;
  return den === 0 ? k : k + Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / den));
};

/** Unit image direction in which table point p moves when it moves along table direction (dx, dy). */
const imageDirection = (
  c: Calibration<Table>,
  p: ModelPoint,
  dx: number,
  dy: number,
): { u: number; v: number } => {
  const a = project(c, { x: mm(p.x), y: mm(p.y), z: mm(p.z) });
  const b = project(c, { x: mm(p.x + 5 * dx), y: mm(p.y + 5 * dy), z: mm(p.z) });
  const len = Math.hypot(b.u - a.u, b.v - a.v);
  return { u: (b.u - a.u) / len, v: (b.v - a.v) / len };
};

/**
 * Unit image normal, at table point p, of the image of a line along table direction (tx, ty): the
 * image of the line's tangent turned a quarter, pointing the way table direction (nx, ny) goes. Not
 * simply the image of (nx, ny): perspective and the lens shear the two apart away from the middle.
 */
export const lineNormal = (
  c: Calibration<Table>,
  p: ModelPoint,
  tx: number,
  ty: number,
  nx: number,
  ny: number,
): { u: number; v: number } => {
  const t = imageDirection(c, p, tx, ty);
  const across = imageDirection(c, p, nx, ny);
  const sign = -t.v * across.u + t.u * across.v >= 0 ? 1 : -1;
  return { u: -t.v * sign, v: t.u * sign };
};

const pixelOf = (c: Calibration<Table>, p: ModelPoint): { u: number; v: number } =>
  project(c, { x: mm(p.x), y: mm(p.y), z: mm(p.z) });

/** Features found along the cushions, and how many edges were looked for. */
export interface CushionEdges {
  readonly features: Feature[];
  /** Two a profile across a far cushion (the cloth's edge and the nose), one across a near one. */
  readonly edges: number;
  /**
   * Profiles across each of the table's cushions (in `t.cushions` order) that should show its nose:
   * every one along it, in the picture or not, but those with too little parallax to tell the edges.
   */
  readonly profiles: readonly number[];
}

/**
 * Where along the profile through `p` (direction `dir`, ±`reach` px) the brightness rises onto a
 * cushion top: the strongest rise within the window, px from `p`, whose far side is at least
 * `minTop` bright and, where `cloth` is given, of the cloth's colour; undefined where there is none.
 */
const noseRise = (
  img: RgbImage,
  p: { readonly u: number; readonly v: number },
  dir: { readonly u: number; readonly v: number },
  reach: number,
  minEdge: number,
  minTop: number,
  cloth: Rgb | undefined,
  o: FeatureOptions,
): number | undefined => {
  const prof = profile(img, p.u, p.v, dir.u, dir.v, reach, o.step);
  const n = prof.length;
  const h = Math.round(1 / o.step);
  const grad = new Float64Array(n);
  for (let k = h; k < n - h; k++) grad[k] = ((prof[k + h] as number) - (prof[k - h] as number)) / 2;
  const centre = Math.round(reach / o.step);
  const w = Math.round(o.window / o.step);
  let best = minEdge;
  let at = -1;
  for (let k = Math.max(h + 1, centre - w); k <= Math.min(n - h - 2, centre + w); k++) {
    const g = grad[k] as number;
    // The top is read 2 px beyond the rise: clear of its blur, within the profile's 2 px margin.
    const far = Math.min(n - 1, k + 2 * h);
    const beyond = prof[far] as number;
    if (g > best && g >= (grad[k - 1] as number) && g >= (grad[k + 1] as number) && beyond >= minTop) {
      const t = (far - centre) * o.step;
      const top = cloth && colourAt(img, p.u + t * dir.u, p.v + t * dir.v);
      if (top && cloth && chromaShift(top, cloth) > o.maxTopChromaShift) continue;
      best = g;
      at = k;
    }
  }
  return at < 0 ? undefined : (refine(grad, at) - centre) * o.step;
};

/**
 * The cushions: along each nose, profiles across it, outwards. On each, the pair of edges that best
 * fits the model (a fall from cloth to the dark face, then a rise to the cushion top about as far
 * beyond as the camera puts the nose beyond the cloth's edge).
 */
export const findCushionEdges = (
  img: RgbImage,
  c: Calibration<Table>,
  clothBrightness: number,
  o: FeatureOptions = DEFAULT_FEATURES,
  /** The cloth's colour: where given, a nose found by its rise alone must rise onto it. */
  cloth?: Rgb,
): CushionEdges => {
  const t = c.table;
  const nose = t.cushionNoseHeight;
  const found: Feature[] = [];
  let edges = 0;
  const profiles = t.cushions.map(() => 0);
  const minEdge = o.minEdge * clothBrightness;
  for (const [cushion, seg] of t.cushions.entries()) {
    // Outward normal: away from the middle of the bed.
    const { ex, ey, len, nx, ny } = cushionAcross(t, seg);
    const count = Math.floor((len - 2 * o.knuckleMargin) / o.spacing);
    for (let i = 0; i <= count; i++) {
      const s = (o.knuckleMargin + i * o.spacing) / len;
      const x = seg.a.x + s * ex;
      const y = seg.a.y + s * ey;
      const top: ModelPoint = { x, y, z: nose };
      const bed: ModelPoint = { x, y, z: 0 };
      const pTop = pixelOf(c, top);
      const pBed = pixelOf(c, bed);
      const dir = lineNormal(c, top, ex / len, ey / len, nx, ny);
      // The band's predicted width along the profile: where the nose stands beyond the cloth's edge.
      const band = (pTop.u - pBed.u) * dir.u + (pTop.v - pBed.v) * dir.v;
      if (band < -1.5 || (o.edgeOnNoses && band <= 1.5)) {
        // A cushion on the camera's side of the bed (its nose hides its face), or one seen edge-on
        // (its face too thin to tell): what shows is the cloth up to the nose, then the cushion top,
        // brighter: one rise.
        profiles[cushion] = (profiles[cushion] ?? 0) + 1;
        const reachN = o.window + 2;
        if (
          !inside(img, pTop.u - reachN * dir.u, pTop.v - reachN * dir.v, 2) ||
          !inside(img, pTop.u + reachN * dir.u, pTop.v + reachN * dir.v, 2)
        )
          continue;
        edges++;
        const t = noseRise(img, pTop, dir, reachN, minEdge, o.minTopShare * clothBrightness, cloth, o);
        if (t === undefined) continue;
        found.push({
          kind: 'nose',
          at: top,
          u: pTop.u + t * dir.u,
          v: pTop.v + t * dir.v,
          normal: { u: dir.u, v: dir.v },
          cushion,
        });
        continue;
      }
      if (!(band > 1.5)) continue; // too little parallax here to tell the two edges apart
      profiles[cushion] = (profiles[cushion] ?? 0) + 1;
      const cu = pBed.u;
      const cv = pBed.v;
      const reach = o.window + o.band[1] * band + o.bandSlackPx + 2;
      if (
        !inside(img, cu - reach * dir.u, cv - reach * dir.v, 2) ||
        !inside(img, cu + reach * dir.u, cv + reach * dir.v, 2)
      )
        continue;
      edges += 2;
      const prof = profile(img, cu, cv, dir.u, dir.v, reach, o.step);
      const n = prof.length;
      const grad = new Float64Array(n);
      const h = Math.round(1 / o.step); // central difference over ±1 px
      for (let k = h; k < n - h; k++) grad[k] = ((prof[k + h] as number) - (prof[k - h] as number)) / 2;
      // The fall must lie within the window round the predicted cloth edge; the rise band ± 2 px beyond it.
      const offset = Math.round(reach / o.step);
      const w = Math.round(o.window / o.step);
      let best = 0;
      let fall = -1;
      let rise = -1;
      for (let k = Math.max(h + 1, offset - w); k <= Math.min(n - h - 2, offset + w); k++) {
        const g1 = -(grad[k] as number);
        if (g1 < minEdge) continue;
        const lo = k + Math.max(1, Math.round((o.band[0] * band - o.bandSlackPx) / o.step));
        const hi = Math.min(n - h - 2, k + Math.round((o.band[1] * band + o.bandSlackPx) / o.step));
        for (let j = lo; j <= hi; j++) {
          const g2 = grad[j] as number;
          if (g2 < minEdge) continue;
          if (g1 + g2 > best && g1 >= -(grad[k - 1] as number) && g1 >= -(grad[k + 1] as number)) {
            if (g2 >= (grad[j - 1] as number) && g2 >= (grad[j + 1] as number)) {
              best = g1 + g2;
              fall = k;
              rise = j;
            }
          }
        }
      }
      if (fall < 0) continue;
      const negGrad = grad.map((g) => -g);
      const tFall = (refine(negGrad, fall) - offset) * o.step;
      const tRise = (refine(grad, rise) - offset) * o.step;
      const normal = { u: dir.u, v: dir.v };
      found.push({
        kind: 'clothEdge',
        at: bed,
        u: cu + tFall * dir.u,
        v: cv + tFall * dir.v,
        normal,
        cushion,
      });
      found.push({ kind: 'nose', at: top, u: cu + tRise * dir.u, v: cv + tRise * dir.v, normal, cushion });
    }
  }
  return { features: found, edges, profiles };
};

/** A thin light line crossing a profile: its sub-sample centre, or undefined if there is none. */
const findRidge = (
  prof: Float64Array,
  centre: number,
  w: number,
  side: number,
  minRidge: number,
): number | undefined => {
  const n = prof.length;
  const ridge = new Float64Array(n);
  for (let k = side; k < n - side; k++)
    ridge[k] = (prof[k] as number) - ((prof[k - side] as number) + (prof[k + side] as number)) / 2;
  let best = minRidge;
  let at = -1;
  for (let k = Math.max(side + 1, centre - w); k <= Math.min(n - side - 2, centre + w); k++) {
    const r = ridge[k] as number;
    if (r > best && r >= (ridge[k - 1] as number) && r >= (ridge[k + 1] as number)) {
      best = r;
      at = k;
    }
  }
  return at < 0 ? undefined : refine(ridge, at);
};

/** Profiles across a marking line through the given model points (on the cloth), the line running along `along(p)`. */
const findLine = (
  img: RgbImage,
  c: Calibration<Table>,
  kind: FeatureKind,
  points: readonly ModelPoint[],
  along: (p: ModelPoint) => { x: number; y: number },
  clothBrightness: number,
  o: FeatureOptions,
): Feature[] => {
  const found: Feature[] = [];
  // The line's neighbours are read 3 px either side: clear of a line a couple of pixels wide.
  const side = Math.round(3 / o.step);
  const reach = o.window + 4;
  for (const p of points) {
    const q = pixelOf(c, p);
    const a = along(p);
    const dir = lineNormal(c, p, a.x, a.y, -a.y, a.x);
    if (
      !inside(img, q.u - reach * dir.u, q.v - reach * dir.v, 2) ||
      !inside(img, q.u + reach * dir.u, q.v + reach * dir.v, 2)
    )
      continue;
    const prof = profile(img, q.u, q.v, dir.u, dir.v, reach, o.step);
    const centre = Math.round(reach / o.step);
    const k = findRidge(prof, centre, Math.round(o.window / o.step), side, o.minRidge * clothBrightness);
    if (k === undefined) continue;
    const t = (k - centre) * o.step;
    found.push({ kind, at: p, u: q.u + t * dir.u, v: q.v + t * dir.v, normal: dir });
  }
  return found;
};

/** The lines and arcs marked on the cloth (a baulk line, a D), away from the spots that sit on them. */
export const findMarkingLines = (
  img: RgbImage,
  c: Calibration<Table>,
  clothBrightness: number,
  o: FeatureOptions = DEFAULT_FEATURES,
): Feature[] => {
  const m = c.table.marks;
  if (!m) return [];
  const t: Table = c.table;
  const clear = 30; // mm kept from a spot and from an arc's ends on a line
  const nearSpot = (x: number, y: number): boolean =>
    m.spots.some((s) => Math.hypot(s.at.x - x, s.at.y - y) < clear);
  const found: Feature[] = [];
  for (const l of m.lines) {
    const len = Math.hypot(l.b.x - l.a.x, l.b.y - l.a.y);
    const dir = { x: (l.b.x - l.a.x) / len, y: (l.b.y - l.a.y) / len };
    const points: ModelPoint[] = [];
    for (let s = 2 * o.knuckleMargin; s <= len - 2 * o.knuckleMargin; s += o.spacing) {
      const x = l.a.x + s * dir.x;
      const y = l.a.y + s * dir.y;
      if (x >= 0 && x <= t.width && y >= 0 && y <= t.length && !nearSpot(x, y)) points.push({ x, y, z: 0 });
    }
    found.push(...findLine(img, c, 'line', points, () => dir, clothBrightness, o));
  }
  for (const arc of m.arcs) {
    const points: ModelPoint[] = [];
    const steps = Math.floor(((arc.to - arc.from) * arc.radius) / o.spacing);
    for (let i = 1; i < steps; i++) {
      const a = arc.from + ((arc.to - arc.from) * i) / steps;
      const x = arc.centre.x + arc.radius * Math.cos(a);
      const y = arc.centre.y + arc.radius * Math.sin(a);
      if (!nearSpot(x, y)) points.push({ x, y, z: 0 });
    }
    found.push(
      ...findLine(
        img,
        c,
        'arc',
        points,
        (p) => {
          const r = Math.hypot(p.x - arc.centre.x, p.y - arc.centre.y);
          return { x: -(p.y - arc.centre.y) / r, y: (p.x - arc.centre.x) / r };
        },
        clothBrightness,
        o,
      ),
    );
  }
  return found;
};

/**
 * The spots: small light discs. Around where the camera puts each, the brightest small
 * blob standing above the cloth around it; its brightness-weighted centre. A spot under a ball, or
 * with anything but cloth round it, is not reported.
 */
export const findSpots = (
  img: RgbImage,
  c: Calibration<Table>,
  spotRadiusMm: number,
  clothBrightness: number,
  o: FeatureOptions = DEFAULT_FEATURES,
): Feature[] => {
  const m = c.table.marks;
  if (!m) return [];
  const found: Feature[] = [];
  for (const { at: s } of m.spots) {
    const at: ModelPoint = { x: s.x, y: s.y, z: 0 };
    const q = pixelOf(c, at);
    const edge = pixelOf(c, { x: s.x + spotRadiusMm, y: s.y, z: 0 });
    const rs = Math.max(1, Math.hypot(edge.u - q.u, edge.v - q.v));
    const ring = Math.ceil(3 * rs + 2);
    const w = Math.ceil(o.window);
    const u0 = Math.round(q.u);
    const v0 = Math.round(q.v);
    if (!inside(img, u0 - w - ring, v0 - w - ring, 0) || !inside(img, u0 + w + ring, v0 + w + ring, 0))
      continue;
    // The cloth around: the median and spread of a ring well outside the spot.
    const around: number[] = [];
    for (let a = 0; a < 32; a++) {
      const ang = (2 * Math.PI * a) / 32;
      around.push(brightness(img, q.u + ring * Math.cos(ang), q.v + ring * Math.sin(ang)));
    }
    around.sort((p, r) => p - r);
    const base = around[16] as number;
    const spread = (around[28] as number) - (around[3] as number);
    if (Math.abs(base - clothBrightness) > 0.5 * clothBrightness || spread > 0.25 * clothBrightness) continue;
    // The brightest pixel of the window, then the weighted centre of what stands above the cloth near it.
    let best = -Infinity;
    let bu = u0;
    let bv = v0;
    for (let v = v0 - w; v <= v0 + w; v++) {
      for (let u = u0 - w; u <= u0 + w; u++) {
        const b = brightness(img, u, v);
        if (b > best) {
          best = b;
          bu = u;
          bv = v;
        }
      }
    }
    if (best - base < o.minRidge * clothBrightness) continue;
    // The weighted centre, recentred twice so that the window sits on the spot, not on its brightest pixel.
    const r = rs + 2;
    let cu = bu;
    let cv = bv;
    let sw = 0;
    for (let pass = 0; pass < 3; pass++) {
      let su = 0;
      let sv = 0;
      sw = 0;
      for (let v = Math.floor(cv - r); v <= Math.ceil(cv + r); v++) {
        for (let u = Math.floor(cu - r); u <= Math.ceil(cu + r); u++) {
          if ((u - cu) ** 2 + (v - cv) ** 2 > r * r) continue;
          const wgt = Math.max(0, brightness(img, u, v) - base);
          sw += wgt;
          su += wgt * u;
          sv += wgt * v;
        }
      }
      if (!(sw > 0)) break;
      cu = su / sw;
      cv = sv / sw;
    }
    if (sw > 0) found.push({ kind: 'spot', at, u: cu, v: cv });
  }
  return found;
};
