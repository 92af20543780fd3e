// `referee run --game dominoes` on a rendered clip (issue 16 items 4 and 7): the EGGS round of rounds.ts,
// played by the rules engine, laid out by layout.ts and drawn by the dominoes renderer (`referee
// simulate`'s dominoes clip, through scripts/render-dominoes-round.ts → fixtures/dominoes/eggs.mp4, 2
// frames a second, each state of the table held 2 s, then the hands laid face up for the count),
// through the real command: the tile
// detector in its worker, the follower, the session. The deal is given (`--state`), as the referee
// would enter it. Truth: the record (fixtures/dominoes/eggs-round.json) and `referee rule` on it.
//
// The whole round is followed (17 of 17 moves, nothing alerted) and scored as `rule` scores it; rounds
// drawn from other seeds, in both sets, are bench/dominoes-follow.ts's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rule, tileKey, type Tile } from '../../../src/games/dominoes/index.ts';
import { runReferee } from '../../helpers/spawn.ts';

const RECORD = 'fixtures/dominoes/eggs-round.json';

interface Line {
  type: string;
  move?: { player: number; tile?: Tile; pass?: true };
  ruling?: unknown;
  error?: string;
  kind?: string;
  sheet?: { over: string | null; end: string | null; eggs: boolean; winner: number | null; points: number }[];
}

/** `referee run --game dominoes` on a bundled clip with its deal; its exit, stderr and stdout's lines. */
const runClip = async (
  clip: string,
): Promise<{ readonly code: number | null; readonly stderr: string; readonly lines: Line[] }> => {
  const r = await runReferee([
    'run',
    '--game',
    'dominoes',
    '--source',
    `fixtures/dominoes/${clip}.mp4`,
    '--calibration',
    'calibration/dominoes.json',
    '--state',
    `fixtures/dominoes/${clip}-deal.json`,
  ]);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
  return { code: r.code, stderr: r.stderr, lines };
};

describe('referee run --game dominoes on a rendered clip', () => {
  it('follows the whole EGGS round: every move to its player and end, and the round scored as `referee rule` scores it', async () => {
    const { code, stderr, lines } = await runClip('eggs');
    expect(code, stderr).toBe(0);
    const record = JSON.parse(readFileSync(RECORD, 'utf8')) as {
      round: { moves: { player: number; tile?: Tile; pass?: true }[] };
    };
    const said = (m: { player: number; tile?: Tile }): string =>
      `${m.player} ${m.tile ? tileKey(m.tile) : 'pass'}`;
    const moves = lines.filter((l) => l.type === 'move');
    expect(moves.filter((l) => l.error !== undefined)).toEqual([]);
    const seen = moves.map((l) => said(l.move ?? { player: -1 }));
    const truth = record.round.moves.map(said);
    // The whole round is followed: every tile on its player and end, nothing alerted.
    expect(seen).toEqual(truth);
    expect(lines.filter((l) => l.type === 'alert')).toEqual([]);
    const match = lines.at(-1);
    expect(match?.type).toBe('match');
    // The hands are known from the deal (--state), so nothing is left to read at the round's end.
    expect(lines.filter((l) => l.type === 'action')).toEqual([]);
    const ruled = rule(JSON.parse(readFileSync(RECORD, 'utf8')));
    if (!ruled.ok) throw new Error(ruled.error.message);
    expect(match?.sheet?.[0]).toMatchObject({
      over: ruled.value.over,
      end: 'scored',
      eggs: ruled.value.eggs,
      winner: ruled.value.winner,
      points: ruled.value.points,
    });
    // Its end said as a ball game's is: the frames, their rate, and the detector's median ms a frame.
    expect(stderr).toMatch(/^referee run: \d+ frames in [\d.]+ s \([\d.]+ a second\); 17 moves, /m);
    const done = stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; detectMs?: number; moves?: number })
      .find((l) => l.msg === 'done');
    expect(done?.moves).toBe(17);
    expect(done?.detectMs).toBeGreaterThan(0);
  }, 120_000);

  it('takes a demo clip’s deal with a move the referee entered (FALSEPASS: a pass said before the first frame), and finds the false pass when the hands are shown', async () => {
    const { code, stderr, lines } = await runClip('falsepass');
    expect(code, stderr).toBe(0);
    expect(
      lines.filter((l) => l.type === 'action').map((l) => (l as { action?: { type: string } }).action?.type),
    ).toEqual(['handsShown']);
    // §9: a pass made holding a tile that fitted annuls the round.
    expect(lines.at(-1)?.sheet?.[0]).toMatchObject({ over: 'blocked', end: 'annulled', points: 0 });
  }, 120_000);
});
