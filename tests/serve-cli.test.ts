import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runReferee, startReferee, waitForOutput } from './helpers/spawn.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('referee serve, as npm start runs it', () => {
  it('prints its URLs and a new referee PIN, serves /referee and the table, and stops cleanly on SIGTERM', async () => {
    const db = path.join(dir, 'first.sqlite');
    const child = startReferee(['serve', '--port', '0', '--host', '127.0.0.1', '--db', db], {
      LOG_LEVEL: 'silent',
    });
    const [, url, pin] = await waitForOutput(
      child,
      /serving on (http:\/\/localhost:\d+)[\s\S]*referee PIN: (\d{6})/,
    );
    const page = await fetch(`${url}/referee`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<svg id="table"');
    const table = (await (await fetch(`${url}/api/table`)).json()) as { width: number; length: number };
    expect([table.width, table.length]).toEqual([1778, 3569]);
    const missing = await fetch(`${url}/api/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // the printed PIN is the referee's: it signs an action in
    const signed = await fetch(`${url}/api/action`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pin}` },
      body: JSON.stringify({ type: 'nominate', ball: 'red' }),
    });
    expect(signed.status).toBe(200);
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
