// Regression (issue 14, held-out 46's first run): a cue ball yellowed with age, which the classifier
// never saw, called yellow, and a maker's pale orchid pink taken for the white: with no club's set
// given, the pink was named the cue ball in 5 of the 9 celery frames and the cue ball pink, yellow or
// black. The club's set, learned from a picture of the balls set up (`learn-looks`, /calibrate's Learn),
// names them right; every frame of snooker starts with the balls set up, so `run` and `serve` now learn
// it by themselves from the first frame that stands so (src/pipeline/detector.ts SetLearningDetector),
// where no set was given, and again at every set-up after: a set learned once named another set's pink
// brown and its brown red.
import { describe, expect, it } from 'vitest';
import { SetLearningDetector } from '../src/pipeline/detector.ts';
import {
  DEFAULT_DETECTOR_OPTIONS,
  DEFAULT_LOOKS,
  Detector,
  learnLooksOf,
  standsAsSetUp,
  type SetUpPlace,
} from '../src/vision/index.ts';
import { learnLooks } from '../src/vision/looks.ts';
import { namedBall } from './helpers/snooker-guesses.ts';
import { drawAltFrame, expectEveryBallNamed } from './helpers/alt-frame.ts';
import { loadDemoCalibration, loadSnookerClassifier, snooker, snookerSetUp } from './helpers/games.ts';

/** The celery cloth's frames of held-out 46 (its maker's set): its opening (the balls set up) and a cluster after it. */
const OPENING = 13_100_000;
const CLUSTER = 13_102_000;
/** The byzantium cloth's (the usual set) opening and cluster frames. */
const OTHER_OPENING = 13_100_001;
const OTHER_CLUSTER = 13_102_001;

const loadLearning = async (
  watch?: Parameters<typeof SetLearningDetector.load>[3],
): Promise<SetLearningDetector> => {
  const d = await SetLearningDetector.load(snooker, loadDemoCalibration(), undefined, watch);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
};

/** The detector with a watch over 3 frames: the names unsure once 2 of them have no ball called the white. */
const loadWatched = (): Promise<SetLearningDetector> =>
  loadLearning({ frames: 3, unsureShare: 0.5, sureShare: 0.2 });

// The detector asks of every frame whether its balls stand as set up, by their places (a ball within
// half a radius of each, a quarter of them may be empty, and a ball off them for the white), before
// any colour is measured; learnLooks asks the same.
describe('a frame standing as the game sets the balls up (standsAsSetUp, on the balls found)', () => {
  const places: SetUpPlace[] = [
    { id: 'yellow', x: 0, y: 0 },
    { id: 'green', x: 100, y: 0 },
    { id: 'brown', x: 200, y: 0 },
    { id: 'red', x: 300, y: 0 },
  ];
  const on = places.map((p) => namedBall(p.x + 5, p.y - 5, p.id));
  const white = namedBall(150, 500, 'cue', 2);
  const grey = (): [number, number, number] => [1 / 3, 1 / 3, 1 / 3];
  it.each([
    ['every place taken and a ball off them', [...on, white], true],
    ['one place of four empty (a ball under a hand): a quarter may be', [...on.slice(1), white], true],
    ['two of four empty', [...on.slice(2), white], false],
    ['every place taken, but no ball off them (the white not yet down)', on, false],
    [
      'balls beside the places, not on them',
      [...places.map((p) => namedBall(p.x + 35, p.y - 5, p.id)), white],
      false,
    ],
  ] as const)('%s', (_, balls, stands) => {
    // A radius of 26 mm: a ball is on a place within 13 mm of it.
    expect(standsAsSetUp(balls, places, 'cue', 26, DEFAULT_LOOKS).ok).toBe(stands);
    expect(learnLooks(balls, grey, places, 'cue', 26, DEFAULT_LOOKS).ok).toBe(stands);
  });
});

describe("the club's ball set learned by itself from a frame of the balls set up (held-out 46's yellowed cue ball)", () => {
  it('the opening frame teaches the set, and it and a cluster after it are named right', async () => {
    const d = await loadLearning();
    const opening = await drawAltFrame('held-out-46', OPENING);
    const first = await d.detect(opening.image);
    if (!first.ok) throw new Error(first.error.message);
    expect([...(first.value.learned ?? [])].sort()).toEqual([
      'black',
      'blue',
      'brown',
      'cue',
      'green',
      'pink',
      'red',
      'yellow',
    ]);
    expectEveryBallNamed(opening.k, first.value.balls);
    const cluster = await drawAltFrame('held-out-46', CLUSTER);
    const next = await d.detect(cluster.image);
    if (!next.ok) throw new Error(next.error.message);
    expect(next.value.learned).toBeUndefined();
    expectEveryBallNamed(cluster.k, next.value.balls);
  }, 60_000);

  it('without the set the same frames name the pale pink the cue ball (what learning it mends)', async () => {
    const demo = loadDemoCalibration();
    const plain = new Detector(demo, await loadSnookerClassifier(), DEFAULT_DETECTOR_OPTIONS);
    for (const seed of [OPENING, CLUSTER]) {
      const { k, image } = await drawAltFrame('held-out-46', seed);
      const r = await plain.detect(image);
      if (!r.ok) throw new Error(r.error.message);
      const pink = k.balls.find((b) => b.id === 'pink');
      const named = r.value.balls.find((b) => pink && Math.hypot(b.x - pink.x, b.y - pink.y) < 26);
      expect(named?.id).toBe('cue');
      plain.reset();
    }
  }, 60_000);

  it('a frame not set up teaches nothing, and the set is learned at the first frame that is', async () => {
    const d = await loadLearning();
    const cluster = await drawAltFrame('held-out-46', CLUSTER);
    const before = await d.detect(cluster.image);
    if (!before.ok) throw new Error(before.error.message);
    expect(before.value.learned).toBeUndefined();
    const { places, white } = snookerSetUp(loadDemoCalibration().table);
    expect(learnLooksOf(cluster.image, before.value.balls, loadDemoCalibration(), places, white).ok).toBe(
      false,
    );
    const opening = await drawAltFrame('held-out-46', OPENING);
    const then = await d.detect(opening.image);
    if (!then.ok) throw new Error(then.error.message);
    expect(then.value.learned).toBeDefined();
  }, 60_000);

  it('another set set up is learned again, once a set-up: the set on the table names the balls, not the one the run began with', async () => {
    const d = await loadLearning();
    const learned = async (seed: number): Promise<{ learned: boolean; wrong: string[] }> => {
      const { k, image } = await drawAltFrame('held-out-46', seed);
      const r = await d.detect(image);
      if (!r.ok) throw new Error(r.error.message);
      const wrong = k.balls.flatMap((b) => {
        const f = r.value.balls.find((x) => Math.hypot(x.x - b.x, x.y - b.y) < 26);
        return f && f.id !== b.id ? [`${b.id} named ${f.id}`] : [];
      });
      return { learned: r.value.learned !== undefined, wrong };
    };
    // The celery table's set (its yellowed cue ball, its pale pink) first; then the byzantium table's,
    // the usual set, which the celery set names wrong.
    expect(await learned(OPENING)).toEqual({ learned: true, wrong: [] });
    expect(await learned(OTHER_CLUSTER)).toEqual({
      learned: false,
      wrong: ['pink named brown', 'brown named red'],
    });
    expect(await learned(OTHER_OPENING)).toEqual({ learned: true, wrong: [] });
    // The same set-up in the next frame (the player getting ready to break) teaches nothing more.
    expect(await learned(OTHER_OPENING)).toEqual({ learned: false, wrong: [] });
    expect(await learned(OTHER_CLUSTER)).toEqual({ learned: false, wrong: [] });
  }, 90_000);

  it('the yellowed cue ball seldom called the white: the names said unsure, and sure once the set is learned', async () => {
    const d = await loadWatched();
    const cluster = await drawAltFrame('held-out-46', CLUSTER);
    const said: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await d.detect(cluster.image);
      if (!r.ok) throw new Error(r.error.message);
      said.push(r.value.names);
    }
    // No ball of the celery cluster is called the white (the classifier calls the yellowed one yellow).
    expect(said).toEqual([undefined, undefined, 'unsure']);
    const opening = await d.detect((await drawAltFrame('held-out-46', OPENING)).image);
    if (!opening.ok) throw new Error(opening.error.message);
    expect(opening.value).toMatchObject({ names: 'sure', learned: expect.any(Array) as unknown });
    // With the set, nothing more is said however seldom the white is called.
    for (let i = 0; i < 4; i++) {
      const r = await d.detect(cluster.image);
      expect(r.ok && r.value.names).toBeUndefined();
    }
  }, 60_000);

  it('the usual set on the byzantium table, its cue ball called the white: nothing said', async () => {
    const d = await loadWatched();
    const { image } = await drawAltFrame('held-out-46', OTHER_CLUSTER);
    for (let i = 0; i < 4; i++) {
      const r = await d.detect(image);
      expect(r.ok && r.value.names).toBeUndefined();
    }
  }, 60_000);

  it('a set given (learn-looks, /calibrate) is kept: the opening frame teaches nothing over it', async () => {
    const given = await SetLearningDetector.load(snooker, loadDemoCalibration(), { white: 'cue', looks: {} });
    if (!given.ok) throw new Error(given.error.message);
    const r = await given.value.detect((await drawAltFrame('held-out-46', OPENING)).image);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.learned).toBeUndefined();
  }, 60_000);
});
