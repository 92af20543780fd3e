// What every new split of bench/detect-alt asks of itself: its new drawing in its own variants only (an
// older split's frames unchanged), and each of its frames the layout's balls in its variants' style;
// and, for the splits since held-out 39, those tests written from the split's data (itDrawsANewSplit).
import { describe, expect, it } from 'vitest';
import { altCases, type AltCase, type AltSplit } from '../../bench/detect-alt.ts';
import {
  ALT_CLOTH,
  ALT_VARIANTS,
  altStyle,
  type AltStyle,
  type AltVariant,
  type Srgb8,
} from '../../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './alt-palette.ts';
import { loadDemoCalibration } from './games.ts';
import { makeScene, scaledCalibration, type SceneKind } from '../vision-scenes.ts';

/** Of every variant, `variants` alone draw what `drawsIt` finds in a style; no case of the `older` splits does. */
export const expectDrawnOnlyBy = (
  drawsIt: (s: AltStyle) => boolean,
  variants: readonly string[],
  older: readonly AltSplit[],
): void => {
  const demo = loadDemoCalibration();
  expect(ALT_VARIANTS.filter((v) => drawsIt(altStyle(demo.table, v, 7)))).toEqual(variants);
  for (const split of older)
    for (const k of altCases(demo, split, 1, '1080p')) expect(drawsIt(k.style), k.name).toBe(false);
};

/**
 * Every frame of `split`, 1080p (three of each kind of layout) and 4K (one), is the layout's balls (the
 * cue ball among them, all in view), drawn from a seed within 6000 of the split's first (`seeds`), in one
 * of its two `variants`, each of which draws some; `styled` checks a frame's style for its variant.
 */
export const expectSplitDrawn = (
  split: AltSplit,
  seeds: { readonly hd: number; readonly uhd: number },
  variants: readonly [string, string],
  styled: (k: AltCase, variant: string) => void,
): void => {
  const demo = loadDemoCalibration();
  for (const [res, c, per, first] of [
    ['1080p', demo, 3, seeds.hd],
    ['4K', scaledCalibration(demo, 2), 1, seeds.uhd],
  ] as const) {
    const cases = altCases(c, split, per, res);
    expect(cases).toHaveLength(6 * per);
    const drawn = new Set<string>();
    for (const k of cases) {
      const [, , kind, variant, seed] = k.name.split(' ') as [string, string, string, string, string];
      drawn.add(variant);
      expect(Number(seed) - first, k.name).toBeGreaterThanOrEqual(0);
      expect(Number(seed) - first, k.name).toBeLessThan(6000);
      expect(k.balls, k.name).toEqual(makeScene(kind as SceneKind, Number(seed), c.table).balls);
      expect(k.balls.some((b) => b.id === 'cue')).toBe(true);
      expect(k.visible, k.name).toBeUndefined();
      styled(k, variant);
    }
    expect([...drawn].sort()).toEqual([...variants].sort());
  }
};

const apart = (a: Srgb8, b: Srgb8): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * Each of a split's new cloths (by name) at least its code values from every older cloth: those listed
 * in ALT_CLOTH before the split's first (its order the splits'). A newer split's cloth is compared in
 * its own test, as a newer maker's set is (expectNewMakersSet): with some splits asking 75 to 110 of
 * every other cloth, no colour but a near white was left 60 from every cloth and that far from theirs.
 */
export const expectClothsApart = (cloths: readonly (readonly [keyof typeof ALT_CLOTH, number])[]): void => {
  const names = Object.keys(ALT_CLOTH);
  const first = Math.min(...cloths.map(([name]) => names.indexOf(name)));
  expect(first).toBeGreaterThanOrEqual(0);
  const older = Object.entries(ALT_CLOTH).slice(0, first);
  for (const [name, least] of cloths)
    for (const [other, c] of older)
      expect(apart(ALT_CLOTH[name], c), `${name} from ${other}`).toBeGreaterThanOrEqual(least);
};

/**
 * `variant`'s ball set a new maker's: each coloured ball at least `least` code values from the usual
 * set's and from every set of the variants drawn before it (`makers` sets in all, the usual one among
 * them; a later variant's set is compared in its own test).
 */
export const expectNewMakersSet = (variant: AltVariant, makers: number, least: number): void => {
  const { table } = loadDemoCalibration();
  const own = altStyle(table, variant, 1).ballColours;
  if (!own) throw new Error(`${variant} has no set of its own`);
  const older = new Set<Readonly<Record<string, Srgb8>>>([ALT_SNOOKER_PALETTE]);
  for (const v of ALT_VARIANTS.slice(0, ALT_VARIANTS.indexOf(variant))) {
    const set = altStyle(table, v, 1).ballColours;
    if (set) older.add(set);
  }
  expect(older.size).toBe(makers);
  for (const id of ['red', 'yellow', 'green', 'brown', 'blue', 'pink'])
    for (const set of older)
      expect(apart(own[id] as Srgb8, set[id] as Srgb8), id).toBeGreaterThanOrEqual(least);
};

/** A new held-out split's own drawing, as its test states it (itDrawsANewSplit). */
export interface NewSplit {
  /** The split, and its name in the tests' words ("held-out 40"). */
  readonly split: AltSplit;
  readonly name: string;
  /** Its seeds at 1080p and 4K. */
  readonly seeds: { readonly hd: number; readonly uhd: number };
  /** Its new cloths (by name), each at least its code values from every older one. */
  readonly cloths: readonly (readonly [keyof typeof ALT_CLOTH, number])[];
  /**
   * The variant with a new maker's set: the `makers`th, each coloured ball `least` from every older set's
   * (none where both variants have the usual set).
   */
  readonly makersSet?: { readonly variant: AltVariant; readonly makers: number; readonly least: number };
  /** Its two variants, each with what it alone draws (in words, and as found in a style). */
  readonly variants: readonly [NewVariant, NewVariant];
}

/**
 * The older splits whose cases a new split's variants must not draw in: a few of the first (the
 * tuning split, the first held-out, and those of another kind of drawing: 22's, 32's, 35's), then
 * every one since held-out 36, each split's own list those before it.
 */
const LOOKED_AT: readonly AltSplit[] = [
  'tuning',
  'held-out',
  'held-out-22',
  'held-out-32',
  'held-out-35',
  'held-out-36',
  'held-out-37',
  'held-out-38',
  'held-out-39',
  'held-out-40',
  'held-out-41',
  'held-out-42',
  'held-out-43',
  'held-out-44',
  'held-out-45',
  'held-out-46',
  'held-out-47',
  'held-out-48',
  'held-out-49',
  'held-out-50',
];

/** The splits of LOOKED_AT before `split` (all of them for a split not listed yet). */
export const olderThan = (split: AltSplit): readonly AltSplit[] => {
  const at = LOOKED_AT.indexOf(split);
  return at < 0 ? LOOKED_AT : LOOKED_AT.slice(0, at);
};

export interface NewVariant {
  readonly variant: AltVariant;
  readonly draws: string;
  readonly drawsIt: (s: AltStyle) => boolean;
}

/**
 * The tests every new split makes of itself: its cloths new, its maker's set new, each variant's
 * drawing its own and in no older split's case, and every frame of the split the layout's balls in its
 * variants' style (the set's variant with its set).
 */
export const itDrawsANewSplit = (n: NewSplit): void => {
  const [a, b] = n.variants;
  describe(`${n.name}’s variants`, () => {
    it(`has new cloths (${n.cloths.map(([c]) => c).join(', ')}), each far from every older cloth`, () => {
      expectClothsApart(n.cloths);
    });

    const set = n.makersSet;
    if (set)
      it(`gives ${set.variant} maker’s set ${set.makers}, each coloured ball ${set.least} code values or more from every older set’s`, () => {
        expectNewMakersSet(set.variant, set.makers, set.least);
      });

    it(`draws ${a.draws} in ${a.variant} alone and ${b.draws} in ${b.variant} alone, in no older split’s case`, () => {
      for (const v of n.variants) expectDrawnOnlyBy(v.drawsIt, [v.variant], olderThan(n.split));
    });
  });

  describe(`bench/detect-alt’s ${n.name}`, () => {
    it(`draws every ${n.name} frame in its variant, the truth the layout’s balls (the cue ball still \`cue\`)`, () => {
      expectSplitDrawn(n.split, n.seeds, [a.variant, b.variant], (k, variant) => {
        const own = n.variants.find((v) => v.variant === variant);
        expect(own?.drawsIt(k.style), k.name).toBe(true);
        if (variant === n.makersSet?.variant) expect(k.style.ballColours, k.name).toBeDefined();
      });
    });
  });
};
