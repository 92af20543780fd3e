// The fixture clips' truth files (fixtures/<clip>/truth.json, written by scripts/make-fixtures.ts) and
// the JSON lines `referee run` writes, for the tests that run the chain on them; and a clip cut from a
// fixture, for the tests that need a part of one.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CENTRED_CHROMA } from '../../src/capture/ffmpeg.ts';
import { runReferee, type CliResult } from './spawn.ts';

export interface FixtureStroke {
  readonly firstContact: readonly string[];
  readonly potted: readonly { readonly id: string; readonly pocket: string }[];
  readonly offTable: readonly string[];
}

export interface FixtureTruth {
  readonly fps: number;
  readonly strokes: readonly FixtureStroke[];
  /** Every ball in every frame, mm (the first: where the clip starts). */
  readonly frames: readonly {
    readonly balls: readonly { readonly id: string; readonly x: number; readonly y: number }[];
  }[];
}

export const fixtureTruth = (clip: string): FixtureTruth =>
  JSON.parse(readFileSync(`fixtures/${clip}/truth.json`, 'utf8')) as FixtureTruth;

/** One object a line, blank lines skipped. */
export const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/**
 * `referee run` on a snooker fixture clip through the demo camera; played from `state` (a `--state`
 * entry, written to a file in `dir`) where one is given; `more`: further options.
 */
export const runSnookerClip = (
  clip: string,
  dir: string,
  state?: unknown,
  more: readonly string[] = [],
): Promise<CliResult> => {
  const file = path.join(dir, `${clip}.json`);
  if (state !== undefined) writeFileSync(file, JSON.stringify(state));
  return runReferee([
    'run',
    '--source',
    `fixtures/${clip}/clip.mp4`,
    '--calibration',
    'calibration/demo.json',
    ...(state !== undefined ? ['--state', file] : []),
    ...more,
  ]);
};

/**
 * Part of the clip `from` coded again as H.264 into `to` by the system's ffmpeg: from `start` s, for
 * `seconds`, at `fps` (frames dropped to it), each where given; nearly lossless (CRF 12), and saying
 * where its colour lies, as `referee simulate`'s clips do (CENTRED_CHROMA).
 */
export const cutClip = (
  from: string,
  to: string,
  part: { readonly start?: number; readonly seconds?: number; readonly fps?: number },
): void => {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', ...(part.start !== undefined ? ['-ss', String(part.start)] : []), '-i', from],
    ...(part.seconds !== undefined ? ['-t', part.seconds.toFixed(3)] : []),
    ...(part.fps !== undefined ? ['-r', String(part.fps)] : []),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p', ...CENTRED_CHROMA, to],
  ]);
};
