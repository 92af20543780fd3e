// Render a round of dominoes as a clip (issue 16 item 7): a round record (`referee rule`'s `round`:
// hands and moves), played by the rules engine, laid out as a chain (src/games/dominoes/layout.ts), each
// tile's arrival held for `--hold` frames, then each player's tiles laid face up in front of him for the
// count; drawn by the dominoes renderer through a calibration into `out/frames/*.png`, `out/clip.mp4`
// (ffmpeg) and `out/truth.json` (each tile move: who, which tile, the ends it left, its first frame).
// `--pause k:s` holds the table s seconds longer before the record's move k (a player over his clock).
//
//   npx tsx scripts/render-dominoes-round.ts --calibration calibration/dominoes.json \
//     --record fixtures/dominoes/fish-round.json --out .tmp/fish
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { readJsonFile } from '../src/camera/index.ts';
import { describeError } from '../src/core/errors.ts';
import {
  dominoesTableOf,
  parseRecord,
  placements,
  placeTile,
  playRound,
  startChain,
  type Ends,
  type Side,
} from '../src/games/dominoes/index.ts';
import { layChain, layHand, type Laid, type TileOnTable } from '../src/games/dominoes/layout.ts';
import { renderScene, type DominoesScene } from '../src/games/dominoes/sim/index.ts';
import { loadCalibration } from '../src/games/registry.ts';
import { encodePng } from '../src/sim/render/index.ts';

const program = new Command()
  .requiredOption('--calibration <file>', 'a dominoes calibration')
  .requiredOption('--record <file>', 'the round: { "game": "dominoes", "round": { "hands", "moves" } }')
  .option('--fps <n>', 'frames per second of the clip', (v) => Number(v), 2)
  .option('--hold <n>', 'frames each state of the table is held', (v) => Number.parseInt(v, 10), 4)
  .option('--seed <n>', 'the scene seed (cloth, noise)', (v) => Number.parseInt(v, 10), 5)
  .option('--pause <k:s>', "hold the table s seconds longer before the record's move k (the clock run over)")
  .requiredOption('--out <dir>', 'where to write frames/, clip.mp4 and truth.json')
  .parse();
const o = program.opts<{
  calibration: string;
  record: string;
  fps: number;
  hold: number;
  seed: number;
  pause?: string;
  out: string;
}>();

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};
const calibration = loadCalibration(o.calibration);
const c = calibration.ok ? calibration.value : fail(`calibration: ${describeError(calibration.error)}`);
const table = dominoesTableOf(c.table) ?? fail('calibration: not a dominoes table');
const json = readJsonFile(o.record);
const record = json.ok ? parseRecord(json.value) : json;
const r = record.ok ? record.value : fail(`record: ${describeError(record.error)}`);
const played = playRound(r.hands, r.moves);
const round = played.ok ? played.value : fail(`record: ${describeError(played.error)}`);
const pause = o.pause === undefined ? undefined : /^(\d+):(\d+(?:\.\d+)?)$/.exec(o.pause);
if (o.pause !== undefined && (!pause || Number(pause[1]) >= r.moves.length))
  fail(`--pause: expected k:s, k a move of the record (0 to ${r.moves.length - 1}), s seconds: ${o.pause}`);
const pauseBefore = pause ? Number(pause[1]) : -1;
const pauseFrames = pause ? Math.round(Number(pause[2]) * o.fps) : 0;

// Each tile's side as the engine plays it, and the ends it leaves.
const laid: Laid[] = [];
const moves: { player: number; tile: readonly number[]; ends: readonly number[]; frame: number }[] = [];
let ends: Ends | null = null;
const states: TileOnTable[][] = [[]];
// Frames each state is held: `hold`, the state before the paused move longer, the count twice as long.
const holds: number[] = [o.hold];
for (const [k, m] of r.moves.entries()) {
  if (k === pauseBefore) holds[holds.length - 1] = (holds.at(-1) ?? 0) + pauseFrames;
  if ('pass' in m) continue;
  if (ends === null) {
    ends = startChain(m.tile);
    laid.push({ tile: m.tile });
  } else {
    const side: Side = m.end ?? placements(ends, m.tile)[0]?.side ?? 'right';
    ends = placeTile(ends, m.tile, side) ?? ends;
    laid.push({ tile: m.tile, side });
  }
  moves.push({ player: m.player, tile: m.tile, ends, frame: holds.reduce((a, b) => a + b, 0) });
  states.push(layChain(table, laid));
  holds.push(o.hold);
}
const chain = states.at(-1) ?? [];
const hands = ([0, 1, 2, 3] as const).flatMap((p) => layHand(table, p, round.hands[p]));
states.push([...chain, ...hands]);
holds.push(2 * o.hold);

const frames = path.join(o.out, 'frames');
mkdirSync(frames, { recursive: true });
let n = 0;
for (const [i, tiles] of states.entries()) {
  const scene: DominoesScene = {
    seed: o.seed * 1000 + i,
    set: 'ivory',
    cloth: [28, 92, 52],
    light: { gain: 1, warmth: 0 },
    noise: 2,
    tiles: tiles.map((t) => ({ pips: t.pips, x: t.x, y: t.y, angle: t.angle, faceDown: false })),
    arms: [],
  };
  const rendered = await renderScene(c, table, scene);
  const first = path.join(frames, `${String(n).padStart(6, '0')}.png`);
  writeFileSync(first, await encodePng(rendered.image));
  n += 1;
  // The table held still: the same picture again.
  for (let k = 1; k < (holds[i] ?? o.hold); k++, n++)
    copyFileSync(first, path.join(frames, `${String(n).padStart(6, '0')}.png`));
  process.stderr.write(`state ${i + 1}/${states.length}\n`);
}
execFileSync('ffmpeg', [
  ...['-y', '-loglevel', 'error', '-framerate', String(o.fps), '-i', path.join(frames, '%06d.png')],
  ...[
    '-c:v',
    'libx264',
    '-crf',
    '30',
    '-preset',
    'slow',
    '-pix_fmt',
    'yuv420p',
    path.join(o.out, 'clip.mp4'),
  ],
]);
writeFileSync(
  path.join(o.out, 'truth.json'),
  `${JSON.stringify({ fps: o.fps, hold: o.hold, frames: n, moves, over: round.over }, null, 1)}\n`,
);
process.stdout.write(`${n} frames, ${moves.length} tile moves → ${o.out}\n`);
