// `--looks <file>` (detect, run, serve): the club's ball set learned by `referee learn-looks`, read and
// checked against the calibration's balls before anything starts; a bad file is exit 2 naming the field.
import type { Calibration } from '../camera/index.ts';
import { CliError, describeError } from '../core/errors.ts';
import type { Surface } from '../equipment/index.ts';
import { loadLooks } from '../pipeline/detector.ts';
import type { BallLooks } from '../vision/index.ts';

export const looksOption = (
  file: string | undefined,
  calibration: Calibration<Surface>,
): BallLooks | undefined => {
  if (file === undefined) return undefined;
  const looks = loadLooks(file, calibration);
  if (!looks.ok) throw new CliError(`--looks: ${file}: ${describeError(looks.error)}`, 2);
  return looks.value;
};

export const LOOKS_HELP = "the club's ball set, learned by learn-looks: it weighs the balls' names";
