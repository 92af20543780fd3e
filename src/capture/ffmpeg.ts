// Video files, V4L2 cameras and RTSP streams, read through ffmpeg (the system's, else npm's: see
// binaries.ts) as raw RGB frames on a pipe. A live source never lags: when processing falls behind,
// the frame waiting to be processed is replaced by the newer one and counted as dropped. A source
// that dies or stalls ends the iteration with a SourceFailure naming what happened, and ffmpeg is
// always reaped.
import { spawn, execFile, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { z } from 'zod';
import { err, ok, refereeError, type RefereeError, type Result } from '../core/errors.ts';
import { wallClock, type Frame, type FrameSource, type SourceItem } from './source.ts';
import { missingToolHint, toolPath } from './binaries.ts';

const run = promisify(execFile);

export type FfmpegKind = 'file' | 'v4l2' | 'rtsp';

export interface FfmpegOptions {
  readonly input: string;
  readonly kind: FfmpegKind;
  /** Frame rate to deliver at (ffmpeg's fps filter; the camera's rate for V4L2). Default: the source's. */
  readonly fps?: number;
  /** Live: drop frames rather than lag, timestamps from the clock. Default: true for v4l2 and rtsp. */
  readonly live?: boolean;
  /** Play the file over and over, at its own pace. */
  readonly loop?: boolean;
  /** Deliver a file's frames at its own pace, as a camera would (the demo), not as fast as it decodes. */
  readonly realtime?: boolean;
  /** No data for this long while waiting for a frame: the source has stalled. Default: 5 s live,
   * 60 s for a file (a file cannot lose its signal; only a busy machine slows its decoding). */
  readonly stallTimeoutMs?: number;
  /** How long ffprobe may take to open the source and describe it. */
  readonly probeTimeoutMs?: number;
  /** Frames a non-live source may have decoded ahead of the consumer. */
  readonly readAhead?: number;
  /** Default: FFMPEG_PATH, else ffmpeg on PATH, else npm's (binaries.ts). */
  readonly ffmpegPath?: string;
  /** Default: FFPROBE_PATH, else ffprobe on PATH, else npm's (binaries.ts). */
  readonly ffprobePath?: string;
  /**
   * Where a 4:2:0 or 4:2:2 source's colour samples are taken to lie. `sited` (the default): where the
   * stream says, and where H.264 and H.265 put them when it says nothing (left, between two rows: how
   * a camera's encoder makes them, live or recorded; a JPEG's centred), decoded by zimg's scaler
   * (`zscale`) where they lie elsewhere than ffmpeg's own scaler takes them. `centred`: ffmpeg's own
   * scaler whatever the stream says, for a file whose stream says left of colour coded centred (an
   * encoder that does not say where it put its colour; ffmpeg's own before it was told to, see
   * CENTRED_CHROMA). Taken as centred, a camera's colour lands half a pixel to the right of its picture
   * (a ball's colour 1.1 mm along the table at 1080p on demo's camera). `centred` too where the ffmpeg
   * run has no `zscale`.
   */
  readonly chroma?: ChromaSiting;
  /** The clock, for live timestamps (ms). Passed in so that tests control it. */
  readonly now?: () => number;
  /** The wall clock frames are stamped with (`Frame.receivedAt`); default `wallClock`. */
  readonly wall?: () => number;
}

/** Where a video's colour samples are taken to lie (FfmpegOptions `chroma`). */
export const CHROMA_SITINGS = ['sited', 'centred'] as const;
export type ChromaSiting = (typeof CHROMA_SITINGS)[number];

export class SourceFailure extends Error {
  constructor(readonly error: RefereeError) {
    super(error.message);
    this.name = 'SourceFailure';
  }
}

/** How a stream's pictures are coded, as ffprobe names it (absent where it says nothing). */
export interface StreamFormat {
  readonly codec?: string | undefined;
  readonly pixelFormat?: string | undefined;
  readonly chromaLocation?: string | undefined;
  readonly colourSpace?: string | undefined;
  readonly colourRange?: string | undefined;
}

interface Probe extends StreamFormat {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
}

const ProbeJson = z.object({
  streams: z
    .array(
      z.object({
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        r_frame_rate: z.string(),
        codec_name: z.string().optional(),
        pix_fmt: z.string().optional(),
        chroma_location: z.string().optional(),
        color_space: z.string().optional(),
        color_range: z.string().optional(),
      }),
    )
    .min(1),
});

// Pixel formats whose colour is sampled less often than their brightness (4:2:0, 4:2:2, 4:1:1).
const SUBSAMPLED = /^(yuvj?4(20|22|11|10)p|nv1[26]|nv2[14]|yuyv422|uyvy422|yvyu422)/;
const ZIMG_LOCATION = new Set(['left', 'center', 'topleft', 'top', 'bottomleft', 'bottom']);
const ZIMG_MATRIX: Readonly<Record<string, string>> = {
  bt709: '709',
  smpte170m: '170m',
  bt470bg: '470bg',
  bt2020nc: '2020_ncl',
};

/**
 * The filter that decodes a stream's colour where its encoder sited it (zimg's `zscale`), or undefined
 * where its colour is not subsampled (nothing to site) or lies where ffmpeg's own scaler takes it
 * (centred, BT.601, limited range: ffmpeg's own encodes, which say so, CENTRED_CHROMA), which decodes it
 * there at 0.6 of zscale's CPU. Where the stream does not say: its chroma left (H.264's and H.265's
 * default) but a JPEG's centred; its matrix BT.601 and its range limited (a JPEG's full), as ffmpeg's
 * own scaler takes an untagged stream.
 */
export const sitedChroma = (f: StreamFormat): string | undefined => {
  const pix = f.pixelFormat ?? '';
  if (!SUBSAMPLED.test(pix)) return undefined;
  const jpeg = f.codec === 'mjpeg' || pix.startsWith('yuvj');
  const location =
    f.chromaLocation && ZIMG_LOCATION.has(f.chromaLocation) ? f.chromaLocation : jpeg ? 'center' : 'left';
  const matrix = (f.colourSpace && ZIMG_MATRIX[f.colourSpace]) ?? '170m';
  const range =
    f.colourRange === 'pc' ? 'full' : f.colourRange === 'tv' ? 'limited' : jpeg ? 'full' : 'limited';
  if (location === 'center' && (matrix === '170m' || matrix === '470bg') && range === 'limited')
    return undefined;
  return `zscale=chromalin=${location}:matrixin=${matrix}:rangein=${range}:filter=bilinear,format=gbrp`;
};

/**
 * What an ffmpeg that codes RGB frames as H.264 4:2:0 adds to its output's options to say where it put
 * the colour: its scaler sites it centred, and its stream said left (H.264's default) unless told, so
 * that a file it wrote, decoded where its stream says (`chroma: 'sited'`), had its colour half a pixel to
 * the left. A bitstream filter: the encoders of every ffmpeg take it (npm's static build of 2018 writes
 * left whatever `-chroma_sample_location` says), and no pixel changes.
 */
export const CENTRED_CHROMA: readonly string[] = ['-bsf:v', 'h264_metadata=chroma_sample_loc_type=1'];

/** Whether an ffmpeg has zimg's scaler, asked once a binary. */
const zimgOf = new Map<string, Promise<boolean>>();
const hasZimg = (ffmpeg: string): Promise<boolean> => {
  let known = zimgOf.get(ffmpeg);
  if (!known) {
    known = run(ffmpeg, ['-hide_banner', '-filters'], { timeout: 15_000 }).then(
      ({ stdout }) => /\szscale\s/.test(stdout),
      () => false,
    );
    zimgOf.set(ffmpeg, known);
  }
  return known;
};

const inputArgs = (o: FfmpegOptions): string[] => {
  switch (o.kind) {
    case 'v4l2':
      return ['-f', 'v4l2', ...(o.fps ? ['-framerate', String(o.fps)] : []), '-i', o.input];
    case 'rtsp':
      return ['-rtsp_transport', 'tcp', '-i', o.input];
    case 'file':
      return [
        ...(o.loop ? ['-stream_loop', '-1'] : []),
        ...(o.loop || o.realtime ? ['-re'] : []),
        '-i',
        o.input,
      ];
  }
};

const parseRate = (rate: string): number => {
  const [num, den] = rate.split('/').map(Number);
  const fps = den ? (num ?? 0) / den : (num ?? 0);
  return Number.isFinite(fps) && fps > 0 ? fps : 0;
};

export const probe = async (o: FfmpegOptions): Promise<Result<Probe>> => {
  const pre = inputArgs(o)
    .slice(0, -2)
    .filter((a) => a !== '-re' && a !== '-stream_loop' && a !== '-1');
  try {
    const { stdout } = await run(
      toolPath('ffprobe', o.ffprobePath),
      [
        '-v',
        'error',
        ...pre,
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,r_frame_rate,codec_name,pix_fmt,chroma_location,color_space,color_range',
        '-of',
        'json',
        o.input,
      ],
      { timeout: o.probeTimeoutMs ?? 15_000 },
    );
    const parsed = ProbeJson.safeParse(JSON.parse(stdout));
    if (!parsed.success)
      return err(refereeError('SOURCE_FAILED', `no video stream in ${o.input}`, '--source'));
    const s = parsed.data.streams[0];
    if (!s) return err(refereeError('SOURCE_FAILED', `no video stream in ${o.input}`, '--source'));
    return ok({
      width: s.width,
      height: s.height,
      fps: o.fps ?? (parseRate(s.r_frame_rate) || 30),
      codec: s.codec_name,
      pixelFormat: s.pix_fmt,
      chromaLocation: s.chroma_location,
      colourSpace: s.color_space,
      colourRange: s.color_range,
    });
  } catch (e) {
    const stderr = (e as { stderr?: string }).stderr?.trim();
    const why =
      (e as { code?: unknown }).code === 'ENOENT' ? missingToolHint('ffprobe') : (e as Error).message;
    return err(refereeError('SOURCE_FAILED', `cannot open ${o.input}: ${stderr || why}`, '--source'));
  }
};

const LIVE_STALL_MS = 5000;
const FILE_STALL_MS = 60_000;

export const openFfmpeg = async (o: FfmpegOptions): Promise<Result<FrameSource>> => {
  const probed = await probe(o);
  if (!probed.ok) return probed;
  const { width, height, fps } = probed.value;
  const live = o.live ?? o.kind !== 'file';
  const ffmpeg = toolPath('ffmpeg', o.ffmpegPath);
  const siting = (o.chroma ?? 'sited') === 'sited' ? sitedChroma(probed.value) : undefined;
  const sited = siting && (await hasZimg(ffmpeg)) ? siting : undefined;
  const filters = [...(o.fps && o.kind !== 'v4l2' ? [`fps=${o.fps}`] : []), ...(sited ? [sited] : [])];
  // A file on a busy machine (CI running four jobs on two cores) was decoded no faster than 5 s to
  // its first frame, and the run ended "no frame for 5000 ms" with nothing wrong with the file.
  const stallTimeoutMs = o.stallTimeoutMs ?? (live ? LIVE_STALL_MS : FILE_STALL_MS);
  const readAhead = o.readAhead ?? 2;
  const now = o.now ?? (() => performance.now());
  const wall = o.wall ?? wallClock;
  const frameBytes = width * height * 3;

  let child: ChildProcessByStdio<null, Readable, Readable> | undefined;
  let delivered = 0;
  let dropped = 0;
  let closing = false;

  async function* frames(): AsyncGenerator<SourceItem> {
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      ...inputArgs(o),
      ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ];
    const proc = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    const queue: Frame[] = [];
    let produced = 0;
    // Chunks of the frame being assembled: copied once into the frame when all its bytes are in
    // (concatenating on every 64 KB chunk made a 1080p frame cost ~100 copies of itself).
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    let stderrTail = '';
    let ended = false;
    let exitCode: number | null = null;
    let spawnError: Error | undefined;
    let wake: (() => void) | undefined;
    const start = now();
    const notify = (): void => {
      wake?.();
      wake = undefined;
    };

    proc.stdout.on('data', (chunk: Buffer) => {
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes >= frameBytes) {
        // Uninitialised memory (the loop below writes every byte of it), not a zeroed frame: the
        // fill of 6 MB a 1080p frame, ~0.6 ms of this thread's 4 ms a frame assembling red-pot's clip.
        const data = new Uint8Array(Buffer.allocUnsafeSlow(frameBytes).buffer, 0, frameBytes);
        for (let filled = 0; filled < frameBytes;) {
          const head = pending[0] as Buffer;
          const take = Math.min(head.length, frameBytes - filled);
          data.set(head.subarray(0, take), filled);
          filled += take;
          if (take === head.length) pending.shift();
          else pending[0] = head.subarray(take);
        }
        pendingBytes -= frameBytes;
        const index = produced++;
        const t = live ? now() - start : (index * 1000) / fps;
        const frame: Frame = {
          kind: 'frame',
          index,
          t,
          name: `${o.input}#${index}`,
          receivedAt: wall(),
          width,
          height,
          data,
        };
        if (live && queue.length > 0) {
          queue.length = 0; // the consumer is behind: the waiting frame is dropped for the newer one
          dropped += 1;
        }
        queue.push(frame);
      }
      if (!live && queue.length >= readAhead) proc.stdout.pause();
      notify();
    });
    proc.stderr.on('data', (d: Buffer) => {
      stderrTail = (stderrTail + d.toString()).slice(-2000);
    });
    proc.on('error', (e) => {
      spawnError = e;
      ended = true;
      notify();
    });
    proc.on('close', (code) => {
      exitCode = code;
      ended = true;
      notify();
    });

    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          if (!live && queue.length < readAhead) proc.stdout.resume();
          delivered += 1;
          yield next;
          continue;
        }
        if (ended || closing) {
          if (closing) return;
          if (spawnError)
            throw new SourceFailure(
              refereeError(
                'SOURCE_FAILED',
                `cannot run ffmpeg: ${(spawnError as { code?: unknown }).code === 'ENOENT' ? missingToolHint('ffmpeg') : spawnError.message}`,
              ),
            );
          if (exitCode !== 0 || produced === 0) {
            const why = stderrTail.trim().split('\n').pop() ?? '';
            throw new SourceFailure(
              refereeError(
                'SOURCE_FAILED',
                `${o.input}: ffmpeg stopped (exit ${exitCode})${why ? `: ${why}` : ''}`,
                '--source',
              ),
            );
          }
          return;
        }
        const stalled = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), stallTimeoutMs);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        if (stalled && queue.length === 0 && !ended) {
          throw new SourceFailure(
            refereeError('SOURCE_STALLED', `${o.input}: no frame for ${stallTimeoutMs} ms`, '--source'),
          );
        }
      }
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
  }

  return ok({
    description: `${o.kind} ${o.input} (${width}×${height} at ${fps} fps${live ? ', live' : ''})`,
    fps,
    live,
    frames,
    stats: () => ({ delivered, dropped }),
    close: async () => {
      closing = true;
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        c.kill('SIGKILL');
        // A file read ahead has its pipe paused, and a child's 'close' waits for its pipes to end: left
        // paused, closing a file source after its first frame hung in one run of ten.
        c.stdout.destroy();
        await new Promise((resolve) => c.once('close', resolve));
      }
    },
  });
};
