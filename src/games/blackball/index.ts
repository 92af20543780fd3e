// Black-ball pool (docs/formats.md §8; its rules text, the seed the project grew from, is not in this
// repository): its one definition, which the registry lists, over the equipment and the pure rules
// engine (`rule(json)` for `"game": "blackball"`), which are re-exported here as before.
import path from 'node:path';
import { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { err, ok, refereeError, type Result } from '../../core/errors.ts';
import type { Table } from '../../equipment/bed.ts';
import type { DemoClip, GameDefinition } from '../definition.ts';
import { demoClipName, demoClipsFrom } from '../demo.ts';
import { BED_NAMES, DEFAULT_BED, bedSchema, type BedName } from './equipment.ts';
import { openingLayout, placeInCabin } from './layout.ts';
import { blackballRunner, toMove } from './perception.ts';
import { rule } from './rules/index.ts';
import { blackballSession, type BlackballMatch } from './session.ts';
import { namedPoolTable, poolTable } from './table.ts';
import { parseWith } from '../../core/schema.ts';

export * from './equipment.ts';
export * from './rules/index.ts';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const ROOT = here('../../../');

/** `"pool-9ft"`, `"pool-8ft"`, `"pool-7ft"`, or a bed object that says `"game": "blackball"`. */
export const claimsPoolTable = (spec: unknown): boolean =>
  (typeof spec === 'string' && (BED_NAMES as readonly string[]).includes(spec)) ||
  (typeof spec === 'object' &&
    spec !== null &&
    !Array.isArray(spec) &&
    'game' in spec &&
    spec.game === 'blackball');

/** The bed a `table` value names (`undefined`: pool-9ft); a bare `{ width, length, ball }` too, once the game is known. */
export const parsePoolTable = (spec: unknown): Result<Table> => {
  if (spec === undefined) return ok(namedPoolTable(DEFAULT_BED));
  const bed = parseWith(bedSchema, spec, 'INVALID_INPUT', 'table');
  if (!bed.ok)
    return err(
      refereeError(
        'INVALID_INPUT',
        `expected one of ${BED_NAMES.join(', ')} or { "game": "blackball", "width", "length", "ball" } in mm`,
        bed.error.field ?? 'table',
      ),
    );
  const v = bed.value;
  return ok(
    typeof v === 'string'
      ? namedPoolTable(v as BedName)
      : poolTable({ width: v.width, length: v.length, ball: v.ball }),
  );
};

const PLAYERS = ['Player 1', 'Player 2'];

/**
 * The demo's clips (fixtures/demo-blackball.json), in order. Each is a position of its own: a match of
 * its own (several clips end the frame, and with it a one-frame match: no re-rack reopens that),
 * then the table as the camera sees it (the break if all fifteen object balls are there, else an
 * open table in play).
 */
const demoClips = (): Result<DemoClip[]> =>
  demoClipsFrom(path.join(ROOT, 'fixtures'), 'demo-blackball.json', z.object({ clip: demoClipName }), () => [
    { type: 'startMatch', players: PLAYERS, options: {} },
    { type: 'setTable' },
  ]);

export const blackball: GameDefinition<BlackballMatch, Table> = {
  id: 'blackball',
  title: 'Black-ball pool',
  sides: { count: 2, teamOf: [0, 1], defaultNames: PLAYERS },
  claimsTable: claimsPoolTable,
  parseTable: parsePoolTable,
  defaultTableSpec: DEFAULT_BED,
  perception: {
    kind: 'balls',
    // scripts/train-classifier.ts --game blackball (models/pool-ball-classifier/README.md).
    modelDir: path.join(ROOT, 'models', 'pool-ball-classifier'),
    toMove,
  },
  rule: (input) => rule(input),
  runner: blackballRunner,
  session: blackballSession,
  pages: { dir: here('./web/') },
  sim: {
    parseTable: (spec) =>
      spec === undefined
        ? err(
            refereeError(
              'INVALID_INPUT',
              `required: one of ${BED_NAMES.join(', ')} or { "game": "blackball", "width", "length", "ball" }`,
              'table',
            ),
          )
        : parsePoolTable(spec),
    opening: openingLayout,
    placeCueBall: placeInCabin,
  },
  demo: { calibration: path.join(ROOT, 'calibration', 'pool-demo.json'), clips: demoClips },
};
