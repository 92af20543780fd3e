// Does the calibration still fit the picture? A camera knocked by a cue or a shoulder moves the whole
// table in the picture by a few pixels, and every ball with it by millimetres: the rulings go wrong
// quietly. Two checks (bench/camera-check.ts measures both):
// - checkCamera: the cushions looked for where the calibration puts them (the same sub-pixel edge
//   search as `calibrate --image`, calibrate/features.ts), cushion by cushion, the median distance
//   between where each edge is found and where the calibration projects it. Needs no reference, so it
//   can judge a first frame; but it expects cushions as our renderer draws them.
// - checkAgainstReference (below): against a picture taken when the calibration fitted; no assumption
//   about how the cushions look.
//
// Per cushion and by the median, a player leaning over one cushion or balls against it move that
// cushion's figure at most; a knock moves at least two (a shift moves both ends of the bed or both
// long sides, a turn moves all six), so the verdict goes by the second-worst cushion.
import type { Table } from '../equipment/index.ts';
import type { Calibration } from '../camera/index.ts';
import { project } from '../camera/index.ts';
import { cushionAcross } from '../equipment/index.ts';
import type { RgbImage } from '../core/image.ts';
import { mm } from '../core/units.ts';
import {
  DEFAULT_FEATURES,
  findCushionEdges,
  inside,
  lineNormal,
  profile,
  type FeatureOptions,
} from './calibrate/features.ts';
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
const clothBrightness = (img: RgbImage, c: Calibration<Table>): number => {
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
  c: Calibration<Table>,
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
    const one: Calibration<Table> = { ...c, table: { ...c.table, cushions: [seg] } };
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

// ---------------------------------------------------------------------------------------------------
// Against a reference picture. The check above expects the cushions to look as our renderer draws them
// (cloth, the dark face under the nose, the nose): measured on the second render style (src/sim/alt),
// whose cushions are flat bands, it finds none and cannot tell. A reference taken when the calibration
// was known to fit (at Save, or the first frame the check above passed) makes no such assumption: the
// brightness across each cushion now is slid along the same line until it matches the reference's
// (normalised cross-correlation, so a change of light does not matter), and the slide is how far the
// picture moved there. Profiles a ball or an arm now covers match poorly and are left out.

/** Brightness profiles across the cushions, where the calibration puts them: per cushion, per sample. */
export interface EdgeReference {
  readonly cushions: readonly (readonly (Float64Array | undefined)[])[];
}

export interface ReferenceCheckOptions {
  /** The largest slide looked for either way, px. */
  readonly maxShiftPx: number;
  /** Half the length of the matched part of a profile, px. */
  readonly halfPx: number;
  /** Spacing of the samples along a cushion, mm; distance kept from the knuckles, mm. */
  readonly spacing: number;
  readonly knuckleMargin: number;
  /** Least normalised cross-correlation of a profile with its reference to count. */
  readonly minMatch: number;
  readonly maxOffsetPx: number;
  readonly minFound: number;
  readonly darkCloth: number;
}

export const DEFAULT_REFERENCE_CHECK: ReferenceCheckOptions = {
  maxShiftPx: 12,
  halfPx: 10,
  spacing: 30,
  knuckleMargin: 60,
  minMatch: 0.9,
  maxOffsetPx: DEFAULT_CAMERA_CHECK.maxOffsetPx,
  minFound: 0.3,
  darkCloth: DEFAULT_CAMERA_CHECK.darkCloth,
};

const STEP = 0.5;

/** Each sample's line across its cushion: where (the cloth's edge) and which way (outwards). */
const cushionLines = (c: Calibration<Table>, o: ReferenceCheckOptions) => {
  const t = c.table;
  return t.cushions.map((seg) => {
    const { ex, ey, len, nx, ny } = cushionAcross(t, seg);
    const count = Math.max(0, Math.floor((len - 2 * o.knuckleMargin) / o.spacing));
    return Array.from({ length: count + 1 }, (_, i) => {
      const s = (o.knuckleMargin + i * o.spacing) / len;
      const at = { x: seg.a.x + s * ex, y: seg.a.y + s * ey, z: 0 };
      const q = project(c, { x: mm(at.x), y: mm(at.y), z: mm(0) });
      return { u: q.u, v: q.v, dir: lineNormal(c, at, ex / len, ey / len, nx, ny) };
    });
  });
};

/** The reference: each cushion's profiles in a picture the calibration fits. */
export const edgeReference = (
  img: RgbImage,
  c: Calibration<Table>,
  o: ReferenceCheckOptions = DEFAULT_REFERENCE_CHECK,
): EdgeReference => {
  const reach = o.halfPx + o.maxShiftPx;
  return {
    cushions: cushionLines(c, o).map((lines) =>
      lines.map(({ u, v, dir }) =>
        inside(img, u - reach * dir.u, v - reach * dir.v, 2) &&
        inside(img, u + reach * dir.u, v + reach * dir.v, 2)
          ? profile(img, u, v, dir.u, dir.v, o.halfPx, STEP)
          : undefined,
      ),
    ),
  };
};

/** The slide (px) that best matches `now` (±reach) to `ref` (±half), with its correlation. */
const slide = (ref: Float64Array, now: Float64Array, maxShift: number): { shift: number; match: number } => {
  const n = ref.length;
  let mr = 0;
  for (const x of ref) mr += x;
  mr /= n;
  let vr = 0;
  for (const x of ref) vr += (x - mr) ** 2;
  const steps = Math.round(maxShift / STEP);
  const score = new Float64Array(2 * steps + 1);
  for (let k = -steps; k <= steps; k++) {
    let mn = 0;
    for (let i = 0; i < n; i++) mn += now[i + steps + k] as number;
    mn /= n;
    let cov = 0;
    let vn = 0;
    for (let i = 0; i < n; i++) {
      const d = (now[i + steps + k] as number) - mn;
      cov += ((ref[i] as number) - mr) * d;
      vn += d * d;
    }
    score[k + steps] = vr > 0 && vn > 0 ? cov / Math.sqrt(vr * vn) : 0;
  }
  let best = 0;
  for (let k = 1; k < score.length; k++) if ((score[k] as number) > (score[best] as number)) best = k;
  let at = best;
  if (best > 0 && best < score.length - 1) {
    const l = score[best - 1] as number;
    const m = score[best] as number;
    const r = score[best + 1] as number;
    const den = l - 2 * m + r;
    if (den < 0) at = best + Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / den));
  }
  return { shift: (at - steps) * STEP, match: score[best] as number };
};

/** Check a frame against a reference taken with the same calibration: has the picture moved since? */
export const checkAgainstReference = (
  img: RgbImage,
  c: Calibration<Table>,
  ref: EdgeReference,
  o: ReferenceCheckOptions = DEFAULT_REFERENCE_CHECK,
): CameraCheck => {
  if (img.width !== c.image.width || img.height !== c.image.height)
    return {
      verdict: 'unknown',
      offsetPx: NaN,
      cushions: [],
      text: `the picture is ${img.width}×${img.height}, the calibration's ${c.image.width}×${c.image.height}`,
    };
  const cloth = clothBrightness(img, c);
  if (!(cloth >= o.darkCloth))
    return {
      verdict: 'unknown',
      offsetPx: NaN,
      cushions: [],
      text: 'the picture is too dark to see the cushions',
    };
  const reach = o.halfPx + o.maxShiftPx;
  let lookedFor = 0;
  const cushions = cushionLines(c, o).map((lines, i) => {
    const refs = ref.cushions[i] ?? [];
    const shifts: number[] = [];
    let looked = 0;
    lines.forEach(({ u, v, dir }, j) => {
      const r = refs[j];
      if (!r) return;
      looked += 1;
      const now = profile(img, u, v, dir.u, dir.v, reach, STEP);
      const m = slide(r, now, o.maxShiftPx);
      if (m.match >= o.minMatch) shifts.push(m.shift);
    });
    if (looked === 0) return NaN;
    lookedFor += 1;
    return shifts.length >= Math.max(4, o.minFound * looked) ? median(shifts) : NaN;
  });
  const measured = cushions.filter((x) => !Number.isNaN(x)).map(Math.abs);
  const seen = `${measured.length} of ${lookedFor} cushions`;
  if (measured.length < 2 || measured.length < lookedFor / 2)
    return {
      verdict: 'moved',
      offsetPx: NaN,
      cushions,
      text: `the cushions no longer look as they did when the camera was calibrated (matched ${seen})`,
    };
  const offsetPx = measured.sort((a, b) => b - a)[1] as number;
  const shown = offsetPx.toFixed(1);
  return offsetPx > o.maxOffsetPx
    ? {
        verdict: 'moved',
        offsetPx,
        cushions,
        text: `the cushions are ${shown} px from where they were at calibration`,
      }
    : {
        verdict: 'fits',
        offsetPx,
        cushions,
        text: `the picture has not moved since calibration (${shown} px, ${seen})`,
      };
};
