import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  openSource,
  SourceFailure,
  wallClock,
  type FrameSource,
  type SourceItem,
} from '../src/capture/index.ts';
import { toolPath } from '../src/capture/binaries.ts';
import { CENTRED_CHROMA } from '../src/capture/ffmpeg.ts';

let dir: string;
let video: string;
let frames: string;

const W = 64;
const H = 48;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'referee-capture-'));
  video = path.join(dir, 'clip.mp4');
  // 12 frames of ffmpeg's test pattern at 30 fps (the system's ffmpeg, else npm's)
  execFileSync(toolPath('ffmpeg'), [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${W}x${H}:rate=30`,
    '-frames:v',
    '12',
    '-pix_fmt',
    'yuv420p',
    ...CENTRED_CHROMA,
    video,
  ]);
  frames = path.join(dir, 'frames');
  mkdirSync(frames);
  for (const i of [0, 1, 2, 10]) {
    await sharp({ create: { width: W, height: H, channels: 3, background: { r: i * 20, g: 100, b: 50 } } })
      .png()
      .toFile(path.join(frames, `frame${i}.png`));
  }
  writeFileSync(path.join(frames, 'frame3.png'), 'this is not a png');
  writeFileSync(path.join(frames, 'notes.txt'), 'ignored');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const collect = async (source: FrameSource, limit = Infinity): Promise<SourceItem[]> => {
  const out: SourceItem[] = [];
  for await (const item of source.frames()) {
    out.push(item);
    if (out.length >= limit) break;
  }
  return out;
};

const opened = async (spec: string, options = {}): Promise<FrameSource> => {
  const r = await openSource(spec, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('a folder of numbered images', () => {
  it('plays the images in numeric order at the given fps, an unreadable one as a per-frame error', async () => {
    const source = await opened(frames, { fps: 50 });
    const items = await collect(source);
    expect(items.map((i) => i.name)).toEqual([
      'frame0.png',
      'frame1.png',
      'frame2.png',
      'frame3.png',
      'frame10.png',
    ]);
    expect(items.map((i) => i.t)).toEqual([0, 20, 40, 60, 80]);
    const bad = items[3];
    expect(bad?.kind).toBe('error');
    if (bad?.kind === 'error') expect(bad.error.code).toBe('BAD_FRAME');
    const last = items[4];
    if (last?.kind !== 'frame') throw new Error('expected a frame');
    expect([last.width, last.height, last.data.length]).toEqual([W, H, W * H * 3]);
    expect(last.data[0]).toBe(200); // red channel of frame10's colour
    expect(source.stats()).toEqual({ delivered: 5, dropped: 0 });
  });

  it('paced (serve): each image handed over at its time, as a camera would, not as fast as it decodes', async () => {
    // 5 images at 4 fps: the last at 1 s. Unpaced (before), serve had all five within a few ms and
    // its live pipeline dropped what it had not yet taken.
    const source = await opened(frames, { fps: 4, realtime: true });
    expect(source.description).toMatch(/5 images at 4 fps, paced\)$/);
    const t0 = wallClock();
    const items = await collect(source);
    // None handed over before its time after reading began (a timer may fire a millisecond early).
    const late = items.map((i) => (i.kind === 'frame' ? i.receivedAt : t0 + i.t) - t0 - i.t);
    expect(late.every((ms) => ms >= -2)).toBe(true);
    expect(items.map((i) => i.t)).toEqual([0, 250, 500, 750, 1000]);
  });

  it('paced, closed while waiting for the next image: ends at once', async () => {
    const source = await opened(frames, { fps: 0.5, realtime: true });
    const t0 = performance.now();
    const items: SourceItem[] = [];
    const reading = (async () => {
      for await (const item of source.frames()) items.push(item);
    })();
    await expect.poll(() => items.length).toBe(1);
    await source.close();
    await reading;
    // The next image was 2 s away.
    expect(items).toHaveLength(1);
    expect(performance.now() - t0).toBeLessThan(1_900);
  });

  it('an empty or missing folder is a clear error naming --source', async () => {
    const empty = path.join(dir, 'empty');
    mkdirSync(empty, { recursive: true });
    const r = await openSource(empty);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'SOURCE_FAILED', field: '--source' });
    const missing = await openSource(path.join(dir, 'nope'));
    if (!missing.ok) expect(missing.error.code).toBe('NOT_FOUND');
    expect(missing.ok).toBe(false);
  });
});

describe('a video file through ffmpeg', () => {
  it('delivers every frame, in order, with times from the frame rate, never dropping', async () => {
    const source = await opened(video);
    expect(source.fps).toBe(30);
    expect(source.live).toBe(false);
    const items = await collect(source);
    expect(items).toHaveLength(12);
    expect(items.every((i) => i.kind === 'frame' && i.data.length === W * H * 3)).toBe(true);
    expect(items.map((i) => Math.round(i.t))).toEqual([
      0, 33, 67, 100, 133, 167, 200, 233, 267, 300, 333, 367,
    ]);
    expect(source.stats()).toEqual({ delivered: 12, dropped: 0 });
  });

  it('a file that is not a video is refused at open, naming the file', async () => {
    const junk = path.join(dir, 'junk.mp4');
    writeFileSync(junk, 'not a video');
    const r = await openSource(junk);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('junk.mp4');
  });

  it('a file slow to decode on a busy machine (6 s to its first frame) is not taken for a stalled source', async () => {
    const fake = path.join(dir, 'slow-ffmpeg.sh');
    writeFileSync(fake, `#!/bin/sh\nsleep 6\nexec "${toolPath('ffmpeg')}" "$@"\n`);
    chmodSync(fake, 0o755);
    const source = await opened(video, { ffmpegPath: fake });
    expect(source.live).toBe(false);
    expect(await collect(source)).toHaveLength(12);
  }, 30_000);
});

describe('a live stream (the file looped at its own pace, as a camera would deliver it)', () => {
  it('drops frames rather than lag when processing falls behind, and counts them', async () => {
    const source = await opened(video, { live: true, loop: true });
    const seen: number[] = [];
    for await (const item of source.frames()) {
      seen.push(item.index);
      await new Promise((r) => setTimeout(r, 120)); // a consumer four frames slow
      if (seen.length >= 5) break;
    }
    await source.close();
    expect(source.stats().dropped).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeGreaterThan(seen.length); // it skipped ahead to the newest frames
  });

  it('a source that stalls ends with SOURCE_STALLED and ffmpeg is reaped', async () => {
    const fake = path.join(dir, 'stalling-ffmpeg.sh');
    writeFileSync(fake, '#!/bin/sh\nexec sleep 30\n');
    chmodSync(fake, 0o755);
    const source = await opened(video, { live: true, stallTimeoutMs: 300, ffmpegPath: fake });
    await expect(collect(source)).rejects.toMatchObject({ error: { code: 'SOURCE_STALLED' } });
  });

  it('a source that dies mid-frame ends with SOURCE_FAILED and what ffmpeg said', async () => {
    const fake = path.join(dir, 'dying-ffmpeg.sh');
    writeFileSync(fake, '#!/bin/sh\nhead -c 100 /dev/zero\necho "Connection reset by peer" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    const source = await opened(video, { live: true, ffmpegPath: fake });
    const failure = await collect(source).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SourceFailure);
    expect((failure as SourceFailure).error).toMatchObject({ code: 'SOURCE_FAILED' });
    expect((failure as SourceFailure).message).toContain('Connection reset by peer');
  });
});
