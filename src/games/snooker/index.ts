// Snooker (WPBSA Rules of Snooker), the first game: its one definition, which the registry lists.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import type { Table } from '../../equipment/bed.ts';
import type { DemoClip, GameDefinition } from '../definition.ts';
import { demoClipName, demoClipsFrom } from '../demo.ts';
import { plainBed, snookerTable } from './equipment.ts';
import { openingLayout, openingObjectBalls, placeInD } from './layout.ts';
import { strokeMove, snookerRunner } from './perception.ts';
import { rule } from './rules/index.ts';
import { snookerSession, type SnookerMatch } from './session.ts';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
const ROOT = here('../../../');

const positive = z.number().positive();
const bedSchema = z.object({
  game: z.literal('snooker').optional(),
  width: positive,
  length: positive,
  ball: positive,
});

/** `"snooker"`, a bed `{ width, length, ball }` (snooker's pockets, no markings), or nothing: the full-size table. */
const claimsTable = (spec: unknown): boolean =>
  spec === 'snooker' ||
  (typeof spec === 'object' &&
    spec !== null &&
    !Array.isArray(spec) &&
    (!('game' in spec) || spec.game === 'snooker'));

const parseTable = (spec: unknown): Result<Table> => {
  if (spec === undefined || spec === 'snooker') return ok(snookerTable());
  const bed = parseWith(bedSchema, spec, 'INVALID_INPUT', 'table');
  if (!bed.ok)
    return err(
      refereeError(
        'INVALID_INPUT',
        `expected "snooker" or { "width", "length", "ball" } in mm: ${bed.error.message}`,
        bed.error.field,
      ),
    );
  return ok(plainBed(bed.value));
};

const ball = ['red', 'yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const;
/**
 * The demo's clips (fixtures/demo.json), in order. Each is a position of its own: the table is set
 * up from the camera's view, on a red unless the clip says otherwise, with its nomination.
 */
const demoClips = (): Result<DemoClip[]> =>
  demoClipsFrom(
    path.join(ROOT, 'fixtures'),
    'demo.json',
    z.object({
      clip: demoClipName,
      on: z.enum(['colour', ...ball]).optional(),
      nominate: z.enum(ball).optional(),
    }),
    // Each clip is a position of its own, not the next stroke of one frame: a fresh rack (scores
    // level), then the table as the camera sees it.
    ({ on, nominate }) => [
      { type: 'reRack' },
      { type: 'setTable', on: on ?? 'red' },
      ...(nominate ? [{ type: 'nominate', ball: nominate }] : []),
    ],
  );

export const snooker: GameDefinition<SnookerMatch, Table> = {
  id: 'snooker',
  title: 'Snooker',
  sides: { count: 2, teamOf: [0, 1], defaultNames: ['Player 1', 'Player 2'] },
  claimsTable,
  parseTable,
  defaultTableSpec: 'snooker',
  perception: {
    kind: 'balls',
    modelDir: path.join(ROOT, 'models', 'ball-classifier'),
    toMove: strokeMove,
    // The colours on their spots and the reds racked (WPBSA 3.2); the cue ball in hand.
    setUp: (table) => ({ places: openingObjectBalls(table), white: 'cue' }),
  },
  rule: (input) => rule(input),
  runner: snookerRunner,
  session: snookerSession,
  pages: { dir: here('./web/') },
  sim: {
    parseTable: (spec) =>
      spec === undefined
        ? err(refereeError('INVALID_INPUT', 'required: "snooker" or {width, length, ball}', 'table'))
        : parseTable(spec),
    opening: openingLayout,
    placeCueBall: placeInD,
  },
  demo: { calibration: path.join(ROOT, 'calibration', 'demo.json'), clips: demoClips },
};
