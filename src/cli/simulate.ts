// `referee simulate --scenario s.json --calibration c.json [--fps 60] --out dir/ [--mp4]` (docs/formats.md
// §7): play a scenario's strokes, render every frame through the calibration's camera, and write
// dir/frames/000000.png …, dir/truth.json and, with --mp4, dir/clip.mp4 (through ffmpeg).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { readJsonFile, type Calibration } from '../camera/index.ts';
import { toolPath } from '../capture/binaries.ts';
import { CENTRED_CHROMA } from '../capture/ffmpeg.ts';
import { chooseGame, DEFAULT_GAME, GAME_IDS, loadCalibration } from '../games/registry.ts';
import type { SimGame } from '../sim/game.ts';
import type { RgbImage } from '../core/image.ts';
import type { ClipSimulator } from '../games/definition.ts';
import { CliError, describeError, type RefereeError } from '../core/errors.ts';
import { parseScenario } from '../sim/scenario.ts';
import { makeTruth, type TruthJson } from '../sim/truth.ts';
import {
  createRenderer,
  encodePng,
  playClip,
  rendererOverrides,
  renderClipFrame,
  type RendererOptions,
} from '../sim/render/index.ts';
import { onBed, type Surface, type Table } from '../equipment/index.ts';

export interface SimulationInput {
  /** The game played: its bed from the scenario's `table`, its opening layout, where a cue ball in hand goes. */
  readonly game: SimGame;
  /** The scenario (docs/formats.md §7) and the calibration as JSON, the latter copied into truth.json as given. */
  readonly scenarioJson: unknown;
  readonly calibrationJson: unknown;
  readonly calibration: Calibration<Table>;
  readonly fps: number;
  readonly out: string;
  readonly mp4?: boolean;
  /** H.264 quality of clip.mp4 (x264's constant rate factor: lower is better and bigger; 18 looks lossless). */
  readonly mp4Crf?: number;
  /** Write dir/frames/NNNNNN.png (default true; the fixtures keep only the mp4). */
  readonly png?: boolean;
  /** Only the frames from `fromMs` to `toMs` of clip time are rendered and listed in truth.json. */
  readonly fromMs?: number;
  readonly toMs?: number;
  /** zlib level of the PNGs, 0–9. */
  readonly pngCompression?: number;
  /** Renderer options beyond what the scenario sets (the scenario's own `render` wins). */
  readonly renderer?: Partial<RendererOptions>;
  readonly ffmpegPath?: string;
  /** PNG encodes in flight at once (sharp runs them on its own threads while the next frame renders). */
  readonly encodeAhead?: number;
  readonly progress?: (line: string) => void;
}

export interface SimulationSummary {
  readonly frames: number;
  readonly truth: TruthJson;
  /** Median time to render one frame (PNG encoding excluded), ms. */
  readonly renderMs: number;
}

const badInput = (what: string, e: RefereeError): CliError => new CliError(`${what}: ${describeError(e)}`, 2);

/** The output a clip is written to (SimulationInput's, without what makes the clip), over any surface. */
type ClipOutput = { readonly calibration: Calibration<Surface> } & Pick<
  SimulationInput,
  'fps' | 'out' | 'mp4' | 'mp4Crf' | 'png' | 'pngCompression' | 'ffmpegPath' | 'encodeAhead' | 'progress'
>;

/**
 * Draw frame after frame (`times`: each frame's clip time, ms) and write dir/frames/NNNNNN.png and, with
 * `mp4`, dir/clip.mp4 through ffmpeg; each frame's time to draw (ms), in order.
 */
const writeFrames = async (
  input: ClipOutput,
  times: readonly number[],
  draw: (k: number, t: number) => RgbImage | Promise<RgbImage>,
): Promise<number[]> => {
  const png = input.png ?? true;
  const dir = join(input.out, 'frames');
  mkdirSync(png ? dir : input.out, { recursive: true });
  const { width, height } = input.calibration.image;
  // Say up front what is about to be written: a few seconds of 1080p PNGs is a gigabyte.
  const pngBytes = png ? times.length * width * height * 1.4 : 0;
  input.progress?.(
    `rendering ${times.length} frames of ${width}×${height}` +
      (png
        ? ` as PNGs in ${dir} (about ${Math.round(pngBytes / 1e6)} MB${input.mp4 ? '; --no-png keeps only the mp4' : '; --mp4 --no-png writes a video instead'})`
        : '') +
      (input.mp4 ? `${png ? ' and' : ' as'} ${join(input.out, 'clip.mp4')}` : ''),
  );
  const ffmpeg = input.mp4
    ? spawn(
        toolPath('ffmpeg', input.ffmpegPath),
        [
          ['-y', '-loglevel', 'error'],
          [
            '-f',
            'rawvideo',
            '-pix_fmt',
            'rgb24',
            '-s',
            `${width}x${height}`,
            '-r',
            String(input.fps),
            '-i',
            '-',
          ],
          ['-c:v', 'libx264', '-preset', 'medium', '-crf', String(input.mp4Crf ?? 18), '-pix_fmt', 'yuv420p'],
          // Where its scaler put the colour (centred), said in the stream: decoded where it says.
          CENTRED_CHROMA,
          // x264's output is the same for the same frames only at the same thread count: fix it.
          ['-threads', '2'],
          [join(input.out, 'clip.mp4')],
        ].flat(),
        { stdio: ['pipe', 'ignore', 'pipe'] },
      )
    : undefined;
  let ffmpegError = '';
  ffmpeg?.stderr?.on('data', (d: Buffer) => (ffmpegError += d.toString()));
  const ffmpegExit = ffmpeg ? once(ffmpeg, 'close') : undefined;
  const spawnFailed = ffmpeg ? once(ffmpeg, 'error').then(([e]) => e as Error) : undefined;
  const pending = new Set<Promise<void>>();
  let writeError: string | undefined;
  const ahead = Math.max(1, input.encodeAhead ?? 4);
  const renderMs: number[] = [];
  let lastReport = -Infinity;
  for (const [k, t] of times.entries()) {
    const t0 = performance.now();
    const image = await draw(k, t);
    renderMs.push(performance.now() - t0);
    if (png) {
      const file = join(dir, `${String(k).padStart(6, '0')}.png`);
      const job: Promise<void> = encodePng(image, input.pngCompression ?? 6)
        .then((data) => writeFile(file, data))
        .catch((e: unknown) => {
          writeError ??= `cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`;
        })
        .then(() => {
          pending.delete(job);
        });
      pending.add(job);
      if (pending.size >= ahead) await Promise.race(pending);
      if (writeError) throw new CliError(writeError, 1);
    }
    if (ffmpeg?.stdin && !ffmpeg.stdin.write(image.data)) {
      const drained = once(ffmpeg.stdin, 'drain');
      const failed = await Promise.race([drained.then(() => undefined), spawnFailed]);
      if (failed) throw new CliError(`cannot run ffmpeg: ${failed.message}`, 1);
    }
    const now = performance.now();
    if (input.progress && (now - lastReport > 1000 || k === times.length - 1)) {
      lastReport = now;
      input.progress(`frame ${k + 1}/${times.length} (t = ${(t / 1000).toFixed(2)} s)`);
    }
  }
  await Promise.all(pending);
  if (writeError) throw new CliError(writeError, 1);
  if (ffmpeg && ffmpegExit && spawnFailed) {
    ffmpeg.stdin?.end();
    const result = await Promise.race([ffmpegExit.then(([code]) => code as number | null), spawnFailed]);
    if (result instanceof Error) throw new CliError(`cannot run ffmpeg: ${result.message}`, 1);
    if (result !== 0) throw new CliError(`ffmpeg failed (exit ${String(result)}): ${ffmpegError.trim()}`, 1);
  }
  return renderMs;
};

/** The middle of the times to draw a frame, ms. */
const median = (times: readonly number[]): number =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;

/** What a game's own simulator needs: the scenario, the camera, where to write. */
export interface ClipSimulationInput extends ClipOutput {
  readonly simulator: ClipSimulator;
  readonly scenarioJson: unknown;
  readonly calibrationJson: unknown;
}

/**
 * A game's own clip (`clipSim`, e.g. dominoes' round): its frames and truth.json `{ fps, calibration,
 * frames: [{ t, … }], …the game's truth }`; an invalid scenario is a CliError with exit code 2.
 */
export const runClipSimulation = async (
  input: ClipSimulationInput,
): Promise<{ readonly frames: number; readonly truth: object; readonly renderMs: number }> => {
  const clip = input.simulator.prepare(input.scenarioJson, input.calibration, input.fps);
  if (!clip.ok) throw badInput('scenario', clip.error);
  const frames: object[] = [];
  const times = await writeFrames(input, clip.value.times, async (k, t) => {
    const f = await clip.value.frame(k);
    frames.push({ t, ...f.truth });
    return f.image;
  });
  const truth = { fps: input.fps, calibration: input.calibrationJson, frames, ...clip.value.truth };
  writeFileSync(join(input.out, 'truth.json'), `${JSON.stringify(truth)}\n`);
  return { frames: frames.length, truth, renderMs: median(times) };
};

/** Play, render and write a scenario's clip; input errors are CliErrors with exit code 2. */
export const runSimulation = async (input: SimulationInput): Promise<SimulationSummary> => {
  const scenario = parseScenario(input.scenarioJson, input.game);
  if (!scenario.ok) throw badInput('scenario', scenario.error);
  const prepared = playClip(scenario.value);
  if (!prepared.ok) throw badInput('scenario', prepared.error);
  const { render, played, clip } = prepared.value;
  const full = makeTruth(played, input.fps, input.calibrationJson);
  const from = input.fromMs ?? -Infinity;
  const to = input.toMs ?? Infinity;
  const frames = full.frames.filter((f) => f.t >= from && f.t <= to);
  const truth: TruthJson = { ...full, frames };
  const renderer = createRenderer(input.calibration, {
    ...input.renderer,
    ...rendererOverrides(scenario.value, render),
  });
  const times = await writeFrames(
    input,
    frames.map((f) => f.t),
    (k, t) => renderClipFrame(renderer, clip, t, k),
  );
  writeFileSync(join(input.out, 'truth.json'), `${JSON.stringify(truth)}\n`);
  return { frames: frames.length, truth, renderMs: median(times) };
};

interface SimulateFlags {
  readonly scenario: string;
  readonly calibration: string;
  readonly fps?: string;
  readonly out: string;
  readonly mp4?: boolean;
  readonly png: boolean;
  readonly from?: string;
  readonly to?: string;
  readonly game?: string;
}

const positiveNumber = (flag: string, text: string): number => {
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0)
    throw new CliError(`${flag}: expected a positive number, got "${text}"`, 2);
  return v;
};

const milliseconds = (flag: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || v < 0)
    throw new CliError(`${flag}: expected milliseconds ≥ 0, got "${text}"`, 2);
  return v;
};

export const registerSimulate = (program: Command): void => {
  program
    .command('simulate')
    .description(
      'render a scenario through a calibration: frames, truth.json (and an mp4); see docs/formats.md',
    )
    .requiredOption(
      '--scenario <file>',
      'the scenario: table, balls, strokes, seed (and optional render options)',
    )
    .requiredOption('--calibration <file>', 'the camera (its table names the game)')
    .option(
      '--game <id>',
      `the game, where the calibration does not say: ${GAME_IDS.join(', ')} (default ${DEFAULT_GAME.id})`,
    )
    .option('--fps <n>', "frames per second (default: the game's, 60 for a game of balls)")
    .requiredOption('--out <dir>', 'where to write frames/, truth.json (and clip.mp4)')
    .option('--mp4', 'also write clip.mp4 through ffmpeg')
    .option('--no-png', 'with --mp4: keep only the video, not a PNG a frame (a 1080p PNG is about 3 MB)')
    .option('--from <ms>', 'render only from this clip time on')
    .option('--to <ms>', 'render only up to this clip time')
    .action(async (opts: SimulateFlags) => {
      const fromMs = milliseconds('--from', opts.from);
      const toMs = milliseconds('--to', opts.to);
      const scenarioJson = readJsonFile(opts.scenario);
      if (!scenarioJson.ok) throw badInput('--scenario', scenarioJson.error);
      const calibrationJson = readJsonFile(opts.calibration);
      if (!calibrationJson.ok) throw badInput('--calibration', calibrationJson.error);
      const calibration = loadCalibration(opts.calibration);
      if (!calibration.ok) throw badInput('--calibration', calibration.error);
      const game = chooseGame(opts.game, calibration.value);
      if (!game.ok) throw badInput('--game', game.error);
      const { sim, clipSim } = game.value;
      if (!opts.png && !opts.mp4)
        throw new CliError('--no-png: give --mp4 too, or nothing would be written', 2);
      const fps = positiveNumber('--fps', opts.fps ?? String(sim ? 60 : (clipSim?.fps ?? 60)));
      const progress = (line: string): void => void process.stderr.write(`referee simulate: ${line}\n`);
      // What both kinds of clip (a ball game's strokes, a tile game's round) are drawn from and into.
      const common = {
        png: opts.png,
        scenarioJson: scenarioJson.value,
        calibrationJson: calibrationJson.value,
        calibration: calibration.value,
        fps,
        out: opts.out,
        mp4: opts.mp4 === true,
        progress,
      };
      let summary: { frames: number; renderMs: number };
      const bed = onBed(calibration.value);
      if (sim) {
        if (!bed) throw new CliError(`--calibration: ${game.value.title} is played with balls on a bed`, 2);
        summary = await runSimulation({
          ...common,
          calibration: bed,
          game: sim,
          ...(fromMs === undefined ? {} : { fromMs }),
          ...(toMs === undefined ? {} : { toMs }),
        });
      } else {
        if (!clipSim) throw new CliError(`--game: ${game.value.title} has no simulator yet`, 2);
        if (fromMs !== undefined || toMs !== undefined)
          throw new CliError(`--from, --to: not for ${game.value.title}'s clips`, 2);
        summary = await runClipSimulation({ ...common, simulator: clipSim });
      }
      process.stderr.write(
        `referee simulate: wrote ${summary.frames} frames and truth.json to ${opts.out} ` +
          `(${summary.renderMs.toFixed(1)} ms a frame to draw)\n`,
      );
    });
};
