// The knocked-camera check as the camera desk keeps it up (pipeline/camera-desk.ts): the calibration in
// use, the reference the frames are compared with, and the verdict on a frame. Pure and synchronous; a
// check costs some 0.36 s of a core on a 1080p frame at load 15 (bench/camera-check.ts), so `serve`
// runs it in a worker thread of its own (camera-check-worker.ts) and the server's event loop, which
// pushes the live rulings, never waits for it. Tests and tools may run it in the thread (inThread).
import type { Calibration } from '../camera/index.ts';
import type { RgbImage } from '../core/image.ts';
import { onBed, type Surface } from '../equipment/index.ts';
import type { CameraCheckView } from '../match/view.ts';
import {
  checkAgainstReference,
  checkCamera,
  DEFAULT_CAMERA_CHECK,
  edgeReference,
  type CameraCheck,
  type CameraCheckOptions,
  type EdgeReference,
} from '../vision/camera-check.ts';

/** A check's outcome, as the views show it, but for when it was made (the desk's clock says). */
export type CameraVerdict = Omit<CameraCheckView, 'at'>;

export class CameraWatch {
  /** The cushions as they looked when the calibration was known to fit (none yet: see check). */
  private edges: EdgeReference | undefined;

  constructor(
    private calibration: Calibration<Surface>,
    private readonly options: CameraCheckOptions = DEFAULT_CAMERA_CHECK,
  ) {}

  /** A picture on which the calibration is known to fit (the one saved beside its file). */
  reference(image: RgbImage): void {
    const bed = onBed(this.calibration);
    this.edges = bed && edgeReference(image, bed);
  }

  /** A new calibration (Save), fitted on `image` where there is one: the reference from here on. */
  recalibrate(calibration: Calibration<Surface>, image: RgbImage | undefined): void {
    this.calibration = calibration;
    const bed = onBed(calibration);
    this.edges = image && bed && edgeReference(image, bed);
  }

  /**
   * Against the reference where there is one (the picture saved with the calibration, or an earlier
   * frame this check passed): has the picture moved since? With none, where the calibration puts the
   * cushions (vision/camera-check.ts): a frame that passes becomes the reference; one in which the
   * cushions cannot be told apart as our renderer draws them (another table's look) is taken as the
   * reference too, the calibration trusted as given.
   */
  check(image: RgbImage): CameraVerdict {
    // The check follows the cushions' edges; a flat surface (dominoes) has none to follow.
    const bed = onBed(this.calibration);
    if (!bed) return { state: 'unknown', text: 'a flat surface has no cushions to check the camera against' };
    let r: CameraCheck;
    if (this.edges) r = checkAgainstReference(image, bed, this.edges);
    else {
      r = checkCamera(image, bed, this.options);
      const lookUnknown = r.verdict === 'moved' && Number.isNaN(r.offsetPx);
      if (r.verdict === 'fits' || lookUnknown) this.edges = edgeReference(image, bed);
      if (lookUnknown)
        r = {
          ...r,
          verdict: 'unknown',
          text: 'the cushions do not look as expected: the picture now is the reference from here on',
        };
    }
    return {
      state: r.verdict,
      text: r.text,
      ...(Number.isFinite(r.offsetPx) ? { offsetPx: Math.round(r.offsetPx * 100) / 100 } : {}),
    };
  }
}

/** What the desk asks of the check, wherever it runs: in order, each check answered once. */
export interface CameraChecker {
  check(image: RgbImage): Promise<CameraVerdict>;
  reference(image: RgbImage): void;
  recalibrate(calibration: Calibration<Surface>, image: RgbImage | undefined): void;
  close(): Promise<void>;
}

/** The check in the caller's thread (it blocks it for the check's time: tests and tools only). */
export const inThread = (watch: CameraWatch): CameraChecker => ({
  check: (image) => Promise.resolve(watch.check(image)),
  reference: (image) => watch.reference(image),
  recalibrate: (calibration, image) => watch.recalibrate(calibration, image),
  close: () => Promise.resolve(),
});
