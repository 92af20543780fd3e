// The referee service on a real server (port 0): API, WebSocket validation and limits, auth, exports,
// and recovery after a real kill of the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { openingBalls } from '../src/games/snooker/rules/index.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';
import type { MatchView } from '../src/games/snooker/views.ts';
import { startTestServer, TEST_PIN, type TestServer } from './helpers/server.ts';
import { startReferee, waitForOutput } from './helpers/spawn.ts';

const table = snookerTable();
const layout = () => openingBalls(table).map((b) => ({ id: b.id, x: b.x as number, y: b.y as number }));
const breakOff = (firstContact: string[]) => ({
  firstContact,
  potted: [],
  offTable: [],
  fouls: [],
  after: [...layout(), { id: 'cue', x: 889, y: 300 }],
});

const post = (url: string, body: unknown, pin?: string) =>
  fetch(`${url}/api/action`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-referee-name': 'Anna',
      ...(pin ? { authorization: `Bearer ${pin}` } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const dir = mkdtempSync(path.join(tmpdir(), 'referee-int-'));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the JSON API', () => {
  it('serves the table and the current view', async () => {
    const view = (await (await fetch(`${server.url}/api/view`)).json()) as MatchView;
    expect(view.players).toEqual(['Player 1', 'Player 2']);
    expect(view.on).toBe('red');
    expect(view.pointsRemaining).toBe(147);
  });

  it('refuses a change without the PIN (401), or with a wrong one', async () => {
    const none = await post(server.url, { type: 'nominate', ball: 'red' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect((await post(server.url, { type: 'nominate', ball: 'red' }, '000000')).status).toBe(401);
  });

  it('names the bad field of a malformed action, and refuses JSON that does not parse or is too large', async () => {
    const bad = await post(server.url, { type: 'nominate', ball: 'purple' }, TEST_PIN);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'INVALID_MESSAGE', field: 'ball' } });
    const broken = await post(server.url, '{"type":', TEST_PIN);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: 'BAD_JSON' } });
    const huge = await post(server.url, { type: 'nominate', ball: 'red', pad: 'x'.repeat(40_000) }, TEST_PIN);
    expect(huge.status).toBe(413);
  });

  it('with the PIN, a referee enters a stroke by hand and the rules rule on it', async () => {
    const r = await post(server.url, { type: 'enterStroke', shot: breakOff([]) }, TEST_PIN);
    expect(r.status).toBe(200);
    const { view } = (await r.json()) as { view: MatchView };
    expect(view.scores).toEqual([0, 4]);
    expect(view.pending).toMatchObject({ stroke: 0, by: 'Anna', foul: { points: 4 } });
  });

  it('exports the match and a frame as JSON and CSV', async () => {
    const json = (await (await fetch(`${server.url}/api/export/match.json`)).json()) as {
      strokes: unknown[];
    };
    expect(json.strokes).toHaveLength(1);
    const csv = await (await fetch(`${server.url}/api/export/frame/1.csv`)).text();
    const [header, row] = csv.trim().split('\r\n');
    expect(header).toBe(
      'frame,stroke,striker,firstContact,potted,foulPoints,foulReasons,scored,score0,score1,status,by,start,end,endedAt',
    );
    expect(row).toMatch(/^1,0,0,,,4,/);
    expect((await fetch(`${server.url}/api/export/match.xml`)).status).toBe(404);
  });
});

/** A WebSocket client that keeps what it receives. */
const client = async (url: string) => {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  const seen: Record<string, unknown>[] = [];
  const waiters: {
    test: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as Record<string, unknown>;
    seen.push(m);
    for (const w of waiters.splice(0)) {
      if (w.test(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  await once(ws, 'open');
  const next = (test: (m: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const already = seen.find(test);
      if (already) {
        seen.splice(seen.indexOf(already), 1);
        resolve(already);
      } else waiters.push({ test, resolve });
    });
  return { ws, next, send: (m: unknown) => ws.send(JSON.stringify(m)) };
};

describe('the WebSocket', () => {
  it('sends the whole view on connect, so a page re-syncs by itself', async () => {
    const c = await client(server.url);
    const first = await c.next((m) => m['type'] === 'view');
    expect((first['view'] as MatchView).scores).toEqual([0, 4]);
    c.ws.close();
  });

  it('a spectator cannot change anything: UNAUTHORIZED, and the log is unchanged', async () => {
    const c = await client(server.url);
    const before = server.service.events.length;
    c.send({ type: 'confirm', stroke: 0, id: 's1' });
    expect(await c.next((m) => m['type'] === 'error')).toMatchObject({ code: 'UNAUTHORIZED', replyTo: 's1' });
    c.send({ type: 'auth', name: 'Eve', pin: '999999', id: 's2' });
    expect(await c.next((m) => m['replyTo'] === 's2')).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect(server.service.events.length).toBe(before);
    c.ws.close();
  });

  it("the referee's confirmation reaches every view", async () => {
    const referee = await client(server.url);
    const watcher = await client(server.url);
    await watcher.next((m) => m['type'] === 'view');
    referee.send({ type: 'auth', name: 'Anna', pin: TEST_PIN, id: 'a' });
    expect(await referee.next((m) => m['type'] === 'authenticated')).toMatchObject({ name: 'Anna' });
    referee.send({ type: 'confirm', stroke: 0, id: 'c' });
    expect(await referee.next((m) => m['replyTo'] === 'c')).toMatchObject({ type: 'ack' });
    const seen = await watcher.next(
      (m) => m['type'] === 'view' && (m['view'] as MatchView).rulings[0]?.status === 'confirmed',
    );
    expect((seen['view'] as MatchView).rulings[0]).toMatchObject({ by: 'Anna' });
    referee.ws.close();
    watcher.ws.close();
  });

  it('rejects unknown types, bad fields and oversized messages with coded errors', async () => {
    const c = await client(server.url);
    c.send({ type: 'deleteMatch', id: 'u' });
    expect(await c.next((m) => m['replyTo'] === 'u')).toMatchObject({
      code: 'INVALID_MESSAGE',
      field: 'type',
    });
    c.send({ type: 'confirm', stroke: -1, id: 'f' });
    expect(await c.next((m) => m['replyTo'] === 'f')).toMatchObject({
      code: 'INVALID_MESSAGE',
      field: 'stroke',
    });
    c.ws.send('x'.repeat(64 * 1024));
    const [code] = (await once(c.ws, 'close')) as [number];
    expect(code).toBe(1009);
  });
});

describe('a crash loses nothing acknowledged', () => {
  it('kill -9 in the middle of a match, restart on the same log: the same frame, every decision kept', async () => {
    const db = path.join(dir, 'crash.sqlite');
    const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--pin', '4321'];
    const first = startReferee(args, { LOG_LEVEL: 'silent' });
    const [, url = ''] = await waitForOutput(first, /serving on (http:\/\/localhost:\d+)/);
    expect(
      (await post(url, { type: 'startMatch', players: ['Ronnie', 'Judd'], bestOf: 7 }, '4321')).status,
    ).toBe(200);
    expect((await post(url, { type: 'enterStroke', shot: breakOff([]) }, '4321')).status).toBe(200);
    expect((await post(url, { type: 'playAgain' }, '4321')).status).toBe(200);
    const acknowledged = (await (await fetch(`${url}/api/view`)).json()) as MatchView;
    const events = (await (await fetch(`${url}/api/events`)).json()) as unknown[];
    first.kill('SIGKILL');
    await once(first, 'exit');

    const second = startReferee(args, { LOG_LEVEL: 'silent' });
    const [, url2 = ''] = await waitForOutput(second, /serving on (http:\/\/localhost:\d+)/);
    const resumed = (await (await fetch(`${url2}/api/view`)).json()) as MatchView;
    expect(resumed.players).toEqual(['Ronnie', 'Judd']);
    expect(resumed.scores).toEqual([0, 4]);
    expect(resumed.striker).toBe(0); // asked to play again, as before the crash
    // The same match; only the server's clock has moved on.
    expect({ ...resumed, serverTime: 0 }).toEqual({ ...acknowledged, serverTime: 0 });
    expect(await (await fetch(`${url2}/api/events`)).json()).toEqual(events);
    second.kill('SIGTERM');
    await once(second, 'exit');
  });
});
