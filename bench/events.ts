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
//    These clips were looked at while the tracker and the detector were tuned: not a held-out figure.
// 4. End to end on held-out rendered clips (see HELD_OUT_VIDEO): random scenarios from seeds from
//    15 000 001, never used before, each a few strokes played one after another (seven in ten trying
//    a pot, 0.3–4 m/s, with spin), rendered by src/sim through the demo camera (calibration/demo.json,
//    1080p, 60 fps) into H.264 in a temporary folder as the fixtures are made, then followed by the
//    same chain as 3 at 60 and 30 fps. Every stroke has its player (cue, bridge hand and arm) at the
//    cue ball; in half the strokes the room's light changes at the strike (dim, warm, bright, dim and
//    warm, or back to normal, over up to 2 s); in half, another arm lies over the ball nearest a
//    pocket for 0.4–2 s while the balls run (no pot may be invented from it). A clip ends early after
//    a stroke that pots the cue ball: the renderer would put it back in the D only at the next strike.
//    Rendering is most of the time (30 clips of up to 3 strokes: about 41 000 frames, 45 min on the
//    quiet machine, then 15 min for the two timed runs; `--held-out-video 0` skips the part).
//
// Latency is the time from the last ball stopping (truth) to the frame at which the stroke's end was
// recognised, in video time; a live run adds the frames in flight (at most two frame times).
//
// Run: npx tsx bench/events.ts [--clips 50] [--strokes 4] [--seed 11000001] [--no-video] [--clip-budget 120]
//        [--no-synth] (skip 1 and 2) [--no-fixture-video] (skip 3) [--held-out-video 30] (clips in 4; 0 skips it)
//        [--held-out-strokes 3] [--held-out-seed 15000001] [--keep] (keep 4's clips, truth and shots)
//        [--held-out-dir DIR] (render 4's clips into DIR and keep them; clips already there are used
//        again) [--render-only] (render 4's clips and stop)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonFile } from '../src/camera/index.ts';
import {
  loadCalibrationFile,
  parseSnookerScenario,
  SNOOKER_SCENARIOS,
  SNOOKER_SIM,
} from '../tests/helpers/games.ts';
import { openSource } from '../src/capture/index.ts';
import { followSource } from '../src/pipeline/follow.ts';
import { DetectionWorker } from '../src/pipeline/worker.ts';
import { runSimulation } from '../src/cli/simulate.ts';
import { simulateStroke, type CueAction, type SimBall } from '../src/sim/physics/index.ts';
import { makeRng, type Rng } from '../src/sim/random.ts';
import { playClip } from '../src/sim/render/clip.ts';
import { type PocketId } from '../src/equipment/index.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';
import type { BallId } from '../src/equipment/pieces.ts';
import {
  capsuleCover,
  DEFAULT_FAULTS,
  StrokeFollower,
  type FrameDetections,
  type FaultOptions,
  type FollowedShot,
  type LightChange,
  type Occluder,
} from '../src/tracking/index.ts';
import { pointMm } from '../src/core/units.ts';
import {
  fixtureClip,
  potStroke,
  primitiveCover,
  randomClip,
  randomLayout,
  randomStroke,
  scoreAgainst,
  trueStrokes,
  type TrueStroke,
  synthesisePlayed,
} from '../tests/helpers/strokes.ts';
import { readFlags } from './flags.ts';

const { values: flags, count } = readFlags({
  clips: { type: 'string', default: '50' },
  strokes: { type: 'string', default: '4' },
  seed: { type: 'string', default: '11000001' },
  video: { type: 'boolean', default: true },
  synth: { type: 'boolean', default: true },
  'fixture-video': { type: 'boolean', default: true },
  'held-out-video': { type: 'string', default: '30' },
  'held-out-strokes': { type: 'string', default: '3' },
  'held-out-seed': { type: 'string', default: '15000001' },
  'held-out-dir': { type: 'string' },
  'render-only': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  'clip-budget': { type: 'string', default: '120' },
});
const CLIPS = count('clips');
const STROKES = count('strokes');
const VIDEO = flags.video;
const SYNTH = flags.synth;
const FIXTURE_VIDEO = VIDEO && flags['fixture-video'];
const HELD_OUT_CLIPS = VIDEO ? count('held-out-video') : 0;
const HELD_OUT_STROKES = count('held-out-strokes');
// Part 4's seeds: from 15 000 001, a range no test, benchmark or tuning run had used before; its
// first 17 clips showed two faults, fixed before the last 13 were run: a cue ball played into the
// black 4 mm away and creeping on (a stroke not found) and a red seen once in its blur on its way
// into a pocket (a pot missed). Three earlier sets were each used until they showed faults, then the
// faults were fixed: from 12 000 001 a dark green lost in its last 170 ms before a pocket (a pot
// missed) and a 4 m/s cue ball lost in its blur until after a cushion at 30 fps (first contact
// lost); from 13 000 001 a cue ball at 2.3 m/s unseen in its blur (a stroke cut in two), the green
// at rest unseen under a warm light and a creeping red's place kept 3 mm behind (first contacts lost
// or wrong); from 14 000 001 a player's hand taken for the brown, which brought the brown back out
// of the pocket (a pot missed), and a green sent across the cloth unseen in its blur but once by
// the pocket (a pot missed at 30 fps).
const HELD_OUT_VIDEO = count('held-out-seed');
// A folder for part 4's clips that outlives the run: a clip already rendered there is used again.
const HELD_OUT_DIR = flags['held-out-dir'];
const RENDER_ONLY = flags['render-only'];
const KEEP = flags.keep || HELD_OUT_DIR !== undefined;
// The figures are for seeds from 11 000 001, never looked at while the tracker was written: it was
// tuned on seeds below 10 000 and checked on seeds from 900 001. Four earlier held-out sets were each
// used until they showed a fault, then the fault was fixed: from 7 000 001 a red settling on a
// pocket's lip and dropping (a pot missed); from 8 000 001 a red struck and potted under a hand (a pot
// missed); from 9 000 001 a cue ball creeping after a stroke taken for a new one (an extra stroke);
// from 10 000 001, at 30 fps, a misread detection carrying a hidden cue ball into a pocket (a pot
// invented) and a red lying a centimetre from the cue ball (first contact missed).
const HELD_OUT = count('seed');
const CLIP_BUDGET_MS = count('clip-budget') * 1000;

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
    rest?: readonly { id: BallId; x: number; y: number }[];
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

const report = (name: string, t: Tally, extra = '', maxFailures = 8): void => {
  console.log(
    `${name}: strokes ${t.found}/${t.played} found, ${t.extra} extra; first contact ${pct(t.firstRight, t.found)} ` +
      `(${t.firstRight}/${t.found}); pots (ball and pocket) ${pct(t.potsFound, t.potsTrue)} (${t.potsFound}/${t.potsTrue}); ` +
      `pots invented ${t.invented}; latency median ${quantile(t.latency, 0.5).toFixed(0)} ms, ` +
      `95th ${quantile(t.latency, 0.95).toFixed(0)} ms, max ${Math.max(...t.latency).toFixed(0)} ms; ` +
      `rest places off by ${quantile(t.restError, 0.5).toFixed(1)} mm median, ${quantile(t.restError, 0.95).toFixed(1)} mm 95th${extra}`,
  );
  for (const f of t.failures.slice(0, maxFailures)) console.log(`    ${f}`);
  if (t.failures.length > maxFailures) console.log(`    … and ${t.failures.length - maxFailures} more`);
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
    balls: readonly { id: BallId; x: number; y: number }[];
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

const follow = (frames: readonly FrameDetections[]): { shots: FollowedShot[]; msPerFrame: number } => {
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

if (SYNTH) {
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
      const frames = synthesisePlayed(table, clip.played, fps, faults, rng.fork(), clip.samplesAt);
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

  // 2. The fixture scenarios, synthesised: snooker's (pool's are the black-ball benchmark's).
  const scenarioDir = path.join(root, 'fixtures/scenarios');
  const scenarios = SNOOKER_SCENARIOS.map((n) => `${n}.json`);
  for (const fps of [60, 30]) {
    const t = tally();
    for (const name of scenarios) {
      const clip = fixtureClip(JSON.parse(readFileSync(path.join(scenarioDir, name), 'utf8')), calibration);
      for (const seed of [1, 2, 3]) {
        const faults: FaultOptions = { ...DEFAULT_FAULTS, cover: clip.cover, lights: clip.lights };
        const frames = synthesisePlayed(
          table,
          clip.played,
          fps,
          faults,
          makeRng(HELD_OUT + seed),
          clip.samplesAt,
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
}

// 3 and 4. End to end: the chain `referee run` uses, on rendered clips.
interface TruthFile {
  readonly fps: number;
  readonly strokes: readonly {
    start: number;
    end: number;
    firstContact: readonly BallId[];
    potted: readonly { id: BallId; pocket: PocketId }[];
    rest: readonly { id: BallId; x: number; y: number }[];
  }[];
}

interface VideoClip {
  readonly name: string;
  readonly mp4: string;
  readonly truth: TruthFile;
}

/**
 * Each clip decoded by ffmpeg (at `fps`: ffmpeg's fps filter when it is not the clip's own), its
 * balls found by the detector in a worker thread, followed by a StrokeFollower; scored against the
 * truth and reported. The shots found, by clip name.
 */
const endToEnd = async (
  title: string,
  clips: readonly VideoClip[],
  fps: number,
  maxFailures = 8,
): Promise<Map<string, FollowedShot[]>> => {
  const t = tally();
  let frames = 0;
  let seconds = 0;
  const detectMs: number[] = [];
  const failed: string[] = [];
  const found = new Map<string, FollowedShot[]>();
  for (const clip of clips) {
    const source = await openSource(clip.mp4, fps === clip.truth.fps ? {} : { fps });
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
      t.failures.push(`${clip.name} (video) at ${fps} fps: ${(e as Error).message}`);
      failed.push(clip.name);
    } finally {
      clearTimeout(budget);
      await detector.close();
      await source.value.close();
    }
    found.set(clip.name, shots);
    add(t, clip.truth.strokes, shots, `${clip.name} (video) at ${fps} fps`);
  }
  report(
    `${title} at ${fps} fps`,
    t,
    `; ${(frames / seconds).toFixed(1)} frames a second over ${frames} frames` +
      (failed.length ? ` (not counting ${failed.join(', ')}: the detector failed or ran out of time)` : '') +
      ' ' +
      `(detection ${quantile(detectMs, 0.5).toFixed(1)} ms a frame, median of clip medians); ` +
      `load ${loadavg()[0]?.toFixed(1)} on 2 cores`,
    maxFailures,
  );
  return found;
};

// 3. End to end on the rendered fixture clips.
if (FIXTURE_VIDEO) {
  // The ten rendered from the scenarios (the folder holds other games' fixtures and the second
  // renderer's clips too).
  const clips: VideoClip[] = SNOOKER_SCENARIOS.map((name) => ({
    name,
    mp4: path.join(root, 'fixtures', name, 'clip.mp4'),
    truth: JSON.parse(readFileSync(path.join(root, 'fixtures', name, 'truth.json'), 'utf8')) as TruthFile,
  }));
  for (const fps of [60, 30])
    await endToEnd('end to end (decode, detect, track), 1080p fixture clips', clips, fps);
}

// 4. End to end on held-out rendered clips.

/** A scenario's stroke as JSON (docs/formats.md §7, with the renderer's options). */
interface StrokeJson {
  readonly cue: { readonly vx: number; readonly vy: number };
  readonly tip: { readonly side: number; readonly height: number };
  readonly render: {
    player: { before: number; after: number; side: 'left' | 'right'; bridge: number; elevation: number };
    light?: { gain: number; warmth: number; rampMs: number };
    occluders?: {
      from: number;
      to: number;
      contact: { x: number; y: number };
      aim: number;
      side: 'left' | 'right';
      bridge: number;
    }[];
  };
}

/**
 * The light a stroke may change to: the conditions the ball classifier is trained for
 * (src/vision/classify/training/dataset.ts), normal among them (a light put back).
 */
const LIGHTS: readonly { gain: readonly [number, number]; warmth: readonly [number, number] }[] = [
  { gain: [0.85, 1.15], warmth: [-0.15, 0.15] }, // normal
  { gain: [0.4, 0.7], warmth: [-0.15, 0.3] }, // dim
  { gain: [0.8, 1.15], warmth: [0.5, 1] }, // warm
  { gain: [1.3, 1.8], warmth: [-0.15, 0.15] }, // bright
  { gain: [0.4, 0.7], warmth: [0.5, 1] }, // dim and warm
];

const BRIDGE = 280;

/**
 * Where a player with the bridge hand `BRIDGE` mm behind `contact` must aim from so that the middle
 * of the forearm (src/sim/render/occluders.ts: wrist 50 mm back and 25 to the side of the hand, the
 * forearm 290 mm back and out from it, 75 mm over the cloth there) lies over `ball`.
 */
const armOver = (
  ball: { x: number; y: number },
  aimDeg: number,
  side: 'left' | 'right',
): { x: number; y: number } => {
  const ax = Math.cos((aimDeg * Math.PI) / 180);
  const ay = Math.sin((aimDeg * Math.PI) / 180);
  const s = side === 'left' ? 1 : -1;
  const lx = -ay * s;
  const ly = ax * s;
  const fx = -ax + 0.5 * lx;
  const fy = -ay + 0.5 * ly;
  const fl = Math.hypot(fx, fy);
  return {
    x: ball.x + (BRIDGE + 50) * ax - 55 * lx - (145 * fx) / fl,
    y: ball.y + (BRIDGE + 50) * ay - 55 * ly - (145 * fy) / fl,
  };
};

interface HeldOutScenario {
  readonly json: {
    table: 'snooker';
    balls: { id: BallId; x: number; y: number }[];
    strokes: StrokeJson[];
    seed: number;
    render: { gapMs: number };
  };
  /** Strokes with an arm over a ball near a pocket: the stroke, the ball's track. */
  readonly arms: { stroke: number; track: string }[];
  readonly lights: number;
}

/** A random held-out scenario of up to `strokes` strokes, from `seed`. */
const heldOutScenario = (seed: number, strokes: number): HeldOutScenario => {
  const rng = makeRng(seed);
  const layout = randomLayout(table, rng);
  let balls: SimBall[] = layout;
  const out: StrokeJson[] = [];
  const arms: { stroke: number; track: string }[] = [];
  let lights = 0;
  for (let k = 0; k < strokes && balls.length >= 2; k++) {
    const make = rng.next() < 0.7 ? potStroke : randomStroke;
    const cue: CueAction = make(balls, rng, table, 300, 4000);
    const result = simulateStroke(table, balls, cue);
    const render: StrokeJson['render'] = {
      player: {
        before: rng.uniform(800, 1500),
        after: rng.uniform(400, 700),
        side: rng.next() < 0.5 ? 'left' : 'right',
        bridge: rng.uniform(220, 340),
        elevation: rng.uniform(2, 8),
      },
    };
    if (rng.next() < 0.5) {
      const l = LIGHTS[rng.int(0, LIGHTS.length)] ?? LIGHTS[0];
      if (l) {
        render.light = {
          gain: rng.uniform(l.gain[0], l.gain[1]),
          warmth: rng.uniform(l.warmth[0], l.warmth[1]),
          rampMs: rng.uniform(0, 2000),
        };
        lights += 1;
      }
    }
    if (rng.next() < 0.5) {
      const near = (b: { x: number; y: number }): number =>
        Math.min(...table.pockets.map((p) => Math.hypot(b.x - p.mouthCentre.x, b.y - p.mouthCentre.y)));
      const ball = balls.filter((b) => b.id !== 'cue').sort((a, b) => near(a) - near(b))[0];
      if (ball) {
        const aim = rng.uniform(0, 360);
        const side = rng.next() < 0.5 ? 'left' : 'right';
        const from = rng.uniform(0, 0.7 * result.duration);
        render.occluders = [
          {
            from,
            to: from + rng.uniform(400, 2000),
            contact: armOver(ball, aim, side),
            aim,
            side,
            bridge: BRIDGE,
          },
        ];
        arms.push({ stroke: k, track: ball.track });
      }
    }
    out.push({
      cue: { vx: cue.vx, vy: cue.vy },
      tip: { side: cue.side ?? 0, height: cue.height ?? 0 },
      render,
    });
    balls = [...result.rest];
    // The renderer puts a cue ball that went in back in the D only at the next strike: end here.
    if (result.potted.some((p) => p.id === 'cue')) break;
  }
  return {
    json: {
      table: 'snooker',
      balls: layout.map((b) => ({ id: b.id, x: b.x, y: b.y })),
      strokes: out,
      seed,
      render: { gapMs: 2000 },
    },
    arms,
    lights,
  };
};

if (HELD_OUT_CLIPS > 0) {
  const started = performance.now();
  const dir = HELD_OUT_DIR ?? mkdtempSync(path.join(tmpdir(), 'events-held-out-'));
  mkdirSync(dir, { recursive: true });
  const calibrationJson = readJsonFile(calibrationFile);
  if (!calibrationJson.ok) throw new Error(`cannot read ${calibrationFile}`);
  try {
    const clips: VideoClip[] = [];
    let rendered = 0;
    let renderSeconds = 0;
    let armed = 0;
    let hiddenStrokes = 0;
    let hiddenFrames = 0;
    let changes = 0;
    for (let c = 0; c < HELD_OUT_CLIPS; c++) {
      const seed = HELD_OUT_VIDEO + c;
      const s = heldOutScenario(seed, HELD_OUT_STROKES);
      // The scenario as the renderer plays it: the same strokes, and how long each arm hid its ball.
      const parsed = parseSnookerScenario(s.json);
      if (!parsed.ok) throw new Error(`seed ${seed}: ${parsed.error.message}`);
      const prepared = playClip(parsed.value);
      if (!prepared.ok) throw new Error(`seed ${seed}: ${prepared.error.message}`);
      const { played, clip } = prepared.value;
      if (played.strokes.slice(0, -1).some((x) => x.result.potted.some((p) => p.id === 'cue')))
        throw new Error(
          `seed ${seed}: the cue ball went in before the last stroke (played otherwise than planned)`,
        );
      const cover = primitiveCover(calibration, clip.occluders, table.ballRadius);
      for (const a of s.arms) {
        const stroke = played.strokes[a.stroke];
        const o = s.json.strokes[a.stroke]?.render.occluders?.[0];
        if (!stroke || !o) continue;
        armed += 1;
        let n = 0;
        for (
          let k = Math.ceil(((stroke.start + o.from) * 60) / 1000);
          (k * 1000) / 60 <= stroke.start + o.to;
          k++
        ) {
          const t = (k * 1000) / 60;
          const b = clip.balls(t).find((x) => x.track === a.track && x.state === 'table');
          if (b && cover(t, b.x, b.y)) n += 1;
        }
        if (n > 0) hiddenStrokes += 1;
        hiddenFrames += n;
      }
      changes += s.lights;
      const out = path.join(dir, String(seed));
      const truthFile = path.join(out, 'truth.json');
      if (existsSync(truthFile) && existsSync(path.join(out, 'clip.mp4'))) {
        const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as TruthFile;
        clips.push({ name: `seed ${seed}`, mp4: path.join(out, 'clip.mp4'), truth });
        console.log(`  held-out clip ${seed}: ${truth.strokes.length} strokes, rendered before (${out})`);
        continue;
      }
      const t0 = performance.now();
      const summary = await runSimulation({
        game: SNOOKER_SIM,
        scenarioJson: s.json,
        calibrationJson: calibrationJson.value,
        calibration,
        fps: 60,
        out,
        mp4: true,
        png: false,
      });
      renderSeconds += (performance.now() - t0) / 1000;
      rendered += summary.frames;
      if (KEEP) writeFileSync(path.join(out, 'scenario.json'), `${JSON.stringify(s.json, null, 2)}\n`);
      clips.push({ name: `seed ${seed}`, mp4: path.join(out, 'clip.mp4'), truth: summary.truth });
      console.log(
        `  held-out clip ${seed}: ${summary.truth.strokes.length} strokes, ${summary.frames} frames rendered ` +
          `in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
    }
    const strokes = clips.reduce((n, c) => n + c.truth.strokes.length, 0);
    console.log(
      `held-out rendered clips (seeds ${HELD_OUT_VIDEO}–${HELD_OUT_VIDEO + HELD_OUT_CLIPS - 1}): ${clips.length} clips, ` +
        `${strokes} strokes; the light changed in ${changes}; an arm over a ball near a pocket in ${armed} ` +
        `(hiding it in ${hiddenStrokes}, ${hiddenFrames} frames at 60 fps); ` +
        (rendered > 0
          ? `rendered ${rendered} frames at ${(rendered / renderSeconds).toFixed(1)} frames a second (H.264 encoding included)`
          : `all rendered before, in ${dir}`),
    );
    for (const fps of RENDER_ONLY ? [] : [60, 30]) {
      const found = await endToEnd(
        'end to end (decode, detect, track), 1080p held-out rendered clips',
        clips,
        fps,
        Infinity,
      );
      if (KEEP)
        for (const [name, shots] of found)
          writeFileSync(
            path.join(dir, name.replace('seed ', ''), `shots-${fps}.json`),
            `${JSON.stringify(shots, null, 2)}\n`,
          );
    }
  } finally {
    if (KEEP) console.log(`held-out clips kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `part 4 took ${((performance.now() - started) / 60_000).toFixed(1)} min; load ${loadavg()[0]?.toFixed(1)} on 2 cores`,
  );
}
