// Dominoes tile detection benchmark (issue 16): renders a set of scenes from seeds (every layout —
// a chain with the hands face down, the end of a round with the hands laid face up side by side,
// tiles scattered face up and down — in both sets, ivory and black, under normal, dim and warm light,
// with arms over the table in about half, some through JPEG; at 1080p and at 4K), each through its
// own seeded camera, and runs the tile detector on each frame. Prints tile recall and precision, pip
// errors, half errors (the pips right but the halves swapped), face up/down errors, the centre's RMS
// and worst error (mm) and the median and 95th-percentile time per fresh frame (the process's CPU:
// each frame detected once untimed by its own detector as it is loaded, which warms the JIT; then,
// every frame loaded, each detected twice more in turn, timed — the detector keeps nothing of a
// frame's answer, so each call is a fresh frame).
//
// A tile counts for recall when at least 90 % of each half's face is in the picture and not under an
// arm (the renderer's truth); a detection more than 12 mm from every tile counts against precision.
// Pip and half errors count over every detection matched to a tile.
//
// The held-out sets are seeds 5000 … (the default; looked at before), 9000 … (issue 16's tile finder
// by dividing lines) and 9100 … (black faces under a warm lamp); the detector was tuned on seeds
// 1000 …, 2000 …, 3000 … and 3100 … (--per-combo 4 --4k 0 --set black --light warm,dim) only; 9300 … is
// the fresh held-out set of the face-down rows (wip/domblack): recall 96.2 → 97.2 % (black 92.0 → 94.3 %),
// precision 99.0 → 98.7 %, pip errors 0 → 0; with its blank-half check undone (it broke play-following),
// 97.7 % (black 95.4 %), precision 98.5 %, pip errors 0; 9100 … 95.2 → 99.1 %.
// A black line seen as one long piece (wip/domdown, tuned on 9300 … and 9400 …): 9300 … recall
// 98.99 → 99.25 %, 9400 … 97.54 → 98.66 % (black 95.58 → 97.79 %), precision and pip errors unchanged;
// 1000 …, 2000 …, 9100 … unchanged. Fresh 9500 … (rendered after the change, run once with both):
// 99.54 % (black 99.02 %), precision 98.18 % (8 phantoms, all one frame: 9516), 1 pip error, old and new alike.
// Precision and pips (wip/domprec, tuned on 9500 … and all the sets above): no ivory piece split into
// face-down tiles side by side, a half read blank where pips still stand out read again or left out, a
// black back cut from a hand's dark outline: 9500 … recall 99.54 → 100 %, precision 98.18 → 100 %,
// pip errors 1 → 0; 9400 … 98.66 → 98.88 %, 99.33 → 99.55 %; 9300 … precision 98.76 → 99.50 %; 9100 …
// 99.55 → 100 %; pip errors on all nine tuning sets 9 → 2 (both halves under a third in view).
// Fresh 9600 … (rendered before wip/domprec, run once before and once after it): recall 98.83 → 98.83 %
// (black 98.10 %), precision 98.84 → 99.53 %, pip errors 0 → 0, centre RMS 0.55 → 0.49 mm.
// A black face grown into its rim where a warm lamp tints it (wip/domrecall, tuned on 3000 …, 3100 …,
// 9300 …, 9400 …, 9500 …, 9100 …; no fresh set run): recall 3000 … 97.46 → 97.67 %, 3100 … 97.56 →
// 97.93 %, 9300 … 99.25 → 99.50 %, 9400 … 98.88 → 99.33 %; 9500 …, 9100 … unchanged; precision and pip
// errors unchanged on all six.
// Lines measuring a line's length contest first, a line refitted about its middle, its ends sought up to
// 25 mm, a back with its lit side (wip/domblack, tuning seeds only): recall 9600 … 98.83 → 99.77 % (black
// 100 %), 9100 … 99.32 → 99.77 %, 9000 … 99.53 → 99.76 %, 1000 … 99.56 → 99.78 %, 3000 … 97.67 → 98.10 %,
// 3100 … 97.93 → 98.87 %; precision and pip errors not worse; ivory detections identical.
// A blank line of a line's length keeps seam pieces out, a patchy back taken with its holes
// (wip/domblack2; 9700 … is a tuning set from here on): 9700 … recall 99.20 → 99.80 % (black 98.26 →
// 99.57 %), precision 99.80 → 100 %; 9600 …, 9100 …, 9000 …, 1000 …, 3000 …, 3100 … unchanged.
// Black lines tied go to the brighter stroke, backs cut from what they join, patchy backs from 0.4 of a
// tile (wip/domblack3; 9800 … is a tuning set from here on): 9800 … recall 99.54 → 100 % (black 98.98 →
// 100 %), precision 99.54 → 99.77 %; 9700 … 99.80 → 100 %; 3000 … 98.10 → 98.73 %; 3100 … 98.87 →
// 99.25 %; 9600 …, 9100 …, 9000 …, 1000 … unchanged; precision and pip errors no worse on all eight.
// Fresh 9900 … (rendered at the start of the eighth session, run then and once at its end): recall
// 99.76 → 100 %, precision 99.76 → 99.76 %, pip errors 0 → 0, centre RMS 0.35 → 0.36 mm; quiet, the
// timing below: 12.8–14.9 ms a fresh 1080p frame (median of 3 runs each 12.8, 14.6, 14.9).
// Frames are cached in --cache (rendering takes seconds; detection milliseconds).
//
// Run: npx tsx bench/dominoes-detect.ts [--seed 5000] [--per-combo 1] [--4k 3] [--cache /tmp/dominoes-bench]
//   [--set black] [--light warm,dim]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { dominoes, type DominoesSurface } from '../src/games/dominoes/index.ts';
import { isFaceDown, TileDetector, type SeenTile } from '../src/games/dominoes/perception/index.ts';
import {
  DEFAULT_DOMINOES_CAMERA,
  LAYOUTS,
  renderScene,
  seededFrame,
  type Layout,
  type TruthTile,
} from '../src/games/dominoes/sim/index.ts';
import { encodePng } from '../src/sim/render/index.ts';
import { readFlags } from './flags.ts';

const { values, count } = readFlags({
  seed: { type: 'string', default: '5000' },
  'per-combo': { type: 'string', default: '1' },
  '4k': { type: 'string', default: '3' },
  cache: { type: 'string', default: '/tmp/dominoes-bench' },
  verbose: { type: 'boolean', default: false },
  // Only these (comma-separated; all when not given): for tuning frames in one condition. The seeds
  // count only the frames drawn, so a restricted run is its own seed range.
  set: { type: 'string' },
  light: { type: 'string' },
});
const SEED = count('seed');
const PER_COMBO = count('per-combo');
const FOUR_K = count('4k');
const CACHE = String(values.cache);

const LIGHTS = {
  normal: { gain: 1, warmth: 0 },
  dim: { gain: 0.5, warmth: 0.2 },
  warm: { gain: 0.85, warmth: 0.9 },
} as const;

interface Case {
  readonly seed: number;
  readonly layout: Layout;
  readonly set: 'ivory' | 'black';
  readonly light: keyof typeof LIGHTS;
  readonly k4: boolean;
}

const only = (flag: unknown): ((v: string) => boolean) =>
  typeof flag === 'string' ? (v) => flag.split(',').includes(v) : () => true;
const wantSet = only(values.set);
const wantLight = only(values.light);

const cases: Case[] = [];
let seed = SEED;
for (let r = 0; r < PER_COMBO; r++)
  for (const layout of LAYOUTS)
    for (const set of ['ivory', 'black'] as const)
      for (const light of Object.keys(LIGHTS) as (keyof typeof LIGHTS)[])
        if (wantSet(set) && wantLight(light)) cases.push({ seed: seed++, layout, set, light, k4: false });
for (let i = 0; i < FOUR_K; i++)
  cases.push({
    seed: seed++,
    layout: LAYOUTS[i % LAYOUTS.length] as Layout,
    set: i % 2 === 0 ? 'ivory' : 'black',
    light: 'normal',
    k4: true,
  });

const spec = dominoes.parseTable('dominoes');
if (!spec.ok) throw new Error('no dominoes table');
const bed = spec.value;
const table = bed.dominoes;

const frameOf = async (
  c: Case,
): Promise<{ calibration: Calibration<DominoesSurface>; image: RgbImage; truth: readonly TruthTile[] }> => {
  const range = c.k4 ? { ...DEFAULT_DOMINOES_CAMERA, width: 3840, height: 2160 } : DEFAULT_DOMINOES_CAMERA;
  const { calibration, scene } = seededFrame(
    c.seed,
    c.layout,
    table,
    { table: bed, tableSpec: 'dominoes' },
    { set: c.set, light: LIGHTS[c.light] },
    range,
  );
  const dir = path.join(CACHE, `${c.seed}-${c.layout}-${c.set}-${c.light}${c.k4 ? '-4k' : ''}`);
  if (existsSync(path.join(dir, 'truth.json'))) {
    const { data, info } = await sharp(path.join(dir, 'frame.png'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as TruthTile[];
    return {
      calibration,
      image: { width: info.width, height: info.height, data: new Uint8Array(data) },
      truth,
    };
  }
  const r = await renderScene(calibration, table, scene);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'frame.png'), await encodePng(r.image, 1));
  writeFileSync(path.join(dir, 'truth.json'), JSON.stringify(r.tiles));
  return { calibration, image: r.image, truth: r.tiles };
};

const sameSet = (a: readonly number[], b: readonly number[]): boolean =>
  (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);
const eligible = (t: TruthTile): boolean => Math.min(t.visible[0], t.visible[1]) >= 0.9;

const bySet = { ivory: { truth: 0, found: 0 }, black: { truth: 0, found: 0 } };
let truthCount = 0;
let found = 0;
let detections = 0;
let phantoms = 0;
let pipErrors = 0;
let halfErrors = 0;
let faceErrors = 0;
let matched = 0;
let sq = 0;
let worst = 0;
const times: { hd: number[]; k4: number[] } = { hd: [], k4: [] };
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// Each frame's detector, kept for the timing once every frame is loaded.
const loaded: { c: Case; detector: TileDetector; image: RgbImage }[] = [];
for (const c of cases) {
  const { calibration, image, truth } = await frameOf(c);
  const detector = new TileDetector(calibration, table);
  const r = detector.detect(image);
  if (!r.ok) throw new Error(r.error.message);
  const seen: readonly SeenTile[] = r.value.tiles;
  loaded.push({ c, detector, image });
  const taken = new Set<number>();
  const notes: string[] = [];
  for (const d of seen) {
    detections++;
    let best = -1;
    let bestD = 12;
    truth.forEach((t, i) => {
      const dist = Math.hypot(t.x - d.x, t.y - d.y);
      if (dist < bestD && !taken.has(i)) {
        best = i;
        bestD = dist;
      }
    });
    if (best < 0) {
      phantoms++;
      notes.push(`phantom at ${d.x},${d.y}`);
      continue;
    }
    taken.add(best);
    const t = truth[best] as TruthTile;
    matched++;
    sq += bestD * bestD;
    worst = Math.max(worst, bestD);
    if (eligible(t)) {
      found++;
      bySet[c.set].found++;
    }
    if (isFaceDown(d) !== t.faceDown) {
      faceErrors++;
      notes.push(
        `face ${t.faceDown ? 'down' : 'up'} [${t.pips.join(',')}] seen ${isFaceDown(d) ? 'down' : 'up'} at ${t.x.toFixed(0)},${t.y.toFixed(0)}`,
      );
      continue;
    }
    if (isFaceDown(d)) continue;
    if (!sameSet(d.pips, t.pips)) {
      pipErrors++;
      notes.push(
        `pips [${t.pips.join(',')}] seen [${d.pips.join(',')}] at ${t.x.toFixed(0)},${t.y.toFixed(0)} visible ${t.visible.join('/')}`,
      );
      continue;
    }
    const h0 = d.halves[0];
    const near0 =
      Math.hypot(h0.x - t.halves[0].x, h0.y - t.halves[0].y) <
      Math.hypot(h0.x - t.halves[1].x, h0.y - t.halves[1].y)
        ? 0
        : 1;
    if (h0.pips !== t.halves[near0].pips) {
      halfErrors++;
      notes.push(`halves swapped [${t.pips.join(',')}]`);
    }
  }
  truth.forEach((t, i) => {
    if (eligible(t)) {
      truthCount++;
      bySet[c.set].truth++;
      if (!taken.has(i))
        notes.push(
          `missed ${t.faceDown ? 'down' : `[${t.pips.join(',')}]`} at ${t.x.toFixed(0)},${t.y.toFixed(0)}`,
        );
    }
  });
  if (values.verbose || notes.length > 0)
    console.log(
      `${c.seed} ${c.layout} ${c.set} ${c.light}${c.k4 ? ' 4K' : ''}: ${seen.length} seen, ${truth.length} drawn${notes.length ? `\n  ${notes.join('\n  ')}` : ''}`,
    );
}

// The timing, apart from the loading: a frame's PNG decoded and copied (~12 MB outside the JS heap at
// 1080p) and a detector built made V8 collect the old space in the next detections — incremental
// marking steps of 14–35 ms and mark-compacts of 6–24 ms (--trace-gc) charged to detection, which a
// live run's one detector never pays. Everything loaded, the heap collected once, then the frames in
// turn, twice: each detection a fresh frame (the one before was another), detection's own garbage counted.
collectGarbage();
for (let rep = 0; rep < 2; rep++)
  for (const { c, detector, image } of loaded) {
    const t0 = cpuMs();
    const r = detector.detect(image);
    (c.k4 ? times.k4 : times.hd).push(cpuMs() - t0);
    if (!r.ok) throw new Error(r.error.message);
  }
times.hd.sort((a, b) => a - b);
times.k4.sort((a, b) => a - b);
const pct = (n: number, d: number): string => `${((100 * n) / Math.max(1, d)).toFixed(2)} %`;
console.log(
  `\n${cases.length} frames (seeds ${SEED} … ${seed - 1}; ${cases.filter((c) => c.k4).length} at 4K)`,
);
console.log(`recall ${pct(found, truthCount)} (${found}/${truthCount} tiles ≥ 90 % visible)`);
console.log(
  `  ivory set ${pct(bySet.ivory.found, bySet.ivory.truth)} (${bySet.ivory.found}/${bySet.ivory.truth}), black set ${pct(bySet.black.found, bySet.black.truth)} (${bySet.black.found}/${bySet.black.truth})`,
);
console.log(`precision ${pct(detections - phantoms, detections)} (${phantoms} phantoms of ${detections})`);
console.log(
  `pip errors ${pipErrors}, half errors ${halfErrors}, face up/down errors ${faceErrors} (of ${matched} matched)`,
);
console.log(`centre RMS ${Math.sqrt(sq / Math.max(1, matched)).toFixed(2)} mm, max ${worst.toFixed(2)} mm`);
for (const [name, t] of [
  ['1080p', times.hd],
  ['4K', times.k4],
] as const)
  if (t.length > 0)
    console.log(
      `ms per fresh frame at ${name} (CPU, once loaded and warm): median ${(t[t.length >> 1] ?? 0).toFixed(1)}, p95 ${(t[Math.floor(t.length * 0.95)] ?? 0).toFixed(1)}`,
    );
