// Regression (issue 14): the classifier sees a ball against the cloth round it, and a cloth of a hue it
// never saw turns its white to the cloth's complement: held-out 44's ivory cue ball on the ultraviolet
// cloth under a phone's HDR merge was called green or brown (the white 10⁻⁴–10⁻²), on the pink-flamingo
// cloth under a failing lamp brown, held-out 42's on the cyan cloth pink; the rules that go by the white
// had none to go by (held-out 42's violet blue stayed pink), and the club's learned set was not asked
// (on the ultraviolet cloth it could not even be learned: "no cue ball seen off the set-up's places").
// Now, with no ball called the white, the white is the ball in whose light the frame's balls look like
// what they were called (identify.ts whiteByLikeness, the set's own colours as looks); the set-up's
// white is the lightest ball off the places where none is called it, and with a set learned the frame's
// white is chosen so too (looks.ts). And the guards: a ball the classifier rules out as the white (the
// cue ball not on the table) is never taken for it.
import { describe, expect, it } from 'vitest';
import { asInstalled, drawCase, installCase } from '../bench/detect-alt.ts';
import type { AltVariant } from '../src/sim/alt/index.ts';
import {
  DEFAULT_DETECTOR_OPTIONS,
  DEFAULT_LOOKS,
  Detector,
  learnBallLooks,
  type BallLooks,
} from '../src/vision/index.ts';
import { byLooks, learnLooks } from '../src/vision/looks.ts';
import { called, namedBall } from './helpers/snooker-guesses.ts';
import { whiteByLikeness } from '../src/vision/identify.ts';
import { linearOf } from '../src/vision/fit.ts';
import { SNOOKER_BALLS } from '../src/games/snooker/equipment.ts';
import { drawAltFrame, expectEveryBallNamed } from './helpers/alt-frame.ts';
import { loadDemoCalibration, loadSnookerClassifier, snookerSetUp } from './helpers/games.ts';

/** The variant's set learned from its set-up picture (one no benchmark case draws), once a variant. */
const learned = new Map<string, Promise<BallLooks>>();
const setOf = (variant: AltVariant): Promise<BallLooks> => {
  let looks = learned.get(variant);
  if (!looks) {
    looks = (async () => {
      const k = installCase(loadDemoCalibration(), 'held-out-44', variant, '1080p');
      const { places, white } = snookerSetUp(k.calibration.table);
      const r = await learnBallLooks(
        await drawCase(k),
        k.calibration,
        await loadSnookerClassifier(),
        places,
        white,
      );
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    })();
    learned.set(variant, looks);
  }
  return looks;
};

describe('a cue ball the classifier calls another colour on a cloth it never saw is the white', () => {
  it.each([
    ['the ultraviolet cloth, a cluster', 'held-out-44', 12_902_002],
    ['the ultraviolet cloth, dim', 'held-out-44', 12_904_000],
    ['the pink-flamingo cloth, the lamp failing', 'held-out-44', 12_904_001],
    [
      "the cyan cloth, the opening (the violet blue, called pink, named blue in the white's light)",
      'held-out-42',
      12_700_001,
    ],
  ] as const)(
    '%s (%s frame %i): every ball named right',
    async (_, split, seed) => {
      // Its graphics (held-out 42's stream's score bug and logo) marked, as installed.
      const drawn = await drawAltFrame(split, seed);
      const k = asInstalled(drawn.k);
      const r = await new Detector(k.calibration, await loadSnookerClassifier()).detect(drawn.image);
      if (!r.ok) throw new Error(r.error.message);
      expectEveryBallNamed(k, r.value.balls);
    },
    120_000,
  );

  it('the opening on the ultraviolet cloth (held-out-44 frame 12 900 000): the cue ball, the brown and the pink each named right', async () => {
    const { k, image } = await drawAltFrame('held-out-44', 12_900_000);
    const r = await new Detector(k.calibration, await loadSnookerClassifier()).detect(image);
    if (!r.ok) throw new Error(r.error.message);
    for (const id of ['cue', 'brown', 'pink'] as const) {
      const t = k.balls.find((b) => b.id === id);
      if (!t) throw new Error(`no ${id}`);
      const at = r.value.balls.filter(
        (f) => Math.hypot(f.x - t.x, f.y - t.y) < k.calibration.table.ballRadius,
      );
      expect(
        at.map((f) => f.id),
        id,
      ).toEqual([id]);
    }
  }, 120_000);

  it('the club set learned from the ultraviolet set-up, and a frame named with it (held-out-44 frame 12 902 002)', async () => {
    const looks = await setOf('ultraviolet-hdr');
    expect(looks.looks.cue?.lightness).toBe(0);
    const { k, image } = await drawAltFrame('held-out-44', 12_902_002);
    const r = await new Detector(k.calibration, await loadSnookerClassifier(), {
      ...DEFAULT_DETECTOR_OPTIONS,
      looks,
    }).detect(image);
    if (!r.ok) throw new Error(r.error.message);
    expectEveryBallNamed(k, r.value.balls);
  }, 120_000);
});

// Synthetic balls: each a lightness and a middle's chromaticity (linear light), the white grey.

describe('the white of the set-up and of a frame', () => {
  const places = [
    { id: 'brown', x: 100, y: 100 },
    { id: 'red', x: 500, y: 100 },
    { id: 'red', x: 560, y: 100 },
  ] as const;
  // The set-up frame: the white grey and lightest, the brown and the reds warm and darker.
  const setUpChroma = [
    [1 / 3, 1 / 3, 1 / 3],
    [0.5, 0.3, 0.2],
    [0.62, 0.24, 0.14],
    [0.6, 0.25, 0.15],
  ] as const;
  const setUp = [
    namedBall(800, 700, 'brown', 3),
    namedBall(100, 101, 'brown', 0.6),
    namedBall(500, 99, 'red', 1),
    namedBall(560, 100, 'red', 1),
  ];
  const of =
    (c: readonly (readonly number[])[]) =>
    (i: number): [number, number, number] => [...(c[i] as [number, number, number])];

  it('no ball off the places called the white: the lightest of them is it', () => {
    const withChalk = [...setUp, namedBall(1200, 300, 'blue', 0.4)];
    const r = learnLooks(withChalk, of([...setUpChroma, [0.2, 0.3, 0.5]]), places, 'cue', 26, DEFAULT_LOOKS);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.looks.cue).toEqual({ chromaticity: [1 / 3, 1 / 3, 1 / 3], lightness: 0 });
    expect(r.value.looks.brown?.lightness).toBeCloseTo(Math.log(0.6 / 3), 12);
  });

  // A frame under a violet cast: every middle turned the same way, the white no longer grey. (Ids
  // the set-up gave no look keep the classifier's word: the guesses here name only ids with one.)
  const cast = (c: readonly number[]): number[] => {
    const q = [c[0] as number, 0.8 * (c[1] as number), 1.3 * (c[2] as number)] as const;
    const t = q[0] + q[1] + q[2];
    return q.map((v) => v / t);
  };
  const frameChroma = setUpChroma.map(cast);
  const frame = [
    namedBall(0, 0, 'cue', 3),
    namedBall(0, 0, 'brown', 0.6),
    namedBall(0, 0, 'red', 1),
    namedBall(0, 0, 'red', 1),
  ];
  const looksOf = (): BallLooks => {
    const r = learnLooks(setUp, of(setUpChroma), places, 'cue', 26, DEFAULT_LOOKS);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  it('the white called brown and none called the white: in its light the frame fits, and it is named the white', () => {
    const guesses = [
      called({ brown: 0.9, red: 0.0999, cue: 1e-4 }),
      called({ brown: 0.7, red: 0.3 }),
      called({ red: 0.95, brown: 0.05 }),
      called({ red: 0.95, brown: 0.05 }),
    ];
    expect(byLooks(frame, of(frameChroma), guesses, looksOf()).map((g) => g.id)).toEqual([
      'cue',
      'brown',
      'red',
      'red',
    ]);
  });

  it('a false ball called the white (graphics left unmarked): the ball in whose light the frame fits is the white', () => {
    const withFalse = [...frame, namedBall(0, 0, 'cue', 2)];
    const guesses = [
      called({ brown: 0.95, cue: 0.05 }),
      called({ brown: 0.7, red: 0.3 }),
      called({ red: 0.95, brown: 0.05 }),
      called({ red: 0.95, brown: 0.05 }),
      called({ cue: 0.8, blue: 0.2 }),
    ];
    const named = byLooks(withFalse, of([...frameChroma, [0.2, 0.3, 0.5]]), guesses, looksOf());
    expect(named.slice(0, 4).map((g) => g.id)).toEqual(['cue', 'brown', 'red', 'red']);
  });

  it('the cue ball not on the table: a ball the classifier rules out as the white is not taken for it', () => {
    const guesses = [
      called({ brown: 0.7, red: 0.3 }),
      called({ red: 0.95, brown: 0.05 }),
      called({ red: 0.95, brown: 0.05 }),
      called({ blue: 1 - 1e-6, cue: 1e-6 }),
    ];
    const noCue = [frame[1], frame[2], frame[3], namedBall(0, 0, 'blue', 2.5)] as typeof frame;
    const c = of([frameChroma[1], frameChroma[2], frameChroma[3], [0.34, 0.33, 0.33]] as number[][]);
    expect(byLooks(noCue, c, guesses, looksOf())).toEqual(guesses);
  });
});

describe('whiteByLikeness: the white where none is called it, by the set its own colours', () => {
  const set = SNOOKER_BALLS;
  const ids = ['cue', 'red', 'red', 'red', 'yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const;
  // Each ball's middle in a violet cast (linear light), its lightness the middle's sum.
  const middles = ids.map((id) => {
    const c = linearOf(set.look[id]?.colour ?? [0, 0, 0]);
    return [1.1 * (c[0] as number), 0.7 * (c[1] as number), 1.4 * (c[2] as number)];
  });
  const balls = middles.map((c) => ({ lightness: c.reduce((a, b) => a + b, 0) }));
  const of = (i: number): [number, number, number] => {
    const c = middles[i] as number[];
    const t = c.reduce((a, b) => a + b, 0);
    return [(c[0] as number) / t, (c[1] as number) / t, (c[2] as number) / t];
  };
  const right = ids.map((id) => called({ [id]: 0.95, black: id === 'black' ? 0.95 : 0.05 }));

  it('the cue ball called green (the white 10⁻⁴), none called the white: it is the white', () => {
    const guesses = [called({ green: 0.9999, cue: 1e-4 }), ...right.slice(1)];
    expect(whiteByLikeness(balls, of, guesses, set).map((g) => g.id)).toEqual([...ids]);
  });

  it('a ball called the white: nothing changes', () => {
    const guesses = [called({ cue: 0.6, green: 0.4 }), ...right.slice(1)];
    expect(whiteByLikeness(balls, of, guesses, set)).toEqual(guesses);
  });

  it('the cue ball not on the table: a ball the classifier rules out as the white (10⁻⁶) is not taken for it', () => {
    const guesses = right
      .slice(1)
      .map((g, i) => (ids[i + 1] === 'blue' ? called({ blue: 1 - 1e-6, cue: 1e-6 }) : g));
    const rest = (i: number): [number, number, number] => of(i + 1);
    expect(whiteByLikeness(balls.slice(1), rest, guesses, set)).toEqual(guesses);
  });
});
