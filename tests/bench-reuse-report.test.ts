// Issue 14 asks the detection benchmark to say which frames reused the last answer: bench/detect.ts
// and bench/detect-alt.ts print reuseReport's line for a Detector fed a still table. Here a short
// real sequence — a rendered table, the same table with fresh sensor noise, one ball moved, a frame
// the Detector cannot use, the moved table again — and the line must name each frame for what the
// Detector did with it.
import { beforeAll, describe, expect, it } from 'vitest';
import { reuseReport } from '../bench/detect-score.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { Result } from '../src/core/errors.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import type { Renderer } from '../src/sim/render/index.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';
import { Detector, type FrameDetection } from '../src/vision/index.ts';
import { loadDemoWithClassifier } from './helpers/games.ts';
import { HELD_OUT_SEED, makeScene, renderScene, sceneRenderer, type Scene } from './vision-scenes.ts';

let calibration: Calibration<Table>;
let classifier: BallClassifier;
let renderer: Renderer;

beforeAll(async () => {
  ({ calibration, classifier } = await loadDemoWithClassifier());
  renderer = sceneRenderer(calibration);
}, 60_000);

/** The scene drawn with the sensor noise of frame `frame`. */
const render = (scene: Scene, frame: number): RgbImage =>
  renderScene(renderer, { ...scene, seed: frame }).image;

describe('the benchmark says which frames reused the last answer', () => {
  it('a still table, then a ball moved, an unusable frame and the moved table again: each frame named for what the Detector did', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1504, calibration.table);
    const [ball, ...others] = scene.balls;
    if (!ball) throw new Error('no ball');
    // Rolled 150 mm along the bed, towards its middle: a piece of the frame changes, the rest not.
    const moved: Scene = {
      ...scene,
      balls: [{ ...ball, x: ball.x + (ball.x < calibration.table.width / 2 ? 150 : -150) }, ...others],
    };
    const still = render(scene, 1);
    const frames = [
      still,
      render(scene, 2),
      render(scene, 3),
      render(moved, 4),
      { ...still, data: new Uint8Array(still.data.length) }, // black: no table to see
      render(moved, 5),
    ];
    const detector = new Detector(calibration, classifier);
    const answers: Result<FrameDetection>[] = [];
    for (const f of frames) answers.push(await detector.detect(f));

    // What the Detector did, frame by frame: the report must say the same.
    const [first, s2, s3, partly, black, again] = answers;
    if (!first?.ok || !s2?.ok || !s3?.ok || !partly?.ok || !again?.ok) throw new Error('a frame failed');
    const n = first.value.balls.length;
    expect(n).toBe(scene.balls.length);
    expect(first.value.reused).toBe(0);
    for (const s of [s2, s3]) {
      expect(s.value.still).toBe(true);
      expect(s.value.reused).toBe(n);
    }
    expect(partly.value.still).toBe(false);
    expect(partly.value.reused).toBeGreaterThan(0);
    expect(partly.value.reused).toBeLessThan(partly.value.balls.length);
    expect(black?.ok).toBe(false);
    expect(again.value.reused).toBe(0);

    expect(reuseReport(answers)).toBe(
      'frames reusing the last answer (balls kept/found; still: all of it kept, the stages not run): ' +
        `2 (${n}/${n}, still), 3 (${n}/${n}, still), 4 (${partly.value.reused}/${partly.value.balls.length}); ` +
        'detected afresh: 1, 6; no answer: 5',
    );
  });

  it('a sequence with no frame reused says none', async () => {
    const scene = makeScene('random', HELD_OUT_SEED + 1504, calibration.table);
    const detector = new Detector(calibration, classifier);
    const r = await detector.detect(render(scene, 1));
    expect(reuseReport([r])).toBe(
      'frames reusing the last answer (balls kept/found; still: all of it kept, the stages not run): none; ' +
        'detected afresh: 1',
    );
  });
});
