// Soak: `referee serve` on its bundled demo loop for a long while (default an hour), with a few
// spectators connected, sampling the server's memory each minute. Prints start and end figures and
// the trend, so a leak shows. Not part of CI. Run: npx tsx scripts/soak.ts [minutes] [spectators]
import { WebSocket } from 'ws';
import { startServeProcess } from './serve-process.ts';

const MINUTES = Number(process.argv[2] ?? 60);
const SPECTATORS = Number(process.argv[3] ?? 20);
const server = await startServeProcess('1111');
const url = server.url;
let messages = 0;
const sockets = Array.from({ length: SPECTATORS }, () => {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  ws.on('message', () => (messages += 1));
  return ws;
});
interface Health {
  uptimeS: number;
  rssBytes: number;
  heapUsedBytes: number;
  clients: number;
  source: { dropped: number };
  rulingLatency: { strokes: number; p50Ms: number | null; maxMs: number | null };
}
const mb = (b: number): string => (b / 1024 / 1024).toFixed(1);
const samples: Health[] = [];
for (let minute = 0; minute <= MINUTES; minute++) {
  const h = (await (await fetch(`${url}/api/health`)).json()) as Health;
  samples.push(h);
  console.log(
    `${String(minute).padStart(3)} min  rss ${mb(h.rssBytes)} MB  heap ${mb(h.heapUsedBytes)} MB  clients ${h.clients}  frames dropped ${h.source.dropped}  messages ${messages}  ruling latency p50 ${h.rulingLatency.p50Ms} ms, max ${h.rulingLatency.maxMs} ms (last ${h.rulingLatency.strokes} strokes)`,
  );
  if (minute < MINUTES) await new Promise((r) => setTimeout(r, 60_000));
}
const first = samples[1] ?? samples[0];
const last = samples.at(-1);
if (first && last)
  console.log(
    `soak ${MINUTES} min: rss ${mb(first.rssBytes)} → ${mb(last.rssBytes)} MB, heap ${mb(first.heapUsedBytes)} → ${mb(last.heapUsedBytes)} MB (from minute 1, after warm-up)`,
  );
for (const s of sockets) s.terminate();
await server.stop();
