// Issue 14, real cameras: a camera's H.264 encoder sites its 4:2:0 colour samples as the standard has
// them (left, between two rows), and ffmpeg's default scaler takes them as centred whatever the
// stream says: a ball's colour came out half a pixel to the right of its picture (1.1 mm along the
// table at 1080p on demo's camera). Every source is now decoded where its encoder sited the colour
// (capture/ffmpeg.ts `chroma: 'sited'`, zimg's scaler): a camera live, and a camera's recording played
// as a file. ffmpeg's own encodes site their colour centred, and say so where they are written with
// CENTRED_CHROMA (our clips, `referee simulate`'s); a file of ffmpeg's that says left is opened with
// `chroma: 'centred'`. Here a red disc on a cyan ground, its centre off the pixel grid, is coded as a
// camera does and as ffmpeg does, and where its colour lands is measured against where it was drawn.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolPath } from '../src/capture/binaries.ts';
import { CENTRED_CHROMA, sitedChroma, type StreamFormat } from '../src/capture/ffmpeg.ts';
import { openSource, type Frame } from '../src/capture/index.ts';

const W = 192;
const H = 108;
const DISC = { u: 96.3, v: 54.4, r: 20 };
const GROUND = [60, 170, 200] as const;
const RED = [200, 30, 30] as const;

/** The disc drawn 4 × 4 supersampled: each pixel's share of it. */
const drawn = (): Uint8Array => {
  const data = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let inside = 0;
      for (let a = 0; a < 4; a++)
        for (let b = 0; b < 4; b++)
          if (Math.hypot(x + (a + 0.5) / 4 - 0.5 - DISC.u, y + (b + 0.5) / 4 - 0.5 - DISC.v) < DISC.r)
            inside++;
      const f = inside / 16;
      for (let k = 0; k < 3; k++)
        data[3 * (y * W + x) + k] = Math.round((GROUND[k] as number) * (1 - f) + (RED[k] as number) * f);
    }
  return data;
};

/** Where the red lies: the centroid of red over green, the measure of a colour and not of brightness. */
const redAt = (data: Uint8Array): { readonly u: number; readonly v: number } => {
  let s = 0;
  let su = 0;
  let sv = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = 3 * (y * W + x);
      const m = Math.max(0, (data[p] as number) - (data[p + 1] as number));
      s += m;
      su += m * x;
      sv += m * y;
    }
  return { u: su / s, v: sv / s };
};

let dir: string;
let truth: { readonly u: number; readonly v: number };
let camera: string;
let ours: string;
let untold: string;

/** The frame as H.264 from ffmpeg with `scale` (how its colour is sited), 12 frames at 30 fps. */
const encode = (file: string, scale: readonly string[]): void => {
  // prettier-ignore
  execFileSync(toolPath('ffmpeg'), [
    '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', '30',
    '-i', 'pipe:0', ...scale, '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-crf', '8', file,
  ], { input: Buffer.concat(Array.from({ length: 12 }, () => Buffer.from(drawn()))) });
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'referee-chroma-'));
  truth = redAt(drawn());
  camera = path.join(dir, 'camera.mp4');
  ours = path.join(dir, 'ours.mp4');
  untold = path.join(dir, 'untold.mp4');
  // A camera's encoder: its colour sited left, between two rows, as H.264 has it.
  encode(camera, [
    '-vf',
    'scale=out_h_chr_pos=0:out_v_chr_pos=128:flags=bicubic+full_chroma_inp+accurate_rnd',
  ]);
  // ffmpeg's default: its colour sited centred, and the stream says so (as our clips do)…
  encode(ours, CENTRED_CHROMA);
  // …or, not told, says left.
  encode(untold, []);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const firstFrame = async (file: string, chroma?: 'sited' | 'centred'): Promise<Frame> => {
  const r = await openSource(file, chroma ? { chroma } : {});
  if (!r.ok) throw new Error(r.error.message);
  try {
    for await (const item of r.value.frames()) if (item.kind === 'frame') return item;
  } finally {
    await r.value.close();
  }
  throw new Error(`no frame in ${file}`);
};

describe("a camera's colour lands where it was drawn", () => {
  it("a camera's stream, opened as a file is by default (a camera's recording): the red within 0.1 px of where it was drawn", async () => {
    const at = redAt((await firstFrame(camera)).data);
    expect(Math.abs(at.u - truth.u)).toBeLessThan(0.1);
    expect(Math.abs(at.v - truth.v)).toBeLessThan(0.1);
  });

  it("the same stream taken as centred (ffmpeg's default scaler): the red half a pixel to the right (why the siting matters)", async () => {
    const at = redAt((await firstFrame(camera, 'centred')).data);
    expect(at.u - truth.u).toBeGreaterThan(0.3);
  });

  it("a file of ffmpeg's own encoding that says its colour is centred (our clips): the red within 0.1 px of where it was drawn", async () => {
    const at = redAt((await firstFrame(ours)).data);
    expect(Math.abs(at.u - truth.u)).toBeLessThan(0.1);
    expect(Math.abs(at.v - truth.v)).toBeLessThan(0.1);
  });

  it("a file of ffmpeg's own encoding that says left: half a pixel to the left as it says, where it was drawn taken as centred", async () => {
    expect(redAt((await firstFrame(untold)).data).u - truth.u).toBeLessThan(-0.3);
    const at = redAt((await firstFrame(untold, 'centred')).data);
    expect(Math.abs(at.u - truth.u)).toBeLessThan(0.1);
    expect(Math.abs(at.v - truth.v)).toBeLessThan(0.1);
  });

  it.each<readonly [string, StreamFormat, string | undefined]>([
    [
      'H.264 that says nothing: left, BT.601, limited',
      { codec: 'h264', pixelFormat: 'yuv420p' },
      'zscale=chromalin=left:matrixin=170m:rangein=limited:filter=bilinear,format=gbrp',
    ],
    [
      "a USB camera's MJPEG: centred, full range",
      { codec: 'mjpeg', pixelFormat: 'yuvj422p' },
      'zscale=chromalin=center:matrixin=170m:rangein=full:filter=bilinear,format=gbrp',
    ],
    [
      'H.265 tagged BT.709, limited, top-left',
      {
        codec: 'hevc',
        pixelFormat: 'yuv420p10le',
        chromaLocation: 'topleft',
        colourSpace: 'bt709',
        colourRange: 'tv',
      },
      'zscale=chromalin=topleft:matrixin=709:rangein=limited:filter=bilinear,format=gbrp',
    ],
    [
      '4:4:4: every pixel its own colour, nothing to site',
      { codec: 'h264', pixelFormat: 'yuv444p' },
      undefined,
    ],
    ['RGB frames', { codec: 'png', pixelFormat: 'rgb24' }, undefined],
    [
      "H.264 tagged centred (ffmpeg's own, CENTRED_CHROMA): where ffmpeg's scaler puts it, no filter",
      { codec: 'h264', pixelFormat: 'yuv420p', chromaLocation: 'center' },
      undefined,
    ],
    [
      'H.264 tagged centred and BT.709: the matrix still to apply',
      { codec: 'h264', pixelFormat: 'yuv420p', chromaLocation: 'center', colourSpace: 'bt709' },
      'zscale=chromalin=center:matrixin=709:rangein=limited:filter=bilinear,format=gbrp',
    ],
  ])('%s', (_, format, filter) => {
    expect(sitedChroma(format)).toBe(filter);
  });
});
