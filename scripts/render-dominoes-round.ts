// Render a round record as a small demo clip (issue 16 item 7): `referee simulate`'s dominoes clip
// (src/games/dominoes/sim/clip.ts; docs/formats.md §7) from a record file (`referee rule`'s input:
// `{ "game": "dominoes", "round": { "hands", "moves" } }`), written as out/clip.mp4 at a low quality
// (the fixtures are kept small) and out/truth.json, without a PNG a frame.
// `--pause k:s` holds the table s seconds longer before the record's move k (a player over his clock).
//
//   npx tsx scripts/render-dominoes-round.ts --calibration calibration/dominoes.json \
//     --record fixtures/dominoes/fish-round.json --out .tmp/fish
import { Command } from 'commander';
import { readJsonFile } from '../src/camera/index.ts';
import { runClipSimulation } from '../src/cli/simulate.ts';
import { describeError } from '../src/core/errors.ts';
import { dominoesSim } from '../src/games/dominoes/sim/index.ts';
import { loadCalibration } from '../src/games/registry.ts';

const o = new Command()
  .requiredOption('--calibration <file>', 'a dominoes calibration')
  .requiredOption('--record <file>', 'the round: { "game": "dominoes", "round": { "hands", "moves" } }')
  .option('--fps <n>', 'frames per second of the clip', (v) => Number(v), 2)
  .option('--hold <n>', 'frames each state of the table is held', (v) => Number.parseInt(v, 10), 4)
  .option('--seed <n>', 'the scene seed (cloth, noise)', (v) => Number.parseInt(v, 10), 5)
  .option('--pause <k:s>', "hold the table s seconds longer before the record's move k (the clock run over)")
  .option('--crf <n>', "x264's quality (lower is better and bigger)", (v) => Number.parseInt(v, 10), 30)
  .requiredOption('--out <dir>', 'where to write clip.mp4 and truth.json')
  .parse()
  .opts<{
    calibration: string;
    record: string;
    fps: number;
    hold: number;
    seed: number;
    pause?: string;
    crf: number;
    out: string;
  }>();

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
const calibration = loadCalibration(o.calibration);
if (!calibration.ok) fail(`--calibration: ${describeError(calibration.error)}`);
const calibrationJson = readJsonFile(o.calibration);
const record = readJsonFile(o.record);
if (!record.ok) fail(`--record: ${describeError(record.error)}`);
const pause = o.pause === undefined ? undefined : /^(\d+):(\d+(?:\.\d+)?)$/.exec(o.pause);
if (o.pause !== undefined && !pause) fail(`--pause: expected k:s (move k, s seconds): ${o.pause}`);
const { round } = (record.ok ? record.value : {}) as { round?: unknown };
const summary = await runClipSimulation({
  simulator: dominoesSim,
  scenarioJson: {
    seed: o.seed,
    round,
    hold: o.hold,
    ...(pause ? { pauses: [{ before: Number(pause[1]), seconds: Number(pause[2]) }] } : {}),
  },
  calibrationJson: calibrationJson.ok ? calibrationJson.value : null,
  calibration: calibration.ok ? calibration.value : fail('--calibration'),
  fps: o.fps,
  out: o.out,
  mp4: true,
  mp4Crf: o.crf,
  png: false,
  progress: (line) => process.stderr.write(`${line}\n`),
}).catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
process.stdout.write(`${summary.frames} frames → ${o.out}\n`);
