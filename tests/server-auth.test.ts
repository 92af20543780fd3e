import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type IncomingHttpHeaders } from 'node:http';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { hashPin, newPin, PinThrottle, verifyPin } from '../src/server/auth.ts';
import { startTestServer, TEST_PIN, type TestServer } from './helpers/server.ts';

describe('referee PIN', () => {
  it('is stored hashed and salted: the PIN is not in the stored form, two hashes differ', () => {
    const a = hashPin('482913');
    const b = hashPin('482913');
    expect(a).not.toContain('482913');
    expect(a).not.toBe(b);
    expect(verifyPin('482913', a)).toBe(true);
    expect(verifyPin('482913', b)).toBe(true);
  });
  it('a wrong PIN or a mangled stored hash does not verify', () => {
    const stored = hashPin('482913');
    expect(verifyPin('482914', stored)).toBe(false);
    expect(verifyPin('482913', 'plain')).toBe(false);
    expect(verifyPin('482913', stored.slice(0, -2))).toBe(false);
  });
  it('a new PIN is six digits', () => {
    for (let i = 0; i < 20; i++) expect(newPin()).toMatch(/^\d{6}$/);
  });
});

describe('PIN guessing is throttled per client', () => {
  const right = (pin: string): boolean => pin === '482913';

  it('after 5 wrong PINs every try is refused, the right one too, for 30 s, 60 s, … up to 15 min', () => {
    let t = 0;
    const locks: { client: string; failures: number; lockMs: number }[] = [];
    const throttle = new PinThrottle({ now: () => t }, (lock) => locks.push(lock));
    const codes = Array.from({ length: 30 }, () => throttle.check('10.0.0.9', '000000', right));
    expect(codes.slice(0, 5).every((c) => !c.ok && c.code === 'UNAUTHORIZED')).toBe(true);
    expect(codes.slice(5).every((c) => !c.ok && c.code === 'LOCKED_OUT')).toBe(true);
    expect(throttle.check('10.0.0.9', '482913', right)).toMatchObject({
      code: 'LOCKED_OUT',
      retryAfterS: 30,
    });
    expect(throttle.check('10.0.0.8', '482913', right)).toEqual({ ok: true }); // another client
    t += 29_000;
    expect(throttle.check('10.0.0.9', '482913', right)).toMatchObject({ code: 'LOCKED_OUT', retryAfterS: 1 });
    // Each wrong PIN after a lock ends locks again, twice as long, up to 15 min.
    const lockLengths: number[] = [];
    for (let i = 0; i < 7; i++) {
      t += locks.at(-1)?.lockMs ?? 0;
      expect(throttle.check('10.0.0.9', '111111', right)).toMatchObject({ code: 'UNAUTHORIZED' });
      lockLengths.push((locks.at(-1)?.lockMs ?? 0) / 1000);
    }
    expect([locks[0]?.lockMs, ...lockLengths]).toEqual([30_000, 60, 120, 240, 480, 900, 900, 900]);
    expect(locks.at(-1)).toMatchObject({ client: '10.0.0.9', failures: 12 });
    // The right PIN once the lock has passed: accepted, and the count starts again from nothing.
    t += 900_000;
    expect(throttle.check('10.0.0.9', '482913', right)).toEqual({ ok: true });
    for (let i = 0; i < 4; i++)
      expect(throttle.check('10.0.0.9', '0', right)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(throttle.check('10.0.0.9', '482913', right)).toEqual({ ok: true });
  });

  it('reset() forgets a client, or all; the limits are options', () => {
    const throttle = new PinThrottle({ freeTries: 2, firstLockMs: 1000, now: () => 0 });
    throttle.check('a', 'x', right);
    throttle.check('a', 'x', right);
    throttle.check('b', 'x', right);
    throttle.check('b', 'x', right);
    expect(throttle.check('a', '482913', right)).toMatchObject({ code: 'LOCKED_OUT', retryAfterS: 1 });
    throttle.reset('a');
    expect(throttle.check('a', '482913', right)).toEqual({ ok: true });
    throttle.reset();
    expect(throttle.check('b', '482913', right)).toEqual({ ok: true });
  });

  it('forgets a client quiet for long, and remembers at most maxClients', () => {
    let t = 0;
    const throttle = new PinThrottle({ freeTries: 1, forgetAfterMs: 60_000, maxClients: 2, now: () => t });
    throttle.check('a', 'x', right);
    t += 30_001 + 60_000;
    expect(throttle.check('a', '482913', right)).toEqual({ ok: true });
    for (const c of ['a', 'b', 'c']) throttle.check(c, 'x', right);
    expect(throttle.check('a', '482913', right)).toEqual({ ok: true }); // forgotten for room
    expect(throttle.check('c', '482913', right)).toMatchObject({ code: 'LOCKED_OUT' });
  });
});

/** POST /api/action from `localAddress` (127.0.0.x: a different client on the same machine). */
const postAction = (
  url: string,
  body: string,
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: { error?: { code: string } } }> =>
  new Promise((resolve, reject) => {
    const req = request(
      `${url.replace('localhost', '127.0.0.1')}/api/action`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as never }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });

describe('on a real server: POST /api/action and the WebSocket sign-in', () => {
  let t = 1_000_000;
  const lockouts: Record<string, unknown>[] = [];
  let server: TestServer;
  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lockouts.push(JSON.parse(line) as Record<string, unknown>) },
    );
    server = await startTestServer(':memory:', { pinThrottle: { now: () => t }, logger });
  });
  afterAll(() => server.close());
  const nominate = JSON.stringify({ type: 'nominate', ball: 'red' });
  const bearer = (pin: string) => ({ authorization: `Bearer ${pin}` });

  it('checks the PIN before the body: 401 for a bad body (or none that parses) with no PIN or a wrong one', async () => {
    const bad = JSON.stringify({ type: 'nominate', ball: 'purple' });
    expect((await postAction(server.url, bad, {})).status).toBe(401);
    expect((await postAction(server.url, '{"type":', {})).body).toMatchObject({
      error: { code: 'UNAUTHORIZED' },
    });
    expect((await postAction(server.url, bad, bearer('999999'), '127.0.0.3')).status).toBe(401);
    expect((await postAction(server.url, bad, bearer(TEST_PIN))).status).toBe(400);
  });

  it('30 wrong PINs then the right one: refused (429, Retry-After) while locked, accepted after; another client is not locked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await postAction(server.url, nominate, bearer('000000'))).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const locked = await postAction(server.url, nominate, bearer(TEST_PIN));
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.body).toMatchObject({ error: { code: 'LOCKED_OUT' } });
    // The lockout is logged with the address and the count.
    expect(lockouts.filter((r) => r['msg'] === 'PIN lockout')).toEqual([
      expect.objectContaining({ level: 40, remote: '127.0.0.1', failures: 5, lockS: 30 }),
    ]);
    // Another client (another address) signs in meanwhile, by HTTP and on the WebSocket.
    expect((await postAction(server.url, nominate, bearer(TEST_PIN), '127.0.0.2')).status).toBe(200);
    const other = await wsClient(server.url, '127.0.0.2');
    other.send({ type: 'auth', name: 'Anna', pin: TEST_PIN, id: 'o' });
    expect(await other.next((m) => m['replyTo'] === 'o')).toMatchObject({ type: 'authenticated' });
    other.close();
    // The locked client's WebSocket sign-in is refused too, saying for how long.
    const ws = await wsClient(server.url, '127.0.0.1');
    ws.send({ type: 'auth', name: 'Anna', pin: TEST_PIN, id: 'a' });
    expect(await ws.next((m) => m['replyTo'] === 'a')).toMatchObject({
      type: 'error',
      code: 'LOCKED_OUT',
      retryAfterS: 30,
    });
    t += 30_000;
    ws.send({ type: 'auth', name: 'Anna', pin: TEST_PIN, id: 'b' });
    expect(await ws.next((m) => m['replyTo'] === 'b')).toMatchObject({ type: 'authenticated' });
    ws.close();
    expect((await postAction(server.url, nominate, bearer(TEST_PIN))).status).toBe(200);
  });

  it('wrong PINs on the WebSocket count the same: the fifth locks the address', async () => {
    const ws = await wsClient(server.url, '127.0.0.4');
    for (let i = 0; i < 5; i++) {
      ws.send({ type: 'auth', name: 'Eve', pin: `1${i}`, id: `w${i}` });
      expect(await ws.next((m) => m['replyTo'] === `w${i}`)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    ws.close();
    const http = await postAction(server.url, nominate, bearer(TEST_PIN), '127.0.0.4');
    expect(http.status).toBe(429);
  });
});

/** A WebSocket client from `localAddress`, with a way to wait for a message. */
const wsClient = async (url: string, localAddress: string) => {
  const ws = new WebSocket(`${url.replace('http://localhost', 'ws://127.0.0.1')}/ws`, { localAddress });
  const seen: Record<string, unknown>[] = [];
  const waiting: {
    test: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  ws.on('message', (d: Buffer) => {
    const m = JSON.parse(d.toString()) as Record<string, unknown>;
    const w = waiting.findIndex((x) => x.test(m));
    if (w >= 0) waiting.splice(w, 1)[0]?.resolve(m);
    else seen.push(m);
  });
  await new Promise((r) => ws.once('open', r));
  return {
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    close: () => ws.close(),
    next: (test: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const i = seen.findIndex(test);
        if (i >= 0) resolve(seen.splice(i, 1)[0] as Record<string, unknown>);
        else waiting.push({ test, resolve });
      }),
  };
};
