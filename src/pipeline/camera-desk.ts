// The camera as the person installing it sees it, behind `referee serve`'s /calibrate page and the
// knocked-camera alert: the live source's latest frame, the calibration in use, a calibration solved
// from points clicked on the frame (the camera module's points solve, the lens kept as the calibration
// in use has it: a knock moves the camera, not its lens), the table's lines drawn back through it, the
// automatic calibration's answer as a start, Save (the file, then the running detector), the club's
// ball set learned from the frame of its balls set up (the file, then the running detector), and the
// check that the calibration still fits the picture (camera-watch.ts, in a worker thread of its own
// when opened for `serve`). Pure but for the frame it keeps, the files it writes and that thread; the
// clock that runs the check is the command's.
import { isBed, onBed, type Surface } from '../equipment/index.ts';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { z } from 'zod';
import {
  MAX_POINTS,
  pixelToPlane,
  project,
  solveCalibration,
  marked,
  overlaysSchema,
  stringifyCalibration,
  type Calibration,
  type PointCorrespondence,
} from '../camera/index.ts';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { parseWith } from '../core/schema.ts';
import { mm, pointPx } from '../core/units.ts';
import type { CameraCheckView } from '../match/view.ts';
import { decodeImage } from '../capture/folder.ts';
import { calibrateFromImage } from '../vision/calibrate/index.ts';
import type { CameraCheckOptions } from '../vision/camera-check.ts';
import type { GameDefinition } from '../games/definition.ts';
import { makeBallLooks, type BallLooks } from '../vision/index.ts';
import { CameraWatch, inThread, type CameraChecker } from './camera-watch.ts';
import { learnGameLooks } from './detector.ts';
import type { DetectorChange } from './live.ts';
import { CameraCheckWorker, learnInWorker } from './worker.ts';

/** A point of the table the page shows a handle for, where the calibration puts it. */
export interface DeskPoint {
  readonly name: string;
  /** Table frame, mm: a corner at the cushion noses' height (where the person sees it), a spot on the cloth. */
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Image, px. */
  readonly u: number;
  readonly v: number;
  /** The four corners are always used; a spot only once the person has placed it. */
  readonly corner: boolean;
}

/** The table's lines as a calibration draws them on the picture: polylines and spots, image px. */
export interface Drawing {
  readonly lines: readonly {
    readonly kind: string;
    readonly points: readonly (readonly [number, number])[];
  }[];
  readonly spots: readonly { readonly name: string; readonly u: number; readonly v: number }[];
}

export interface Solved {
  readonly rmsPx: number;
  /** √(mean of squared distances, at each point's height, between it and where its pixel's ray falls), mm. */
  readonly rmsMm: number;
  readonly points: readonly (PointCorrespondence & { readonly errorPx: number; readonly errorMm: number })[];
  readonly drawing: Drawing;
}

export interface DeskOptions {
  /** Where Save writes the calibration (the file `serve` was given); none: Save is refused. */
  readonly file: string | undefined;
  readonly check?: CameraCheckOptions;
  /** Each check's outcome (the views' alert). */
  readonly onCheck?: (check: CameraCheckView) => void;
  /** The clock (ms), for when a check was made. */
  readonly now: () => number;
  /** The club's ball set (Learn): the game whose set-up says where each ball stands, and the set's file. */
  readonly ballSet?: BallSetOptions;
}

/** How a desk learns the ball set from a frame: in the caller's thread (learnGameLooks) or another's. */
export type BallSetLearner = (
  game: GameDefinition,
  calibration: Calibration<Surface>,
  image: RgbImage,
) => Promise<Result<BallLooks>>;

export interface BallSetOptions {
  readonly game: GameDefinition;
  /** Where Learn writes the set (serve's --looks, else beside the calibration file); none: Learn is refused. */
  readonly file: string | undefined;
  /** The set the detector uses at start, where there is one. */
  readonly inUse: BallLooks | undefined;
}

const finite = z.number().finite();
const pointsBody = z.object({
  points: z
    .array(z.object({ u: finite, v: finite, x: finite, y: finite, z: finite.default(0) }))
    .min(4, { error: 'need at least the four corners' })
    .max(MAX_POINTS),
  // The boxes of the picture's burned-in graphics marked on the page; none: the picture has none.
  overlays: overlaysSchema.default([]),
});

/** Samples per drawn segment: enough for the lens's bending to show. */
const SAMPLES = 24;

/** The picture a calibration file was saved on, beside it: what the camera check compares with. */
export const referencePath = (file: string): string => `${file}.reference.jpg`;

export class CameraDesk {
  private current: Calibration<Surface>;
  private latest: RgbImage | undefined;
  private lastCheck: CameraCheckView | undefined;
  private reloadDetector: ((change: DetectorChange) => Promise<boolean>) | undefined;
  private looks: BallLooks | undefined;
  /** The frame last checked (a source that has ended, or stalled, is not checked over and over). */
  private checked: RgbImage | undefined;
  /** Checks asked for and not yet answered (the timer does not queue more behind them). */
  private checking = 0;

  /**
   * A desk checking and learning in the caller's thread unless given a checker and a learner (`open`
   * gives it a worker for each).
   */
  constructor(
    calibration: Calibration<Surface>,
    private readonly options: DeskOptions,
    private readonly checker: CameraChecker = inThread(new CameraWatch(calibration, options.check)),
    private readonly learner: BallSetLearner = learnGameLooks,
  ) {
    this.current = calibration;
    this.looks = options.ballSet?.inUse;
  }

  /**
   * A desk whose check runs in a worker thread of its own, and whose Learn runs in another (the
   * server's thread never waits for either), with the reference picture saved beside the calibration
   * file, where there is one.
   */
  static async open(calibration: Calibration<Surface>, options: DeskOptions): Promise<CameraDesk> {
    const desk = new CameraDesk(
      calibration,
      options,
      await CameraCheckWorker.start(calibration, options.check),
      learnInWorker,
    );
    const file = options.file === undefined ? undefined : referencePath(options.file);
    if (file !== undefined && existsSync(file)) {
      const image = await decodeImage(file);
      if (image.ok) desk.checker.reference(image.value);
    }
    return desk;
  }

  /** Stop the check's thread (a check still waiting is answered `unknown`). */
  close(): Promise<void> {
    return this.checker.close();
  }

  get calibration(): Calibration<Surface> {
    return this.current;
  }

  get file(): string | undefined {
    return this.options.file;
  }

  get check(): CameraCheckView | undefined {
    return this.lastCheck;
  }

  /** How Save and Learn make the running detector take the new file or set (the live pipeline hands it over). */
  set reload(reload: (change: DetectorChange) => Promise<boolean>) {
    this.reloadDetector = reload;
  }

  /** The source's latest frame (a copy the desk may keep). The first one is checked at once. */
  frame(image: RgbImage): void {
    const first = this.latest === undefined;
    this.latest = image;
    if (first) void this.runCheck();
  }

  get hasFrame(): boolean {
    return this.latest !== undefined;
  }

  /**
   * Check the latest frame (CameraWatch.check: against the reference, else where the calibration puts
   * the cushions), tell `onCheck` when the verdict comes, and resolve with it.
   */
  async runCheck(): Promise<CameraCheckView | undefined> {
    const image = this.latest;
    if (!image) return undefined;
    this.checked = image;
    this.checking++;
    const verdict = await this.checker.check(image).finally(() => this.checking--);
    const view: CameraCheckView = { ...verdict, at: this.options.now() };
    this.lastCheck = view;
    this.options.onCheck?.(view);
    return view;
  }

  /** runCheck, where a frame has come since the last check and none is being checked (the timer's). */
  checkNewFrame(): Promise<CameraCheckView | undefined> {
    if (this.latest === this.checked || this.checking > 0) return Promise.resolve(undefined);
    return this.runCheck();
  }

  /** The latest frame as JPEG, for the page. */
  async frameJpeg(quality = 90): Promise<Buffer | undefined> {
    const image = this.latest;
    if (!image) return undefined;
    return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  }

  /**
   * The points the page shows handles for: the playing area's corners where the person sees them, the
   * two cushion noses' lines meeting at the noses' height (on the cloth they lie ~9 px away at the
   * corners of a 1080p picture, under the nose); then the bed's spots, on the cloth.
   */
  private tablePoints(): Omit<DeskPoint, 'u' | 'v'>[] {
    const t = this.current.table;
    const bed = isBed(t) ? t : undefined;
    const corners = [
      [0, 0],
      [t.width, 0],
      [t.width, t.length],
      [0, t.length],
    ].map(([x, y]) => ({
      name: `corner ${x}, ${y}`,
      x: x as number,
      y: y as number,
      z: bed?.cushionNoseHeight ?? 0,
      corner: true,
    }));
    const spots = (bed?.marks?.spots ?? []).map((s) => ({
      name: s.name,
      x: s.at.x,
      y: s.at.y,
      z: 0,
      corner: false,
    }));
    return [...corners, ...spots];
  }

  private pointsThrough(c: Calibration<Surface>): DeskPoint[] {
    return this.tablePoints().map((p) => {
      const q = project(c, { x: mm(p.x), y: mm(p.y), z: mm(p.z) });
      return { ...p, u: round(q.u), v: round(q.v) };
    });
  }

  /** What the page starts from: the picture's size, the points where the calibration in use puts them, and its drawing. */
  start(): object {
    const c = this.current;
    return {
      image: c.image,
      table: { width: c.table.width, length: c.table.length },
      file: this.options.file ?? null,
      points: this.pointsThrough(c),
      overlays: c.overlays ?? [],
      drawing: drawTable(c),
      check: this.lastCheck ?? null,
      ballSet: this.ballSetView(),
    };
  }

  /**
   * What the page says of the ball set: whether the game's set-up lets it be learned (null: it does
   * not say which ball stands where), the file Learn writes, and whether a set is in use.
   */
  private ballSetView(): { file: string | null; inUse: boolean } | null {
    const b = this.options.ballSet;
    const p = b?.game.perception;
    if (!b || p?.kind !== 'balls' || !p.setUp) return null;
    return { file: b.file ?? null, inUse: this.looks !== undefined };
  }

  /** The automatic calibration (calibrate --image, the lens in use kept) of the latest frame: the points where it puts them. */
  auto(): Result<{ points: DeskPoint[]; drawing: Drawing }> {
    const image = this.latest;
    if (!image) return err(refereeError('NOT_FOUND', 'no frame from the camera yet'));
    const c = onBed(this.current);
    // The automatic calibration finds a bed's cushion noses; a flat surface has none to find.
    if (!c)
      return err(
        refereeError(
          'INVALID_INPUT',
          'the automatic calibration looks for a bed’s cushions: on a flat surface, drag the four corners',
        ),
      );
    const found = calibrateFromImage({ image, table: c.table, tableSpec: c.tableSpec, camera: c.camera });
    if (!found.ok) return found;
    return ok({
      points: this.pointsThrough(found.value.calibration),
      drawing: drawTable(found.value.calibration),
    });
  }

  /** Solve the camera's pose from clicked points (the lens as the calibration in use has it). */
  solve(body: unknown): Result<Solved & { readonly calibration: Calibration<Surface> }> {
    const parsed = parseWith(pointsBody, body, 'INVALID_INPUT');
    if (!parsed.ok) return parsed;
    const c = this.current;
    const { points, overlays } = parsed.value;
    const solved = solveCalibration({
      table: c.table,
      tableSpec: c.tableSpec,
      image: c.image,
      points,
      camera: c.camera,
      ...marked(overlays),
    });
    if (!solved.ok) return solved;
    const s = solved.value.calibration;
    const each = points.map((p) => {
      const q = project(s, { x: mm(p.x), y: mm(p.y), z: mm(p.z) });
      // Where the pixel's ray meets the point's own height: the error on the cloth, in mm.
      const onCloth = pixelToPlane(s, pointPx(p.u, p.v), mm(p.z));
      return {
        ...p,
        errorPx: round(Math.hypot(q.u - p.u, q.v - p.v)),
        errorMm: onCloth ? round(Math.hypot(onCloth.x - p.x, onCloth.y - p.y)) : Infinity,
      };
    });
    const rmsMm = Math.sqrt(each.reduce((a, p) => a + p.errorMm ** 2, 0) / each.length);
    return ok({
      calibration: s,
      rmsPx: round(solved.value.rmsPx, 3),
      rmsMm: round(rmsMm, 3),
      points: each,
      drawing: drawTable(s),
    });
  }

  /**
   * Solve, write the calibration file (docs/formats.md §2, the full form) and the picture it was made
   * on beside it (the camera check's reference), make it the one in use, hand it to the running
   * detector, and check the latest frame against it.
   */
  async save(
    body: unknown,
  ): Promise<Result<{ file: string; rmsPx: number; rmsMm: number; pipeline: string }>> {
    const file = this.options.file;
    if (file === undefined)
      return err(
        refereeError(
          'NOT_FOUND',
          'serve was started without --calibration (the bundled demo): there is no calibration file to save to',
        ),
      );
    const solved = this.solve(body);
    if (!solved.ok) return solved;
    const { calibration, rmsPx, rmsMm } = solved.value;
    const picture = await this.frameJpeg(95);
    const written = writeWhole(file, stringifyCalibration(calibration));
    if (!written.ok) return written;
    try {
      if (picture) writeFileSync(referencePath(file), picture);
    } catch (e) {
      return err(refereeError('NOT_FOUND', `cannot write ${referencePath(file)}: ${(e as Error).message}`));
    }
    this.current = calibration;
    this.checker.recalibrate(calibration, this.latest);
    const reloaded = this.reloadDetector ? await this.reloadDetector({ calibration: file }) : false;
    await this.runCheck();
    return ok({ file, rmsPx, rmsMm, pipeline: reloaded ? 'reloaded' : 'not running' });
  }

  /**
   * Learn the club's ball set from the latest frame, its balls standing where the game sets them up
   * (src/vision/looks.ts, as `referee learn-looks`), write it to the set's file, and hand it to the
   * running detector. Refused where the game's set-up does not say which ball stands where, where
   * there is no file to keep it in, and (naming the empty places) where the balls do not stand as set up.
   */
  async learnLooks(): Promise<Result<{ file: string; learned: string[]; pipeline: string }>> {
    const b = this.options.ballSet;
    if (!b) return err(refereeError('NOT_FOUND', 'no game is followed here: there is no ball set to learn'));
    if (b.file === undefined)
      return err(
        refereeError(
          'NOT_FOUND',
          'serve was started without --calibration (the bundled demo): there is no file to keep the ball set in',
        ),
      );
    const image = this.latest;
    if (!image) return err(refereeError('NOT_FOUND', 'no frame from the camera yet'));
    const learned = await this.learner(b.game, this.current, image);
    if (!learned.ok) return learned;
    const written = writeWhole(b.file, makeBallLooks(learned.value));
    if (!written.ok) return written;
    this.looks = learned.value;
    const reloaded = this.reloadDetector ? await this.reloadDetector({ looks: learned.value }) : false;
    return ok({
      file: b.file,
      learned: Object.keys(learned.value.looks),
      pipeline: reloaded ? 'reloaded' : 'not running',
    });
  }
}

/** Write a file whole: beside it, then renamed over it, so that a reader never sees half a file. */
const writeWhole = (file: string, text: string): Result<void> => {
  const partial = `${file}.part`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, file);
    return ok(undefined);
  } catch (e) {
    return err(refereeError('NOT_FOUND', `cannot write ${file}: ${(e as Error).message}`));
  }
};

const round = (n: number, places = 2): number => {
  const k = 10 ** places;
  return Math.round(n * k) / k;
};

/**
 * The table through a calibration: the playing area's outline and the cushion noses at the noses'
 * height (what a person lines up with the picture's cushions), the marks on the cloth.
 */
export const drawTable = (c: Calibration<Surface>): Drawing => {
  const t = c.table;
  const bed = isBed(t) ? t : undefined;
  const nose = bed?.cushionNoseHeight ?? 0;
  const px = (x: number, y: number, z: number): [number, number] => {
    const q = project(c, { x: mm(x), y: mm(y), z: mm(z) });
    return [round(q.u, 1), round(q.v, 1)];
  };
  const segment = (a: { x: number; y: number }, b: { x: number; y: number }, z: number) =>
    Array.from({ length: SAMPLES + 1 }, (_, i) =>
      px(a.x + ((b.x - a.x) * i) / SAMPLES, a.y + ((b.y - a.y) * i) / SAMPLES, z),
    );
  const corners = [
    { x: 0, y: 0 },
    { x: t.width, y: 0 },
    { x: t.width, y: t.length },
    { x: 0, y: t.length },
  ];
  const lines: { kind: string; points: [number, number][] }[] = [
    {
      kind: 'playing-area',
      points: corners.flatMap((a, i) => segment(a, corners[(i + 1) % 4] ?? a, nose)),
    },
    ...(bed?.cushions ?? []).map((s) => ({ kind: 'cushion', points: segment(s.a, s.b, nose) })),
    ...(bed?.marks?.lines ?? []).map((l) => ({ kind: 'mark', points: segment(l.a, l.b, 0) })),
    ...(bed?.marks?.arcs ?? []).map((a) => ({
      kind: 'mark',
      points: Array.from({ length: SAMPLES + 1 }, (_, i) => {
        const angle = a.from + ((a.to - a.from) * i) / SAMPLES;
        return px(a.centre.x + a.radius * Math.cos(angle), a.centre.y + a.radius * Math.sin(angle), 0);
      }),
    })),
  ];
  const spots = (bed?.marks?.spots ?? []).map((s) => {
    const [u, v] = px(s.at.x, s.at.y, 0);
    return { name: s.name, u, v };
  });
  return { lines, spots };
};
