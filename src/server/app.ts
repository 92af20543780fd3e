// `referee serve` (docs/formats.md §6): the pages, the JSON API and the WebSocket on /ws, over the match
// service. The pipeline (cli/serve.ts) feeds the service; this file only serves it.
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Surface } from '../equipment/index.ts';
import { buildAssets } from './assets.ts';
import { mountCalibration, type CalibrationDesk } from './calibration-routes.ts';
import { PinThrottle, type PinCheck, type PinThrottleOptions } from './auth.ts';
import { createHub, type Hub, type HubClient } from './hub.ts';
import { isCoreMessage, messageParser, type ClientMessage } from './messages.ts';
import type { MatchService } from './service.ts';

export interface ServerOptions {
  /** TCP port; 0 picks a free one (tests). */
  readonly port: number;
  readonly host?: string;
  readonly table: Surface;
  readonly logger: Logger;
  readonly service: MatchService;
  /** Largest inbound WebSocket message or JSON body, bytes. */
  readonly maxMessageBytes?: number;
  readonly heartbeatMs?: number;
  /** A client with more than this many bytes queued is dropped. */
  readonly maxBufferedBytes?: number;
  /** Limits on PIN guessing per client address (auth.ts); `now` is the clock. */
  readonly pinThrottle?: PinThrottleOptions;
  /** The live camera, for /calibrate (none: its API says there is no camera). */
  readonly calibration?: CalibrationDesk;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly hub: Hub;
  close(): Promise<void>;
}

const apiError = (res: Response, status: number, code: string, message: string, field?: string): void => {
  res.status(status).json({ error: field ? { code, message, field } : { code, message } });
};

export const startServer = async (options: ServerOptions): Promise<RunningServer> => {
  const { service, logger } = options;
  const assets = await buildAssets(service.game.pages.dir);
  const parseClientMessage = messageParser(service.game.session);
  const app = express();
  app.disable('x-powered-by');
  // Every PIN, by HTTP or on /ws, is checked through the throttle: per address, a lock after a few
  // wrong ones, logged as it starts.
  const throttle = new PinThrottle(options.pinThrottle, ({ client, failures, lockMs }) =>
    logger.warn({ remote: client, failures, lockS: Math.round(lockMs / 1000) }, 'PIN lockout'),
  );
  const checkPin = (address: string | undefined, pin: string): PinCheck =>
    throttle.check(address ?? 'unknown', pin, (p) => service.authenticate(p));

  app.get('/', (_req, res) => res.redirect('/referee'));
  for (const [name, html] of assets.pages) {
    app.get(`/${name}`, (_req, res) => res.type('html').send(html));
  }
  // Each page links /favicon.svg; /favicon.ico is there for whatever asks for it by that name.
  for (const icon of ['/favicon.svg', '/favicon.ico'])
    app.get(icon, (_req, res) => res.type('image/svg+xml').send(assets.favicon));
  app.get('/assets/:file', (req, res) => {
    const script = assets.scripts.get(req.params.file);
    const style = assets.styles.get(req.params.file);
    if (script !== undefined) res.type('text/javascript').send(script);
    else if (style !== undefined) res.type('text/css').send(style);
    else apiError(res, 404, 'NOT_FOUND', `no asset ${req.params.file}`);
  });
  app.get('/api/table', (_req, res) => res.json(options.table));
  app.get('/api/game', (_req, res) =>
    res.json({ id: service.game.id, title: service.game.title, players: service.game.sides.count }),
  );
  app.get('/api/view', (_req, res) => res.json(service.view));
  app.get('/api/events', (_req, res) => res.json(service.events));
  app.get('/api/health', (_req, res) => {
    const mem = process.memoryUsage();
    res.json({
      uptimeS: Math.round(process.uptime()),
      rssBytes: mem.rss,
      heapUsedBytes: mem.heapUsed,
      clients: hub.size,
      droppedClients: hub.dropped,
      source: {
        ...(service.view['source'] as object),
        ...(service.sourceStatusView ? { status: service.sourceStatusView } : {}),
      },
      // Whether the calibration still fits the picture (the knocked-camera check), once checked.
      ...(service.cameraCheckView ? { camera: service.cameraCheckView } : {}),
      // Whether the balls' names can be trusted, once it has been in doubt.
      ...(service.namesCheckView ? { names: service.namesCheckView } : {}),
      // From the last ball stopping (the frame's arrival) to the ruling pushed to every view.
      rulingLatency: service.rulingLatency,
    });
  });
  const sendExport = (req: Request, res: Response, frame: number | undefined): void => {
    const format = String(req.params['format']);
    if (format === 'json') res.json(service.exportJson(frame));
    else if (format === 'csv') {
      res.type('text/csv').attachment(frame === undefined ? 'match.csv' : `frame-${frame}.csv`);
      res.send(service.exportCsv(frame));
    } else apiError(res, 404, 'NOT_FOUND', `no export format ${format}; use json or csv`);
  };
  app.get('/api/export/match.:format', (req, res) => sendExport(req, res, undefined));
  app.get('/api/export/frame/:frame.:format', (req, res) => {
    const frame = Number(req.params.frame);
    if (!Number.isInteger(frame) || frame < 1)
      apiError(res, 400, 'INVALID_INPUT', 'frame must be 1, 2, …', 'frame');
    else sendExport(req, res, frame);
  });
  // A route for the referee only: `Authorization: Bearer <PIN>`, checked first (401, or 429 while
  // locked out), before the body is even read.
  const requirePin: RequestHandler = (req, res, next) => {
    const pin = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (pin === undefined)
      return apiError(res, 401, 'UNAUTHORIZED', 'sign in: send the PIN as Authorization: Bearer <PIN>');
    const checked = checkPin(req.socket.remoteAddress, pin);
    if (checked.ok) return next();
    if (checked.code === 'LOCKED_OUT') res.set('Retry-After', String(checked.retryAfterS));
    apiError(res, checked.code === 'LOCKED_OUT' ? 429 : 401, checked.code, checked.message);
  };
  // The same actions as the WebSocket, for scripts, JSON body.
  app.post(
    '/api/action',
    requirePin,
    express.json({ limit: options.maxMessageBytes ?? 16 * 1024 }),
    (req, res) => {
      const parsed = parseClientMessage(req.body);
      if (!parsed.ok) return apiError(res, 400, 'INVALID_MESSAGE', parsed.error.message, parsed.error.field);
      const name = req.get('x-referee-name') ?? 'referee';
      const done = service.act({ name, role: 'referee' }, parsed.value);
      if (!done.ok)
        return apiError(
          res,
          done.error.code === 'UNAUTHORIZED' ? 401 : 409,
          done.error.code,
          done.error.message,
          done.error.field,
        );
      res.json({ ok: true, ...done.value, view: service.view });
    },
  );
  mountCalibration(app, options.calibration, requirePin, apiError, options.maxMessageBytes ?? 16 * 1024);
  app.use('/api', (req, res) =>
    apiError(res, 404, 'NOT_FOUND', `no API route ${req.method} ${req.originalUrl}`),
  );
  // Malformed or oversized JSON bodies: a coded error, never a stack trace.
  app.use(
    (
      e: Error & { type?: string; status?: number },
      _req: Request,
      res: Response,
      next: (e?: unknown) => void,
    ) => {
      if (e.type === 'entity.too.large') return apiError(res, 413, 'TOO_LARGE', e.message);
      if (e.type === 'entity.parse.failed') return apiError(res, 400, 'BAD_JSON', e.message);
      next(e);
    },
  );

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port, options.host ?? '0.0.0.0', () => resolve(s));
    s.once('error', reject);
  });

  const onMessage = (client: HubClient, message: ClientMessage): void => {
    if (isCoreMessage(message) && message.type === 'auth') {
      const checked = checkPin(client.address, message.pin);
      if (!checked.ok) {
        client.error(checked.code, checked.message, {
          ...(message.id ? { replyTo: message.id } : {}),
          ...(checked.code === 'LOCKED_OUT' ? { retryAfterS: checked.retryAfterS } : {}),
        });
        return;
      }
      client.role = 'referee';
      client.name = message.name;
      client.send({
        type: 'authenticated',
        name: message.name,
        ...(message.id ? { replyTo: message.id } : {}),
      });
      logger.info({ referee: message.name }, 'referee signed in');
      return;
    }
    const done = service.act({ name: client.name, role: client.role }, message);
    if (!done.ok) {
      const extra = {
        ...(done.error.field ? { field: done.error.field } : {}),
        ...(message.id ? { replyTo: message.id } : {}),
      };
      client.error(done.error.code, done.error.message, extra);
    } else if (message.id || done.value.done)
      client.send({ type: 'ack', ...(message.id ? { replyTo: message.id } : {}), ...done.value });
  };
  const hub = createHub<ClientMessage>({
    server,
    logger,
    parse: parseClientMessage,
    onMessage,
    onConnect: (client) => {
      client.send(service.viewMessage());
    },
    ...(options.maxMessageBytes ? { maxPayload: options.maxMessageBytes } : {}),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.maxBufferedBytes ? { maxBufferedBytes: options.maxBufferedBytes } : {}),
  });
  const unsubscribe = service.subscribe((push) => hub.broadcast(push));

  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ port }, 'serving');
  return {
    url,
    port,
    hub,
    close: async () => {
      unsubscribe();
      await hub.close();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      });
    },
  };
};
