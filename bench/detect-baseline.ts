// The peer baseline for bench/detect.ts: what open-source pool and snooker trackers do — OpenCV's
// HoughCircles on the not-cloth mask (an HSV threshold around the cloth's hue), colour thresholds in
// HSV for the ball's identity — given the same calibration as our detector: the table's outline
// masks the frame, the expected ball radius bounds the circles, and each circle's centre is placed
// where the camera ray through it meets z = ball radius (pixelToPlane). OpenCV is the WebAssembly
// build @techstark/opencv-js (a dev dependency, used only here).
import type { Table } from '../src/equipment/index.ts';
import { createRequire } from 'node:module';
import { pixelToPlane, project, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { SnookerBallId } from '../src/games/snooker/equipment.ts';
import { mm, pointPx } from '../src/core/units.ts';
import { geometryFor } from '../src/vision/index.ts';

/** The few OpenCV.js calls used here. */
interface Mat {
  readonly rows: number;
  readonly cols: number;
  readonly data: Uint8Array;
  readonly data32F: Float32Array;
  delete(): void;
  setTo(s: Scalar): void;
}
type Scalar = readonly number[];
interface MatVector {
  push_back(m: Mat): void;
  delete(): void;
}
interface Cv {
  Mat: new (rows?: number, cols?: number, type?: number, s?: Scalar) => Mat;
  MatVector: new () => MatVector;
  Scalar: new (a: number, b?: number, c?: number, d?: number) => Scalar;
  Size: new (w: number, h: number) => unknown;
  Point: new (x: number, y: number) => unknown;
  CV_8UC1: number;
  CV_8UC3: number;
  CV_32SC2: number;
  COLOR_RGB2HSV: number;
  HOUGH_GRADIENT: number;
  MORPH_OPEN: number;
  MORPH_ELLIPSE: number;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): Mat;
  cvtColor(src: Mat, dst: Mat, code: number): void;
  inRange(src: Mat, lo: Mat, hi: Mat, dst: Mat): void;
  bitwise_not(src: Mat, dst: Mat): void;
  bitwise_and(a: Mat, b: Mat, dst: Mat): void;
  morphologyEx(src: Mat, dst: Mat, op: number, kernel: Mat): void;
  getStructuringElement(shape: number, size: unknown): Mat;
  GaussianBlur(src: Mat, dst: Mat, size: unknown, sigma: number): void;
  HoughCircles(
    src: Mat,
    out: Mat,
    method: number,
    dp: number,
    minDist: number,
    p1: number,
    p2: number,
    minR: number,
    maxR: number,
  ): void;
  fillPoly(img: Mat, pts: MatVector, colour: Scalar): void;
  onRuntimeInitialized?: () => void;
}

export interface BaselineBall {
  readonly id: SnookerBallId;
  readonly x: number;
  readonly y: number;
  readonly u: number;
  readonly v: number;
}

export interface Baseline {
  detect(image: RgbImage): BaselineBall[];
  close(): void;
}

/**
 * Load OpenCV.js (≈0.6 s: the WebAssembly module). Handed back in a box: the Emscripten module is a
 * thenable that resolves to itself, which a promise would try to adopt for ever.
 */
export const loadOpenCv = async (): Promise<{ readonly cv: Cv }> => {
  const require = createRequire(import.meta.url);
  const cv = require('@techstark/opencv-js') as Cv;
  if (typeof cv.Mat !== 'function')
    await new Promise<void>((resolve) => {
      cv.onRuntimeInitialized = resolve;
    });
  return { cv };
};

// HSV in OpenCV's 8-bit ranges: H 0–180, S and V 0–255. Thresholds set on rendered frames of the
// demo camera, as a tracker's author would set them on their own footage.
const classify = (h: number, s: number, v: number): SnookerBallId => {
  if (v < 70) return 'black';
  if (s < 70 && v > 150) return 'cue';
  if (h >= 95 && h <= 135) return 'blue';
  if (h >= 18 && h < 40) return 'yellow';
  if (h >= 40 && h < 95) return 'green';
  if (h >= 8 && h < 18) return v < 160 ? 'brown' : 'pink';
  return s < 150 && v > 150 ? 'pink' : 'red';
};

/** The baseline for one calibration: the table mask and the radius bounds are worked out once. */
export const createHoughBaseline = (cv: Cv, c: Calibration<Table>): Baseline => {
  const { width, height } = c.image;
  const g = geometryFor(c);
  const t = c.table;
  const h = t.ballCentreHeight;
  // The bed's outline at the height of the balls' centres, a ball's radius out: where a ball can be.
  const outline: number[] = [];
  const m = t.ballRadius;
  const steps = 40;
  const edge = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let k = 0; k < steps; k++) {
      const f = k / steps;
      const p = project(c, { x: mm(x0 + (x1 - x0) * f), y: mm(y0 + (y1 - y0) * f), z: mm(h) });
      outline.push(Math.round(p.u), Math.round(p.v));
    }
  };
  edge(-m, -m, t.width + m, -m);
  edge(t.width + m, -m, t.width + m, t.length + m);
  edge(t.width + m, t.length + m, -m, t.length + m);
  edge(-m, t.length + m, -m, -m);
  const tableMask = new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(0));
  const poly = cv.matFromArray(outline.length / 2, 1, cv.CV_32SC2, outline);
  const polys = new cv.MatVector();
  polys.push_back(poly);
  cv.fillPoly(tableMask, polys, new cv.Scalar(255));
  polys.delete();
  poly.delete();
  const lo = new cv.Mat(height, width, cv.CV_8UC3, new cv.Scalar(0, 0, 0));
  const hi = new cv.Mat(height, width, cv.CV_8UC3, new cv.Scalar(0, 0, 0));
  const hsv = new cv.Mat();
  const cloth = new cv.Mat();
  const balls = new cv.Mat();
  const blurred = new cv.Mat();
  const circles = new cv.Mat();
  const kernel = cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3));
  const minR = Math.floor(0.85 * g.minRadius);
  const maxR = Math.ceil(1.15 * g.maxRadius);
  const blur = 2 * Math.max(1, Math.round(g.minRadius / 8)) + 1;
  // The table's middle, where the cloth's hue is read each frame.
  const mid = project(c, { x: mm(t.width / 2), y: mm(t.length / 4), z: mm(0) });

  return {
    detect(image) {
      const src = cv.matFromArray(height, width, cv.CV_8UC3, image.data);
      cv.cvtColor(src, hsv, cv.COLOR_RGB2HSV);
      src.delete();
      // The cloth's hue from a patch of bed (most trackers fix it by hand; this is kinder to them).
      const d = hsv.data;
      const hues: number[] = [];
      for (let dv = -20; dv <= 20; dv += 4)
        for (let du = -20; du <= 20; du += 4)
          hues.push(d[((Math.round(mid.v) + dv) * width + Math.round(mid.u) + du) * 3] as number);
      hues.sort((a, b) => a - b);
      const hue = hues[hues.length >> 1] ?? 60;
      lo.setTo(new cv.Scalar(Math.max(0, hue - 12), 90, 30));
      hi.setTo(new cv.Scalar(Math.min(180, hue + 12), 255, 255));
      cv.inRange(hsv, lo, hi, cloth);
      cv.bitwise_not(cloth, balls);
      cv.bitwise_and(balls, tableMask, balls);
      cv.morphologyEx(balls, balls, cv.MORPH_OPEN, kernel);
      cv.GaussianBlur(balls, blurred, new cv.Size(blur, blur), 0);
      cv.HoughCircles(blurred, circles, cv.HOUGH_GRADIENT, 1, 1.5 * g.minRadius, 100, 12, minR, maxR);
      const out: BaselineBall[] = [];
      const f = circles.data32F;
      for (let i = 0; i < circles.cols; i++) {
        const u = f[3 * i] as number;
        const v = f[3 * i + 1] as number;
        const r = f[3 * i + 2] as number;
        const p = pixelToPlane(c, pointPx(u, v), mm(h));
        if (!p) continue;
        // Mean HSV over the inner half of the circle (hue averaged as an angle).
        let cx = 0;
        let cy = 0;
        let s = 0;
        let val = 0;
        let n = 0;
        const ri = Math.max(1, Math.floor(r * 0.6));
        for (let dv = -ri; dv <= ri; dv++)
          for (let du = -ri; du <= ri; du++) {
            if (du * du + dv * dv > ri * ri) continue;
            const x = Math.round(u) + du;
            const y = Math.round(v) + dv;
            if (x < 0 || y < 0 || x >= width || y >= height) continue;
            const k = (y * width + x) * 3;
            const a = ((d[k] as number) / 90) * Math.PI;
            cx += Math.cos(a);
            cy += Math.sin(a);
            s += d[k + 1] as number;
            val += d[k + 2] as number;
            n++;
          }
        const hMean = ((((Math.atan2(cy, cx) / Math.PI) * 90) % 180) + 180) % 180;
        out.push({ id: classify(hMean, s / n, val / n), x: p.x, y: p.y, u, v });
      }
      return out;
    },
    close() {
      for (const mat of [tableMask, lo, hi, hsv, cloth, balls, blurred, circles, kernel]) mat.delete();
    },
  };
};
