// The black-ball demo's scenarios (fixtures/scenarios/pool-*.json) do what they are meant to: each is
// played by the physics, every stroke's §8 shot is taken from the physics' truth (not from tracking),
// and `referee run`'s runner rules on them one after another as fixtures/pool-*/expected.json says.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blackball } from '../../../src/games/blackball/index.ts';
import { isObjectBallId } from '../../../src/games/blackball/equipment.ts';
import { positionsAt } from '../../../src/sim/truth.ts';
import { playPool, poolTruth } from './clips.ts';

const NAMES = readdirSync('fixtures/scenarios')
  .filter((f) => f.startsWith('pool-'))
  .map((f) => f.replace(/\.json$/, ''));

const expected = (name: string): { rulings: Record<string, unknown>[] } =>
  JSON.parse(readFileSync(`fixtures/${name}/expected.json`, 'utf8')) as {
    rulings: Record<string, unknown>[];
  };

describe('the black-ball demo scenarios, ruled on their truth', () => {
  it('are the eight the demo plays', () => {
    expect(NAMES.sort()).toEqual([
      'pool-black-early',
      'pool-black-win',
      'pool-foul-break',
      'pool-foul-free-kick',
      'pool-group-choice',
      'pool-legal-break',
      'pool-opponent-ball',
      'pool-three-fouls',
    ]);
  });

  it.each(NAMES)('%s', (name) => {
    const played = playPool(JSON.parse(readFileSync(`fixtures/scenarios/${name}.json`, 'utf8')));
    const truth = poolTruth(played);
    const want = expected(name).rulings;
    expect(truth).toHaveLength(want.length);
    const runner = blackball.runner(played.table);
    if (!runner.ok) throw new Error(runner.error.message);
    truth.forEach((t, k) => {
      const before = positionsAt(played, t.start - 1)
        .filter((b) => b.state === 'table')
        .map((b) => ({ id: b.id, x: b.x, y: b.y }));
      const ruling = runner.value.rule({
        shot: {
          firstContact: t.firstContact.filter(isObjectBallId),
          potted: t.potted.map((p) => p.id),
          offTable: [],
          cushionAfterContact: t.cushionAfterContact,
          crossedCentre: t.crossedCentre,
          fouls: [],
        },
        before,
      });
      expect(ruling.ok, `stroke ${k + 1}`).toBe(true);
      if (ruling.ok) expect(ruling.value, `stroke ${k + 1}`).toMatchObject(want[k] ?? {});
    });
  });
});
