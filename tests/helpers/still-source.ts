// A picture as `serve --source` takes it: written as a PNG, and a folder source showing it over and
// over (each frame a link to it), as a table at rest gives.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RgbImage } from '../../src/core/image.ts';

/** The image written to `file` as a PNG. */
export const writePng = async (file: string, image: RgbImage): Promise<void> => {
  writeFileSync(file, await pngOf(image));
};

/** The image as a PNG's bytes. */
export const pngOf = (image: RgbImage): Promise<Buffer> =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png()
    .toBuffer();

/** `folder` made a source of `frames` frames, each a link to `picture` (600: two minutes at --fps 5). */
export const stillFolder = (folder: string, picture: string, frames = 600): string => {
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < frames; i++)
    symlinkSync(picture, path.join(folder, `${String(i).padStart(6, '0')}.png`));
  return folder;
};
