// From the last ball stopping to the ruling on screen, in all three views (issue 7: "within 300 ms of
// the stroke ending"). A real `referee serve` on the bundled demo (the fixture clips played at their
// own pace, as a camera delivers them: decode, vision in a worker, tracking, rules, log, push) and
// /referee, /overlay and /player open in Chromium. Each page's latest ruling carries the stroke's
// number and when its balls stopped; a MutationObserver in each page notes the wall-clock time the
// ruling appeared. Two clocks are reported:
//   - the pipeline's: from `endedAt`, the tracker's own dating of the last ball's stop (the arrival
//     time of the frame that ended the stroke, less the rest it waited for);
//   - the truth's: the clip's truth.json says when the last ball really stopped (clip time); the
//     frame that ended the stroke (its number in the clip, and when it arrived, paced as a camera
//     would deliver it) places that on the wall clock.
// Run: npx tsx bench/ruling-latency.ts [--strokes 20]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startServeProcess } from '../scripts/serve-process.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { readFlags } from './flags.ts';

const STROKES = readFlags({ strokes: { type: 'string', default: '20' } }).count('strokes');
const PIN = '246810';
const VIEWS = ['referee', 'overlay', 'player'] as const;
type ViewName = (typeof VIEWS)[number];

const root = fileURLToPath(new URL('..', import.meta.url));
interface Truth {
  readonly fps: number;
  readonly strokes: readonly { start: number; end: number }[];
  readonly frames: readonly { t: number; balls: readonly { track: string; x: number; y: number }[] }[];
}
/**
 * A clip's true stops (clip ms): the physics' end of motion, and when the last ball came within
 * `SETTLED_MM` of its rest for good — a rolling ball creeps its last millimetre for a quarter of a
 * second, below what a camera (or an eye) can tell from still.
 */
const SETTLED_MM = 1;
const stopsOf = (clip: string): { fps: number; stop: number; settled: number } | undefined => {
  const truth = JSON.parse(readFileSync(path.join(root, 'fixtures', clip, 'truth.json'), 'utf8')) as Truth;
  const stop = truth.strokes[0]?.end;
  const rest = new Map((truth.frames.at(-1)?.balls ?? []).map((b) => [b.track, b]));
  const moving = (f: Truth['frames'][number]): boolean =>
    f.balls.some((b) => {
      const r = rest.get(b.track);
      return !r || Math.hypot(b.x - r.x, b.y - r.y) > SETTLED_MM;
    });
  let last = truth.frames.length - 1;
  while (last >= 0 && !moving(truth.frames[last] as Truth['frames'][number])) last--;
  const settled = truth.frames[last + 1]?.t;
  return stop === undefined || settled === undefined ? undefined : { fps: truth.fps, stop, settled };
};

// Which clip each stroke came from and the frame that ended it: the server logs each clip as it opens
// it, the frame that ended each stroke, then its ruling.
interface Ending {
  readonly clip: string;
  readonly sourceFrame: number;
  readonly receivedAt: number;
}
const endings = new Map<number, Ending>();
let currentClip = '';
let seenFrame: Omit<Ending, 'clip'> | undefined;
const server = await startServeProcess(PIN, [], {
  logLevel: 'debug',
  onLog: (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as {
      msg?: string;
      source?: string;
      stroke?: number;
      sourceFrame?: number;
      receivedAt?: number;
    };
    if (entry.msg === 'following the table')
      currentClip = /fixtures\/([^/]+)\/clip\.mp4/.exec(entry.source ?? '')?.[1] ?? '';
    if (entry.msg === 'stroke seen' && entry.sourceFrame !== undefined && entry.receivedAt !== undefined)
      seenFrame = { sourceFrame: entry.sourceFrame, receivedAt: entry.receivedAt };
    if (entry.msg === 'stroke ruled' && entry.stroke !== undefined && seenFrame)
      endings.set(entry.stroke, { clip: currentClip, ...seenFrame });
  },
});

interface Seen {
  readonly stroke: number;
  readonly endedAt: number;
  readonly at: number;
}
const seen = new Map<ViewName, Map<number, Seen>>(VIEWS.map((v) => [v, new Map()]));

const browser = await launchBrowser();
const pages: Page[] = [];
for (const view of VIEWS) {
  const page = await browser.newPage();
  await page.exposeFunction('__ruled', (stroke: number, endedAt: number, at: number) => {
    const mine = seen.get(view);
    if (mine && !mine.has(stroke)) mine.set(stroke, { stroke, endedAt, at });
  });
  // The observer goes in before the page's own script, so the first ruling it draws is seen too. (A
  // string, not a function: tsx's transform would wrap a function in helpers the page lacks.)
  await page.addInitScript(`
    const note = () => {
      const el = document.querySelector('.latest-ruling[data-stroke]');
      const stroke = Number(el?.dataset.stroke);
      const endedAt = Number(el?.dataset.endedAt);
      if (el && !el.hidden && Number.isFinite(stroke) && Number.isFinite(endedAt))
        window.__ruled(stroke, endedAt, Date.now());
    };
    const start = () =>
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-stroke', 'hidden'],
      });
    if (document.body) start();
    else document.addEventListener('DOMContentLoaded', start);
  `);
  await page.goto(`${server.url}/${view}`);
  pages.push(page);
}

// Rulings already on screen when the pages opened are not timed: only strokes that end from now on.
const firstTimed = Math.max(-1, ...[...(seen.get('referee')?.keys() ?? [])]) + 1;
const deadline = Date.now() + 30 * 60_000;
const timed = (): number[] =>
  [...(seen.get('referee')?.keys() ?? [])].filter(
    (s) => s >= firstTimed && VIEWS.every((v) => seen.get(v)?.has(s)),
  );
console.log(`${server.url}: the three views are open; waiting for ${STROKES} strokes to be ruled`);
let reported = 0;
while (timed().length < STROKES && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 500));
  if (timed().length > reported) console.log(`  ${(reported = timed().length)} ruled in all three views`);
}

const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
  rulingLatency: { strokes: number; p50Ms: number | null; maxMs: number | null };
};
await browser.close();
await server.stop();

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const summary = (xs: readonly number[]): string =>
  xs.length
    ? `p50 ${quantile(xs, 0.5).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (${xs.length} strokes)`
    : 'no strokes';

const strokes = timed().slice(0, STROKES);
// Three clocks for "the stroke ended": the pipeline's own dating, the simulator's exact end of motion,
// and the last ball within SETTLED_MM of its rest.
const CLOCKS = ['pipeline', 'exact stop', 'settled'] as const;
type Clock = (typeof CLOCKS)[number];
const delays = new Map<string, number[]>();
const add = (key: string, ms: number): void => void delays.set(key, [...(delays.get(key) ?? []), ms]);
for (const stroke of strokes) {
  const ending = endings.get(stroke);
  const stops = ending ? stopsOf(ending.clip) : undefined;
  // Clip time on the wall clock: the ending frame arrived at `receivedAt` (frames arrive at the
  // clip's own pace).
  const wallOf = (clipMs: number): number | undefined =>
    ending && stops ? ending.receivedAt - ((ending.sourceFrame * 1000) / stops.fps - clipMs) : undefined;
  const worst = new Map<Clock, number>();
  for (const v of VIEWS) {
    const s = seen.get(v)?.get(stroke);
    if (!s) continue;
    const from: Record<Clock, number | undefined> = {
      pipeline: s.endedAt,
      'exact stop': stops && wallOf(stops.stop),
      settled: stops && wallOf(stops.settled),
    };
    for (const c of CLOCKS) {
      const at = from[c];
      if (at === undefined) continue;
      add(`${v} ${c}`, s.at - at);
      worst.set(c, Math.max(worst.get(c) ?? -Infinity, s.at - at));
    }
  }
  for (const [c, ms] of worst) add(`all ${c}`, ms);
  console.log(
    `stroke ${stroke} (${ending?.clip ?? '?'}): in all three views ` +
      CLOCKS.map((c) => `${worst.get(c)?.toFixed(0) ?? '?'} ms after the ${c}`).join(', '),
  );
}
console.log(`\nload average at the end: ${loadavg()[0]?.toFixed(2)} (2 cores)`);
for (const c of CLOCKS) {
  console.log(`from the ${c}:`);
  for (const v of VIEWS) console.log(`  /${v}: ${summary(delays.get(`${v} ${c}`) ?? [])}`);
  const all = delays.get(`all ${c}`) ?? [];
  console.log(
    `  all three (the slowest view per stroke): ${summary(all)}; within 300 ms: ${all.filter((ms) => ms <= 300).length} of ${all.length}`,
  );
}
console.log(
  `server's own figure (/api/health, pipeline's clock to the push): p50 ${health.rulingLatency.p50Ms} ms, max ${health.rulingLatency.maxMs} ms over ${health.rulingLatency.strokes} strokes`,
);
