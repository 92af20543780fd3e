// Balls frame after frame. Between two frames of a match most of the table does not change: the
// Detector compares each piece of foreground with the same place in the frame its balls were fitted
// on (reduced frames, a cheap test) and, where nothing changed beyond the sensor's noise, keeps the
// last frame's fits and names for the balls there; only the pieces that changed are looked at
// closely and classified. (Against the frame they were fitted on, not the last one: a ball creeping
// to a stop moves too little between two frames to tell, and its kept place would lag behind.) The
// answer is the one a fresh detection of the frame would give (to within the noise the test lets
// through). `reset()` forgets the last frame (a cut in the video, a new calibration).
//
// A still table (between shots, most of a match's frames) changes nowhere: there the whole last
// answer is kept, before the cloth, the foreground and the limb stage's full-resolution scan (those
// cost a still frame nearly what a fresh one costs: 8–15 ms a 1080p frame on bench/detect-alt.ts's
// still table, against 1.1–1.3 ms kept whole), when the table's part of the reduced frame and, at
// full resolution, each reported ball's disc are within the sensor's noise of the frame they were
// found on. The reduced frame reads one pixel in `scale` × `scale`, so a ball it cannot see (a
// black set down in a pocket's jaws shows only its highlights) would be missed for as long as the
// table stays still: after `stillFrames` such frames in a row, the stages run again.
//
// A frame with no detail at its own pixels' scale (a webcam's stream scaled up, a camera out of focus:
// detail.ts) is looked at at half its size, by a Detector of the same camera at that size, where its
// balls are still as large as a 1080p frame's; what it finds is given back in the frame's pixels.
import type { Table } from '../equipment/index.ts';
import { scaleCalibration, type Calibration } from '../camera/index.ts';
import type { Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { px } from '../core/units.ts';
import type { BallClassifier, ClassifiedBall } from './classify/index.ts';
import type { FittedBall } from './fit.ts';
import { DEFAULT_DETAIL, edgeSpread, halfSize, type DetailOptions } from './detail.ts';
import type { Component } from './foreground.ts';
import { boxHolds, markBox, reducedBoxOf, rowOnTable, type ReducedBox } from './geometry.ts';
import type { ReducedFrame } from './reduce.ts';
import type { BallId } from '../equipment/pieces.ts';
import { chromaticitiesOf, identifyBalls, patchOf, type DetectedBall } from './identify.ts';
import { DEFAULT_LOOKS, learnLooks, type BallLooks, type LooksOptions, type SetUpPlace } from './looks.ts';
import {
  DEFAULT_LOCATE_OPTIONS,
  Locator,
  toLocated,
  type LocateOptions,
  type LocatedBall,
} from './locate.ts';

export interface ReuseOptions {
  /** Largest change (8-bit, any channel, any reduced pixel) around a piece that still counts as none. */
  readonly changeLevel: number;
  /** How far around a piece's box (reduced px) the frames are compared. */
  readonly margin: number;
  /** At most this many frames in a row keep the whole last answer; the next is looked at again. */
  readonly stillFrames: number;
  /**
   * In a frame in play (some of it changed), balls are looked for by their limbs within this many
   * ball radii of where it changed (limb.ts findByLimb `where`)…
   */
  readonly lookReach: number;
  /** …for at most this many frames in a row; the next looks over the whole table. */
  readonly wholeTableEvery: number;
}

// The reduced frame reads single pixels: sensor noise of σ ≈ 1.5 levels gives frame-to-frame
// differences whose largest over a piece's few hundred samples is ~9; a ball moving half a pixel
// changes its outline's samples by tens of levels.
// Fifteen frames, half a second at 30 fps: how late a ball the reduced frame cannot see may be found.
// Three radii: a ball whose limb changed has its centre within one, and the search's seeds spread a
// radius round a highlight or a piece of foreground. Thirty frames, a second at 30 fps: how late a ball
// set down where the reduced frame cannot see it (a black in a pocket's jaws) may be found in play.
export const DEFAULT_REUSE: ReuseOptions = {
  changeLevel: 16,
  margin: 2,
  stillFrames: 15,
  lookReach: 3,
  wholeTableEvery: 30,
};

export interface DetectorOptions {
  readonly locate: LocateOptions;
  readonly reuse: ReuseOptions;
  /** Which frames are looked at at half their size (detail.ts). */
  readonly detail: DetailOptions;
  /** The club's ball set's looks, where learned (looks.ts): they weigh the classifier's names… */
  readonly looks?: BallLooks | undefined;
  /** …as alike as these spreads say (and a set-up's ball is on its place within its reach). */
  readonly looksMatch: LooksOptions;
}

export const DEFAULT_DETECTOR_OPTIONS: DetectorOptions = {
  locate: DEFAULT_LOCATE_OPTIONS,
  reuse: DEFAULT_REUSE,
  detail: DEFAULT_DETAIL,
  looksMatch: DEFAULT_LOOKS,
};

export interface FrameDetection {
  readonly balls: DetectedBall[];
  /** Balls whose last answer was kept because nothing changed around them. */
  readonly reused: number;
  /** Outlines weighed this frame, kept and fresh: the frame's work, a little above the balls found. */
  readonly fitted: number;
  /** The whole last answer was kept: nothing on the table moved (the stages did not run). */
  readonly still: boolean;
  /** The frame was looked at at half its size: it has no detail at its own (detail.ts). */
  readonly halved: boolean;
  /**
   * The classifier called a ball the set's white (identify.ts): where it called none (no white on the
   * table, or one it does not know), the white was chosen by likeness and the names are less sure.
   */
  readonly whiteCalled: boolean;
}

/** A ball's disc at full resolution, as it was in the frame it was found on: rows of the image
 * ([start, end) byte offsets) and their bytes, end to end. */
interface Disc {
  readonly rows: Int32Array;
  readonly bytes: Uint8Array;
}

/** What a frame is compared with to tell a still table: the frame an answer was found on. */
interface StillReference {
  readonly reduced: Uint8Array;
  readonly balls: readonly DetectedBall[];
  readonly whiteCalled: boolean;
  /** The reported balls' discs (`balls`' order). */
  readonly discs: readonly Disc[];
}

interface LastFrame extends StillReference {
  /** The reported balls' fits (`balls`' order). */
  readonly fits: readonly FittedBall[];
  readonly guesses: ReadonlyMap<FittedBall, ClassifiedBall>;
  readonly rimPx: number;
}

export class Detector {
  private readonly locator: Locator;
  private readonly buffers: [Uint8Array, Uint8Array];
  private next = 0;
  private last: LastFrame | undefined;
  /** The last answer found at half the frame's size, in the frame's pixels (see detect). */
  private lastHalved: StillReference | undefined;
  /** Frames in a row that kept the whole last answer. */
  private stillRun = 0;
  /** Frames in play in a row looked at only where they changed (see ReuseOptions.lookReach). */
  private inPlayRun = 0;
  /** Where a frame in play is looked at, and scratch for working it out (reduced px). */
  private readonly lookAt: Uint8Array;
  private readonly lookScratch: Uint8Array;
  private readonly lookCounts: Int32Array;
  /** The table's part of each row of the reduced frame: [start, end) byte offsets. */
  private readonly tableRows: [number, number][] = [];
  /** The camera at half the frame's size, where its balls are large enough there (DetailOptions). */
  private readonly halfCalibration: Calibration<Table> | undefined;
  /** The Detector of frames looked at at half their size, and the buffer they are halved into: made
   * when first needed. */
  private half: { detector: Detector; buffer: Uint8Array } | undefined;
  /** Whether the camera's frames have no detail at their own size (detail.ts), and how many frames
   * ago that was measured. */
  private soft = false;
  private sinceSpread = Infinity;

  constructor(
    readonly calibration: Calibration<Table>,
    private readonly classifier: BallClassifier,
    readonly options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
  ) {
    this.locator = new Locator(calibration, options.locate);
    const n = this.locator.geometry.rw * this.locator.geometry.rh * 3;
    this.buffers = [new Uint8Array(n), new Uint8Array(n)];
    this.lookAt = new Uint8Array(n / 3);
    this.lookScratch = new Uint8Array(n / 3);
    this.lookCounts = new Int32Array(this.locator.geometry.rw);
    const g = this.locator.geometry;
    for (let j = 0; j < g.rh; j++) {
      const span = rowOnTable(g, j);
      if (span) this.tableRows.push([3 * (j * g.rw + span[0]), 3 * (j * g.rw + span[1] + 1)]);
    }
    const halved =
      g.maxRadius / 2 >= options.detail.minHalfRadiusPx ? scaleCalibration(calibration, 0.5) : undefined;
    this.halfCalibration = halved?.ok ? halved.value : undefined;
  }

  /** Forget the last frame: the next is detected afresh. */
  reset(): void {
    this.last = undefined;
    this.lastHalved = undefined;
    this.half?.detector.reset();
    this.sinceSpread = Infinity;
    this.inPlayRun = 0;
  }

  /** Every ball in a frame, with ids, or why the frame cannot be used. */
  async detect(image: RgbImage): Promise<Result<FrameDetection>> {
    // The frame's shape is checked once, by reduce: a frame of the wrong size is refused at its own
    // size, with the size it should have been.
    const buffer = this.buffers[this.next] as Uint8Array;
    const reduced = this.locator.reduce(image, buffer);
    if (!reduced.ok) {
      this.last = undefined;
      this.lastHalved = undefined;
      return reduced;
    }
    const o = this.options.detail;
    if (this.halfCalibration && this.sinceSpread++ >= o.everyFrames) {
      this.soft = edgeSpread(image, o) > o.maxSpread;
      this.sinceSpread = 1;
    }
    // The camera at half the size, where this frame is looked at so. A still table is told at the
    // frame's own size, halved or not: a still frame is not halved (at 4K that costs 20-25 ms, where
    // telling it still costs 2-3).
    const halved = this.soft ? this.halfCalibration : undefined;
    const reference = halved ? this.lastHalved : this.last;
    if (halved) this.last = undefined;
    else this.lastHalved = undefined;
    if (
      reference &&
      this.stillRun < this.options.reuse.stillFrames &&
      this.isStill(reference, image, buffer)
    ) {
      // The reference stays the frame the answer was found on (as below): a slow drift adds up there.
      this.stillRun++;
      const balls = [...reference.balls];
      return {
        ok: true,
        value: {
          balls,
          reused: balls.length,
          fitted: 0,
          still: true,
          halved: halved !== undefined,
          whiteCalled: reference.whiteCalled,
        },
      };
    }
    this.stillRun = 0;
    if (!halved) {
      this.half?.detector.reset();
      return this.detectAtSize(image, reduced.value, buffer);
    }
    return this.detectHalved(image, buffer, halved);
  }

  /**
   * detect, a frame not still looked at at half its size by a Detector of the camera at that size
   * (`calibration`); its answer given in the frame's pixels. `buffer` holds the frame's reduced frame.
   */
  private async detectHalved(
    image: RgbImage,
    buffer: Uint8Array,
    calibration: Calibration<Table>,
  ): Promise<Result<FrameDetection>> {
    const half = (this.half ??= {
      detector: new Detector(calibration, this.classifier, this.options),
      buffer: new Uint8Array(calibration.image.width * calibration.image.height * 3),
    });
    const r = await half.detector.detect(halfSize(image, half.buffer));
    if (!r.ok) {
      this.lastHalved = undefined;
      return r;
    }
    // A pixel's centre at half the size is the middle of the two by two it covers: 2u + 0.5.
    const balls = r.value.balls.map((b) => ({
      ...b,
      u: px(2 * b.u + 0.5),
      v: px(2 * b.v + 0.5),
      radiusPx: px(2 * b.radiusPx),
      rmsPx: 2 * b.rmsPx,
    }));
    this.lastHalved = {
      reduced: buffer,
      balls,
      whiteCalled: r.value.whiteCalled,
      discs: balls.map((b) => discOf(image, b.u, b.v, b.radiusPx)),
    };
    this.next = 1 - this.next;
    return { ok: true, value: { ...r.value, balls, halved: true } };
  }

  /** detect, a frame not still looked at at its own size: `buffer` holds its reduced frame. */
  private async detectAtSize(
    image: RgbImage,
    reduced: ReducedFrame,
    buffer: Uint8Array,
  ): Promise<Result<FrameDetection>> {
    const last = this.last;
    const prepared = this.locator.prepareReduced(image, reduced);
    if (!prepared.ok) {
      this.last = undefined;
      return prepared;
    }
    const frame = prepared.value;
    const g = this.locator.geometry;

    // Pieces unchanged since the last frame keep that frame's balls; the rest are fitted now. Pieces'
    // boxes can overlap, so a ball is kept once however many unchanged boxes hold it (kept twice, it
    // would be kept four times the frame after, and so on: a pack breaking up took seconds a frame).
    const kept = new Set<FittedBall>();
    const changed: Component[] = [];
    const keptPieces: Component[] = [];
    for (const piece of frame.pieces) {
      if (last && this.unchanged(last.reduced, frame.reduced.data, piece)) {
        keptPieces.push(piece);
        for (const f of last.fits) if (boxHolds(g, piece, f.u, f.v)) kept.add(f);
      } else {
        changed.push(piece);
      }
    }
    // Balls found outside every piece (by their limbs: a black in a pocket's jaws shows the reduced
    // frame only its highlights, a green on green cloth may show it nothing) keep their last answer
    // where the reduced frame around them and their disc at full resolution are as they were: in play,
    // the limb search looks only where the frame changed, and would not find them again.
    const loose: ReducedBox[] = [];
    const inPlay = last !== undefined && this.inPlayRun < this.options.reuse.wholeTableEvery;
    if (last && inPlay) {
      last.fits.forEach((f, k) => {
        if (kept.has(f) || frame.pieces.some((p) => boxHolds(g, p, f.u, f.v))) return;
        const box = reducedBoxOf(g, f.u, f.v, f.radius);
        if (!this.unchanged(last.reduced, frame.reduced.data, box)) return;
        if (discMoved(last.discs[k] as Disc, image, this.options.reuse.changeLevel)) return;
        kept.add(f);
        loose.push(box);
      });
    }
    const where = last && inPlay ? this.whereChanged(last, frame.reduced.data, changed, kept) : undefined;
    this.inPlayRun = where ? this.inPlayRun + 1 : 0;
    const rimPrior = last?.rimPx ?? this.options.locate.rimWidthPx;
    const fresh = this.locator.fitPieces(frame, changed, rimPrior);
    const keptFits = [...kept];
    const settled = this.locator.settle([...keptFits, ...fresh], rimPrior);
    const known = new Map<FittedBall, ClassifiedBall>();
    const keptDiscs = new Map<FittedBall, Disc>();
    settled.fits.forEach((f, i) => {
      const was = i < keptFits.length ? (keptFits[i] as FittedBall) : undefined;
      const before = was && last?.guesses.get(was);
      if (before) known.set(f, before);
      const disc = was && last?.discs[last.fits.indexOf(was)];
      if (disc) keptDiscs.set(f, disc);
    });

    const { verified, fits } = this.locator.complete(frame, settled.fits, settled.rimPx, changed, where);
    const located: LocatedBall[] = verified.map((v) => toLocated(frame, v));
    const { balls, guesses, whiteCalled } = await identifyBalls(
      image,
      located,
      this.classifier,
      verified.map((v) => known.get(v.fit)),
      this.options.looks && { looks: this.options.looks, options: this.options.looksMatch },
    );
    const named = new Map<FittedBall, ClassifiedBall>();
    verified.forEach((v, i) => named.set(v.fit, guesses[i] as ClassifiedBall));

    // Only the balls reported are carried to the next frame: a fit verification turned down (a
    // duplicate, a piece of an arm) is looked at again only where the picture changes.
    // What the next frame is compared with: this one, but where balls were kept, the pixels they
    // were fitted on.
    if (last) for (const box of [...keptPieces, ...loose]) this.copyAround(last.reduced, buffer, box);
    this.last = {
      reduced: buffer,
      balls,
      whiteCalled,
      discs: verified.map((v) => keptDiscs.get(v.fit) ?? discOf(image, v.fit.u, v.fit.v, v.fit.radius)),
      fits: verified.map((v) => v.fit),
      guesses: named,
      rimPx: settled.rimPx,
    };
    this.next = 1 - this.next;
    return {
      ok: true,
      value: {
        balls,
        reused: verified.filter((v) => known.has(v.fit)).length,
        fitted: fits.length,
        still: false,
        halved: false,
        whiteCalled,
      },
    };
  }

  /** Is the table as it was when the last answer was found: its reduced frame, and every ball's disc? */
  private isStill(last: StillReference, image: RgbImage, reduced: Uint8Array): boolean {
    const level = this.options.reuse.changeLevel;
    for (const [from, to] of this.tableRows)
      if (moved(last.reduced, reduced, from, to, 0, level)) return false;
    return !last.discs.some((disc) => discMoved(disc, image, level));
  }

  /**
   * Where a frame in play is looked at (`lookAt`, reduced px): within `lookReach` ball radii of every
   * reduced pixel of the table that differs from the reference (`before`) by more than the sensor's
   * noise, of every changed piece, and of every ball of the last answer not kept (where a ball was
   * and is not now, or was refitted).
   */
  private whereChanged(
    last: LastFrame,
    now: Uint8Array,
    changed: readonly Component[],
    kept: ReadonlySet<FittedBall>,
  ): Uint8Array {
    const g = this.locator.geometry;
    const { rw, rh } = g;
    const level = this.options.reuse.changeLevel;
    const at = this.lookScratch;
    at.fill(0, 0, rw * rh);
    const before = last.reduced;
    for (const [from, to] of this.tableRows)
      for (let k = from; k < to; k += 3) {
        const d0 = (before[k] as number) - (now[k] as number);
        const d1 = (before[k + 1] as number) - (now[k + 1] as number);
        const d2 = (before[k + 2] as number) - (now[k + 2] as number);
        if (d0 > level || d0 < -level || d1 > level || d1 < -level || d2 > level || d2 < -level)
          at[k / 3] = 1;
      }
    for (const p of changed) markBox(g, at, p);
    for (const f of last.fits) if (!kept.has(f)) markBox(g, at, reducedBoxOf(g, f.u, f.v, f.radius));
    const reach = Math.ceil((this.options.reuse.lookReach * g.maxRadius) / g.scale);
    return dilate(at, this.lookAt, this.lookCounts, rw, rh, reach);
  }

  /** A piece's box and a margin, as rows of the reduced frame: [start, end) offsets into its bytes. */
  private rowsAround(piece: ReducedBox): [number, number][] {
    const { rw, rh } = this.locator.geometry;
    const m = this.options.reuse.margin;
    const i0 = Math.max(0, piece.i0 - m);
    const i1 = Math.min(rw - 1, piece.i1 + m);
    const rows: [number, number][] = [];
    for (let j = Math.max(0, piece.j0 - m); j <= Math.min(rh - 1, piece.j1 + m); j++)
      rows.push([3 * (j * rw + i0), 3 * (j * rw + i1 + 1)]);
    return rows;
  }

  /** Is the reduced frame the same as the reference around a piece (its box and a margin)? */
  private unchanged(before: Uint8Array, now: Uint8Array, piece: ReducedBox): boolean {
    const level = this.options.reuse.changeLevel;
    for (const [from, to] of this.rowsAround(piece)) if (moved(before, now, from, to, 0, level)) return false;
    return true;
  }

  /** Copy the reduced frame's bytes around a piece from one buffer to another. */
  private copyAround(from: Uint8Array, to: Uint8Array, piece: ReducedBox): void {
    for (const [a, b] of this.rowsAround(piece)) to.set(from.subarray(a, b), a);
  }
}

/** Does any byte of `now[from, to)` differ by more than `level` from `before`'s, `shift` bytes on? */
const moved = (
  before: Uint8Array,
  now: Uint8Array,
  from: number,
  to: number,
  shift: number,
  level: number,
): boolean => {
  for (let k = from; k < to; k++) {
    const d = (before[k + shift] as number) - (now[k] as number);
    if (d > level || d < -level) return true;
  }
  return false;
};

/** Has any byte of a ball's disc, as it was found, changed by more than `level` in `image`? */
const discMoved = ({ rows, bytes }: Disc, image: RgbImage, level: number): boolean => {
  let o = 0;
  for (let k = 0; k < rows.length; k += 2) {
    const from = rows[k] as number;
    const to = rows[k + 1] as number;
    if (moved(bytes, image.data, from, to, o - from, level)) return true;
    o += to - from;
  }
  return false;
};

/**
 * `marks` (rw × rh, 0 or 1 a reduced pixel) grown by `reach` pixels every way (a square), into `out`.
 * Only the rows from the first marked row less `reach` to the last plus `reach` can be marked; the
 * rest are cleared (in play, a rolling ball's few rows: a pass over the whole reduced frame took a
 * millisecond of a 1080p frame in play, 480 × 270 reduced pixels). Along each marked row into `out`,
 * by a count of the marks within reach kept as the window slides; that copied back into `marks`; then
 * down the columns into `out`, a count a column (`counts`, rw long) kept as the window slides row by
 * row. `out` is returned.
 */
const dilate = (
  marks: Uint8Array,
  out: Uint8Array,
  counts: Int32Array,
  rw: number,
  rh: number,
  reach: number,
): Uint8Array => {
  const first = marks.indexOf(1);
  if (first < 0 || first >= rw * rh) return out.fill(0, 0, rw * rh);
  const top = Math.floor(first / rw);
  const bottom = Math.floor(marks.lastIndexOf(1, rw * rh - 1) / rw);
  const j0 = Math.max(0, top - reach);
  const j1 = Math.min(rh - 1, bottom + reach);
  out.fill(0, 0, j0 * rw);
  out.fill(0, (j1 + 1) * rw, rw * rh);
  for (let j = top; j <= bottom; j++) {
    const row = j * rw;
    let n = 0;
    for (let i = 0; i < Math.min(reach, rw); i++) n += marks[row + i] as number;
    for (let i = 0; i < rw; i++) {
      if (i + reach < rw) n += marks[row + i + reach] as number;
      out[row + i] = n > 0 ? 1 : 0;
      if (i - reach >= 0) n -= marks[row + i - reach] as number;
    }
  }
  // Rows above `top` and below `bottom` have no marks, in `marks` as in the rows just spread.
  marks.set(out.subarray(top * rw, (bottom + 1) * rw), top * rw);
  // The window at row j0, before its lowest row is added: the marked rows above j0 + reach.
  counts.fill(0, 0, rw);
  for (let j = top; j <= Math.min(bottom, j0 + reach - 1); j++)
    for (let i = 0; i < rw; i++) counts[i] = (counts[i] as number) + (marks[j * rw + i] as number);
  for (let j = j0; j <= j1; j++) {
    const row = j * rw;
    for (let i = 0; i < rw; i++) {
      let n = counts[i] as number;
      if (j + reach <= bottom) n += marks[row + reach * rw + i] as number;
      out[row + i] = n > 0 ? 1 : 0;
      if (j - reach >= top) n -= marks[row - reach * rw + i] as number;
      counts[i] = n;
    }
  }
  return out;
};

// Its limb and a pixel either side: where a ball that moves changes first, and by most.
const DISC_MARGIN_PX = 2;

/** A ball's disc (and a margin) in a frame: its image's centre (u, v) and radius, px. */
const discOf = (image: RgbImage, u: number, v: number, radius: number): Disc => {
  const { width, height, data } = image;
  const r = radius + DISC_MARGIN_PX;
  const rows: number[] = [];
  for (let y = Math.max(0, Math.ceil(v - r)); y <= Math.min(height - 1, Math.floor(v + r)); y++) {
    const w = Math.sqrt(Math.max(0, r * r - (y - v) ** 2));
    const x0 = Math.max(0, Math.ceil(u - w));
    const x1 = Math.min(width - 1, Math.floor(u + w));
    if (x0 <= x1) rows.push(3 * (y * width + x0), 3 * (y * width + x1 + 1));
  }
  const bytes = new Uint8Array(rows.reduce((n, b, k) => (k % 2 ? n + b : n - b), 0));
  let o = 0;
  for (let k = 0; k < rows.length; k += 2) {
    bytes.set(data.subarray(rows[k] as number, rows[k + 1] as number), o);
    o += (rows[k + 1] as number) - (rows[k] as number);
  }
  return { rows: Int32Array.from(rows), bytes };
};

/** Every ball in one frame, with ids: a single fresh detection. */
export const detectBalls = async (
  image: RgbImage,
  calibration: Calibration<Table>,
  classifier: BallClassifier,
  options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
): Promise<Result<DetectedBall[]>> => {
  const r = await new Detector(calibration, classifier, options).detect(image);
  return r.ok ? { ok: true, value: r.value.balls } : r;
};

/**
 * The club's ball set's looks (looks.ts), learned from a frame of its balls set up as the game sets
 * them (`places`: the colours on their spots, the reds racked), the `white` anywhere else: the frame
 * detected afresh, each place's ball its id. The Detector's own looks play no part (a fresh Detector
 * without them names the balls; the places alone say which is which).
 */
export const learnBallLooks = async (
  image: RgbImage,
  calibration: Calibration<Table>,
  classifier: BallClassifier,
  places: readonly SetUpPlace[],
  white: BallId,
  options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
): Promise<Result<BallLooks>> => {
  const r = await detectBalls(image, calibration, classifier, { ...options, looks: undefined });
  return r.ok ? learnLooksOf(image, r.value, calibration, places, white, options) : r;
};

/**
 * learnBallLooks from the balls a detection without looks already found in `image` (a Detector's, as
 * frames come): an error, before any colour is measured, where they do not stand as set up.
 */
export const learnLooksOf = (
  image: RgbImage,
  balls: readonly DetectedBall[],
  calibration: Calibration<Table>,
  places: readonly SetUpPlace[],
  white: BallId,
  options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
): Result<BallLooks> =>
  learnLooks(
    balls,
    chromaticitiesOf(image, balls.map(patchOf)),
    places,
    white,
    calibration.table.ballRadius,
    options.looksMatch,
  );
