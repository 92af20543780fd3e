// Reading calibration files from disk: the only part of src/camera that touches the world.
import { readFileSync } from 'node:fs';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import { parseCalibration, type Calibration, type Plane, type TableResolver } from './calibration.ts';
import { parsePointsCalibration, solveCalibration } from './solve.ts';

/** A file's JSON, or an error naming the file (unreadable, or not JSON). */
export const readJsonFile = (path: string): Result<unknown> => {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err(
      refereeError(
        code === 'ENOENT' ? 'NOT_FOUND' : 'INVALID_INPUT',
        `cannot read ${path}: ${code ?? String(e)}`,
      ),
    );
  }
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (e) {
    return err(refereeError('INVALID_INPUT', `${path} is not valid JSON: ${(e as Error).message}`));
  }
};

/** The full form as it is, or the `points` form solved into it. */
export const calibrationFromJson = <S extends Plane>(
  json: unknown,
  resolve: TableResolver<S>,
): Result<Calibration<S>> => {
  const pointsForm = typeof json === 'object' && json !== null && 'points' in json && !('pose' in json);
  if (!pointsForm) return parseCalibration(json, resolve);
  const input = parsePointsCalibration(json, resolve);
  if (!input.ok) return input;
  const solved = solveCalibration(input.value);
  return solved.ok ? ok(solved.value.calibration) : solved;
};

/**
 * A calibration from a file (docs/formats.md §2): the full form (camera + pose), or the `points` form,
 * which is solved here; `resolve` names the bed its `table` value means. An error keeps its field and
 * names the file.
 */
export const loadCalibrationFile = <S extends Plane>(
  path: string,
  resolve: TableResolver<S>,
): Result<Calibration<S>> => {
  const json = readJsonFile(path);
  if (!json.ok) return json;
  const parsed = calibrationFromJson(json.value, resolve);
  if (parsed.ok) return parsed;
  const e = parsed.error;
  return err(refereeError(e.code, `${e.message} (in ${path})`, e.field));
};
