// What the calibration tells the vision before it sees a frame: how big a ball looks at every place in
// the image, which pixels can show a ball at all, and what the static scene behind them is (the bed's
// cloth, a cushion, a pocket). Computed once per calibration and cached, like the renderer's ray map:
// frames then only read tables.
import { cameraCentre, pixelToPlane, type Calibration } from '../camera/index.ts';
import { mm, pointPx } from '../core/units.ts';
import { markDistance, type Pocket, type Table } from '../equipment/index.ts';
import { reducedToFull } from './reduce.ts';

/** What the static scene shows at a reduced pixel. */
export const Region = {
  /** No ball can appear here: rails, floor, the room. */
  outside: 0,
  /** The bed's cloth (or a pocket's throat short of the fall): the cloth model applies. */
  cloth: 1,
  /** A cushion's cloth-covered top or face, next to the bed: cloth-coloured, differently lit. */
  cushion: 2,
  /** A pocket's mouth: jaws, hole and rim. Dark or unknown; never taken for cloth. */
  pocket: 3,
  /** The bed's markings (baulk line, D, spots): cloth lightened towards white. */
  marking: 4,
} as const;
export type RegionCode = (typeof Region)[keyof typeof Region];

// Chalked lines are 2–3 mm wide and spots 4–8 mm across on match tables; a pixel within this of one
// (plus half a reduced pixel) may show it.
const LINE_HALF_WIDTH = 2;
const SPOT_RADIUS = 6;

export interface GeometryOptions {
  /** Target apparent ball radius at reduced resolution, px: the reduction factor is chosen for it. */
  readonly reducedRadius: number;
  /** How far beyond the cushion noses (at the height of a ball's centre) a ball's image may reach, mm. */
  readonly margin: number;
  /** Spacing of the coarse grid on which plane points and ball radii are tabulated, reduced px. */
  readonly gridStep: number;
}

// A ball 2.5–3.5 px in radius at reduced resolution is still a solid blob of 20–40 samples (enough to
// be found in noise), while 1080p reduces 4× and 4K 8× (1/16 and 1/64 of the pixels).
export const DEFAULT_GEOMETRY_OPTIONS: GeometryOptions = { reducedRadius: 2.5, margin: 12, gridStep: 4 };

export interface VisionGeometry {
  readonly calibration: Calibration<Table>;
  readonly table: Table;
  readonly width: number;
  readonly height: number;
  /** One reduced pixel per `scale` × `scale` block of the full image. */
  readonly scale: number;
  readonly rw: number;
  readonly rh: number;
  /** Region code of every reduced pixel (row-major, rw × rh). */
  readonly region: Uint8Array;
  /** The camera centre in the table frame, mm. */
  readonly cx: number;
  readonly cy: number;
  readonly cz: number;
  readonly ballRadius: number;
  readonly ballCentreHeight: number;
  /** Coarse grid over the full image, every `gridPx` full pixels: where the pixel's ray meets the cloth
   * (z = 0) and the apparent radius (px) of a ball whose image is centred there. */
  readonly gridPx: number;
  readonly gw: number;
  readonly gh: number;
  readonly gridX: Float64Array;
  readonly gridY: Float64Array;
  readonly gridRadius: Float64Array;
  /** Smallest and largest apparent ball radius over the bed, px. */
  readonly minRadius: number;
  readonly maxRadius: number;
  /** Each reduced row's first and last pixels not outside the table (rowOnTable), found once: the
   * limb stage's scans asked them of every row a frame, each a walk over the region from both ends. */
  readonly tableRows: readonly (readonly [number, number] | undefined)[];
}

const cache = new WeakMap<Calibration<Table>, VisionGeometry>();

/** The geometry of a calibration, computed on first use and cached for as long as it lives. */
export const geometryFor = (
  c: Calibration<Table>,
  options: GeometryOptions = DEFAULT_GEOMETRY_OPTIONS,
): VisionGeometry => {
  const hit = cache.get(c);
  if (hit && options === DEFAULT_GEOMETRY_OPTIONS) return hit;
  const g = computeGeometry(c, options);
  if (options === DEFAULT_GEOMETRY_OPTIONS) cache.set(c, g);
  return g;
};

/**
 * Apparent radius (px) of a ball centred in space at `p` (mm), as the camera at `o` sees it: the
 * silhouette is the cone of rays tangent to the sphere; four of its rays are projected and their mean
 * distance from the image of the centre taken (the cone's image is a near-circle).
 */
const silhouetteRadius = (
  c: Calibration<Table>,
  o: { x: number; y: number; z: number },
  p: readonly number[],
): number => {
  const [px, py, pz] = p as [number, number, number];
  const R = c.table.ballRadius;
  const dx = px - o.x;
  const dy = py - o.y;
  const dz = pz - o.z;
  const dist = Math.hypot(dx, dy, dz);
  // Two unit vectors perpendicular to the line of sight.
  let e1x = -dy;
  let e1y = dx;
  const n1 = Math.hypot(e1x, e1y) || 1;
  e1x /= n1;
  e1y /= n1;
  const e2x = (dy * 0 - dz * e1y) / dist;
  const e2y = (dz * e1x - dx * 0) / dist;
  const e2z = (dx * e1y - dy * e1x) / dist;
  const centre = projectPoint(c, px, py, pz);
  let sum = 0;
  for (const [a, b] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const q = projectPoint(c, px + R * (a * e1x + b * e2x), py + R * (a * e1y + b * e2y), pz + R * b * e2z);
    sum += Math.hypot(q[0] - centre[0], q[1] - centre[1]);
  }
  return sum / 4;
};

/** Image of a table point (distortion included), px. */
export const projectPoint = (c: Calibration<Table>, x: number, y: number, z: number): [number, number] => {
  const R = c.pose.R;
  const t = c.pose.t;
  const X = R[0][0] * x + R[0][1] * y + R[0][2] * z + t[0];
  const Y = R[1][0] * x + R[1][1] * y + R[1][2] * z + t[1];
  const Z = R[2][0] * x + R[2][1] * y + R[2][2] * z + t[2];
  const k = c.camera;
  const nx = X / Z;
  const ny = Y / Z;
  const r2 = nx * nx + ny * ny;
  const radial = 1 + r2 * (k.k1 + r2 * (k.k2 + r2 * k.k3));
  const dx = nx * radial + 2 * k.p1 * nx * ny + k.p2 * (r2 + 2 * nx * nx);
  const dy = ny * radial + k.p1 * (r2 + 2 * ny * ny) + 2 * k.p2 * nx * ny;
  return [k.fx * dx + k.cx, k.fy * dy + k.cy];
};

/** Depth behind a pocket's mouth line and distance across its axis, mm. */
const pocketCoords = (k: Pocket, x: number, y: number): [number, number] => {
  const dx = x - k.mouthCentre.x;
  const dy = y - k.mouthCentre.y;
  return [dx * k.axis.x + dy * k.axis.y, Math.abs(-dx * k.axis.y + dy * k.axis.x)];
};

const computeGeometry = (c: Calibration<Table>, o: GeometryOptions): VisionGeometry => {
  const { width, height } = c.image;
  const table = c.table;
  const centre = cameraCentre(c);
  const h = table.ballCentreHeight;
  const R = table.ballRadius;

  // The apparent radius at the middle of the bed sets the reduction.
  const mid = silhouetteRadius(c, centre, [table.width / 2, table.length / 2, h]);
  const scale = Math.max(1, Math.floor(mid / o.reducedRadius));
  const rw = Math.floor(width / scale);
  const rh = Math.floor(height / scale);

  // Coarse grid: z = 0 plane point and apparent radius at each node (full-resolution pixel positions).
  const gridPx = o.gridStep * scale;
  const gw = Math.ceil((width - 1) / gridPx) + 1;
  const gh = Math.ceil((height - 1) / gridPx) + 1;
  const gridX = new Float64Array(gw * gh);
  const gridY = new Float64Array(gw * gh);
  const gridRadius = new Float64Array(gw * gh);
  let minRadius = Infinity;
  let maxRadius = 0;
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const k = j * gw + i;
      const q = pixelToPlane(c, pointPx(i * gridPx, j * gridPx), mm(0));
      gridX[k] = q ? q.x : NaN;
      gridY[k] = q ? q.y : NaN;
      if (!q) continue;
      // The ball whose centre's image is here sits on the same ray, at the height of a centre.
      const s = (centre.z - h) / centre.z;
      const bx = centre.x + (q.x - centre.x) * s;
      const by = centre.y + (q.y - centre.y) * s;
      const r = silhouetteRadius(c, centre, [bx, by, h]);
      gridRadius[k] = r;
      if (bx >= 0 && bx <= table.width && by >= 0 && by <= table.length) {
        minRadius = Math.min(minRadius, r);
        maxRadius = Math.max(maxRadius, r);
      }
    }
  }

  const tableRows: (readonly [number, number] | undefined)[] = [];
  const g: VisionGeometry = {
    calibration: c,
    table,
    width,
    height,
    scale,
    rw,
    rh,
    region: new Uint8Array(rw * rh),
    cx: centre.x,
    cy: centre.y,
    cz: centre.z,
    ballRadius: R,
    ballCentreHeight: h,
    gridPx,
    gw,
    gh,
    gridX,
    gridY,
    gridRadius,
    minRadius: Number.isFinite(minRadius) ? minRadius : mid,
    maxRadius: maxRadius > 0 ? maxRadius : mid,
    tableRows,
  };
  labelRegions(g, o.margin);
  hideOverlays(g);
  for (let j = 0; j < rh; j++) tableRows.push(tableRow(g, j));
  return g;
};

/** Bilinear lookup in one of the coarse grids at full-resolution pixel (u, v). */
export const gridLookup = (g: VisionGeometry, grid: Float64Array, u: number, v: number): number => {
  const fu = Math.min(Math.max(u / g.gridPx, 0), g.gw - 1.000001);
  const fv = Math.min(Math.max(v / g.gridPx, 0), g.gh - 1.000001);
  const i = Math.floor(fu);
  const j = Math.floor(fv);
  const a = fu - i;
  const b = fv - j;
  const k = j * g.gw + i;
  const top = (grid[k] as number) * (1 - a) + (grid[k + 1] as number) * a;
  const bottom = (grid[k + g.gw] as number) * (1 - a) + (grid[k + g.gw + 1] as number) * a;
  return top * (1 - b) + bottom * b;
};

/** The first and last reduced pixels of row `j` that are not outside the table; none in a row off it. */
export const rowOnTable = (g: VisionGeometry, j: number): readonly [number, number] | undefined =>
  g.tableRows[j];

/** A box of the reduced frame, its corner pixels inclusive: a piece's, or a disc's (reducedBoxOf). */
export interface ReducedBox {
  readonly i0: number;
  readonly i1: number;
  readonly j0: number;
  readonly j1: number;
}

/** The reduced pixels a disc about (u, v), radius r (image px), reaches. */
export const reducedBoxOf = (g: VisionGeometry, u: number, v: number, r: number): ReducedBox => ({
  i0: Math.floor((u - r) / g.scale),
  i1: Math.floor((u + r) / g.scale),
  j0: Math.floor((v - r) / g.scale),
  j1: Math.floor((v + r) / g.scale),
});

/** Does `b` hold the reduced pixel that image point (u, v) falls in? */
export const boxHolds = (g: VisionGeometry, b: ReducedBox, u: number, v: number): boolean => {
  const i = Math.floor(u / g.scale);
  const j = Math.floor(v / g.scale);
  return i >= b.i0 && i <= b.i1 && j >= b.j0 && j <= b.j1;
};

/** Set to 1 each reduced pixel of `b` within the frame, in `marks` (one byte a reduced pixel). */
export const markBox = (g: VisionGeometry, marks: Uint8Array, b: ReducedBox): void => {
  const { rw, rh } = g;
  for (let j = Math.max(0, b.j0); j <= Math.min(rh - 1, b.j1); j++)
    marks.fill(1, j * rw + Math.max(0, b.i0), j * rw + Math.min(rw - 1, b.i1) + 1);
};

/** rowOnTable, worked out from the regions. */
const tableRow = (g: VisionGeometry, j: number): readonly [number, number] | undefined => {
  const { rw, region } = g;
  let i0 = 0;
  while (i0 < rw && region[j * rw + i0] === Region.outside) i0++;
  let i1 = rw - 1;
  while (i1 > i0 && region[j * rw + i1] === Region.outside) i1--;
  return i0 <= i1 ? [i0, i1] : undefined;
};

/**
 * Math.hypot(dx, dy) where it lies within 1e-9 of `r`, √(dx² + dy²) elsewhere: for compares with r.
 * The square root is a few ulps from Math.hypot (under 1e-11 for a frame's distances), so either
 * stands on the same side of r; V8 calls Math.hypot as a builtin, several times the root's cost, in
 * loops that ask it thousands of times a frame (fit.ts consensusCentre's circles, 0.5 % of
 * Locator.locate's profile on 1080p frames of tuning and held-out 12 and 15).
 */
export const hypotAgainst = (dx: number, dy: number, r: number): number => {
  const d = Math.sqrt(dx * dx + dy * dy);
  return Math.abs(d - r) < 1e-9 ? Math.hypot(dx, dy) : d;
};

/** Apparent radius (px) of a resting ball whose image is centred at full-resolution pixel (u, v). */
export const apparentRadius = (g: VisionGeometry, u: number, v: number): number =>
  gridLookup(g, g.gridRadius, u, v);

/**
 * Where the ray of full-resolution pixel (u, v) meets the plane z (approximate: interpolated on the
 * coarse grid, good to a fraction of a millimetre; for labelling and starting points, not for answers).
 */
export const approxPlanePoint = (g: VisionGeometry, u: number, v: number, z: number): [number, number] => {
  const x0 = gridLookup(g, g.gridX, u, v);
  const y0 = gridLookup(g, g.gridY, u, v);
  const s = (g.cz - z) / g.cz;
  return [g.cx + (x0 - g.cx) * s, g.cy + (y0 - g.cy) * s];
};

/** Is the cloth point (x, y) within `slack` mm of a marking's ink? */
const nearMarking = (t: Table, x: number, y: number, slack: number): boolean =>
  t.marks !== undefined &&
  markDistance(t.marks, x, y, 2 * (LINE_HALF_WIDTH + slack), SPOT_RADIUS + slack) < 0;

const labelRegions = (g: VisionGeometry, margin: number): void => {
  const t = g.table;
  const W = t.width;
  const L = t.length;
  const R = g.ballRadius;
  const nose = t.cushionNoseHeight;
  const inRect = (x: number, y: number, m: number): boolean => x >= -m && x <= W + m && y >= -m && y <= L + m;
  for (let j = 0; j < g.rh; j++) {
    for (let i = 0; i < g.rw; i++) {
      const u = reducedToFull(g.scale, i);
      const v = reducedToFull(g.scale, j);
      const [bx, by] = approxPlanePoint(g, u, v, g.ballCentreHeight);
      if (!Number.isFinite(bx) || !Number.isFinite(by)) continue;
      // Can a ball's image reach this pixel? Its centre must rest on the bed or in a throat.
      let roi = inRect(bx, by, margin);
      let nearPocket: Pocket | undefined;
      for (const k of t.pockets) {
        const [depth, lateral] = pocketCoords(k, bx, by);
        if (depth > -R && depth <= k.fallDepth + R && lateral < k.mouth / 2 + R) {
          roi = true;
          nearPocket = k;
        }
      }
      if (!roi) continue;
      // What is behind it: the cushion tops stand at the nose's height, the bed and throats at z = 0.
      const [nx, ny] = approxPlanePoint(g, u, v, nose);
      const [x0, y0] = approxPlanePoint(g, u, v, 0);
      let code: RegionCode = inRect(nx, ny, 0) ? Region.cloth : Region.cushion;
      if (nearPocket) {
        const [dn, ln] = pocketCoords(nearPocket, nx, ny);
        const [d0, l0] = pocketCoords(nearPocket, x0, y0);
        // Behind the mouth: the throat's cloth short of the fall, otherwise jaws, hole and rim.
        if (dn > 0 && ln < nearPocket.mouth / 2 + R)
          code = d0 < nearPocket.fallDepth && l0 < nearPocket.mouth / 2 ? Region.cloth : Region.pocket;
      }
      if (code === Region.cloth && t.marks) {
        // Half a reduced block, in mm on the cloth, and the line's own half-width.
        const slack = (0.5 * g.scale * R) / apparentRadius(g, u, v);
        if (nearMarking(t, x0, y0, slack)) code = Region.marking;
      }
      g.region[j * g.rw + i] = code;
    }
  }
};

/**
 * The calibration's overlays (a CCTV camera's clock and name, a stream's logo, marked by the person
 * installing) are no part of the scene: every reduced block they touch is outside, as the room is, so
 * no stage seeds, fits or learns the cloth there, and a ball's rays into one see nothing (held-out 42's
 * clock digits and score bug were taken for 65 balls at 1080p).
 */
const hideOverlays = (g: VisionGeometry): void => {
  const s = g.scale;
  for (const o of g.calibration.overlays ?? []) {
    const i1 = Math.min(g.rw - 1, Math.floor((o.u + o.width - 1) / s));
    const j1 = Math.min(g.rh - 1, Math.floor((o.v + o.height - 1) / s));
    for (let j = Math.floor(o.v / s); j <= j1; j++)
      for (let i = Math.floor(o.u / s); i <= i1; i++) g.region[j * g.rw + i] = Region.outside;
  }
};

/** What the static scene shows behind the full-resolution pixel (x, y) (clamped to the reduced grid). */
export const regionAt = (g: VisionGeometry, x: number, y: number): RegionCode =>
  g.region[
    Math.min(g.rh - 1, Math.floor(y / g.scale)) * g.rw + Math.min(g.rw - 1, Math.floor(x / g.scale))
  ] as RegionCode;

/**
 * Each sample of a disc about (u, v) on a square grid `step` radii apart, out to `inside` radii, that
 * lies in a `width` × `height` image: `visit` gets its pixel (x, y) and its offset from the middle, px.
 */
export const forDiscSamples = (
  u: number,
  v: number,
  radius: number,
  step: number,
  inside: number,
  width: number,
  height: number,
  visit: (x: number, y: number, bx: number, by: number) => void,
): void => {
  const n = Math.round(inside / step);
  for (let j = -n; j <= n; j++)
    for (let i = -n; i <= n; i++) {
      if (i * i + j * j > n * n) continue;
      const bx = i * step * radius;
      const by = j * step * radius;
      const x = Math.round(u + bx);
      const y = Math.round(v + by);
      if (x >= 0 && y >= 0 && x < width && y < height) visit(x, y, bx, by);
    }
};

/** Do the 2 × 2 pixels a bilinear sample at (x, y) reads lie on a W × H frame? */
export const pixelOnFrame = (x: number, y: number, W: number, H: number): boolean => {
  const i = Math.floor(x);
  const j = Math.floor(y);
  return i >= 0 && j >= 0 && i + 1 < W && j + 1 < H;
};
