import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { SourceMonitor, viewSourceStatus, type SourceStatus } from '../src/capture/status.ts';
import { startTestServer } from './helpers/server.ts';

/** A pino logger whose records are kept, parsed. */
const recorded = (): { logger: pino.Logger; records: Record<string, unknown>[] } => {
  const records: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void records.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, records };
};

describe("the source's status", () => {
  it('retries with a growing pause (5, 10, 20, 40, 60, 60 s) and logs each kind of failure once', () => {
    const { logger, records } = recorded();
    let t = 1_000_000;
    const changes: SourceStatus[] = [];
    const monitor = new SourceMonitor({ logger, now: () => t, onChange: (s) => changes.push(s) });
    expect(monitor.status.state).toBe('opening');
    const waits = [1, 2, 3, 4, 5, 6].map(() => monitor.failed('spawn ffprobe ENOENT'));
    expect(waits).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000]);
    monitor.failed('no frame for 5000 ms');
    const errors = records.filter((r) => r['level'] === 50);
    expect(errors.map((r) => r['error'])).toEqual(['spawn ffprobe ENOENT', 'no frame for 5000 ms']);
    expect(monitor.status).toMatchObject({ state: 'retrying', reason: 'no frame for 5000 ms', failures: 7 });
    t += 20_500;
    expect(viewSourceStatus(monitor.status, t)).toMatchObject({
      retryInS: 40,
      text: 'failed: no frame for 5000 ms; retrying in 40 s',
    });
    // Trying again, then playing: the count and the kinds logged start afresh.
    monitor.opening();
    expect(viewSourceStatus(monitor.status, t).text).toMatch(
      /^opening the source again \(it failed: no frame/,
    );
    monitor.playing('file x');
    monitor.playing('file x');
    expect(monitor.status).toEqual({ state: 'playing' });
    expect(records.filter((r) => r['msg'] === 'the source is playing')).toHaveLength(1);
    expect(monitor.failed('spawn ffprobe ENOENT')).toBe(5000);
    expect(records.filter((r) => r['level'] === 50)).toHaveLength(3);
    monitor.ended();
    expect(changes.map((c) => c.state)).toEqual([
      ...Array<string>(7).fill('retrying'),
      'opening',
      'playing',
      'retrying',
      'ended',
    ]);
  });

  it('is in /api/health and in the view pushed to the pages; none without a source', async () => {
    let now = 5_000_000;
    const server = await startTestServer(':memory:', {}, () => now);
    try {
      const health = async (): Promise<{ source: { status?: { state: string; text: string } } }> =>
        (await (await fetch(`${server.url}/api/health`)).json()) as never;
      expect((await health()).source.status).toBeUndefined();
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
      const views: { source?: { state: string; text: string; retryInS?: number } }[] = [];
      socket.on('message', (d: Buffer) => {
        const m = JSON.parse(d.toString()) as { type: string };
        if (m.type === 'view') views.push(m as never);
      });
      await new Promise((r) => socket.once('open', r));
      server.service.updateSourceStatus({
        state: 'retrying',
        reason: 'cannot open x.mp4: ffprobe was not found',
        failures: 2,
        retryAt: now + 10_000,
      });
      now += 3000;
      expect((await health()).source.status).toMatchObject({
        state: 'retrying',
        text: 'failed: cannot open x.mp4: ffprobe was not found; retrying in 7 s',
      });
      await expect.poll(() => views.length).toBe(2);
      expect(views[0]?.source).toBeUndefined();
      expect(views[1]?.source).toMatchObject({ state: 'retrying', retryInS: 10 });
      server.service.updateSourceStatus({ state: 'playing' });
      await expect.poll(() => views.at(-1)?.source?.text).toBe('playing');
      socket.close();
    } finally {
      await server.close();
    }
  });
});
