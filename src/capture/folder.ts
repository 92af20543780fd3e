// A folder of numbered images, played at a given frame rate. Decoding through sharp; a file that will
// not decode is a per-frame error and the run goes on.
import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import sharp from 'sharp';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { wallClock, type FrameSource, type SourceItem } from './source.ts';

const IMAGE = /\.(png|jpe?g|webp|tiff?|bmp)$/i;

/** Decode an image file (or buffer) to RGB, dropping any alpha. */
export const decodeImage = async (input: string | Buffer): Promise<Result<RgbImage>> => {
  try {
    const { data, info } = await sharp(input)
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3)
      return err(refereeError('BAD_FRAME', `expected 3 colour channels, found ${info.channels}`));
    return ok({
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    });
  } catch (e) {
    return err(refereeError('BAD_FRAME', `cannot decode image: ${(e as Error).message}`));
  }
};

/** Numbered images in natural order: frame2 before frame10. */
const byNumber = new Intl.Collator('en', { numeric: true }).compare;

export interface FolderOptions {
  /**
   * Hand each image over at its time (`index / fps` after the first), as a camera would, not as fast
   * as it decodes: `serve` (a folder played unpaced went by at several times its speed, its frames
   * dropped by the live pipeline). `referee run` reads a folder as fast as it can.
   */
  readonly realtime?: boolean;
}

export const openFolder = async (
  dir: string,
  fps: number,
  options: FolderOptions = {},
): Promise<Result<FrameSource>> => {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => IMAGE.test(n)).sort(byNumber);
  } catch (e) {
    return err(
      refereeError('SOURCE_FAILED', `cannot read folder ${dir}: ${(e as Error).message}`, '--source'),
    );
  }
  if (names.length === 0) return err(refereeError('SOURCE_FAILED', `no images in folder ${dir}`, '--source'));
  let delivered = 0;
  let closed = false;
  const closing = new AbortController();
  async function* frames(): AsyncGenerator<SourceItem> {
    const start = wallClock();
    for (const [index, name] of names.entries()) {
      if (closed) return;
      const t = (index * 1000) / fps;
      const wait = start + t - wallClock();
      if (options.realtime && wait > 0) {
        try {
          await sleep(wait, undefined, { signal: closing.signal });
        } catch {
          return; // closed while waiting
        }
      }
      const image = await decodeImage(path.join(dir, name));
      delivered += 1;
      yield image.ok
        ? { kind: 'frame', index, t, name, receivedAt: wallClock(), ...image.value }
        : { kind: 'error', index, t, name, error: image.error };
    }
  }
  return ok({
    description: `folder ${dir} (${names.length} images at ${fps} fps${options.realtime ? ', paced' : ''})`,
    fps,
    live: false,
    frames,
    stats: () => ({ delivered, dropped: 0 }),
    close: async () => {
      closed = true;
      closing.abort();
    },
  });
};
