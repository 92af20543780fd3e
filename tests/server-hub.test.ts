import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { once } from 'node:events';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { createHub, type Hub, type HubOptions } from '../src/server/hub.ts';
import { parseWith } from '../src/core/schema.ts';

const Message = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping'), id: z.string().optional() }),
  z.object({ type: z.literal('say'), text: z.string().max(100), id: z.string().optional() }),
]);
type Message = z.infer<typeof Message>;

let server: Server | undefined;
let hub: Hub | undefined;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await hub?.close();
  await new Promise((r) => server?.close(r));
});

const start = async (options: Partial<HubOptions<Message>> = {}): Promise<string> => {
  server = createServer();
  hub = createHub<Message>({
    server,
    logger: pino({ level: 'silent' }),
    parse: (d) => parseWith(Message, d),
    onMessage: (client, m) => {
      if (m.type === 'ping') client.send({ type: 'pong', replyTo: m.id });
    },
    ...options,
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
};

const connect = async (
  url: string,
): Promise<{ ws: WebSocket; next: () => Promise<Record<string, unknown>> }> => {
  const ws = new WebSocket(url);
  sockets.push(ws);
  const inbox: Record<string, unknown>[] = [];
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as Record<string, unknown>;
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  await once(ws, 'open');
  return {
    ws,
    next: () =>
      new Promise((resolve) => (inbox.length ? resolve(inbox.shift() ?? {}) : waiting.push(resolve))),
  };
};

describe('the WebSocket hub validates every inbound message', () => {
  it('answers a valid message', async () => {
    const { ws, next } = await connect(await start());
    ws.send(JSON.stringify({ type: 'ping', id: 'a1' }));
    expect(await next()).toEqual({ type: 'pong', replyTo: 'a1' });
  });

  it('rejects text that is not JSON with BAD_JSON', async () => {
    const { ws, next } = await connect(await start());
    ws.send('{not json');
    expect(await next()).toMatchObject({ type: 'error', code: 'BAD_JSON' });
  });

  it('rejects an unknown type with INVALID_MESSAGE naming the field, and replies to its id', async () => {
    const { ws, next } = await connect(await start());
    ws.send(JSON.stringify({ type: 'launchMissiles', id: 'x9' }));
    expect(await next()).toMatchObject({
      type: 'error',
      code: 'INVALID_MESSAGE',
      field: 'type',
      replyTo: 'x9',
    });
  });

  it('rejects a known type with a bad field, naming it', async () => {
    const { ws, next } = await connect(await start());
    ws.send(JSON.stringify({ type: 'say', text: 'x'.repeat(101) }));
    expect(await next()).toMatchObject({ code: 'INVALID_MESSAGE', field: 'text' });
  });

  it('rejects binary frames', async () => {
    const { ws, next } = await connect(await start());
    ws.send(Buffer.from([1, 2, 3]));
    expect(await next()).toMatchObject({ code: 'BAD_JSON' });
  });

  it('closes the connection (1009) on a message over the size limit', async () => {
    const { ws } = await connect(await start({ maxPayload: 1024 }));
    ws.send(JSON.stringify({ type: 'say', text: 'x'.repeat(5000) }));
    const [code] = (await once(ws, 'close')) as [number];
    expect(code).toBe(1009);
  });

  it('rate-limits a flood with RATE_LIMITED', async () => {
    const { ws, next } = await connect(await start({ maxMessagesPerSecond: 3, now: () => 0 }));
    for (let i = 0; i < 4; i++) ws.send(JSON.stringify({ type: 'ping', id: String(i) }));
    const answers = [await next(), await next(), await next(), await next()];
    expect(answers.map((a) => a['type'])).toEqual(['pong', 'pong', 'pong', 'error']);
    expect(answers[3]).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('the hub never waits for a slow client', () => {
  it('drops a client that stops reading, and keeps serving the others', async () => {
    const url = await start({ maxBufferedBytes: 256 * 1024 });
    const slow = await connect(url);
    const fast = await connect(url);
    (slow.ws as unknown as { _socket: Socket })._socket.pause(); // stops reading: its buffers fill
    const closed = once(slow.ws, 'close');
    const big = { type: 'frame', payload: 'x'.repeat(64 * 1024) };
    for (let i = 0; i < 400 && hub?.dropped === 0; i++) {
      hub?.broadcast(big);
      await new Promise((r) => setImmediate(r));
    }
    expect(hub?.dropped).toBe(1);
    (slow.ws as unknown as { _socket: Socket })._socket.resume();
    await closed;
    fast.ws.send(JSON.stringify({ type: 'ping', id: 'still' }));
    let answer = await fast.next();
    while (answer['type'] === 'frame') answer = await fast.next();
    expect(answer).toEqual({ type: 'pong', replyTo: 'still' });
  });

  it('cuts off a peer that stops answering heartbeats', async () => {
    const url = await start({ heartbeatMs: 50 });
    const { ws } = await connect(url);
    (ws as unknown as { _socket: Socket })._socket.pause();
    await new Promise((r) => setTimeout(r, 300));
    expect(hub?.size).toBe(0);
  });
});
