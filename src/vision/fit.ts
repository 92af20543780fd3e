// Where exactly is the ball: its silhouette's edge, found at full resolution along rays from the
// candidate's centre, and the sphere fitted to it in the table frame. Not the centroid of its pixels:
// the lamps' highlights and the shadow on the cloth would pull that. Each edge point is the middle
// of the step from the ball's rim to the cloth beside it (in linear light, where the rendering — and a
// sensor — mixes the two across the pixel that straddles the edge); only steps with cloth outside are
// kept, so a touching neighbour, a cue or an arm gives no point. The ball's centre is then fitted
// directly in the table frame: a sphere of the table's ball radius resting on the cloth (centre at
// z = ball radius) is seen with an outline made of the rays tangent to it, so each edge point's ray
// must pass exactly one ball radius from the centre — perspective, the lens's distortion and parallax
// are all in that one equation.
import { undistortInto, type Calibration, type UndistortedOut } from '../camera/index.ts';
import type { RgbImage } from '../core/image.ts';
import { blockOf, clothShare, isForeground, pixelShare, type ClothModel } from './cloth.ts';
import { hypotAgainst, projectPoint, Region, regionAt, type VisionGeometry } from './geometry.ts';

export interface FitOptions {
  /** Rays from the centre. */
  readonly rays: number;
  /** The edge is looked for within this many px of the expected radius; and on the second pass,
   * from the first pass's centre. */
  readonly window: number;
  readonly refineWindow: number;
  /** Trace again from the fitted centre when it is more than this many px from the start. */
  readonly recentre: number;
  /** A fit keeping fewer than this share of the edges is tried again from the edges' consensus. */
  readonly consensus: number;
  /** Smallest rim-to-cloth step kept, in linear light (0…1). */
  readonly minContrast: number;
  /** Robust fit: Tukey's constant, and the least residual scale assumed, px. */
  readonly tukey: number;
  readonly minScalePx: number;
  /**
   * A limb trace's weight against an outline's (see `fused`), beside their inliers over RMS²: its
   * edges, the outermost step, err alike on every ray (the blur and a JPEG's ringing about a limb),
   * which its RMS does not show. Over every split through held-out 16, the located balls' RMS was
   * 0.851 mm at 1080p (0.520 at 4K) with the two weighed alike, 0.836 (0.515) at half, 0.842 at 0.35,
   * 0.893 at twice (the limb traced twice and its ring climbed first; traced once, as now
   * (limb.ts limbPlace), 0.824 (0.513) at half).
   */
  readonly limbWeight: number;
  /** An edge point within this many px of the fitted outline is an inlier. */
  readonly inlierPx: number;
  /** Fewer inliers than this share of the rays: no position. */
  readonly minInliers: number;
  /**
   * How much of the cloth a ball's rim mirrors (0…1). A polished ball at grazing angles reflects the
   * cloth beside it, so its outermost sliver looks like cloth and the visible step lies inside the
   * true outline — by the rim's width for a red ball (whose body is nothing like the cloth), by less
   * for the green or the black (whose bodies are darker cloth-like colours). Each ray's share of the
   * rim width is worked out from its own inside and outside colours with this reflectance, so that
   * one rim width fits every colour. 0.8 is the renderer's (src/sim: the cloth at 0.8 at grazing).
   */
  readonly rimMirror: number;
  /** Weight of the prior on the rim width, in edge points. */
  readonly priorWeight: number;
  /** A ball with this share of its rays on edges fits its own rim width (and tells the frame's). */
  readonly wellSeen: number;
  /**
   * Inside an outline, a sample darker than this share of the cloth's brightness is ball, whatever
   * its colour: the shaded body of the green is the cloth's colour at 0.65–0.8 of its brightness
   * (held-out video, seed 13 000 025: a green at rest never seen, its disc 0.72 solid), while cloth
   * ringed by balls or fingertips measures 0.8–1.
   */
  readonly solidDark: number;
  /** A fit fewer than this share of the rays agree with, and with at least `restartBlocked` rays
   * blocked, is tried again from `restarts` starts `restartStep` radii round the candidate; a result
   * more than `restartReach` radii from the candidate is not the ball's; one replaces the first fit
   * when it has `restartGain` times its inliers. */
  readonly restartBelow: number;
  readonly restartBlocked: number;
  readonly restarts: number;
  readonly restartStep: number;
  readonly restartReach: number;
  readonly restartGain: number;
  /**
   * A ball the cloth's colour lit from one side (a blue on a navy cloth, the lamp beside a long side)
   * shows its outline against the cloth only on the lit side; on the shaded flank its edge against
   * the cloth is too faint, and the strongest step found there is its own shading's, 2–6 px inside.
   * The fit then shrinks the outline (its rim width grows well past the frame's) and slides towards
   * the lamp by 1.5–2.8 px (held-out 7: 4–6 mm). Where the fitted rim width outgrows the expected one
   * by more than `litArcRim` px, the outline is fitted again to the lit arc alone — the edges whose
   * step is at least `litArcStep` of the strong steps' (the `litArcQuantile` of the edges') — with the
   * rim width held at the expected one, so the ball's known radius fixes the centre; it is kept when
   * at most `litArcBeyond` of the other edges lie beyond that outline (the shaded flank lies inside
   * it), and its edges are still `minInliers` of the rays. A lit arc is one that shows the ball
   * clearly: strong steps of at least `litArcMinStep` in linear light (the navy's blues: 0.27–0.4).
   * Where no arc does, the fainter edges are no shading, and the stronger half placed the ball worse:
   * blacks on dark cloths (0.01–0.04 held-out 5 and 6, 0.15 in tuning-hard's jaws: 1–3 mm worse) and
   * a blue on a blue cloth lit from above (0.12, tests/vision-blurred-limb: 3.0 → 5.7 mm).
   */
  readonly litArcRim: number;
  readonly litArcStep: number;
  readonly litArcQuantile: number;
  readonly litArcMinStep: number;
  readonly litArcBeyond: number;
  /**
   * A black under low lamps casts a shadow on the cloth darker than its own body (which mirrors the
   * room), and the strongest step on that side is the shadow's edge against the lit cloth, 3–6 px
   * beyond the ball's: the fit slid into the shadow, 12–15 mm off (held-out 8's spruce cloth under
   * three pendants). An edge whose inner plateau is darker than `shadowInside` of the fit's
   * `litArcQuantile` edge's inner plateau is the shadow's; the outline is fitted again without such
   * edges (when there are `shadowMin` of them) and kept when more of the other edges agree with it
   * than with the first fit (the opening frame 9 300 000: 11.7 → 1.5 mm). A fit that still keeps
   * `shadowMin` or more, and that fewer than `restartBelow` of the rays agree with but for them, is
   * tried again from the restarts' starts (see `fitBall`), fits judged by their inliers less their
   * shadow's edges (the opening frame 9 300 002 and the warm 9 305 000: 12.4 and 15.4 mm → 3.0 and
   * 1.8 mm). Not where the outline was fitted to the lit arc (`litArcRim`): its dark edges are
   * inside it, the ball's own shading.
   */
  readonly shadowInside: number;
  /**
   * The fewest dark edges that are a shadow's: a shadow spans an arc of rays, and one dark edge alone
   * is none (held-out 8's blacks: 3–14; a black on a royal-blue cloth with 11 edges of 48, one of
   * them dark, refitted without it went 1.2 → 4.4 mm off: tuning-hard's opening at 4K).
   */
  readonly shadowMin: number;
  /**
   * A black at the far end of a pool hall's table, beyond its box light's hard edge, stands on cloth
   * lit by the spill alone (a third of the light, less in the lens's darkened corners and by the
   * cushion's nose), while its polished rim mirrors the lit table and room: a ring brighter than the
   * cloth beside it round a body darker than it. The outline is that ring's outer step (its inside the
   * brighter); on other rays the strongest step is the body's edge inside the ring (1–5 px in, its
   * outside the ring, which looks like cloth), and a fit through both slid 3.5–8.1 mm off (held-out
   * 10's `moss-box`: blacks at the ends, against a cushion or in the jaws). Where a fit fewer than
   * `restartBelow` of the rays agree with has `bodyInsideMin` or more edges darker inside than out and
   * `brightRimMin` or more brighter, the outline is fitted again to the brighter ones alone,
   * its rim width free (their steps are the ring's own, not inside a cloth-mirroring sliver), and kept
   * when at least `brightRimMin` of them and as many as with the first fit agree with it, on an arc
   * of `brightRimArc` of the turn or more, its rim width is not above 0 (a ring brighter than the cloth
   * has no darker sliver outside its step), at least `bodyInsideMin` of the darker edges lie inside
   * it, more than beyond (RayStatus.rimInside), and it explains more edges, on it and inside it, than
   * the first fit has agreeing. A two-coloured ball's halves, or a ball across a hard edge of light,
   * have both kinds of edge on one outline, none inside. Such a ball's fits from other starts are
   * judged by their edges on the ring and inside it (see `fitBall`).
   */
  readonly brightRimMin: number;
  /** The fewest edges of the body inside its bright rim (see `brightRimMin`). */
  readonly bodyInsideMin: number;
  /**
   * The least share of the turn the ring's edges that agree with its fit must span (see
   * `brightRimMin`): on a shorter arc the free rim width trades with the centre's shift along it (a
   * ball in a photo-like dim room, tests/vision-darkest-photos-give-balls, its ring on 105°: 0.6 → 5.5
   * mm off; held-out 10's blacks: 150–270°).
   */
  readonly brightRimArc: number;
  /**
   * A fit whose middle is darker than this share of the cloth around it (middleShare) is a shadow
   * unless it shows the lamps, however well its outline is seen. Under lamps hung low over a dark
   * cloth a ball's shadow is a crisp disc beside it, cloth lit only by the room, and was reported as a
   * black, a brown or a red, traced on up to 0.92 of its rays or placed by its shading (held-out 12's
   * wine cloth: 30 false balls at 1080p, 22 at 4K; the median of their middles 0.02–0.11 of the
   * cloth). A ball is lit by the lamps themselves: the darkest balls seen without lamps, blacks on the
   * light slate cloth (held-out 4), are at 0.21 and up; blacks that show them go down to 0.15 (on the
   * silver-grey cloth), and keep them. But a photo's black in open cloth, showing no lamps brighter
   * than the cloth, is at 0.149 (photo-like picture, seed 9): only a disc beside a ball (its centre
   * within the Locator's `shadowReach`) is taken for that ball's shadow and dropped. Such a disc is
   * not tried again from the restarts' starts (see `fitBall`), beside a ball or not.
   */
  readonly shadowShare: number;
  /**
   * A fit beside a ball (within the Locator's `shadowReach`) whose middle has the cloth's own hue —
   * nearer it in chromaticity than this share of the cloth's distance from grey (middleHue) — and
   * that shows no lamps is that ball's shadow, however lit. Under one lamp hung low beyond a corner of the table
   * (held-out 15's jade cloth) the shadows are long and lit by the room to 0.28–0.54 of the cloth,
   * above `shadowShare`: 43 false balls in 18 frames at 1080p, 12 in 6 at 4K, each within 1.6–2.6
   * radii of its ball, at 0.02–0.23 (and held-out 13's one in the mustard pack's shadow, 0.41). Balls
   * beside another that show no lamps lie at 0.63 and up (a black on the mustard cloth; one on the
   * near-grey slate cloth 0.70, where the measure is loose). Such a disc is not tried again from the
   * restarts' starts either, nor fitted as a ring beside a ball (limb.ts).
   */
  readonly shadowHue: number;
}

export const DEFAULT_FIT_OPTIONS: FitOptions = {
  rays: 48,
  window: 3.5,
  refineWindow: 1.5,
  recentre: 1,
  consensus: 0.8,
  minContrast: 0.008,
  tukey: 4.685,
  minScalePx: 0.12,
  limbWeight: 0.5,
  inlierPx: 0.8,
  minInliers: 0.12,
  rimMirror: 0.8,
  priorWeight: 12,
  wellSeen: 0.85,
  solidDark: 0.85,
  restartBelow: 0.5,
  restartBlocked: 3,
  restarts: 6,
  restartStep: 0.4,
  restartReach: 0.7,
  restartGain: 1.25,
  litArcRim: 0.6,
  litArcStep: 0.7,
  litArcQuantile: 0.75,
  litArcMinStep: 0.2,
  litArcBeyond: 0.1,
  shadowInside: 0.35,
  shadowMin: 3,
  // A free fit of the centre and the rim width through fewer ring edges is any few edges' circle: a
  // black in tuning's warm corner (8 105 000), through 3 of them, went 6.9 mm off.
  brightRimMin: 8,
  // As `shadowMin`: the body's edge inside the ring spans an arc of rays, one alone is none.
  bodyInsideMin: 3,
  brightRimArc: 1 / 3,
  shadowShare: 0.15,
  shadowHue: 0.5,
};

/** What one ray found. */
export const RayStatus = {
  /** An edge against cloth, used in the fit. */
  edge: 0,
  /** Another thing (ball, cue, hand) right outside: no edge to see. */
  blocked: 1,
  /** The static scene outside is not cloth (pocket, beyond the table): nothing to say. */
  unknown: 2,
  /** No clear step (blur, low contrast: a dark ball against a shadowed cushion). */
  none: 3,
  /** An edge the fitted outline disagrees with, inside it… */
  outlier: 4,
  /** …or beyond it (a blurred ball's streak; a thing beside the ball). */
  beyond: 5,
  /** An edge inside the outline fitted to the lit arc: the ball's own shading on its flank away from
   * the lamp, where its edge against a cloth of its colour is too faint to find (see `litArcRim`). */
  shaded: 6,
  /** An edge of the ball's shadow on the cloth, its inside darker than the ball (see `shadowInside`). */
  shadow: 7,
  /** An edge of a dark ball's body inside its rim, the rim brighter than the cloth beside it: the
   * outline is the rim's (see `brightRimMin`). */
  rimInside: 8,
} as const;
export type RayStatusCode = (typeof RayStatus)[keyof typeof RayStatus];

export interface FittedBall {
  /** Centre on the table (mm), at the height of a resting ball's centre. */
  readonly x: number;
  readonly y: number;
  /** The centre's image and the apparent radius (px). */
  readonly u: number;
  readonly v: number;
  readonly radius: number;
  /** Per ray: status, the ray of its edge point (table frame, unit, three numbers a ray), and the
   * point just outside the expected outline (for the neighbour test). */
  readonly status: Uint8Array;
  readonly dirs: Float64Array;
  readonly outsideU: Float64Array;
  readonly outsideV: Float64Array;
  /** Share of the disc inside the outline that is not cloth. */
  readonly solid: number;
  /** Edge rays that agree with the fitted outline, and the edges of a dark ball's body inside its
   * bright rim (see `brightRimMin`): a fit to the rim alone must not lose to one through both (held-out
   * 10, 9 505 000: a black 0.2 mm off on 13 edges and 20 inside lost to another start's, 3.5 mm off). */
  readonly inliers: number;
  /** Share of the rays that found an edge against the cloth. */
  readonly edgeShare: number;
  /** RMS distance of the inliers from the fitted outline, px. */
  readonly rmsPx: number;
  /** Per edge ray: its share of the rim width (see `rimMirror`). */
  readonly rim: Float64Array;
  /** Per edge ray: the size of its step from the rim to the cloth (linear light, 0…√3); 0 on a ball
   * whose limb was traced instead (limb.ts), which the lit-arc step leaves as it is. */
  readonly step: Float64Array;
  /** The rim width fitted with the ball, px: how far inside the outline a red ball's edges lie. */
  readonly rimPx: number;
  /** The rim width its edges give on their own (no prior), px. */
  readonly ownRimPx: number;
  /** How it was found: its outline fitted here, its likeness to a fitted ball (appearance.ts), or the
   * symmetry of its shading where its limb is too faint (limb.ts, fitByShape: no edges to refit). */
  readonly found: 'outline' | 'appearance' | 'shape';
  /** Where its limb, traced apart from its outline, places it, and that trace's weight (see `fused`). */
  readonly limb?: LimbPlace;
  /**
   * The fit it was before it was first fitted again with a frame's rim width (refitBall), which marks
   * the edges that fit leaves out: a ball kept frame after frame in play is fitted again from that
   * each time, not from the edges and place the last refit left it (held-out 20's red in 10 503 000,
   * traced on 38 rays, lost a few each frame, down to 23, and balls kept drifted from their places).
   */
  readonly unsettled?: FittedBall;
}

/** A ball's centre by its limb (table mm) and the weight of that trace: its inliers over its RMS². */
export interface LimbPlace {
  readonly x: number;
  readonly y: number;
  readonly weight: number;
}

/** A fit's weight as a measurement of the centre: its inliers over the square of their RMS (px). */
export const fitWeight = (f: FittedBall, o: FitOptions): number =>
  f.inliers / Math.max(o.minScalePx, f.rmsPx) ** 2;

/**
 * An outline fit moved to the weighted mean of its place and its limb's. The outline is the
 * strongest colour step, the limb the outermost (limb.ts): where a glossy ball's rim mirrors the
 * cloth, or its shaded flank meets its shadow, the strongest step lies inside the limb on some rays
 * and not others, and the outline fit shifts; the limb is blurred or lost where the cloth is of the
 * ball's colour. Each errs where the other holds: of the outline fits over every split through held-out
 * 16, the outline alone placed them with RMS 0.97 mm at 1080p (0.84 at 4K), the limb alone 1.02
 * (0.56), the two weighted by inliers over RMS² 0.78 (0.42). The limb's weight is `limbWeight` of that.
 */
export const fused = (g: VisionGeometry, f: FittedBall, o: FitOptions): FittedBall => {
  const l = f.limb;
  if (!l) return f;
  const w = fitWeight(f, o);
  const lw = l.weight * o.limbWeight;
  const x = (w * f.x + lw * l.x) / (w + lw);
  const y = (w * f.y + lw * l.y) / (w + lw);
  const [u, v] = projectPoint(g.calibration, x, y, g.ballCentreHeight);
  return { ...f, x, y, u, v };
};

/**
 * A ball placed without its outline traced (by its likeness to a fitted ball, or by its shading's
 * symmetry): no edges, every ray `status`, the points just outside its expected outline for the
 * neighbour test, `inliers` as its finder counts them.
 */
export const untracedBall = (
  at: readonly [number, number],
  u: number,
  v: number,
  radius: number,
  rays: number,
  status: RayStatusCode,
  inliers: number,
  found: 'appearance' | 'shape',
): FittedBall => {
  const outsideU = new Float64Array(rays);
  const outsideV = new Float64Array(rays);
  for (let i = 0; i < rays; i++) {
    const a = (2 * Math.PI * i) / rays;
    outsideU[i] = u + (radius + 1.5) * Math.cos(a);
    outsideV[i] = v + (radius + 1.5) * Math.sin(a);
  }
  return {
    x: at[0],
    y: at[1],
    u,
    v,
    radius,
    status: new Uint8Array(rays).fill(status),
    dirs: new Float64Array(3 * rays),
    rim: new Float64Array(rays),
    step: new Float64Array(rays),
    outsideU,
    outsideV,
    solid: 1,
    inliers,
    edgeShare: 0,
    rmsPx: 0,
    rimPx: 0,
    ownRimPx: 0,
    found,
  };
};

/** An 8-bit sRGB value in linear light, 0…1. */
export const SRGB_TO_LINEAR = Float64Array.from({ length: 256 }, (_, i) => {
  const v = i / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

/** A colour of 8-bit sRGB channels (a mean's fractions rounded) in linear light. */
export const linearOf = (c: ArrayLike<number>): number[] =>
  Array.from(c, (v) => SRGB_TO_LINEAR[Math.round(v)] as number);

/** Bilinear sample in linear light at (u, v); false outside the image. */
const sampleLinear = (img: RgbImage, u: number, v: number, out: Float64Array, o: number): boolean => {
  const x0 = Math.floor(u);
  const y0 = Math.floor(v);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= img.width || y0 + 1 >= img.height) return false;
  const fx = u - x0;
  const fy = v - y0;
  const d = img.data;
  const a = (y0 * img.width + x0) * 3;
  const b = a + img.width * 3;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  for (let c = 0; c < 3; c++)
    out[o + c] =
      w00 * (SRGB_TO_LINEAR[d[a + c] as number] as number) +
      w10 * (SRGB_TO_LINEAR[d[a + 3 + c] as number] as number) +
      w01 * (SRGB_TO_LINEAR[d[b + c] as number] as number) +
      w11 * (SRGB_TO_LINEAR[d[b + 3 + c] as number] as number);
  return true;
};

/** What the scene and the frame show at the pixel nearest (u, v): 1 foreground, 0 cloth, −1 unknown. */
const classify = (img: RgbImage, g: VisionGeometry, cloth: ClothModel, u: number, v: number): number => {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return -1;
  const reg = regionAt(g, x, y);
  if (reg === Region.outside || reg === Region.pocket) return -1;
  const p = (y * img.width + x) * 3;
  const d = img.data;
  return isForeground(
    cloth,
    blockOf(cloth, x, y),
    reg,
    d[p] as number,
    d[p + 1] as number,
    d[p + 2] as number,
  )
    ? 1
    : 0;
};

/**
 * Is the sample at `at` of a profile cloth beside the ball sample at `inside`, though the frame-wide
 * test called it foreground? Next to a ball the cloth takes some of the ball's colour — the lens's
 * blur, and video's chroma, kept at half resolution, smear it across the edge — so it is judged
 * against this ray's own two colours: cloth (at any shade between a deep shadow and the lit cloth)
 * if it is much nearer the cloth's line of shades than it is to the ball.
 */
const clothBeside = (m: ClothModel, k: number, p: Float64Array, at: number, inside: number): boolean => {
  const c = m.colour;
  const cr = c[3 * k] as number;
  const cg = c[3 * k + 1] as number;
  const cb = c[3 * k + 2] as number;
  const r = p[3 * at] as number;
  const g = p[3 * at + 1] as number;
  const b = p[3 * at + 2] as number;
  const kk = (r * cr + g * cg + b * cb) * (m.invcc[k] as number);
  if (kk < CLOTH_BESIDE_DARK || kk > m.bright) return false;
  const er = r - kk * cr;
  const eg = g - kk * cg;
  const eb = b - kk * cb;
  const dr = r - (p[3 * inside] as number);
  const dg = g - (p[3 * inside + 1] as number);
  const db = b - (p[3 * inside + 2] as number);
  return er * er + eg * eg + eb * eb < 0.25 * (dr * dr + dg * dg + db * db);
};

// Cloth in the gaps of a pack keeps about half its light; a black ball, a fifth of the cloth's; the
// ebony butt of a cue, two fifths.
const CLOTH_BESIDE_DARK = 0.42;

/**
 * One start's rays (fitFrom): each ray's status, outside point, direction, rim share and step. The
 * FitScratch keeps two, the best start's so far and the one being fitted (fitBall), and the fit
 * returned takes copies: a 1080p frame of held-out 15 fits 44 starts for 19 balls (restarts and
 * starts that fail), and five Float64Arrays a start cost some 0.85 µs each to allocate (outside V8's
 * heap).
 */
class StartRays {
  readonly status: Uint8Array;
  readonly outsideU: Float64Array;
  readonly outsideV: Float64Array;
  readonly dirs: Float64Array;
  readonly rim: Float64Array;
  readonly step: Float64Array;
  constructor(rays: number) {
    this.status = new Uint8Array(rays);
    this.outsideU = new Float64Array(rays);
    this.outsideV = new Float64Array(rays);
    this.dirs = new Float64Array(3 * rays);
    this.rim = new Float64Array(rays);
    this.step = new Float64Array(rays);
  }
  /** Ready for a start: directions, rim shares and steps 0, as a fresh array's (traceEdges and
   * edgeRays write them on edges only); status and outside points are written on every ray. */
  clear(): void {
    this.dirs.fill(0);
    this.rim.fill(0);
    this.step.fill(0);
  }
}

/** Scratch for one fit (profiles and edge points), reused from ball to ball. */
export class FitScratch {
  /** Coarse profile: linear RGB and the scene's verdict (1 foreground, 0 cloth, −1 unknown) per sample. */
  readonly coarse: Float64Array;
  readonly verdict: Int8Array;
  /** Fine profile around the edge: linear RGB, and its projection on the step. */
  readonly fine: Float64Array;
  readonly proj: Float64Array;
  readonly edgeU: Float64Array;
  readonly edgeV: Float64Array;
  readonly residual: Float64Array;
  readonly sorted: Float64Array;
  /** The edge points packed (consensusCentre): image position, and the circle's radius through each. */
  readonly packU: Float64Array;
  readonly packV: Float64Array;
  readonly packR: Float64Array;
  /** The robust fit's edge rays (their indices), and each one's Jacobian in X and Y. */
  readonly edgeIndex: Int32Array;
  readonly jx: Float64Array;
  readonly jy: Float64Array;
  /** Each ray's direction in the image, cos and sin of its angle. */
  readonly cos: Float64Array;
  readonly sin: Float64Array;
  /**
   * One start's brightness (R + G + B, linear) inside and outside each edge, read only while that start
   * is fitted (fitFrom): not allocated for each start, as a 48-ray Float64Array costs 0.85 µs to
   * allocate (outside V8's heap) and a 1080p frame of held-out 15 fits 44 starts.
   */
  readonly inner: Float64Array;
  readonly outer: Float64Array;
  /** The rays of fitBall's best start so far and of the start it fits next (see StartRays). */
  readonly starts: readonly [StartRays, StartRays];
  constructor(
    readonly rays: number,
    window: number,
  ) {
    const coarse = Math.round((2 * (window + PLATEAU_PX)) / COARSE) + 1;
    this.coarse = new Float64Array(coarse * 3);
    this.verdict = new Int8Array(coarse);
    this.fine = new Float64Array(FINE_SAMPLES * 3);
    this.proj = new Float64Array(FINE_SAMPLES);
    this.edgeU = new Float64Array(rays);
    this.edgeV = new Float64Array(rays);
    this.residual = new Float64Array(rays);
    this.sorted = new Float64Array(rays);
    this.packU = new Float64Array(rays);
    this.packV = new Float64Array(rays);
    this.packR = new Float64Array(rays);
    this.edgeIndex = new Int32Array(rays);
    this.jx = new Float64Array(rays);
    this.jy = new Float64Array(rays);
    this.cos = Float64Array.from({ length: rays }, (_, i) => Math.cos((2 * Math.PI * i) / rays));
    this.sin = Float64Array.from({ length: rays }, (_, i) => Math.sin((2 * Math.PI * i) / rays));
    this.inner = new Float64Array(rays);
    this.outer = new Float64Array(rays);
    this.starts = [new StartRays(rays), new StartRays(rays)];
  }
}

// The edge is searched for on a coarse profile (every half pixel), then placed on a fine one (every
// quarter pixel) as the middle of the step between plateaus 1.5 px inside and outside it.
const COARSE = 0.5;
const FINE = 0.25;
const PLATEAU_PX = 1.5;
const PLATEAU_COARSE = Math.round(PLATEAU_PX / COARSE);
const PLATEAU_FINE = Math.round(PLATEAU_PX / FINE);
const FINE_SAMPLES = 2 * PLATEAU_FINE + 1;

/** Is every reduced pixel of the full-resolution box [xa, xb] × [ya, yb] (inside the frame) the bed's cloth? */
const allCloth = (g: VisionGeometry, xa: number, ya: number, xb: number, yb: number): boolean => {
  const { scale, rw, region } = g;
  const i0 = Math.floor(xa / scale);
  const i1 = Math.floor(xb / scale);
  for (let j = Math.floor(ya / scale); j <= Math.floor(yb / scale); j++)
    for (let i = i0; i <= i1; i++) if (region[j * rw + i] !== Region.cloth) return false;
  return true;
};

/**
 * Find the edge along each ray from (u0, v0), within ±`window` px of radius r, and fill `status`,
 * the scratch's edge points, the outside points and each edge's rim share. Returns the edges found.
 */
const traceEdges = (
  img: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  u0: number,
  v0: number,
  r: number,
  window: number,
  o: FitOptions,
  s: FitScratch,
  status: Uint8Array,
  outsideU: Float64Array,
  outsideV: Float64Array,
  rim: Float64Array,
  step: Float64Array,
  inner: Float64Array,
  outer: Float64Array,
): number => {
  const K = Math.round((2 * (window + PLATEAU_PX)) / COARSE) + 1;
  const rho0 = r - window - PLATEAU_PX;
  const W = img.width;
  const H = img.height;
  const d = img.data;
  const { region, scale, rw } = g;
  const { coarse, verdict, fine, proj } = s;
  const b0 = blockOf(cloth, u0, v0);
  const cr = cloth.colour[3 * b0] as number;
  const cg = cloth.colour[3 * b0 + 1] as number;
  const cb = cloth.colour[3 * b0 + 2] as number;
  const inv = cloth.invcc[b0] as number;
  const emax = cloth.e2max[b0] as number;
  const { dark, bright } = cloth;
  const P = PLATEAU_COARSE;
  // Every coarse sample lies within `reach` of the start: where that square is inside the frame and on
  // the bed's cloth (most balls), no sample is tested for either (the region's lookup is two divisions
  // a sample): the outline stage 0.95–0.97 of its CPU on 1080p frames of tuning and held-out 12–14.
  const reach = Math.max(Math.abs(rho0), Math.abs(rho0 + (K - 1) * COARSE));
  const xa = Math.round(u0 - reach);
  const xb = Math.round(u0 + reach);
  const ya = Math.round(v0 - reach);
  const yb = Math.round(v0 + reach);
  const inside = xa >= 1 && ya >= 1 && xb < W - 1 && yb < H - 1;
  const onCloth = inside && allCloth(g, xa, ya, xb, yb);
  let found = 0;
  for (let i = 0; i < o.rays; i++) {
    const cs = s.cos[i] as number;
    const sn = s.sin[i] as number;
    outsideU[i] = u0 + (r + PLATEAU_PX) * cs;
    outsideV[i] = v0 + (r + PLATEAU_PX) * sn;
    // Coarse profile: the nearest pixel's colour (8-bit) and what the scene and cloth say it is.
    let inImage = true;
    let lastP = -1;
    for (let k = 0; k < K; k++) {
      const rho = rho0 + k * COARSE;
      // The nearest pixel: (t + 0.5) | 0 is Math.round(t) for every t from −0.5 up, and cheaper; a
      // sample further left or up rounds to 0 or less either way, off the frame.
      const x = (u0 + rho * cs + 0.5) | 0;
      const y = (v0 + rho * sn + 0.5) | 0;
      if (!inside && (x < 1 || y < 1 || x >= W - 1 || y >= H - 1)) {
        inImage = false;
        break;
      }
      const p = (y * W + x) * 3;
      if (p === lastP) {
        // Samples half a pixel apart often fall on the same pixel: the same colour and verdict.
        coarse[3 * k] = coarse[3 * k - 3] as number;
        coarse[3 * k + 1] = coarse[3 * k - 2] as number;
        coarse[3 * k + 2] = coarse[3 * k - 1] as number;
        verdict[k] = verdict[k - 1] as number;
        continue;
      }
      lastP = p;
      const r8 = d[p] as number;
      const g8 = d[p + 1] as number;
      const b8 = d[p + 2] as number;
      coarse[3 * k] = r8;
      coarse[3 * k + 1] = g8;
      coarse[3 * k + 2] = b8;
      const reg = onCloth ? Region.cloth : (region[((y / scale) | 0) * rw + ((x / scale) | 0)] as number);
      if (reg === Region.cloth) {
        // The bed's test inlined, with the cloth of the ball's block (the light changes little
        // across a ball's neighbourhood).
        const pc = r8 * cr + g8 * cg + b8 * cb;
        const kk = pc * inv;
        verdict[k] = r8 * r8 + g8 * g8 + b8 * b8 - pc * kk > emax || kk < dark || kk > bright ? 1 : 0;
      } else {
        verdict[k] =
          reg === Region.outside || reg === Region.pocket
            ? -1
            : isForeground(cloth, b0, reg, r8, g8, b8)
              ? 1
              : 0;
      }
    }
    if (!inImage) {
      status[i] = RayStatus.unknown;
      continue;
    }
    // The strongest colour change over a pixel with the ball inside and cloth outside.
    let best = -1;
    let bestG = 0;
    let sawUnknown = false;
    let sawBlocked = false;
    for (let k = P; k < K - P; k++) {
      const out = verdict[k + P] as number;
      if (out < 0) {
        sawUnknown = true;
        continue;
      }
      if (verdict[k - P] !== 1) continue;
      if (out === 1 && !clothBeside(cloth, b0, coarse, k + P, k - P)) {
        sawBlocked = true;
        continue;
      }
      const dr = (coarse[3 * k + 3] as number) - (coarse[3 * k - 3] as number);
      const dg = (coarse[3 * k + 4] as number) - (coarse[3 * k - 2] as number);
      const db = (coarse[3 * k + 5] as number) - (coarse[3 * k - 1] as number);
      const gk = dr * dr + dg * dg + db * db;
      if (gk > bestG) {
        best = k;
        bestG = gk;
      }
    }
    if (best < 0) {
      status[i] = sawBlocked ? RayStatus.blocked : sawUnknown ? RayStatus.unknown : RayStatus.none;
      continue;
    }
    // The fine profile around it, and the middle of the step between its plateaus: its two ends
    // first (the plateaus' colours), the samples between only as the walk below reaches them.
    const rhoF = rho0 + best * COARSE - PLATEAU_PX;
    const last = FINE_SAMPLES - 1;
    sampleLinear(img, u0 + rhoF * cs, v0 + rhoF * sn, fine, 0);
    sampleLinear(img, u0 + (rhoF + last * FINE) * cs, v0 + (rhoF + last * FINE) * sn, fine, 3 * last);
    const ib = 3 * last;
    const ar = fine[0] as number;
    const ag = fine[1] as number;
    const ab = fine[2] as number;
    const br = fine[ib] as number;
    const bg = fine[ib + 1] as number;
    const bb = fine[ib + 2] as number;
    const er = ar - br;
    const eg = ag - bg;
    const eb = ab - bb;
    const e2 = er * er + eg * eg + eb * eb;
    if (e2 < o.minContrast * o.minContrast) {
      status[i] = RayStatus.none;
      continue;
    }
    // Outermost crossing of one half, walking in from the cloth.
    let rhoEdge = NaN;
    for (let k = last; k >= 0; k--) {
      if (k > 0 && k < last) {
        const rho = rhoF + k * FINE;
        sampleLinear(img, u0 + rho * cs, v0 + rho * sn, fine, 3 * k);
      }
      proj[k] =
        (((fine[3 * k] as number) - br) * er +
          ((fine[3 * k + 1] as number) - bg) * eg +
          ((fine[3 * k + 2] as number) - bb) * eb) /
        e2;
      if (k === last) continue;
      const p = proj[k] as number;
      if (p >= 0.5) {
        const q = proj[k + 1] as number;
        rhoEdge = rhoF + (k + (p - 0.5) / (p - q)) * FINE;
        break;
      }
    }
    if (!Number.isFinite(rhoEdge)) {
      status[i] = RayStatus.none;
      continue;
    }
    // How far the rim's cloth-mirroring sliver pulls the step inwards, as a share of its width: all of
    // it when a cloth-coloured rim is far from the body's colour, none when it is the body's colour.
    const m = o.rimMirror - 1;
    const pRim = (m * (br * er + bg * eg + bb * eb)) / e2;
    rim[i] = 1 - Math.min(1, Math.max(0, pRim));
    step[i] = Math.sqrt(e2);
    inner[i] = ar + ag + ab;
    outer[i] = br + bg + bb;
    status[i] = RayStatus.edge;
    s.edgeU[i] = u0 + rhoEdge * cs;
    s.edgeV[i] = v0 + rhoEdge * sn;
    found++;
  }
  return found;
};

/** Scratch for the lens's inverse at a pixel (read at once, never kept). */
const lensOut: UndistortedOut = { x: 0, y: 0, converged: false };

/** Unit rays (table frame) of the edge points, three numbers a ray. */
export const edgeRays = (
  c: Calibration,
  s: FitScratch,
  status: Uint8Array,
  rays: number,
  dirs: Float64Array,
): void => {
  const k = c.camera;
  const R = c.pose.R;
  for (let i = 0; i < rays; i++) {
    if (status[i] !== RayStatus.edge) continue;
    const n = lensOut;
    undistortInto(k, ((s.edgeU[i] as number) - k.cx) / k.fx, ((s.edgeV[i] as number) - k.cy) / k.fy, n);
    // Rᵀ · (x, y, 1), normalised.
    const dx = R[0][0] * n.x + R[1][0] * n.y + R[2][0];
    const dy = R[0][1] * n.x + R[1][1] * n.y + R[2][1];
    const dz = R[0][2] * n.x + R[1][2] * n.y + R[2][2];
    const len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    dirs[3 * i] = dx / len;
    dirs[3 * i + 1] = dy / len;
    dirs[3 * i + 2] = dz / len;
  }
};

/** A fit's outcome. */
export interface SphereFit {
  readonly x: number;
  readonly y: number;
  /** Rim width, mm at the ball. */
  readonly rim: number;
  /** The inliers' own rim width, no prior: what a ball seen all round says the frame's is. */
  readonly ownRim: number;
  readonly inliers: number;
  readonly rms: number;
}

/**
 * The k-th smallest (from 0) of a[0…n), as sorting would give it, by selection (Hoare's): the fit
 * wants one median a step, and sorting for it was a tenth of the outline fit. Reorders a[0…n).
 */
const nthSmallest = (a: Float64Array, n: number, k: number): number => {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k] as number;
};

/**
 * Fit (X, Y) so that every edge ray passes one ball radius, less its share of the rim width, from
 * (X, Y, h): robust Gauss–Newton (Tukey's biweight, scale from the residuals' median absolute
 * deviation). The rim width is fitted too, with a prior holding it near `rim0` (the frame's) with the
 * weight of `priorWeight` edge points, so a ball seen only on one side cannot trade it for a shift.
 * Residuals are in mm at the ball; `mmPerPx` converts the pixel thresholds. Marks the outliers' rays
 * as `outlier` (inside the outline) or `beyond`.
 */
export const fitSphere = (
  g: VisionGeometry,
  dirs: Float64Array,
  rim: Float64Array,
  status: Uint8Array,
  x0: number,
  y0: number,
  rim0: number,
  mmPerPx: number,
  o: FitOptions,
  s: FitScratch,
): SphereFit => {
  const R = g.ballRadius;
  const h = g.ballCentreHeight;
  let x = x0;
  let y = y0;
  let off = rim0;
  const n = status.length;
  const res = s.residual;
  const abs = s.sorted;
  const { jx: jxs, jy: jys, edgeIndex } = s;
  const lambda = o.priorWeight;
  // The edge rays, in order (the sums below must add them in the same order every time).
  let edges = 0;
  for (let i = 0; i < n; i++) if (status[i] === RayStatus.edge) edgeIndex[edges++] = i;
  for (let iter = 0; iter < 15; iter++) {
    const wx = x - g.cx;
    const wy = y - g.cy;
    const wz = h - g.cz;
    let count = 0;
    for (let e = 0; e < edges; e++) {
      const i = edgeIndex[e] as number;
      const dx = dirs[3 * i] as number;
      const dy = dirs[3 * i + 1] as number;
      const dz = dirs[3 * i + 2] as number;
      const t = wx * dx + wy * dy + wz * dz;
      const px = wx - t * dx;
      const py = wy - t * dy;
      const pz = wz - t * dz;
      const D = Math.sqrt(px * px + py * py + pz * pz);
      const r = D - R + off * (rim[i] as number);
      res[i] = r;
      abs[count++] = r < 0 ? -r : r;
      // d|p|/dX = p · (I − d dᵀ) e_x / |p| = p_x / |p| (p is already perpendicular to d); d/d rim = q.
      jxs[i] = px / D;
      jys[i] = py / D;
    }
    if (count < 3) break;
    const mad = nthSmallest(abs, count, count >> 1);
    const c = o.tukey * Math.max(1.4826 * mad, o.minScalePx * mmPerPx);
    // Normal equations for (X, Y, rim width); the prior adds λ·(rim − rim0)².
    let a11 = 0;
    let a12 = 0;
    let a13 = 0;
    let a22 = 0;
    let a23 = 0;
    let a33 = lambda;
    let b1 = 0;
    let b2 = 0;
    let b3 = lambda * (off - rim0);
    for (let e = 0; e < edges; e++) {
      const i = edgeIndex[e] as number;
      const r = res[i] as number;
      const z = r / c;
      const w = Math.abs(z) < 1 ? (1 - z * z) * (1 - z * z) : 0;
      if (w === 0) continue;
      const jx = jxs[i] as number;
      const jy = jys[i] as number;
      const q = rim[i] as number;
      a11 += w * jx * jx;
      a12 += w * jx * jy;
      a13 += w * jx * q;
      a22 += w * jy * jy;
      a23 += w * jy * q;
      a33 += w * q * q;
      b1 += w * jx * r;
      b2 += w * jy * r;
      b3 += w * q * r;
    }
    // Solve the symmetric 3 × 3 system by Cramer's rule.
    const m11 = a22 * a33 - a23 * a23;
    const m12 = a13 * a23 - a12 * a33;
    const m13 = a12 * a23 - a13 * a22;
    const det = a11 * m11 + a12 * m12 + a13 * m13;
    if (!(det > 1e-12)) break;
    const m22 = a11 * a33 - a13 * a13;
    const m23 = a12 * a13 - a11 * a23;
    const m33 = a11 * a22 - a12 * a12;
    const sx = (m11 * b1 + m12 * b2 + m13 * b3) / det;
    const sy = (m12 * b1 + m22 * b2 + m23 * b3) / det;
    const so = (m13 * b1 + m23 * b2 + m33 * b3) / det;
    x -= sx;
    y -= sy;
    off -= so;
    if (sx * sx + sy * sy + so * so < 1e-8) break;
  }
  return markRays(g, dirs, rim, status, x, y, off, mmPerPx, o);
};

/**
 * The fit of the outline about (x, y) with rim width `off` (mm): its inliers, their RMS and their own
 * rim width; every edge ray further than `inlierPx` from it marked `outlier` (inside) or `beyond`.
 */
const markRays = (
  g: VisionGeometry,
  dirs: Float64Array,
  rim: Float64Array,
  status: Uint8Array,
  x: number,
  y: number,
  off: number,
  mmPerPx: number,
  o: FitOptions,
): SphereFit => {
  const R = g.ballRadius;
  const n = status.length;
  const wx = x - g.cx;
  const wy = y - g.cy;
  const wz = g.ballCentreHeight - g.cz;
  let inliers = 0;
  let ss = 0;
  let sum = 0;
  let sq = 0;
  const lim = o.inlierPx * mmPerPx;
  for (let i = 0; i < n; i++) {
    if (status[i] !== RayStatus.edge) continue;
    const dx = dirs[3 * i] as number;
    const dy = dirs[3 * i + 1] as number;
    const dz = dirs[3 * i + 2] as number;
    const t = wx * dx + wy * dy + wz * dz;
    const q = rim[i] as number;
    const ex = wx - t * dx;
    const ey = wy - t * dy;
    const ez = wz - t * dz;
    const r = Math.sqrt(ex * ex + ey * ey + ez * ez) - R + off * q;
    if (Math.abs(r) <= lim) {
      inliers++;
      ss += r * r;
      // This edge's own rim width: −(D − R) / q, where its colours let the rim show at all.
      if (q > 0.5) {
        sum += (r - off * q) / -q;
        sq++;
      }
    } else {
      status[i] = r > 0 ? RayStatus.beyond : RayStatus.outlier;
    }
  }
  return {
    x,
    y,
    rim: off,
    ownRim: sq > 0 ? sum / sq : off,
    inliers,
    rms: inliers > 0 ? Math.sqrt(ss / inliers) / mmPerPx : Infinity,
  };
};

/**
 * A fit of the edges `edges` that shrank the outline, fitted again to its lit arc (see FitOptions'
 * `litArcRim`): the fit to keep, with `status` marked for it.
 */
const litArc = (
  g: VisionGeometry,
  dirs: Float64Array,
  rim: Float64Array,
  step: Float64Array,
  edges: Uint8Array,
  status: Uint8Array,
  fit: SphereFit,
  rim0: number,
  mmPerPx: number,
  o: FitOptions,
  s: FitScratch,
): SphereFit => {
  if (fit.rim - rim0 <= o.litArcRim * mmPerPx) return fit;
  // The strong steps' size, and the lit arc: the edges with a step near it.
  let n = 0;
  for (let i = 0; i < edges.length; i++) if (edges[i] === RayStatus.edge) s.sorted[n++] = step[i] as number;
  if (n < 3) return fit;
  const strong = nthSmallest(s.sorted, n, Math.floor(o.litArcQuantile * (n - 1)));
  if (strong < o.litArcMinStep) return fit;
  const lit = edges.slice();
  let weak = 0;
  for (let i = 0; i < lit.length; i++)
    if (lit[i] === RayStatus.edge && (step[i] as number) < o.litArcStep * strong) {
      lit[i] = RayStatus.none;
      weak++;
    }
  if (weak === 0) return fit;
  const arc = fitSphere(g, dirs, rim, lit, fit.x, fit.y, rim0, mmPerPx, { ...o, priorWeight: HELD }, s);
  // Every edge against that outline at the expected rim width: the weak ones inside are the shading.
  for (let i = 0; i < lit.length; i++)
    if (edges[i] === RayStatus.edge && lit[i] === RayStatus.none) lit[i] = RayStatus.edge;
  const kept = markRays(g, dirs, rim, lit, arc.x, arc.y, rim0, mmPerPx, o);
  let beyond = 0;
  for (let i = 0; i < lit.length; i++) {
    if (edges[i] !== RayStatus.edge || (step[i] as number) >= o.litArcStep * strong) continue;
    if (lit[i] === RayStatus.beyond) beyond++;
    else if (lit[i] === RayStatus.outlier) lit[i] = RayStatus.shaded;
  }
  if (beyond > o.litArcBeyond * weak || kept.inliers < o.minInliers * o.rays) return fit;
  status.set(lit);
  return kept;
};

/**
 * The inner plateau below which an edge is its ball's shadow's (`shadowInside`); 0 for too few edges,
 * and for a ball brighter than its cloth at most of its edges: its darkest edges are its own colours'
 * (a pool stripe's on a grey cloth, its white half the bright one: tests/vision-grey-cloth's 10, 2.1
 * mm off when refitted without them).
 */
const shadowBelow = (
  edges: Uint8Array,
  inner: Float64Array,
  outer: Float64Array,
  o: FitOptions,
  s: FitScratch,
): number => {
  let n = 0;
  let darker = 0;
  for (let i = 0; i < edges.length; i++)
    if (edges[i] === RayStatus.edge) {
      s.sorted[n++] = inner[i] as number;
      if ((inner[i] as number) < (outer[i] as number)) darker++;
    }
  if (n < 3 || 2 * darker < n) return 0;
  return o.shadowInside * nthSmallest(s.sorted, n, Math.floor(o.litArcQuantile * (n - 1)));
};

/**
 * A fit whose edges include its shadow's (see FitOptions' `shadowInside`: those whose inner plateau
 * is below `below`), fitted again without them: the fit to keep, with `status` marked for it.
 */
const shadowArc = (
  g: VisionGeometry,
  dirs: Float64Array,
  rim: Float64Array,
  inner: Float64Array,
  below: number,
  edges: Uint8Array,
  status: Uint8Array,
  fit: SphereFit,
  start: readonly [number, number, number],
  rimPx: number,
  mmPerPx: number,
  o: FitOptions,
  s: FitScratch,
): SphereFit => {
  const others = edges.slice();
  let dark = 0;
  for (let i = 0; i < others.length; i++)
    if (others[i] === RayStatus.edge && (inner[i] as number) < below) {
      others[i] = RayStatus.shadow;
      dark++;
    }
  if (dark < o.shadowMin) return fit;
  let agreed = 0;
  for (let i = 0; i < others.length; i++)
    if (others[i] === RayStatus.edge && status[i] === RayStatus.edge) agreed++;
  // From the circle the other edges agree on: the first fit's place is the shadow's.
  const [cu, cv, radius] = start;
  const best = consensusCentre(s, others, rim, cu, cv, radius, rimPx, o);
  const from = (best && pixelToCentrePlane(g, best[0], best[1])) ?? [fit.x, fit.y];
  const again = fitSphere(g, dirs, rim, others, from[0], from[1], rimPx * mmPerPx, mmPerPx, o, s);
  if (again.inliers <= agreed) return fit;
  status.set(others);
  return again;
};

/**
 * A dark ball's fit, fitted again to its edges brighter inside than out where its rim is brighter than
 * the cloth beside it (see FitOptions' `brightRimMin`): the fit to keep, with `status` marked for it.
 */
const brightRim = (
  g: VisionGeometry,
  dirs: Float64Array,
  rim: Float64Array,
  inner: Float64Array,
  outer: Float64Array,
  edges: Uint8Array,
  status: Uint8Array,
  fit: SphereFit,
  start: readonly [number, number, number],
  mmPerPx: number,
  o: FitOptions,
  s: FitScratch,
): { readonly fit: SphereFit; readonly ringed: boolean } => {
  const ring = edges.slice();
  let bright = 0;
  let dark = 0;
  let agreed = 0;
  for (let i = 0; i < ring.length; i++) {
    if (ring[i] !== RayStatus.edge) continue;
    if ((inner[i] as number) > (outer[i] as number)) {
      bright++;
      if (status[i] === RayStatus.edge) agreed++;
    } else {
      ring[i] = RayStatus.none;
      dark++;
    }
  }
  // A fit most rays agree with is through no ring and body both (held-out 9, 9 403 001: a green in the
  // jaws, 34 of 48 agreeing, 0.6 mm off, refitted to 13 brighter edges, 3.2 mm off).
  if (bright < o.brightRimMin || dark < o.bodyInsideMin || fit.inliers >= o.restartBelow * o.rays)
    return { fit, ringed: false };
  // From the circle of the ball's own radius most of them lie on (the first fit's place is the body's).
  const [cu, cv, radius] = start;
  const best = consensusCentre(s, ring, rim, cu, cv, radius, 0, o);
  const from = (best && pixelToCentrePlane(g, best[0], best[1])) ?? [fit.x, fit.y];
  const again = fitSphere(g, dirs, rim, ring, from[0], from[1], 0, mmPerPx, { ...o, priorWeight: 0 }, s);
  // The ring's step is the outline's own, no darker sliver outside it: a fit to it with a rim width
  // above 0 is to other steps (held-out 10, 9 504 002: a brown by a shaded cushion, 0.85 px, 5.8 mm
  // off; a ball in tests/vision-darkest-photos-give-balls' dim photo, 0.16 px, 4.0 mm off).
  if (again.inliers < agreed || again.inliers < o.brightRimMin || again.rim > 0) return { fit, ringed: true };
  // Every edge against that outline: the darker ones inside it are the body's within its rim.
  const marked = edges.slice();
  const kept = markRays(g, dirs, rim, marked, again.x, again.y, again.rim, mmPerPx, o);
  let inside = 0;
  let beyond = 0;
  // The widest gap between the ring's edges that agree with it, in rays.
  let gap = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < marked.length; i++) {
    if (marked[i] !== RayStatus.edge || ring[i] !== RayStatus.edge) continue;
    if (first < 0) first = i;
    else gap = Math.max(gap, i - last);
    last = i;
  }
  gap = Math.max(gap, first + marked.length - last);
  for (let i = 0; i < marked.length; i++) {
    if (edges[i] !== RayStatus.edge || (inner[i] as number) > (outer[i] as number)) continue;
    if (marked[i] === RayStatus.beyond) beyond++;
    else if (marked[i] === RayStatus.outlier) {
      marked[i] = RayStatus.rimInside;
      inside++;
    }
  }
  if (
    inside < o.bodyInsideMin ||
    inside <= beyond ||
    kept.inliers + inside <= fit.inliers ||
    kept.inliers < o.minInliers * o.rays ||
    marked.length - gap < o.brightRimArc * marked.length
  )
    return { fit, ringed: true };
  status.set(marked);
  return { fit: kept, ringed: true };
};

// The rim width's prior weight when it is held at the expected width (in edge points: all of them).
const HELD = 1e6;

/** Where the ray of pixel (u, v) meets the plane of resting balls' centres. */
export const pixelToCentrePlane = (g: VisionGeometry, u: number, v: number): [number, number] | undefined => {
  const c = g.calibration;
  const k = c.camera;
  const n = lensOut;
  undistortInto(k, (u - k.cx) / k.fx, (v - k.cy) / k.fy, n);
  if (!n.converged) return undefined;
  const R = c.pose.R;
  const dx = R[0][0] * n.x + R[1][0] * n.y + R[2][0];
  const dy = R[0][1] * n.x + R[1][1] * n.y + R[2][1];
  const dz = R[0][2] * n.x + R[1][2] * n.y + R[2][2];
  if (Math.abs(dz) < 1e-12) return undefined;
  const t = (g.ballCentreHeight - g.cz) / dz;
  if (!(t > 0)) return undefined;
  return [g.cx + t * dx, g.cy + t * dy];
};

/**
 * The image centre of the circle (the outline less each edge's rim share) that most edge points lie
 * on: circles of the known radius through pairs of edges a quarter and a third of a turn apart, and
 * the start itself, scored by the edges within `inlierPx`. Undefined when no hypothesis beats the
 * start.
 */
const consensusCentre = (
  s: FitScratch,
  status: Uint8Array,
  rim: Float64Array,
  u0: number,
  v0: number,
  radius: number,
  rimPx: number,
  o: FitOptions,
): [number, number] | undefined => {
  const n = o.rays;
  const eu = s.edgeU;
  const ev = s.edgeV;
  // The edges alone, packed, with each one's circle radius: the score below runs for every pair.
  const pu = s.packU;
  const pv = s.packV;
  const pr = s.packR;
  let edges = 0;
  for (let i = 0; i < n; i++) {
    if (status[i] !== RayStatus.edge) continue;
    pu[edges] = eu[i] as number;
    pv[edges] = ev[i] as number;
    pr[edges] = radius - rimPx * (rim[i] as number);
    edges++;
  }
  const lim = o.inlierPx;
  /** Edges within `inlierPx` of the circle about (cu, cv); stops, with at most `bar`, once the rest
   * cannot lift the count above `bar` (only a count above it is kept). */
  const score = (cu: number, cv: number, bar: number): number => {
    let k = 0;
    for (let i = 0; i < edges; i++) {
      if (k + (edges - i) <= bar) return k;
      const du = (pu[i] as number) - cu;
      const dv = (pv[i] as number) - cv;
      let d = Math.sqrt(du * du + dv * dv) - (pr[i] as number);
      // √ is a few ulps from Math.hypot, which decides here: it only where that could matter.
      if (Math.abs(Math.abs(d) - lim) < 1e-9) d = Math.hypot(du, dv) - (pr[i] as number);
      if (d < lim && d > -lim) k++;
    }
    return k;
  };
  let best = score(u0, v0, -1);
  let bu = u0;
  let bv = v0;
  const start = best;
  for (const gap of [Math.round(n / 4), Math.round(n / 3)]) {
    for (let i = 0; i < n; i++) {
      const j = (i + gap) % n;
      if (status[i] !== RayStatus.edge || status[j] !== RayStatus.edge) continue;
      const ax = eu[i] as number;
      const ay = ev[i] as number;
      const bx = eu[j] as number;
      const by = ev[j] as number;
      const r = radius - rimPx * 0.5 * ((rim[i] as number) + (rim[j] as number));
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      const half2 = ((bx - ax) ** 2 + (by - ay) ** 2) / 4;
      if (half2 >= r * r) continue;
      const h = Math.sqrt(r * r - half2) / Math.sqrt(4 * half2);
      // The two circles through the pair; the ball's is the one on the side of the start.
      for (const sign of [1, -1]) {
        const cu = mx - sign * h * (by - ay);
        const cv = my + sign * h * (bx - ax);
        if (hypotAgainst(cu - u0, cv - v0, o.window) > o.window) continue;
        const k = score(cu, cv, best);
        if (k > best) {
          best = k;
          bu = cu;
          bv = cv;
        }
      }
    }
  }
  return best > start ? [bu, bv] : undefined;
};

/** How many rays have status `code`. */
export const count = (status: Uint8Array, code: RayStatusCode): number => {
  let n = 0;
  for (const st of status) if (st === code) n++;
  return n;
};

/** One fit from one start: the sphere and its rays, and the centre's image. */
interface StartFit {
  readonly fit: SphereFit;
  readonly u: number;
  readonly v: number;
  /** The image centre of the disc its edges enclose: the fit's before the lit-arc step (litArc). */
  readonly discU: number;
  readonly discV: number;
  /** Its rays: one of the scratch's two, until fitBall fits a start in it again. */
  readonly rays: StartRays;
  /** Its inliers that are its shadow's edges (see `shadowInside`): those `shadowArc` could not drop. */
  readonly shadowInliers: number;
  /** Its edges show a dark ball's rim brighter than the cloth beside it (see `brightRimMin`). */
  readonly ringed: boolean;
}

/** Trace, fit, re-centre on the fit and trace and fit again, from one start (u, v), in `rays`. */
const fitFrom = (
  img: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  u: number,
  v: number,
  radius: number,
  rimPx: number,
  s: FitScratch,
  o: FitOptions,
  rays: StartRays,
): StartFit | undefined => {
  const start = pixelToCentrePlane(g, u, v);
  if (!start) return undefined;
  let [x, y] = start;
  let cu = u;
  let cv = v;
  rays.clear();
  const { status, outsideU, outsideV, dirs, rim, step } = rays;
  const { inner, outer } = s;
  const mmPerPx = g.ballRadius / radius;
  let fit: SphereFit | undefined;
  let disc: [number, number] = [x, y];
  let window = o.window;
  let shadowInliers = 0;
  let ringed = false;
  for (let pass = 0; pass < 2; pass++) {
    const found = traceEdges(
      img,
      g,
      cloth,
      cu,
      cv,
      radius,
      window,
      o,
      s,
      status,
      outsideU,
      outsideV,
      rim,
      step,
      inner,
      outer,
    );
    if (found < o.minInliers * o.rays) return undefined;
    edgeRays(g.calibration, s, status, o.rays, dirs);
    const edges = status.slice();
    fit = fitSphere(g, dirs, rim, status, x, y, rimPx * mmPerPx, mmPerPx, o, s);
    if (fit.inliers < o.consensus * found) {
      // Most edges disagree with the fit: a cue or a hand beside the ball can give a run of false
      // edges that drags a fit started from the candidate. Start again from the circle most edges
      // agree on, and keep the better of the two.
      const best = consensusCentre(s, edges, rim, cu, cv, radius, rimPx, o);
      const from = best ? pixelToCentrePlane(g, best[0], best[1]) : undefined;
      if (from) {
        const again = edges.slice();
        const second = fitSphere(g, dirs, rim, again, from[0], from[1], rimPx * mmPerPx, mmPerPx, o, s);
        if (second.inliers > fit.inliers) {
          fit = second;
          status.set(again);
        }
      }
    }
    disc = [fit.x, fit.y];
    const lit = litArc(g, dirs, rim, step, edges, status, fit, rimPx * mmPerPx, mmPerPx, o, s);
    // An outline fitted to the lit arc has its dark edges inside it, the ball's own shading: no
    // shadow's (held-out 7's blues on the navy cloth, refitted without them: 6 and 5 mm off).
    const below = lit === fit ? shadowBelow(edges, inner, outer, o, s) : 0;
    fit = shadowArc(g, dirs, rim, inner, below, edges, status, lit, [cu, cv, radius], rimPx, mmPerPx, o, s);
    const ring = brightRim(g, dirs, rim, inner, outer, edges, status, fit, [cu, cv, radius], mmPerPx, o, s);
    // The disc a bright rim encloses is the rim fit's own.
    if (ring.fit !== fit) disc = [ring.fit.x, ring.fit.y];
    fit = ring.fit;
    ringed = ring.ringed;
    if (fit.inliers < o.minInliers * o.rays) return undefined;
    shadowInliers = 0;
    for (let i = 0; i < o.rays; i++)
      if (status[i] === RayStatus.edge && (inner[i] as number) < below) shadowInliers++;
    x = fit.x;
    y = fit.y;
    const [nu, nv] = projectPoint(g.calibration, x, y, g.ballCentreHeight);
    const moved = Math.hypot(nu - cu, nv - cv);
    cu = nu;
    cv = nv;
    // Rays a little off the centre still cross the outline where it is; only a start well off it
    // (more than `recentre` px) is traced again from the fitted centre, in a window that reaches.
    // Nor an outline fitted to a dark ball's bright rim: traced again in the narrower window, the
    // strongest step on many rays is the body's edge inside the rim, and the fit went back between
    // the two (held-out 10, 9 504 002: a black 0.4 mm off, then 5.9 mm; a brown 0.5, then 4.7).
    if (moved <= o.recentre || status.includes(RayStatus.rimInside)) break;
    window = Math.max(o.refineWindow, Math.min(o.window, moved + 1));
  }
  if (!fit) return undefined;
  const [du, dv] = projectPoint(g.calibration, disc[0], disc[1], g.ballCentreHeight);
  return {
    fit,
    u: cu,
    v: cv,
    discU: du,
    discV: dv,
    rays,
    shadowInliers,
    ringed,
  };
};

/**
 * Fit one ball from a candidate centre (u, v) and apparent radius: trace, fit, re-centre on the fit
 * and trace and fit again (the rays are then truly radial). `rimPx` is the rim width expected (the
 * frame's, once known). A fit that fewer than `restartBelow` of the rays agree with (its shadow's
 * edges not counted, see `shadowInside`), and that has rays blocked or keeps `shadowMin` of its
 * shadow's edges, is tried again from starts around the candidate, and the fit most edges other than
 * its shadow's agree with kept. Undefined when too few edges agree.
 */
export const fitBall = (
  img: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  u: number,
  v: number,
  radius: number,
  rimPx: number,
  s: FitScratch,
  o: FitOptions = DEFAULT_FIT_OPTIONS,
): FittedBall | undefined => {
  // The start fitted next goes in the scratch's rays the best so far is not in.
  let spare = s.starts[1];
  let best = fitFrom(img, g, cloth, u, v, radius, rimPx, s, o, s.starts[0]);
  const blocked = best ? count(best.rays.status, RayStatus.blocked) : 0;
  // Where the first fit kept its shadow's edges, a fit is judged against another by its inliers less
  // its shadow's; elsewhere the dark edges are not known for a shadow's.
  const shadowed = best !== undefined && best.shadowInliers >= o.shadowMin;
  // Where it showed a dark ball's bright rim, the edges of the body inside that rim count for a fit
  // to it as well, and it is tried again from the restarts' starts: the candidate lay 5 px off
  // held-out 10's black in 9 500 002 (its shadow and body one dark blob), where the first fit, 14 edges
  // through ring and body, was 8.1 mm off; from a start nearer the ball 16 ring edges agree, 0.5 mm off.
  const ringed = best !== undefined && best.ringed;
  const clean = (f: StartFit): number =>
    f.fit.inliers -
    (shadowed ? f.shadowInliers : 0) +
    (ringed ? count(f.rays.status, RayStatus.rimInside) : 0);
  // Nor is a shadow's disc (see `shadowShare`): the restarts, which cost as much as the rest of the
  // outline stage, only moved a disc the verification drops once its ball is found (held-out 12's
  // wine cloth: 30 of the 84 fits a pass tried again at 1080p, all 0.02–0.23 of the cloth; not one
  // ball reported elsewhere, nor placed otherwise, on the second renderer's splits at 1080p and 4K).
  if (
    best &&
    clean(best) < o.restartBelow * o.rays &&
    (blocked >= o.restartBlocked || shadowed || ringed) &&
    !shadowDisc(img, cloth, best.u, best.v, radius, o)
  ) {
    // A candidate well off its ball (a black in a pocket's jaws: its outline votes only on the cloth
    // side, and the dark hole and shadow beside it pull the peak) traces, from there, the ball's own
    // inner rings — the rim mirroring the cloth, a reflection on the body — inside the window, and the
    // fit settles on a circle through them, 10–18 mm off with half its rays agreeing (the second
    // renderer's held-out splits), and its outline crosses the ball's body, where rays are blocked
    // (a ball in a pack is blocked by its neighbours, and tried again for nothing but the time).
    // Starts a little way round the candidate find the true outline,
    // which far more edges agree with. Results must stay near the candidate: a neighbour's outline is
    // two radii away.
    const first = best;
    // Tried again for its bright rim alone, only a fit to that rim replaces it: others from those
    // starts found the shadow of held-out 8's black under warm pendants (9 305 002), 16.7 mm off.
    const forRim = blocked < o.restartBlocked && !shadowed;
    for (let k = 0; k < o.restarts; k++) {
      const a = (2 * Math.PI * k) / o.restarts;
      const su = u + o.restartStep * radius * Math.cos(a);
      const sv = v + o.restartStep * radius * Math.sin(a);
      const f = fitFrom(img, g, cloth, su, sv, radius, rimPx, s, o, spare);
      if (!f || Math.hypot(f.u - u, f.v - v) > o.restartReach * radius) continue;
      if (forRim && !f.rays.status.includes(RayStatus.rimInside)) continue;
      // A fit that kept its shadow's edges was started from the shadow's side (the first fit's outline
      // has left the ball's far side out of its window): one started nearer the ball drops them.
      const bar = best === first ? clean(first) * o.restartGain : clean(best);
      if (clean(f) > bar || (best !== first && clean(f) === bar && f.fit.rms < best.fit.rms)) {
        spare = best.rays;
        best = f;
      }
    }
  }
  if (!best) return undefined;
  const mmPerPx = g.ballRadius / radius;
  // Measured on the disc its edges enclose: a ball the cloth's colour lit from one side has a shaded
  // flank the cloth's colour (held-out 7's blues on the navy cloth: 0.79–0.84 solid about the centre
  // of their lit arc, 0.9 and over about their edges').
  const solid = solidity(img, g, cloth, best.discU, best.discV, radius, o.solidDark);
  return makeFitted(
    g,
    best.fit,
    radius,
    mmPerPx,
    best.rays.status.slice(),
    best.rays.dirs.slice(),
    best.rays.rim.slice(),
    best.rays.step.slice(),
    best.rays.outsideU.slice(),
    best.rays.outsideV.slice(),
    solid,
  );
};

/**
 * The `quantile` (0.5: the median) over the middle of a disc (within half its radius, 25 samples) of
 * `measure` of each sample's channels (NaN: passed over); `none` where no sample is left. The median: a
 * shadow's disc reaches to within a pixel or two of the ball that casts it, whose blurred rim lifted
 * the mean of its samples' brightness to 0.21 of the cloth (held-out 12, 9 703 002).
 */
const middleQuantile = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
  none: number,
  measure: (r8: number, g8: number, b8: number) => number,
  quantile = 0.5,
): number => {
  const { width, data } = img;
  const m: number[] = [];
  const h = 0.5 * r;
  for (let dy = -h; dy <= h + 1e-9; dy += h / 2)
    for (let dx = -h; dx <= h + 1e-9; dx += h / 2) {
      const x = Math.round(u + dx);
      const y = Math.round(v + dy);
      if (x < 0 || y < 0 || x >= width || y >= img.height) continue;
      const p = 3 * (y * width + x);
      const value = measure(data[p] as number, data[p + 1] as number, data[p + 2] as number);
      if (!Number.isNaN(value)) m.push(value);
    }
  m.sort((a, c) => a - c);
  return m.length > 0 ? (m[Math.floor(quantile * m.length)] as number) : none;
};

/**
 * The brightness of the middle of a disc as a share of the cloth's there (cloth.ts clothShare): a
 * ball's body, a hole or a shadow. Its median, or the `quantile` asked for (0.3: the brightness a
 * third of the middle is darker than).
 */
export const middleShare = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  quantile = 0.5,
): number => {
  const b = blockOf(cloth, u, v);
  return middleQuantile(img, u, v, r, 1, (r8, g8, b8) => clothShare(cloth, b, r8, g8, b8), quantile);
};

/**
 * How far the middle of a disc lies in chromaticity from the cloth's there, as a share of how far the
 * cloth's lies from grey: 0 is the cloth's own hue (cloth in shade), 1 as far from it as a neutral
 * ball. On a cloth nearly grey every middle is far by this measure: a shadow there is told by its
 * darkness alone.
 */
export const middleHue = (img: RgbImage, cloth: ClothModel, u: number, v: number, r: number): number => {
  const hue = clothHue(cloth, blockOf(cloth, u, v));
  if (hue === undefined) return Infinity;
  return middleQuantile(img, u, v, r, Infinity, hue);
};

/** The cloth's chromaticity in block b (8-bit r, g, b over their sum). */
const clothChromaticity = (cloth: ClothModel, b: number): [number, number, number] => {
  const r = cloth.colour[3 * b] as number;
  const g = cloth.colour[3 * b + 1] as number;
  const bl = cloth.colour[3 * b + 2] as number;
  const cs = r + g + bl;
  return [r / cs, g / cs, bl / cs];
};

/** How far a chromaticity lies from grey. */
const fromGrey = ([c0, c1, c2]: readonly [number, number, number]): number =>
  Math.hypot(c0 - 1 / 3, c1 - 1 / 3, c2 - 1 / 3);

/** How far the cloth's chromaticity in block b lies from grey: what middleHue measures in. */
export const clothChroma = (cloth: ClothModel, b: number): number => fromGrey(clothChromaticity(cloth, b));

/**
 * How far a colour lies in chromaticity from the cloth's in block b, as a share of how far the cloth's
 * lies from grey (0 the cloth's own hue, 1 as far as a neutral colour, NaN for black); undefined where
 * the cloth is grey.
 */
const clothHue = (
  cloth: ClothModel,
  b: number,
): ((r8: number, g8: number, b8: number) => number) | undefined => {
  const chromaticity = clothChromaticity(cloth, b);
  const [c0, c1, c2] = chromaticity;
  const grey = fromGrey(chromaticity);
  if (!(grey > 0)) return undefined;
  return (r8, g8, b8) => {
    const s = r8 + g8 + b8;
    // A black sample has no chromaticity.
    return s > 0 ? Math.hypot(r8 / s - c0, g8 / s - c1, b8 / s - c2) / grey : NaN;
  };
};

/** Has the disc about (u, v), radius r, a shadow's middle: darker than `shadowShare` of the cloth, or
 * of its hue (`shadowHue`)? Whether it shows the lamps is the caller's to ask. */
export const shadowMiddle = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  o: FitOptions,
): boolean =>
  middleShare(img, cloth, u, v, r) < o.shadowShare || middleHue(img, cloth, u, v, r) < o.shadowHue;

/** Is the disc about (u, v), radius r, a shadow's: a shadow's middle (shadowMiddle), and no lamps in it? */
export const shadowDisc = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  o: FitOptions,
): boolean => shadowMiddle(img, cloth, u, v, r, o) && !highlightNear(img, cloth, u, v, r);

/**
 * Share of the disc inside the outline that is not cloth (nor the cloth's colour darker than
 * `dark` of its brightness): a ball is solid; an arc of fingertips or the space ringed by balls is
 * not. Rings at 0.3 and 0.65 of the radius, and the centre.
 */
const solidity = (
  img: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  dark: number,
): number => {
  let fg = 0;
  let n = 0;
  const look = (x: number, y: number): void => {
    const c = classify(img, g, cloth, x, y);
    if (c < 0) return;
    n++;
    if (c === 1) {
      fg++;
      return;
    }
    if (pixelShare(cloth, img, Math.round(x), Math.round(y)) < dark) fg++;
  };
  look(u, v);
  for (const [ring, count] of [
    [0.3, 8],
    [0.65, 16],
  ] as const) {
    for (let k = 0; k < count; k++) {
      const a = (2 * Math.PI * (k + 0.5)) / count;
      look(u + ring * r * Math.cos(a), v + ring * r * Math.sin(a));
    }
  }
  return n > 0 ? fg / n : 0;
};

/** A circle in the image (px): a ball's image. */
export interface ImageCircle {
  readonly u: number;
  readonly v: number;
  readonly r: number;
}

/**
 * Does the disc about (u, v), radius r, show the lamps: a pixel within `HIGHLIGHT_REACH` radii of the
 * centre, and outside the `others` (other balls' images), brighter than the lit cloth there? A ball
 * mirrors the lamps: of the balls fitted on under 0.4 of their outline in the second renderer's
 * frames (eight splits at 1080p, two at 4K), the brightest pixel there is 1.09 times the cloth's or
 * more. A shadow on the cloth and a pocket's hole are darker than the cloth all over (held-out 6's
 * false balls: 0.64–0.86). Not where more than `LIT_CLOTH` of the cloth around the disc is lit
 * too (litAround): there the cloth itself is lit past the model, and a lit pixel is no lamp.
 */
export const highlightNear = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  others: readonly ImageCircle[] = [],
): boolean => {
  const lit = anyNearMiddle(img, u, v, r, others, (x, y) => litAt(img, cloth, x, y));
  return lit && litAround(img, cloth, u, v, r, others) <= LIT_CLOTH;
};

/**
 * Is `test` true of some pixel within `HIGHLIGHT_REACH` radii of (u, v), outside the `others`: where the
 * lamps' images on a ball lie.
 */
const anyNearMiddle = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
  others: readonly ImageCircle[],
  test: (x: number, y: number) => boolean,
  share = HIGHLIGHT_REACH,
): boolean => {
  const reach = share * r;
  // Only the discs that reach into this one are looked at for each pixel.
  const near = others.filter((o) => Math.hypot(o.u - u, o.v - v) < o.r + reach);
  for (let y = Math.max(0, Math.ceil(v - reach)); y <= Math.min(img.height - 1, v + reach); y++)
    for (let x = Math.max(0, Math.ceil(u - reach)); x <= Math.min(img.width - 1, u + reach); x++) {
      if ((x - u) ** 2 + (y - v) ** 2 > reach * reach) continue;
      if (near.some((o) => (x - o.u) ** 2 + (y - o.v) ** 2 < o.r * o.r)) continue;
      if (test(x, y)) return true;
    }
  return false;
};

/** What makes a pixel in a dark disc a speck of the lamps' light on a ball (see lampSpeck). */
export interface SpeckOptions {
  /** Its brightness along the cloth's colour (clothShare) this many times the disc's middle's… */
  readonly contrast: number;
  /** …and at least this share of the lit cloth's… */
  readonly share: number;
  /** …and its chromaticity this far from the cloth's (clothHue): the lamps' colour, not the cloth's… */
  readonly hue: number;
  /** …and its r + g + b (8-bit) at least this: a lamp's image is bright in any frame, however dark the
   * cloth (on a dark cloth in dim light, half the cloth's brightness is the sensor's noise)… */
  readonly least: number;
  /** …within this many radii of the disc's centre. */
  readonly reach: number;
}

/**
 * Does a dark disc about (u, v), radius r, show a speck of the lamps' light of its own: a pixel within
 * `HIGHLIGHT_REACH` radii, outside the `others`, bright past `contrast` times its middle and `share` of
 * the cloth, and far from the cloth's hue? On a light cloth a dark ball's highlight, small and softened
 * by the lens and the JPEG, is no brighter than the cloth (highlightNear does not see it), but it is
 * many times brighter than the ball and has the lamps' colour; a shadow's brightest pixels are the
 * cloth's, lit or in half shade. Measured on the second renderer's cached splits (tuning, tuning-hard,
 * held-out, 5, 6, 18–31), 1080p and 4K, on the discs withoutShadows dropped: the 30 shadows' brightest
 * pixels (r + g + b) 1.06–1.98 times their middle's and within 0.47 of the cloth's hue, but for a
 * scarlet bulb's near-black shadow (3.27 times, its brightest pixel 0.23 of the cloth); the blacks and
 * browns 2.1–7.1 times, 0.64–1.07 from the cloth's hue (held-out 31's, a 4K black on held-out 25's
 * cushion), a dim brown 0.40 from it and a blue on the electric-blue cloth 1.25 times (held-out 25,
 * 23) left dropped. The dark balls' specks are 256–511 in r + g + b; a near-black shadow on held-out
 * 12's wine cloth in dim light (the cloth 62, a split not cached then) had noise pixels past the other
 * three tests at 36.
 */
export const lampSpeck = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  others: readonly ImageCircle[],
  o: SpeckOptions,
): boolean => {
  const b = blockOf(cloth, u, v);
  const hue = clothHue(cloth, b);
  if (hue === undefined) return false;
  const bright = Math.max(o.share, o.contrast * middleShare(img, cloth, u, v, r));
  const d = img.data;
  return anyNearMiddle(
    img,
    u,
    v,
    r,
    others,
    (x, y) => {
      const p = 3 * (y * img.width + x);
      const r8 = d[p] as number;
      const g8 = d[p + 1] as number;
      const b8 = d[p + 2] as number;
      return (
        r8 + g8 + b8 >= o.least && clothShare(cloth, b, r8, g8, b8) >= bright && hue(r8, g8, b8) >= o.hue
      );
    },
    o.reach,
  );
};

/** Is pixel (x, y) brighter than the lit cloth there (the cloth model's colour in its block)? */
const litAt = (img: RgbImage, cloth: ClothModel, x: number, y: number): boolean =>
  pixelShare(cloth, img, x, y) > 1;

/**
 * The share of the cloth around a disc (24 samples on each of circles 1.6 and 2 radii from its
 * centre, outside the `others`) brighter than the cloth model has it there: 1 where the cloth itself
 * is lit beyond the model, as where the picture clips, and a lit pixel there is no lamp.
 */
const litAround = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  r: number,
  others: readonly ImageCircle[],
): number => {
  let lit = 0;
  let n = 0;
  for (const m of [1.6, 2]) {
    for (let a = 0; a < 24; a++) {
      const x = Math.round(u + m * r * Math.cos((a * Math.PI) / 12));
      const y = Math.round(v + m * r * Math.sin((a * Math.PI) / 12));
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      if (others.some((o) => (o.u - x) ** 2 + (o.v - y) ** 2 < o.r * o.r)) continue;
      n++;
      if (litAt(img, cloth, x, y)) lit++;
    }
  }
  return n > 0 ? lit / n : 0;
};

// The lamps hang over the table and the camera looks down on it: their images on a ball lie near
// the middle of its image (within 0.6 of its radius on every ball measured above).
export const HIGHLIGHT_REACH = 0.6;
// Where the picture clips (held-out 15's lit jade corner, held-out 16's lit bronze end) the cloth
// model's colour lies below the picture's and the whole cloth passes as lit. Of the partial outlines
// showing lamps through held-out 16 at both resolutions, balls had at most 0.88 of the cloth around
// them lit, the false fits on clipped cloth 0.96–1.00 (47 of 68).
const LIT_CLOTH = 0.95;

export const makeFitted = (
  g: VisionGeometry,
  fit: SphereFit,
  radius: number,
  mmPerPx: number,
  status: Uint8Array,
  dirs: Float64Array,
  rim: Float64Array,
  step: Float64Array,
  outsideU: Float64Array,
  outsideV: Float64Array,
  solid: number,
): FittedBall => {
  const [u, v] = projectPoint(g.calibration, fit.x, fit.y, g.ballCentreHeight);
  const edges = count(status, RayStatus.edge);
  return {
    x: fit.x,
    y: fit.y,
    u,
    v,
    radius,
    status,
    dirs,
    rim,
    step,
    outsideU,
    outsideV,
    solid,
    inliers: fit.inliers + count(status, RayStatus.rimInside),
    edgeShare: edges / status.length,
    rmsPx: fit.rms,
    rimPx: fit.rim / mmPerPx,
    ownRimPx: fit.ownRim / mmPerPx,
    found: 'outline',
  };
};

/** Fit a ball again from its edges with another expected rim width (the frame's, px): from the fit
 * it was before any such refit (`unsettled`). */
export const refitBall = (
  g: VisionGeometry,
  found: FittedBall,
  rimPx: number,
  s: FitScratch,
  o: FitOptions = DEFAULT_FIT_OPTIONS,
): FittedBall => {
  if (found.found !== 'outline') return found;
  const b = found.unsettled ?? found;
  const mmPerPx = g.ballRadius / b.radius;
  const status = b.status.slice();
  const edges = b.status.slice();
  // An outline fitted to a dark ball's bright rim keeps its own rim width (see `brightRimMin`).
  const own = b.status.includes(RayStatus.rimInside);
  const rim0 = (own ? b.rimPx : rimPx) * mmPerPx;
  const fo = own ? { ...o, priorWeight: 0 } : o;
  const first = fitSphere(g, b.dirs, b.rim, status, b.x, b.y, rim0, mmPerPx, fo, s);
  const fit = litArc(g, b.dirs, b.rim, b.step, edges, status, first, rimPx * mmPerPx, mmPerPx, o, s);
  if (fit.inliers < o.minInliers * o.rays) return b;
  const refit = makeFitted(
    g,
    fit,
    b.radius,
    mmPerPx,
    status,
    b.dirs,
    b.rim,
    b.step,
    b.outsideU,
    b.outsideV,
    b.solid,
  );
  return b.limb ? fused(g, { ...refit, limb: b.limb, unsettled: b }, o) : { ...refit, unsettled: b };
};

/**
 * The frame's rim width (px): the median of the rim widths of the balls seen all round (at least
 * `wellSeen` of their rays with an edge), which their own edges give with no help from the prior.
 * `fallback` when no ball is seen well enough.
 */
export const frameRimWidth = (
  balls: readonly FittedBall[],
  fallback: number,
  o: FitOptions = DEFAULT_FIT_OPTIONS,
): number => {
  const widths = balls
    .filter((b) => b.edgeShare >= o.wellSeen)
    .map((b) => b.ownRimPx)
    .sort((a, b) => a - b);
  if (widths.length === 0) return fallback;
  const m = widths.length >> 1;
  return widths.length % 2 ? (widths[m] as number) : ((widths[m - 1] as number) + (widths[m] as number)) / 2;
};
