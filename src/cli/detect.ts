// `referee detect --calibration c.json frame.png [more…]` (docs/formats.md §3): every ball in each frame,
// one JSON line a frame on stdout — `{ "frame", "balls": [{ "id", "x", "y", "confidence" }], "ms" }`,
// or `{ "frame", "error" }` for a frame that cannot be read or used, and the run goes on. The exit
// code is non-zero only when no frame could be read; a bad calibration is exit 2 naming the field.
// Frames are taken in order through one Detector, so a sequence of frames from a video reuses what
// did not change; `ms` is the detection's time for the frame (decoding excluded). `--looks` gives the
// club's ball set (`referee learn-looks`), which weighs the names.
import type { Command } from 'commander';
import { pino } from 'pino';
import { decodeImage } from '../capture/index.ts';
import { CliError, describeError, ok, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { chooseGame, DEFAULT_GAME, GAME_IDS, loadCalibration } from '../games/registry.ts';
import { loadDetector, loadPieceDetector } from '../pipeline/detector.ts';
import { LOOKS_HELP, looksOption } from './looks-option.ts';
import type { DetectedBall } from '../vision/index.ts';

interface DetectOptions {
  readonly calibration: string;
  readonly game?: string;
  readonly looks?: string;
}

/** A ball as the contract prints it: millimetres to 0.1 (the fit is good to ~0.2 mm), confidence to 0.001. */
const contractBall = (b: DetectedBall): { id: string; x: number; y: number; confidence: number } => ({
  id: b.id,
  x: Math.round(b.x * 10) / 10,
  y: Math.round(b.y * 10) / 10,
  confidence: Math.round(b.confidence * 1000) / 1000,
});

const NOT_RECOGNISED =
  "no ball was recognised as the cue ball: the balls' names may be wrong; learn the club's ball set from a picture of the balls set up (referee learn-looks) and give it with --looks";

const line = (value: unknown): void => {
  process.stdout.write(`${JSON.stringify(value)}\n`);
};

export const runDetect = async (frames: readonly string[], options: DetectOptions): Promise<void> => {
  const log = pino({ level: process.env['LOG_LEVEL'] ?? 'warn' }, pino.destination(2));
  const calibration = loadCalibration(options.calibration);
  if (!calibration.ok) throw new CliError(`calibration: ${describeError(calibration.error)}`, 2);
  const game = chooseGame(options.game, calibration.value);
  if (!game.ok) throw new CliError(describeError(game.error), 2);
  // What a frame prints beside `frame` and `ms`: balls (§3), or the game's own pieces (tiles, §9).
  let detectFrame: (image: RgbImage) => Promise<Result<object>>;
  if (game.value.perception.kind === 'tiles') {
    const loaded = loadPieceDetector(game.value, calibration.value);
    if (!loaded.ok) throw new CliError(describeError(loaded.error), 2);
    const pieces = loaded.value;
    detectFrame = (image) => Promise.resolve(pieces.detect(image));
  } else {
    const looks = looksOption(options.looks, calibration.value, options.calibration);
    const loaded = await loadDetector(game.value, calibration.value, looks);
    if (!loaded.ok)
      throw new CliError(describeError(loaded.error), loaded.error.code === 'NOT_FOUND' ? 1 : 2);
    const detector = loaded.value;
    detectFrame = async (image) => {
      const r = await detector.detect(image);
      if (!r.ok) return r;
      log.debug({ balls: r.value.balls.length, reused: r.value.reused }, 'detected');
      // The names go by the cue ball's light: one the classifier does not know leaves them to a white
      // chosen by likeness (pipeline/names-watch.ts), which the club's set puts right.
      if (!looks && !r.value.whiteCalled && r.value.balls.length > 0) log.warn(NOT_RECOGNISED);
      return ok({ balls: r.value.balls.map(contractBall) });
    };
  }
  let read = 0;
  for (const frame of frames) {
    const image = await decodeImage(frame);
    if (!image.ok) {
      line({ frame, error: describeError(image.error) });
      continue;
    }
    read++;
    const start = performance.now();
    const result = await detectFrame(image.value);
    const ms = performance.now() - start;
    if (!result.ok) {
      line({ frame, error: describeError(result.error) });
      continue;
    }
    line({ frame, ...result.value, ms: Math.round(ms * 10) / 10 });
  }
  if (read === 0) throw new CliError(`no frame could be read (${frames.length} given)`, 1);
};

export const registerDetect = (program: Command): void => {
  program
    .command('detect')
    .description(
      'find every ball (or tile) in each frame: one JSON line a frame { frame, balls: [{ id, x, y, confidence }], ms } (dominoes: { frame, tiles: [...], ms })',
    )
    .requiredOption('--calibration <file>', 'calibration file (its table names the game)')
    .option(
      '--game <id>',
      `the game, where the calibration does not say: ${GAME_IDS.join(', ')} (default ${DEFAULT_GAME.id})`,
    )
    .option('--looks <file>', LOOKS_HELP)
    .argument('<frames...>', 'image files, in order')
    .action(async (frames: string[], options: DetectOptions) => runDetect(frames, options));
};
