// `referee simulate` for dominoes through the real command (docs/formats.md §7 "Dominoes"; issue 16
// items 2 and 7): a round record, or a seed's random round, drawn through the dominoes camera at a
// quarter of its resolution (quick to draw, the same view). Truth is checked against the rules
// engine: every move's ends as `referee rule` replays them, its first frame the first with its tile on
// the table, the round's ruling as `rule` gives it; a bad scenario exits 2 naming the field.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from '../../helpers/temp-dir.ts';
import { rule, tileKey, type Tile } from '../../../src/games/dominoes/index.ts';
import { runReferee } from '../../helpers/spawn.ts';

const dir = suiteTempDir('referee-simulate-dominoes-');

const full = JSON.parse(readFileSync('calibration/dominoes.json', 'utf8')) as {
  camera: { fx: number; fy: number; cx: number; cy: number };
};
const k = full.camera;
const calibrationFile = join(dir, 'calibration.json');
writeFileSync(
  calibrationFile,
  JSON.stringify({
    ...full,
    image: { width: 480, height: 270 },
    camera: {
      ...k,
      fx: k.fx / 4,
      fy: k.fy / 4,
      cx: (k.cx + 0.5) / 4 - 0.5,
      cy: (k.cy + 0.5) / 4 - 0.5,
    },
  }),
);

interface Half {
  pips: number;
  x: number;
  y: number;
}
interface TruthJson {
  fps: number;
  calibration: unknown;
  frames: { t: number; tiles: { pips: Tile; faceDown: boolean; halves: Half[]; visible: number[] }[] }[];
  round: {
    hands: Tile[][];
    moves: ({ player: number; tile: Tile; end?: string } | { player: number; pass: true })[];
  };
  moves: (
    | { player: number; tile: Tile; end?: string; ends: number[]; frame: number }
    | { player: number; pass: true; frame: number }
  )[];
  ruling: Record<string, unknown>;
}

const simulate = async (name: string, scenario: object, extra: string[] = []) => {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const out = join(dir, name);
  const r = await runReferee([
    'simulate',
    ...['--scenario', file, '--calibration', calibrationFile, '--out', out, ...extra],
  ]);
  const truth = existsSync(join(out, 'truth.json'))
    ? (JSON.parse(readFileSync(join(out, 'truth.json'), 'utf8')) as TruthJson)
    : undefined;
  return { ...r, out, truth };
};

/** The truth agrees with the rules engine: each move's ends as `rule` replays the record to it, each tile first seen at its move's frame. */
const checkAgainstRules = (truth: TruthJson): void => {
  const { hands, moves } = truth.round;
  expect(truth.moves.length).toBe(moves.length);
  for (const [i, m] of truth.moves.entries()) {
    const record = moves[i];
    expect(m.player).toBe(record?.player);
    if ('pass' in m) {
      expect(record && 'pass' in record).toBe(true);
      continue;
    }
    const ruled = rule({ game: 'dominoes', round: { hands, moves: moves.slice(0, i + 1) } });
    if (!ruled.ok) throw new Error(ruled.error.message);
    expect(m.ends).toEqual(ruled.value.ends);
    const has = (f: number): boolean =>
      truth.frames[f]?.tiles.some((t) => tileKey(t.pips) === tileKey(m.tile) && !t.faceDown) ?? false;
    expect(has(m.frame), `move ${i} in its first frame`).toBe(true);
    expect(has(m.frame - 1), `move ${i} not before it`).toBe(false);
  }
  const ruled = rule({ game: 'dominoes', round: { hands, moves } });
  if (!ruled.ok) throw new Error(ruled.error.message);
  expect(truth.ruling).toEqual(ruled.value);
};

describe('referee simulate --game dominoes', () => {
  it('draws a round record: a frame per held state, the moves with their ends and first frames as the rules engine has them, a pause held', async () => {
    const eggs = JSON.parse(readFileSync('fixtures/dominoes/eggs-round.json', 'utf8')) as {
      round: { hands: Tile[][]; moves: object[] };
    };
    const round = { hands: eggs.round.hands, moves: eggs.round.moves.slice(0, 3) };
    const r = await simulate('record', {
      table: 'dominoes',
      seed: 7,
      round,
      hold: 2,
      pauses: [{ before: 1, seconds: 1.5 }],
    });
    expect(r.code, r.stderr).toBe(0);
    const truth = r.truth as TruthJson;
    expect(truth.fps).toBe(2);
    expect(truth.calibration).toMatchObject({ image: { width: 480, height: 270 } });
    // The empty table 2 frames, three tiles held 2 frames each, the first 3 frames longer (the pause
    // before move 1: 1.5 s at 2 fps); the round goes on: no hands laid out.
    expect(truth.frames.length).toBe(2 + 3 * 2 + 3);
    expect(readdirSync(join(r.out, 'frames')).length).toBe(truth.frames.length);
    expect(truth.frames.map((f) => f.t)).toEqual(truth.frames.map((_, i) => i * 500));
    expect(truth.moves.map((m) => m.frame)).toEqual([2, 7, 9]);
    expect(truth.frames.at(-1)?.tiles.length).toBe(3);
    // Each half where it is drawn: its pips and the tile's are the same pair, the halves a half-tile (25 mm) apart.
    for (const t of truth.frames.at(-1)?.tiles ?? []) {
      const [a, b] = t.halves as [Half, Half];
      expect(tileKey([a.pips, b.pips] as unknown as Tile)).toBe(tileKey(t.pips));
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(25, 1);
      expect(t.visible).toEqual([1, 1]);
    }
    checkAgainstRules(truth);
  }, 120_000);

  it('deals and plays a random legal round from the seed alone: passes, the ending and its points as `referee rule` gives them, the hands laid face up', async () => {
    const r = await simulate('random', { seed: 31, hold: 1 }, ['--fps', '1']);
    expect(r.code, r.stderr).toBe(0);
    const truth = r.truth as TruthJson;
    expect(truth.fps).toBe(1);
    expect(truth.ruling.over).not.toBeNull();
    checkAgainstRules(truth);
    // The count: every tile of the set on the table, face up, in the last frame.
    expect(truth.frames.at(-1)?.tiles.length).toBe(28);
  }, 120_000);

  it.each([
    ['no hands dealt', { seed: 1, round: { hands: [], moves: [] } }, 'round.hands'],
    ['a hold of no frames', { seed: 1, hold: 0 }, 'hold'],
    ['no seed', { table: 'dominoes' }, 'seed'],
    ['an unknown field', { seed: 1, strokes: [] }, 'strokes'],
    [
      'a pause after the last move',
      { seed: 1, round: 'EGGS3', pauses: [{ before: 3, seconds: 2 }] },
      'pauses[0].before',
    ],
    ['a move out of turn', { seed: 1, round: 'EGGS_OUT_OF_TURN' }, 'round.moves[1].player'],
  ])(
    'an invalid scenario (%s) exits 2 naming the field',
    async (_name, scenario, field) => {
      const eggs = JSON.parse(readFileSync('fixtures/dominoes/eggs-round.json', 'utf8')) as {
        round: { hands: Tile[][]; moves: { player: number }[] };
      };
      const rounds: Record<string, object> = {
        EGGS3: { hands: eggs.round.hands, moves: eggs.round.moves.slice(0, 3) },
        EGGS_OUT_OF_TURN: { hands: eggs.round.hands, moves: [eggs.round.moves[0], eggs.round.moves[2]] },
      };
      const round =
        'round' in scenario && typeof scenario.round === 'string' ? rounds[scenario.round] : undefined;
      const r = await simulate(`bad-${field}`, round ? { ...scenario, round } : scenario);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(field);
      expect(r.truth).toBeUndefined();
    },
    60_000,
  );
});
