// Photo-like pictures of a table, drawn independently of src/sim's renderer so that the calibrator
// meets a style it was never tuned on: a ray cast per sub-pixel through the project's own camera
// model (pixelRay: the lens's distortion included) into a scene of flat pieces — the bed, the
// cushions (tops in the cloth's colour, a dark face under the nose, a soft shadow on the cloth before
// it), wooden rails and their aprons, six pocket holes cutting the outline, a floor with a dark box
// and a patch of sunlight, balls, sometimes a cue across and a box hiding a corner — then vignetting,
// uneven light, noise and a JPEG-like blockiness. Every picture comes from a seed, with its truth.
import { pixelRay, validateCalibration, type Calibration } from '../../src/camera/index.ts';
import { resolveBed } from '../../src/games/registry.ts';
import type { Table } from '../../src/equipment/bed.ts';
import type { Intrinsics } from '../../src/camera/index.ts';
import { project } from '../../src/camera/index.ts';
import type { TableSpec } from '../../src/camera/index.ts';
import type { RgbImage } from '../../src/core/image.ts';
import { makeRng, type Rng } from '../../src/sim/random.ts';
import { mm, pointPx } from '../../src/core/units.ts';

type Rgb = readonly [number, number, number];

/** The bed a `table` value names (the game registry's), or a thrown error: a test's own input. */
const mustResolve = (spec: unknown): Table => {
  const r = resolveBed(spec);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
export type ClothStyle = 'tournament' | 'worn' | 'blue';
export type RailStyle = 'brown' | 'dark' | 'shadow' | 'black' | 'maple';
export type Bed = 'snooker' | 'small' | 'pool';

export interface PhotoOptions {
  readonly bed: Bed;
  readonly size: { readonly width: number; readonly height: number };
  readonly cloth: ClothStyle;
  readonly rails: RailStyle;
  /** Tilt of the optical axis from straight down, degrees. */
  readonly tilt: number;
  /** 'normal' lens (f ≈ 0.75 of the long side) or 'ultrawide' (≈ 0.45, strong barrel). */
  readonly lens: 'normal' | 'ultrawide';
  readonly k1: number;
  readonly balls: number;
  readonly cue: boolean;
  readonly hiddenCorner: boolean;
  /** Overall light: 1 bright room, 0.45 dim. */
  readonly gain: number;
  readonly noise: number;
  readonly jpeg: boolean;
  /** Sub-samples per pixel side. */
  readonly supersample: number;
}

export interface Photo {
  readonly image: RgbImage;
  readonly truth: Calibration<Table>;
  readonly tableSpec: TableSpec;
  /** The bed `tableSpec` names. */
  readonly table: Table;
  readonly options: PhotoOptions;
  /** A short description of the picture's style. */
  readonly style: string;
  /** The balls' centres on the bed (mm), the truth a detector is measured against. */
  readonly balls: readonly { readonly x: number; readonly y: number }[];
}

export const BEDS: Record<Bed, TableSpec> = {
  snooker: 'snooker',
  small: { width: 870, length: 1500, ball: 52.5 },
  pool: { width: 1270, length: 2540, ball: 57.15 },
};

const CLOTH: Record<ClothStyle, Rgb> = {
  tournament: [38, 122, 58],
  worn: [34, 78, 40],
  blue: [36, 82, 150],
};

const RAIL: Record<RailStyle, Rgb> = {
  brown: [110, 62, 30],
  dark: [58, 36, 22],
  shadow: [30, 44, 28],
  black: [22, 22, 24],
  maple: [196, 150, 96],
};

const BALL_COLOURS: readonly Rgb[] = [
  [200, 20, 20],
  [200, 20, 20],
  [200, 20, 20],
  [235, 235, 225],
  [230, 200, 30],
  [20, 120, 40],
  [120, 60, 20],
  [30, 60, 200],
  [240, 120, 150],
  [15, 15, 15],
];

/** Styles the tuning set draws from; the held-out set adds blue cloth and black or maple rails. */
export const TUNING_STYLES = {
  cloth: ['tournament', 'worn'] as readonly ClothStyle[],
  rails: ['brown', 'dark', 'shadow'] as readonly RailStyle[],
};
export const HELD_OUT_STYLES = {
  cloth: ['tournament', 'worn', 'blue'] as readonly ClothStyle[],
  rails: ['brown', 'dark', 'shadow', 'black', 'maple'] as readonly RailStyle[],
};

const pick = <T>(rng: Rng, a: readonly T[]): T => a[rng.int(0, a.length)] as T;

/** Options for a seed: the tuning set (`heldOut` false) or the held-out set. */
export const photoOptionsFromSeed = (
  seed: number,
  heldOut = false,
  sizes?: readonly PhotoOptions['size'][],
): PhotoOptions => {
  const rng = makeRng(seed * 7919 + 13);
  const styles = heldOut ? HELD_OUT_STYLES : TUNING_STYLES;
  const lens = rng.next() < 0.35 ? 'ultrawide' : 'normal';
  const sizeChoices = sizes ?? [
    { width: 1920, height: 1080 },
    { width: 4032, height: 3024 },
    { width: 3024, height: 4032 },
    { width: 1080, height: 1920 },
  ];
  return {
    bed: rng.next() < 0.5 ? 'small' : pick(rng, ['snooker', 'pool'] as const),
    size: pick(rng, sizeChoices),
    cloth: pick(rng, styles.cloth),
    rails: pick(rng, styles.rails),
    tilt: rng.next() < 0.3 ? rng.uniform(0, 8) : rng.uniform(10, 35),
    lens,
    k1: lens === 'ultrawide' ? rng.uniform(-0.35, -0.2) : rng.uniform(-0.12, 0),
    balls: rng.int(0, 12),
    cue: rng.next() < 0.3,
    hiddenCorner: rng.next() < 0.25,
    gain: rng.uniform(0.45, 1.1),
    noise: rng.uniform(1, 5),
    jpeg: rng.next() < 0.5,
    supersample: 3,
  };
};

const DEG = Math.PI / 180;

/** A camera from a seed: tilted `tilt` from straight down towards a random side, table filling the frame. */
const makeCamera = (rng: Rng, o: PhotoOptions, spec: TableSpec, outerMargin: number): Calibration<Table> => {
  const table = mustResolve(spec);
  const W = table.width;
  const L = table.length;
  const { width, height } = o.size;
  const long = Math.max(width, height);
  for (let attempt = 0; ; attempt++) {
    const f = long * (o.lens === 'ultrawide' ? rng.uniform(0.42, 0.5) : rng.uniform(0.7, 0.85));
    const k1 = o.k1;
    const camera: Intrinsics = {
      fx: f,
      fy: f,
      cx: (width - 1) / 2 + rng.uniform(-0.004, 0.004) * width,
      cy: (height - 1) / 2 + rng.uniform(-0.004, 0.004) * height,
      k1,
      // Real wide lenses flatten out again towards the corners: k2 keeps the model from folding.
      k2: k1 < -0.15 ? rng.uniform(0.4, 0.55) * k1 * k1 : rng.uniform(0, 0.03),
      p1: rng.uniform(-5e-4, 5e-4),
      p2: rng.uniform(-5e-4, 5e-4),
      k3: 0,
    };
    const phi = rng.uniform(0, 2 * Math.PI);
    const tilt = o.tilt * DEG;
    const target = [W / 2 + rng.uniform(-0.04, 0.04) * W, L / 2 + rng.uniform(-0.04, 0.04) * L, 0] as const;
    // Which way the table's length runs in the picture: along the long side, either way round.
    const portrait = height > width;
    const flip = rng.next() < 0.5 ? Math.PI : 0;
    const psi = (portrait ? 0 : Math.PI / 2) + flip + rng.uniform(-6, 6) * DEG;
    const fwd = [Math.sin(tilt) * Math.cos(phi), Math.sin(tilt) * Math.sin(phi), -Math.cos(tilt)] as const;
    // Image right: the table direction psi, made square to the optical axis.
    const a = [Math.cos(psi), Math.sin(psi), 0] as const;
    const ad = a[0] * fwd[0] + a[1] * fwd[1] + a[2] * fwd[2];
    let x = [a[0] - ad * fwd[0], a[1] - ad * fwd[1], a[2] - ad * fwd[2]];
    const xl = Math.hypot(x[0] as number, x[1] as number, x[2] as number);
    x = x.map((v) => v / xl);
    const [x0, x1, x2] = x as [number, number, number];
    // y = z × x (camera y points down the picture)
    const y = [fwd[1] * x2 - fwd[2] * x1, fwd[2] * x0 - fwd[0] * x2, fwd[0] * x1 - fwd[1] * x0] as const;
    const R = [
      [x0, x1, x2],
      [y[0], y[1], y[2]],
      [fwd[0], fwd[1], fwd[2]],
    ] as [[number, number, number], [number, number, number], [number, number, number]];
    const fill = rng.uniform(0.82, 0.95);
    const outline: [number, number][] = [];
    const m = outerMargin;
    for (let i = 0; i <= 16; i++) {
      const s = i / 16;
      outline.push([-m + s * (W + 2 * m), -m], [-m + s * (W + 2 * m), L + m]);
      outline.push([-m, -m + s * (L + 2 * m)], [W + m, -m + s * (L + 2 * m)]);
    }
    const calAt = (D: number): Calibration<Table> => {
      const C = [target[0] - D * fwd[0], target[1] - D * fwd[1], target[2] - D * fwd[2]] as const;
      const row = (r: readonly [number, number, number]): number =>
        -(r[0] * C[0] + r[1] * C[1] + r[2] * C[2]);
      const t: [number, number, number] = [row(R[0]), row(R[1]), row(R[2])];
      return { table, tableSpec: spec, image: { width, height }, camera, pose: { R, t } };
    };
    // Bisect the distance until the outline fills `fill` of the tighter side and stays inside.
    const extent = (c: Calibration<Table>): number => {
      let worst = 0;
      for (const [px, py] of outline) {
        const p = project(c, { x: mm(px), y: mm(py), z: mm(40) });
        const eu = Math.abs(p.u - (width - 1) / 2) / (width / 2);
        const ev = Math.abs(p.v - (height - 1) / 2) / (height / 2);
        worst = Math.max(worst, eu, ev, Number.isFinite(eu) ? 0 : 99);
      }
      return worst;
    };
    let lo = 500;
    let hi = 20000;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (extent(calAt(mid)) > fill) lo = mid;
      else hi = mid;
    }
    const cal = calAt(hi);
    const valid = validateCalibration(cal);
    if (valid.ok && extent(cal) < 0.99 && cal.pose.t[2] > 0) return valid.value;
    if (attempt > 50) throw new Error('photo-table: no valid camera');
  }
};

interface Box {
  readonly lo: readonly [number, number, number];
  readonly hi: readonly [number, number, number];
  readonly colour: Rgb;
}

/** Ray parameter at which (o + s·d) enters the box, or Infinity. */
const hitBox = (o: readonly number[], d: readonly number[], b: Box): number => {
  let t0 = 0;
  let t1 = Infinity;
  for (let k = 0; k < 3; k++) {
    const ok = o[k] as number;
    const dk = d[k] as number;
    const lo = b.lo[k] as number;
    const hi = b.hi[k] as number;
    if (Math.abs(dk) < 1e-12) {
      if (ok < lo || ok > hi) return Infinity;
      continue;
    }
    let a = (lo - ok) / dk;
    let c = (hi - ok) / dk;
    if (a > c) [a, c] = [c, a];
    t0 = Math.max(t0, a);
    t1 = Math.min(t1, c);
    if (t0 > t1) return Infinity;
  }
  return t0;
};

/** Draw a photo-like picture of a table from a seed (tuning or held-out), or from explicit options. */
export const photoTable = (seed: number, given?: Partial<PhotoOptions>, heldOut = false): Photo => {
  const o: PhotoOptions = { ...photoOptionsFromSeed(seed, heldOut), ...given };
  const rng = makeRng(seed * 104729 + 7);
  const spec = BEDS[o.bed];
  const table = mustResolve(spec);
  const W = table.width;
  const L = table.length;
  const ball = table.ballDiameter;
  const hN = table.cushionNoseHeight + rng.uniform(-1, 1);
  const cw = rng.uniform(42, 58); // cushion top width
  const rw = rng.uniform(70, 130); // rail width
  const railZ = hN + rng.uniform(0, 6);
  const apron = 180;
  const floorZ = -760;
  const truth = makeCamera(rng, o, spec, cw + rw);

  const cloth = CLOTH[o.cloth].map((v) => v * rng.uniform(0.9, 1.1)) as unknown as Rgb;
  const rail = RAIL[o.rails].map((v) => v * rng.uniform(0.85, 1.15)) as unknown as Rgb;
  const floor: Rgb = pick(rng, [
    [150, 140, 125],
    [95, 80, 65],
    [120, 120, 125],
    [70, 55, 45],
  ] as const);
  // Pockets: a hole round each mouth, cutting cushion and rail.
  const pockets = table.pockets.map((p) => {
    const mouth = Math.hypot(p.jaws[0].a.x - p.jaws[1].a.x, p.jaws[0].a.y - p.jaws[1].a.y);
    const r = 0.62 * mouth;
    return { x: p.mouthCentre.x + p.axis.x * 0.55 * r, y: p.mouthCentre.y + p.axis.y * 0.55 * r, r };
  });
  const inPocket = (x: number, y: number, grow = 0): boolean =>
    pockets.some((p) => (x - p.x) ** 2 + (y - p.y) ** 2 < (p.r + grow) ** 2);

  // Balls on the bed, apart.
  const balls: { x: number; y: number; r: number; c: Rgb }[] = [];
  const r0 = ball / 2;
  while (balls.length < o.balls) {
    const x = rng.uniform(r0 + 5, W - r0 - 5);
    const y = rng.uniform(r0 + 5, L - r0 - 5);
    if (balls.some((b) => Math.hypot(b.x - x, b.y - y) < 2 * r0 + 1)) continue;
    balls.push({ x, y, r: r0, c: pick(rng, BALL_COLOURS) });
  }
  // A cue across the table: from a point on one side to beyond the other, lying on the rail and bed.
  const cue = o.cue
    ? (() => {
        const a = [rng.uniform(0.1, 0.9) * W, -cw - rw * 0.5, railZ + 12] as const;
        const b = [rng.uniform(-0.3, 1.3) * W, rng.uniform(0.3, 0.8) * L, 10] as const;
        return { a, b, r: 11 };
      })()
    : undefined;
  // Boxes: one on the floor beside the table, and one on a corner of the table where hidden.
  const boxes: Box[] = [];
  {
    const side = rng.next() < 0.5 ? -1 : 1;
    const x0 = side < 0 ? -cw - rw - rng.uniform(150, 400) - 500 : W + cw + rw + rng.uniform(150, 400);
    const y0 = rng.uniform(0, L - 600);
    boxes.push({ lo: [x0, y0, floorZ], hi: [x0 + 500, y0 + 600, floorZ + 650], colour: [28, 26, 30] });
  }
  if (o.hiddenCorner) {
    const cx = rng.next() < 0.5 ? 0 : W;
    const cy = rng.next() < 0.5 ? 0 : L;
    const sx = rng.uniform(200, 320);
    const sy = rng.uniform(200, 320);
    const lx = cx === 0 ? -cw - rw - 30 : W + cw + rw + 30 - sx;
    const ly = cy === 0 ? -cw - rw - 30 : L + cw + rw + 30 - sy;
    // Pushed in over the corner so that the corner of the cloth is hidden.
    const inX = cx === 0 ? 120 : -120;
    const inY = cy === 0 ? 120 : -120;
    boxes.push({
      lo: [lx + inX, ly + inY, railZ],
      hi: [lx + inX + sx, ly + inY + sy, railZ + rng.uniform(100, 250)],
      colour: pick(rng, [
        [60, 40, 30],
        [200, 190, 170],
        [90, 90, 100],
      ] as const),
    });
  }
  // A patch of sunlight on the floor.
  const sun = {
    x: rng.uniform(-1200, W + 1200),
    y: rng.uniform(-800, L + 800),
    w: rng.uniform(400, 900),
    h: rng.uniform(300, 700),
  };
  // Light over the table: a gradient and a lamp's hot spot.
  const gx = rng.uniform(-0.25, 0.25);
  const gy = rng.uniform(-0.25, 0.25);
  const lamp = { x: rng.uniform(0.2, 0.8) * W, y: rng.uniform(0.2, 0.8) * L, s: rng.uniform(0.1, 0.3) };
  const light = (x: number, y: number): number =>
    o.gain *
    (1 + gx * (x / W - 0.5) + gy * (y / L - 0.5)) *
    (1 + lamp.s * Math.exp(-((x - lamp.x) ** 2 + (y - lamp.y) ** 2) / (0.5 * W * W)));
  const grain = (u: number): number => 1 + 0.08 * Math.sin(u * 0.09) + 0.05 * Math.sin(u * 0.37 + 1.3);

  const shade = (c: Rgb, k: number): [number, number, number] => [c[0] * k, c[1] * k, c[2] * k];

  // Colour seen along a ray.
  const inRect = (x: number, y: number, m: number): boolean => x >= -m && x <= W + m && y >= -m && y <= L + m;
  const hit: [number, number] = [0, 0];
  const at = (org: readonly number[], d: readonly number[], z: number): [number, number] => {
    const s = (z - (org[2] as number)) / (d[2] as number);
    hit[0] = (org[0] as number) + s * (d[0] as number);
    hit[1] = (org[1] as number) + s * (d[1] as number);
    return hit;
  };
  const trace = (org: readonly number[], d: readonly number[]): [number, number, number] => {
    const oz = org[2] as number;
    const dz = d[2] as number;
    let best = Infinity;
    let colour: [number, number, number] | undefined;
    // Boxes
    for (const b of boxes) {
      const s = hitBox(org, d, b);
      if (s < best) {
        best = s;
        const z = oz + s * dz;
        const top = Math.abs(z - b.hi[2]) < 1;
        colour = shade(b.colour, (top ? 1 : 0.7) * o.gain);
      }
    }
    // The cue: a capsule round segment a–b.
    if (cue) {
      const { a, b, r } = cue;
      const e = [b[0] - a[0], b[1] - a[1], b[2] - a[2]] as const;
      const w0 = [(org[0] as number) - a[0], (org[1] as number) - a[1], oz - a[2]] as const;
      const dd = (d[0] as number) ** 2 + (d[1] as number) ** 2 + dz ** 2;
      const de = (d[0] as number) * e[0] + (d[1] as number) * e[1] + dz * e[2];
      const ee = e[0] ** 2 + e[1] ** 2 + e[2] ** 2;
      const dw = (d[0] as number) * w0[0] + (d[1] as number) * w0[1] + dz * w0[2];
      const ew = e[0] * w0[0] + e[1] * w0[1] + e[2] * w0[2];
      const den = dd * ee - de * de;
      if (den > 1e-9) {
        const s = (de * ew - ee * dw) / den;
        const q = Math.max(0, Math.min(1, (dd * ew - de * dw) / den));
        const dist = Math.hypot(
          (org[0] as number) + s * (d[0] as number) - (a[0] + q * e[0]),
          (org[1] as number) + s * (d[1] as number) - (a[1] + q * e[1]),
          oz + s * dz - (a[2] + q * e[2]),
        );
        const rr = r * (1 - 0.45 * q);
        if (dist < rr && s < best) {
          best = s;
          const base: Rgb = q < 0.35 ? [40, 25, 18] : [205, 170, 120];
          colour = shade(base, o.gain * (1 - 0.4 * (dist / rr) ** 2));
        }
      }
    }
    // Balls: only where the ray passes within reach of one at the height of their centres.
    const sb = (r0 - oz) / dz;
    const hx = (org[0] as number) + sb * (d[0] as number);
    const hy = (org[1] as number) + sb * (d[1] as number);
    for (const b of balls) {
      if ((hx - b.x) ** 2 + (hy - b.y) ** 2 > 9 * b.r * b.r) continue;
      const w0 = (org[0] as number) - b.x;
      const w1 = (org[1] as number) - b.y;
      const w2 = oz - b.r;
      const B = w0 * (d[0] as number) + w1 * (d[1] as number) + w2 * dz;
      const C = w0 * w0 + w1 * w1 + w2 * w2 - b.r * b.r;
      const disc = B * B - C;
      if (disc <= 0) continue;
      const s = -B - Math.sqrt(disc);
      if (s <= 0 || s >= best) continue;
      best = s;
      const nz = (oz + s * dz - b.r) / b.r;
      const nx = ((org[0] as number) + s * (d[0] as number) - b.x) / b.r;
      const lambert = 0.35 + 0.65 * Math.max(0, 0.3 * nx + 0.95 * nz);
      const spec = Math.max(0, nz) ** 40 * 180;
      const c = shade(b.c, lambert * light(b.x, b.y));
      colour = [c[0] + spec * o.gain, c[1] + spec * o.gain, c[2] + spec * o.gain];
    }
    if (colour) return colour;
    // The rail tops and aprons.
    const [rx, ry] = at(org, d, railZ);
    const outer = cw + rw;
    if (inRect(rx, ry, outer) && !inRect(rx, ry, cw)) {
      if (inPocket(rx, ry)) return shade([8, 8, 8], o.gain);
      if (inPocket(rx, ry, 12)) return shade([30, 20, 15], o.gain);
      const alongX = Math.abs(ry) > Math.abs(rx) || ry < -cw || ry > L + cw;
      return shade(rail, light(rx, ry) * grain(alongX ? rx : ry));
    }
    if (!inRect(rx, ry, outer)) {
      const [bx, by] = at(org, d, railZ - apron);
      if (inRect(bx, by, outer)) return shade(rail, 0.55 * o.gain);
      const [fx, fy] = at(org, d, floorZ);
      let k = o.gain * 0.9;
      if (fx > sun.x && fx < sun.x + sun.w && fy > sun.y && fy < sun.y + sun.h) k = 2.6;
      // The table's shadow on the floor.
      if (inRect(fx, fy, outer + 150)) k *= 0.5;
      const tile = (Math.floor(fx / 300) + Math.floor(fy / 300)) % 2 === 0 ? 1 : 0.9;
      return shade(floor, k * tile);
    }
    // The cushion tops, then the bed and the cushion faces.
    const [nx, ny] = at(org, d, hN);
    if (!inRect(nx, ny, 0)) {
      if (inPocket(nx, ny)) return shade([6, 6, 6], o.gain);
      return shade(cloth, 1.04 * light(nx, ny));
    }
    const [x, y] = at(org, d, 0);
    if (inPocket(x, y) && !inRect(x, y, 0)) return shade([6, 6, 6], o.gain);
    if (!inRect(x, y, 0)) {
      // The face under the nose, out of the light.
      return shade(cloth, 0.3 * light(nx, ny));
    }
    if (inPocket(x, y, -ball * 0.2)) return shade([6, 6, 6], o.gain);
    const edge = Math.min(x, y, W - x, L - y);
    const shadow = edge < 22 ? 0.75 + 0.25 * (edge / 22) : 1;
    return shade(cloth, shadow * light(x, y));
  };

  const { width, height } = o.size;
  // Rays from a grid of undistorted directions every 4 px, interpolated: the lens map is smooth.
  const step = 4;
  const gw = Math.ceil(width / step) + 3;
  const gh = Math.ceil(height / step) + 3;
  const grid = new Float64Array(gw * gh * 3);
  for (let j = 0; j < gh; j++)
    for (let i = 0; i < gw; i++) {
      const ray = pixelRay(truth, pointPx(i * step - 1, j * step - 1));
      const at3 = (j * gw + i) * 3;
      grid[at3] = ray.dir.x;
      grid[at3 + 1] = ray.dir.y;
      grid[at3 + 2] = ray.dir.z;
    }
  const origin = pixelRay(truth, pointPx(width / 2, height / 2)).origin;
  const org = [origin.x, origin.y, origin.z];
  const d = [0, 0, 0];
  const colourAt = (u: number, v: number): [number, number, number] => {
    const gu = (u + 1) / step;
    const gv = (v + 1) / step;
    const gi = Math.floor(gu);
    const gj = Math.floor(gv);
    const fi = gu - gi;
    const fj = gv - gj;
    const a = (gj * gw + gi) * 3;
    const b = a + 3;
    const c = a + gw * 3;
    const e = c + 3;
    for (let k = 0; k < 3; k++)
      d[k] =
        ((grid[a + k] as number) * (1 - fi) + (grid[b + k] as number) * fi) * (1 - fj) +
        ((grid[c + k] as number) * (1 - fi) + (grid[e + k] as number) * fi) * fj;
    return trace(org, d);
  };
  const acc = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const col = colourAt(x, y);
      const p = (y * width + x) * 3;
      acc[p] = col[0];
      acc[p + 1] = col[1];
      acc[p + 2] = col[2];
    }
  // Where a pixel differs from a neighbour, the mean of ss × ss sub-pixel rays instead.
  const ss = Math.max(1, o.supersample);
  if (ss > 1) {
    const sum = (p: number): number => (acc[p] as number) + (acc[p + 1] as number) + (acc[p + 2] as number);
    const redo: number[] = [];
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        const p = (y * width + x) * 3;
        const c = sum(p);
        if (
          Math.abs(sum(p + 3) - c) > 12 ||
          Math.abs(sum(p - 3) - c) > 12 ||
          Math.abs(sum(p + width * 3) - c) > 12 ||
          Math.abs(sum(p - width * 3) - c) > 12
        )
          redo.push(y * width + x);
      }
    for (const i of redo) {
      const x = i % width;
      const y = (i - x) / width;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < ss; j++)
        for (let k = 0; k < ss; k++) {
          const col = colourAt(x + (k + 0.5) / ss - 0.5, y + (j + 0.5) / ss - 0.5);
          r += col[0];
          g += col[1];
          b += col[2];
        }
      acc[i * 3] = r / (ss * ss);
      acc[i * 3 + 1] = g / (ss * ss);
      acc[i * 3 + 2] = b / (ss * ss);
    }
  }
  // Vignetting, noise, 8 × 8 blockiness.
  const vig = rng.uniform(0.15, 0.4);
  const half = Math.hypot(width, height) / 2;
  const data = new Uint8Array(width * height * 3);
  const nrng = rng.fork();
  for (let yy = 0; yy < height; yy++)
    for (let xx = 0; xx < width; xx++) {
      const r2 = ((xx - width / 2) ** 2 + (yy - height / 2) ** 2) / (half * half);
      const k = 1 - vig * r2;
      const p = (yy * width + xx) * 3;
      const n = nrng.normal(0, o.noise);
      for (let c = 0; c < 3; c++) acc[p + c] = (acc[p + c] as number) * k + n + nrng.normal(0, o.noise * 0.5);
    }
  if (o.jpeg) {
    for (let by = 0; by + 8 <= height; by += 8)
      for (let bx = 0; bx + 8 <= width; bx += 8)
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let yy = by; yy < by + 8; yy++)
            for (let xx = bx; xx < bx + 8; xx++) s += acc[(yy * width + xx) * 3 + c] as number;
          const mean = s / 64;
          for (let yy = by; yy < by + 8; yy++)
            for (let xx = bx; xx < bx + 8; xx++) {
              const p = (yy * width + xx) * 3 + c;
              acc[p] = 0.8 * (acc[p] as number) + 0.2 * mean;
            }
        }
  }
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(acc[i] as number)));
  const style =
    `${o.bed} ${o.size.width}x${o.size.height} ${o.cloth} cloth, ${o.rails} rails, tilt ${o.tilt.toFixed(0)}°, ` +
    `${o.lens} k1 ${o.k1.toFixed(2)}, ${o.balls} balls${o.cue ? ', cue' : ''}${o.hiddenCorner ? ', hidden corner' : ''}, ` +
    `gain ${o.gain.toFixed(2)}`;
  return {
    image: { width, height, data },
    truth,
    tableSpec: spec,
    table: truth.table,
    options: o,
    style,
    balls: balls.map(({ x, y }) => ({ x, y })),
  };
};
