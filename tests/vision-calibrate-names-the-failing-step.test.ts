// Issue 14: `referee calibrate --image` must "say which step failed when it fails". Each case is a
// picture made to fail at one step of src/vision/calibrate (its STEP), and the refusal must be
// NO_TABLE on the field `image`, give the reason, and end naming that step. Pictures are drawn
// flat (a cloth-coloured shape on grey) or by src/sim's renderer through the demo camera, then
// edited where the truth puts things (pockets painted over, a cushion painted out).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { project, type Intrinsics } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { mm } from '../src/core/units.ts';
import { createRenderer, encodePng, renderFrame } from '../src/sim/render/index.ts';
import { makeRng } from '../src/sim/random.ts';
import {
  DEFAULT_IMAGE_CALIBRATION,
  calibrateFromImage,
  type ImageCalibrationOptions,
} from '../src/vision/calibrate/index.ts';
import { demo } from './camera-helpers.ts';
import { SNOOKER_BED } from './helpers/games.ts';
import { longLens } from './helpers/long-lens.ts';
import { photoTable } from './helpers/photo-table.ts';
import { suiteTempDir } from './helpers/temp-dir.ts';
import { scaledCalibration } from './vision-scenes.ts';

type Rgb = readonly [number, number, number];
const CLOTH: Rgb = [34, 116, 52];
const GREY: Rgb = [90, 90, 90];

/** A 640 × 360 picture: `shape` (corners in order) in the cloth's colour on grey, sensor noise σ 2. */
const flat = (shape: readonly (readonly [number, number])[]): RgbImage => {
  const width = 640;
  const height = 360;
  const inside = (x: number, y: number): boolean => {
    let odd = false;
    for (let i = 0, j = shape.length - 1; i < shape.length; j = i++) {
      const [xi, yi] = shape[i] as readonly [number, number];
      const [xj, yj] = shape[j] as readonly [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
    return odd;
  };
  const rng = makeRng(14);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = inside(x, y) ? CLOTH : GREY;
      for (let k = 0; k < 3; k++)
        data[(y * width + x) * 3 + k] = Math.round((c[k] as number) + rng.normal(0, 2));
    }
  return { width, height, data };
};

// The demo camera at half size (960 × 540, a cheaper render), an empty table, drawn once.
const truth = scaledCalibration(demo(), 0.5);
let rendered: RgbImage | undefined;
const table = (): RgbImage => {
  rendered ??= renderFrame(createRenderer(truth, { supersample: 1 }), [{ balls: [], occluders: [] }], {
    frameIndex: 0,
  });
  return { ...rendered, data: Uint8Array.from(rendered.data) };
};

/** Paint a disc of radius `r` px round (u, v) in colour `c`. */
const paint = (img: RgbImage, u: number, v: number, r: number, c: Rgb): void => {
  for (let y = Math.max(0, Math.ceil(v - r)); y <= Math.min(img.height - 1, v + r); y++)
    for (let x = Math.max(0, Math.ceil(u - r)); x <= Math.min(img.width - 1, u + r); x++)
      if ((x - u) ** 2 + (y - v) ** 2 <= r * r) img.data.set(c, (y * img.width + x) * 3);
};

/** The colour of the middle of the picture: the cloth's, as the renderer drew it. */
const middle = (img: RgbImage): Rgb => {
  const i = ((img.height >> 1) * img.width + (img.width >> 1)) * 3;
  return [img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number];
};

/** The table with `n` of its pockets painted over in the cloth's colour where the truth puts them. */
const pocketsCovered = (n: number): RgbImage => {
  const img = table();
  const cloth = middle(img);
  for (const p of truth.table.pockets.slice(0, n)) {
    // Where the calibrator looks for the pocket's dark (just past its fall), and round it.
    const depth = p.fallDepth + 15;
    const q = project(truth, {
      x: mm(p.mouthCentre.x + depth * p.axis.x),
      y: mm(p.mouthCentre.y + depth * p.axis.y),
      z: mm(0),
    });
    paint(img, q.u, q.v, 12, cloth);
  }
  return img;
};

/**
 * The table with the cushions painted out in the cloth's colour (from 40 mm in front of the nose to
 * 60 mm behind it, over the cushion's shaded face and its top) where `hidden(i, s)` says: cushion `i`
 * of the bed's `cushions`, `s` from 0 to 1 along it.
 */
const cushionsPaintedOut = (hidden: (i: number, s: number) => boolean): RgbImage => {
  const img = table();
  const cloth = middle(img);
  const { width: W, length: L } = truth.table;
  for (const [i, { a, b }] of truth.table.cushions.entries()) {
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    // Outwards: away from the middle of the bed.
    let n = { x: (b.y - a.y) / len, y: -(b.x - a.x) / len };
    if (n.x * ((a.x + b.x) / 2 - W / 2) + n.y * ((a.y + b.y) / 2 - L / 2) < 0) n = { x: -n.x, y: -n.y };
    for (let along = 0; along <= len; along += 5) {
      if (!hidden(i, along / len)) continue;
      for (let out = -40; out <= 60; out += 5) {
        const x = a.x + ((b.x - a.x) * along) / len + n.x * out;
        const y = a.y + ((b.y - a.y) * along) / len + n.y * out;
        const q = project(truth, { x: mm(x), y: mm(y), z: mm(0) });
        paint(img, q.u, q.v, 2, cloth);
      }
    }
  }
  return img;
};

interface Case {
  readonly name: string;
  readonly picture: () => RgbImage;
  /** The intrinsics given (`--camera`): only the pose is solved, one start. */
  readonly camera?: Intrinsics;
  /** Options changed from the defaults, to reach a step no picture is known to reach with them. */
  readonly options?: Partial<ImageCalibrationOptions>;
  readonly reason: RegExp;
  /**
   * The error's code: NO_TABLE, or SOLVE_FAILED where a table was found but the picture does not fix
   * the camera (the lens and the cross-check steps).
   */
  readonly code?: 'SOLVE_FAILED';
  /** STEP's text for the step that fails. */
  readonly step: string;
}

const cases: readonly Case[] = [
  {
    name: 'a black picture',
    picture: () => ({ width: 640, height: 360, data: new Uint8Array(640 * 360 * 3) }),
    reason: /^the middle of the picture is black$/,
    step: "finding the cloth's outline",
  },
  {
    name: 'a square of cloth turned 45° (a diamond: two sides, not four)',
    picture: () =>
      flat([
        [320, 10],
        [600, 180],
        [320, 350],
        [40, 180],
      ]),
    reason: /^found 2 of 4 cushion lines along the cloth's outline: the .* are hidden or not straight$/,
    step: "finding the cloth's outline",
  },
  {
    name: 'a triangle of cloth (no table seen from above has that outline)',
    picture: () =>
      flat([
        [320, 10],
        [630, 350],
        [10, 350],
      ]),
    reason: /^the cloth-coloured region does not look like a table seen from above$/,
    step: "the first camera from the outline's corners",
  },
  {
    name: 'a long thin strip of cloth',
    picture: () =>
      flat([
        [10, 150],
        [630, 150],
        [630, 210],
        [10, 210],
      ]),
    reason: /^the cushions are not where the outline of the cloth puts them$/,
    step: 'finding the cushions where the first camera puts them',
  },
  {
    name: "the camera given without its lens's barrel (k1, k2, k3 zero)",
    picture: table,
    camera: { ...truth.camera, k1: 0, k2: 0, k3: 0 },
    reason: /^the cushions were found along only \d+ of \d+ edge points$/,
    step: "the fit's hold on the cushions",
  },
  {
    name: 'the baulk cushion painted out',
    picture: () => cushionsPaintedOut((i) => i === 0),
    camera: truth.camera,
    reason:
      /^the end cushion at y = 0 mm was found along only 0 of \d+ profiles across it: it is hidden, out of the picture or not where the rest of the table puts it$/,
    step: "the fit's hold on each cushion",
  },
  {
    name: 'the camera given with a focal length 20 % too long',
    picture: table,
    camera: { ...truth.camera, fx: truth.camera.fx * 1.2, fy: truth.camera.fy * 1.2 },
    reason: /^the table model fits the picture only to \d+\.\d px RMS$/,
    step: "the fit's reprojection error",
  },
  {
    // Seen straight down through a long lens, the fits end near the truth (4 432 px for 4 781, the
    // balls 0.6 mm off), beyond the focal lengths a fit with no camera given may end at (focalRange:
    // 2 picture widths). Fits from other focal lengths confirm it, and it stands (the focal length
    // matters little to where the balls are, seen so); where none may (every other start made to
    // disagree and to count for nothing), the camera is what the picture does not fix. (Before issue
    // 14's long-lens fix this picture was accepted with the balls 49 mm off.)
    name: 'a long lens (focal length 2.5 picture widths), straight down',
    picture: () => longLens(3.75, 0),
    options: { maxDisagreementMm: 0.01, evidenceRmsRatio: 1 },
    code: 'SOLVE_FAILED',
    reason:
      /^the picture does not fix the focal length: the fit ended at \d+ px \(\d\.\d\d of the picture's long side, k1 -?\d\.\d\d\), outside the 0\.25–2 long sides and \|k1\| < 1 a fit with no camera given may end at unless a fit from another focal length agrees with it \(.*\); give the camera with --camera, or place the corners by hand on serve's \/calibrate page$/,
    step: 'the fit of the lens',
  },
  {
    name: 'three pockets covered',
    picture: () => pocketsCovered(3),
    camera: truth.camera,
    reason: /^only 3 of the 6 pockets are dark where the cushions put them$/,
    step: 'the pockets where the fit puts them',
  },
  {
    // Before issue 14's long-lens fix this picture reached the step with the defaults: two fits
    // 4 mm apart. Its fits now agree on the truth (0.5 mm off), and no long-lens picture is known to
    // reach the step with the defaults: the agreement asked for is made stricter than two fits keep.
    name: 'a long lens (focal length 2 picture widths), tilted 20°, fits held to agree within 0.01 mm',
    picture: () => longLens(3, 20),
    options: { maxDisagreementMm: 0.01 },
    code: 'SOLVE_FAILED',
    reason:
      /^the picture does not fix the camera: fits from different focal lengths put a ball \d+ mm apart \(RMS, \d+ mm at worst\); give the camera with --camera, or place the corners by hand on serve's \/calibrate page$/,
    step: 'the cross-check of fits from different focal lengths',
  },
  {
    // Before issue 14's long-lens fix, the demo camera 3.25 times as far, straight down, reached the
    // step with the defaults (one fit at 0.86 px, the focal length 2 266 px for 4 144); its fits now
    // end at the truth. Here the best fit alone counts as evidence (0.26 px, 0.5 mm off) and is held
    // to 0.2 px.
    name: 'a long lens (focal length 2 picture widths), tilted 20°, the best fit alone held to 0.2 px',
    picture: () => longLens(3, 20),
    options: { evidenceRmsRatio: 1, maxUnconfirmedRmsPx: 0.2 },
    code: 'SOLVE_FAILED',
    reason:
      /^the picture does not fix the camera: one fit only, \d\.\d\d px RMS from the picture, over the 0\.20 px a fit no other start confirms must keep; give the camera with --camera, or place the corners by hand on serve's \/calibrate page$/,
    step: 'confirming a fit no other start found',
  },
];

describe('calibrate --image names the step that failed', () => {
  for (const c of cases)
    it(`${c.name}: ${c.code ?? 'NO_TABLE'}, the reason, then "step failed: ${c.step}"`, () => {
      const image = c.picture();
      const r = calibrateFromImage(
        c.camera ? { image, ...SNOOKER_BED, camera: c.camera } : { image, ...SNOOKER_BED },
        { ...DEFAULT_IMAGE_CALIBRATION, ...c.options },
      );
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe(c.code ?? 'NO_TABLE');
      expect(r.error.field).toBe('image');
      const prefix = c.code ? '' : 'no table found in the picture: ';
      const suffix = `; step failed: ${c.step}`;
      expect(r.error.message.startsWith(prefix), r.error.message).toBe(true);
      expect(r.error.message.endsWith(suffix), r.error.message).toBe(true);
      expect(r.error.message.slice(prefix.length, -suffix.length)).toMatch(c.reason);
    });

  it('two pockets covered: four still dark, the table is found (the pockets case fails on the pockets alone)', () => {
    const r = calibrateFromImage({ image: pocketsCovered(2), ...SNOOKER_BED, camera: truth.camera });
    expect(r.ok).toBe(true);
  });

  it('a photo whose lens fit folds back inside the picture (photo 900 165: a small bed below an ultra-wide lens, tilted 35°): SOLVE_FAILED, then "step failed: checking the camera found"', () => {
    // The one picture known to reach the step, found by the photo benchmark's first run on seeds
    // 900 161–200 (no made-up picture did): the fit's k1, k2, k3 fold back 725 px from the principal
    // point, inside the picture, so the lens cannot be inverted there.
    const photo = photoTable(900_165, undefined, true);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('SOLVE_FAILED');
    expect(r.error.field).toBe('image');
    expect(r.error.message).toMatch(
      /^the camera found does not make a usable calibration: the distortion \(k1, k2, k3\) folds back inside the image, \d+ px from the principal point, .*; step failed: checking the camera found$/,
    );
  });
});

describe('referee calibrate --image names the step that failed', () => {
  const dir = suiteTempDir('referee-calibrate-step-');

  it('a triangle of cloth: exit 2, the way through, and the step on stderr', async () => {
    const png = path.join(dir, 'triangle.png');
    writeFileSync(
      png,
      await encodePng(
        flat([
          [320, 10],
          [630, 350],
          [10, 350],
        ]),
      ),
    );
    const r = spawnSync(
      process.execPath,
      ['bin/referee.js', 'calibrate', '--image', png, '--out', path.join(dir, 'x.json')],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /no table found in the picture: the cloth-coloured region does not look like a table/,
    );
    expect(r.stderr).toMatch(
      /place the corners by hand on serve's \/calibrate page, or give them with --points/,
    );
    expect(r.stderr.trim()).toMatch(/; step failed: the first camera from the outline's corners$/);
  });
});
