// Does the calibration still fit the picture? A camera knocked by a cue or a shoulder moves the whole
// table in the picture by a few pixels, and every ball with it by millimetres: the rulings go wrong
// quietly. The check looks for the cushions where the calibration puts them (the same sub-pixel edge
// search as `calibrate --image`, calibrate/features.ts) and measures, cushion by cushion, the median
// distance between where each edge is found and where the calibration projects it.
//
// Per cushion and by the median, a player leaning over one cushion or balls against it move that
// cushion's figure at most; a knock moves at least two (a shift moves both ends of the bed or both
// long sides, a turn moves all six), so the verdict goes by the second-worst cushion.
import type { Calibration } from '../camera/index.ts';
import { project } from '../camera/index.ts';
import type { RgbImage } from '../core/image.ts';
import { mm } from '../core/units.ts';
import { DEFAULT_FEATURES, findCushionEdges, type FeatureOptions } from './calibrate/features.ts';
import { residualsOf } from './calibrate/fit.ts';

export interface CameraCheckOptions {
  /** How far either side of the calibration's line to look for each cushion edge, px. */
  readonly windowPx: number;
  /** A cushion whose edges lie further than this from the calibration's (median), px, has moved. */
  readonly maxOffsetPx: number;
  /** A cushion is measured where at least this share of its profiles found their edges. */
  readonly minFound: number;
  /** Below this r+g+b (0…765) of the cloth's median, the room is too dark to say anything. */
  readonly darkCloth: number;
}

// A good calibration leaves the cushion edges 0.2–0.4 px from their lines (calibrate --image's RMS on
// rendered tables); 1 px is where a ball's position on a 1080p table is off by some 2 mm. The window
// takes a knock of a few pixels and a turn of a fraction of a degree.
export const DEFAULT_CAMERA_CHECK: CameraCheckOptions = {
  windowPx: 14,
  maxOffsetPx: 1,
  minFound: 0.3,
  darkCloth: 60,
};

export type CameraFit = 'fits' | 'moved' | 'unknown';

export interface CameraCheck {
  readonly verdict: CameraFit;
  /** The second-largest median offset of a measured cushion, px (NaN where fewer than two were measured). */
  readonly offsetPx: number;
  /** Each cushion's median offset, px (NaN: not measured: hidden, out of the picture, or not found). */
  readonly cushions: readonly number[];
  /** One line for people. */
  readonly text: string;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  if (n === 0) return NaN;
  return n % 2 ? (s[n >> 1] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
};

/** The cloth's brightness (r+g+b), the median over a grid of the bed where the calibration puts it. */
const clothBrightness = (img: RgbImage, c: Calibration): number => {
  const { width: W, length: L } = c.table;
  const values: number[] = [];
  for (let i = 1; i < 10; i++)
    for (let j = 1; j < 20; j++) {
      const q = project(c, { x: mm((W * i) / 10), y: mm((L * j) / 20), z: mm(0) });
      const u = Math.round(q.u);
      const v = Math.round(q.v);
      if (u < 0 || v < 0 || u >= img.width || v >= img.height) continue;
      const k = (v * img.width + u) * 3;
      values.push((img.data[k] as number) + (img.data[k + 1] as number) + (img.data[k + 2] as number));
    }
  return median(values);
};

/** Check a frame against the calibration in use (the frame must be the calibration's image size). */
export const checkCamera = (
  img: RgbImage,
  c: Calibration,
  o: CameraCheckOptions = DEFAULT_CAMERA_CHECK,
): CameraCheck => {
  const unknown = (text: string, cushions: number[] = []): CameraCheck => ({
    verdict: 'unknown',
    offsetPx: NaN,
    cushions,
    text,
  });
  if (img.width !== c.image.width || img.height !== c.image.height)
    return unknown(
      `the picture is ${img.width}×${img.height}, the calibration's ${c.image.width}×${c.image.height}`,
    );
  if (c.table.cushions.length === 0) return unknown('this bed has no cushions to check against');
  const cloth = clothBrightness(img, c);
  if (!(cloth >= o.darkCloth)) return unknown('the picture is too dark to see the cushions');
  const features: FeatureOptions = { ...DEFAULT_FEATURES, window: o.windowPx };
  // Per cushion: its median offset, NaN where it was looked for and not found, undefined where it
  // could not be looked for at all (out of the picture).
  const looked = c.table.cushions.map((seg) => {
    // One cushion at a time: the same search, over a bed that has only this cushion.
    const one: Calibration = { ...c, table: { ...c.table, cushions: [seg] } };
    const found = findCushionEdges(img, one, cloth, features);
    if (found.edges === 0) return undefined;
    if (found.features.length < Math.max(4, o.minFound * found.edges)) return NaN;
    return median(residualsOf(c, found.features));
  });
  const cushions = looked.map((x) => x ?? NaN);
  const lookedFor = looked.filter((x) => x !== undefined).length;
  const measured = cushions.filter((x) => !Number.isNaN(x)).map(Math.abs);
  const seen = `${measured.length} of ${lookedFor} cushions`;
  // A camera turned past the search window still finds a cushion that slides along itself (a shift
  // along the bed's ends), but not the rest: most cushions must be found where they should be.
  if (measured.length < 2 || measured.length < lookedFor / 2) {
    // The cloth is lit, yet the cushions are nowhere near where the calibration puts them.
    return {
      verdict: 'moved',
      offsetPx: NaN,
      cushions,
      text: `the cushions are not where the calibration puts them (found ${seen})`,
    };
  }
  const sorted = measured.sort((a, b) => b - a);
  const offsetPx = sorted[1] as number;
  const shown = offsetPx.toFixed(1);
  return offsetPx > o.maxOffsetPx
    ? { verdict: 'moved', offsetPx, cushions, text: `the cushions are ${shown} px from the calibration's` }
    : { verdict: 'fits', offsetPx, cushions, text: `the calibration fits (${shown} px, ${seen})` };
};
