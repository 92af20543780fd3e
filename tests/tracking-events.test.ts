// Strokes and their events from detections synthesised out of the simulator's exact truth, with
// seeded faults (noise, misses, a misread class now and then, motion blur, the players of the
// fixtures hiding balls): every fixture scenario gives the right first contact, pots with pockets and
// one stroke; random seeded strokes keep the same promises; a hidden ball is never potted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCalibrationFile, SNOOKER_SCENARIOS } from './helpers/games.ts';
import { makeRng } from '../src/sim/random.ts';
import { simulateStroke, type SimBall } from '../src/sim/physics/index.ts';
import type { PlayedScenario } from '../src/sim/truth.ts';
import { positionsAt } from '../src/sim/truth.ts';
import { snookerTable, type SnookerBallId } from '../src/games/snooker/equipment.ts';
import {
  capsuleCover,
  DEFAULT_EVENTS,
  DEFAULT_FAULTS,
  DEFAULT_FOLLOWER,
  firstContact,
  StrokeFollower,
  synthesiseClip,
  type FaultOptions,
  type FollowedShot,
  type FrameDetections,
  type StrokeRecord,
  type TrackView,
} from '../src/tracking/index.ts';
import { mm, pointMm } from '../src/core/units.ts';
import { fixtureClip, randomClip, scoreShots, synthesisePlayed } from './helpers/strokes.ts';

const table = snookerTable();
const SCENARIOS = path.join(import.meta.dirname, '../fixtures/scenarios');
const calibration = (() => {
  const c = loadCalibrationFile(path.join(import.meta.dirname, '../calibration/demo.json'));
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
})();

const follow = (frames: readonly FrameDetections[], options = DEFAULT_FOLLOWER): FollowedShot[] => {
  const f = new StrokeFollower(table, options);
  const out: FollowedShot[] = [];
  for (const frame of frames) {
    const done = f.push(frame);
    if (done) out.push(done);
  }
  const last = f.flush();
  if (last) out.push(last);
  return out;
};

describe('the fixture scenarios, on synthesised detections at 60 fps', () => {
  const names = SNOOKER_SCENARIOS.map((n) => `${n}.json`);

  it('there are the ten fixtures of the simulator issue', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  for (const name of names) {
    it(`${name}: one stroke, its first contact and its pots with their pockets`, () => {
      const clip = fixtureClip(JSON.parse(readFileSync(path.join(SCENARIOS, name), 'utf8')), calibration);
      const faults: FaultOptions = { ...DEFAULT_FAULTS, cover: clip.cover, lights: clip.lights };
      const frames = synthesisePlayed(table, clip.played, 60, faults, makeRng(11), clip.samplesAt);
      const shots = follow(frames).map((s) => s.shot);
      const score = scoreShots(clip.played, shots, name);
      expect(score.failures).toEqual([]);
      expect(shots).toHaveLength(clip.played.strokes.length);
      const truth = clip.played.strokes[0];
      const shot = shots[0];
      if (!truth || !shot) throw new Error('no stroke');
      expect(shot.start).toBeGreaterThan(truth.start - 1000 / 60);
      expect(shot.start).toBeLessThan(truth.start + 1000 / 60);
    });
  }

  it('the in-off pots the red and the cue ball, each in its pocket', () => {
    const clip = fixtureClip(
      JSON.parse(readFileSync(path.join(SCENARIOS, 'in-off.json'), 'utf8')),
      calibration,
    );
    const frames = synthesisePlayed(table, clip.played, 60, DEFAULT_FAULTS, makeRng(3), clip.samplesAt);
    const [shot] = follow(frames).map((s) => s.shot);
    expect(shot?.potted).toEqual(
      clip.played.strokes[0]?.result.potted.map((p) => ({ id: p.id, pocket: p.pocket })),
    );
    expect(shot?.potted.map((p) => p.id)).toContain('cue');
  });

  it('the escape from a snooker: the cue ball meets a cushion before it meets the red', () => {
    const clip = fixtureClip(
      JSON.parse(readFileSync(path.join(SCENARIOS, 'escape-from-snooker.json'), 'utf8')),
      calibration,
    );
    const frames = synthesisePlayed(table, clip.played, 60, DEFAULT_FAULTS, makeRng(4), clip.samplesAt);
    const [shot] = follow(frames).map((s) => s.shot);
    const truth = clip.played.strokes[0]?.result.events ?? [];
    const firstTrue = truth.find((e) => e.type === 'contact');
    const cushionTrue = truth.find((e) => e.type === 'cushion' && e.ball === 'cue');
    expect(cushionTrue && firstTrue && cushionTrue.t < firstTrue.t).toBe(true); // the fixture is what it says
    const ours = shot?.events ?? [];
    const first = ours.find((e) => e.type === 'contact' && e.a === 'cue');
    const cushion = ours.find((e) => e.type === 'cushion' && e.ball === 'cue');
    expect(first && cushion && cushion.t < first.t).toBe(true);
    // Dated between frames, within a few ms of the truth (clip time = stroke start + event time).
    const start = clip.played.strokes[0]?.start ?? 0;
    expect(Math.abs((first?.t ?? 0) - (start + (firstTrue?.t ?? 0)))).toBeLessThan(8);
  });

  it('the player hiding balls for seconds: no pot is invented and every hidden ball is where it lay', () => {
    const clip = fixtureClip(
      JSON.parse(readFileSync(path.join(SCENARIOS, 'occluded-by-player.json'), 'utf8')),
      calibration,
    );
    const frames = synthesisePlayed(
      table,
      clip.played,
      60,
      { ...DEFAULT_FAULTS, cover: clip.cover },
      makeRng(5),
      clip.samplesAt,
    );
    // The fixture hides balls: some frame misses balls that are on the table.
    const hidden = frames.filter((f) => f.balls.length < clip.samplesAt(f.t).length - 1);
    expect(hidden.length).toBeGreaterThan(30);
    const [shot] = follow(frames).map((s) => s.shot);
    expect(shot?.potted).toEqual([]);
    const truthRest = clip.played.strokes[0]?.result.rest ?? [];
    for (const b of truthRest) {
      const near = shot?.rest.filter((r) => r.id === b.id && Math.hypot(r.x - b.x, r.y - b.y) < 5);
      expect(near?.length, `${b.track} at rest near (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`).toBe(1);
    }
  });
});

describe('random seeded strokes (property)', () => {
  // Each run: a random layout, three strokes aimed at random balls or at pockets, 0.3–4 m/s, the cue
  // and arm over the table at each strike, misses, noise, blur and misread classes, at 60 or 30 fps.
  it('strokes found = strokes played, pots with their pockets, no pot invented, first contacts right', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(60, 30), (seed, fps) => {
        const rng = makeRng(seed);
        const clip = randomClip(table, rng, 3, { potting: 0.5 });
        const faults: FaultOptions = { ...DEFAULT_FAULTS, cover: capsuleCover(clip.occluders) };
        const frames = synthesisePlayed(table, clip.played, fps, faults, rng.fork(), clip.samplesAt);
        const score = scoreShots(
          clip.played,
          follow(frames).map((s) => s.shot),
          `seed ${seed} at ${fps} fps`,
        );
        expect(score.failures).toEqual([]);
      }),
      { seed: 20_240_611, numRuns: 6 },
    );
  });
});

/** One stroke from a layout, played as a clip with stillness before and after. */
const oneStroke = (balls: SimBall[], vx: number, vy: number, height = 0): PlayedScenario => {
  const result = simulateStroke(table, balls, { vx, vy, height });
  return {
    table,
    strokes: [{ start: 600, result }],
    totalMs: 600 + result.duration + 1000,
    before: balls,
  };
};

describe('what hides a ball does not pot it', () => {
  it('a ball lying in a pocket’s jaws, hidden by a hand while another ball rolls past, is not potted', () => {
    // The black lies just off the top-right pocket's mouth; the cue ball rolls up the table nowhere near.
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 400, y: 1000 },
      { track: 'black', id: 'black', x: 1735, y: 3525 },
      { track: 'red1', id: 'red', x: 420, y: 2600 },
    ];
    const played = oneStroke(balls, 0, 1500);
    const black = played.strokes[0]?.result.rest.find((b) => b.id === 'black');
    expect(black?.x).toBeCloseTo(1735, 6); // untouched in truth
    const hand = capsuleCover([
      { from: 900, to: 2500, segment: { a: pointMm(1735, 3525), b: pointMm(1700, 3400) }, radius: 60 },
    ]);
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: hand }, makeRng(8));
    const [shot] = follow(frames).map((s) => s.shot);
    expect(shot?.firstContact).toEqual(['red']);
    expect(shot?.potted).toEqual([]);
    expect(shot?.rest.some((b) => b.id === 'black' && Math.hypot(b.x - 1735, b.y - 3525) < 2)).toBe(true);
  });

  it('a ball struck while under a hand and never seen again went into the pocket it was sent at', () => {
    // The red lies 200 mm from the bottom-left pocket; a hand covers it from before the cue ball gets
    // there until long after. The cue ball sends it along the line of centres into the pocket.
    const red = { x: 150, y: 150 };
    const mouth = table.pockets.find((p) => p.id === 'BL')?.mouthCentre ?? pointMm(0, 0);
    const away = Math.atan2(red.y - mouth.y, red.x - mouth.x);
    const cue = { x: red.x + 600 * Math.cos(away), y: red.y + 600 * Math.sin(away) };
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', ...cue },
      { track: 'red1', id: 'red', ...red },
      { track: 'blue', id: 'blue', x: 889, y: 1784.5 },
    ];
    // Screwed back a little, so that the cue ball does not follow the red in.
    const played = oneStroke(balls, -1500 * Math.cos(away), -1500 * Math.sin(away), -0.5);
    const truePots = played.strokes[0]?.result.potted.map((p) => ({ id: p.id, pocket: p.pocket }));
    expect(truePots).toEqual([{ id: 'red', pocket: 'BL' }]);
    const hand = capsuleCover([
      { from: 400, to: 3000, segment: { a: pointMm(red.x, red.y), b: pointMm(0, 0) }, radius: 90 },
    ]);
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: hand }, makeRng(13));
    const [shot] = follow(frames).map((s) => s.shot);
    expect(shot?.firstContact).toEqual(['red']);
    expect(shot?.potted).toEqual(truePots);
    expect(shot?.rest.some((b) => b.id === 'red')).toBe(false);
  });

  it('a moving ball that passes under an arm and out again is followed, not potted', () => {
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 889, y: 600 },
      { track: 'blue', id: 'blue', x: 889, y: 1784.5 },
    ];
    const played = oneStroke(balls, 0, 2500);
    // An arm across the table above the blue: the blue runs under it after the contact.
    const arm = capsuleCover([
      { from: 700, to: 3000, segment: { a: pointMm(300, 2300), b: pointMm(1500, 2300) }, radius: 80 },
    ]);
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: arm }, makeRng(9));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.firstContact).toEqual(['blue']);
    expect(shots[0]?.potted).toEqual(
      played.strokes[0]?.result.potted.map((p) => ({ id: p.id, pocket: p.pocket })),
    );
  });
});

describe('a ball lost on its way', () => {
  // Regression (held-out video, seed 12 000 006): the detector lost a dark green rolling on the green
  // cloth for its last 170 ms before the middle pocket. The tracker judged a vanished ball potted only
  // at the first frame it was missing, when its way reached 44 of the 75 mm to the mouth; the pot was
  // missed and the hidden green's prediction ran on off the bed.
  const mouth = table.pockets.find((p) => p.id === 'ML')?.mouthCentre ?? pointMm(0, 0);
  const layout: SimBall[] = [
    { track: 'cue', id: 'cue', x: 950, y: mouth.y },
    { track: 'green', id: 'green', x: 400, y: mouth.y },
  ];
  // Unseen over the last 330 mm to the middle pocket, from the strike to long after.
  const lost = capsuleCover([
    { from: 0, to: 60_000, segment: { a: pointMm(330, mouth.y), b: pointMm(0, mouth.y) }, radius: 30 },
  ]);

  it('a ball lost 330 mm short of a pocket, running straight at it with nothing in the way, went in', () => {
    // Screwed back hard, so that the cue ball stays in sight behind it.
    const played = oneStroke(layout, -1500, 0, -0.7);
    const truePots = played.strokes[0]?.result.potted.map((p) => ({ id: p.id, pocket: p.pocket }));
    expect(truePots).toEqual([{ id: 'green', pocket: 'ML' }]);
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: lost }, makeRng(21));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.firstContact).toEqual(['green']);
    expect(shots[0]?.potted).toEqual(truePots);
  });

  it('a ball lost on its way to a pocket that stops short of it (slower than its motion would say) is not potted', () => {
    const played = oneStroke(layout, -900, 0, -0.3);
    const green = played.strokes[0]?.result.rest.find((b) => b.id === 'green');
    expect(played.strokes[0]?.result.potted).toEqual([]);
    expect(green?.x).toBeLessThan(330); // it stopped out of sight
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: lost }, makeRng(22));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.potted).toEqual([]);
    expect(shots[0]?.rest.some((b) => b.id === 'green')).toBe(true);
  });

  it('a ball lost on its way to a pocket with another ball in the mouth is not taken to have gone in', () => {
    // The pink lies in sight in the mouth; the green, lost from 360 mm out to 70, stops against it
    // out of sight and knocks it in.
    const short = capsuleCover([
      { from: 0, to: 60_000, segment: { a: pointMm(330, mouth.y), b: pointMm(100, mouth.y) }, radius: 30 },
    ]);
    const played = oneStroke([...layout, { track: 'pink', id: 'pink', x: 60, y: mouth.y }], -1500, 0, -0.7);
    const truePots = played.strokes[0]?.result.potted.map((p) => ({ id: p.id, pocket: p.pocket }));
    expect(truePots).toEqual([{ id: 'pink', pocket: 'ML' }]);
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: short }, makeRng(23));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.potted).toEqual(truePots);
  });
});

describe('the start of a stroke', () => {
  it('a cue ball seen only twice on its way, then out of sight for a second, is still on its way: one stroke', () => {
    // Held-out video (seed 13 000 005): a cue ball seen moving in two frames and then lost for 870 ms
    // was taken as stopped out of sight after 600 ms — its pace, from two samples, was not trusted —
    // and the stroke was cut in two before it reached the ball it hit.
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 889, y: 500 },
      { track: 'red1', id: 'red', x: 889, y: 2900 },
    ];
    const played = oneStroke(balls, 0, 2300);
    const result = played.strokes[0]?.result;
    const contact = result?.events.find((e) => e.type === 'contact');
    expect(result?.firstContact).toEqual(['red']);
    expect(contact?.t).toBeGreaterThan(1000);
    const start = played.strokes[0]?.start ?? 0;
    // Whatever is where the cue ball is, from its third frame on its way until 150 ms before it
    // meets the red.
    const lost = (t: number, x: number, y: number): boolean => {
      const cue =
        t >= start + 40 && t <= start + (contact?.t ?? 0) - 150
          ? result?.at(t - start).find((b) => b.id === 'cue')
          : undefined;
      return cue !== undefined && Math.hypot(cue.x - x, cue.y - y) < 30;
    };
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, cover: lost }, makeRng(41));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.firstContact).toEqual(['red']);
  });

  it('a cue ball lying a centimetre from a red and played into it, moving no further itself, starts a stroke', () => {
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 889, y: 1000 },
      { track: 'red1', id: 'red', x: 889, y: 1000 + table.ballDiameter + 10 },
    ];
    // Struck dead straight with a stun: the cue ball stops where it meets the red.
    const played = oneStroke(balls, 0, 1200, -0.2);
    const cue = played.strokes[0]?.result.rest.find((b) => b.id === 'cue');
    expect((cue?.y ?? 0) - 1000).toBeLessThan(15);
    const frames = synthesisePlayed(table, played, 60, DEFAULT_FAULTS, makeRng(14));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.firstContact).toEqual(['red']);
  });

  it('a cue ball played into the black 4 mm away, going on at 0.1 m/s while the black runs off, starts a stroke', () => {
    // Held-out video, seed 15 000 014: struck at 0.8 m/s with a little screw, the cue ball gave the
    // black most of its pace and crept on slower than a strike; the stroke was never found.
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 1583.7, y: 2485.6 },
      { track: 'black', id: 'black', x: 1529.9, y: 2467.8 },
      { track: 'red1', id: 'red', x: 997.6, y: 1318.1 },
    ];
    const played = oneStroke(balls, -805, -158.6, -0.22);
    const frames = synthesisePlayed(table, played, 60, DEFAULT_FAULTS, makeRng(15));
    const shots = follow(frames).map((s) => s.shot);
    expect(shots).toHaveLength(1);
    expect(shots[0]?.firstContact).toEqual(['black']);
  });
});

describe('watching that begins mid-stroke (a camera switched on, a video cut, a live source warming up)', () => {
  const clip = fixtureClip(
    JSON.parse(readFileSync(path.join(SCENARIOS, 'in-off.json'), 'utf8')),
    calibration,
  );
  const truth = clip.played.strokes[0];
  const contact = truth?.result.events.find((e) => e.type === 'contact')?.t ?? NaN;
  const watchFrom = (from: number): { shots: FollowedShot[]; unseen: number } => {
    const frames = synthesiseClip(
      table,
      clip.samplesAt,
      from,
      clip.played.totalMs,
      60,
      DEFAULT_FAULTS,
      makeRng(5),
    );
    const f = new StrokeFollower(table);
    const shots = [...frames.map((frame) => f.push(frame)), f.flush()].filter((s) => s !== undefined);
    return { shots, unseen: f.unseenStarts };
  };
  it.each([20, 50, 200])(
    'from %i ms after the cue ball met the red: no stroke, so no miss called; counted as not seen',
    (after) => {
      expect(truth?.result.firstContact).toEqual(['red']); // the fixture is what it says
      const { shots, unseen } = watchFrom(contact + after);
      expect(shots).toEqual([]);
      expect(unseen).toBe(1);
    },
  );
  it('from before the contact, the cue ball already moving: the contact is seen, the stroke followed', () => {
    const { shots, unseen } = watchFrom(contact - 150);
    expect(shots.map((s) => s.shot.firstContact)).toEqual([['red']]);
    expect(shots[0]?.record.startSeen).toBe(false);
    expect(unseen).toBe(0);
  });
  it('from half a second before the strike: the stroke followed from its start', () => {
    const { shots } = watchFrom(-500);
    expect(shots.map((s) => s.shot.firstContact)).toEqual([['red']]);
    expect(shots[0]?.record.startSeen).toBe(true);
  });
});

describe('first contact', () => {
  // Regression (held-out video, seed 12 000 002, 30 fps): a 4 m/s cue ball was lost in its blur from
  // the strike until after the cushion it went to off the red. The segmenter kept only the 500 ms
  // before the cue ball was seen again, so the strike and the red's start fell outside the stroke,
  // and the cue ball's unseen way (a straight line from its rest to where it was next seen) missed
  // the red by far: "missed all balls".
  it.each([60, 30])(
    'at %i fps, a cue ball out of sight from the strike until after the cushion it went to off a red: it hit the red',
    (fps) => {
      const balls: SimBall[] = [
        { track: 'cue', id: 'cue', x: 889, y: 900 },
        { track: 'red1', id: 'red', x: 859, y: 1500 },
      ];
      const played = oneStroke(balls, 0, 4000);
      const result = played.strokes[0]?.result;
      const cushion = result?.events.find((e) => e.type === 'cushion' && e.ball === 'cue');
      expect(result?.firstContact).toEqual(['red']);
      expect(cushion?.t).toBeGreaterThan(500);
      const start = played.strokes[0]?.start ?? 0;
      const until = start + (cushion?.t ?? 0) + 40;
      // Whatever is where the cue ball truly is, from the strike until 40 ms after its cushion.
      const lost = (t: number, x: number, y: number): boolean => {
        const cue = t >= start && t <= until ? result?.at(t - start).find((b) => b.id === 'cue') : undefined;
        return cue !== undefined && Math.hypot(cue.x - x, cue.y - y) < 30;
      };
      const frames = synthesisePlayed(table, played, fps, { ...DEFAULT_FAULTS, cover: lost }, makeRng(31));
      const shots = follow(frames).map((s) => s.shot);
      expect(shots).toHaveLength(1);
      expect(shots[0]?.firstContact).toEqual(['red']);
      expect(Math.abs((shots[0]?.start ?? 0) - start)).toBeLessThanOrEqual(1000 / fps + 1);
    },
  );

  // Regression: on the rendered opening break, `referee run` ruled "the cue ball missed all object
  // balls" on a break that split the pack. The detector finds a fast ball nearer one end of its blur
  // streak than its middle (±18 mm along its line at 5.5 m/s); the cue ball, seen behind twice after
  // twice ahead halfway up the table, was taken to have been slowed there, so its first leg ended on
  // open cloth and the contact with the pack was never looked for.
  it.each([60, 30])(
    'the opening break at %i fps, the cue ball seen up to four tenths of its streak along its line: it hit the corner red of the back row',
    (fps) => {
      const clip = fixtureClip(
        JSON.parse(readFileSync(path.join(SCENARIOS, 'opening-break.json'), 'utf8')),
        calibration,
      );
      const result = clip.played.strokes[0]?.result;
      const contact = result?.events.find((e) => e.type === 'contact' && e.a === 'cue');
      const struck =
        contact?.type === 'contact' ? result?.at(0).find((b) => b.track === contact.tb) : undefined;
      if (!struck) throw new Error('the break touches no ball');
      for (const seed of [1, 2, 4, 5]) {
        const faults: FaultOptions = { ...DEFAULT_FAULTS, cover: clip.cover, blurEndFraction: 0.4 };
        const frames = synthesisePlayed(table, clip.played, fps, faults, makeRng(seed), clip.samplesAt);
        const [done, ...more] = follow(frames);
        expect(more).toHaveLength(0);
        expect(done?.shot.firstContact).toEqual(['red']);
        // The red it hit, not one of the pack it set off.
        const hit = done?.shot.events.find((e) => e.type === 'contact' && e.a === 'cue');
        const lay = done?.shot.before.find((b) => hit?.type === 'contact' && b.track === hit.tb);
        expect(Math.hypot((lay?.x ?? 0) - struck.x, (lay?.y ?? 0) - struck.y)).toBeLessThan(5);
      }
    },
  );

  it('at 30 fps, a ball in the jaws the cue ball meets between two frames, by the cushion, knocked straight in', () => {
    // Regression (bench/events.ts, held-out clip 11 000 018 at 30 fps, its fourth stroke): the cue
    // ball meets the bottom-left pocket's cushion and the yellow in its jaws within one frame, and
    // the yellow drops without ever being seen to move. No leg explains it; the fallback looked only
    // at balls seen to set off, and the stroke was called a miss of all balls.
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 1599.7, y: 2032.2 },
      { track: 'yellow', id: 'yellow', x: 34.4, y: 14.7 },
      { track: 'red1', id: 'red', x: 1124.7, y: 3238 },
    ];
    const played = oneStroke(balls, -1260.9, -1566.3);
    expect(played.strokes[0]?.result.firstContact).toEqual(['yellow']);
    for (let seed = 1; seed <= 12; seed++) {
      const frames = synthesisePlayed(table, played, 30, DEFAULT_FAULTS, makeRng(seed));
      const [done, ...more] = follow(frames);
      expect(more).toHaveLength(0);
      expect(done?.shot.firstContact).toEqual(['yellow']);
      expect(done?.shot.potted).toEqual([{ id: 'yellow', pocket: 'BL' }]);
    }
  });

  it('when no leg explains it, the ball the cue ball reached, not one dated a few ms before it far off', () => {
    // The fallback, alone: no ball is seen to set off when the cue ball's line meets it (`moved`
    // says no to all), and it only grazes the red it reaches. A red across the table is dated 5 ms
    // earlier — within the timing tolerance, as a pack jostled by the cue ball's blur is.
    const at = (track: string, id: SnookerBallId, x: number, y: number): TrackView => ({
      track,
      id,
      status: 'table',
      x: mm(x),
      y: mm(y),
      atRest: true,
      vx: 0,
      vy: 0,
      lastSeen: 0,
    });
    const grazed = { x: 800 + table.ballDiameter - 1.5, y: 2000 };
    const far = { x: 1300, y: 2100 };
    const before = [
      at('cue', 'cue', 800, 700),
      at('red1', 'red', grazed.x, grazed.y),
      at('red2', 'red', far.x, far.y),
    ];
    // The cue ball up the table at 5 m/s from t = 1000, seen at 60 fps; it reaches the red at 1260.
    const times = Array.from({ length: 40 }, (_, k) => 1000 + (k * 1000) / 60);
    const cueSamples = times.map((t) => ({ t, x: 800, y: 700 + 5 * (t - 1000) }));
    const record: StrokeRecord = {
      departed: times[1] ?? 0,
      end: times.at(-1) ?? 0,
      before,
      frames: times.map((t) => ({ t, tracks: [] })),
      endedBy: 'rest',
      startSeen: true,
      recognisedAt: times.at(-1) ?? 0,
    };
    const starts = [
      { track: 'red2', id: 'red' as const, t: 1255, slack: 2, earliest: 1250, latest: 1266.7, from: far },
      { track: 'red1', id: 'red' as const, t: 1260, slack: 2, earliest: 1250, latest: 1266.7, from: grazed },
    ];
    const first = firstContact(table, record, 1000, cueSamples, () => false, starts, DEFAULT_EVENTS, 4.5);
    expect(first.tracks).toEqual(['red1']);
  });
});

describe('the end of a stroke', () => {
  it('is recognised within 300 ms of the last ball stopping', () => {
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', x: 889, y: 600 },
      { track: 'red1', id: 'red', x: 700, y: 2000 },
    ];
    const played = oneStroke(balls, -120, 2000);
    const frames = synthesisePlayed(table, played, 60, DEFAULT_FAULTS, makeRng(10));
    const [done] = follow(frames);
    const trueEnd = 600 + (played.strokes[0]?.result.duration ?? 0);
    expect(done?.record.endedBy).toBe('rest');
    expect((done?.recognisedAt ?? Infinity) - trueEnd).toBeLessThanOrEqual(300);
  });

  it('comes early when, after a pot, a person takes balls off the table', () => {
    // The red goes into the top-left pocket; then a hand lifts the yellow off the table while the cue
    // ball is still rolling slowly to a stop.
    const cue = { x: 300, y: 2900 };
    const red = { x: 150, y: 3300 };
    const balls: SimBall[] = [
      { track: 'cue', id: 'cue', ...cue },
      { track: 'red1', id: 'red', ...red },
      { track: 'yellow', id: 'yellow', x: 1181, y: 737 },
    ];
    // Aimed at the ghost ball: where the cue ball must be to send the red at the pocket's mouth.
    const mouth = table.pockets.find((p) => p.id === 'TL')?.mouthCentre ?? pointMm(0, 3569);
    const toMouth = Math.atan2(mouth.y - red.y, mouth.x - red.x);
    const ghost = {
      x: red.x - table.ballDiameter * Math.cos(toMouth),
      y: red.y - table.ballDiameter * Math.sin(toMouth),
    };
    const aim = Math.atan2(ghost.y - cue.y, ghost.x - cue.x);
    const played = oneStroke(balls, 1400 * Math.cos(aim), 1400 * Math.sin(aim));
    const result = played.strokes[0]?.result;
    expect(result?.potted.map((p) => p.id)).toEqual(['red']);
    const potAt = 600 + (result?.events.find((e) => e.type === 'pot')?.t ?? 0);
    const liftAt = potAt + 400;
    const frames = synthesisePlayed(table, played, 60, { ...DEFAULT_FAULTS, missRate: 0 }, makeRng(12), (t) =>
      positionsAt(played, t).filter((b) => !(b.id === 'yellow' && t >= liftAt)),
    );
    const [done] = follow(frames);
    expect(done?.shot.potted).toEqual([{ id: 'red', pocket: 'TL' }]);
    expect(done?.record.endedBy).toBe('removal');
    // Sooner than waiting for the full rest would have.
    const patient = follow(frames, {
      ...DEFAULT_FOLLOWER,
      segmenter: { ...DEFAULT_FOLLOWER.segmenter, removalRestMs: Infinity },
    });
    expect(patient[0]?.record.endedBy).toBe('rest');
    expect(done?.recognisedAt).toBeLessThan((patient[0]?.recognisedAt ?? 0) - 100);
  });
});
