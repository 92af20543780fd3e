// `referee run` (docs/formats.md §5) on a live stream — a rendered clip looped at its own pace, as a
// camera delivers frames, dropping them when processing falls behind — and its failures: a source
// that dies or stalls ends the run with a clear error and a non-zero exit. (tests/run-cli.test.ts
// runs it on a folder of frames and a video cut mid-stroke, and refuses bad arguments.)
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutClip } from './helpers/fixtures.ts';
import { runReferee, startReferee, type CliResult } from './helpers/spawn.ts';

const ROOT = path.join(import.meta.dirname, '..');
const CALIBRATION = path.join(ROOT, 'calibration/demo.json');
const FIXTURE = path.join(ROOT, 'fixtures/in-off');
const truth = JSON.parse(readFileSync(path.join(FIXTURE, 'truth.json'), 'utf8')) as {
  strokes: { start: number; end: number; firstContact: string[]; potted: { id: string; pocket: string }[] }[];
};
const stroke = truth.strokes[0];
// The clip from its start to a little after every ball has stopped (the shot comes ~250 ms after).
const SECONDS = ((stroke?.end ?? 0) + 700) / 1000;

let dir: string;
let video: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'referee-run-'));
  video = path.join(dir, 'clip.mp4');
  cutClip(path.join(FIXTURE, 'clip.mp4'), video, { seconds: SECONDS });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Run the command with a stand-in for ffmpeg (ffprobe stays the real one) in front on PATH. */
const withFakeFfmpeg = (script: string, args: readonly string[]): Promise<CliResult> => {
  const bin = mkdtempSync(path.join(dir, 'bin-'));
  const fake = path.join(bin, 'ffmpeg');
  writeFileSync(fake, `#!/bin/sh\n${script}\n`);
  chmodSync(fake, 0o755);
  return runReferee(args, undefined, { PATH: `${bin}:${process.env['PATH'] ?? ''}` });
};

describe('referee run on a live stream', () => {
  it('a looped live source: strokes come out as they happen; frames dropped are counted; Ctrl-C ends it cleanly', async () => {
    const child = startReferee(['run', '--source', video, '--calibration', CALIBRATION, '--live', '--loop']);
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no shot in time; stderr: ${stderr.slice(-500)}`)),
        50_000,
      );
      child.stdout?.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (lines(stdout.slice(0, stdout.lastIndexOf('\n') + 1)).some((l) => l['type'] === 'ruling')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const events = lines(stdout);
    expect(events[0]).toMatchObject({ type: 'shot', firstContact: stroke?.firstContact });
    expect(events[0]?.['potted']).toEqual(stroke?.potted.map((p) => ({ id: p.id, pocket: p.pocket })));
    // Live: times come from the clock as frames arrive; every frame is counted, kept or dropped.
    const done = lines(
      stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .join('\n'),
    ).find((l) => l['msg'] === 'done');
    // The person who ran it gets one plain line beside the machine's log.
    expect(stderr.split('\n').filter((l) => !l.startsWith('{'))).toContainEqual(
      expect.stringMatching(/^referee run: \d+ frames in [\d.]+ s .*; [1-9]\d* strokes?: \d+ ruled/),
    );
    expect(done).toHaveProperty('dropped');
    expect(Number(done?.['frames']) + Number(done?.['dropped'])).toBeGreaterThan(100);
  });

  it('a source that dies: the error, what ffmpeg said, and exit 1', async () => {
    // Three black frames, then the connection drops.
    const frameBytes = 1920 * 1080 * 3;
    const r = await withFakeFfmpeg(
      `head -c ${3 * frameBytes} /dev/zero\necho "Connection reset by peer" >&2\nexit 1`,
      ['run', '--source', video, '--calibration', CALIBRATION, '--live'],
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/referee: source: .*Connection reset by peer/);
  });

  it('a source that stalls: no frame for the stall timeout, exit 1', async () => {
    const r = await withFakeFfmpeg('exec sleep 30', [
      'run',
      '--source',
      video,
      '--calibration',
      CALIBRATION,
      '--live',
      '--stall-timeout',
      '800',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/referee: source: .*no frame for 800 ms/);
  });
});
