// Events benchmark (issue 6): strokes, first contacts and pots as the tracker finds them, against the
// simulator's exact truth.
//
// 1. Tracker alone, on detections synthesised from held-out simulator clips (see HELD_OUT): random
//    layouts, strokes at random balls or (seven in ten) at a ball with a clear pot,
//    0.3–4 m/s, with spin; at 60 and 30 fps; position noise, misses, misread classes, motion blur
//    (1/120 s, centred on the frame), the cue and arm over the table at every strike, a hand over a
//    ball lying near a pocket during many strokes (no pot may be invented from it), stretches of dim
//    light (noisier, more misses).
// 2. The ten fixture scenarios, synthesised the same way (with the renderer's own players).
// 3. End to end, on the rendered fixture clips (1080p, 60 fps, H.264): ffmpeg decoding, vision in a
//    worker thread, tracking — the chain `referee run` uses — at 60 fps and (ffmpeg's fps filter) 30.
//    Frames per second of the whole chain, wall clock, on this machine as it is loaded at the time.
//
// Latency is the time from the last ball stopping (truth) to the frame at which the stroke's end was
// recognised, in video time; a live run adds the frames in flight (at most two frame times).
//
// Run: npx tsx bench/events.ts [--clips 50] [--strokes 4] [--seed 11000001] [--no-video] [--clip-budget 120]
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCalibrationFile } from '../src/camera/index.ts';
import { openSource } from '../src/capture/index.ts';
import { DetectionWorker, followSource } from '../src/cli/run.ts';
import { makeRng, type Rng } from '../src/sim/random.ts';
import { snookerTable, type PocketId, type SnookerBallId } from '../src/table/index.ts';
import {
  capsuleCover,
  DEFAULT_FAULTS,
  StrokeFollower,
  synthesiseClip,
  type FaultOptions,
  type FollowedShot,
  type LightChange,
  type Occluder,
} from '../src/tracking/index.ts';
import { pointMm } from '../src/units.ts';
import {
  fixtureClip,
  randomClip,
  scoreAgainst,
  trueStrokes,
  type TrueStroke,
} from '../tests/helpers/strokes.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIPS = arg('--clips', 50);
const STROKES = arg('--strokes', 4);
const VIDEO = !process.argv.includes('--no-video');
// The figures are for seeds from 11 000 001, never looked at while the tracker was written: it was
// tuned on seeds below 10 000 and checked on seeds from 900 001. Four earlier held-out sets were each
// used until they showed a fault, then the fault was fixed: from 7 000 001 a red settling on a
// pocket's lip and dropping (a pot missed); from 8 000 001 a red struck and potted under a hand (a pot
// missed); from 9 000 001 a cue ball creeping after a stroke taken for a new one (an extra stroke);
// from 10 000 001, at 30 fps, a misread detection carrying a hidden cue ball into a pocket (a pot
// invented) and a red lying a centimetre from the cue ball (first contact missed).
const HELD_OUT = arg('--seed', 11_000_001);
const CLIP_BUDGET_MS = arg('--clip-budget', 120) * 1000;

const root = fileURLToPath(new URL('..', import.meta.url));
const table = snookerTable();
const calibrationFile = path.join(root, 'calibration/demo.json');
const calibration = (() => {
  const c = loadCalibrationFile(calibrationFile);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
})();

interface Tally {
  played: number;
  found: number;
  extra: number;
  firstRight: number;
  potsTrue: number;
  potsFound: number;
  invented: number;
  latency: number[];
  /** How far each ball's reported rest place is from where it came to rest (mm). */
  restError: number[];
  failures: string[];
}
const tally = (): Tally => ({
  played: 0,
  found: 0,
  extra: 0,
  firstRight: 0,
  potsTrue: 0,
  potsFound: 0,
  invented: 0,
  latency: [],
  restError: [],
  failures: [],
});

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const pct = (a: number, b: number): string => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);

const add = (
  t: Tally,
  truth: readonly (TrueStroke & {
    end: number;
    rest?: readonly { id: SnookerBallId; x: number; y: number }[];
  })[],
  shots: readonly FollowedShot[],
  label: string,
): void => {
  const s = scoreAgainst(
    truth,
    shots.map((x) => x.shot),
    label,
  );
  t.played += s.played;
  t.found += s.found;
  t.extra += s.extra;
  t.firstRight += s.firstContactRight;
  t.potsTrue += s.potsTrue;
  t.potsFound += s.potsFound;
  t.invented += s.potsInvented;
  t.failures.push(...s.failures);
  for (const d of shots) {
    const match = truth.find((x) => Math.abs(x.start - d.shot.start) < 150);
    if (!match) continue;
    t.latency.push(d.recognisedAt - match.end);
    for (const b of match.rest ?? []) {
      const near = d.shot.rest
        .filter((r) => r.id === b.id)
        .reduce((best, r) => Math.min(best, Math.hypot(r.x - b.x, r.y - b.y)), Infinity);
      if (Number.isFinite(near)) t.restError.push(near);
    }
  }
};

const report = (name: string, t: Tally, extra = ''): void => {
  console.log(
    `${name}: strokes ${t.found}/${t.played} found, ${t.extra} extra; first contact ${pct(t.firstRight, t.found)} ` +
      `(${t.firstRight}/${t.found}); pots (ball and pocket) ${pct(t.potsFound, t.potsTrue)} (${t.potsFound}/${t.potsTrue}); ` +
      `pots invented ${t.invented}; latency median ${quantile(t.latency, 0.5).toFixed(0)} ms, ` +
      `95th ${quantile(t.latency, 0.95).toFixed(0)} ms, max ${Math.max(...t.latency).toFixed(0)} ms; ` +
      `rest places off by ${quantile(t.restError, 0.5).toFixed(1)} mm median, ${quantile(t.restError, 0.95).toFixed(1)} mm 95th${extra}`,
  );
  for (const f of t.failures.slice(0, 8)) console.log(`    ${f}`);
};

/**
 * A hand over a ball lying near a pocket, for a while during a stroke, in half the strokes: the ball
 * must be hidden (kept where it lay), never potted.
 */
const hands = (
  rng: Rng,
  strokes: readonly {
    start: number;
    duration: number;
    balls: readonly { id: SnookerBallId; x: number; y: number }[];
  }[],
): Occluder[] =>
  strokes.flatMap(({ start, duration, balls }) => {
    if (rng.next() < 0.5) return [];
    const near = (b: { x: number; y: number }): number =>
      Math.min(...table.pockets.map((p) => Math.hypot(b.x - p.mouthCentre.x, b.y - p.mouthCentre.y)));
    const ball = [...balls].filter((b) => b.id !== 'cue').sort((a, b) => near(a) - near(b))[0];
    if (!ball) return [];
    const from = start + rng.uniform(0, Math.max(1, duration * 0.7));
    const angle = rng.uniform(0, 2 * Math.PI);
    return [
      {
        from,
        to: from + rng.uniform(400, 2000),
        segment: {
          a: pointMm(ball.x, ball.y),
          b: pointMm(ball.x + 250 * Math.cos(angle), ball.y + 250 * Math.sin(angle)),
        },
        radius: 70,
      },
    ];
  });

/** Two stretches of dim light a clip: noisier positions and more misses. */
const dim = (rng: Rng, totalMs: number): LightChange[] =>
  [0, 1].map(() => {
    const from = rng.uniform(0, totalMs);
    return { from, to: from + rng.uniform(1000, 3000), noiseMm: 1.2, missRate: 0.05 };
  });

const follow = (frames: ReturnType<typeof synthesiseClip>): { shots: FollowedShot[]; msPerFrame: number } => {
  const f = new StrokeFollower(table);
  const shots: FollowedShot[] = [];
  const t0 = performance.now();
  for (const frame of frames) {
    const d = f.push(frame);
    if (d) shots.push(d);
  }
  const last = f.flush();
  if (last) shots.push(last);
  return { shots, msPerFrame: (performance.now() - t0) / Math.max(1, frames.length) };
};

console.log(`machine load (1 min average) at start: ${loadavg()[0]?.toFixed(1)} on 2 cores`);

// 1. Tracker on synthesised detections.
for (const fps of [60, 30]) {
  const t = tally();
  let hidden = 0;
  let fast = 0;
  let fastRight = 0;
  const ms: number[] = [];
  for (let c = 0; c < CLIPS; c++) {
    const rng = makeRng(HELD_OUT + c);
    const clip = randomClip(table, rng, STROKES, { potting: 0.7, minSpeed: 300, maxSpeed: 4000 });
    const strokes = clip.played.strokes.map((s) => ({
      start: s.start,
      duration: s.result.duration,
      balls: s.result.at(0),
    }));
    const handOver = hands(rng, strokes);
    hidden += handOver.length;
    const faults: FaultOptions = {
      ...DEFAULT_FAULTS,
      cover: capsuleCover([...clip.occluders, ...handOver]),
      lights: dim(rng, clip.played.totalMs),
    };
    const frames = synthesiseClip(table, clip.samplesAt, 0, clip.played.totalMs, fps, faults, rng.fork());
    const { shots, msPerFrame } = follow(frames);
    ms.push(msPerFrame);
    const truth = trueStrokes(clip.played).map((s, k) => ({
      ...s,
      end: s.start + (clip.played.strokes[k]?.result.duration ?? 0),
      rest: clip.played.strokes[k]?.result.rest ?? [],
    }));
    add(t, truth, shots, `clip ${HELD_OUT + c} at ${fps} fps`);
    // First contacts of the fast strokes (cue ball at 3 m/s or more).
    for (const s of clip.played.strokes) {
      const cue = s.result.at(0).find((b) => b.id === 'cue');
      if (!cue || Math.hypot(cue.vx, cue.vy) < 3000) continue;
      fast += 1;
      const ours = shots.find((d) => Math.abs(d.shot.start - s.start) < 150)?.shot.firstContact ?? ['—'];
      if ([...ours].sort().join() === [...s.result.firstContact].sort().join()) fastRight += 1;
    }
  }
  report(
    `tracker, synthesised detections, ${fps} fps, ${CLIPS} clips`,
    t,
    `; strokes at ≥ 3 m/s: first contact ${pct(fastRight, fast)} (${fastRight}/${fast}); ` +
      `${hidden} strokes with a hand over a ball near a pocket; tracking ${quantile(ms, 0.5).toFixed(2)} ms a frame (median)`,
  );
}

// 2. The fixture scenarios, synthesised.
const scenarioDir = path.join(root, 'fixtures/scenarios');
const scenarios = readdirSync(scenarioDir).filter((n) => n.endsWith('.json'));
for (const fps of [60, 30]) {
  const t = tally();
  for (const name of scenarios) {
    const clip = fixtureClip(JSON.parse(readFileSync(path.join(scenarioDir, name), 'utf8')), calibration);
    for (const seed of [1, 2, 3]) {
      const faults: FaultOptions = { ...DEFAULT_FAULTS, cover: clip.cover, lights: clip.lights };
      const frames = synthesiseClip(
        table,
        clip.samplesAt,
        0,
        clip.played.totalMs,
        fps,
        faults,
        makeRng(HELD_OUT + seed),
      );
      const truth = trueStrokes(clip.played).map((s, k) => ({
        ...s,
        end: s.start + (clip.played.strokes[k]?.result.duration ?? 0),
        rest: clip.played.strokes[k]?.result.rest ?? [],
      }));
      add(t, truth, follow(frames).shots, `${name} seed ${seed} at ${fps} fps`);
    }
  }
  report(`fixture scenarios, synthesised detections, ${fps} fps, 3 seeds each`, t);
}

// 3. End to end on the rendered fixture clips.
interface TruthFile {
  readonly fps: number;
  readonly strokes: readonly {
    start: number;
    end: number;
    firstContact: SnookerBallId[];
    potted: { id: SnookerBallId; pocket: PocketId }[];
    rest: { id: SnookerBallId; x: number; y: number }[];
  }[];
}
if (VIDEO) {
  const clips = readdirSync(path.join(root, 'fixtures'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'scenarios')
    .map((d) => d.name)
    .sort();
  for (const fps of [60, 30]) {
    const t = tally();
    let frames = 0;
    let seconds = 0;
    const detectMs: number[] = [];
    const failed: string[] = [];
    for (const name of clips) {
      const truth = JSON.parse(
        readFileSync(path.join(root, 'fixtures', name, 'truth.json'), 'utf8'),
      ) as TruthFile;
      const source = await openSource(
        path.join(root, 'fixtures', name, 'clip.mp4'),
        fps === truth.fps ? {} : { fps },
      );
      if (!source.ok) throw new Error(source.error.message);
      const detector = await DetectionWorker.start(calibrationFile);
      const shots: FollowedShot[] = [];
      const t0 = performance.now();
      // A clip the detector cannot get through in reasonable time is reported, not waited for.
      const budget = setTimeout(() => void detector.close(), CLIP_BUDGET_MS);
      try {
        const stats = await followSource(source.value, detector, new StrokeFollower(table), (d) =>
          shots.push(d),
        );
        seconds += (performance.now() - t0) / 1000;
        frames += stats.frames;
        detectMs.push(stats.detectMs);
      } catch (e) {
        t.failures.push(`${name} (video) at ${fps} fps: ${(e as Error).message}`);
        failed.push(name);
      } finally {
        clearTimeout(budget);
        await detector.close();
        await source.value.close();
      }
      add(t, truth.strokes, shots, `${name} (video) at ${fps} fps`);
    }
    report(
      `end to end (decode, detect, track), 1080p fixture clips at ${fps} fps`,
      t,
      `; ${(frames / seconds).toFixed(1)} frames a second over ${frames} frames` +
        (failed.length
          ? ` (not counting ${failed.join(', ')}: the detector failed or ran out of time)`
          : '') +
        ' ' +
        `(detection ${quantile(detectMs, 0.5).toFixed(1)} ms a frame, median of clip medians); ` +
        `load ${loadavg()[0]?.toFixed(1)} on 2 cores`,
    );
  }
}
