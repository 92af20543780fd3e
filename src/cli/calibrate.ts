// `referee calibrate --points in.json --out calibration/x.json` (docs/formats.md §2): solve the camera from
// cloth-plane correspondences and write the full calibration form.
// `referee calibrate --image table.png [--table NAME | --table 1778x3569x52.5] [--game id]
// [--camera guess.json] --out calibration/x.json`: the same from a picture of an empty table
// (src/vision/calibrate).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import {
  parsePointsCalibration,
  readJsonFile,
  solveCalibration,
  stringifyCalibration,
} from '../camera/index.ts';
import { intrinsicsSchema, type TableSpec } from '../camera/calibration.ts';
import type { Intrinsics } from '../camera/index.ts';
import { decodeImage } from '../capture/index.ts';
import { CliError, describeError } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import { isBed, type Surface } from '../equipment/index.ts';
import { chooseGame, DEFAULT_GAME, GAMES, resolveTable } from '../games/registry.ts';
import { calibrateFromImage } from '../vision/calibrate/index.ts';

// A focal length less certain than this (as a fraction) moves the parallax correction of a ball at a
// corner of the bed (≈19 mm from 2.8 m) by more than ≈0.4 mm: worth a warning.
const FOCAL_WARNING = 0.02;

interface CalibrateOptions {
  readonly points?: string;
  readonly image?: string;
  readonly table?: string;
  readonly camera?: string;
  readonly game?: string;
  readonly out: string;
}

const calibrateFromPoints = (path: string, out: string): void => {
  const input = (() => {
    const json = readJsonFile(path);
    return json.ok ? parsePointsCalibration(json.value, resolveTable) : json;
  })();
  if (!input.ok)
    throw new CliError(
      input.error.field ? `${path}: ${describeError(input.error)}` : describeError(input.error),
      2,
    );
  const solved = solveCalibration(input.value);
  if (!solved.ok) throw new CliError(`${path}: ${describeError(solved.error)}`, 2);
  const { calibration, rmsPx, focalUncertainty } = solved.value;
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, stringifyCalibration(calibration));
  } catch (e) {
    throw new CliError(`cannot write ${out}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, 1);
  }
  const n = input.value.points.length;
  process.stdout.write(`RMS reprojection error: ${rmsPx.toFixed(2)} px over ${n} points\n`);
  if (focalUncertainty !== undefined && focalUncertainty > FOCAL_WARNING)
    process.stderr.write(
      `referee: warning: these points fix the focal length only to ±${(100 * focalUncertainty).toFixed(0)}% ` +
        `(a camera looking nearly straight down at one plane sees focal length ÷ height); ` +
        `give "camera" (intrinsics from a checkerboard) for exact parallax\n`,
    );
};

/**
 * `--table`: a bed by name (each game's tables) or `WIDTHxLENGTHxBALL` in mm, as the
 * calibration file's `table` is to give it; `--game` says whose a bare size is.
 */
const parseTableOption = (
  s: string | undefined,
  game: string | undefined,
): { spec: TableSpec; table: Surface } => {
  const chosen = chooseGame(game);
  if (!chosen.ok) throw new CliError(describeError(chosen.error), 2);
  const m = s === undefined ? null : /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(s);
  const size = m ? { width: Number(m[1]), length: Number(m[2]), ball: Number(m[3]) } : undefined;
  if (size && !(size.width > 0 && size.length > 0 && size.ball > 0))
    throw new CliError(`--table: every size must be positive, got "${s}"`, 2);
  const spec: TableSpec =
    s === undefined
      ? chosen.value.defaultTableSpec
      : size
        ? game === undefined || game === DEFAULT_GAME.id
          ? size
          : { game, ...size }
        : s;
  const table = resolveTable(spec);
  if (!table.ok)
    throw new CliError(
      `--table: expected a bed's name (${GAMES.map((g) => JSON.stringify(g.defaultTableSpec)).join(', ')}) or WIDTHxLENGTHxBALL in mm (e.g. 1778x3569x52.5), got "${s}"`,
      2,
    );
  return { spec, table: table.value };
};

/** `--camera`: a file holding the intrinsics, bare or as the `camera` of a calibration file. */
const readCameraGuess = (path: string): Intrinsics => {
  const json = readJsonFile(path);
  if (!json.ok) throw new CliError(describeError(json.error), 2);
  const v = json.value;
  const inner = typeof v === 'object' && v !== null && 'camera' in v;
  const camera = parseWith(intrinsicsSchema, inner ? v.camera : v, 'INVALID_INPUT', inner ? 'camera' : '');
  if (!camera.ok) throw new CliError(`${path}: ${describeError(camera.error)}`, 2);
  return camera.value;
};

const calibrateFromPicture = async (path: string, opts: CalibrateOptions): Promise<void> => {
  const { spec: tableSpec, table: surface } = parseTableOption(opts.table, opts.game);
  // The picture is read by its cushion noses and markings: a flat surface has none to read.
  if (!isBed(surface))
    throw new CliError(
      `--image: the automatic calibration finds a bed's cushions; for ${surface.name}, give a points file (corners clicked) or use the /calibrate page`,
      2,
    );
  const table = surface;
  const camera = opts.camera === undefined ? undefined : readCameraGuess(opts.camera);
  const image = await decodeImage(path);
  if (!image.ok) throw new CliError(`${path}: ${describeError(image.error)}`, 2);
  const solved = calibrateFromImage(
    camera ? { image: image.value, table, tableSpec, camera } : { image: image.value, table, tableSpec },
  );
  // Where the picture does not give the camera, the person installing still has a way through; it
  // goes before the step that failed, which ends every refusal.
  if (!solved.ok) {
    const { message } = solved.error;
    const at = message.lastIndexOf('; step failed: ');
    const step = at < 0 ? message.length : at;
    const wayThrough = message.includes('/calibrate')
      ? ''
      : `; place the corners by hand on serve's /calibrate page, or give them with --points`;
    throw new CliError(`${path}: ${message.slice(0, step)}${wayThrough}${message.slice(step)}`, 2);
  }
  const { calibration, rmsPx, features, orientationFromMarkings } = solved.value;
  try {
    mkdirSync(dirname(opts.out), { recursive: true });
    writeFileSync(opts.out, stringifyCalibration(calibration));
  } catch (e) {
    throw new CliError(`cannot write ${opts.out}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, 1);
  }
  const edges = features.nose + features.clothEdge;
  const lines = features.line + features.arc;
  const n = edges + lines + features.spot;
  process.stdout.write(
    `RMS reprojection error: ${rmsPx.toFixed(2)} px over ${n} points ` +
      `(${edges} cushion edge, ${lines} marked line, ${features.spot} spot)\n`,
  );
  if (!orientationFromMarkings)
    process.stderr.write(
      'referee: warning: this bed has no markings, so which end is baulk cannot be seen: ' +
        'the end at the first short side of the picture was taken\n',
    );
};

export const registerCalibrate = (program: Command): void => {
  program
    .command('calibrate')
    .description(
      'solve the camera over the table and write a calibration file (camera, distortion, pose; see docs/formats.md)',
    )
    .option(
      '--points <file>',
      'cloth-plane correspondences: { table, image, points: [{ u, v, x, y }], camera? }',
    )
    .option('--image <file>', 'a picture of the empty (or nearly empty) table through the camera')
    .option(
      '--table <bed>',
      `with --image: the bed by name (${GAMES.map((g) => JSON.stringify(g.defaultTableSpec)).join(', ')}…; default ${JSON.stringify(DEFAULT_GAME.defaultTableSpec)}) or WIDTHxLENGTHxBALL in mm`,
    )
    .option(
      '--game <id>',
      `with --image: the game whose bed it is (default ${DEFAULT_GAME.id}; a named bed says)`,
    )
    .option(
      '--camera <file>',
      'with --image: known intrinsics (the "camera" object); only the pose is solved',
    )
    .requiredOption('--out <file>', 'where to write the calibration (full form)')
    .action(async (opts: CalibrateOptions) => {
      if (opts.points !== undefined && opts.image !== undefined)
        throw new CliError('calibrate: give --points <file> or --image <file>, not both', 2);
      if (opts.image !== undefined) return calibrateFromPicture(opts.image, opts);
      if (opts.table !== undefined || opts.camera !== undefined || opts.game !== undefined)
        throw new CliError(
          'calibrate: --table, --game and --camera go with --image (a points file names its own)',
          2,
        );
      if (opts.points === undefined)
        throw new CliError('calibrate: give --points <file> or --image <file>', 2);
      calibrateFromPoints(opts.points, opts.out);
    });
};
