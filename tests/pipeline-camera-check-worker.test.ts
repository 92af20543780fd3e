// The knocked-camera check off the server's thread (src/pipeline/camera-check-worker.ts): `serve`'s
// desk (CameraDesk.open) checks in a worker thread of its own, so the server's event loop, which
// pushes the live rulings, keeps turning while a 1080p frame is checked (some 0.36 s of a core at load
// 15; before, the check ran on that loop and nothing else did meanwhile). The verdicts are the ones the
// check gives in the thread: a rendered frame through its own camera fits, through a knocked one has
// moved, and a frame that fitted is the reference from then on.
import { afterAll, describe, expect, it } from 'vitest';
import type { CameraCheckView } from '../src/match/view.ts';
import { CameraDesk } from '../src/pipeline/camera-desk.ts';
import { CameraWatch } from '../src/pipeline/camera-watch.ts';
import { createRenderer, renderFrame } from '../src/sim/render/index.ts';
import { demo, knocked } from './camera-helpers.ts';

const truth = demo();
// Balls against three cushions and one in the open.
const frame = renderFrame(
  createRenderer(truth, { supersample: 1 }),
  [
    {
      balls: [
        { id: 'red', x: 27, y: 1000 },
        { id: 'cue', x: 900, y: 27 },
        { id: 'black', x: 1751, y: 2000 },
        { id: 'blue', x: 889, y: 1784.5 },
      ],
      occluders: [],
    },
  ],
  { frameIndex: 0 },
);

const desks: CameraDesk[] = [];
afterAll(() => Promise.all(desks.map((d) => d.close())));

/** A desk opened as `serve` opens it, and the verdicts it reports, as they come. */
const opened = async (calibration = truth) => {
  const seen: CameraCheckView[] = [];
  let told: (v: CameraCheckView) => void = () => undefined;
  const desk = await CameraDesk.open(calibration, {
    file: undefined,
    now: () => 0,
    onCheck: (c) => {
      seen.push(c);
      told(c);
    },
  });
  desks.push(desk);
  const next = () => new Promise<CameraCheckView>((resolve) => (told = resolve));
  return { desk, seen, next };
};

describe('the camera check in its own thread', () => {
  it("a timer on the server's thread keeps firing while the first frame is checked", async () => {
    const { desk, seen, next } = await opened();
    const verdict = next();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const start = performance.now();
    desk.frame(frame);
    // The verdict has not come within the call (the check ran in it, before).
    expect(seen).toHaveLength(0);
    const v = await verdict;
    const took = performance.now() - start;
    clearInterval(timer);
    expect(v.state).toBe('fits');
    // A check takes 0.1–0.4 s: the 5 ms timer fired many times meanwhile (at least a few under load).
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it('gives the verdicts the check gives in the thread: fits, then moved for a knocked camera', async () => {
    const here = new CameraWatch(truth);
    const fits = await opened();
    expect(await fits.desk.runCheck()).toBeUndefined(); // no frame yet
    fits.desk.frame(frame);
    const first = await fits.next();
    expect(first).toEqual({ ...here.check(frame), at: 0 });
    expect(first).toMatchObject({ state: 'fits' });
    // The frame that fitted is the reference now: the same frame again fits it exactly.
    fits.desk.frame({ ...frame, data: frame.data.slice() });
    expect(await fits.desk.checkNewFrame()).toEqual({ ...here.check(frame), at: 0 });

    const off = knocked(truth, { x: 0.1, y: 0, z: 0 });
    const moved = await opened(off);
    moved.desk.frame(frame);
    const v = await moved.next();
    expect(v).toEqual({ ...new CameraWatch(off).check(frame), at: 0 });
    expect(v.state).toBe('moved');
    expect(v.offsetPx).toBeGreaterThan(1.5);
  });
});
