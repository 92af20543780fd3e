// The WebSocket side of the server, on /ws: every inbound message size-limited, parsed and validated
// against a schema before anything sees it; a coded error back for anything else; heartbeats to find
// dead peers; and back-pressure — a client that cannot keep up is dropped, the pipeline never waits
// (ws style: every limit an option, every failure a coded error).
import type { IncomingMessage, Server } from 'node:http';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Result } from '../core/errors.ts';

export type WsErrorCode =
  'BAD_JSON' | 'INVALID_MESSAGE' | 'UNAUTHORIZED' | 'LOCKED_OUT' | 'RATE_LIMITED' | 'REJECTED';

export interface WsError {
  readonly type: 'error';
  readonly code: WsErrorCode;
  readonly message: string;
  readonly field?: string;
  /** The `id` of the message this answers, when it had one. */
  readonly replyTo?: string;
  /** LOCKED_OUT: seconds until the client may try a PIN again. */
  readonly retryAfterS?: number;
}

export type Role = 'spectator' | 'referee';

export interface HubClient {
  readonly id: number;
  /** The peer's address (PIN tries are throttled by it). */
  readonly address: string;
  role: Role;
  /** Who this is once authenticated (the referee's name), for the log's `by`. */
  name: string;
  /** Send one message; false if the client was dropped for being too slow. */
  send(message: object): boolean;
  error(
    code: WsErrorCode,
    message: string,
    extra?: { field?: string; replyTo?: string; retryAfterS?: number },
  ): void;
}

export interface HubOptions<M> {
  readonly server: Server;
  readonly logger: Logger;
  /** Validate one inbound message (already JSON-parsed). */
  readonly parse: (data: unknown) => Result<M>;
  readonly onMessage: (client: HubClient, message: M) => void;
  /** Called once a client is connected: send it the current state. */
  readonly onConnect?: (client: HubClient, request: IncomingMessage) => void;
  readonly path?: string;
  /** Largest inbound message, bytes; a larger one closes the connection with 1009. */
  readonly maxPayload?: number;
  /** Ping every this many ms; a client that has not answered the last ping is cut off. */
  readonly heartbeatMs?: number;
  /** A client with more than this many bytes not yet sent is too slow and is dropped. */
  readonly maxBufferedBytes?: number;
  /** Inbound messages a client may send per second before it gets RATE_LIMITED errors. */
  readonly maxMessagesPerSecond?: number;
  /** Clock for the rate limit (ms). */
  readonly now?: () => number;
}

export interface Hub {
  /** Send to every client (serialised once); too-slow clients are dropped. */
  broadcast(message: object): void;
  readonly size: number;
  /** Clients dropped for back-pressure since start. */
  readonly dropped: number;
  close(): Promise<void>;
}

export const DEFAULT_MAX_PAYLOAD = 16 * 1024;

export const createHub = <M>(options: HubOptions<M>): Hub => {
  const maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
  const maxRate = options.maxMessagesPerSecond ?? 50;
  const now = options.now ?? (() => Date.now());
  const wss = new WebSocketServer({
    server: options.server,
    path: options.path ?? '/ws',
    maxPayload: options.maxPayload ?? DEFAULT_MAX_PAYLOAD,
  });
  const alive = new WeakMap<WebSocket, boolean>();
  const clients = new Set<{ socket: WebSocket; client: HubClient }>();
  let nextId = 1;
  let dropped = 0;

  const push = (socket: WebSocket, text: string): boolean => {
    if (socket.readyState !== socket.OPEN) return false;
    if (socket.bufferedAmount > maxBufferedBytes) {
      dropped += 1;
      options.logger.warn({ buffered: socket.bufferedAmount }, 'dropping a client too slow to keep up');
      socket.terminate();
      return false;
    }
    socket.send(text);
    return true;
  };

  wss.on('connection', (socket, request) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    let windowStart = now();
    let inWindow = 0;
    const client: HubClient = {
      id: nextId++,
      address: request.socket.remoteAddress ?? 'unknown',
      role: 'spectator',
      name: 'spectator',
      send: (message) => push(socket, JSON.stringify(message)),
      error: (code, message, extra = {}) => {
        const e: WsError = { type: 'error', code, message, ...extra };
        push(socket, JSON.stringify(e));
      },
    };
    const entry = { socket, client };
    clients.add(entry);
    socket.on('close', () => clients.delete(entry));
    socket.on('error', (e) => options.logger.debug({ err: e }, 'websocket error'));
    socket.on('message', (data: RawData, isBinary: boolean) => {
      const t = now();
      if (t - windowStart >= 1000) {
        windowStart = t;
        inWindow = 0;
      }
      inWindow += 1;
      if (inWindow > maxRate) {
        client.error('RATE_LIMITED', `more than ${maxRate} messages a second`);
        return;
      }
      if (isBinary) {
        client.error('BAD_JSON', 'binary messages are not accepted; send JSON text');
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(rawToString(data));
      } catch (e) {
        client.error('BAD_JSON', `not JSON: ${(e as Error).message}`);
        return;
      }
      const parsed = options.parse(json);
      if (!parsed.ok) {
        const replyTo = replyId(json);
        client.error('INVALID_MESSAGE', parsed.error.message, {
          ...(parsed.error.field ? { field: parsed.error.field } : {}),
          ...(replyTo ? { replyTo } : {}),
        });
        return;
      }
      options.onMessage(client, parsed.value);
    });
    options.onConnect?.(client, request);
  });

  const heartbeat = setInterval(() => {
    for (const { socket } of clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, options.heartbeatMs ?? 15_000);
  heartbeat.unref();

  return {
    broadcast: (message) => {
      const text = JSON.stringify(message);
      for (const { socket } of clients) push(socket, text);
    },
    get size() {
      return clients.size;
    },
    get dropped() {
      return dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        for (const { socket } of clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
};

const rawToString = (data: RawData): string =>
  Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data as ArrayBuffer).toString('utf8');

const replyId = (json: unknown): string | undefined =>
  typeof json === 'object' && json !== null && 'id' in json && typeof json.id === 'string'
    ? json.id
    : undefined;
