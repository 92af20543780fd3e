// The game's detector for a calibration: the vision stage its perception names (balls: the
// classical stages and the game's ball classifier), ready to take frames.
import { readJsonFile, type Calibration } from '../camera/index.ts';
import { onBed, type Surface } from '../equipment/index.ts';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { GameDefinition, PieceDetector } from '../games/definition.ts';
import type { RgbImage } from '../core/image.ts';
import type { Table } from '../equipment/index.ts';
import type { BallId } from '../equipment/pieces.ts';
import { loadBallClassifier, type BallClassifier } from '../vision/classify/index.ts';
import { DEFAULT_NAMES_WATCH, NamesWatch, type NamesState, type NamesWatchOptions } from './names-watch.ts';
import {
  DEFAULT_DETECTOR_OPTIONS,
  Detector,
  learnBallLooks,
  learnLooksOf,
  parseBallLooks,
  type BallLooks,
  type DetectedBall,
  type SetUpPlace,
  standsAsSetUp,
} from '../vision/index.ts';

/** The game's ball classifier and its bed, or why there are none (no model, a game not of balls). */
const loadBallVision = async (
  game: GameDefinition,
  calibration: Calibration<Surface>,
): Promise<Result<{ bed: Calibration<Table>; classifier: BallClassifier }>> => {
  const p = game.perception;
  if (p.kind !== 'balls')
    return err(
      refereeError(
        'INVALID_INPUT',
        `the live pipeline follows balls only: ${game.title} (${p.kind}) cannot be watched yet`,
        'game',
      ),
    );
  const bed = onBed(calibration);
  if (!bed)
    return err(
      refereeError('INVALID_INPUT', `${game.title} is played with balls: its table must be a bed`, 'table'),
    );
  try {
    return ok({
      bed,
      classifier: await loadBallClassifier({ balls: bed.table.balls, modelDir: p.modelDir }),
    });
  } catch (e) {
    return err(refereeError('NOT_FOUND', `cannot load the ball classifier: ${(e as Error).message}`));
  }
};

/**
 * A detector for `game` over this camera, or why there is none (no model, or no such detector yet);
 * with `looks`, the club's ball set learned (`referee learn-looks`), which weigh its names.
 */
export const loadDetector = async (
  game: GameDefinition,
  calibration: Calibration<Surface>,
  looks?: BallLooks,
): Promise<Result<Detector>> => {
  const v = await loadBallVision(game, calibration);
  if (!v.ok) return v;
  return ok(new Detector(v.value.bed, v.value.classifier, { ...DEFAULT_DETECTOR_OPTIONS, looks }));
};

/** Where the game sets its balls up, each place's ball named (what a ball set is learned from), or why not. */
export const ballSetUp = (
  game: GameDefinition,
): Result<(table: Table) => { readonly places: readonly SetUpPlace[]; readonly white: BallId }> => {
  const p = game.perception;
  const setUp = p.kind === 'balls' ? p.setUp?.bind(p) : undefined;
  return setUp
    ? ok(setUp)
    : err(
        refereeError('INVALID_INPUT', `${game.title}'s set-up does not say which ball stands where`, 'game'),
      );
};

/**
 * The club's ball set's looks from a frame of its balls set up as the game sets them (src/vision/looks.ts),
 * or why not: a game whose set-up does not say which ball is where, a frame that cannot be used, the
 * balls not standing as set up.
 */
export const learnGameLooks = async (
  game: GameDefinition,
  calibration: Calibration<Surface>,
  image: RgbImage,
): Promise<Result<BallLooks>> => {
  const setUpOf = ballSetUp(game);
  if (!setUpOf.ok) return setUpOf;
  const v = await loadBallVision(game, calibration);
  if (!v.ok) return v;
  const setUp = setUpOf.value(v.value.bed.table);
  return learnBallLooks(image, v.value.bed, v.value.classifier, setUp.places, setUp.white);
};

/**
 * The game's ball detector that, where no club's set was given, learns it by itself from each frame whose
 * balls come to stand as the game sets them up (its set-up's places, each named, all but a few taken,
 * and the white off them, in hand): a game whose every frame starts so teaches it at its first, and what
 * `learn-looks` or /calibrate's Learn take from a picture of it the referee need not ask for. Measured
 * with each variant's set learned from a set-up frame, over every cached split of the second renderer
 * through held-out 45 (bench/detect-alt --looks): class errors 1080p 77 → 30, 4K 21 → 8; held-out 46's
 * yellowed cue ball, named the pink, and its pale pink named the cue ball, are named right. It is learned
 * again at every set-up after (the next frame's, the next match's): a club that brings out another set,
 * or whose light has changed over an evening, is named by the set on the table, not the one the run
 * began with; the frames of one set-up, the balls standing while the player gets ready to break, teach
 * it once. Every frame is asked, by the places of the balls already found (standsAsSetUp): one whose
 * places are not taken (more than a quarter empty) or with no ball off them (the cue ball not yet
 * down) is passed over before any colour is measured. With a set given, or a game whose set-up does
 * not say which ball is where, it is the plain detector.
 */
export class SetLearningDetector {
  /** Whether the last frame's balls stood as set up (a set-up teaches the set once, at its first frame). */
  private standing = false;

  private constructor(
    private detector: Detector,
    private readonly bed: Calibration<Table>,
    private readonly classifier: BallClassifier,
    private readonly setUp: { readonly places: readonly SetUpPlace[]; readonly white: BallId } | undefined,
    /** Until a set is learned, whether the names can be trusted (none: a set given, or none to learn). */
    private watch: NamesWatch | undefined,
  ) {}

  static async load(
    game: GameDefinition,
    calibration: Calibration<Surface>,
    looks?: BallLooks,
    watch: NamesWatchOptions = DEFAULT_NAMES_WATCH,
  ): Promise<Result<SetLearningDetector>> {
    const v = await loadBallVision(game, calibration);
    if (!v.ok) return v;
    const { bed, classifier } = v.value;
    const setUpOf = ballSetUp(game);
    const setUp = !looks && setUpOf.ok ? setUpOf.value(bed.table) : undefined;
    const detector = new Detector(bed, classifier, { ...DEFAULT_DETECTOR_OPTIONS, looks });
    return ok(new SetLearningDetector(detector, bed, classifier, setUp, setUp && new NamesWatch(watch)));
  }

  /**
   * A frame's balls; the ids of the set learned from it where this frame taught it; and whether the
   * names can be trusted, where this frame changed it (until a set is learned: see NamesWatch).
   */
  async detect(
    image: RgbImage,
  ): Promise<Result<{ balls: DetectedBall[]; learned?: BallId[]; names?: NamesState }>> {
    const r = await this.detector.detect(image);
    if (!r.ok) return r;
    const { balls, whiteCalled } = r.value;
    const setUp = this.setUp;
    if (!setUp) return ok({ balls });
    const { ballRadius } = this.bed.table;
    const o = this.detector.options.looksMatch;
    const stands = standsAsSetUp(balls, setUp.places, setUp.white, ballRadius, o).ok;
    const l =
      stands && !this.standing
        ? learnLooksOf(image, balls, this.bed, setUp.places, setUp.white, this.detector.options)
        : undefined;
    // A set-up whose set could not be learned (a colour not measured) is asked again at its next frame.
    this.standing = stands && (l === undefined || l.ok);
    if (!l?.ok) {
      const names = this.watch?.see(balls.length, whiteCalled);
      return ok(names ? { balls, names } : { balls });
    }
    // The set names the balls from now on: they are as sure as it makes them.
    const names = this.watch?.state === 'unsure' ? 'sure' : undefined;
    this.watch = undefined;
    this.detector = new Detector(this.bed, this.classifier, { ...DEFAULT_DETECTOR_OPTIONS, looks: l.value });
    const again = await this.detector.detect(image);
    const learned = Object.keys(l.value.looks);
    return ok({ balls: again.ok ? again.value.balls : balls, learned, ...(names ? { names } : {}) });
  }
}

/**
 * Where a camera's ball set is kept when no file is named: beside its calibration file (the set is
 * the club's, as the camera is; /calibrate's Learn writes it there, and detect, run and serve read it).
 */
export const looksPath = (calibrationFile: string): string => `${calibrationFile}.looks.json`;

/** A looks file (`referee learn-looks`) read and checked against the calibration's ball set. */
export const loadLooks = (file: string, calibration: Calibration<Surface>): Result<BallLooks> => {
  const bed = onBed(calibration);
  if (!bed) return err(refereeError('INVALID_INPUT', 'a ball set needs a table with balls', 'table'));
  const json = readJsonFile(file);
  return json.ok ? parseBallLooks(json.value, bed.table.balls.ids) : json;
};

/** The detector for a game seen as pieces other than balls (tiles), or why there is none. */
export const loadPieceDetector = (
  game: GameDefinition,
  calibration: Calibration<Surface>,
): Result<PieceDetector> => {
  const p = game.perception;
  if (p.kind !== 'tiles')
    return err(refereeError('INVALID_INPUT', `${game.title} is seen as ${p.kind}, not as tiles`, 'game'));
  return p.detector(calibration);
};
