// The source behind `referee serve`: the demo plays on a machine with no ffmpeg of its own (npm's
// binaries), and a source that cannot be opened says so — in /api/health, to the pages, once in the
// log — while it is retried with a growing pause.
import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cutClip } from './helpers/fixtures.ts';
import { startReferee, waitForOutput } from './helpers/spawn.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Health {
  source: { description: string; status?: { state: string; text: string } };
}

describe('referee serve with no ffmpeg on PATH', () => {
  it("plays the bundled demo through npm's ffmpeg: the source opens and frames come", async () => {
    // PATH holds only node: no ffmpeg, no ffprobe.
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, path.join(bin, 'node'));
    const db = path.join(dir, 'demo.sqlite');
    const child = startReferee(['serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--pin', '2468'], {
      PATH: bin,
      FFMPEG_PATH: '',
      FFPROBE_PATH: '',
      LOG_LEVEL: 'silent',
    });
    try {
      const [, url] = await waitForOutput(child, /serving on (http:\/\/localhost:\d+)/);
      const health = async (): Promise<Health> => (await (await fetch(`${url}/api/health`)).json()) as Health;
      await expect
        .poll(async () => (await health()).source.status?.state, { timeout: 60_000, interval: 500 })
        .toBe('playing');
      // Frames reach the views: the source is described as ffmpeg opened it, and the balls come.
      await expect
        .poll(async () => (await health()).source.description, { timeout: 30_000, interval: 500 })
        .toMatch(/^file .*clip\.mp4 \(1920×1080 at 60 fps/);
      const view = (await (await fetch(`${url}/api/view`)).json()) as { balls: unknown[] };
      expect(view).toHaveProperty('balls');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }, 120_000);
});

describe('a source that cannot be opened', () => {
  it('is retried with a growing pause, its reason logged once and shown as the status', async () => {
    const db = path.join(dir, 'missing.sqlite');
    const missing = path.join(dir, 'no-such-clip.mp4');
    const child = startReferee(
      ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--pin', '2468', '--source', missing],
      { LOG_LEVEL: 'info' },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const [, url] = await waitForOutput(child, /serving on (http:\/\/localhost:\d+)/);
      const status = async (): Promise<{ state: string; text: string; failures?: number } | undefined> =>
        ((await (await fetch(`${url}/api/health`)).json()) as Health).source.status as never;
      // The first failure, then the second after a 5 s pause; the next pause is 10 s.
      await expect.poll(async () => (await status())?.failures, { timeout: 30_000, interval: 250 }).toBe(2);
      const now = await status();
      expect(now?.state).toBe('retrying');
      expect(now?.text).toMatch(
        /^failed: --source: no such file, folder or device: .*no-such-clip\.mp4; retrying in (9|10) s$/,
      );
      const failures = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string; error?: string })
        .filter((r) => r.level >= 50);
      expect(failures).toHaveLength(1);
      expect(failures[0]?.error).toContain('no-such-clip.mp4');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }, 60_000);

  it('with --log-format pretty: one human line for the failure, and no JSON', async () => {
    const db = path.join(dir, 'pretty.sqlite');
    const missing = path.join(dir, 'no-such-clip.mp4');
    // The flag beats `auto`, which would pick json on this pipe.
    const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--pin', '2468'];
    const child = startReferee([...args, '--source', missing, '--log-format', 'pretty'], {
      LOG_LEVEL: 'info',
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await waitForOutput(
        child,
        /\d\d:\d\d:\d\d error: the source failed[^\n]*no-such-clip\.mp4[^\n]*\(failures=1, retryInS=5\)\n/,
      );
      expect(out.split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
      expect(out).toMatch(/^referee: Snooker, serving on http:/);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }, 60_000);
});

interface LogRecord {
  time: number;
  msg: string;
  source?: string;
}

/** Serve `source` (with `extra` arguments) until it ends: its 'playing' and 'ended' log records. */
const playToTheEnd = async (
  name: string,
  source: string,
  extra: readonly string[] = [],
): Promise<{ playing?: LogRecord | undefined; ended?: LogRecord | undefined }> => {
  const db = path.join(dir, `${name}.sqlite`);
  const args = ['serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--pin', '2468', ...extra];
  const child = startReferee([...args, '--source', source, '--calibration', 'calibration/demo.json'], {
    LOG_LEVEL: 'info',
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await waitForOutput(child, /"msg":"the source ended"/, 60_000);
    const log = out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogRecord);
    return {
      playing: log.find((r) => r.msg === 'the source is playing'),
      ended: log.find((r) => r.msg === 'the source ended'),
    };
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
};

describe('a video file given as the source', () => {
  it('plays at its own pace, as the camera that filmed it did', async () => {
    // Six seconds at 2 fps (12 frames): paced, the last comes 5.5 s after the first; unpaced, ffmpeg
    // decoded them all at once and the live source dropped those the pipeline had not yet taken
    // (1.8 s from the first frame taken to the end, at load 4).
    const clip = path.join(dir, 'paced.mp4');
    cutClip('fixtures/colour-pot/clip.mp4', clip, { seconds: 6, fps: 2 });
    const { playing, ended } = await playToTheEnd('paced', clip);
    expect(playing?.source).toMatch(/paced\.mp4 \(1920×1080 at 2 fps, live\)/);
    // 'playing' is logged when the pipeline takes its first frame, which the detector's warm-up
    // can delay by a second or so: the rest still take their 0.5 s each.
    expect((ended?.time ?? 0) - (playing?.time ?? 0)).toBeGreaterThan(4_000);
  }, 90_000);
});

describe('a folder of frames given as the source', () => {
  it('plays at its --fps, as a camera would, not as fast as the images decode', async () => {
    // Twelve 1080p frames at --fps 2: paced, the last comes 5.5 s after the first; unpaced (before),
    // all twelve were handed over as fast as sharp decoded them (2.4 s from the first taken to the end).
    const frames = path.join(dir, 'frames');
    mkdirSync(frames);
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-i', 'fixtures/colour-pot/clip.mp4', '-t', '6', '-r', '2'],
      ...['-frames:v', '12', path.join(frames, 'frame%02d.jpg')],
    ]);
    const { playing, ended } = await playToTheEnd('folder', frames, ['--fps', '2']);
    expect((ended?.time ?? 0) - (playing?.time ?? 0)).toBeGreaterThan(4_000);
    expect(playing?.source).toMatch(/frames \(12 images at 2 fps, paced\)/);
  }, 90_000);
});
