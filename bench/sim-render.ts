// Rendered 1080p frames per second on one core: the demo camera, the opening break (fixtures/scenarios/
// opening-break.json) from the player's address through the break to the balls slowing down. Prints
// medians (and the slowest frames) of wall time and of this thread's CPU time, for frames drawn in
// sequence as `referee simulate` draws them (tiles where nothing moved are kept) and for frames drawn
// from scratch; and the one-off cost of a calibration (ray map, background) and of PNG encoding.
// Run: npx tsx bench/sim-render.ts
import { readFileSync } from 'node:fs';
import { loadCalibrationFile, parseSnookerScenario } from '../tests/helpers/games.ts';
import {
  createRenderer,
  encodePng,
  playClip,
  rendererOverrides,
  renderClipFrame,
} from '../src/sim/render/index.ts';

const FPS = 60;
const calibration = loadCalibrationFile('calibration/demo.json');
const scenario = parseSnookerScenario(
  JSON.parse(readFileSync('fixtures/scenarios/opening-break.json', 'utf8')),
);
if (!calibration.ok || !scenario.ok) throw new Error('cannot load the demo calibration or the opening break');
const prepared = playClip(scenario.value);
if (!prepared.ok) throw new Error(prepared.error.message);
const { render, played, clip } = prepared.value;

const cpuMs = (): number => process.cpuUsage().user / 1000;
const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const line = (name: string, wall: number[], cpu: number[]): void =>
  console.log(
    `${name.padEnd(34)} ${(1000 / quantile(wall, 0.5)).toFixed(1).padStart(6)} frames/s  ` +
      `(median ${quantile(wall, 0.5).toFixed(1)} ms wall, ${quantile(cpu, 0.5).toFixed(1)} ms CPU; ` +
      `90th percentile ${quantile(wall, 0.9).toFixed(1)} ms, slowest ${Math.max(...wall).toFixed(1)} ms; ${wall.length} frames)`,
  );

let t0 = performance.now();
const renderer = createRenderer(calibration.value, rendererOverrides(scenario.value, render));
const { width, height } = calibration.value.image;
console.log(
  `calibration ${width}×${height}: ray map + background + noise table ${(performance.now() - t0).toFixed(0)} ms (once)`,
);

const strike = played.strokes[0]?.start ?? 0;
// From the address to 4 s after the strike: the cue's stroke, the break, the balls running out.
const times: number[] = [];
for (let t = Math.max(0, strike - 600); t <= strike + 4000; t += 1000 / FPS) times.push(t);

// Warm the JIT on a few frames first.
times.slice(0, 20).forEach((t, k) => renderClipFrame(renderer, clip, t, k));

const wall: number[] = [];
const cpu: number[] = [];
const frames = times.map((t, k) => {
  const w = performance.now();
  const c = cpuMs();
  const image = renderClipFrame(renderer, clip, t, k);
  wall.push(performance.now() - w);
  cpu.push(cpuMs() - c);
  return image;
});
line('in sequence (as referee simulate)', wall, cpu);

const scratchWall: number[] = [];
const scratchCpu: number[] = [];
times.forEach((t, k) => {
  if (k % 4 !== 0) return;
  renderer.cache.image = undefined;
  renderer.cache.signatures = new Map();
  const w = performance.now();
  const c = cpuMs();
  renderClipFrame(renderer, clip, t, k);
  scratchWall.push(performance.now() - w);
  scratchCpu.push(cpuMs() - c);
});
line('each frame from scratch', scratchWall, scratchCpu);

const encode: number[] = [];
let bytes = 0;
for (const image of frames.filter((_, k) => k % 20 === 0)) {
  t0 = performance.now();
  bytes += (await encodePng(image)).length;
  encode.push(performance.now() - t0);
}
console.log(
  `PNG encoding (sharp, level 6)      median ${quantile(encode, 0.5).toFixed(0)} ms a frame, ` +
    `${(bytes / encode.length / 1e6).toFixed(1)} MB a frame (sensor noise does not compress)`,
);
