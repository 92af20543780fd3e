// Balls frame after frame. Between two frames of a match most of the table does not change: the
// Detector compares each piece of foreground with the same place in the frame its balls were fitted
// on (reduced frames, a cheap test) and, where nothing changed beyond the sensor's noise, keeps the
// last frame's fits and names for the balls there; only the pieces that changed are looked at
// closely and classified. (Against the frame they were fitted on, not the last one: a ball creeping
// to a stop moves too little between two frames to tell, and its kept place would lag behind.) The
// answer is the one a fresh detection of the frame would give (to within the noise the test lets
// through). `reset()` forgets the last frame (a cut in the video, a new calibration).
import type { Table } from '../equipment/index.ts';
import type { Calibration } from '../camera/index.ts';
import type { Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import type { BallClassifier, ClassifiedBall } from './classify/index.ts';
import type { FittedBall } from './fit.ts';
import type { Component } from './foreground.ts';
import { identifyBalls, type DetectedBall } from './identify.ts';
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
}

// The reduced frame reads single pixels: sensor noise of σ ≈ 1.5 levels gives frame-to-frame
// differences whose largest over a piece's few hundred samples is ~9; a ball moving half a pixel
// changes its outline's samples by tens of levels.
export const DEFAULT_REUSE: ReuseOptions = { changeLevel: 16, margin: 2 };

export interface DetectorOptions {
  readonly locate: LocateOptions;
  readonly reuse: ReuseOptions;
}

export const DEFAULT_DETECTOR_OPTIONS: DetectorOptions = {
  locate: DEFAULT_LOCATE_OPTIONS,
  reuse: DEFAULT_REUSE,
};

export interface FrameDetection {
  readonly balls: DetectedBall[];
  /** Balls whose last answer was kept because nothing changed around them. */
  readonly reused: number;
  /** Outlines weighed this frame, kept and fresh: the frame's work, a little above the balls found. */
  readonly fitted: number;
}

interface LastFrame {
  readonly reduced: Uint8Array;
  readonly fits: readonly FittedBall[];
  readonly guesses: ReadonlyMap<FittedBall, ClassifiedBall>;
  readonly rimPx: number;
}

export class Detector {
  private readonly locator: Locator;
  private readonly buffers: [Uint8Array, Uint8Array];
  private next = 0;
  private last: LastFrame | undefined;

  constructor(
    readonly calibration: Calibration<Table>,
    private readonly classifier: BallClassifier,
    readonly options: DetectorOptions = DEFAULT_DETECTOR_OPTIONS,
  ) {
    this.locator = new Locator(calibration, options.locate);
    const n = this.locator.geometry.rw * this.locator.geometry.rh * 3;
    this.buffers = [new Uint8Array(n), new Uint8Array(n)];
  }

  /** Forget the last frame: the next is detected afresh. */
  reset(): void {
    this.last = undefined;
  }

  /** Every ball in a frame, with ids, or why the frame cannot be used. */
  async detect(image: RgbImage): Promise<Result<FrameDetection>> {
    const buffer = this.buffers[this.next] as Uint8Array;
    const prepared = this.locator.prepare(image, buffer);
    if (!prepared.ok) {
      this.last = undefined;
      return prepared;
    }
    const frame = prepared.value;
    const last = this.last;
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
        for (const f of last.fits) {
          const i = Math.floor(f.u / g.scale);
          const j = Math.floor(f.v / g.scale);
          if (i >= piece.i0 && i <= piece.i1 && j >= piece.j0 && j <= piece.j1) kept.add(f);
        }
      } else {
        changed.push(piece);
      }
    }
    const rimPrior = last?.rimPx ?? this.options.locate.rimWidthPx;
    const fresh = this.locator.fitPieces(frame, changed, rimPrior);
    const keptFits = [...kept];
    const settled = this.locator.settle([...keptFits, ...fresh], rimPrior);
    const known = new Map<FittedBall, ClassifiedBall>();
    settled.fits.forEach((f, i) => {
      const before = i < keptFits.length ? last?.guesses.get(keptFits[i] as FittedBall) : undefined;
      if (before) known.set(f, before);
    });

    let fits = settled.fits;
    let verified = this.locator.verify(fits);
    const extra = this.locator.byAppearance(
      frame,
      changed,
      verified.map((v) => v.fit),
    );
    if (extra.length > 0) {
      fits = [...fits, ...extra];
      verified = this.locator.verify(fits);
    }
    const limbs = this.locator.byLimb(
      frame,
      verified.map((v) => v.fit),
      settled.rimPx,
    );
    if (limbs.length > 0) {
      fits = [...fits, ...limbs];
      verified = this.locator.verify(fits);
    }
    const located: LocatedBall[] = verified.map(toLocated);
    const { balls, guesses } = await identifyBalls(
      image,
      located,
      this.classifier,
      verified.map((v) => known.get(v.fit)),
    );
    const named = new Map<FittedBall, ClassifiedBall>();
    verified.forEach((v, i) => named.set(v.fit, guesses[i] as ClassifiedBall));

    // Only the balls reported are carried to the next frame: a fit verification turned down (a
    // duplicate, a piece of an arm) is looked at again only where the picture changes.
    // What the next frame is compared with: this one, but where balls were kept, the pixels they
    // were fitted on.
    if (last) for (const piece of keptPieces) this.copyAround(last.reduced, buffer, piece);
    this.last = { reduced: buffer, fits: verified.map((v) => v.fit), guesses: named, rimPx: settled.rimPx };
    this.next = 1 - this.next;
    return {
      ok: true,
      value: {
        balls,
        reused: verified.filter((v) => known.has(v.fit)).length,
        fitted: fits.length,
      },
    };
  }

  /** A piece's box and a margin, as rows of the reduced frame: [start, end) offsets into its bytes. */
  private rowsAround(piece: Component): [number, number][] {
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
  private unchanged(before: Uint8Array, now: Uint8Array, piece: Component): boolean {
    const level = this.options.reuse.changeLevel;
    for (const [from, to] of this.rowsAround(piece)) {
      for (let k = from; k < to; k++) {
        const d = (before[k] as number) - (now[k] as number);
        if (d > level || d < -level) return false;
      }
    }
    return true;
  }

  /** Copy the reduced frame's bytes around a piece from one buffer to another. */
  private copyAround(from: Uint8Array, to: Uint8Array, piece: Component): void {
    for (const [a, b] of this.rowsAround(piece)) to.set(from.subarray(a, b), a);
  }
}

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
