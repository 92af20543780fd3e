// What real cameras and ball makers vary, drawn from the seed for the classifier's training frames, so
// that it learns the balls and not our renderer's one look (issue #14, item 1): each class's colour
// (one maker's brown is chocolate, another's reddish; greens run from bright to a dark bluish green,
// reds from scarlet to crimson), the resin's gloss, the cloth (tournament greens, worn darker greens,
// blues), the camera's white balance, its sensor noise and its JPEG. Nothing here is drawn from the
// second render style (src/sim/alt) or its palette: that style is held out to measure on.
// Training tooling: nothing at run time imports it.
import type { BallId, BallLook as BallSetLook } from '../../equipment/pieces.ts';
import type { Rng } from '../random.ts';
import type { BallLook as ResinLook } from '../render/balls.ts';

export type Srgb8 = readonly [number, number, number];

/**
 * How one class's colour may vary: a point drawn between two makers' colours (sRGB, mixed linearly),
 * then turned by up to ± `hue` degrees and scaled by up to ± `saturation` and ± `value` (shares).
 */
export interface ColourRange {
  readonly from: Srgb8;
  readonly to: Srgb8;
  readonly hue: number;
  readonly saturation: number;
  readonly value: number;
}

/** A span between two makers' colours of one class. */
export type ColourSpan = Pick<ColourRange, 'from' | 'to'>;

export interface Variety {
  /**
   * Per class: the spans its colour is drawn from (one span picked, then a point on it: makers' colours
   * do not lie on one line — a blue runs from navy to royal and, elsewhere, royal to sky); classes not
   * named keep their colour and get `jitter`.
   */
  readonly colours: Readonly<Partial<Record<BallId, readonly ColourSpan[]>>>;
  /** The hue / saturation / value jitter every class gets on top. */
  readonly jitter: Pick<ColourRange, 'hue' | 'saturation' | 'value'>;
  /** The canopy's reflection and the resin's sheen, as ranges (a worn ball is duller, a new one glossier). */
  readonly highlight: readonly [number, number];
  readonly sheen: readonly [number, number];
  readonly highlightSpread: readonly [number, number];
  /** Cloths a camera's frames are drawn on (one drawn per camera, then jittered as a colour). */
  readonly cloths: readonly Srgb8[];
  readonly clothJitter: Pick<ColourRange, 'hue' | 'saturation' | 'value'>;
  /** White balance: the red and blue channels' gains against green, ranges. */
  readonly redGain: readonly [number, number];
  readonly blueGain: readonly [number, number];
  /** Share of frames JPEG-compressed, and the quality range. */
  readonly jpegShare: number;
  readonly jpegQuality: readonly [number, number];
}

const rgbToHsv = ([r, g, b]: Srgb8): [number, number, number] => {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const h = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(60 * h + 360) % 360, max === 0 ? 0 : d / max, max / 255];
};

const hsvToRgb = (h: number, s: number, v: number): Srgb8 => {
  const c = v * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r, g, b] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = v - c;
  const to8 = (t: number): number => Math.max(0, Math.min(255, Math.round(255 * (t + m))));
  return [to8(r), to8(g), to8(b)];
};

/** A colour drawn from a range (see ColourRange). */
export const drawColour = (rng: Rng, r: ColourRange): Srgb8 => {
  const t = rng.next();
  const mix = (a: number, b: number): number => a + t * (b - a);
  const mixed: Srgb8 = [mix(r.from[0], r.to[0]), mix(r.from[1], r.to[1]), mix(r.from[2], r.to[2])];
  const [h, s, v] = rgbToHsv(mixed);
  return hsvToRgb(
    h + rng.uniform(-r.hue, r.hue),
    Math.min(1, s * (1 + rng.uniform(-r.saturation, r.saturation))),
    Math.min(1, v * (1 + rng.uniform(-r.value, r.value))),
  );
};

/** A ball set's look with every class's colour drawn afresh (patterns and stripes kept). */
export const variedBallLooks = (
  rng: Rng,
  v: Variety,
  look: Readonly<Record<BallId, BallSetLook>>,
): Record<BallId, BallSetLook> =>
  Object.fromEntries(
    Object.entries(look).map(([id, l]) => {
      const spans = v.colours[id] ?? [{ from: l.colour, to: l.colour }];
      const span = spans[rng.int(0, spans.length)] as ColourSpan;
      return [id, { ...l, colour: drawColour(rng, { ...span, ...v.jitter }) }];
    }),
  );

/** The resin's look with its gloss drawn afresh. */
export const variedResin = (rng: Rng, v: Variety, resin: ResinLook): ResinLook => ({
  ...resin,
  highlight: rng.uniform(v.highlight[0], v.highlight[1]),
  sheen: rng.uniform(v.sheen[0], v.sheen[1]),
  highlightSpread: rng.uniform(v.highlightSpread[0], v.highlightSpread[1]),
});

/** A cloth colour drawn from the variety's cloths. */
export const variedCloth = (rng: Rng, v: Variety): Srgb8 => {
  const c = v.cloths[rng.int(0, v.cloths.length)] as Srgb8;
  return drawColour(rng, { from: c, to: c, ...v.clothJitter });
};

/** The camera's white balance: gains on red, green, blue. */
export const variedBalance = (rng: Rng, v: Variety): [number, number, number] => [
  rng.uniform(v.redGain[0], v.redGain[1]),
  1,
  rng.uniform(v.blueGain[0], v.blueGain[1]),
];
