// Regression (issue 14, held-out 47's ringing camera): a camera on a pole set ringing shifts the whole
// picture a few millimetres of the bed this way and that. The balls at rest all seemed to move with it,
// and a table at rest through two thirds of a second of ringing was followed as a stroke, four
// contacts and no cue-ball contact: a miss no referee would call. A frame in which most balls at rest
// are seen off their places is the camera's: the shift they share is taken out, and while it rings
// each ball at rest lies where it lay (src/tracking/camera-shake.ts).
import { describe, expect, it } from 'vitest';
import { mm } from '../src/core/units.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';
import { makeRng } from '../src/sim/random.ts';
import { DEFAULT_FOLLOWER, StrokeFollower, type Detection } from '../src/tracking/index.ts';
import { cameraShake, DEFAULT_SHAKE } from '../src/tracking/camera-shake.ts';

const at = (x: number, y: number): { x: number; y: number } => ({ x, y });
/** Ten balls at rest across the bed. */
const rest = Array.from({ length: 10 }, (_, i) => at(200 + 130 * i, 400 + 280 * i));
const moved = (dx: number, dy: number, jitter: (i: number) => [number, number] = () => [0, 0]) =>
  rest.map((p, i) => at(p.x + dx + jitter(i)[0], p.y + dy + jitter(i)[1]));

describe('the camera shaken, and the shift most balls at rest share (cameraShake)', () => {
  const scattered = rest.map((p, i) => {
    const a = (2 * Math.PI * i) / rest.length;
    return at(p.x + (4 + (i % 4) * 2) * Math.cos(a), p.y + (4 + (i % 4) * 2) * Math.sin(a));
  });
  it.each([
    ['every ball 6 mm the same way: shaken, the shift', rest, moved(6, -3), true, at(6, -3)],
    [
      'every ball 6 mm the same way, each placed up to 2.5 mm off it (a smeared picture): the shift',
      rest,
      moved(6, -3, (i) => [((i % 3) - 1) * 2.5, ((i % 2) * 2 - 1) * 1.5]),
      true,
      at(6, -3),
    ],
    [
      'every ball 4 to 10 mm off, every way (a double image): shaken, no shift',
      rest,
      scattered,
      true,
      undefined,
    ],
    ['every ball 2 mm the same way: within the noise, still', rest, moved(2, 0), false, undefined],
    [
      'one ball struck 50 mm, the rest still: still',
      rest,
      [at(250, 400), ...rest.slice(1)],
      false,
      undefined,
    ],
    [
      'half the balls 6 mm off and half not: not most, still',
      rest,
      [...moved(6, 0).slice(0, 5), ...rest.slice(5)],
      false,
      undefined,
    ],
    [
      'four balls at rest: too few to tell a camera from play',
      rest.slice(0, 4),
      moved(6, 0).slice(0, 4),
      false,
      undefined,
    ],
    ['every ball 20 mm off: out of reach, a new position, not a shake', rest, moved(20, 0), false, undefined],
  ] as const)('%s', (_, still, seen, shaken, shift) => {
    const found = cameraShake(still, seen, DEFAULT_SHAKE);
    expect(found.shaken).toBe(shaken);
    if (shift === undefined) expect(found.shift).toBeUndefined();
    else {
      expect(found.shift?.x).toBeCloseTo(shift.x, 0);
      expect(found.shift?.y).toBeCloseTo(shift.y, 0);
    }
  });
});

/**
 * The opening layout seen at 30 fps for 2.5 s, the camera ringing from 1 s to 1.67 s (27 Hz, 10 mm of
 * the bed either way: at 30 fps the picture seems to sway at 3 Hz, the balls at up to 190 mm/s), each
 * detection 0.7 mm of noise and, while the picture is smeared, up to 2.5 mm more, and one ball in four
 * seen at the smear's other end, 10 mm on, another four each frame (the double image of a camera
 * swinging through a turn: held-out 47's 13 200 001 saw twelve balls 2.5 mm one way and four 8 mm the
 * other, the cue ball among them); the cue ball struck at 1 m/s at `strikeAt` (ms), where given.
 */
const frames = (strikeAt?: number): { t: number; balls: Detection[] }[] => {
  const table = snookerTable();
  const rng = makeRng(47);
  const out: { t: number; balls: Detection[] }[] = [];
  for (let f = 0; f < 75; f++) {
    const t = (f * 1000) / 30;
    const ringing = t >= 1000 && t < 1670;
    const swing = ringing ? 10 * Math.sin(2 * Math.PI * 27 * (t / 1000)) : 0;
    const smear = ringing ? 2.5 : 0;
    const balls = openingLayout(table).map((b, i): Detection => {
      const rolled = b.id === 'cue' && strikeAt !== undefined && t > strikeAt ? (t - strikeAt) * 1 : 0;
      const end = ringing && (i + f) % 4 === 0 ? 10 : 0;
      return {
        id: b.id,
        x: mm(b.x + (swing + end) * 0.8 + rng.normal(0, 0.7) + rng.uniform(-smear, smear)),
        y: mm(b.y - rolled + (swing + end) * 0.6 + rng.normal(0, 0.7) + rng.uniform(-smear, smear)),
        confidence: 0.95,
      };
    });
    out.push({ t, balls });
  }
  return out;
};

/** What the follower makes of the frames: each stroke's first contact, and the strokes it could not follow. */
const followed = (
  seen: readonly { t: number; balls: Detection[] }[],
  shake = DEFAULT_SHAKE,
): { strokes: string[][]; unseen: number } => {
  const f = new StrokeFollower(snookerTable(), {
    ...DEFAULT_FOLLOWER,
    tracker: { ...DEFAULT_FOLLOWER.tracker, shake },
  });
  const strokes: string[][] = [];
  for (const frame of seen) {
    const done = f.push(frame);
    if (done) strokes.push(done.shot.firstContact.map((c) => String(c)));
  }
  const last = f.flush();
  if (last) strokes.push(last.shot.firstContact.map((c) => String(c)));
  return { strokes, unseen: f.unseenStarts };
};

describe('a table at rest filmed by a ringing camera', () => {
  it('is no stroke', () => {
    expect(followed(frames())).toEqual({ strokes: [], unseen: 0 });
  });

  it('its frames say the camera rang, from the first shaken one to 300 ms after the last, and no others', () => {
    const f = new StrokeFollower(snookerTable());
    const rang: number[] = [];
    for (const frame of frames()) {
      f.push(frame);
      if (f.tracks?.ringing) rang.push(Math.round(frame.t));
    }
    expect(rang[0]).toBeGreaterThanOrEqual(1000);
    expect(rang[0]).toBeLessThan(1100);
    expect(rang.at(-1)).toBeGreaterThanOrEqual(1670);
    expect(rang.at(-1)).toBeLessThanOrEqual(1670 + 300);
  });

  it('was taken for one before: the same frames with the shift left in', () => {
    const untouched = followed(frames(), { ...DEFAULT_SHAKE, minBalls: Number.POSITIVE_INFINITY });
    expect(untouched.strokes.length + untouched.unseen).toBeGreaterThan(0);
  });

  it('a stroke played while the camera rings is still followed', () => {
    expect(followed(frames(1200))).toEqual({ strokes: [[]], unseen: 0 });
  });

  it('the cue ball struck while the camera rings is seen on its line, the shift taken out', () => {
    const f = new StrokeFollower(snookerTable());
    const across: number[] = [];
    for (const frame of frames(1200)) {
      f.push(frame);
      const cue = f.tracks?.tracks.find((v) => v.id === 'cue');
      // Rolling straight up the table: only its y changes (the shaken picture moves it 8 mm either way).
      if (cue && frame.t > 1300 && frame.t < 1670 && !cue.atRest) across.push(cue.x);
    }
    const x = openingLayout(snookerTable()).find((b) => b.id === 'cue')?.x ?? NaN;
    expect(across.length).toBeGreaterThan(5);
    // In most frames: one in four sees it at its smear's other end.
    const off = across.map((seen) => Math.abs(seen - x)).sort((a, b) => a - b);
    expect(off[Math.floor(off.length / 2)]).toBeLessThan(3);
  });
});
