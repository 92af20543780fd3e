// `--source` as the user gives it: a folder of frames, a video file, a V4L2 device or an RTSP URL.
import { stat } from 'node:fs/promises';
import { err, refereeError, type Result } from '../core/errors.ts';
import { openFfmpeg, type FfmpegOptions } from './ffmpeg.ts';
import { openFolder } from './folder.ts';
import type { FrameSource } from './source.ts';

export interface OpenOptions extends Omit<FfmpegOptions, 'input' | 'kind'> {
  /** Frames per second for a folder of images (default 60). */
  readonly fps?: number;
}

export const openSource = async (source: string, options: OpenOptions = {}): Promise<Result<FrameSource>> => {
  if (/^rtsps?:\/\//i.test(source)) return openFfmpeg({ ...options, input: source, kind: 'rtsp' });
  if (source.startsWith('/dev/video')) return openFfmpeg({ ...options, input: source, kind: 'v4l2' });
  let info;
  try {
    info = await stat(source);
  } catch {
    return err(refereeError('NOT_FOUND', `no such file, folder or device: ${source}`, '--source'));
  }
  if (info.isDirectory())
    return openFolder(source, options.fps ?? 60, options.realtime ? { realtime: true } : {});
  return openFfmpeg({ ...options, input: source, kind: 'file' });
};
