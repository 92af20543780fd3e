// `referee rule` as a user runs it (docs/formats.md §4): stdin, a file argument, invalid input.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReferee } from '../helpers/spawn.ts';
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
    const dir = mkdtempSync(join(tmpdir(), 'referee-rule-'));
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
});
