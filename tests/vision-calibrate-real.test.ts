// Calibration from photo-like pictures (tests/helpers/photo-table.ts): a table drawn in a style the
// calibrator was not developed on — pocket cut-outs in the cloth's outline, wooden rails, a box over a
// corner, a strong ultra-wide barrel, dark cloth, an oblique phone held at the side, a cue across. Each
// solved camera must put a ball anywhere on the bed within a few millimetres of where the true camera
// sees it. A handful of 1080p pictures; the full tuning and held-out sets run in bench/calibrate-photos.ts.
import { describe, expect, it } from 'vitest';
import { ballDisagreement as ballErrors, calibrateFromImage } from '../src/vision/calibrate/index.ts';
import { photoTable, type PhotoOptions } from './helpers/photo-table.ts';

const HD = { width: 1920, height: 1080 };
const base: PhotoOptions = {
  bed: 'small',
  size: HD,
  cloth: 'tournament',
  rails: 'brown',
  tilt: 15,
  lens: 'normal',
  k1: -0.06,
  balls: 4,
  cue: false,
  hiddenCorner: false,
  gain: 0.9,
  noise: 3,
  jpeg: true,
  supersample: 3,
};

const cases: [string, number, Partial<PhotoOptions>][] = [
  ['pocket cut-outs in the outline, seen from straight above', 101, { tilt: 4, k1: -0.05 }],
  ['a corner hidden by a box', 101, { rails: 'dark', tilt: 20, balls: 3, hiddenCorner: true }],
  ['ultra-wide k1 −0.3', 101, { tilt: 22, lens: 'ultrawide', k1: -0.3, balls: 5 }],
  ['dark cloth with brown rails, a dim room', 102, { cloth: 'worn', k1: -0.08, balls: 6, gain: 0.5 }],
  [
    'oblique 30° phone view, portrait',
    103,
    { size: { width: 1080, height: 1920 }, rails: 'dark', tilt: 30, k1: -0.04, balls: 5, gain: 0.8 },
  ],
  [
    'a cue across the table, rails the colour of the cloth in shadow',
    101,
    { rails: 'shadow', tilt: 18, k1: -0.07, balls: 8, cue: true },
  ],
  ['a full-size snooker table', 102, { bed: 'snooker', tilt: 12, k1: -0.08, balls: 6 }],
];

describe('calibrate from photo-like pictures of a real table', () => {
  for (const [name, seed, o] of cases)
    it(`${name}: balls within 3 mm RMS, 6 mm worst`, () => {
      const photo = photoTable(seed, { ...base, ...o });
      const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
      if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
      const e = ballErrors(photo.truth, r.value.calibration);
      expect(r.value.rmsPx).toBeLessThan(0.6);
      expect(e.rms).toBeLessThan(3);
      expect(e.max).toBeLessThan(6);
    });

  it('a fit that lies on every feature but puts the balls 30 mm off (a pool bed, a hidden corner): the start that lost a cushion is refused, the right fit stands', () => {
    // Tuning picture 15 (bench/calibrate-photos.ts): one start gave 0.23 px RMS and balls 29.5 mm
    // off, having lost most of a cushion, and the check from another focal length landed 30 mm from
    // it: the picture was refused. Each fit must now keep every cushion: that start is refused, and
    // the fit that stands is the true one.
    const photo = photoTable(15);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  });

  it('a full-size bed, no markings, nearly head-on (fits from different focal lengths disagreed, 44.5 mm off at first): calibrated, balls within 3 mm', () => {
    // Held-out picture 900 012: the first fit put the balls 44.5 mm off, the starts from other focal
    // lengths 13 mm from it and from each other, and the picture was refused. Its first round now
    // looks for the nose where the band is predicted (the wider search took other edges for it).
    const photo = photoTable(900_012, undefined, true);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  }, 120_000); // up to three fits

  // The end cushion nearer the camera seen edge-on under a tilt: too little parallax between the
  // cloth's edge and the nose to tell them apart, so it was not looked for, and nothing but the far
  // end pinned a bed with no markings along its length; fits lay on all they kept at 0.16–0.20 px
  // and put the balls 4.3, 6.6 and 7.9 mm off (bench/calibrate-photos.ts heldout, 900 041–080).
  for (const [seed, what] of [
    [900_052, 'a small bed, blue cloth, black rails, 24° tilt'],
    [900_054, 'a pool bed, portrait, a corner hidden, 21° tilt'],
    [900_062, 'a pool bed, portrait, 24° tilt'],
  ] as const)
    it(`an end cushion seen edge-on (${what}): found by its nose, balls within 3 mm`, () => {
      const photo = photoTable(seed, undefined, true);
      const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
      if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
      expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
    }, 120_000); // up to three fits

  it('half a side cushion behind a box (6 of its 35 profiles left): the rest of the table pins it, balls within 3 mm', () => {
    // Held-out picture 900 069: refused before as that half side was kept along under a fifth of it.
    const photo = photoTable(900_069, undefined, true);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  }, 120_000);

  it('a pool bed below an ultra-wide lens, 28° tilt (a fit 37 mm off at 1.15 px RMS at first): calibrated, balls within 3 mm', () => {
    // Held-out picture 900 045: the first fit stood unchecked, 37 mm off, then was refused as the
    // other starts landed 104 mm from it. With the focal length the outline's corners give and the
    // nose looked for where the band is predicted from the first round, the fits agree on the truth.
    const photo = photoTable(900_045, undefined, true);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  }, 120_000); // up to three fits

  it('a second start that runs off does not throw a good fit away (an ultra-wide 12 MP picture): a third decides', () => {
    // Tuning picture 14: the fit is 1.3 mm RMS from the truth, the check from a longer lens lands
    // 40 mm off, the one from a shorter lens agrees with the first.
    const photo = photoTable(14);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  }, 180_000); // three fits of a 12 MP picture

  it('a full-size bed below an ultra-wide lens, no markings (an end cushion lost, 17.5 mm off at first): calibrated, balls within 3 mm', () => {
    // Held-out picture 900 004 (bench/calibrate-photos.ts heldout): a fit kept 7 of the 103 profiles
    // across one end cushion and put the balls 17.5 mm off, then was refused for it. From the focal
    // length the outline's corners give, every cushion is kept and the balls land within 1 mm.
    const photo = photoTable(900_004, undefined, true);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  }, 180_000); // a 12 MP picture, fitted from three starts

  // Ultra-wide lenses seen nearly head-on (bench/calibrate-photos.ts heldout 40 900081, refused
  // before, each start losing a cushion): a strong barrel with κ2 about 0 was dropped altogether as
  // folding inside the picture, and the first round's search for the nose from 0.4 to 3 times the
  // predicted band took other edges for it on every cushion, the focal length running off.
  for (const [seed, what] of [
    [900_095, 'a small bed seen nearly head-on, k1 −0.33: a barrel that folded without its κ2'],
    [900_111, 'a full-size bed seen nearly head-on, k1 −0.22, a cue: the first round took other edges'],
  ] as const)
    it(`an ultra-wide lens (${what}): calibrated, balls within 3 mm`, () => {
      const photo = photoTable(seed, undefined, true);
      const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
      if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
      expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
    }, 120_000); // up to three fits

  it('a pool bed seen 5° from straight down (the corners give half the focal length): the guess is kept, balls within 3 mm', () => {
    // Held-out picture 900 089: seen nearly head-on, the outline's corners gave 0.42 of the long side
    // for 0.82 (σ 0.18 quoted), and no table was found from it; it is calibrated from the 0.7 guess.
    const photo = photoTable(900_089, undefined, true);
    const r = calibrateFromImage({ image: photo.image, table: photo.table, tableSpec: photo.tableSpec });
    if (!r.ok) throw new Error(`${photo.style}: ${r.error.message}`);
    expect(ballErrors(photo.truth, r.value.calibration).rms).toBeLessThan(3);
  }, 180_000); // a 12 MP picture, fitted from three starts

  it('a picture showing only part of the cloth: NO_TABLE, naming the step that failed', () => {
    // The camera's picture cut down to its middle: cloth everywhere, no outline to fit.
    const photo = photoTable(101, base);
    const { width, height, data } = photo.image;
    const w = Math.floor(width / 3);
    const h = Math.floor(height / 3);
    const crop = new Uint8Array(w * h * 3);
    for (let y = 0; y < h; y++)
      crop.set(data.subarray(((y + h) * width + w) * 3, ((y + h) * width + 2 * w) * 3), y * w * 3);
    const r = calibrateFromImage({
      image: { width: w, height: h, data: crop },
      table: photo.table,
      tableSpec: photo.tableSpec,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('NO_TABLE');
      expect(r.error.message).toMatch(/^no table found in the picture: .*cushion/);
      expect(r.error.message).toMatch(
        /; step failed: finding the cushions where the first camera puts them$/,
      );
    }
  });
});
