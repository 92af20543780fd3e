// Partnership dominoes (docs/formats.md §9; seed: seeds/dominoes-rules-ru.txt), one game definition: the
// set, the table, the players, the rules as a pure reducer with `rule` (the whole of `referee rule` for
// `"game": "dominoes"`), the referee's penalties, and the match as the core's log replays it (session).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readJsonFile } from '../../camera/file.ts';
import { describeError, err, ok, refereeError, type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import type { Surface } from '../../equipment/index.ts';
import type { DemoClip, GameDefinition } from '../definition.ts';
import {
  dominoesSurface,
  parseDominoesTable,
  type DominoesSurface,
  type DominoesTable,
} from './equipment.ts';
import type { DominoesMatch } from './match.ts';
import { TileDetector } from './perception/index.ts';
import { rule } from './rules/index.ts';
import { dominoesSession } from './session.ts';
import { followPlay } from './follow/index.ts';
import { dominoesSim } from './sim/clip.ts';

export * from './equipment.ts';
export * from './penalties.ts';
export * from './players.ts';
export * from './rules/index.ts';
export * from './tiles.ts';
export { dominoesSession } from './session.ts';
export * from './perception/index.ts';
export type { DominoesMatch } from './match.ts';
export type { DominoesPageView, DominoesView } from './view.ts';

/** `"dominoes"` or `{ "game": "dominoes", … }` (docs/formats.md §9 "Table frame"). */
const claimsTable = (spec: unknown): boolean =>
  spec === 'dominoes' ||
  (typeof spec === 'object' &&
    spec !== null &&
    !Array.isArray(spec) &&
    (spec as { game?: unknown }).game === 'dominoes');

const parseTable = (spec: unknown): Result<DominoesSurface> => {
  const parsed = parseDominoesTable(spec ?? 'dominoes');
  return parsed.ok ? ok(dominoesSurface(parsed.value)) : parsed;
};

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PLAYERS = ['Player 1', 'Player 2', 'Player 3', 'Player 4'];

const demoSchema = z.object({
  clips: z.array(z.object({ clip: z.string().regex(/^[a-z0-9-]+$/) })).min(1),
});
const dealSchema = z.array(z.object({ type: z.string() }).passthrough()).min(1);

/**
 * The demo's clips (fixtures/dominoes/demo.json), in order: `<clip>.mp4`, each a round of its own. The
 * camera cannot see who holds what, so each is set up as the referee would before play: a new match
 * (scores level) and the round's deal as `<clip>-deal.json` gives it (the session's actions).
 */
const demoClips = (): Result<DemoClip[]> => {
  const dir = path.join(ROOT, 'fixtures', 'dominoes');
  const read = <T>(file: string, schema: z.ZodType<T>): Result<T> => {
    const json = readJsonFile(file);
    const parsed = json.ok ? parseWith(schema, json.value) : json;
    return parsed.ok ? parsed : err(refereeError('INVALID_INPUT', `${file}: ${describeError(parsed.error)}`));
  };
  const listed = read(path.join(dir, 'demo.json'), demoSchema);
  if (!listed.ok) return listed;
  const clips: DemoClip[] = [];
  for (const { clip } of listed.value.clips) {
    const deal = read(path.join(dir, `${clip}-deal.json`), dealSchema);
    if (!deal.ok) return deal;
    clips.push({
      path: path.join(dir, `${clip}.mp4`),
      setup: [{ type: 'startMatch', players: PLAYERS, options: {} }, ...deal.value],
    });
  }
  return ok(clips);
};

export const dominoes: GameDefinition<DominoesMatch, DominoesSurface> = {
  id: 'dominoes',
  title: 'Partnership dominoes',
  sides: {
    count: 4,
    teamOf: [0, 1, 0, 1],
    defaultNames: PLAYERS,
  },
  claimsTable,
  parseTable,
  defaultTableSpec: 'dominoes',
  perception: {
    kind: 'tiles',
    follow: (surface) => followPlay(surface.dominoes),
    detector: (calibration) => ok(new TileDetector(calibration, calibration.table.dominoes)),
  },
  rule: (input) => rule(input),
  runner: () =>
    err(
      refereeError(
        'INVALID_INPUT',
        'dominoes has no move-by-move runner: `referee run` follows the tiles through the match itself (perception.follow); rule on a whole round with `referee rule`',
        '--game',
      ),
    ),
  session: dominoesSession,
  clipSim: dominoesSim,
  pages: { dir: fileURLToPath(new URL('./web/', import.meta.url)) },
  demo: { calibration: path.join(ROOT, 'calibration', 'dominoes.json'), clips: demoClips },
};

/** The dominoes table a surface stands for, if it is one (dominoesSurface). */
export const dominoesTableOf = (s: Surface): DominoesTable | undefined =>
  'dominoes' in s ? (s as DominoesSurface).dominoes : undefined;
