// Push latency to many spectators: a real `referee serve` in its own process, N WebSocket clients on
// loopback (default 500), and M referee actions over the API, each of which pushes a new view to every
// client. Prints the latency from the action to each client's receipt (p50, p99, max) and the server's
// memory before and after. Run: npx tsx bench/ws-load.ts [clients] [pushes]
import { WebSocket } from 'ws';
import { startServeProcess } from '../scripts/serve-process.ts';

const CLIENTS = Number(process.argv[2] ?? 500);
const PUSHES = Number(process.argv[3] ?? 40);
const PIN = '135790';

const server = await startServeProcess(PIN, ['--no-demo']); // the push path alone, without the video pipeline
const url = server.url;
const health = async (): Promise<{
  rssBytes: number;
  heapUsedBytes: number;
  clients: number;
  droppedClients: number;
}> =>
  (await fetch(`${url}/api/health`)).json() as Promise<{
    rssBytes: number;
    heapUsedBytes: number;
    clients: number;
    droppedClients: number;
  }>;

const before = await health();
const received: number[][] = Array.from({ length: PUSHES }, () => []);
let pushIndex = -1;
let sentAt = 0;
const sockets: WebSocket[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
  ws.on('message', (d) => {
    if (pushIndex < 0) return;
    const m = JSON.parse(String(d)) as { type: string; view?: { nominated: string | null } };
    if (m.type === 'view') received[pushIndex]?.push(performance.now() - sentAt);
  });
  sockets.push(ws);
  await new Promise((r) => ws.once('open', r));
}
const connected = await health();

const balls = ['red', 'yellow', 'green', 'brown', 'blue', 'pink', 'black'];
for (let i = 0; i < PUSHES; i++) {
  pushIndex = i;
  sentAt = performance.now();
  const r = await fetch(`${url}/api/action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${PIN}` },
    body: JSON.stringify({ type: 'nominate', ball: balls[i % balls.length] }),
  });
  if (!r.ok) throw new Error(`action ${i}: ${r.status}`);
  const deadline = performance.now() + 5000;
  while ((received[i]?.length ?? 0) < CLIENTS && performance.now() < deadline)
    await new Promise((res) => setTimeout(res, 2));
}
const after = await health();

const all = received.flat().sort((a, b) => a - b);
const q = (p: number): number => all[Math.min(all.length - 1, Math.floor(p * all.length))] ?? NaN;
const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `WebSocket push latency, ${CLIENTS} spectators on loopback, ${PUSHES} view pushes (server in its own process)`,
);
console.log(`  deliveries: ${all.length} of ${CLIENTS * PUSHES}; dropped clients: ${after.droppedClients}`);
console.log(
  `  latency from action to receipt: p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms, max ${q(1).toFixed(1)} ms`,
);
console.log(
  `  server RSS: ${mb(before.rssBytes)} idle, ${mb(connected.rssBytes)} with ${connected.clients} clients, ${mb(after.rssBytes)} after the pushes (heap ${mb(after.heapUsedBytes)})`,
);

for (const s of sockets) s.terminate();
await server.stop();
