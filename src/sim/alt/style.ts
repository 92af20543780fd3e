// Styles for the second renderer: a cloth, lamps, a camera. `tuning` is tournament green under two
// lamps; the held-out variants put a blue cloth or a worn, dark green one under three lamps (the
// first held-out split), or an olive-green or steel-blue cloth under four small lamps (the second,
// rendered and run only once the vision's changes were done).
import type { Table } from '../../equipment/index.ts';
import { makeRng } from '../random.ts';
import type { AltBox, AltLamp, AltStyle, Srgb8 } from './render.ts';

export const ALT_VARIANTS = ['tournament', 'blue', 'worn', 'dim', 'olive-quad', 'blue-quad'] as const;
export type AltVariant = (typeof ALT_VARIANTS)[number];

export const ALT_CLOTH: Readonly<Record<'tournament' | 'blue' | 'worn' | 'olive' | 'steel', Srgb8>> = {
  tournament: [28, 118, 52],
  blue: [30, 80, 150],
  worn: [40, 90, 54],
  olive: [58, 96, 44],
  steel: [44, 86, 124],
};

const twoLamps = (t: Table, power: number): AltLamp[] => [
  { x: t.width / 2, y: t.length * 0.3, z: 1100, hx: 260, hy: 380, power },
  { x: t.width / 2, y: t.length * 0.7, z: 1100, hx: 260, hy: 380, power },
];

const threeLamps = (t: Table, power: number): AltLamp[] =>
  [0.2, 0.5, 0.8].map((f) => ({ x: t.width / 2, y: t.length * f, z: 950, hx: 320, hy: 220, power }));

/** Four smaller lamps, two by two. */
const quadLamps = (t: Table, power: number): AltLamp[] =>
  [0.3, 0.7].flatMap((fy) =>
    [0.3, 0.7].map((fx) => ({ x: t.width * fx, y: t.length * fy, z: 1000, hx: 180, hy: 180, power })),
  );

export interface AltStyleOptions {
  /** A black box standing beside the table, against one of its long sides. */
  readonly box?: boolean;
}

/** A black box on the rail beside a long cushion, somewhere along it. */
export const boxBeside = (t: Table, seed: number): AltBox => {
  const rng = makeRng(seed);
  const right = rng.next() < 0.5;
  const y0 = rng.uniform(300, t.length - 700);
  const depth = rng.uniform(150, 260);
  // Its near face on the cushion's top, a few mm to a few cm from the nose.
  const gap = rng.uniform(4, 30);
  const x0 = right ? t.width + gap : -gap - depth;
  return {
    x0,
    x1: x0 + depth,
    y0,
    y1: y0 + rng.uniform(200, 400),
    h: rng.uniform(60, 140),
    colour: [14, 14, 16],
  };
};

/** A style of a variant, varied by a seed (exposure, white balance, noise, gloss). */
export const altStyle = (t: Table, variant: AltVariant, seed: number, o: AltStyleOptions = {}): AltStyle => {
  const rng = makeRng(seed);
  const cloth: Srgb8 =
    variant === 'blue'
      ? ALT_CLOTH.blue
      : variant === 'worn'
        ? ALT_CLOTH.worn
        : variant === 'olive-quad'
          ? ALT_CLOTH.olive
          : variant === 'blue-quad'
            ? ALT_CLOTH.steel
            : ALT_CLOTH.tournament;
  const heldOut = variant !== 'tournament';
  const quad = variant === 'olive-quad' || variant === 'blue-quad';
  const gain = variant === 'dim' ? rng.uniform(0.35, 0.5) : rng.uniform(0.75, 1.3);
  const warm = rng.uniform(-0.12, 0.12);
  const style: AltStyle = {
    cloth,
    clothGradient: rng.uniform(0.03, variant === 'worn' ? 0.15 : 0.08),
    nap: rng.uniform(0.03, 0.07),
    lamps: quad ? quadLamps(t, 1) : heldOut ? threeLamps(t, 1) : twoLamps(t, 1),
    ambient: rng.uniform(0.05, 0.15),
    gain,
    whiteBalance: [1 + warm, 1, 1 - warm],
    noise: rng.uniform(1.5, 3.5),
    f0: rng.uniform(0.045, 0.07),
    shininess: rng.uniform(40, 120),
  };
  return o.box ? { ...style, box: boxBeside(t, seed + 1) } : style;
};
