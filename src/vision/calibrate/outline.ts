// First look at a picture of a table: where is the bed? At reduced resolution, the pixels of the
// cloth's colour (the colour that fills the middle of the frame) form one large region, the bed and
// the cushion tops, bounded by the wooden rails; its outline is a quadrilateral (bent a little by the
// lens, notched at the pockets). Four lines fitted to the middles of its sides and their
// intersections give the four outer corners of the cushions: enough for a first camera, which the
// cushion noses and the markings then refine (fit.ts).
import type { RgbImage } from '../../core/image.ts';

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
   * Radius (working pixels) of the closing that bridges thin gaps in the cloth mask: the shaded faces
   * of the cushions between the bed and the cushion tops are dark enough in dim light to drop out.
   */
  readonly closing: number;
  /** Least share of the image the bed region must cover to be a table at all. */
  readonly minArea: number;
  /** Share of each side's outline (its middle) the side's line is fitted to: the ends are the pockets. */
  readonly sideMiddle: number;
  /** Most RMS distance (working pixels) of a side's outline from its line for the region to be a quadrilateral. */
  readonly maxSideRms: number;
}

export const DEFAULT_OUTLINE: OutlineOptions = {
  workingWidth: 480,
  chromaTolerance: 0.07,
  brightness: [0.2, 2.2],
  closing: 3,
  minArea: 0.15,
  sideMiddle: 0.6,
  maxSideRms: 2,
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
}

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

/** 1 where a working pixel has the cloth's chromaticity and about its brightness. */
const clothMask = (s: Small, cloth: readonly [number, number, number], o: OutlineOptions): Uint8Array => {
  const sum = cloth[0] + cloth[1] + cloth[2];
  const cr = cloth[0] / sum;
  const cg = cloth[1] / sum;
  const mask = new Uint8Array(s.width * s.height);
  for (let i = 0; i < mask.length; i++) {
    const r = s.rgb[i * 3] as number;
    const g = s.rgb[i * 3 + 1] as number;
    const b = s.rgb[i * 3 + 2] as number;
    const t = r + g + b;
    if (t < o.brightness[0] * sum || t > o.brightness[1] * sum) continue;
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

/** The largest 4-connected region of `mask`, with its holes (balls, markings) filled: 1 inside. */
const largestRegion = (mask: Uint8Array, w: number, h: number): { region: Uint8Array; size: number } => {
  const label = new Int32Array(w * h);
  const stack = new Int32Array(w * h);
  let best = 0;
  let bestSize = 0;
  let next = 0;
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
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  // Fill the holes: everything not reachable from the border without crossing the region.
  const outside = new Uint8Array(w * h);
  let top = 0;
  const push = (j: number): void => {
    if (label[j] !== best && !outside[j]) {
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

/**
 * The bed's outline in a picture of a table: the four outer corners of the cushion tops, or the
 * reason no table could be seen.
 */
export const findOutline = (img: RgbImage, o: OutlineOptions = DEFAULT_OUTLINE): OutlineResult => {
  const s = reduce(img, o.workingWidth);
  const cloth = middleColour(s);
  if (cloth[0] + cloth[1] + cloth[2] < 15) return { ok: false, reason: 'the middle of the picture is black' };
  const mask = morph(
    morph(clothMask(s, cloth, o), s.width, s.height, o.closing, true),
    s.width,
    s.height,
    o.closing,
    false,
  );
  const { region, size } = largestRegion(mask, s.width, s.height);
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
  const ax = Math.cos(theta);
  const ay = Math.sin(theta);
  const along = boundary.map(([x, y]) => (x - mx) * ax + (y - my) * ay);
  const across = boundary.map(([x, y]) => -(x - mx) * ay + (y - my) * ax);
  const extent = (vals: number[]): number => {
    const a = vals.map(Math.abs).sort((p, q) => p - q);
    return a[Math.floor(a.length * 0.98)] ?? 1;
  };
  const A = extent(along);
  const B = extent(across);

  // Sides in order round the outline: +along end, +across side, −along end, −across side.
  const sides: [number, number][][] = [[], [], [], []];
  boundary.forEach((p, k) => {
    const a = (along[k] as number) / A;
    const b = (across[k] as number) / B;
    const side = Math.abs(a) > Math.abs(b) ? (a > 0 ? 0 : 2) : b > 0 ? 1 : 3;
    (sides[side] as [number, number][]).push(p);
  });
  const lines: Line[] = [];
  for (const [k, pts] of sides.entries()) {
    // The middle of the side only: towards its ends the pockets notch the outline.
    const pos = (p: [number, number]): number =>
      k % 2 === 0 ? -(p[0] - mx) * ay + (p[1] - my) * ax : (p[0] - mx) * ax + (p[1] - my) * ay;
    const sorted = [...pts].sort((p, q) => pos(p) - pos(q));
    const cut = Math.floor((sorted.length * (1 - o.sideMiddle)) / 2);
    const middle = sorted.slice(cut, sorted.length - cut);
    if (middle.length < 10) return { ok: false, reason: 'the cloth-coloured region has no four sides' };
    const line = fitLine(middle);
    if (line.rms > o.maxSideRms)
      return {
        ok: false,
        reason: 'the cloth-coloured region is not a quadrilateral: its sides are not straight',
      };
    lines.push(line);
  }
  const corners: [number, number][] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersect(lines[k] as Line, lines[(k + 1) % 4] as Line);
    if (!p) return { ok: false, reason: 'two sides of the cloth-coloured region are parallel' };
    corners.push(p);
  }
  // Working pixel (x, y) covers full-resolution pixels x·f … x·f + f − 1: its centre is at x·f + (f − 1)/2.
  const f = s.scale;
  const full = (k: number): ImagePoint => {
    const [x, y] = corners[k] as [number, number];
    return { u: x * f + (f - 1) / 2, v: y * f + (f - 1) / 2 };
  };
  // corners[k] joins side k and side k + 1, so corners[3] → corners[0] runs along side 0, an end.
  return {
    ok: true,
    outline: {
      corners: [full(3), full(0), full(1), full(2)],
      cloth: [cloth[0], cloth[1], cloth[2]],
      area,
    },
  };
};
