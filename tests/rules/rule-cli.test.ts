// `referee rule` as a user runs it (docs/formats.md §4): stdin, a file argument, invalid input.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../helpers/temp-dir.ts';
import { runReferee } from '../helpers/spawn.ts';
import { contractExample as blackballExample } from '../games/blackball/helpers.ts';
import { contractExample } from './helpers.ts';

describe('referee rule', () => {
  it('reads the contract example on stdin and prints one JSON line, exit 0', async () => {
    const r = await runReferee(['rule'], JSON.stringify(contractExample()));
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(out).toMatchObject({ foul: null, scored: 1, scores: [1, 0], next: { striker: 0, on: 'colour' } });
  });

  it('reads a file given as the argument', async () => {
    const dir = testTempDir('referee-rule-');
    const file = join(dir, 'stroke.json');
    const input = contractExample();
    writeFileSync(
      file,
      JSON.stringify({ ...input, shot: { ...input.shot, potted: ['cue'], after: undefined } }),
    );
    const r = await runReferee(['rule', file]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      foul: { points: 4 },
      scores: [0, 4],
      next: { striker: 1, cueInHand: true },
    });
  });

  it('invalid input: exit 2, one line on stderr naming the field, nothing on stdout', async () => {
    const input = contractExample();
    const bad = {
      ...input,
      state: { ...input.state, balls: [...input.state.balls, { id: 'red', x: 889, y: 2760 }] },
    };
    const r = await runReferee(['rule'], JSON.stringify(bad));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('state.balls[2]');
  });

  it('input that is not JSON, or a file that is not there: exit 2', async () => {
    const notJson = await runReferee(['rule'], '{ "game": ');
    expect([notJson.code, notJson.stdout]).toEqual([2, '']);
    expect(notJson.stderr).toContain('not a JSON');
    const missing = await runReferee(['rule', '/nonexistent/stroke.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('/nonexistent/stroke.json');
  });

  it("dispatches on the input's game (docs/formats.md §8, §9): black-ball and dominoes by their own rules; an unknown game is exit 2 naming game", async () => {
    // The contract's black-ball example with the 3 on the table, as README gives it: the 3 (a solid)
    // potted on an open table gives the striker the solids and the table (seed 2.6); snooker's rules
    // would refuse a ball called "3".
    const example = blackballExample();
    const readme = {
      ...example,
      state: { ...example.state, balls: [...example.state.balls, { id: '3', x: 400, y: 1500 }] },
    };
    const pool = await runReferee(['rule'], JSON.stringify(readme));
    expect([pool.code, pool.stderr]).toEqual([0, '']);
    expect(JSON.parse(pool.stdout)).toMatchObject({
      foul: null,
      groups: ['solids', 'stripes'],
      next: { striker: 0 },
    });
    // A dominoes round's record (the EGGS clip's): blocked with equal pips in both pairs' hands.
    const round = await runReferee(['rule', 'fixtures/dominoes/eggs-round.json']);
    expect([round.code, round.stderr]).toEqual([0, '']);
    expect(JSON.parse(round.stdout)).toMatchObject({ over: 'blocked', eggs: true, winner: null });
    const chess = await runReferee(['rule'], JSON.stringify({ game: 'chess' }));
    expect([chess.code, chess.stdout]).toEqual([2, '']);
    expect(chess.stderr).toMatch(/^referee: game: unknown game "chess": one of snooker, blackball, dominoes/);
  });
});
