// Regenerates the fixture clips drawn by the second renderer (src/sim/alt) from our own physics, for
// tests/run-cli-alt-clips.test.ts (issue 14: through `referee run`, a green cut into a corner pocket
// on such a clip was ruled "the cue ball missed all object balls", and a green struck up the table
// gave first contact "none"). Each scenario below is played by src/sim (as scripts/make-fixtures.ts
// plays fixtures/scenarios), checked to do what its name says, and its truth's ball positions drawn
// by `renderAlt` on the dark forest-green cloth through the demo camera at 60 fps into
// fixtures/<name>/: clip.mp4 (H.264 through ffmpeg, as `referee simulate` writes it, a little more
// compressed) and truth.json (docs/formats.md §7, with the style it was drawn in). Everything comes
// from the seeds, so a rerun gives the same. The forest cloth, not the tournament or worn one: on a
// still frame of these scenes the vision of 901eb9d (the second renderer's first commit, before issue
// 14's vision work) missed the green on it and found it on the other two; through that commit's
// `referee run`, alt-green-up gave first contact none and "the cue ball missed all object balls"
// (alt-green-cut was ruled right there too).
//
//   npx tsx scripts/make-alt-fixtures.ts                    both clips
//   npx tsx scripts/make-alt-fixtures.ts alt-green-cut      one of them
//
// Kept small: the second renderer takes seconds a 1080p frame, so each clip ends half a second after
// the last ball comes to rest rather than the physics' full second of still table (the tracker calls
// a ball at rest after 100 ms still: src/tracking/motion.ts); a few balls, about 3 s of play.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile } from '../src/camera/index.ts';
import { runClipSimulation } from '../src/cli/simulate.ts';
import { ok } from '../src/core/errors.ts';
import type { ClipSimulator } from '../src/games/definition.ts';
import { altStyle, renderAlt, type AltVariant } from '../src/sim/alt/index.ts';
import { playClip } from '../src/sim/render/index.ts';
import { makeTruth, type TruthStroke } from '../src/sim/truth.ts';
import type { Table } from '../src/equipment/index.ts';
import { ALT_SNOOKER_PALETTE } from '../tests/helpers/alt-palette.ts';
import { loadCalibrationFile, parseSnookerScenario } from '../tests/helpers/games.ts';

const FPS = 60;
const CALIBRATION = 'calibration/demo.json';
/** Still table drawn after the last ball's rest, ms. */
const TAIL_MS = 500;
/**
 * x264's constant rate factor: the second renderer's sensor noise does not compress, so at the
 * fixtures' 18 these clips were 1.7 and 2.2 MB; at 24, 0.17 and 0.44 MB.
 */
const MP4_CRF = 24;

interface AltFixture {
  /** The scenario played (docs/formats.md §7). */
  readonly scenario: object;
  /** The second renderer's style it is drawn in, and the seed that varies it (and the sensor noise). */
  readonly variant: AltVariant;
  readonly seed: number;
  /** What the played stroke must show; a problem, or undefined. */
  readonly check: (s: TruthStroke) => string | undefined;
}

const OTHERS = [
  { id: 'yellow', x: 1181, y: 737 },
  { id: 'red', x: 1300, y: 2300 },
];

const FIXTURES: Record<string, AltFixture> = {
  // Issue 14's first: the green, near the bottom-left corner, cut in (about 20°) by a cue ball coming
  // down the table; the cue ball stops short of the bottom cushion.
  'alt-green-cut': {
    scenario: {
      table: 'snooker',
      balls: [{ id: 'cue', x: 471.5, y: 793.9 }, { id: 'green', x: 330, y: 420 }, ...OTHERS],
      strokes: [{ cue: { vx: -280.5, vy: -855.2 } }],
      seed: 14,
    },
    variant: 'forest',
    seed: 14_001,
    check: (s) =>
      s.firstContact.join() === 'green' &&
      s.potted.length === 1 &&
      s.potted[0]?.id === 'green' &&
      s.potted[0].pocket === 'BL'
        ? undefined
        : 'the green, struck first, is not the only ball potted, in the bottom-left pocket',
  },
  // Issue 14's second: the green on its spot struck up the table, a little off centre, by a cue ball
  // from baulk; nothing potted.
  'alt-green-up': {
    scenario: {
      table: 'snooker',
      balls: [{ id: 'cue', x: 607, y: 520 }, { id: 'green', x: 597, y: 737 }, ...OTHERS],
      strokes: [{ cue: { vx: 0, vy: 700 } }],
      seed: 14,
    },
    variant: 'forest',
    seed: 14_002,
    check: (s) => {
      if (s.firstContact.join() !== 'green') return `first contact ${s.firstContact.join() || 'none'}`;
      const green = s.rest.find((b) => b.id === 'green');
      return s.potted.length === 0 && green !== undefined && green.y > 737 + 300
        ? undefined
        : 'the green is potted, or does not go 300 mm up the table';
    },
  },
};

const fail = (message: string): never => {
  process.stderr.write(`make-alt-fixtures: ${message}\n`);
  process.exit(1);
};

const calibrationJson = readJsonFile(CALIBRATION);
const calibration = loadCalibrationFile(CALIBRATION);
const cal = calibration.ok ? calibration.value : fail(`cannot load ${CALIBRATION}`);
const wanted = process.argv.slice(2);

/** The fixture as a clip to draw: the physics' truth, up to TAIL_MS after the stroke's end. */
const simulator = (name: string, f: AltFixture): ClipSimulator<Table> => ({
  fps: FPS,
  prepare: (json) => {
    const scenario = parseSnookerScenario(json);
    if (!scenario.ok) return scenario;
    const played = playClip(scenario.value);
    if (!played.ok) return played;
    const truth = makeTruth(played.value.played, FPS, null);
    const stroke = truth.strokes[0] ?? fail(`${name}: no stroke`);
    const problem = f.check(stroke);
    if (problem) fail(`${name}: ${problem}`);
    const frames = truth.frames.filter((fr) => fr.t <= stroke.end + TAIL_MS);
    const style = altStyle(cal.table, f.variant, f.seed);
    return ok({
      times: frames.map((fr) => fr.t),
      frame: (k: number) => {
        const balls = frames[k]?.balls ?? fail(`${name}: no frame ${k}`);
        const { image } = renderAlt(cal, ALT_SNOOKER_PALETTE, balls, style, f.seed * 1000 + k);
        return Promise.resolve({ image, truth: { balls } });
      },
      truth: { strokes: truth.strokes, alt: { variant: f.variant, seed: f.seed } },
    });
  },
});

for (const [name, f] of Object.entries(FIXTURES)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const out = join('fixtures', name);
  const t0 = performance.now();
  const summary = await runClipSimulation({
    simulator: simulator(name, f),
    scenarioJson: f.scenario,
    calibrationJson: calibrationJson.ok ? calibrationJson.value : null,
    calibration: cal,
    fps: FPS,
    out,
    mp4: true,
    mp4Crf: MP4_CRF,
    png: false,
  });
  const size = (file: string): number => statSync(join(out, file)).size;
  process.stdout.write(
    `${name.padEnd(16)} ${String(summary.frames).padStart(4)} frames  ` +
      `clip.mp4 ${(size('clip.mp4') / 1e6).toFixed(2)} MB  truth.json ${(size('truth.json') / 1e6).toFixed(2)} MB  ` +
      `${summary.renderMs.toFixed(0)} ms/frame  ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
}
