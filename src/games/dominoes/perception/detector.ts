// Every tile on the table in a frame (docs/formats.md §9 `detect`), in small stages: the frame onto
// the plan of the faces' plane (rectify.ts), the flat of the faces (mask.ts), its pieces (components.ts)
// as halves or whole faces (shapes.ts), halves paired across a dividing line and not across the
// seam between two tiles (divide.ts), the pips of each half (readpips.ts). A whole face with neither
// pips nor a dividing line is a tile face down.
import type { Calibration } from '../../../camera/index.ts';
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import type { RgbImage } from '../../../core/image.ts';
import type { DominoesTable } from '../equipment.ts';
import { openPiece, pieceOf, pieces, withHoles, type Piece } from './components.ts';
import { bandWidth } from './divide.ts';
import {
  DEFAULT_LINES,
  dividingLines,
  refineLine,
  strokeRise,
  type DividingLine,
  type LineOptions,
} from './lines.ts';
import { activeCells, DEFAULT_MASK, faceMasks, type FaceMasks, type MaskOptions } from './mask.ts';
import { readPips, type TileReading } from './readpips.ts';
import { rowOfTiles } from './rows.ts';
import { planGrid, toPlan, type PlanFrame, type PlanGrid } from './rectify.ts';
import { faceSampler, type FaceSampler } from './sample.ts';
import { shapeOf, type HalfShape, type WholeShape } from './shapes.ts';
import type { SeenFaceDownTile, SeenFaceUpTile, SeenTile, TileFrame } from './types.ts';

export interface TileDetectorOptions {
  readonly mask: MaskOptions;
  readonly lines: LineOptions;
  /** Widest dark band (mm) that is a dividing line and not the seam between two touching tiles. */
  readonly lineWidth: number;
  /** Plan grid step, mm. */
  readonly step: number;
}

export const DEFAULT_TILE_DETECTOR: TileDetectorOptions = {
  mask: DEFAULT_MASK,
  lines: DEFAULT_LINES,
  lineWidth: 2.1,
  step: 1,
};

const DEG = 180 / Math.PI;
/** A tile found by its line is tile (black face, or its white pips and line) over at least this share
 * of its rectangle (less its rim), not cloth. The marks count, and so do the black face's thin ridges
 * (the dark mask): under a warm lamp the colour bleeding from a 6-6's twelve pips holes the black mask
 * around them, and such a tile's face alone was under half its rectangle. */
const TILE_FILL = 0.55;
/** The two halves' faces differ by at most this share of the brighter (and always by this much, 8-bit). */
const FACE_GAP = 0.35;
const FACE_GAP_FLOOR = 14;
/** Do the halves' faces agree (not one under a hand or a sleeve, or off the tile)? */
const facesAgree = (r: TileReading): boolean => {
  const [fa, fb] = [r.halves[0].face, r.halves[1].face];
  return Math.abs(fa - fb) <= Math.max(FACE_GAP_FLOOR, FACE_GAP * Math.max(fa, fb));
};
/** How far (mm) a line's two ends may measure from a line's length. */
const LINE_SPAN = 3;
/** Cells of erosion that cut a black blob where it is thin (strips up to twice as wide). */
const OPEN = 2;
/** A part cut from a blob is a tile face down when its cells fill at least this share of the tile's
 * rectangle (less a 1 mm rim) and at least this share of them lie in it (not a hand's shadow or a
 * sleeve's piece of about a tile's shape: tuning seeds 1020, 3102). */
const SQUARE = 0.85;
/** Cells each way within which a back's hole has back on both sides in all four directions. */
const HOLE_REACH = 3;
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
  /** Buffers reused from frame to frame. */
  private plan: PlanFrame | undefined;
  private masks: FaceMasks | undefined;
  private readonly stack: Int32Array;
  private readonly strokes: Uint8Array;

  constructor(
    private readonly calibration: Calibration,
    private readonly table: DominoesTable,
    private readonly options: TileDetectorOptions = DEFAULT_TILE_DETECTOR,
  ) {
    this.grid = planGrid(calibration, table.width, table.length, table.tile.height, options.step);
    this.stack = new Int32Array(this.grid.cols * this.grid.rows);
    this.strokes = new Uint8Array(this.grid.cols * this.grid.rows);
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
    const plan = toPlan(g, image, this.plan);
    const masks = faceMasks(plan, this.options.mask, this.masks);
    this.plan = plan;
    this.masks = masks;
    const sample = faceSampler(this.calibration, image, this.table.tile.height);
    const tile = this.table.tile;
    const cellArea = g.step * g.step;
    const minArea = (0.3 * tile.width * tile.width) / cellArea;
    const maxArea = (8 * tile.width * tile.length) / cellArea;
    const tiles: SeenTile[] = this.byLines(
      dividingLines(plan, masks, this.options.lines, { mask: this.strokes, stack: this.stack }),
      masks,
      sample,
    );
    for (const [mask, dark] of [
      [masks.ivory, true],
      [masks.black, false],
    ] as const) {
      // The cells of black pieces that could be a tile or more, kept for rowOfTiles and the retries
      // below: from 0.4 of a tile's area, since a patchy back under a warm lamp is a piece of 760–900
      // cells of the 1 250 (tuning seed 3007: four backs of a hand, each found with its holes).
      const big = new Map<Piece, Int32Array>();
      const rowArea = (1.3 * tile.width * tile.length) / cellArea;
      const backArea = (0.4 * tile.width * tile.length) / cellArea;
      // The fewest cells that can fill a tile's rectangle (square()).
      const squareArea = (SQUARE * (tile.length - 2) * (tile.width - 2)) / cellArea;
      const found = pieces(
        mask,
        g.cols,
        g.rows,
        minArea,
        // Black: pieces of any size (a dark region's too, for a tile joined to it; below).
        dark ? maxArea : Infinity,
        this.stack,
        activeCells(plan),
        (p, s, n) => {
          if (!dark && n >= backArea) big.set(p, s.slice(0, n));
        },
      );
      // A tile joined to something dark by a thin strip: a hand's shadowed outline touching a black
      // back (tuning seeds 9504, dim light, and 9505, warm: a face-down tile in a hand). Cut where
      // the blob is thin (`k` cells of erosion), a part is taken only as one whole tile that fills
      // its rectangle.
      const oneTile = (c: Int32Array): WholeShape[] => {
        const part = shapeOf(pieceOf(c, g.cols), tile, g.step, g.x0, g.y0, false);
        const w = part[0];
        return part.length === 1 && w?.kind === 'whole' && this.square(c, w) ? [w] : [];
      };
      const cutOut = (c: Int32Array, k: number): WholeShape[] => openPiece(c, g.cols, k).flatMap(oneTile);
      const shapes = found.flatMap((p) => {
        const cells = big.get(p);
        // A dark region larger than any group of tiles (the cloth shadowed in dim light, an arm's
        // shadow under a warm lamp) is no tile, but face-down tiles may be joined to it: cut where
        // thin, as below (tuning seed 3101, warm: two backs of a hand joined to a region of 50 000
        // cells), and where up to 6 cells thin for a tile joined across a seam that breaks for 5 mm
        // (9704, dim: a region of 72 000 cells; cut that deep, 3101's patchy backs fall apart).
        if (p.area > maxArea) {
          if (!cells) return [];
          const cut = cutOut(cells, OPEN);
          const apart = (w: WholeShape): boolean =>
            cut.every((o) => Math.hypot(o.x - w.x, o.y - w.y) > tile.width / 2);
          return [...cut, ...cutOut(cells, OPEN + 1).filter(apart)];
        }
        const shape = shapeOf(p, tile, g.step, g.x0, g.y0, !dark);
        if (shape.length > 0 || !cells) return shape;
        // A blob of black backs side by side whose seams did not show (a hand face down).
        const row = cells.length >= rowArea ? rowOfTiles(cells, g.cols, g.step, g.x0, g.y0, tile) : [];
        if (row.length > 0) return row;
        const parts = cutOut(cells, OPEN);
        if (parts.length > 0) return parts;
        // A back with its side beside it: seen under tilt, a black tile's side catches the lamp, grey
        // and brighter than the cloth, and joins the back in the black mask (tuning seed 9615: a
        // face-down tile seen as a blob 48 × 30 mm). The back alone is its cells darker than the cloth.
        // With its holes: cells as dark, out of the black mask where the back is patchy (tuning seed
        // 9715: a face-down tile in a dark corner, a third of its back holes of colour noise).
        const darker = (i: number): boolean => (plan.luma[i] as number) < masks.clothLuma;
        const back = withHoles(cells.filter(darker), g.cols, HOLE_REACH, darker);
        // Judged by whether it fills a tile's rectangle (square()), not by a tile's area: the backs
        // of 3007's hand, with their holes, were 956–1 001 cells (the lit rims are not darker than
        // the cloth), under the 1 000 once asked.
        if (back.length < squareArea) return [];
        // Filled, the back may still be joined to something beside it (a neighbour's back, under an
        // arm but for a strip): cut where thin, as above (tuning seed 9805, warm light: a face-down
        // tile in a hand; cut before its holes were filled, it fell into 28 specks).
        const whole = oneTile(back);
        return whole.length > 0 ? whole : cutOut(back, OPEN);
      });
      const halves = shapes.filter((s): s is HalfShape => s.kind === 'half');
      const wholes = shapes.filter((s): s is WholeShape => s.kind === 'whole');
      tiles.push(
        ...this.pairHalves(halves, sample, dark),
        ...wholes.flatMap((w) => this.whole(w, sample, dark)),
      );
    }
    return ok({ tiles });
  }

  /** Does a piece's cells fill the tile's rectangle at `w` (less its rim) and hardly stray outside it? */
  private square(cells: Int32Array, w: WholeShape): boolean {
    const g = this.grid;
    const { length: L, width: W } = this.table.tile;
    const ux = Math.cos(w.theta);
    const uy = Math.sin(w.theta);
    let inside = 0;
    for (const i of cells) {
      const dx = g.x0 + (i % g.cols) * g.step - w.x;
      const dy = g.y0 + ((i / g.cols) | 0) * g.step - w.y;
      if (Math.abs(dx * ux + dy * uy) <= L / 2 && Math.abs(-dx * uy + dy * ux) <= W / 2) inside++;
    }
    const cell = g.step * g.step;
    return (inside * cell) / ((L - 2) * (W - 2)) >= SQUARE && inside >= SQUARE * cells.length;
  }

  /**
   * Black tiles face up from the bright strokes on the black faces. A stroke is a tile's dividing line
   * or the seam between two touching tiles (hardly told apart at ~1 px/mm), so each stroke is a
   * hypothesis — a tile centred on it, square to it — kept when the black face fills its rectangle;
   * hypotheses that overlap exclude each other, and the most tiles that do not overlap are taken,
   * the least contested first: along a chain lines and seams alternate, and the tile at each end of
   * a run (its seam-centred rival would stick out of the run or leave a half uncovered) sets the rest.
   * The tiles' cells are then taken out of the black mask, so that what is left of a blob of
   * touching tiles is found by its shape (face-down tiles, and faces whose line did not show).
   */
  private byLines(lines: readonly DividingLine[], masks: FaceMasks, sample: FaceSampler): SeenFaceUpTile[] {
    const g = this.grid;
    const { black, dark, ivory } = masks;
    const { length: L, width: W } = this.table.tile;
    const cell = (x: number, y: number): number => {
      const k = Math.round((x - g.x0) / g.step);
      const r = Math.round((y - g.y0) / g.step);
      return k >= 0 && r >= 0 && k < g.cols && r < g.rows ? r * g.cols + k : -1;
    };
    /** The share of tile cells (face or marks) over the tile's rectangle, `inset` mm in from its edges. */
    const cover = (line: DividingLine, inset: number): number => {
      const ux = Math.cos(line.theta);
      const uy = Math.sin(line.theta);
      let n = 0;
      let on = 0;
      for (let u = -L / 2 + inset; u <= L / 2 - inset; u += g.step)
        for (let v = -W / 2 + inset; v <= W / 2 - inset; v += g.step) {
          const i = cell(line.x + ux * u - uy * v, line.y + uy * u + ux * v);
          n++;
          if (i >= 0 && (black[i] || dark[i] || ivory[i])) on++;
        }
      return on / Math.max(1, n);
    };
    /** Do the line's two ends measure a line's length (W − 5 mm: it stops 2.5 mm short of both long
     * edges)? */
    const lineLength = (line: DividingLine): boolean =>
      line.span !== undefined && Math.abs(line.span - (W - 5)) <= LINE_SPAN;
    const halves = (line: DividingLine): [{ x: number; y: number }, { x: number; y: number }] => {
      const ux = (Math.cos(line.theta) * L) / 4;
      const uy = (Math.sin(line.theta) * L) / 4;
      return [
        { x: line.x - ux, y: line.y - uy },
        { x: line.x + ux, y: line.y + uy },
      ];
    };
    // A tile with no pip is left to its shape: the strokes on a row of face-down tiles are seams.
    const hyps = lines
      .map((rough) => ({
        line: refineLine(sample, rough, false),
        partial: rough.partial === true,
        blanks: 0,
        plain: false,
        rise: 0,
      }))
      // A piece's line whose two ends are a line's length apart, not a seam's piece (across a tile's
      // end, tuning seed 9304: 16 mm), nor a rim's or a pip row's (5–12 mm); the lines recovered
      // measured 17–20 mm.
      .filter((h) => !h.partial || lineLength(h.line))
      .map((h) => ({ ...h, fill: cover(h.line, 2.5) }))
      .filter((h) => {
        if (h.fill < TILE_FILL) return false;
        const r = readPips(sample, ...halves(h.line), W, false);
        // A faint half (read blank at the tile's cut, pips standing out all the same) counts here as
        // it did before it was read again: blank, and readable. The tile is there, whether or not
        // its half can be read (read() reports it only where it can), and it still excludes the
        // seams beside it (tuning seed 2011: with a half-hidden [1, 5] left out of the contest, the
        // seam between it and a [6, 1] was taken for a line and the [6, 1] lost).
        const blank = (k: 0 | 1): boolean => r.halves[k].pips === 0 || r.halves[k].faint;
        const readable = (k: 0 | 1): boolean => r.halves[k].standard || r.halves[k].faint;
        h.blanks = (blank(0) ? 1 : 0) + (blank(1) ? 1 : 0);
        // Nor one whose halves' faces differ (a seam's hypothesis half on the tile, half on the
        // cloth or a lit side): it would only crowd out the tiles it overlaps, then be left out.
        if (!(readable(0) && readable(1) && facesAgree(r))) return false;
        // A plain one (no pip) is no tile here (above), but where its ends measure a line's length it
        // is a blank tile's line as likely as a seam's piece, and it keeps out of the second contest
        // the hypotheses it overlaps (tuning seed 9711: a [0, 0] beside a [1, 1], a 10 mm piece of
        // the seam between them taken for a tile across it, half on each; left to their shapes, both
        // are found).
        h.plain = r.contrast === 0;
        h.rise = strokeRise(sample, h.line);
        return !h.plain || lineLength(h.line);
      });
    // Overlap: the rectangles, each shrunk by 3 mm (touching tiles, a hair skew, do not overlap).
    const overlap = (a: DividingLine, b: DividingLine): boolean => {
      const axes = [a.theta, a.theta + Math.PI / 2, b.theta, b.theta + Math.PI / 2];
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const extent = (r: DividingLine, ax: number, ay: number): number =>
        (L / 2 - 3) * Math.abs(Math.cos(r.theta) * ax + Math.sin(r.theta) * ay) +
        (W / 2 - 3) * Math.abs(-Math.sin(r.theta) * ax + Math.cos(r.theta) * ay);
      return axes.every((t) => {
        const ax = Math.cos(t);
        const ay = Math.sin(t);
        return Math.abs(dx * ax + dy * ay) < extent(a, ax, ay) + extent(b, ax, ay);
      });
    };
    // Lines whose two ends measure a line's length contest first; the rest (a stroke whose ends do
    // not show, or too short or long for a line: the seam between two tiles side by side shows in
    // pieces along their length, 3020's of 14 and 15.5 mm) only where none of those lines' tiles was
    // taken, nor a plain line's of a line's length lies.
    // Contesting all at once, a seam's hypothesis took as many rivals out as a tile's own line, and
    // the fuller won: two tiles side by side were split into halves of a tile that is not there
    // (tuning seeds 3020's [5, 5] and [5, 6], 3103's [4, 6] and [1, 4]). A line from one piece of
    // its stroke measures a line's length (above), so it is in the first contest too, no longer
    // left out wherever any whole stroke's hypothesis overlapped it: 9005's [4, 5] was lost to the
    // seam at its end, which its neighbour's line then took out.
    const rivals = hyps.map((h, i) =>
      hyps.flatMap((o, j) => (j !== i && overlap(h.line, o.line) ? [j] : [])),
    );
    const taken: number[] = [];
    for (const first of [true, false]) {
      const open = new Set(
        hyps.flatMap((h, i) =>
          !h.plain &&
          lineLength(h.line) === first &&
          !(rivals[i] as number[]).some(
            (k) => taken.includes(k) || (!first && (hyps[k] as { plain: boolean }).plain),
          )
            ? [i]
            : [],
        ),
      );
      while (open.size > 0) {
        let best = -1;
        let bestDegree = Infinity;
        // Equally contested, the hypothesis with fewer blank halves first: a seam taken for a line
        // reads blank where it puts a half on a blank face or a back (tuning seed 9009: the seam
        // between a [2, 6] and a [0, 0] side by side read [0, 6], and the [2, 6] was lost to it),
        // while a tile's own line shows its pips; then the brighter stroke: a painted line stands out
        // of the face more than the lit rims of a seam between two tiles end to end, which measures
        // a line's length across them (tuning seed 9810, dim light: the seam between a [6, 2] and a
        // [2, 3] rose 56 over the face, the [2, 3]'s line 72; taken by its fuller rectangle, 0.95
        // to 0.94, the seam read [2, 2] and the [2, 3] was lost).
        for (const i of open) {
          const degree = (rivals[i] as number[]).filter((j) => open.has(j)).length;
          const h = hyps[i] as { rise: number; blanks: number };
          const b = hyps[best] as { rise: number; blanks: number } | undefined;
          if (
            degree < bestDegree ||
            (degree === bestDegree &&
              b !== undefined &&
              (h.blanks < b.blanks || (h.blanks === b.blanks && h.rise > b.rise)))
          ) {
            best = i;
            bestDegree = degree;
          }
        }
        taken.push(best);
        open.delete(best);
        for (const j of rivals[best] as number[]) open.delete(j);
      }
    }
    return taken
      .map((i) => {
        const { line, fill } = hyps[i] as { line: DividingLine; fill: number };
        const ux = Math.cos(line.theta);
        const uy = Math.sin(line.theta);
        const [a, b] = halves(line);
        // The tile's cells (and a rim of 2 mm: its rounded edges) are no longer anyone's.
        for (let u = -L / 2 - 2; u <= L / 2 + 2; u += g.step * 0.7)
          for (let v = -W / 2 - 2; v <= W / 2 + 2; v += g.step * 0.7) {
            const c = cell(line.x + ux * u - uy * v, line.y + uy * u + ux * v);
            if (c >= 0) black[c] = 0;
          }
        return this.read(a, b, sample, false, Math.min(1, fill / 0.8));
      })
      .filter((t): t is SeenFaceUpTile => t !== undefined);
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
      const tile = this.read(a, b, sample, dark, Math.min(a.fill, b.fill));
      if (tile) out.push(tile);
    }
    return out;
  }

  /** A face-up tile from its halves' rough centres: its line set, pips read (none where they make no
   * standard pattern), the centres set at ±L/4 from the line. */
  private read(
    a: { x: number; y: number },
    b: { x: number; y: number },
    sample: FaceSampler,
    dark: boolean,
    fill: number,
  ): SeenFaceUpTile | undefined {
    const L = this.table.tile.length;
    // The dividing line set from the camera's pixels (halves from pieces of the mask are rough), unless
    // that moves it further than a rough centre can be off (then it found something else).
    const rough = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, theta: Math.atan2(b.y - a.y, b.x - a.x) };
    const fine = refineLine(sample, rough, dark);
    const turn = Math.abs(Math.sin(fine.theta - rough.theta));
    const line = Math.hypot(fine.x - rough.x, fine.y - rough.y) < 3 && turn < 0.1 ? fine : rough;
    const mx = line.x;
    const my = line.y;
    const ux = Math.cos(line.theta);
    const uy = Math.sin(line.theta);
    const ca = { x: mx - (ux * L) / 4, y: my - (uy * L) / 4 };
    const cb = { x: mx + (ux * L) / 4, y: my + (uy * L) / 4 };
    const r = readPips(sample, ca, cb, this.table.tile.width, dark);
    // Pips that make no standard pattern are not read (a half under a hand, a seam taken for a line):
    // the tile is left out rather than reported wrong (issue 16 item 3).
    if (!r.halves[0].standard || !r.halves[1].standard) return undefined;
    // Nor where one half's face is unlike the other's (a half under a hand or a sleeve).
    if (!facesAgree(r)) return undefined;
    const confidence = 0.99 * Math.min(1, fill / 0.8);
    return faceUp(
      this.table,
      ca,
      cb,
      [r.halves[0].pips, r.halves[1].pips],
      Math.round(confidence * 1000) / 1000,
    );
  }

  /**
   * A whole face: face down unless it shows pips or a dividing line. Face-down tiles lie alone or side
   * by side in a hand, never end to end: a run of plain faces end to end is something else (a grey
   * sleeve), not tiles.
   */
  private whole(w: WholeShape, sample: FaceSampler, dark: boolean): SeenTile[] {
    const L = this.table.tile.length;
    const ux = Math.cos(w.theta);
    const uy = Math.sin(w.theta);
    const a = { x: w.x - (ux * L) / 4, y: w.y - (uy * L) / 4 };
    const b = { x: w.x + (ux * L) / 4, y: w.y + (uy * L) / 4 };
    const reading = readPips(sample, a, b, this.table.tile.width, dark);
    const line = bandWidth(sample, a.x, a.y, b.x, b.y, dark);
    if (reading.contrast > 0 || line.width > 0) {
      const tile = this.read(a, b, sample, dark, w.fill);
      return tile ? [tile] : [];
    }
    if (w.endToEnd) return [];
    const angle = (((w.theta * DEG) % 180) + 180) % 180;
    const down: SeenFaceDownTile = { faceDown: true, x: round1(w.x), y: round1(w.y), angle: round1(angle) };
    return [down];
  }
}
