// Parts of the second renderer's frame drawn alone (src/sim/alt), for tests that look at a few pixels:
// the same camera, its principal point moved, so each pixel is the whole frame's pixel there.
import { project, type Calibration } from '../../src/camera/index.ts';
import type { RgbImage } from '../../src/core/image.ts';
import { mm } from '../../src/core/units.ts';
import type { Table } from '../../src/equipment/index.ts';
import { renderAlt, type AltBall, type AltStyle } from '../../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './alt-palette.ts';

/** The image point of a table point (mm) through camera c. */
export const px = (c: Calibration<Table>, x: number, y: number, z: number): { u: number; v: number } =>
  project(c, { x: mm(x), y: mm(y), z: mm(z) });

/**
 * A `size` px square window of c's frame centred on a table point (not a calibration file's: the bed is
 * nearly all outside it).
 */
export const windowOn = (
  c: Calibration<Table>,
  x: number,
  y: number,
  z: number,
  size: number,
): Calibration<Table> => {
  const p = px(c, x, y, z);
  const u0 = Math.round(p.u) - size / 2;
  const v0 = Math.round(p.v) - size / 2;
  return {
    ...c,
    image: { width: size, height: size },
    camera: { ...c.camera, cx: c.camera.cx - u0, cy: c.camera.cy - v0 },
  };
};

/**
 * The columns u0 to u0 + width of c's frame, its full height: what the renderer scales with the
 * frame's height (a blur's, a halo's size in px) is as in the whole frame, and a window centred on the
 * frame's middle column keeps the frame's centre (about which a lens's colours are magnified).
 */
export const columnsOf = (c: Calibration<Table>, u0: number, width: number): Calibration<Table> => ({
  ...c,
  image: { width, height: c.image.height },
  camera: { ...c.camera, cx: c.camera.cx - u0 },
});

/** The pixel (r, g, b) nearest an image point. */
export const at = (img: RgbImage, p: { u: number; v: number }): readonly [number, number, number] => {
  const k = 3 * (Math.round(p.v) * img.width + Math.round(p.u));
  return [img.data[k] as number, img.data[k + 1] as number, img.data[k + 2] as number];
};

/** The light (linear, before the exposure) a code value was graded from: the tone curve undone. */
export const light = (v: number): number => {
  const o = v / 255;
  const y = (o < 0.034 ? o / 0.85 : o) ** 2.2;
  return y / (1.25 - 0.25 * y);
};

/** A pixel's light in each channel (the tone curve undone). */
export const lightOf = (img: RgbImage, p: { u: number; v: number }): [number, number, number] => {
  const [r, g, b] = at(img, p);
  return [light(r), light(g), light(b)];
};

/**
 * A code value's raw light (the tone curve and the white balance undone), and the width of the raw light
 * that reads as it: a code value's, and a step of the camera's table (its curve looked up at 1/1024).
 */
export const raw = (s: AltStyle, v: number, ch: number): { x: number; slack: number } => {
  const wb = s.whiteBalance[ch] as number;
  return {
    x: light(v) / wb,
    slack: (light(Math.min(255, v + 0.5)) - light(Math.max(0, v - 0.5)) + 1 / 1024) / wb,
  };
};

/** A frame (or a window of one, windowOn) drawn without sensor noise, from a fixed seed. */
export const drawn = (c: Calibration<Table>, balls: readonly AltBall[], style: AltStyle): RgbImage =>
  renderAlt(c, ALT_SNOOKER_PALETTE, balls, { ...style, noise: 0 }, 7).image;
