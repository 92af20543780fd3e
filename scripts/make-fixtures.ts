// Regenerates the committed simulator fixtures (issue 3): each scenario in fixtures/scenarios/ is
// played, checked to do what its name says, and rendered through the demo camera at 60 fps into
// fixtures/<name>/: clip.mp4 (every frame) and truth.json (docs/formats.md §7). Everything comes from
// the scenarios' seeds, so the output is the same on every run.
//
//   npx tsx scripts/make-fixtures.ts             all fixtures
//   npx tsx scripts/make-fixtures.ts kiss rattle some of them
//   npx tsx scripts/make-fixtures.ts --png       also write frames/NNNNNN.png (not committed: ~3 MB a frame)
//
// With the opening break it also draws the README's picture, docs/opening.png: the break 420 ms after
// the strike (the cue following through, the pack opening), without sensor noise (0.8 MB, not 3.3).
//
// Why mp4: a 1080p frame with sensor noise is ~3.3 MB as PNG (noise does not compress), so ten clips
// of several seconds at 60 fps would be gigabytes; as H.264 (crf 18, visually lossless) they are
// about a megabyte each. `referee simulate` writes the PNGs of any of them exactly.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cameraCentre, readJsonFile, type Calibration } from '../src/camera/index.ts';
import { loadCalibrationFile, parseSnookerScenario, SNOOKER_SIM } from '../tests/helpers/games.ts';
import { runSimulation } from '../src/cli/simulate.ts';
import { intersectSphere, HIT_SIZE } from '../src/sim/render/balls.ts';
import {
  createRenderer,
  encodePng,
  playClip,
  rendererOverrides,
  renderClipFrame,
  type Clip,
} from '../src/sim/render/index.ts';
import { intersectPrimitive } from '../src/sim/render/occluders.ts';
import { type Scenario } from '../src/sim/scenario.ts';
import { makeTruth, type TruthJson, type TruthStroke } from '../src/sim/truth.ts';
import { isOnBed, type Table } from '../src/equipment/index.ts';
import { type SnookerBallId } from '../src/games/snooker/equipment.ts';
import { pointMm } from '../src/core/units.ts';

const FPS = 60;
const README_PICTURE = { fixture: 'opening-break', file: 'docs/opening.png', afterStrikeMs: 420 };
const SCENARIOS = 'fixtures/scenarios';
const CALIBRATION = 'calibration/demo.json';

interface Check {
  readonly table: Table;
  readonly calibration: Calibration<Table>;
  readonly scenario: Scenario;
  readonly truth: TruthJson;
  readonly stroke: TruthStroke;
  readonly clip: Clip;
}

const potted = (s: TruthStroke, id: SnookerBallId): boolean => s.potted.some((p) => p.id === id);
const eventsOf = (s: TruthStroke, track: string) =>
  s.events.filter(
    (e) => ('track' in e && e.track === track) || ('ta' in e && (e.ta === track || e.tb === track)),
  );

/** Frames in which some ball on the cloth is hidden from the camera by an occluder. */
const hiddenFrames = (c: Check): number => {
  const o = cameraCentre(c.calibration);
  const R = c.table.ballRadius;
  const hit = new Float64Array(HIT_SIZE);
  let frames = 0;
  for (const f of c.truth.frames) {
    const parts = c.clip.occluders(f.t);
    const hidden = f.balls.some((b) => {
      const dx = b.x - o.x;
      const dy = b.y - o.y;
      const dz = R - o.z;
      const len = Math.hypot(dx, dy, dz);
      const d = [dx / len, dy / len, dz / len] as const;
      // The ray to the ball's centre, and whether a part of the player is met first.
      if (!intersectSphere(o.x, o.y, o.z, d[0], d[1], d[2], b.x, b.y, R, R, 1e-9, hit)) return false;
      const ball = hit[0] as number;
      return parts.some(
        (q) => intersectPrimitive(q, o.x, o.y, o.z, d[0], d[1], d[2], 1e-9, hit) && (hit[0] as number) < ball,
      );
    });
    if (hidden) frames++;
  }
  return frames;
};

/** Does the straight path of a ball of radius R from a to b pass within a diameter of c? */
const blocks = (
  a: { x: number; y: number },
  b: { x: number; y: number },
  c: { x: number; y: number },
  D: number,
) => {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((c.x - a.x) * ex + (c.y - a.y) * ey) / (ex * ex + ey * ey)));
  return Math.hypot(a.x + t * ex - c.x, a.y + t * ey - c.y) < D;
};

// What each fixture must show, checked on the played truth before anything is rendered.
const CHECKS: Record<string, (c: Check) => string | undefined> = {
  'opening-break': ({ stroke, scenario }) => {
    if (stroke.firstContact.join() !== 'red') return `first contact ${stroke.firstContact.join()}, not a red`;
    const moved = stroke.rest.filter((b) => {
      const before = scenario.balls.find((s) => s.track === b.track);
      return b.id === 'red' && before !== undefined && Math.hypot(b.x - before.x, b.y - before.y) > 5;
    });
    return moved.length >= 3 ? undefined : `only ${moved.length} reds moved`;
  },
  'red-pot': ({ stroke }) =>
    potted(stroke, 'red') && !potted(stroke, 'cue') ? undefined : 'the red is not potted, or the cue ball is',
  'colour-pot': ({ stroke }) =>
    potted(stroke, 'black') && !potted(stroke, 'cue')
      ? undefined
      : 'the black is not potted, or the cue ball is',
  'in-off': ({ stroke }) =>
    stroke.firstContact.join() === 'red' && potted(stroke, 'cue')
      ? undefined
      : 'the cue ball does not go in off the red',
  kiss: ({ stroke }) => {
    const kiss = stroke.events.find((e) => e.type === 'contact' && e.a === 'red' && e.b === 'red');
    if (!kiss || kiss.type !== 'contact') return 'no red kisses another';
    const second = kiss.ta === 'red1' ? kiss.tb : kiss.ta;
    return stroke.potted.some((p) => p.track === second)
      ? undefined
      : `${second}, kissed by the first red, is not potted`;
  },
  double: ({ stroke }) => {
    const events = eventsOf(stroke, 'red1');
    const cushion = events.findIndex((e) => e.type === 'cushion');
    const pot = events.findIndex((e) => e.type === 'pot');
    return cushion >= 0 && pot > cushion ? undefined : 'the red does not go in off a cushion';
  },
  rattle: ({ stroke }) => {
    const jaws = eventsOf(stroke, 'red1').filter((e) => e.type === 'jaw').length;
    return jaws >= 1 && !potted(stroke, 'red')
      ? undefined
      : `the red ${jaws ? 'goes in' : 'never hits a jaw'}`;
  },
  'escape-from-snooker': ({ stroke, scenario, table }) => {
    const cue = scenario.balls.find((b) => b.id === 'cue');
    const red = scenario.balls.find((b) => b.id === 'red');
    const brown = scenario.balls.find((b) => b.id === 'brown');
    if (!cue || !red || !brown || !blocks(cue, red, brown, table.ballDiameter))
      return 'the cue ball is not snookered';
    const first = eventsOf(stroke, 'cue').find((e) => e.type !== 'strike');
    if (first?.type !== 'cushion') return 'the cue ball does not reach a cushion first';
    return stroke.firstContact.join() === 'red'
      ? undefined
      : `then hits ${stroke.firstContact.join() || 'nothing'}`;
  },
  'occluded-by-player': (c) => {
    const n = hiddenFrames(c);
    return n >= FPS ? undefined : `balls are hidden in only ${n} frames`;
  },
  'fast-stroke': ({ scenario, stroke }) => {
    const cue = scenario.strokes[0]?.cue;
    const speed = cue ? Math.hypot(cue.vx, cue.vy) : 0;
    if (Math.abs(speed - 4000) > 5) return `the cue ball leaves at ${speed.toFixed(0)} mm/s, not 4 m/s`;
    return potted(stroke, 'red') ? undefined : 'the red is not potted';
  },
};

const fail = (message: string): never => {
  process.stderr.write(`make-fixtures: ${message}\n`);
  process.exit(1);
};

const args = process.argv.slice(2);
const png = args.includes('--png');
const wanted = args.filter((a) => !a.startsWith('--'));
const names = readdirSync(SCENARIOS)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''))
  .filter((n) => wanted.length === 0 || wanted.includes(n))
  .sort();
const calibrationJson = readJsonFile(CALIBRATION);
const calibration = loadCalibrationFile(CALIBRATION);
if (!calibrationJson.ok || !calibration.ok) fail(`cannot load ${CALIBRATION}`);
const cal = calibration.ok ? calibration.value : fail('unreachable');

for (const name of names) {
  const check = CHECKS[name];
  if (!check) fail(`${name}: no check for this scenario (add one to CHECKS)`);
  const json = JSON.parse(readFileSync(join(SCENARIOS, `${name}.json`), 'utf8')) as unknown;
  const scenario = parseSnookerScenario(json);
  if (!scenario.ok) fail(`${name}: ${scenario.ok ? '' : scenario.error.message}`);
  const s = scenario.ok ? scenario.value : fail('unreachable');
  const prepared = playClip(s);
  if (!prepared.ok) fail(`${name}: ${prepared.error.message}`);
  const { render: r, played, clip } = prepared.ok ? prepared.value : fail('unreachable');
  const truth = makeTruth(played, FPS, calibrationJson.ok ? calibrationJson.value : null);
  const stroke = truth.strokes[0] ?? fail(`${name}: no stroke`);
  const problem = check?.({
    table: s.table,
    calibration: cal,
    scenario: s,
    truth,
    stroke,
    clip,
  });
  if (problem) fail(`${name}: ${problem}`);
  // Every ball the truth lists is where a ball can be (touching a cushion allowed to 0.01 mm).
  for (const f of truth.frames)
    for (const b of f.balls)
      if (!isOnBed(s.table, pointMm(b.x, b.y), 0.01)) fail(`${name}: ${b.track} off the bed at t = ${f.t}`);
  const out = join('fixtures', name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const t0 = performance.now();
  const summary = await runSimulation({
    game: SNOOKER_SIM,
    scenarioJson: json,
    calibrationJson: calibrationJson.ok ? calibrationJson.value : null,
    calibration: cal,
    fps: FPS,
    out,
    mp4: true,
    png,
  });
  const size = (f: string): number => statSync(join(out, f)).size;
  process.stdout.write(
    `${name.padEnd(20)} ${String(summary.frames).padStart(4)} frames  ` +
      `clip.mp4 ${(size('clip.mp4') / 1e6).toFixed(2)} MB  truth.json ${(size('truth.json') / 1e6).toFixed(2)} MB  ` +
      `${summary.renderMs.toFixed(0)} ms/frame  ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
  if (name === README_PICTURE.fixture) {
    const renderer = createRenderer(cal, { ...rendererOverrides(s, r), noise: 0 });
    const t = (played.strokes[0]?.start ?? 0) + README_PICTURE.afterStrikeMs;
    mkdirSync(dirname(README_PICTURE.file), { recursive: true });
    writeFileSync(README_PICTURE.file, await encodePng(renderClipFrame(renderer, clip, t, 0), 9));
    process.stdout.write(`${README_PICTURE.file} (t = ${(t / 1000).toFixed(3)} s)\n`);
  }
}
