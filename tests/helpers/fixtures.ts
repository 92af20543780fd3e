// The fixture clips' truth files (fixtures/<clip>/truth.json, written by scripts/make-fixtures.ts) and
// the JSON lines `referee run` writes, for the tests that run the chain on them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
