// The demo camera on a long lens (issue 14: pictures taken from farther away through a longer lens),
// shared by the calibration tests that draw them.
import { cameraCentre, validateCalibration, type Calibration } from '../../src/camera/index.ts';
import { mulMat, mulMatVec, rotationFromVector, transpose } from '../../src/camera/mat3.ts';
import type { RgbImage } from '../../src/core/image.ts';
import type { Table } from '../../src/equipment/index.ts';
import { createRenderer, renderFrame } from '../../src/sim/render/index.ts';
import { demo } from '../camera-helpers.ts';

/**
 * The demo camera (1920 × 1080) on a long lens: `s` times as far from the middle of the bed along its
 * line of sight, with `s` times the focal length and no distortion, then swung `tilt` degrees about
 * the bed's middle, across the table (the end nearer the camera seen more obliquely).
 */
export const longLensCamera = (s: number, tilt: number): Calibration<Table> => {
  const c = demo();
  const mid = { x: c.table.width / 2, y: c.table.length / 2, z: 0 };
  const centre = cameraCentre(c);
  const swing = rotationFromVector({ x: (tilt * Math.PI) / 180, y: 0, z: 0 });
  const away = mulMatVec(swing, {
    x: s * (centre.x - mid.x),
    y: s * (centre.y - mid.y),
    z: s * (centre.z - mid.z),
  });
  const R = mulMat(c.pose.R, transpose(swing));
  const t = mulMatVec(R, { x: mid.x + away.x, y: mid.y + away.y, z: mid.z + away.z });
  const camera = validateCalibration({
    ...c,
    camera: { ...c.camera, fx: c.camera.fx * s, fy: c.camera.fy * s, k1: 0, k2: 0, k3: 0, p1: 0, p2: 0 },
    pose: { R, t: [-t.x, -t.y, -t.z] },
  });
  if (!camera.ok) throw new Error(camera.error.message);
  return camera.value;
};

/** The pictures drawn so far in this test process, by `s` and `tilt`. */
const drawn = new Map<string, RgbImage>();

/**
 * The picture the renderer draws through `longLensCamera(s, tilt)`, the table empty: drawn once in a
 * test process (4 s of rendering; the long-lens cases ask for each picture twice, with and without
 * the true intrinsics), each caller given its own copy of the pixels to draw over if it likes.
 */
export const longLens = (s: number, tilt: number): RgbImage => {
  const key = `${s} ${tilt}`;
  const image =
    drawn.get(key) ??
    renderFrame(createRenderer(longLensCamera(s, tilt), { supersample: 1 }), [{ balls: [], occluders: [] }], {
      frameIndex: 0,
    });
  drawn.set(key, image);
  return { ...image, data: Uint8Array.from(image.data) };
};
