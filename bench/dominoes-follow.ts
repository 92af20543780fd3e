// Dominoes play-following benchmark (issue 16: "play following on held-out rendered rounds: moves,
// passes and endings found"). Each round: a random legal round dealt and played from its seed
// (src/games/dominoes/sim/round.ts), rendered by `referee simulate`'s dominoes clip (2 fps, each state
// of the table held 4 frames, the first with the player's hand still over the tile he put down, then
// the hands laid face up for the count) through its own seeded overhead camera (as
// calibration/dominoes.json: 1080p, a metre or so up, a few degrees of tilt), in the ivory or the
// black set, under normal, dim or warm light; then `referee run --game dominoes` on the frames, the
// deal given as the referee enters it (`--state`: the hands, so forced passes are known) — the real
// tile detector in its worker, the follower, the session. Scored against the truth:
// - tile moves: each of the round's tiles logged as a move by the right player on the right end;
// - passes: each of the round's (forced) passes logged for the right player;
// - endings: the round's end (domino, fish, eggs) and its points as `referee rule` gives them, on the
//   score sheet of the `match` line;
// - false alerts: alert lines (the rounds hold no mishap, so every alert is false) and moves the
//   session refused.
// Reported apart for the ivory and the black set (the detector's known weakness is black tiles
// touching; another line of work, not this benchmark, tunes it).
//
// Held out: seeds from 31 000 001 (never used before; the follower's tests use synthetic detections
// and the three fixture rounds). Rendered rounds are cached in --cache.
//
// Run: nice -n 10 npx tsx bench/dominoes-follow.ts [--seed 31000001] [--rounds 8] [--cache /tmp/dominoes-follow]
//
// Results (seeds 31 000 001 … 31 000 010, 2026-12-02, `--rounds 10`; the detector as on main that day):
// - ivory set, 5 rounds (normal, dim, warm light; 1 domino, 4 fish, no eggs drawn): 91 of 91 tile moves
//   to the right player and end, 7 of 7 passes, 5 of 5 endings with the points `referee rule` gives,
//   no move logged wrong, no false alert, no move refused. The follower needed no fix.
// - black set, 5 rounds: not followed: 11 of 115 tile moves, 0 of 17 passes, 0 of 5 endings, 7 tile
//   moves logged to the wrong player (the one whose tile was missed), 77 false alerts. Every round's
//   first miss is the detector's: on the table that move left, the hand gone, it finds none or not all
//   of the black tiles touching in the chain (0 of 4, 0 of 2, 3 of 4, 0 of 2, 2 of 3) — its known
//   weakness, being worked on apart in src/games/dominoes/perception/. Run this again once it lands.
// - Again, with the black tiles found by their dividing line (perception/lines.ts) and the follower's
//   first tile oriented by the table, not by the detector's order of its halves (that order changed with
//   the new detector and put every later move of 31 000 001 and 004 on the wrong end): ivory unchanged
//   (91/91, 7/7, 5/5); black 103 of 115 tile moves, 13 of 17 passes, 2 of 5 rounds whole, 4 moves logged
//   to the wrong player, 23 false alerts; each of the 3 rounds not followed whole first misses a black
//   tile the detector does not find (31 000 002, 006, 008).
// - Fresh rounds, seeds 32 000 001 … 32 000 010 (never rendered before), before → after the face-down
//   rows (wip/domblack): ivory 107/107 tile moves, 9/9 passes, 5/5 whole, both; black 101/116 tile
//   moves both, 15/20 passes both, 3/5 → 2/5 rounds whole, 8 → 7 logged to the wrong player, 16 → 19
//   false alerts. With that branch's blank-half check the black rounds fell to 87/116 and 0/5 whole
//   (a blank half end to end in the chain shows no step past it): the check was undone.
// Fresh rounds 34 000 001–006 (rendered and run once, after wip/domprec): 138/138 tile moves, 20/20
// passes, 6/6 endings and points, 6/6 rounds whole, none logged wrong, no false alert.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { stringifyCalibration } from '../src/camera/calibration.ts';
import { runClipSimulation } from '../src/cli/simulate.ts';
import {
  dominoes,
  dominoesTableOf,
  isFaceDown,
  TileDetector,
  tileKey,
  type DominoesTable,
  type Tile,
} from '../src/games/dominoes/index.ts';
import { loadCalibration } from '../src/games/registry.ts';
import {
  CLOTHS,
  DEFAULT_DOMINOES_CAMERA,
  dominoesCamera,
  dominoesSim,
  type ClipMove,
} from '../src/games/dominoes/sim/index.ts';
import { makeRng } from '../src/sim/random.ts';
import { readFlags } from './flags.ts';

const { values, count } = readFlags({
  seed: { type: 'string', default: '31000001' },
  rounds: { type: 'string', default: '8' },
  cache: { type: 'string', default: '/tmp/dominoes-follow' },
  verbose: { type: 'boolean', default: false },
});
const SEED = count('seed');
const ROUNDS = count('rounds');
const CACHE = String(values.cache);
const ROOT = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

const LIGHTS = {
  normal: { gain: 1, warmth: 0 },
  dim: { gain: 0.5, warmth: 0.2 },
  warm: { gain: 0.85, warmth: 0.9 },
} as const;
type Light = keyof typeof LIGHTS;

interface FrameTruth {
  readonly tiles: readonly { pips: Tile; x: number; y: number }[];
}

interface Truth {
  readonly frames: readonly FrameTruth[];
  readonly round: { readonly hands: Tile[][] };
  readonly moves: readonly ClipMove[];
  readonly ruling: { over: string | null; eggs: boolean; winner: number | null; points: number };
}

interface Line {
  readonly type: string;
  readonly move?: { player: number; tile?: Tile; end?: string; pass?: true };
  readonly error?: string;
  readonly kind?: string;
  readonly message?: string;
  readonly sheet?: { over: string | null; eggs: boolean; winner: number | null; points: number }[];
}

const spec = dominoes.parseTable('dominoes');
if (!spec.ok) throw new Error('no dominoes table');
const bed = spec.value;
const table = dominoesTableOf(bed) as DominoesTable;
/** Frames each state of the table is held. */
const HOLD = 4;

/** Render round `seed` (or take it from the cache): its folder, with frames/, truth.json and the camera. */
const rendered = async (seed: number, set: 'ivory' | 'black', light: Light): Promise<string> => {
  const dir = path.join(CACHE, String(seed));
  if (existsSync(path.join(dir, 'truth.json'))) return dir;
  const rng = makeRng(seed);
  const calibration = dominoesCamera(rng, DEFAULT_DOMINOES_CAMERA, { table: bed, tableSpec: 'dominoes' });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'calibration.json'), stringifyCalibration(calibration));
  const cloth = CLOTHS[rng.int(0, CLOTHS.length)] ?? CLOTHS[0];
  await runClipSimulation({
    simulator: dominoesSim,
    scenarioJson: {
      seed,
      hold: HOLD,
      render: { set, light: LIGHTS[light], cloth, noise: rng.uniform(1, 3), arms: true },
    },
    calibrationJson: JSON.parse(stringifyCalibration(calibration)) as unknown,
    calibration,
    fps: dominoesSim.fps,
    out: dir,
    png: true,
    pngCompression: 1,
  });
  return dir;
};

interface Score {
  tiles: number;
  tilesRight: number;
  passes: number;
  passesRight: number;
  endingRight: boolean;
  ending: string;
  falseAlerts: number;
  refused: number;
  /** Tile moves logged to the wrong player or end (a move that is not the round's). */
  wrong: number;
  /** The first tile move not followed right, if any. */
  firstMiss: Extract<ClipMove, { tile: Tile }> | undefined;
  notes: string[];
}

const score = (truth: Truth, lines: readonly Line[]): Score => {
  const said = lines.filter((l) => l.type === 'move');
  const s: Score = {
    tiles: 0,
    tilesRight: 0,
    passes: 0,
    passesRight: 0,
    endingRight: false,
    ending: truth.ruling.over === 'blocked' ? (truth.ruling.eggs ? 'eggs' : 'fish') : 'domino',
    falseAlerts: 0,
    refused: said.filter((l) => l.error !== undefined).length,
    firstMiss: undefined,
    wrong: 0,
    notes: [],
  };
  const logged = said.filter((l) => l.error === undefined);
  // Matched in order: the k-th pass of a player with his k-th pass logged, each tile with its own move.
  const passesOf = new Map<number, number>();
  for (const m of truth.moves) {
    if ('pass' in m) {
      s.passes += 1;
      const k = passesOf.get(m.player) ?? 0;
      passesOf.set(m.player, k + 1);
      const found = logged.filter((l) => l.move?.pass && l.move.player === m.player).length > k;
      if (found) s.passesRight += 1;
      else s.notes.push(`pass of player ${m.player} (move at frame ${m.frame}) not logged`);
      continue;
    }
    s.tiles += 1;
    const line = logged.find((l) => l.move?.tile && tileKey(l.move.tile) === tileKey(m.tile));
    const right = line?.move?.player === m.player && (line.move.end ?? null) === (m.end ?? null);
    if (right) s.tilesRight += 1;
    else {
      s.firstMiss ??= m;
      if (line) s.wrong += 1;
      s.notes.push(
        `[${m.tile.join(', ')}] by ${m.player} on ${m.end ?? 'the start'} (frame ${m.frame}): ` +
          (line?.move ? `logged by ${line.move.player} on ${line.move.end ?? 'the start'}` : 'not logged'),
      );
    }
  }
  for (const l of lines.filter((x) => x.type === 'alert')) {
    s.falseAlerts += 1;
    s.notes.push(`alert ${l.kind}: ${l.message}`);
  }
  for (const l of said.filter((x) => x.error !== undefined))
    s.notes.push(`refused ${JSON.stringify(l.move)}: ${l.error}`);
  const sheet = lines.at(-1)?.sheet?.[0];
  const r = truth.ruling;
  s.endingRight =
    sheet !== undefined &&
    sheet.over === r.over &&
    sheet.eggs === r.eggs &&
    sheet.winner === r.winner &&
    sheet.points === r.points;
  if (!s.endingRight)
    s.notes.push(`ending ${JSON.stringify(r)}; score sheet ${JSON.stringify(sheet ?? null)}`);
  return s;
};

/**
 * Whose fault the first miss is: the tile detector run on the last frame the table lies as that move
 * left it (the hand gone): how many of the chain's tiles it finds there, pips right, within 12 mm.
 * Fewer than all: the detector lost the chain, and the follower could not follow what it was not shown.
 */
const diagnose = async (dir: string, truth: Truth, m: ClipMove): Promise<string> => {
  const f = Math.min(m.frame + HOLD - 1, truth.frames.length - 1);
  const calibration = loadCalibration(path.join(dir, 'calibration.json'));
  if (!calibration.ok) return 'no calibration';
  const file = path.join(dir, 'frames', `${String(f).padStart(6, '0')}.png`);
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const seen = new TileDetector(calibration.value, table).detect({
    width: info.width,
    height: info.height,
    data: new Uint8Array(data),
  });
  if (!seen.ok) return `the detector failed: ${seen.error.message}`;
  const want = truth.frames[f]?.tiles ?? [];
  const found = want.filter((t) =>
    seen.value.tiles.some(
      (d) =>
        !isFaceDown(d) &&
        tileKey(d.pips as Tile) === tileKey(t.pips) &&
        Math.hypot(d.x - t.x, d.y - t.y) <= 12,
    ),
  );
  return found.length === want.length
    ? `frame ${f}: the detector finds all ${want.length} tiles: a fault of following`
    : `frame ${f}: the detector finds ${found.length} of the ${want.length} tiles on the table (${seen.value.tiles.length} detections): a fault of detection`;
};

const results: { seed: number; set: string; light: Light; score: Score; fault?: string }[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const seed = SEED + i;
  const set = i % 2 === 0 ? 'ivory' : 'black';
  const light = (['normal', 'dim', 'warm'] as const)[Math.floor(i / 2) % 3] ?? 'normal';
  const t0 = performance.now();
  const dir = await rendered(seed, set, light);
  const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as Truth;
  const leader = truth.moves[0]?.player ?? 0;
  const state = path.join(dir, 'deal.json');
  writeFileSync(state, JSON.stringify([{ type: 'deal', leader, hands: truth.round.hands }]));
  const t1 = performance.now();
  const out = await run(
    'nice',
    [
      ...['-n', '10', process.execPath],
      ...[
        path.join(ROOT, 'bin', 'referee.js'),
        ...[
          'run',
          '--game',
          'dominoes',
          '--source',
          path.join(dir, 'frames'),
          '--fps',
          String(dominoesSim.fps),
        ],
        ...['--calibration', path.join(dir, 'calibration.json'), '--state', state],
      ],
    ],
    { cwd: ROOT, maxBuffer: 64 << 20 },
  ).catch((e: unknown) => {
    const failed = e as { stdout?: string; stderr?: string };
    process.stdout.write(`${seed}: referee run failed: ${failed.stderr ?? String(e)}\n`);
    return { stdout: failed.stdout ?? '' };
  });
  const lines = out.stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Line);
  const s = score(truth, lines);
  const fault = s.firstMiss ? await diagnose(dir, truth, s.firstMiss) : undefined;
  results.push({ seed, set, light, score: s, ...(fault ? { fault } : {}) });
  process.stdout.write(
    `${seed} ${set} ${light}: tiles ${s.tilesRight}/${s.tiles}, passes ${s.passesRight}/${s.passes}, ` +
      `${s.ending} ${s.endingRight ? 'right' : 'WRONG'}, ${s.wrong} logged wrong, ${s.falseAlerts} false alerts, ${s.refused} refused ` +
      `(render ${((t1 - t0) / 1000).toFixed(0)} s, run ${((performance.now() - t1) / 1000).toFixed(0)} s)\n`,
  );
  if (fault) process.stdout.write(`    first miss, ${fault}\n`);
  if (values.verbose) for (const n of s.notes) process.stdout.write(`    ${n}\n`);
  else if (s.notes.length > 0)
    process.stdout.write(
      `    ${s.notes.slice(0, 6).join('\n    ')}${s.notes.length > 6 ? `\n    … ${s.notes.length - 6} more` : ''}\n`,
    );
}

const sum = (set: string | null, f: (s: Score) => number): number =>
  results.filter((r) => set === null || r.set === set).reduce((n, r) => n + f(r.score), 0);
for (const set of ['ivory', 'black', null]) {
  const rounds = results.filter((r) => set === null || r.set === set).length;
  process.stdout.write(
    `${set ?? 'all'} (${rounds} rounds): tile moves right ${sum(set, (s) => s.tilesRight)}/${sum(set, (s) => s.tiles)}, ` +
      `passes found ${sum(set, (s) => s.passesRight)}/${sum(set, (s) => s.passes)}, ` +
      `endings and points right ${sum(set, (s) => (s.endingRight ? 1 : 0))}/${rounds}, ` +
      `rounds followed whole ${sum(set, (s) => (s.tilesRight === s.tiles && s.passesRight === s.passes && s.endingRight && s.falseAlerts === 0 && s.refused === 0 ? 1 : 0))}/${rounds}, ` +
      `tile moves logged wrong ${sum(set, (s) => s.wrong)}, false alerts ${sum(set, (s) => s.falseAlerts)}, ` +
      `moves refused ${sum(set, (s) => s.refused)}, first misses the detector's ${results.filter((r) => (set === null || r.set === set) && r.fault?.includes('detection')).length} ` +
      `of ${results.filter((r) => (set === null || r.set === set) && r.fault !== undefined).length}\n`,
  );
}
