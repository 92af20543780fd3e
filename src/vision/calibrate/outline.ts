// First look at a picture of a table: where is the bed? At reduced resolution, the pixels of the
// cloth's colour (the colour that fills the middle of the frame, smoothed, closed over the shaded
// cushion faces, opened to shed the specks of a dark rail) form one large region, the bed and the
// cushion tops, bounded by the wooden rails. Real pictures bend and notch its outline: the lens's
// barrel curves the sides, the pockets cut into them, a box may hide a corner, a cue or a ball on a
// cushion breaks them. So the outline is made straight by a radial model searched for (the one whose
// sides come out straightest), only its points on the convex hull are kept (what cuts into the cloth
// is not), and each side is a RANSAC line through them. The four lines' intersections give the outer
// corners of the cushions even where one is hidden: enough for a first camera, which the cushion
// noses and the markings then refine (fit.ts). A side with too few points on its line is named.
import type { RgbImage } from '../../core/image.ts';
import { DEFAULT_CLOTH_OPTIONS, isUnsaturated } from '../cloth.ts';

/** A point in the full-resolution image, pixels. */
export interface ImagePoint {
  readonly u: number;
  readonly v: number;
}

export interface OutlineOptions {
  /** Width of the reduced image the region is found in, px (its height keeps the aspect). */
  readonly workingWidth: number;
  /** How far (in chromaticity r/(r+g+b), g/(r+g+b)) a pixel may be from the cloth's and still be cloth. */
  readonly chromaTolerance: number;
  /** Brightness (r+g+b) range of cloth, relative to the reference cloth colour's. */
  readonly brightness: readonly [number, number];
  /**
   * A cloth nearer grey than `greySaturation` (chromaticity from grey) is told from a grey room, a
   * floor, the shadows beyond the rails, by brightness alone: its range starts at `greyDarkest`.
   */
  readonly greySaturation: number;
  readonly greyDarkest: number;
  /**
   * Radius (working pixels) of the closing that bridges thin gaps in the cloth mask: the shaded faces
   * of the cushions between the bed and the cushion tops are dark enough in dim light to drop out.
   */
  readonly closing: number;
  /** Radius (working pixels) of the opening that then takes specks off the outline. */
  readonly opening: number;
  /** Least share of the image the bed region must cover to be a table at all. */
  readonly minArea: number;
  /** How far (working pixels) a point of the outline may lie off a side's line and still be on it. */
  readonly lineTolerance: number;
  /** The lens's radial coefficient (division model, see `lensFrame`) is looked for in this range… */
  readonly radialRange: readonly [number, number];
  /** …in steps of this. */
  readonly radialStep: number;
  /** Least share of a side's length its line must run along the outline for the side to be seen. */
  readonly minSideShare: number;
  /** Least size of a further cloth-coloured piece (a share of the largest) that joins it: a cue splits the cloth. */
  readonly minPiece: number;
}

export const DEFAULT_OUTLINE: OutlineOptions = {
  workingWidth: 480,
  chromaTolerance: 0.07,
  brightness: [0.3, 2.2],
  // A charcoal cloth (our renderer's) took in the whole picture at 0.3: the room around it is a
  // darker grey. Grey as the cloth model has it.
  greySaturation: DEFAULT_CLOTH_OPTIONS.minSaturation,
  greyDarkest: 0.5,
  closing: 3,
  opening: 2,
  minArea: 0.15,
  lineTolerance: 1.5,
  radialRange: [-0.6, 0.1],
  radialStep: 0.025,
  minSideShare: 0.15,
  minPiece: 0.05,
};

/**
 * The four outer corners of the cushion tops in the image, in order round the outline, the side from
 * corners[0] to corners[1] one of the two short sides (an end of the table).
 */
export interface Outline {
  readonly corners: readonly [ImagePoint, ImagePoint, ImagePoint, ImagePoint];
  /** The cloth's colour, 8-bit sRGB, as the middle of the frame shows it. */
  readonly cloth: readonly [number, number, number];
  /** Share of the image the region covers. */
  readonly area: number;
  /**
   * The lens's barrel as the straightest sides show it: the division model's coefficient λ (see
   * `lensFrame`); 0 for a lens without distortion.
   */
  readonly radial: Radial;
  /** RMS distance of each side's points from its line, working pixels. */
  readonly sideRms: readonly number[];
}

/**
 * Where the lens's radial distortion is measured from and in what: the image centre, and radii in
 * half the long side of the picture. The division model p_u = c + (p_d − c) / (1 + λ·ρ_d²) straightens
 * the picture: closed form both ways and no fold, however strong the barrel.
 */
export interface LensFrame {
  readonly cx: number;
  readonly cy: number;
  readonly R: number;
}

export const lensFrame = (width: number, height: number): LensFrame => ({
  cx: (width - 1) / 2,
  cy: (height - 1) / 2,
  R: Math.max(width, height) / 2,
});

/**
 * The radial model's two coefficients, OpenCV's with radii in half long sides instead of focal
 * lengths: ρ_d = ρ_u·(1 + κ1·ρ_u² + κ2·ρ_u⁴).
 */
export type Radial = readonly [number, number];

const factor = (l: Radial, r2: number): number => 1 + r2 * (l[0] + r2 * l[1]);

/** The pixel of an undistorted pixel. */
export const distortPoint = (f: LensFrame, l: Radial, u: number, v: number): [number, number] => {
  const du = (u - f.cx) / f.R;
  const dv = (v - f.cy) / f.R;
  const k = factor(l, du * du + dv * dv);
  return [f.cx + du * k * f.R, f.cy + dv * k * f.R];
};

/** The undistorted radius of a distorted one (Newton); NaN beyond the model's fold. */
const undistortRadius = (l: Radial, rd: number): number => {
  let ru = rd;
  for (let i = 0; i < 20; i++) {
    const r2 = ru * ru;
    const g = ru * factor(l, r2) - rd;
    const dg = 1 + r2 * (3 * l[0] + 5 * r2 * l[1]);
    if (!(dg > 1e-3)) return NaN;
    ru -= g / dg;
    if (Math.abs(g) < 1e-10) break;
  }
  return ru;
};

/** The undistorted pixel of a pixel: the inverse of `distortPoint`. */
export const undistortPoint = (f: LensFrame, l: Radial, u: number, v: number): [number, number] => {
  const du = (u - f.cx) / f.R;
  const dv = (v - f.cy) / f.R;
  const rd = Math.hypot(du, dv);
  if (rd === 0 || (l[0] === 0 && l[1] === 0)) return [u, v];
  const k = undistortRadius(l, rd) / rd;
  return [f.cx + du * k * f.R, f.cy + dv * k * f.R];
};

/** OpenCV's k1, k2 for a camera of focal length `focal` (px) that bends as `l` says. */
export const radialToOpenCv = (f: LensFrame, l: Radial, focal: number): { k1: number; k2: number } => {
  const s = focal / f.R;
  return { k1: l[0] * s * s, k2: l[1] * s ** 4 };
};

export type OutlineResult =
  { readonly ok: true; readonly outline: Outline } | { readonly ok: false; readonly reason: string };

interface Small {
  readonly width: number;
  readonly height: number;
  /** Full-resolution pixels per working pixel. */
  readonly scale: number;
  readonly rgb: Float32Array;
}

/** Box-filtered reduction to about `width` pixels across. */
const reduce = (img: RgbImage, width: number): Small => {
  const f = Math.max(1, Math.floor(img.width / width));
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const rgb = new Float32Array(w * h * 3);
  const norm = 1 / (f * f);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < f; dy++) {
        let at = ((y * f + dy) * img.width + x * f) * 3;
        for (let dx = 0; dx < f; dx++, at += 3) {
          r += img.data[at] as number;
          g += img.data[at + 1] as number;
          b += img.data[at + 2] as number;
        }
      }
      const o = (y * w + x) * 3;
      rgb[o] = r * norm;
      rgb[o + 1] = g * norm;
      rgb[o + 2] = b * norm;
    }
  }
  return { width: w, height: h, scale: f, rgb };
};

/** Per-channel median over the middle third of the frame: the cloth, on a camera framed on the table. */
const middleColour = (s: Small): [number, number, number] => {
  const ch: number[][] = [[], [], []];
  for (let y = Math.floor(s.height / 3); y < Math.ceil((2 * s.height) / 3); y++) {
    for (let x = Math.floor(s.width / 3); x < Math.ceil((2 * s.width) / 3); x++) {
      const o = (y * s.width + x) * 3;
      for (let c = 0; c < 3; c++) (ch[c] as number[]).push(s.rgb[o + c] as number);
    }
  }
  const med = (a: number[]): number => a.sort((p, q) => p - q)[a.length >> 1] ?? 0;
  return [med(ch[0] as number[]), med(ch[1] as number[]), med(ch[2] as number[])];
};

/** The working image under a 3 × 3 box filter: a pixel's chromaticity is steadier so. */
const smooth = (s: Small): Small => {
  const { width: w, height: h } = s;
  const out = new Float32Array(s.rgb.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 3; c++) {
        let t = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            t += s.rgb[(yy * w + xx) * 3 + c] as number;
            n++;
          }
        out[(y * w + x) * 3 + c] = t / n;
      }
  return { ...s, rgb: out };
};

/** 1 where a working pixel has the cloth's chromaticity and about its brightness. */
const clothMask = (s: Small, cloth: readonly [number, number, number], o: OutlineOptions): Uint8Array => {
  const sum = cloth[0] + cloth[1] + cloth[2];
  const cr = cloth[0] / sum;
  const cg = cloth[1] / sum;
  const grey = isUnsaturated(cr, cg, o.greySaturation);
  const darkest = grey ? Math.max(o.brightness[0], o.greyDarkest) : o.brightness[0];
  const mask = new Uint8Array(s.width * s.height);
  for (let i = 0; i < mask.length; i++) {
    const r = s.rgb[i * 3] as number;
    const g = s.rgb[i * 3 + 1] as number;
    const b = s.rgb[i * 3 + 2] as number;
    const t = r + g + b;
    if (t < darkest * sum || t > o.brightness[1] * sum) continue;
    if (Math.abs(r / t - cr) < o.chromaTolerance && Math.abs(g / t - cg) < o.chromaTolerance) mask[i] = 1;
  }
  return mask;
};

/** Max (grow) or min (shrink) of `mask` over a (2r + 1)² square, as two one-dimensional passes. */
const morph = (mask: Uint8Array, w: number, h: number, r: number, grow: boolean): Uint8Array => {
  const pass = (src: Uint8Array, along: number, across: number, stride: number, step: number): Uint8Array => {
    const dst = new Uint8Array(src.length);
    for (let a = 0; a < across; a++) {
      for (let i = 0; i < along; i++) {
        let v = grow ? 0 : 1;
        for (let k = Math.max(0, i - r); k <= Math.min(along - 1, i + r); k++) {
          const m = src[a * stride + k * step] as number;
          v = grow ? v | m : v & m;
        }
        dst[a * stride + i * step] = v;
      }
    }
    return dst;
  };
  return pass(pass(mask, w, h, w, 1), h, w, 1, w);
};

/**
 * The largest 4-connected region of `mask`, with the pieces at least `minPiece` of its size (a cue
 * lying across the cloth cuts it in two), their holes (balls, markings) filled: 1 inside.
 */
const largestRegion = (
  mask: Uint8Array,
  w: number,
  h: number,
  minPiece: number,
): { region: Uint8Array; size: number } => {
  const label = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  const sizes: number[] = [0];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    while (top > 0) {
      const i = stack[--top] as number;
      size++;
      const x = i % w;
      const y = (i - x) / w;
      const visit = (j: number): void => {
        if (mask[j] && !label[j]) {
          label[j] = next;
          stack[top++] = j;
        }
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    sizes.push(size);
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  const kept = Uint8Array.from(sizes, (n) => (n >= minPiece * bestSize && n > 0 ? 1 : 0));
  // Fill the holes: everything not reachable from the border without crossing the region.
  const outside = new Uint8Array(w * h);
  let top = 0;
  const push = (j: number): void => {
    if (!kept[label[j] as number] && !outside[j]) {
      outside[j] = 1;
      stack[top++] = j;
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  while (top > 0) {
    const i = stack[--top] as number;
    const x = i % w;
    const y = (i - x) / w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (y > 0) push(i - w);
    if (y < h - 1) push(i + w);
  }
  const region = new Uint8Array(w * h);
  let size = 0;
  for (let i = 0; i < region.length; i++) {
    if (!outside[i]) {
      region[i] = 1;
      size++;
    }
  }
  return { region, size: best ? size : 0 };
};

interface Line {
  /** Unit normal and offset: n·p = d. */
  readonly nx: number;
  readonly ny: number;
  readonly d: number;
  readonly rms: number;
}

/** Total least squares line through points. */
const fitLine = (pts: readonly (readonly [number, number])[]): Line => {
  let mx = 0;
  let my = 0;
  for (const [x, y] of pts) {
    mx += x;
    my += y;
  }
  mx /= pts.length;
  my /= pts.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  // The normal is the eigenvector of the scatter matrix with the smaller eigenvalue.
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy); // direction of the larger
  const nx = -Math.sin(theta);
  const ny = Math.cos(theta);
  const d = nx * mx + ny * my;
  let ss = 0;
  for (const [x, y] of pts) ss += (nx * x + ny * y - d) ** 2;
  return { nx, ny, d, rms: Math.sqrt(ss / pts.length) };
};

const intersect = (a: Line, b: Line): [number, number] | undefined => {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return undefined;
  return [(a.d * b.ny - a.ny * b.d) / det, (a.nx * b.d - a.d * b.nx) / det];
};

interface SideFit {
  readonly line: Line;
  /** Points of the outline within tolerance of the line. */
  readonly inliers: number;
  /** Their support: Σ 1 − (d / tolerance)². */
  readonly support: number;
  /** How many outline points a side of its length would hold, were all of it seen. */
  expected: number;
  /** RMS distance of the inliers from the line, full-resolution px. */
  readonly rms: number;
}

/** How much a point at distance d from a line backs it: 1 on it, falling to 0 at the tolerance. */
const support = (d: number, tol: number): number => Math.max(0, 1 - (d / tol) ** 2);

/** A small deterministic generator for the line samples (the same picture gives the same lines). */
const lcg = (seed: number): (() => number) => {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
};

/** The best line through a side's points by RANSAC, then total least squares on its inliers. */
const robustLine = (
  pts: readonly (readonly [number, number])[],
  tol: number,
): { line: Line; inliers: number; support: number; rms: number } | undefined => {
  if (pts.length < 10) return undefined;
  const rnd = lcg(pts.length * 2654435761);
  let bestCount = -1;
  let best: Line | undefined;
  const n = pts.length;
  for (let it = 0; it < 120; it++) {
    const p = pts[Math.floor(rnd() * n)] as readonly [number, number];
    const q = pts[Math.floor(rnd() * n)] as readonly [number, number];
    const dx = q[0] - p[0];
    const dy = q[1] - p[1];
    const len = Math.hypot(dx, dy);
    if (len < 10 * tol) continue;
    const nx = -dy / len;
    const ny = dx / len;
    const d = nx * p[0] + ny * p[1];
    let count = 0;
    for (const [x, y] of pts) count += support(nx * x + ny * y - d, tol);
    if (count > bestCount) {
      bestCount = count;
      best = { nx, ny, d, rms: 0 };
    }
  }
  if (!best) return undefined;
  let line: Line = best;
  let inl: (readonly [number, number])[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const l = line;
    inl = pts.filter(([x, y]) => Math.abs(l.nx * x + l.ny * y - l.d) < tol);
    if (inl.length < 2) return undefined;
    line = fitLine(inl);
  }
  const l = line;
  let sup = 0;
  for (const [x, y] of pts) sup += support(l.nx * x + l.ny * y - l.d, tol);
  return { line, inliers: inl.length, support: sup, rms: line.rms };
};

/**
 * The four sides of an outline (undistorted pixels): its points split by the region's principal
 * axes, a robust line through each, in order round the outline (+along end, +across side, −along
 * end, −across side).
 */
const fitSides = (
  pts: readonly [number, number][],
  theta: number,
  tol: number,
  scale: number,
  back: (u: number, v: number) => [number, number],
): SideFit[] | undefined => {
  let mx = 0;
  let my = 0;
  for (const [x, y] of pts) {
    mx += x;
    my += y;
  }
  mx /= pts.length;
  my /= pts.length;
  const ax = Math.cos(theta);
  const ay = Math.sin(theta);
  const along = pts.map(([x, y]) => (x - mx) * ax + (y - my) * ay);
  const across = pts.map(([x, y]) => -(x - mx) * ay + (y - my) * ax);
  const extent = (vals: number[]): number => {
    const a = vals.map(Math.abs).sort((p, q) => p - q);
    return a[Math.floor(a.length * 0.98)] ?? 1;
  };
  const A = extent(along);
  const B = extent(across);
  const sides: [number, number][][] = [[], [], [], []];
  pts.forEach((p, k) => {
    const a = (along[k] as number) / A;
    const b = (across[k] as number) / B;
    const side = Math.abs(a) > Math.abs(b) ? (a > 0 ? 0 : 2) : b > 0 ? 1 : 3;
    (sides[side] as [number, number][]).push(p);
  });
  const fits: SideFit[] = [];
  for (const side of sides) {
    const r = robustLine(side, tol);
    if (!r) return undefined;
    fits.push({ line: r.line, inliers: r.inliers, support: r.support, rms: r.rms, expected: 0 });
  }
  // Each side's expected count: its length between its neighbours' lines, in outline points (a
  // 4-connected outline has |du| + |dv| of them per working pixel of run), measured in the picture
  // as it is, not undistorted (which stretches the outline and not its points).
  for (let k = 0; k < 4; k++) {
    const p = intersect((fits[(k + 3) % 4] as SideFit).line, (fits[k] as SideFit).line);
    const q = intersect((fits[k] as SideFit).line, (fits[(k + 1) % 4] as SideFit).line);
    let run = 0;
    if (p && q) {
      let prev = back(p[0], p[1]);
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const next = back(p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]));
        run += Math.abs(next[0] - prev[0]) + Math.abs(next[1] - prev[1]);
        prev = next;
      }
    }
    (fits[k] as SideFit).expected = p && q ? run / scale : Infinity;
  }
  return fits;
};

/** The convex hull of points (Andrew's monotone chain), counter-clockwise in (x, y). */
const convexHull = (pts: readonly [number, number][]): [number, number][] => {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (
      lower.length >= 2 &&
      cross(lower.at(-2) as [number, number], lower.at(-1) as [number, number], q) <= 0
    )
      lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i] as [number, number];
    while (
      upper.length >= 2 &&
      cross(upper.at(-2) as [number, number], upper.at(-1) as [number, number], q) <= 0
    )
      upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
};

/**
 * The points of an outline on its convex hull (within `tol`): the sides of a bed made straight are the
 * hull's; what cuts into the cloth (pockets, a cue, a box over a corner, a ball on a cushion) is not.
 */
const onHull = (pts: readonly [number, number][], tol: number): [number, number][] => {
  const hull = convexHull(pts);
  const edges = hull.map((a, i) => {
    const b = hull[(i + 1) % hull.length] as [number, number];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return { a, dx: (b[0] - a[0]) / len, dy: (b[1] - a[1]) / len, len };
  });
  return pts.filter(([x, y]) =>
    edges.some((e) => {
      const rx = x - e.a[0];
      const ry = y - e.a[1];
      const t = rx * e.dx + ry * e.dy;
      if (t < -tol || t > e.len + tol) return false;
      return Math.abs(rx * e.dy - ry * e.dx) <= tol;
    }),
  );
};

/** Where a side lies in the picture, for a message: the top, bottom, left or right one. */
const sideName = (l: Line, cx: number, cy: number): string => {
  // The foot of the perpendicular from the region's centre.
  const t = l.nx * cx + l.ny * cy - l.d;
  const fx = cx - t * l.nx;
  const fy = cy - t * l.ny;
  const dx = fx - cx;
  const dy = fy - cy;
  return Math.abs(dx) > Math.abs(dy)
    ? dx > 0
      ? 'right one'
      : 'left one'
    : dy > 0
      ? 'bottom one'
      : 'top one';
};

/**
 * The bed's outline in a picture of a table: the four outer corners of the cushion tops, or the
 * reason no table could be seen.
 */
export const findOutline = (img: RgbImage, o: OutlineOptions = DEFAULT_OUTLINE): OutlineResult => {
  const s = reduce(img, o.workingWidth);
  const cloth = middleColour(s);
  if (cloth[0] + cloth[1] + cloth[2] < 15) return { ok: false, reason: 'the middle of the picture is black' };
  // Closing bridges the cushions' shaded faces; opening then takes off the specks of a dark rail
  // whose noisy colour passes for the cloth's here and there along the outline.
  const closed = morph(
    morph(clothMask(smooth(s), cloth, o), s.width, s.height, o.closing, true),
    s.width,
    s.height,
    o.closing,
    false,
  );
  const mask = morph(morph(closed, s.width, s.height, o.opening, false), s.width, s.height, o.opening, true);
  const { region, size } = largestRegion(mask, s.width, s.height, o.minPiece);
  const area = size / (s.width * s.height);
  if (area < o.minArea)
    return {
      ok: false,
      reason: `no region of one cloth colour covers the middle of the picture (the largest covers ${(100 * area).toFixed(0)} %)`,
    };

  // The region's centre and principal axes: the long axis runs along the table.
  const w = s.width;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    mx += i % w;
    my += Math.floor(i / w);
  }
  mx /= size;
  my /= size;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  const boundary: [number, number][] = [];
  for (let i = 0; i < region.length; i++) {
    if (!region[i]) continue;
    const x = i % w;
    const y = Math.floor(i / w);
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
    const edge =
      x === 0 ||
      y === 0 ||
      x === w - 1 ||
      y === s.height - 1 ||
      !region[i - 1] ||
      !region[i + 1] ||
      !region[i - w] ||
      !region[i + w];
    if (edge) boundary.push([x, y]);
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  // Working pixels to full-resolution pixels: working pixel (x, y) covers x·f … x·f + f − 1.
  const f = s.scale;
  const full = boundary.map(([x, y]): [number, number] => [x * f + (f - 1) / 2, y * f + (f - 1) / 2]);
  const lens = lensFrame(img.width, img.height);
  const tol = o.lineTolerance * f;
  // The lens's barrel bends the sides: the radial coefficients that make them straightest, first
  // λ1 alone over its range, then both by a pattern search.
  const sidesAt = (l: Radial): SideFit[] | undefined => {
    const pts = onHull(
      full.map(([u, v]) => undistortPoint(lens, l, u, v)).filter(([u, v]) => Number.isFinite(u + v)),
      2 * tol,
    );
    return fitSides(pts, theta, tol, f, (u, v) => distortPoint(lens, l, u, v));
  };
  const score = (fits: SideFit[] | undefined): number =>
    fits ? fits.reduce((t, q) => t + q.support, 0) : -Infinity;
  let bestL: Radial = [0, 0];
  let best = -Infinity;
  for (let a = o.radialRange[0]; a <= o.radialRange[1] + 1e-9; a += o.radialStep) {
    // κ2 free of κ1, or as a wide lens's usually is (about half κ1²).
    for (const l of [
      [a, 0],
      [a, 0.5 * a * a],
    ] as const) {
      const sc = score(sidesAt(l));
      if (sc > best) {
        best = sc;
        bestL = l;
      }
    }
  }
  let steps = [o.radialStep / 2, o.radialStep];
  for (let it = 0; it < 24 && (steps[0] as number) > o.radialStep / 40; it++) {
    let moved = false;
    for (const k of [0, 1] as const)
      for (const sign of [-1, 1]) {
        const l: [number, number] = [bestL[0], bestL[1]];
        l[k] += sign * (steps[k] as number);
        const sc = score(sidesAt(l));
        if (sc > best + 1e-9) {
          best = sc;
          bestL = l;
          moved = true;
        }
      }
    if (!moved) steps = steps.map((x) => x / 2);
  }
  const fits = sidesAt(bestL);
  if (!fits) return { ok: false, reason: 'the cloth-coloured region has no four sides' };
  // A side with too few points on its line is hidden (or is not a side at all).
  const names = fits.map((q) => sideName(q.line, mx * f, my * f));
  const missing = fits.flatMap((q, k) =>
    q.inliers < o.minSideShare * q.expected ? [names[k] as string] : [],
  );
  if (missing.length)
    return {
      ok: false,
      reason:
        `found ${4 - missing.length} of 4 cushion lines along the cloth's outline: ` +
        `the ${missing.join(' and the ')} ${missing.length > 1 ? 'are' : 'is'} hidden or not straight`,
    };
  const lines = fits.map((q) => q.line);
  const corners: ImagePoint[] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersect(lines[k] as Line, lines[(k + 1) % 4] as Line);
    if (!p) return { ok: false, reason: 'two sides of the cloth-coloured region are parallel' };
    const [u, v] = distortPoint(lens, bestL, p[0], p[1]);
    if (!(Math.abs(u) < 3 * img.width && Math.abs(v) < 3 * img.height))
      return { ok: false, reason: "the cloth-coloured region's sides do not meet near the picture" };
    corners.push({ u, v });
  }
  // corners[k] joins side k and side k + 1, so corners[3] → corners[0] runs along side 0, an end.
  return {
    ok: true,
    outline: {
      corners: [
        corners[3] as ImagePoint,
        corners[0] as ImagePoint,
        corners[1] as ImagePoint,
        corners[2] as ImagePoint,
      ],
      cloth: [cloth[0], cloth[1], cloth[2]],
      area,
      radial: bestL,
      sideRms: fits.map((q) => q.rms / f),
    },
  };
};
