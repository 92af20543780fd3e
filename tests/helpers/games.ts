import { readdirSync } from 'node:fs';
// The games as the tests use them: snooker's definition and its pieces, and the camera's file readers
// bound to the game registry's resolver of ball beds (the camera itself knows no game).
import {
  calibrationFromJson,
  loadCalibrationFile as loadWith,
  parseCalibration as parseWith,
  parsePointsCalibration as parsePointsWith,
  type Calibration,
  type PointsCalibrationInput,
} from '../../src/camera/index.ts';
import type { Result } from '../../src/core/errors.ts';
import type { Table } from '../../src/equipment/index.ts';
import { resolveBed } from '../../src/games/registry.ts';
import { snooker } from '../../src/games/snooker/index.ts';
import { SNOOKER_BALLS, snookerTable } from '../../src/games/snooker/equipment.ts';
import { parseScenario, type Scenario } from '../../src/sim/scenario.ts';
import {
  loadBallClassifier,
  type BallClassifier,
  type ClassifierOptions,
} from '../../src/vision/classify/index.ts';
import type { SimGame } from '../../src/sim/game.ts';
import type { BallId } from '../../src/equipment/pieces.ts';
import { ballSetUp } from '../../src/pipeline/detector.ts';
import type { SetUpPlace } from '../../src/vision/index.ts';

export { snooker };

export const parseCalibration = (json: unknown): Result<Calibration<Table>> => parseWith(json, resolveBed);
export const loadCalibrationFile = (file: string): Result<Calibration<Table>> => loadWith(file, resolveBed);
export const parsePointsCalibration = (json: unknown): Result<PointsCalibrationInput<Table>> =>
  parsePointsWith(json, resolveBed);
export const calibrationOf = (json: unknown): Result<Calibration<Table>> =>
  calibrationFromJson(json, resolveBed);

/** The simulator's view of snooker. */
export const SNOOKER_SIM: SimGame = snooker.sim as SimGame;

/** The full-size table and its `table` value, for code that builds a calibration. */
export const SNOOKER_BED = { table: snookerTable(), tableSpec: 'snooker' } as const;

/** A scenario (docs/formats.md §7) on a snooker table. */
export const parseSnookerScenario = (json: unknown): Result<Scenario> => parseScenario(json, SNOOKER_SIM);

/** Snooker's committed ball classifier. */
export const MODEL_DIR = snooker.perception.kind === 'balls' ? snooker.perception.modelDir : '';

export const loadSnookerClassifier = (
  options: Omit<ClassifierOptions, 'balls' | 'modelDir'> = {},
): Promise<BallClassifier> => loadBallClassifier({ ...options, balls: SNOOKER_BALLS, modelDir: MODEL_DIR });

/** Snooker's set-up as its perception gives it (each place's ball, and the white): what its ball set is learned from. */
export const snookerSetUp = (table: Table): { places: readonly SetUpPlace[]; white: BallId } => {
  const setUp = ballSetUp(snooker);
  if (!setUp.ok) throw new Error(setUp.error.message);
  return setUp.value(table);
};

/** The demo camera's calibration (calibration/demo.json), which most tests of the vision draw with; throws where it does not load. */
export const loadDemoCalibration = (): Calibration<Table> => {
  const c = loadCalibrationFile('calibration/demo.json');
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
};

/** The demo camera's calibration and snooker's classifier: what a test of the whole detector loads first. */
export const loadDemoWithClassifier = async (): Promise<{
  readonly calibration: Calibration<Table>;
  readonly classifier: BallClassifier;
}> => ({ calibration: loadDemoCalibration(), classifier: await loadSnookerClassifier() });

/**
 * Snooker's fixture scenarios (fixtures/scenarios/*.json, without `.json`): all but black-ball's
 * (`pool-*`, tested in tests/games/blackball).
 */
export const SNOOKER_SCENARIOS: readonly string[] = readdirSync('fixtures/scenarios')
  .filter((f) => f.endsWith('.json') && !f.startsWith('pool-'))
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
