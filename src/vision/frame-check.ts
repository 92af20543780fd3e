// Is this frame one the vision can use? A frame of the wrong size or length cannot be read against the
// calibration at all; a black or burnt-out frame shows nothing. Each gets a per-frame error naming
// what was wrong (docs/formats.md §3), never a crash and never a guess. Whether a table is there at all
// is the cloth model's question (cloth.ts).
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { Region, rowOnTable, type VisionGeometry } from './geometry.ts';
import type { ReducedFrame } from './reduce.ts';

export interface ExposureOptions {
  /** A frame whose brightest 1 % over the table is below this (8-bit) is black. */
  readonly blackLevel: number;
  /** A pixel with all three channels at or above this is burnt out… */
  readonly clipLevel: number;
  /** …and a frame with more than this share of the table burnt out is overexposed. */
  readonly maxClipped: number;
}

// A lit cloth is ~100 in green even in a dim room; 24 is a lens cap or a dead feed. Balls' highlights
// clip by design, but they cover a few per cent of the bed at most: half the bed white is a blown
// exposure (or a flash).
export const DEFAULT_EXPOSURE: ExposureOptions = { blackLevel: 24, clipLevel: 250, maxClipped: 0.5 };

/** The frame's buffer and size against the calibration's image. */
export const checkFrameShape = (image: RgbImage, g: VisionGeometry): Result<void> => {
  const { width, height } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0)
    return err(refereeError('BAD_FRAME', `frame size ${width}×${height} is not a size`));
  const expected = width * height * 3;
  if (image.data.length !== expected)
    return err(
      refereeError(
        'BAD_FRAME',
        `truncated frame: ${image.data.length} bytes for a ${width}×${height} RGB frame (expected ${expected})`,
      ),
    );
  if (width !== g.width || height !== g.height)
    return err(
      refereeError('BAD_FRAME', `frame is ${width}×${height}, the calibration is for ${g.width}×${g.height}`),
    );
  return ok(undefined);
};

/** Black or overexposed, judged over the part of the image where the calibration puts the table. */
export const checkExposure = (
  frame: ReducedFrame,
  g: VisionGeometry,
  o: ExposureOptions = DEFAULT_EXPOSURE,
): Result<void> => {
  const hist = new Uint32Array(256);
  let n = 0;
  let clipped = 0;
  const d = frame.data;
  const region = g.region;
  // Every other reduced pixel each way is plenty for a histogram: those of the row's span on the table
  // (rowOnTable; the rest is outside), from the first even column in it.
  for (let j = 0; j < g.rh; j += 2) {
    const span = rowOnTable(g, j);
    if (!span) continue;
    for (let k = j * g.rw + span[0] + (span[0] & 1), end = j * g.rw + span[1]; k <= end; k += 2) {
      if (region[k] === Region.outside) continue;
      const r = d[3 * k] as number;
      const gr = d[3 * k + 1] as number;
      const b = d[3 * k + 2] as number;
      const max = r > gr ? (r > b ? r : b) : gr > b ? gr : b;
      const min = r < gr ? (r < b ? r : b) : gr < b ? gr : b;
      hist[max] = (hist[max] as number) + 1;
      if (min >= o.clipLevel) clipped++;
      n++;
    }
  }
  if (n === 0) return err(refereeError('NO_TABLE', 'the calibration puts no part of the table in the frame'));
  // The 99th percentile of the brightest channel.
  let seen = 0;
  let p99 = 255;
  for (let v = 255; v >= 0; v--) {
    seen += hist[v] as number;
    if (seen >= n * 0.01) {
      p99 = v;
      break;
    }
  }
  if (p99 < o.blackLevel)
    return err(refereeError('BAD_FRAME', `black frame: nothing on the table is brighter than ${p99} of 255`));
  if (clipped > n * o.maxClipped)
    return err(
      refereeError(
        'BAD_FRAME',
        `overexposed: ${Math.round((100 * clipped) / n)}% of the table is burnt out to white`,
      ),
    );
  return ok(undefined);
};
