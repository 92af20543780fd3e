// JPEG compression of a frame (sharp's libjpeg), for the blockiness and chroma smear of a phone's or
// a cheap camera's stream.
import sharp from 'sharp';
import type { RgbImage } from '../../core/image.ts';

/** The frame after a JPEG round trip at `quality` (1…100). */
export const jpegRoundTrip = async (image: RgbImage, quality: number): Promise<RgbImage> => {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const jpg = await sharp(image.data, { raw }).jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer();
  const { data, info } = await sharp(jpg).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`jpeg round trip: ${info.channels} channels`);
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
};
