// The Detector over a sequence of frames: where nothing changed it keeps the last frame's answer —
// and that answer is the one a fresh detection gives; what moved is detected again.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeImage } from '../src/capture/index.ts';
import { type Calibration } from '../src/camera/index.ts';
import { loadDemoCalibration, loadSnookerClassifier } from './helpers/games.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Renderer } from '../src/sim/render/index.ts';
import { ballsOverlap, isOnBed } from '../src/equipment/index.ts';
import { pointMm } from '../src/core/units.ts';
import { type BallClassifier } from '../src/vision/classify/index.ts';
import { DEFAULT_DETECTOR_OPTIONS, Detector, detectBalls, type DetectedBall } from '../src/vision/index.ts';
import { HELD_OUT_SEED, makeScene, renderScene, sceneRenderer, type Scene } from './vision-scenes.ts';

let calibration: Calibration<Table>;
import type { Table } from '../src/equipment/index.ts';
let renderer: Renderer;
let classifier: BallClassifier;

beforeAll(async () => {
  calibration = loadDemoCalibration();
  renderer = sceneRenderer(calibration);
  classifier = await loadSnookerClassifier();
}, 60_000);

/** The same scene with one ball rolled 150 mm along x to a free place. */
const withOneMoved = (scene: Scene): { scene: Scene; moved: { x: number; y: number } } => {
  const table = calibration.table;
  for (const [i, b] of scene.balls.entries()) {
    const to = { x: b.x + (b.x < table.width / 2 ? 150 : -150), y: b.y };
    const others = scene.balls.filter((_, k) => k !== i);
    if (!isOnBed(table, pointMm(to.x, to.y))) continue;
    if (others.some((o) => ballsOverlap(table, pointMm(o.x, o.y), pointMm(to.x, to.y), -60))) continue;
    return {
      scene: { ...scene, balls: scene.balls.map((o, k) => (k === i ? { ...o, ...to } : o)) },
      moved: to,
    };
  }
  throw new Error('no ball can be moved');
};

/** The frames rendered last in this file, by scene and frame, the latest last (a few: 6 MB each). */
const rendered = new Map<string, RgbImage>();

/**
 * The scene drawn as frame `frame` (its sensor noise that frame's): the still-table cases each play
 * the same scene's first frames, rendered once for all of them; each caller given its own pixels.
 */
const render = (scene: Scene, frame: number): RgbImage => {
  const key = JSON.stringify([scene, frame]);
  const image = rendered.get(key) ?? renderScene(renderer, { ...scene, seed: frame }).image;
  rendered.delete(key);
  rendered.set(key, image);
  for (const old of rendered.keys()) if (rendered.size > 8) rendered.delete(old);
  return { ...image, data: Uint8Array.from(image.data) };
};

/** Both answers name the same balls at the same places, to `tolerance` mm. */
const expectSameAnswer = (
  a: readonly DetectedBall[],
  b: readonly DetectedBall[],
  tolerance: number,
): void => {
  expect(a).toHaveLength(b.length);
  for (const x of a) {
    const y = b.find((q) => Math.hypot(q.x - x.x, q.y - x.y) < 10);
    expect(y, `no ball near (${x.x.toFixed(1)}, ${x.y.toFixed(1)}) in the fresh answer`).toBeDefined();
    if (!y) continue;
    expect(y.id).toBe(x.id);
    expect(Math.hypot(y.x - x.x, y.y - x.y)).toBeLessThan(tolerance);
  }
};

describe('Detector', () => {
  it('keeps the answer for an unchanged table, identical to a fresh detection', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1500, calibration.table);
    const image = render(scene, 1);
    const detector = new Detector(calibration, classifier);
    const first = await detector.detect(image);
    const again = await detector.detect(image);
    if (!first.ok || !again.ok) throw new Error('detection failed');
    expect(first.value.reused).toBe(0);
    expect(again.value.reused).toBe(again.value.balls.length);
    const fresh = await detectBalls(image, calibration, classifier);
    if (!fresh.ok) throw new Error(fresh.error.message);
    // The same fits, settled again from where they were: equal to far below what the contract prints.
    expectSameAnswer(again.value.balls, fresh.value, 1e-3);
  });

  it('detects again only what moved; the rest, kept through sensor noise, agrees with a fresh detection', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1501, calibration.table);
    const { scene: after, moved } = withOneMoved(scene);
    const detector = new Detector(calibration, classifier);
    const before = await detector.detect(render(scene, 1));
    // A later frame: one ball has rolled; the sensor's noise is new everywhere.
    const later = render(after, 2);
    const now = await detector.detect(later);
    const fresh = await detectBalls(later, calibration, classifier);
    if (!before.ok || !now.ok || !fresh.ok) throw new Error('detection failed');
    expect(now.value.reused).toBeGreaterThan(0);
    expect(now.value.reused).toBeLessThan(now.value.balls.length);
    expect(now.value.balls.some((b) => Math.hypot(b.x - moved.x, b.y - moved.y) < 1)).toBe(true);
    // Kept answers are the last frame's fits: a fresh fit of new noise differs by a fraction of a mm.
    expectSameAnswer(now.value.balls, fresh.value, 0.3);
  });

  it('follows a ball creeping to a stop, though it moves too little between two frames to tell', async () => {
    // Regression (held-out video, seed 13 000 018): a red rolling its last few millimetres changed
    // each frame less than the sensor's noise allows for, so its place was kept from the last frame
    // it had moved visibly, 2.9 mm behind where it stopped. Refitted later, as the cue ball passed,
    // it seemed to have been nudged — and the cue ball, which missed it by 5 mm, to have touched it.
    const scene = makeScene('random', HELD_OUT_SEED + 1502, calibration.table);
    const [first, ...others] = scene.balls;
    if (!first) throw new Error('no ball');
    const detector = new Detector(calibration, classifier);
    let worst = 0;
    for (let k = 0; k <= 40; k++) {
      const at = { ...first, x: first.x + 0.1 * k };
      const r = await detector.detect(render({ ...scene, balls: [at, ...others] }, k));
      if (!r.ok) throw new Error(r.error.message);
      const near = r.value.balls.find((b) => Math.hypot(b.x - at.x, b.y - at.y) < 10);
      worst = Math.max(worst, near ? Math.hypot(near.x - at.x, near.y - at.y) : Infinity);
    }
    // A change the test lets through is a fraction of a millimetre of a ball's travel, not four.
    expect(worst).toBeLessThan(1);
  }, 60_000);

  it('keeps the whole last answer on a still table through fresh sensor noise, without running the stages', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1503, calibration.table);
    const detector = new Detector(calibration, classifier);
    const first = await detector.detect(render(scene, 1));
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.still).toBe(false);
    for (let frame = 2; frame <= 4; frame++) {
      const r = await detector.detect(render(scene, frame));
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.still).toBe(true);
      expect(r.value.fitted).toBe(0);
      expect(r.value.reused).toBe(first.value.balls.length);
      expect(r.value.balls).toEqual(first.value.balls);
    }
  });

  it('looks again at a still table where one ball moved by a pixel, or by less than the reduced frame sees', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1503, calibration.table);
    const [ball, ...others] = scene.balls;
    if (!ball) throw new Error('no ball');
    // 2 mm is about a pixel at 1080p; 0.5 mm changes no reduced pixel beyond the noise, only the
    // ball's limb at full resolution.
    for (const shift of [2, 0.5]) {
      const detector = new Detector(calibration, classifier);
      await detector.detect(render(scene, 1));
      const at = { ...ball, x: ball.x + shift };
      const r = await detector.detect(render({ ...scene, balls: [at, ...others] }, 2));
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.still, `moved ${shift} mm`).toBe(false);
      if (shift === 2) expect(r.value.balls.some((b) => Math.hypot(b.x - at.x, b.y - at.y) < 0.3)).toBe(true);
    }
  });

  it('runs the stages again after stillFrames still frames in a row', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1503, calibration.table);
    const detector = new Detector(calibration, classifier, {
      ...DEFAULT_DETECTOR_OPTIONS,
      reuse: { ...DEFAULT_DETECTOR_OPTIONS.reuse, stillFrames: 3 },
    });
    const still: boolean[] = [];
    for (let frame = 1; frame <= 6; frame++) {
      const r = await detector.detect(render(scene, frame));
      if (!r.ok) throw new Error(r.error.message);
      still.push(r.value.still);
    }
    expect(still).toEqual([false, true, true, true, false, true]);
  });

  it('starts afresh after reset() and after a frame it could not use', async () => {
    const scene = makeScene('opening', HELD_OUT_SEED, calibration.table);
    const image = render(scene, 3);
    const detector = new Detector(calibration, classifier);
    await detector.detect(image);
    detector.reset();
    const afterReset = await detector.detect(image);
    if (!afterReset.ok) throw new Error(afterReset.error.message);
    expect(afterReset.value.reused).toBe(0);
    const black = await detector.detect({ ...image, data: new Uint8Array(image.data.length) });
    expect(black.ok).toBe(false);
    const afterBlack = await detector.detect(image);
    if (!afterBlack.ok) throw new Error(afterBlack.error.message);
    expect(afterBlack.value.reused).toBe(0);
    expect(afterBlack.value.balls).toHaveLength(22);
  });

  it('keeps each unchanged ball once: the work a frame stays near the balls found while a pack breaks up', async () => {
    // The opening break's video, frames 84–107: the pack splits and a score of pieces change or not
    // from frame to frame. A ball in two pieces' (overlapping) boxes was once kept twice, then four
    // times, and the break took seconds a frame.
    const dir = mkdtempSync(path.join(tmpdir(), 'referee-detector-'));
    try {
      execFileSync('ffmpeg', [
        '-loglevel',
        'error',
        '-i',
        'fixtures/opening-break/clip.mp4',
        '-vf',
        'select=between(n\\,84\\,107)',
        '-vsync',
        '0',
        path.join(dir, '%03d.png'),
      ]);
      const detector = new Detector(calibration, classifier);
      const frames = readdirSync(dir).sort();
      expect(frames).toHaveLength(24);
      for (const name of frames) {
        const image = await decodeImage(path.join(dir, name));
        if (!image.ok) throw new Error(image.error.message);
        const r = await detector.detect(image.value);
        if (!r.ok) throw new Error(r.error.message);
        // Blur hides a ball or two for a frame while the pack splits; never more.
        expect(r.value.balls.length, name).toBeGreaterThanOrEqual(19);
        expect(r.value.fitted, name).toBeLessThanOrEqual(2 * r.value.balls.length);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
