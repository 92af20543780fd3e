// Every tile on the table in a frame (docs/formats.md §9 `detect`), in small stages: the frame onto
// the plan of the faces' plane (rectify.ts), the flat of the faces (mask.ts), its pieces (components.ts)
// as halves or whole faces (shapes.ts), halves paired across a dividing line and not across the
// seam between two tiles (divide.ts), the pips of each half (readpips.ts). A whole face with neither
// pips nor a dividing line is a tile face down.
import type { Calibration } from '../../../camera/index.ts';
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import type { RgbImage } from '../../../core/image.ts';
import type { DominoesTable } from '../equipment.ts';
import { pieces } from './components.ts';
import { bandWidth } from './divide.ts';
import { DEFAULT_MASK, faceMasks, type MaskOptions } from './mask.ts';
import { readPips } from './readpips.ts';
import { planGrid, toPlan, type PlanGrid } from './rectify.ts';
import { faceSampler, type FaceSampler } from './sample.ts';
import { shapeOf, type HalfShape, type WholeShape } from './shapes.ts';
import type { SeenFaceDownTile, SeenFaceUpTile, SeenTile, TileFrame } from './types.ts';

export interface TileDetectorOptions {
  readonly mask: MaskOptions;
  /** Widest dark band (mm) that is a dividing line and not the seam between two touching tiles. */
  readonly lineWidth: number;
  /** Plan grid step, mm. */
  readonly step: number;
}

export const DEFAULT_TILE_DETECTOR: TileDetectorOptions = { mask: DEFAULT_MASK, lineWidth: 2.1, step: 1 };

const DEG = 180 / Math.PI;
const round1 = (v: number): number => Math.round(v * 10) / 10;

/** A face-up tile from its halves' centres and readings, first half so that the angle is in (−90°, 90°]. */
const faceUp = (
  table: DominoesTable,
  a: { x: number; y: number },
  b: { x: number; y: number },
  pips: readonly [number, number],
  confidence: number,
): SeenFaceUpTile => {
  let angle = Math.atan2(b.y - a.y, b.x - a.x) * DEG;
  let order: [number, number] = [pips[0], pips[1]];
  let ux = Math.cos(angle / DEG);
  let uy = Math.sin(angle / DEG);
  if (angle <= -90 || angle > 90) {
    angle = angle > 90 ? angle - 180 : angle + 180;
    order = [pips[1], pips[0]];
    ux = -ux;
    uy = -uy;
  }
  const x = (a.x + b.x) / 2;
  const y = (a.y + b.y) / 2;
  const q = table.tile.length / 4;
  return {
    pips: order,
    x: round1(x),
    y: round1(y),
    angle: round1(angle),
    halves: [
      { pips: order[0], x: round1(x - ux * q), y: round1(y - uy * q) },
      { pips: order[1], x: round1(x + ux * q), y: round1(y + uy * q) },
    ],
    confidence,
  };
};

export class TileDetector {
  private readonly grid: PlanGrid;

  constructor(
    private readonly calibration: Calibration,
    private readonly table: DominoesTable,
    private readonly options: TileDetectorOptions = DEFAULT_TILE_DETECTOR,
  ) {
    this.grid = planGrid(calibration, table.width, table.length, table.tile.height, options.step);
  }

  detect(image: RgbImage): Result<TileFrame> {
    const { width, height } = this.calibration.image;
    if (image.width !== width || image.height !== height)
      return err(
        refereeError(
          'INVALID_INPUT',
          `the frame is ${image.width} × ${image.height} px but the calibration is for ${width} × ${height}`,
          'frame',
        ),
      );
    const g = this.grid;
    const plan = toPlan(g, image);
    const masks = faceMasks(plan, this.options.mask);
    const sample = faceSampler(this.calibration, image, this.table.tile.height);
    const tile = this.table.tile;
    const cellArea = g.step * g.step;
    const minArea = (0.3 * tile.width * tile.width) / cellArea;
    const maxArea = (1.5 * tile.width * tile.length) / cellArea;
    const tiles: SeenTile[] = [];
    for (const [mask, dark] of [
      [masks.ivory, true],
      [masks.black, false],
    ] as const) {
      const shapes = pieces(mask, g.cols, g.rows, minArea, maxArea).flatMap((p) => {
        const s = shapeOf(p, tile, g.step, g.x0, g.y0);
        return s ? [s] : [];
      });
      const halves = shapes.filter((s): s is HalfShape => s.kind === 'half');
      const wholes = shapes.filter((s): s is WholeShape => s.kind === 'whole');
      tiles.push(...this.pairHalves(halves, sample, dark), ...wholes.map((w) => this.whole(w, sample, dark)));
    }
    return ok({ tiles });
  }

  /** Halves paired across a dividing line, the most line-like first; each half in one tile at most. */
  private pairHalves(halves: readonly HalfShape[], sample: FaceSampler, dark: boolean): SeenFaceUpTile[] {
    const L = this.table.tile.length;
    const candidates: { i: number; j: number; width: number }[] = [];
    for (let i = 0; i < halves.length; i++)
      for (let j = i + 1; j < halves.length; j++) {
        const a = halves[i] as HalfShape;
        const b = halves[j] as HalfShape;
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d < L / 2 - 4 || d > L / 2 + 4) continue;
        const band = bandWidth(sample, a.x, a.y, b.x, b.y, dark);
        if (band.width > 0 && band.width <= this.options.lineWidth)
          candidates.push({ i, j, width: band.width });
      }
    candidates.sort((p, q) => p.width - q.width);
    const used = new Set<number>();
    const out: SeenFaceUpTile[] = [];
    for (const c of candidates) {
      if (used.has(c.i) || used.has(c.j)) continue;
      used.add(c.i);
      used.add(c.j);
      const a = halves[c.i] as HalfShape;
      const b = halves[c.j] as HalfShape;
      out.push(this.read(a, b, sample, dark, Math.min(a.fill, b.fill)));
    }
    return out;
  }

  /** A face-up tile from its halves' rough centres: pips read, the centres set at ±L/4 from the middle. */
  private read(
    a: { x: number; y: number },
    b: { x: number; y: number },
    sample: FaceSampler,
    dark: boolean,
    fill: number,
  ): SeenFaceUpTile {
    const L = this.table.tile.length;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const ca = { x: mx - (ux * L) / 4, y: my - (uy * L) / 4 };
    const cb = { x: mx + (ux * L) / 4, y: my + (uy * L) / 4 };
    const r = readPips(sample, ca, cb, this.table.tile.width, dark);
    const standard = r.halves[0].standard && r.halves[1].standard;
    const confidence = (standard ? 0.99 : 0.6) * Math.min(1, fill / 0.8);
    return faceUp(
      this.table,
      ca,
      cb,
      [r.halves[0].pips, r.halves[1].pips],
      Math.round(confidence * 1000) / 1000,
    );
  }

  /** A whole face: face down unless it shows pips or a dividing line. */
  private whole(w: WholeShape, sample: FaceSampler, dark: boolean): SeenTile {
    const L = this.table.tile.length;
    const ux = Math.cos(w.theta);
    const uy = Math.sin(w.theta);
    const a = { x: w.x - (ux * L) / 4, y: w.y - (uy * L) / 4 };
    const b = { x: w.x + (ux * L) / 4, y: w.y + (uy * L) / 4 };
    const reading = readPips(sample, a, b, this.table.tile.width, dark);
    const line = bandWidth(sample, a.x, a.y, b.x, b.y, dark);
    if (reading.contrast > 0 || line.width > 0) return this.read(a, b, sample, dark, w.fill);
    const angle = (((w.theta * DEG) % 180) + 180) % 180;
    const down: SeenFaceDownTile = { faceDown: true, x: round1(w.x), y: round1(w.y), angle: round1(angle) };
    return down;
  }
}
