// `--looks <file>` (detect, run, serve): the club's ball set learned by `referee learn-looks`, read and
// checked against the calibration's balls before anything starts; a bad file is exit 2 naming the field.
// Without it, the set kept beside the calibration file (/calibrate's Learn writes it there), if any.
import { existsSync } from 'node:fs';
import type { Calibration } from '../camera/index.ts';
import { CliError, describeError } from '../core/errors.ts';
import type { Surface } from '../equipment/index.ts';
import { loadLooks, looksPath } from '../pipeline/detector.ts';
import type { BallLooks } from '../vision/index.ts';

export const looksOption = (
  file: string | undefined,
  calibration: Calibration<Surface>,
  calibrationFile: string,
): BallLooks | undefined => {
  const beside = looksPath(calibrationFile);
  const chosen = file ?? (existsSync(beside) ? beside : undefined);
  if (chosen === undefined) return undefined;
  const looks = loadLooks(chosen, calibration);
  if (!looks.ok) {
    // A file that cannot be read names itself; a field wrong in it needs the file named.
    const why = looks.error.field ? `${chosen}: ${describeError(looks.error)}` : describeError(looks.error);
    throw new CliError(
      `${file === undefined ? 'the ball set beside the calibration' : '--looks'}: ${why}`,
      2,
    );
  }
  return looks.value;
};

export const LOOKS_HELP =
  "the club's ball set, learned by learn-looks: it weighs the balls' names (default: <calibration>.looks.json, if there is one)";
