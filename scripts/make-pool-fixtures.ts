// Regenerates black-ball's committed fixtures: each scenario fixtures/scenarios/pool-*.json is played
// and rendered through the pool demo camera (calibration/pool-demo.json, 1080p) at 60 fps into
// fixtures/<name>/: clip.mp4 and truth.json (docs/formats.md §7). fixtures/<name>/expected.json (the
// rulings the scenario is meant to draw) is written by hand and checked against the truth by
// tests/games/blackball/scenarios.test.ts. Everything comes from the scenarios' seeds.
//
//   nice -n 10 npx tsx scripts/make-pool-fixtures.ts                      all of them
//   nice -n 10 npx tsx scripts/make-pool-fixtures.ts pool-legal-break     some of them
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile } from '../src/camera/index.ts';
import { runSimulation } from '../src/cli/simulate.ts';
import { blackball } from '../src/games/blackball/index.ts';
import type { SimGame } from '../src/sim/game.ts';
import { loadCalibrationFile } from '../tests/helpers/games.ts';

const CALIBRATION = 'calibration/pool-demo.json';
const SCENARIOS = 'fixtures/scenarios';
const FPS = 60;

const main = async (): Promise<void> => {
  const wanted = process.argv.slice(2);
  const names = readdirSync(SCENARIOS)
    .filter((f) => f.startsWith('pool-') && f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .filter((n) => wanted.length === 0 || wanted.includes(n));
  const calibration = loadCalibrationFile(CALIBRATION);
  const calibrationJson = readJsonFile(CALIBRATION);
  if (!calibration.ok || !calibrationJson.ok) throw new Error(`cannot read ${CALIBRATION}`);
  for (const name of names) {
    const scenario = readJsonFile(join(SCENARIOS, `${name}.json`));
    if (!scenario.ok) throw new Error(`cannot read ${name}`);
    const out = join('fixtures', name);
    const t0 = performance.now();
    const summary = await runSimulation({
      game: blackball.sim as SimGame,
      scenarioJson: scenario.value,
      calibrationJson: calibrationJson.value,
      calibration: calibration.value,
      fps: FPS,
      out,
      mp4: true,
      png: false,
    });
    const mb = (f: string): string => (statSync(join(out, f)).size / 1e6).toFixed(2);
    process.stdout.write(
      `${name.padEnd(22)} ${String(summary.frames).padStart(5)} frames  clip.mp4 ${mb('clip.mp4')} MB  ` +
        `truth.json ${mb('truth.json')} MB  ${summary.renderMs.toFixed(0)} ms/frame  ` +
        `${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
  }
};

await main();
