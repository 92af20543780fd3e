// A frame as a streamer's viewers (and a referee reading the stream) get it: through a video encoder
// (issue 14's "H.264 artefacts"). The frame is coded by x264 (the static ffmpeg npm installed with the
// project) as a P-frame after a previous frame that differs from it only by its sensor noise, as a
// still table streamed gives, then decoded: the chroma halved both ways (yuv420p), 4x4 and 8x8
// transform blocks in 16x16 macroblocks quantised at a low bitrate, and the areas x264 skips showing
// the previous frame's noise, smeared. Apart from the renderer, as JPEG is (jpeg.ts): the encoder is
// a process of its own, and a variant's stream is given beside its style, as its camera is.
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { spawn } from 'node:child_process';
import type { RgbImage } from '../../core/image.ts';
import { makeRng } from '../random.ts';
import type { AltVariant } from './style.ts';

/** How a variant's frames are streamed. */
export interface AltStream {
  /** x264's constant rate factor (0…51; higher: fewer bits, coarser). */
  readonly crf: number;
  /**
   * The previous frame's difference from this one: fresh sensor noise, standard deviation in 8-bit
   * levels (two frames' independent noise of σ differ by √2 σ).
   */
  readonly previousNoise: number;
}

/** The bytes of each coded frame and the decoded last frame. */
export interface StreamedFrame {
  readonly image: RgbImage;
  /** The H.264 stream's size, bytes: the previous frame (an I-frame) and this one (a P-frame) together. */
  readonly bytes: number;
}

// Fixed flags, one thread, so that the same input gives the same bytes: a streamer's usual x264 preset
// (OBS's veryfast), no B-frames (a live stream's low latency), the colour conversion's rounding fixed.
const SWS = ['-sws_flags', 'bilinear+accurate_rnd'];
const X264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-bf', '0', '-g', '250'];

const run = (args: readonly string[], input: Uint8Array): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const p = spawn(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-threads', '1', ...args]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on('data', (b: Buffer) => out.push(b));
    p.stderr.on('data', (b: Buffer) => err.push(b));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited ${String(code)}: ${Buffer.concat(err).toString()}`));
    });
    p.stdin.on('error', reject);
    p.stdin.end(input);
  });

/**
 * The frame with sensor noise of its own (σ levels a channel, drawn by `seed`), clamped to 0…255: the
 * next frame of a still table.
 */
export const withFreshNoise = (image: RgbImage, sigma: number, seed: number): RgbImage => {
  const rng = makeRng(seed);
  const data = new Uint8Array(image.data.length);
  for (let k = 0; k < data.length; k++)
    data[k] = Math.min(255, Math.max(0, Math.round((image.data[k] as number) + rng.normal(0, sigma))));
  return { width: image.width, height: image.height, data };
};

/**
 * The frame after an H.264 round trip as `stream` says, coded as a P-frame after its previous frame
 * (drawn by `seed`). Deterministic: the same frame, stream and seed give the same pixels.
 */
export const h264RoundTrip = async (
  image: RgbImage,
  stream: AltStream,
  seed: number,
): Promise<StreamedFrame> => {
  const { width, height } = image;
  const size = width * height * 3;
  const both = new Uint8Array(2 * size);
  both.set(withFreshNoise(image, stream.previousNoise, seed).data, 0);
  both.set(image.data, size);
  const raw = ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', '30'];
  const coded = await run(
    [
      ...raw,
      '-i',
      'pipe:0',
      ...SWS,
      '-pix_fmt',
      'yuv420p',
      ...X264,
      '-crf',
      String(stream.crf),
      '-f',
      'h264',
      'pipe:1',
    ],
    both,
  );
  const decoded = await run(
    ['-f', 'h264', '-i', 'pipe:0', ...SWS, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    coded,
  );
  if (decoded.length !== 2 * size)
    throw new Error(`h264 round trip: ${decoded.length} bytes decoded, not ${2 * size}`);
  const data = new Uint8Array(size);
  data.set(decoded.subarray(size));
  return { image: { width, height, data }, bytes: coded.length };
};

/**
 * The variants seen through a stream (held-out 28's), by the constant rate factor that codes their
 * frame as a live stream's low bitrate does: the cloth's nap and noise flattened into 8-16 px blocks,
 * the balls' edges softened and their colour smeared into the cloth, the balls plainly there. The
 * previous frame's noise is √2 times a frame's (two independent draws' difference) at the style's
 * usual noise, a webcam's small sensor's more.
 */
const STREAMS: Partial<Record<AltVariant, AltStream>> = {
  'cerulean-stream': { crf: 35, previousNoise: 3.5 },
  'violet-webcam': { crf: 39, previousNoise: 5 },
  // A club's stream of its 4:3 camera pillarboxed (held-out 49): an ordinary bitrate, not a starved one.
  'menthol-pillarbox': { crf: 26, previousNoise: 3.5 },
};

/** A variant's stream, where its frames are seen through one. */
export const altStream = (variant: AltVariant): AltStream | undefined => STREAMS[variant];
