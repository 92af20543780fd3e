// Draw a dominoes scene (issue 16, item 2): a scene file, or a seeded layout, through a calibration
// into `out/frame.png` and `out/truth.json` (each tile's pips, halves' centres, face up or down, and the
// share of each half the camera sees).
//
//   npx tsx scripts/render-dominoes.ts --calibration calibration/dominoes.json --scene s.json --out dir/
//   npx tsx scripts/render-dominoes.ts --calibration calibration/dominoes.json --seed 7 --layout chain --out dir/
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { readJsonFile } from '../src/camera/index.ts';
import { describeError } from '../src/core/errors.ts';
import { dominoesTableOf } from '../src/games/dominoes/index.ts';
import {
  LAYOUTS,
  parseScene,
  randomScene,
  renderScene,
  type Layout,
} from '../src/games/dominoes/sim/index.ts';
import { loadCalibration } from '../src/games/registry.ts';
import { encodePng } from '../src/sim/render/index.ts';

const program = new Command()
  .requiredOption('--calibration <file>', 'a dominoes calibration')
  .option('--scene <file>', 'the scene (JSON)')
  .option('--seed <n>', 'a seeded layout instead of a scene file', (v) => Number.parseInt(v, 10))
  .option('--layout <kind>', `the seeded layout: ${LAYOUTS.join(', ')}`, 'chain')
  .requiredOption('--out <dir>', 'where to write frame.png and truth.json')
  .parse();
const o = program.opts<{ calibration: string; scene?: string; seed?: number; layout: string; out: string }>();

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
const calibration = loadCalibration(o.calibration);
if (!calibration.ok) fail(`calibration: ${describeError(calibration.error)}`);
const c = calibration.ok ? calibration.value : fail('');
const table = dominoesTableOf(c.table) ?? fail('calibration: not a dominoes table');
let scene;
if (o.scene !== undefined) {
  const json = readJsonFile(o.scene);
  const parsed = json.ok ? parseScene(json.value) : json;
  scene = parsed.ok ? parsed.value : fail(`scene: ${describeError(parsed.error)}`);
} else {
  if (!(LAYOUTS as readonly string[]).includes(o.layout)) fail(`--layout: one of ${LAYOUTS.join(', ')}`);
  scene = randomScene(o.seed ?? 1, o.layout as Layout, table);
}
const rendered = await renderScene(c, table, scene);
mkdirSync(o.out, { recursive: true });
writeFileSync(path.join(o.out, 'frame.png'), await encodePng(rendered.image));
writeFileSync(
  path.join(o.out, 'truth.json'),
  `${JSON.stringify({ scene, tiles: rendered.tiles }, null, 1)}\n`,
);
process.stdout.write(`${rendered.tiles.length} tiles → ${o.out}\n`);
