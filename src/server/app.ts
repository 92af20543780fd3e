// The HTTP side of `referee serve` (CONTRACTS.md §6): the pages and the JSON API. The live pipeline,
// the WebSocket and the match log join it in the referee service.
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Table } from '../table/bed.ts';
import { buildAssets } from './assets.ts';

export interface ServerOptions {
  /** TCP port; 0 picks a free one (tests). */
  readonly port: number;
  readonly host?: string;
  readonly table: Table;
  readonly logger: Logger;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export const startServer = async (options: ServerOptions): Promise<RunningServer> => {
  const assets = await buildAssets();
  const app = express();
  app.disable('x-powered-by');

  app.get('/', (_req, res) => res.redirect('/referee'));
  for (const [name, html] of assets.pages) {
    app.get(`/${name}`, (_req, res) => res.type('html').send(html));
  }
  app.get('/assets/:file', (req, res) => {
    const script = assets.scripts.get(req.params.file);
    const style = assets.styles.get(req.params.file);
    if (script !== undefined) res.type('text/javascript').send(script);
    else if (style !== undefined) res.type('text/css').send(style);
    else res.status(404).json({ error: { code: 'NOT_FOUND', message: `no asset ${req.params.file}` } });
  });
  app.get('/api/table', (_req, res) => res.json(options.table));
  app.use('/api', (req, res) => {
    res
      .status(404)
      .json({ error: { code: 'NOT_FOUND', message: `no API route ${req.method} ${req.originalUrl}` } });
  });

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port, options.host ?? '0.0.0.0', () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  options.logger.info({ port }, 'serving');
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
};
