import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cameraCentre,
  foldRadius,
  inFront,
  normalisedToPixel,
  pixelRay,
  pixelToPlane,
  project,
  rotationFromVector,
  undistortPixel,
  type Calibration,
  type Intrinsics,
} from '../src/camera/index.ts';
import { mm, pointPx, type Point3Mm } from '../src/core/units.ts';
import { demo, loadOpenCv, NO_DISTORTION, overheadCamera, type OpenCv } from './camera-helpers.ts';

const cal = demo();
const BALL_CENTRE = 26.25;
const at = (x: number, y: number, z: number): Point3Mm => ({ x: mm(x), y: mm(y), z: mm(z) });

describe('projection against hand-computed truth', () => {
  // Straight down from (889, 1784.5, 2800), table y along the image's u, x along v, f = 1000 px.
  const straight = overheadCamera(
    { fx: 1000, fy: 1000, cx: 959.5, cy: 539.5, ...NO_DISTORTION },
    { x: 889, y: 1784.5, z: 2800 },
    { x: 0, y: 0, z: 0 },
  );
  it('a cloth point 280 mm across and 560 mm along from the nadir lands 100 px down and 200 px right', () => {
    const p = project(straight, at(889 + 280, 1784.5 + 560, 0));
    expect(p.u).toBeCloseTo(959.5 + 200, 9);
    expect(p.v).toBeCloseTo(539.5 + 100, 9);
  });
  it('a ball centre 26.25 mm up is seen further out, by the ratio of the distances (parallax)', () => {
    const p = project(straight, at(889 + 280, 1784.5 + 560, BALL_CENTRE));
    expect(p.u).toBeCloseTo(959.5 + (1000 * 560) / (2800 - BALL_CENTRE), 9);
  });
  it('the camera centre is where the camera was put', () => {
    const c = cameraCentre(straight);
    expect([c.x, c.y, c.z].map((n) => Number(n.toFixed(9)))).toEqual([889, 1784.5, 2800]);
  });
});

describe('OpenCV agrees', () => {
  let cv: OpenCv;
  beforeAll(async () => {
    ({ cv } = await loadOpenCv());
  });

  it("the distortion model matches OpenCV's (cv.undistort of coordinate ramps) over the image to 1/64 px", () => {
    const k = cal.camera;
    const { width, height } = cal.image;
    const K = cv.matFromArray(3, 3, cv.CV_64F, [k.fx, 0, k.cx, 0, k.fy, k.cy, 0, 0, 1]);
    const D = cv.matFromArray(1, 5, cv.CV_64F, [k.k1, k.k2, k.p1, k.p2, k.k3]);
    // cv.undistort fills each pixel of the ideal image from where OpenCV's lens model sends it in the
    // source. Undistorting an image whose value is its own u (or v) therefore returns the model's
    // distorted u (or v) there, exactly, as bilinear interpolation of a ramp is exact; remap rounds
    // the position to 1/32 px, hence the tolerance.
    const distorted = (coordinate: (u: number, v: number) => number): Float32Array => {
      const ramp = Array.from({ length: width * height }, (_, i) =>
        coordinate(i % width, Math.floor(i / width)),
      );
      const src = cv.matFromArray(height, width, cv.CV_32FC1, ramp);
      const dst = new cv.Mat();
      cv.undistort(src, dst, K, D, K);
      const out = dst.data32F.slice();
      src.delete();
      dst.delete();
      return out;
    };
    const mapU = distorted((u) => u);
    const mapV = distorted((_, v) => v);
    let worst = 0;
    let compared = 0;
    for (let v = 0; v < height; v += 5)
      for (let u = 0; u < width; u += 5) {
        const p = normalisedToPixel(k, (u - k.cx) / k.fx, (v - k.cy) / k.fy);
        if (p.u < 1 || p.v < 1 || p.u > width - 2 || p.v > height - 2) continue; // no neighbours to blend
        const i = v * width + u;
        worst = Math.max(worst, Math.abs(p.u - (mapU[i] ?? NaN)), Math.abs(p.v - (mapV[i] ?? NaN)));
        compared++;
      }
    K.delete();
    D.delete();
    expect(compared).toBeGreaterThan(70_000);
    expect(worst).toBeLessThan(1 / 64 + 1e-3);
  });

  it("rotationFromVector is OpenCV's Rodrigues", () => {
    for (const w of [
      { x: 0.1, y: 0.2, z: 0.3 },
      { x: -2, y: 0.5, z: 1 },
      { x: 1e-9, y: 0, z: -2e-9 },
    ]) {
      const src = cv.matFromArray(3, 1, cv.CV_64F, [w.x, w.y, w.z]);
      const dst = new cv.Mat();
      cv.Rodrigues(src, dst);
      const ours = rotationFromVector(w).flat();
      Array.from(dst.data64F).forEach((x, i) => expect(ours[i]).toBeCloseTo(x, 14));
      src.delete();
      dst.delete();
    }
  });
});

describe('project → unproject round trips with the demo lens (fast-check)', () => {
  const bed = {
    x: fc.double({ min: 0, max: 1778, noNaN: true }),
    y: fc.double({ min: 0, max: 3569, noNaN: true }),
  };
  for (const z of [0, BALL_CENTRE])
    it(`every point of the bed at z = ${z} comes back to within 1e-6 mm`, () => {
      fc.assert(
        fc.property(bed.x, bed.y, (x, y) => {
          const q = pixelToPlane(cal, project(cal, at(x, y, z)), mm(z));
          expect(q).toBeDefined();
          expect(Math.hypot((q?.x ?? NaN) - x, (q?.y ?? NaN) - y)).toBeLessThan(1e-6);
        }),
        { numRuns: 3000, seed: 11 },
      );
    });

  it('every pixel of the image undistorts to a point that distorts back onto it within 1e-9 px', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.5, max: cal.image.width - 0.5, noNaN: true }),
        fc.double({ min: -0.5, max: cal.image.height - 0.5, noNaN: true }),
        (u, v) => {
          const n = undistortPixel(cal.camera, pointPx(u, v));
          expect(n.converged).toBe(true);
          const p = normalisedToPixel(cal.camera, n.x, n.y);
          expect(Math.hypot(p.u - u, p.v - v)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 3000, seed: 12 },
    );
  });

  it("a pixel's ray starts at the camera centre, is a unit vector, and passes through the point seen", () => {
    const c = cameraCentre(cal);
    fc.assert(
      fc.property(bed.x, bed.y, fc.double({ min: 0, max: 60, noNaN: true }), (x, y, z) => {
        const { origin, dir } = pixelRay(cal, project(cal, at(x, y, z)));
        expect([origin.x, origin.y, origin.z]).toEqual([c.x, c.y, c.z]);
        expect(Math.hypot(dir.x, dir.y, dir.z)).toBeCloseTo(1, 12);
        // Distance from the point to the ray's line: |(P − O) × d|.
        const px = x - origin.x;
        const py = y - origin.y;
        const pz = z - origin.z;
        const off = Math.hypot(py * dir.z - pz * dir.y, pz * dir.x - px * dir.z, px * dir.y - py * dir.x);
        expect(off).toBeLessThan(1e-6);
      }),
      { numRuns: 1000, seed: 13 },
    );
  });
});

describe('where a ray meets a plane', () => {
  it('the cloth-plane mapping of a ball near a corner is ~20 mm out; the ball-centre plane puts it right', () => {
    const pixel = project(cal, at(60, 3500, BALL_CENTRE));
    const onCloth = pixelToPlane(cal, pixel, mm(0));
    const atCentre = pixelToPlane(cal, pixel, mm(BALL_CENTRE));
    const out = Math.hypot((onCloth?.x ?? NaN) - 60, (onCloth?.y ?? NaN) - 3500);
    expect(out).toBeGreaterThan(15);
    expect(out).toBeLessThan(25);
    expect(Math.hypot((atCentre?.x ?? NaN) - 60, (atCentre?.y ?? NaN) - 3500)).toBeLessThan(1e-6);
  });
  it('a point above the camera is not in front of it; the bed is', () => {
    expect(inFront(cal, at(889, 1784.5, 3000))).toBe(false);
    expect(inFront(cal, at(0, 0, 0))).toBe(true);
  });
  it('is undefined for a plane above the camera (met behind it)', () => {
    expect(pixelToPlane(cal, pointPx(960, 540), mm(5000))).toBeUndefined();
  });
  it('is undefined for a ray parallel to the plane', () => {
    // A camera looking horizontally along the table: the principal ray never comes down to the cloth.
    const level: Calibration = {
      ...cal,
      pose: {
        R: [
          [1, 0, 0],
          [0, 0, -1],
          [0, 1, 0],
        ],
        t: [0, 0, 0],
      },
    };
    expect(pixelToPlane(level, pointPx(cal.camera.cx, cal.camera.cy), mm(0))).toBeUndefined();
  });
  it('is undefined beyond the radius where the lens model folds back', () => {
    const strong: Intrinsics = { ...cal.camera, k1: -0.5, k2: 0, k3: 0 };
    const n = undistortPixel(strong, pointPx(cal.camera.cx + 5 * cal.camera.fx, cal.camera.cy));
    expect(n.converged).toBe(false);
    expect(Number.isFinite(n.x) && Number.isFinite(n.y)).toBe(true);
    expect(
      pixelToPlane({ ...cal, camera: strong }, pointPx(cal.camera.cx + 5 * cal.camera.fx, 540), mm(0)),
    ).toBeUndefined();
  });
});

describe('foldRadius', () => {
  const lens = (k1: number, k2 = 0, k3 = 0): Intrinsics => ({ ...cal.camera, k1, k2, k3, p1: 0, p2: 0 });
  it('k1 alone folds where 1 + 3·k1·r² = 0', () => {
    expect(foldRadius(lens(-0.2))).toBeCloseTo(Math.sqrt(1 / 0.6), 12);
  });
  it('a lens that keeps spreading outwards never folds', () => {
    expect(foldRadius(lens(0.1, 0.01))).toBe(Infinity);
  });
  it('the demo lens folds far outside its image', () => {
    const corner = Math.hypot(cal.camera.cx / cal.camera.fx, cal.camera.cy / cal.camera.fy);
    expect(foldRadius(cal.camera)).toBeGreaterThan(2 * corner);
  });
});
