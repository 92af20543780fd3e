// How far a solved camera puts a ball from where the true camera sees it (tests and bench alike).
import { pixelToPlane, project, type Calibration } from '../../src/camera/index.ts';
import { mm } from '../../src/core/units.ts';
import { halfTurn } from '../../src/vision/calibrate/index.ts';

/**
 * RMS and worst error (mm) of a ball resting anywhere on the bed (an 11 × 21 grid): where the solved
 * camera places what the true camera sees. The photo-like pictures draw no markings, so which end is
 * baulk cannot be seen in them: the better of the two half turns is taken.
 */
export const ballErrors = (truth: Calibration, solved: Calibration): { rms: number; max: number } => {
  const { width: W, length: L, ballRadius: r } = truth.table;
  const of = (c: Calibration): { rms: number; max: number } => {
    const e: number[] = [];
    for (let i = 0; i <= 10; i++)
      for (let j = 0; j <= 20; j++) {
        const x = r + ((W - 2 * r) * i) / 10;
        const y = r + ((L - 2 * r) * j) / 20;
        const q = pixelToPlane(c, project(truth, { x: mm(x), y: mm(y), z: mm(r) }), mm(r));
        e.push(q ? Math.hypot(q.x - x, q.y - y) : Infinity);
      }
    return { rms: Math.sqrt(e.reduce((s, v) => s + v * v, 0) / e.length), max: Math.max(...e) };
  };
  const a = of(solved);
  const b = of(halfTurn(solved));
  return a.rms <= b.rms ? a : b;
};
