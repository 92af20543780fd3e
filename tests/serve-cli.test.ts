import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { runReferee, startReferee, waitForOutput } from './helpers/spawn.ts';

describe('referee serve, as npm start runs it', () => {
  it('prints its URLs, serves /referee and the table, and stops cleanly on SIGTERM', async () => {
    const child = startReferee(['serve', '--port', '0', '--host', '127.0.0.1'], { LOG_LEVEL: 'silent' });
    const [, url] = await waitForOutput(child, /serving on (http:\/\/localhost:\d+)/);
    const page = await fetch(`${url}/referee`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<svg id="table"');
    const table = (await (await fetch(`${url}/api/table`)).json()) as { width: number; length: number };
    expect([table.width, table.length]).toEqual([1778, 3569]);
    const missing = await fetch(`${url}/api/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

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
