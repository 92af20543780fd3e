// `referee calibrate --points in.json --out calibration/x.json` (CONTRACTS.md §2): solve the camera from
// cloth-plane correspondences and write the full calibration form.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import {
  parsePointsCalibration,
  readJsonFile,
  solveCalibration,
  stringifyCalibration,
} from '../camera/index.ts';
import { CliError, describeError } from '../errors.ts';

// A focal length less certain than this (as a fraction) moves the parallax correction of a ball at a
// corner of the bed (≈19 mm from 2.8 m) by more than ≈0.4 mm: worth a warning.
const FOCAL_WARNING = 0.02;

interface CalibrateOptions {
  readonly points?: string;
  readonly out: string;
}

const calibrateFromPoints = (path: string, out: string): void => {
  const input = (() => {
    const json = readJsonFile(path);
    return json.ok ? parsePointsCalibration(json.value) : json;
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

export const registerCalibrate = (program: Command): void => {
  program
    .command('calibrate')
    .description('solve the camera over the table and write a calibration file (CONTRACTS.md §2)')
    .option(
      '--points <file>',
      'cloth-plane correspondences: { table, image, points: [{ u, v, x, y }], camera? }',
    )
    .requiredOption('--out <file>', 'where to write the calibration (full form)')
    .action((opts: CalibrateOptions) => {
      if (opts.points === undefined) throw new CliError('calibrate: give --points <file>', 2);
      calibrateFromPoints(opts.points, opts.out);
    });
};
