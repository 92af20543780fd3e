// The games, by the id docs/formats.md gives each (`game`): the only place that lists them. The core
// (match, server, pipeline, commands) finds a game here, by id or by the bed a calibration names.
import { loadCalibrationFile, type Calibration, type TableResolver } from '../camera/index.ts';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import { isBed, type Surface, type Table } from '../equipment/index.ts';
import type { GameDefinition } from './definition.ts';
import { blackball } from './blackball/index.ts';
import { dominoes } from './dominoes/index.ts';
import { snooker } from './snooker/index.ts';

// Each game's definition is generic over its own match state and equipment; the registry holds them as
// any game's (the definition's methods are bivariant in both). The widening is sound for how the core
// uses them: a game's state and equipment only ever come from its own session and its own `parseTable`
// (a calibration's table is resolved by the game that claims it, and `chooseGame` refuses a game that
// is not the calibration's).
export const GAMES: readonly GameDefinition[] = [
  snooker as GameDefinition,
  blackball as GameDefinition,
  dominoes as GameDefinition,
];

/** Without a game named anywhere, a table is a snooker table (docs/formats.md §6). */
export const DEFAULT_GAME = snooker;

export const GAME_IDS: readonly string[] = GAMES.map((g) => g.id);

/** The game with this id, or an error naming `field` and the games there are. */
export const gameById = (id: string, field = 'game'): Result<GameDefinition> => {
  const game = GAMES.find((g) => g.id === id);
  return game
    ? ok(game)
    : err(refereeError('INVALID_INPUT', `unknown game "${id}": one of ${GAME_IDS.join(', ')}`, field));
};

/** The game whose equipment a calibration's (or scenario's) `table` value names. */
export const gameOfTable = (spec: unknown): GameDefinition | undefined =>
  GAMES.find((g) => g.claimsTable(spec));

/** The bed a `table` value names, whichever game's it is. */
export const resolveTable: TableResolver<Surface> = (spec): Result<Surface> => {
  const game = gameOfTable(spec);
  if (!game)
    return err(
      refereeError(
        'INVALID_INPUT',
        `unknown table ${JSON.stringify(spec)}: ${GAMES.map((g) => JSON.stringify(g.defaultTableSpec)).join(', ')} or a bed object`,
        'table',
      ),
    );
  return game.parseTable(spec);
};

/** The bed a `table` value names, for the ball stages (training, benchmarks): a flat surface is refused. */
export const resolveBed: TableResolver<Table> = (spec): Result<Table> => {
  const surface = resolveTable(spec);
  if (!surface.ok || isBed(surface.value)) return surface as Result<Table>;
  return err(
    refereeError('INVALID_INPUT', `${surface.value.name} is a flat surface, not a bed for balls`, 'table'),
  );
};

/** A calibration file, its bed named by whichever game claims its `table`. */
export const loadCalibration = (file: string): Result<Calibration<Surface>> =>
  loadCalibrationFile(file, resolveTable);

/**
 * The game a command works on (docs/formats.md §6): `--game` if given (it must agree with the
 * calibration's bed), else the calibration's `table`, else snooker.
 */
export const chooseGame = (named: string | undefined, calibration?: Calibration): Result<GameDefinition> => {
  const fromTable = calibration ? gameOfTable(calibration.tableSpec) : undefined;
  if (named === undefined) return ok(fromTable ?? DEFAULT_GAME);
  const game = gameById(named, '--game');
  if (!game.ok) return game;
  if (fromTable && fromTable.id !== game.value.id)
    return err(
      refereeError(
        'INVALID_INPUT',
        `the calibration's table is a ${fromTable.id} table, not ${game.value.id}`,
        '--game',
      ),
    );
  return game;
};
