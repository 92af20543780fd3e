// Calibration from the picture (docs/formats.md §2, `referee calibrate --image`): the camera over the
// table from one frame of an empty or nearly empty table.
//
// 1. outline.ts: the cloth-coloured region and its four sides (robust lines through the outline made
//    straight: pockets, a hidden corner, a cue and the lens's barrel allowed for) give the outer
//    corners of the cushions and the lens's bending; the corners' homography a focal length where
//    the view is oblique enough to tell; the camera module's solver (solveCalibration) turns the four
//    points into a first camera.
// 2. features.ts: where that camera puts them, the cushion noses, the cloth's edge under them, the
//    baulk line, the D and the spots are found to a fraction of a pixel, each tied to its point of the
//    table model (cushion noses at their height above the cloth, the rest on it).
// 3. fit.ts: Levenberg–Marquardt moves the camera (pose; with no camera given, focal length and radial
//    distortion k1, k2 too) until the model lies on them; features it leaves far out are dropped.
//    Steps 2–3 repeat with a narrower search each time. A cushion on the camera's side of the bed
//    (an oblique phone view) shows its nose only. With a wide lens the principal point is fitted too.
//    Should the result fail a check, the rounds start again from a longer and a shorter focal length.
// A table is symmetric under a half turn: which end is baulk is read from the markings (the baulk
// line, the D and the spots are found at one end and not at the other). A bed without markings keeps
// the first of the two, and says so. Finally the six pockets must be dark where the camera puts them.
//
// Measured on rendered empty tables (the demo camera, six seeded 1080p and two 4K cameras, normal, dim,
// warm and bright light): RMS reprojection 0.17–0.33 px; with no camera given, spots within 0.2–3.1 mm
// and a ball anywhere on the bed within 0.1–1.8 mm RMS, 3.2 mm worst, focal length within 1.5 %
// (what is left is the principal point's offset and the tangential terms, which are not fitted);
// with the intrinsics given, spots within 0.3 mm and balls within 0.4 mm. About 1–2 s a picture.
import {
  cameraCentre,
  foldRadius,
  pixelToPlane,
  project,
  solveCalibration,
  validateCalibration,
  type Calibration,
  type ImageSize,
  type Intrinsics,
  type TableSpec,
} from '../../camera/index.ts';
import { mulMat, type Mat3 } from '../../camera/mat3.ts';
import { err, ok, refereeError, type Result } from '../../core/errors.ts';
import type { RgbImage } from '../../core/image.ts';
import { mm } from '../../core/units.ts';
import type { Table } from '../../equipment/bed.ts';
import {
  DEFAULT_FEATURES,
  findCushionEdges,
  findMarkingLines,
  findSpots,
  type Feature,
  type FeatureKind,
  type FeatureOptions,
} from './features.ts';
import { distancesOf, fitRobust, type FitOptions } from './fit.ts';
import {
  DEFAULT_OUTLINE,
  findOutline,
  lensFrame,
  radialToOpenCv,
  undistortPoint,
  type Outline,
  type OutlineOptions,
} from './outline.ts';

export interface ImageCalibrationInput {
  readonly image: RgbImage;
  /** The bed in the picture, and its `table` value as the calibration file is to give it. */
  readonly table: Table;
  readonly tableSpec: TableSpec;
  /** Known intrinsics (with distortion): only the pose is solved. Absent: focal length and k1, k2 too. */
  readonly camera?: Intrinsics;
}

export interface ImageCalibrationOptions {
  readonly outline: OutlineOptions;
  readonly features: FeatureOptions;
  /** How far the cushion tops reach beyond the noses, mm: the outline's corners are theirs. */
  readonly cushionWidth: number;
  /** Radius of the spots, mm. */
  readonly spotRadius: number;
  /**
   * With no camera given, the focal length (in image widths) the first camera assumes: a picture of a
   * plane seen nearly straight on does not fix it, the cushions' parallax later does.
   */
  readonly focalGuess: number;
  /**
   * Most relative uncertainty σ(log f) the solver quotes (for corners good to half a pixel) for the
   * focal length the outline's corners give to be taken instead of `focalGuess`: seen nearly head-on
   * they give any focal length (held-out 900 089, 5° tilt: half the truth at σ 0.18, and no table found
   * from it; 900 095 at σ 0.10 was 30 % short, near enough for the rounds).
   */
  readonly maxCornerFocalUncertainty: number;
  /**
   * With the focal length `focalGuess` (the corners cannot tell it), the least width of the band
   * between the cloth's edge and the nose that the first round looks for, as a multiple of the width
   * the first camera predicts. Seen straight down, the band's width goes as one over the focal
   * length: a lens longer than guessed shows a narrower band (the demo camera 3.75 times as far on a
   * lens 3.75 times as long: 0.28 of the band the guess predicts). Looked for from 0.8 of it, the
   * true nose was out of reach and the cushion top's edge on the rail, 50 mm out, was taken for the
   * cloth's edge: every start settled there, 0.9 px from the picture, the balls 49 mm off.
   */
  readonly guessedBandFrom: number;
  /**
   * The search half-widths of the successive rounds of finding and fitting, in pixels of a
   * 1920-wide picture (scaled with the picture's width: the first camera is as far off at 4K in
   * millimetres, twice as far in pixels).
   */
  readonly windows: readonly number[];
  /** Least share of the cushion samples that must be found for the picture to show a table. */
  readonly minCushionShare: number;
  /**
   * Least share of each cushion's profiles whose nose the final fit keeps. A bed without markings is
   * pinned along its length by its two end cushions and across by its sides: with one of them
   * missing (hidden, out of the picture, or the fit gone elsewhere), a fit can lie on every feature it
   * kept and still put the balls centimetres off.
   */
  readonly minEachCushionShare: number;
  /**
   * The same for each half of a side cushion: a box or a player's arm can hide most of one half, and
   * the other half and the end cushions still pin the bed across and along.
   */
  readonly minHalfSideShare: number;
  /**
   * Least number of points along the marking lines (15 mm apart) the final fit keeps for them to pin
   * the bed along its length in place of an end cushion seen from beyond it (whose nose can show
   * nothing: see the check).
   */
  readonly minMarkingLinePoints: number;
  /** Most RMS reprojection error (px) of a fit that still shows a table. */
  readonly maxRmsPx: number;
  /** Least number of the six pockets that must be dark where the camera puts them. */
  readonly minPockets: number;
  /** Focal lengths (in the picture's long sides) a fit with no camera given may end at… */
  readonly focalRange: readonly [number, number];
  /** …and the most |k1| (it bends a lens that much only near its fold). */
  readonly maxK1: number;
  /** Focal lengths (as multiples of the first guess) tried from the start again when the first fails. */
  readonly focalRetries: readonly number[];
  /**
   * With no camera given, a fit is checked by a second one from another focal length (as a multiple
   * of the first guess): a picture that fixes the camera brings both to the same place. Where a ball
   * anywhere on the bed lands more than `maxDisagreementMm` (RMS) apart between them, a third start
   * decides: the fit it agrees with stands; agreeing with neither, the picture does not fix the camera.
   */
  readonly crossCheckFocals: readonly [number, number];
  readonly maxDisagreementMm: number;
  /**
   * A fit whose RMS reprojection error is more than this many times another's is no evidence for or
   * against the camera: it lies on the picture markedly worse, wherever it puts the balls.
   */
  readonly evidenceRmsRatio: number;
  /**
   * Most RMS reprojection error (px at 1080p width) of a fit that no other start confirms: one that
   * lies on the picture this closely is taken alone.
   */
  readonly maxUnconfirmedRmsPx: number;
  /** Radial coefficient κ1 of the outline (in half long sides) beyond which the lens counts as wide. */
  readonly strongRadial: number;
}

export const DEFAULT_IMAGE_CALIBRATION: ImageCalibrationOptions = {
  outline: DEFAULT_OUTLINE,
  // An end cushion seen edge-on under a tilt is all that pins a bed without markings along its length
  // there (900 041–080: three fits 4–8 mm off without it).
  features: { ...DEFAULT_FEATURES, edgeOnNoses: true },
  cushionWidth: 50,
  spotRadius: 4,
  focalGuess: 0.7,
  maxCornerFocalUncertainty: 0.13,
  guessedBandFrom: 0.2,
  windows: [30, 8, 4, 3],
  minCushionShare: 0.4,
  minEachCushionShare: 0.2,
  minHalfSideShare: 0.1,
  minMarkingLinePoints: 40,
  maxRmsPx: 1.5,
  minPockets: 4,
  strongRadial: 0.1,
  focalRetries: [0.8, 1.25],
  crossCheckFocals: [1.25, 0.8],
  maxDisagreementMm: 3,
  evidenceRmsRatio: 2,
  maxUnconfirmedRmsPx: 0.5,
  focalRange: [0.25, 2],
  maxK1: 1,
};

export interface ImageCalibration {
  readonly calibration: Calibration<Table>;
  /** √(mean squared distance) of the features kept from where the camera puts them, px. */
  readonly rmsPx: number;
  /** How many features of each kind the final fit used. */
  readonly features: Readonly<Record<FeatureKind, number>>;
  /** Which end is baulk was read from the markings (false: a bed without markings, the end is a guess). */
  readonly orientationFromMarkings: boolean;
}

// Fewer features than this cannot fix a camera (nine parameters) with any confidence.
const MIN_FEATURES = 16;

const toUv = (p: { readonly u: number; readonly v: number } | undefined): { u: number; v: number } => ({
  u: p?.u ?? NaN,
  v: p?.v ?? NaN,
});

/** The steps of a calibration, named in a refusal so that the user knows what to change. */
const STEP = {
  outline: "finding the cloth's outline",
  start: "the first camera from the outline's corners",
  cushions: 'finding the cushions where the first camera puts them',
  fit: "the fit's hold on the cushions",
  eachCushion: "the fit's hold on each cushion",
  reprojection: "the fit's reprojection error",
  lens: 'the fit of the lens',
  pockets: 'the pockets where the fit puts them',
  valid: 'checking the camera found',
  crossCheck: 'the cross-check of fits from different focal lengths',
  unconfirmed: 'confirming a fit no other start found',
} as const;

const failed = (reason: string, step: keyof typeof STEP): string => `${reason}; step failed: ${STEP[step]}`;

const noTable = (reason: string, step: keyof typeof STEP): Result<never> =>
  err(refereeError('NO_TABLE', `no table found in the picture: ${failed(reason, step)}`, 'image'));

/** A cushion of the bed in words: an end cushion, or which half of a side cushion. */
const cushionName = (t: Table, i: number): string => {
  const seg = t.cushions[i];
  if (!seg) return `cushion ${i}`;
  const end = seg.a.y === seg.b.y;
  return end
    ? `the end cushion at y = ${seg.a.y.toFixed(0)} mm`
    : `the side cushion at x = ${seg.a.x.toFixed(0)} mm, y ${seg.a.y.toFixed(0)}–${seg.b.y.toFixed(0)} mm`;
};

/** The same camera over the table turned a half turn: (x, y) → (W − x, L − y). */
export const halfTurn = (c: Calibration<Table>): Calibration<Table> => {
  const M: Mat3 = [
    [-1, 0, 0],
    [0, -1, 0],
    [0, 0, 1],
  ];
  const { R, t } = c.pose;
  const W = c.table.width;
  const L = c.table.length;
  return {
    ...c,
    pose: {
      R: mulMat(R, M),
      t: [
        R[0][0] * W + R[0][1] * L + t[0],
        R[1][0] * W + R[1][1] * L + t[1],
        R[2][0] * W + R[2][1] * L + t[2],
      ],
    },
  };
};

/** r + g + b of the 3 × 3 pixels round (u, v); undefined outside the image. */
const brightnessAt = (img: RgbImage, u: number, v: number): number | undefined => {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 1 || y < 1 || x > img.width - 2 || y > img.height - 2) return undefined;
  let s = 0;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const i = ((y + dy) * img.width + x + dx) * 3;
      s += (img.data[i] as number) + (img.data[i + 1] as number) + (img.data[i + 2] as number);
    }
  return s / 9;
};

/** How many pockets are dark (under half the cloth's brightness) just past their fall, where the camera puts them. */
const darkPockets = (img: RgbImage, c: Calibration<Table>, clothBrightness: number): number =>
  c.table.pockets.filter((p) => {
    const depth = p.fallDepth + 15;
    const q = project(c, {
      x: mm(p.mouthCentre.x + depth * p.axis.x),
      y: mm(p.mouthCentre.y + depth * p.axis.y),
      z: mm(0),
    });
    const b = brightnessAt(img, q.u, q.v);
    return b !== undefined && b < 0.5 * clothBrightness;
  }).length;

const count = (features: readonly Feature[]): Record<FeatureKind, number> => {
  const out: Record<FeatureKind, number> = { nose: 0, clothEdge: 0, line: 0, arc: 0, spot: 0 };
  for (const f of features) out[f.kind]++;
  return out;
};

/**
 * The outline's corners go round the picture one way or the other; the camera must see the table from
 * above, which only one of the two orders allows (the solver refuses the mirror image).
 */
const CORNER_ORDERS = [
  [0, 1, 2, 3],
  [1, 0, 3, 2],
] as const;

/** The outline's corners in `order`, each tied to the outer corner of the cushion tops it shows. */
const cornerPoints = (
  corners: readonly { readonly u: number; readonly v: number }[],
  order: (typeof CORNER_ORDERS)[number],
  outer: readonly (readonly [number, number])[],
): { u: number; v: number; x: number; y: number }[] =>
  order.map((k, i) => ({ ...toUv(corners[k]), x: outer[i]?.[0] ?? 0, y: outer[i]?.[1] ?? 0 }));

/**
 * The intrinsics a first camera assumes with none given: the lens's barrel as the straightest sides of
 * the outline showed it, and the focal length the outline's corners give (the homography's
 * orthogonality), or `focalGuess` of the picture's long side where the view is too nearly head-on for
 * them to tell (`guessed`).
 */
const guessIntrinsics = (
  size: ImageSize,
  outline: Outline,
  outer: readonly (readonly [number, number])[],
  bed: { readonly table: Table; readonly tableSpec: TableSpec },
  o: Pick<ImageCalibrationOptions, 'focalGuess' | 'maxCornerFocalUncertainty' | 'focalRange'>,
): { intrinsics: Intrinsics; guessed: boolean } => {
  const lens = lensFrame(size.width, size.height);
  const long = Math.max(size.width, size.height);
  const undistorted = outline.corners.map((p) => {
    const [u, v] = undistortPoint(lens, outline.radial, p.u, p.v);
    return { u, v };
  });
  let focal = o.focalGuess * long;
  let guessed = true;
  for (const order of CORNER_ORDERS) {
    const points = cornerPoints(undistorted, order, outer);
    const solved = solveCalibration({ ...bed, image: size, points });
    if (!solved.ok) continue;
    const f = solved.value.calibration.camera.fx;
    const spread = solved.value.focalUncertainty ?? Infinity;
    // Any focal length a fit may end at: a long lens seen obliquely gives its own to within a few per
    // cent (the demo camera 3 times as far on a lens 3 times as long, tilted 30°: 3 813 px for 3 825,
    // σ 0.006), and the 0.7 guess it was taken for before (over 1.5 long sides) was a third of it:
    // the rounds settled 8 % short, the balls 36 mm off.
    if (f > o.focalRange[0] * long && f < o.focalRange[1] * long && spread <= o.maxCornerFocalUncertainty) {
      focal = f;
      guessed = false;
    }
    break;
  }
  // The model must not fold back inside the picture (a κ2 < 0 from a nearly straight lens can): then
  // κ2 is dropped. A strong barrel with κ2 about 0 folds too where the focal length is short (held-out
  // 900 095: κ1 −0.36 at 0.32 of the long side): a wide lens flattens towards the corners, and κ2 is
  // given the half κ1² it usually has (the outline's search assumes it too), with which the model
  // never folds. Only a bending that still folds is dropped altogether.
  const corner = Math.hypot(size.width, size.height) / 2 / focal;
  let { k1, k2 } = radialToOpenCv(lens, outline.radial, focal);
  const folds = (a: number, b: number): boolean =>
    foldRadius({ fx: focal, fy: focal, cx: 0, cy: 0, k1: a, k2: b, p1: 0, p2: 0, k3: 0 }) < 1.2 * corner;
  if (folds(k1, k2)) k2 = 0;
  if (folds(k1, k2) && k1 < 0) k2 = 0.5 * k1 * k1;
  if (folds(k1, k2)) k1 = 0;
  return {
    intrinsics: { fx: focal, fy: focal, cx: lens.cx, cy: lens.cy, k1, k2, p1: 0, p2: 0, k3: 0 },
    guessed,
  };
};

/** Solve the camera from a picture of the table. */
export const calibrateFromImage = (
  input: ImageCalibrationInput,
  o: ImageCalibrationOptions = DEFAULT_IMAGE_CALIBRATION,
): Result<ImageCalibration> => {
  const { image, tableSpec, camera } = input;
  const size: ImageSize = { width: image.width, height: image.height };
  const found = findOutline(image, o.outline);
  if (!found.ok) return noTable(found.reason, 'outline');
  const { corners, cloth } = found.outline;
  const clothBrightness = cloth[0] + cloth[1] + cloth[2];

  // A first camera from the outline's corners, taken as the outer corners of the cushion tops (the
  // side from corners[0] to corners[1] an end: baulk, for now), in whichever order shows the table
  // from above. With no camera given, the focal length is a guess.
  const bed = input.table;
  const c = o.cushionWidth;
  const outer = [
    [-c, -c],
    [bed.width + c, -c],
    [bed.width + c, bed.length + c],
    [-c, bed.length + c],
  ] as const;
  const { intrinsics: guess, guessed } = camera
    ? { intrinsics: camera, guessed: false }
    : guessIntrinsics(size, found.outline, outer, { table: bed, tableSpec }, o);
  const pxScale = Math.max(1, size.width / 1920);
  /** The fits that ended past the focal range, each with what to say if no other start confirms it. */
  const unfixedFocal = new Map<ImageCalibration, Result<never>>();
  // One attempt from a first guess at the intrinsics: the camera the corners give, then the rounds.
  const attempt = (guess: Intrinsics): Result<ImageCalibration> => {
    let start: Calibration<Table> | undefined;
    for (const order of CORNER_ORDERS) {
      const points = cornerPoints(corners, order, outer);
      const solved = solveCalibration({ table: bed, tableSpec, image: size, points, camera: guess });
      if (solved.ok) {
        start = solved.value.calibration;
        break;
      }
    }
    if (!start)
      return noTable('the cloth-coloured region does not look like a table seen from above', 'start');

    // A strong barrel (a wide lens) bends about the principal point, which is then fitted too in the
    // last rounds.
    const strong = Math.abs(found.outline.radial[0]) > o.strongRadial;
    const fitOf = (round: number): FitOptions =>
      camera
        ? { intrinsics: 'pose' }
        : {
            intrinsics:
              round === 0 ? 'focal' : strong && round >= 2 ? 'focal+distortion+centre' : 'focal+distortion',
          };
    let current = start;
    let orientationFromMarkings = false;
    let inliers: Feature[] = [];
    let edges = 0;
    let profiles: readonly number[] = [];
    for (const [round, window1080] of o.windows.entries()) {
      const window = window1080 * pxScale;
      const bandSlackPx = o.features.bandSlackPx * pxScale;
      // The nose is looked for where the band the camera predicts puts it, from the first round on,
      // the focal length still a guess: the band from a focal length 30 % short still held it, and a
      // search from 0.4 to 3 times the band took other edges for it on every cushion (held-out
      // 900 002, 900 095 and 900 111: 4–13 px RMS after the first round, the focal length run off;
      // 0.3 px and within 5 % with the band as predicted). Where the focal length is only a guess, the
      // first round allows a narrower band too (a longer lens: `guessedBandFrom`).
      const band: readonly [number, number] =
        guessed && round === 0 ? [o.guessedBandFrom, o.features.band[1]] : o.features.band;
      const fo: FeatureOptions = { ...o.features, window, bandSlackPx, band };
      const cushions = findCushionEdges(image, current, clothBrightness, fo, cloth);
      edges = cushions.edges;
      profiles = cushions.profiles;
      const features = [...cushions.features];
      if (round > 0)
        features.push(
          ...findMarkingLines(image, current, clothBrightness, fo),
          ...findSpots(image, current, o.spotRadius, clothBrightness, fo),
        );
      if (features.length < MIN_FEATURES)
        return noTable('the cushions are not where the outline of the cloth puts them', 'cushions');
      const fitted = fitRobust(current, features, fitOf(round));
      current = fitted.calibration;
      inliers = fitted.inliers;
      if (round === 0 && current.table.marks) {
        // Which end is which: the markings are found at one end only.
        const fo2: FeatureOptions = { ...o.features, window: (o.windows[1] ?? window1080) * pxScale };
        const score = (cal: Calibration<Table>): number =>
          findMarkingLines(image, cal, clothBrightness, fo2).length +
          3 * findSpots(image, cal, o.spotRadius, clothBrightness, fo2).length;
        const turned = halfTurn(current);
        if (score(turned) > score(current)) current = turned;
        orientationFromMarkings = true;
      }
    }

    const counts = count(inliers);
    if (counts.nose + counts.clothEdge < o.minCushionShare * edges)
      return noTable(
        `the cushions were found along only ${counts.nose + counts.clothEdge} of ${edges} edge points`,
        'fit',
      );
    const eye = cameraCentre(current);
    for (const [i, looked] of profiles.entries()) {
      const seen = inliers.filter((f) => f.kind === 'nose' && f.cushion === i).length;
      const seg = bed.cushions[i];
      const halfSide = seg !== undefined && seg.a.x === seg.b.x;
      // An end cushion with the camera beyond it (a view from that end) hides its face under its
      // nose, which shows only as the step from the cloth to the cushion top, and not at all where
      // the top is lit as the cloth is: the demo camera 3 times as far on a long lens, tilted 30°,
      // found it along 0 of its 103 profiles with the true camera given, the balls 0.2 mm right.
      // The marking lines across the bed, kept, pin it along its length as that cushion would.
      const fromBeyond =
        seg !== undefined && seg.a.y === seg.b.y && (seg.a.y === 0 ? eye.y < 0 : eye.y > bed.length);
      if (fromBeyond && counts.line >= o.minMarkingLinePoints) continue;
      if (seen < (halfSide ? o.minHalfSideShare : o.minEachCushionShare) * looked)
        return noTable(
          `${cushionName(bed, i)} was found along only ${seen} of ${looked} profiles across it: ` +
            `it is hidden, out of the picture or not where the rest of the table puts it`,
          'eachCushion',
        );
    }
    const d = distancesOf(current, inliers);
    const rmsPx = Math.sqrt(d.reduce((s, x) => s + x * x, 0) / d.length);
    if (!(rmsPx <= o.maxRmsPx * pxScale))
      return noTable(`the table model fits the picture only to ${rmsPx.toFixed(1)} px RMS`, 'reprojection');
    // A view nearly straight down fixes the focal length only through the cushions' few millimetres
    // of parallax; with the lens's bending free too, the fit can run off to a long lens bent hard.
    // Bent hard it is refused; ended past the focal range, it stands only where a fit from another
    // start confirms it (below): the demo camera 3.75 times as far on a lens 3.75 times as long,
    // straight down, ends at 4 432 px for 4 781 with the balls 0.6 mm off — focal lengths 0.8–1.2
    // times the truth lie on the picture within 0.1 px of each other, and put the balls alike.
    const k = current.camera;
    const long = Math.max(size.width, size.height);
    const lensError = (): Result<never> =>
      err(
        refereeError(
          'SOLVE_FAILED',
          failed(
            `the picture does not fix the focal length: the fit ended at ${k.fx.toFixed(0)} px ` +
              `(${(k.fx / long).toFixed(2)} of the picture's long side, k1 ${k.k1.toFixed(2)}), outside the ` +
              `${o.focalRange[0]}–${o.focalRange[1]} long sides and |k1| < ${o.maxK1} a fit with no camera ` +
              `given may end at unless a fit from another focal length agrees with it (a view nearly ` +
              `head-on or through a long lens shows the focal length only in the cushions' few ` +
              `millimetres of parallax); give the camera with --camera, or place the corners by hand on ` +
              `serve's /calibrate page`,
            'lens',
          ),
          'image',
        ),
      );
    if (!camera && !(Math.abs(k.k1) < o.maxK1)) return lensError();
    const focalFixed =
      camera !== undefined || (k.fx > o.focalRange[0] * long && k.fx < o.focalRange[1] * long);
    const pockets = darkPockets(image, current, clothBrightness);
    if (pockets < o.minPockets)
      return noTable(`only ${pockets} of the 6 pockets are dark where the cushions put them`, 'pockets');
    const valid = validateCalibration(current);
    if (!valid.ok)
      return err(
        refereeError(
          'SOLVE_FAILED',
          failed(`the camera found does not make a usable calibration: ${valid.error.message}`, 'valid'),
          'image',
        ),
      );
    const fit: ImageCalibration = {
      calibration: valid.value,
      rmsPx,
      features: counts,
      orientationFromMarkings,
    };
    if (!focalFixed) unfixedFocal.set(fit, lensError());
    return ok(fit);
  };
  // Another focal length to start from, the lens's bending in pixels kept.
  const from = (scale: number): Intrinsics => ({
    ...guess,
    fx: guess.fx * scale,
    fy: guess.fy * scale,
    k1: guess.k1 * scale ** 2,
    k2: guess.k2 * scale ** 4,
  });
  const first = attempt(guess);
  if (camera) return first;
  // A picture that does not fix the camera (a bed with no markings, a hidden corner) can give a fit
  // that lies on every feature and still puts the balls centimetres off; a fit from another focal
  // length finds it out: it lands elsewhere. So no fit stands alone where another start can be
  // asked: a first fit is checked from a longer and then a shorter start, and where the first start
  // found no table (the corners' focal length is uncertain in a view nearly straight down, and the
  // rounds can settle on a wrong one), the retries from a shorter and a longer one check each other.
  const tried: ImageCalibration[] = [];
  const add = (r: Result<ImageCalibration>): void => {
    if (r.ok) tried.push(r.value);
  };
  const agree = (a: ImageCalibration, b: ImageCalibration): boolean =>
    ballDisagreement(a.calibration, b.calibration).rms <= o.maxDisagreementMm;
  // The fits that count: one lying on the picture more than `evidenceRmsRatio` times worse than
  // another has settled on edges the other does not (a rail's edge for a nose), and says nothing
  // of where the camera is.
  // Nor does one that kept no marking lines where another lies on them: the picture shows the
  // markings where the other puts them, and the first is off along the bed. Seen obliquely through a
  // long lens, with the end cushion nearer the camera showing nothing (the demo camera 3 times as far,
  // tilted 20°), two starts settled 14 % short of the focal length without the markings, the rail's
  // grain taken for that cushion's nose, and agreed on balls 32 mm off; the third lay on the baulk
  // line, the D and the spots, 0.5 mm off.
  const evidence = (): ImageCalibration[] => {
    const marked = tried.filter((f) => f.features.line >= o.minMarkingLinePoints);
    const fits = marked.length > 0 ? marked : tried;
    const best = Math.min(...fits.map((f) => f.rmsPx));
    return fits.filter((f) => f.rmsPx <= o.evidenceRmsRatio * best);
  };
  const confirmed = (): ImageCalibration | undefined => {
    const fits = evidence();
    return fits.find((a, i) => fits.some((b, j) => j !== i && agree(a, b)));
  };
  add(first);
  for (const scale of first.ok ? o.crossCheckFocals : o.focalRetries) {
    const fit = confirmed();
    if (fit) return ok(fit);
    add(attempt(from(scale)));
  }
  const fit = confirmed();
  if (fit) return ok(fit);
  const fits = evidence();
  const [alone, other] = fits;
  if (!alone) return first;
  if (!other) {
    // No other start found a table, or only a worse fit: the one fit stands where it lies on the
    // picture closely, as a camera that the picture fixes does, and ended within the focal range.
    const lens = unfixedFocal.get(alone);
    if (lens) return lens;
    if (alone.rmsPx <= o.maxUnconfirmedRmsPx * pxScale) return ok(alone);
    return err(
      refereeError(
        'SOLVE_FAILED',
        failed(
          `the picture does not fix the camera: one fit only, ${alone.rmsPx.toFixed(2)} px RMS from the ` +
            `picture, over the ${(o.maxUnconfirmedRmsPx * pxScale).toFixed(2)} px a fit no other start ` +
            `confirms must keep; give the camera with --camera, or place the corners by hand on serve's ` +
            `/calibrate page`,
          'unconfirmed',
        ),
        'image',
      ),
    );
  }
  const apart = ballDisagreement(alone.calibration, other.calibration);
  return err(
    refereeError(
      'SOLVE_FAILED',
      failed(
        `the picture does not fix the camera: fits from different focal lengths put a ball ` +
          `${apart.rms.toFixed(0)} mm apart (RMS, ${apart.max.toFixed(0)} mm at worst); give the camera ` +
          `with --camera, or place the corners by hand on serve's /calibrate page`,
        'crossCheck',
      ),
      'image',
    ),
  );
};

/**
 * RMS and worst distance (mm) between where `a` sees a ball resting anywhere on the bed (an 11 × 21
 * grid) and where `b` puts what `a` sees there. A bed without markings does not show which end is
 * which: the nearer of `b`'s two half turns is taken.
 */
export const ballDisagreement = (
  a: Calibration<Table>,
  b: Calibration<Table>,
): { rms: number; max: number } => {
  const { width: W, length: L, ballRadius: r } = a.table;
  const of = (c: Calibration<Table>): { rms: number; max: number } => {
    const e: number[] = [];
    for (let i = 0; i <= 10; i++)
      for (let j = 0; j <= 20; j++) {
        const x = r + ((W - 2 * r) * i) / 10;
        const y = r + ((L - 2 * r) * j) / 20;
        const q = pixelToPlane(c, project(a, { x: mm(x), y: mm(y), z: mm(r) }), mm(r));
        e.push(q ? Math.hypot(q.x - x, q.y - y) : Infinity);
      }
    return { rms: Math.sqrt(e.reduce((s, v) => s + v * v, 0) / e.length), max: Math.max(...e) };
  };
  const straight = of(b);
  const turned = of(halfTurn(b));
  return straight.rms <= turned.rms ? straight : turned;
};
