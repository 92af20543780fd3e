// The camera desk behind /calibrate (src/pipeline/camera-desk.ts), without a camera: its points (the
// corners where the cushion noses meet, at the noses' height),
// the solve from points (the lens in use kept), the drawing, Save's file (docs/formats.md §2, the
// full form) or its refusal, and Learn the ball set's refusals, in the caller's thread and in serve's
// own (its success: tests/browser/calibrate-page-learns-the-ball-set).
import { describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadCalibrationFile, project, stringifyCalibration } from '../src/camera/index.ts';
import { mm } from '../src/core/units.ts';
import { blackball } from '../src/games/blackball/index.ts';
import { dominoes } from '../src/games/dominoes/index.ts';
import type { GameDefinition } from '../src/games/definition.ts';
import { snooker } from '../src/games/snooker/index.ts';
import { CameraDesk, type DeskPoint } from '../src/pipeline/camera-desk.ts';
import { learnGameLooks } from '../src/pipeline/detector.ts';
import { learnInWorker } from '../src/pipeline/worker.ts';
import { demo, knocked, stillFrame } from './camera-helpers.ts';
import { parseCalibration } from './helpers/games.ts';

const truth = demo();
const off = knocked(truth, { x: 0.3, y: -0.2, z: 0.1 });
const nose = truth.table.cushionNoseHeight;
/** Where the truth camera sees the table point (x, y, z). */
const at = (x: number, y: number, z: number = nose) => {
  const q = project(truth, { x: mm(x), y: mm(y), z: mm(z) });
  return { u: q.u, v: q.v, x, y, z };
};
const corners = [at(0, 0), at(1778, 0), at(1778, 3569), at(0, 3569)];

describe('the camera desk', () => {
  it('starts from the calibration in use: the four corners, then the spots, where it puts them', async () => {
    const desk = new CameraDesk(off, { file: undefined, now: () => 0 });
    const start = desk.start() as { points: DeskPoint[]; drawing: { lines: { kind: string }[] } };
    expect(start.points.filter((p) => p.corner).map((p) => [p.x, p.y])).toEqual([
      [0, 0],
      [1778, 0],
      [1778, 3569],
      [0, 3569],
    ]);
    expect(start.points.filter((p) => !p.corner)).toHaveLength(6);
    const q = project(off, { x: mm(0), y: mm(0), z: mm(nose) });
    expect(start.points[0]).toMatchObject({ z: nose });
    expect(start.points[0]?.u).toBeCloseTo(q.u, 1);
    expect(start.points[0]?.v).toBeCloseTo(q.v, 1);
    expect(start.drawing.lines.filter((l) => l.kind === 'cushion')).toHaveLength(6);
    expect(await desk.runCheck()).toBeUndefined(); // no frame yet: nothing to check
  });

  it('checks the first frame at once, and a frame only once on the timer', async () => {
    const seen: string[] = [];
    const desk = new CameraDesk(off, { file: undefined, now: () => 0, onCheck: (c) => seen.push(c.state) });
    const dark = { width: 1920, height: 1080, data: new Uint8Array(1920 * 1080 * 3) };
    desk.frame(dark);
    await vi.waitFor(() => expect(seen).toEqual(['unknown'])); // the first frame, at once: too dark to tell
    expect(await desk.checkNewFrame()).toBeUndefined();
    desk.frame({ ...dark, data: dark.data.slice() });
    expect((await desk.checkNewFrame())?.state).toBe('unknown');
    expect(seen).toHaveLength(2);
  });

  it('a corner taken on the cloth instead of at the noses is ~9 px off at 1080p: the parallax the handles allow for', () => {
    const cloth = at(0, 0, 0);
    expect(Math.hypot((corners[0]?.u ?? 0) - cloth.u, (corners[0]?.v ?? 0) - cloth.v)).toBeGreaterThan(8);
  });

  it('solves the pose from the corners the truth camera sees, with the lens in use: error ~0', () => {
    const desk = new CameraDesk(off, { file: undefined, now: () => 0 });
    const r = desk.solve({ points: corners });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rmsPx).toBeLessThan(0.01);
    expect(r.value.rmsMm).toBeLessThan(0.05);
    expect(r.value.calibration.camera).toEqual(off.camera);
    const spot = project(r.value.calibration, { x: mm(889), y: mm(1784.5), z: mm(0) });
    const real = project(truth, { x: mm(889), y: mm(1784.5), z: mm(0) });
    expect(Math.hypot(spot.u - real.u, spot.v - real.v)).toBeLessThan(0.05);
  });

  it.each([
    ['three points', { points: corners.slice(0, 3) }, 'points'],
    ['a point without v', { points: [...corners.slice(1), { u: 1, x: 0, y: 0 }] }, 'points[3].v'],
    [
      'a height that is not a number',
      { points: [...corners.slice(1), { ...at(0, 0), z: 'nose' }] },
      'points[3].z',
    ],
    ['no body', undefined, undefined],
    [
      'a box of graphics past the picture',
      { points: corners, overlays: [{ u: 1900, v: 0, width: 40, height: 30 }] },
      'overlays[0].width',
    ],
    [
      'a box of graphics with no size',
      { points: corners, overlays: [{ u: 10, v: 10 }] },
      'overlays[0].width',
    ],
  ])('refuses %s, naming the field', (_name, body, field) => {
    const r = new CameraDesk(off, { file: undefined, now: () => 0 }).solve(body);
    expect(r.ok).toBe(false);
    if (!r.ok && field) expect(r.error.field).toBe(field);
  });

  it('Save writes the §2 full form to the file, which parses as the solved camera', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'referee-desk-'));
    const file = path.join(dir, 'camera.json');
    try {
      const desk = new CameraDesk(off, { file, now: () => 0 });
      const r = await desk.save({ points: corners });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value).toMatchObject({ file, pipeline: 'not running' });
      const text = readFileSync(file, 'utf8');
      const parsed = parseCalibration(JSON.parse(text));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(text).toBe(stringifyCalibration(parsed.value));
      expect(desk.calibration.pose).toEqual(parsed.value.pose);
      expect(Object.keys(JSON.parse(text) as object)).toEqual(['table', 'image', 'camera', 'pose']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Save keeps the boxes marked over the picture's graphics in the file; the page starts from them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'referee-desk-'));
    const file = path.join(dir, 'camera.json');
    const overlays = [
      { u: 80, v: 100, width: 460, height: 37 },
      { u: 1479, v: 870, width: 333, height: 34 },
    ];
    try {
      const desk = new CameraDesk(off, { file, now: () => 0 });
      expect((desk.start() as { overlays: unknown }).overlays).toEqual([]);
      const r = await desk.save({ points: corners, overlays });
      if (!r.ok) throw new Error(r.error.message);
      const parsed = parseCalibration(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.value.overlays).toEqual(overlays);
      expect(desk.calibration.overlays).toEqual(overlays);
      expect((desk.start() as { overlays: unknown }).overlays).toEqual(overlays);
      // Saved again with none marked: the file has none.
      const cleared = await desk.save({ points: corners, overlays: [] });
      if (!cleared.ok) throw new Error(cleared.error.message);
      expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual([
        'table',
        'image',
        'camera',
        'pose',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Save without a calibration file (the bundled demo) is refused, and nothing changes', async () => {
    const desk = new CameraDesk(off, { file: undefined, now: () => 0 });
    const r = await desk.save({ points: corners });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/without --calibration/);
    expect(desk.calibration).toBe(off);
  });
});

describe("learning the club's ball set at the desk", () => {
  const game = snooker as GameDefinition;
  const ballSet = (file: string | undefined) => ({ game, file, inUse: undefined });
  const learnError = async (desk: CameraDesk) => {
    const r = await desk.learnLooks();
    if (r.ok) throw new Error('learned');
    return r.error;
  };

  it('the page is told where Learn writes and whether a set is in use; none where the game cannot learn one', () => {
    const start = (options: ConstructorParameters<typeof CameraDesk>[1]) =>
      (new CameraDesk(off, options).start() as { ballSet: unknown }).ballSet;
    expect(start({ file: 'c.json', now: () => 0, ballSet: ballSet('c.json.looks.json') })).toEqual({
      file: 'c.json.looks.json',
      inUse: false,
    });
    const inUse = { white: 'cue', looks: {} } as const;
    expect(start({ file: 'c.json', now: () => 0, ballSet: { game, file: 'l.json', inUse } })).toEqual({
      file: 'l.json',
      inUse: true,
    });
    // A pool rack does not say which ball stands where; dominoes have no balls; a desk with no game.
    for (const other of [blackball, dominoes] as GameDefinition[])
      expect(
        start({ file: 'c.json', now: () => 0, ballSet: { game: other, file: 'l.json', inUse: undefined } }),
      ).toBeNull();
    expect(start({ file: 'c.json', now: () => 0 })).toBeNull();
  });

  it('refused: the bundled demo (no file to keep it in), no frame yet, a game whose set-up does not say where each ball stands', async () => {
    expect(
      (await learnError(new CameraDesk(off, { file: undefined, now: () => 0, ballSet: ballSet(undefined) })))
        .message,
    ).toMatch(/without --calibration \(the bundled demo\): there is no file to keep the ball set in/);
    expect(
      (await learnError(new CameraDesk(off, { file: 'c.json', now: () => 0, ballSet: ballSet('l.json') })))
        .message,
    ).toBe('no frame from the camera yet');
    const pool = new CameraDesk(off, {
      file: 'c.json',
      now: () => 0,
      ballSet: { game: blackball as GameDefinition, file: 'l.json', inUse: undefined },
    });
    pool.frame({ width: 4, height: 4, data: new Uint8Array(48) });
    const e = await learnError(pool);
    expect([e.code, e.message]).toEqual([
      'INVALID_INPUT',
      "Black-ball pool's set-up does not say which ball stands where",
    ]);
  });

  it('a frame whose balls are not set up: refused naming the empty places, nothing written, no set in use', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'referee-desk-looks-'));
    try {
      const file = path.join(dir, 'camera.json.looks.json');
      const desk = new CameraDesk(truth, {
        file: path.join(dir, 'camera.json'),
        now: () => 0,
        ballSet: ballSet(file),
      });
      const reload = vi.fn(() => Promise.resolve(true));
      desk.reload = reload;
      desk.frame(
        stillFrame(truth, [
          { id: 'cue', x: 800, y: 700 },
          { id: 'red', x: 900, y: 2800 },
        ]),
      );
      const e = await learnError(desk);
      expect(e.code).toBe('IMPOSSIBLE_STATE');
      expect(e.message).toMatch(/^21 of the set-up's 21 places have no ball seen on them \(the red's/);
      expect(existsSync(file)).toBe(false);
      expect(reload).not.toHaveBeenCalled();
      expect((desk.start() as { ballSet: { inUse: boolean } }).ballSet.inUse).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("serve's desk learns in a thread of its own (learnInWorker), answering as the caller's thread does", async () => {
    const frame = stillFrame(truth, [
      { id: 'cue', x: 800, y: 700 },
      { id: 'red', x: 900, y: 2800 },
    ]);
    const here = await learnGameLooks(game, truth, frame);
    const there = await learnInWorker(game, truth, frame);
    expect(there.ok).toBe(false);
    expect(there).toEqual(here);
    // Not a game of set-up balls: refused as in the caller's thread, without starting one.
    expect(await learnInWorker(blackball as GameDefinition, truth, frame)).toEqual(
      await learnGameLooks(blackball as GameDefinition, truth, frame),
    );
  }, 60_000);
});

describe('the camera desk over a flat surface (dominoes: no pockets, no cushions)', () => {
  const loaded = loadCalibrationFile('calibration/dominoes.json', dominoes.parseTable);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const flat = loaded.value;
  const { width, length } = flat.table;
  const onCloth = (x: number, y: number) => {
    const q = project(flat, { x: mm(x), y: mm(y), z: mm(0) });
    return { u: q.u, v: q.v, x, y, z: 0 };
  };

  it('shows the four corners on the cloth and draws the playing area only', () => {
    const desk = new CameraDesk(knocked(flat, { x: 0.3, y: -0.2, z: 0.1 }), {
      file: undefined,
      now: () => 0,
    });
    const start = desk.start() as {
      points: DeskPoint[];
      drawing: { lines: { kind: string }[]; spots: unknown[] };
    };
    expect(start.points.map((p) => [p.x, p.y, p.z])).toEqual([
      [0, 0, 0],
      [width, 0, 0],
      [width, length, 0],
      [0, length, 0],
    ]);
    expect(start.drawing.lines.map((l) => l.kind)).toEqual(['playing-area']);
    expect(start.drawing.spots).toEqual([]);
  });

  it('solves the pose from its four corners clicked where the camera sees them', () => {
    const desk = new CameraDesk(knocked(flat, { x: 0.3, y: -0.2, z: 0.1 }), {
      file: undefined,
      now: () => 0,
    });
    const r = desk.solve({
      points: [onCloth(0, 0), onCloth(width, 0), onCloth(width, length), onCloth(0, length)],
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.rmsPx).toBeLessThan(0.01);
  });

  it('the knocked-camera check says it cannot tell (no cushions to follow), and the automatic fit points to the corners', async () => {
    const seen: { state: string; text: string }[] = [];
    const desk = new CameraDesk(flat, { file: undefined, now: () => 0, onCheck: (c) => seen.push(c) });
    desk.frame({ width: 1920, height: 1080, data: new Uint8Array(1920 * 1080 * 3).fill(90) });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      state: 'unknown',
      text: expect.stringMatching(/flat surface has no cushions/),
    });
    const auto = desk.auto();
    expect(auto.ok).toBe(false);
    if (!auto.ok) expect(auto.error.message).toMatch(/drag the four corners/);
  });
});
