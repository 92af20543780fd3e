// The `referee` command's own options and a refused argument, as a user types them: each a spawn
// of a second or two (kept out of the realtime group, which runs alone: tests/serve-cli.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runReferee } from './helpers/spawn.ts';

describe('referee serve, as npm start runs it', () => {
  it('a port that is not a port is refused with exit code 2, naming the option', async () => {
    const r = await runReferee(['serve', '--port', 'eighty']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port');
  });
});

describe('referee --help', () => {
  it('lists the commands', async () => {
    const r = await runReferee(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('serve');
  });
});

describe('referee --version', () => {
  it("prints package.json's version and exits 0, as -V too", async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = await runReferee([flag]);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, `${version}\n`, '']);
    }
  });
});
