// Balls found by their shape, not their contrast with the cloth. A ball nearly the cloth's colour (the
// green on a green cloth, the blue on a blue one, the black in a pocket's shadow) may show the cloth
// model almost nothing — a highlight, a few dark pixels — and its outline against the cloth model
// then has nothing to vote with. What it always shows is its limb: a ring of colour steps at exactly
// the apparent radius the camera model gives at that place. So, where the frame has foreground that
// no reported ball explains (small specks included: a lone highlight is what a green-on-green ball
// leaves in the cloth model), circles of the known radius are scored by how much of their ring shows
// a step (coarse, then refined to the pixel); a ring seen nearly all round is then placed exactly —
// each ray's outermost step, the middle of its rise in linear light — and the sphere fitted to those
// edges as for any ball (fit.ts). A straight edge (a box, a cue) crosses a circle twice and never
// makes a ring; a patch of cloth ringed by balls has no disc of its own.
import type { RgbImage } from '../core/image.ts';
import {
  DEFAULT_FIT_OPTIONS,
  edgeRays,
  fitSphere,
  HIGHLIGHT_REACH,
  highlightNear,
  makeFitted,
  shadowDisc,
  pixelToCentrePlane,
  RayStatus,
  type FitOptions,
  fitWeight,
  type FitScratch,
  type FittedBall,
  type ImageCircle,
  type LimbPlace,
  untracedBall,
  SRGB_TO_LINEAR,
} from './fit.ts';
import { clothShare, pixelShare, type ClothModel } from './cloth.ts';
import type { ReducedFrame } from './reduce.ts';
import { maskWords, type Component } from './foreground.ts';
import {
  apparentRadius,
  hypotAgainst,
  pixelOnFrame,
  projectPoint,
  Region,
  rowOnTable,
  type VisionGeometry,
} from './geometry.ts';

export interface LimbOptions {
  /** Off: the frame's balls are only those the cloth model outlines. */
  readonly enabled: boolean;
  /** Rays of the coarse ring score. */
  readonly ringRays: number;
  /** A step across the limb (8-bit, summed over the channels) at least this big counts… */
  readonly minStep: number;
  /**
   * A coarse ring (where the stage looks for a ball) must be one with steps this big too (at least
   * `minStep`; a frame raises it to its cloth's own step level, see `stepQuantile`).
   */
  readonly ringStep: number;
  /** A circle is a candidate when this share of its ring shows a step… */
  readonly minRing: number;
  /** …and a ball when this share of its rays gives an edge on the fitted outline. */
  readonly minInliers: number;
  /** Largest RMS of the edges about the fitted outline, px. */
  readonly maxRmsPx: number;
  /** Its disc differs from the cloth around it by at least this (8-bit, summed over channels). */
  readonly minDisc: number;
  /** Pieces larger than this many balls' areas (a player, a cue) are left to the outline stages. */
  readonly maxPieceBalls: number;
  /**
   * How far apart (px at 1080p, where a ball's radius is about 13 px; scaled with the ball) the two
   * samples of a step across the limb are, tried in turn until one places the ball: a limb blurred by
   * the lens or a JPEG, or a rim that mirrors a cloth of the ball's own colour, spreads its step over
   * more than a pixel, where the 1 px step finds too few edges; on a sharp limb near a shadow the
   * wider step may follow the shadow instead, so it comes second.
   */
  readonly stepPx: readonly number[];
  /**
   * An outline fit with at least this share of its rays unknown (a ball in a pocket's jaws or over
   * its mouth, seen against the cloth on one side only) is checked against its limb: where the limb,
   * seen nearly all round, places the ball more than `checkShift` ball radii away, the limb's place
   * is kept (see fitLimbNear).
   */
  readonly checkUnknown: number;
  readonly checkShift: number;
  /** Highlights are looked for at full resolution every radius / `highlightGrid` px… */
  readonly highlightGrid: number;
  /** …and are spots: pixels this many radii away are not as bright (see findByLimb). */
  readonly spotReach: number;
  /**
   * …and a sample brighter than this share of `bright` has the pixels above and below it read too: a
   * bar lamp's highlight, a line one pixel thick along a row, lies between the rows read, which see
   * only its blur (held-out 24's pink on the candy-pink cloth in the dim frame 10 904 001: the line
   * at 1.53–1.70 of the cloth, the rows either side at 1.37–1.42, `bright` 1.45; the ball missed).
   */
  readonly nearBright: number;
  /**
   * A ball whose limb is too faint to trace all round (a blue on a royal-blue cloth: its limb shows on
   * two arcs, and elsewhere the strongest step is its shading's, 2–3 px inside) is placed by its
   * shape instead (fitByShape): the centre its shading and shadow are symmetric about, from the
   * brightness gradients between `shapeInner` and `shapeOuter` radii, when at least `shapeRadial` of
   * their energy is radial about it (cloth and noise: about half).
   */
  readonly shape: boolean;
  readonly shapeInner: number;
  readonly shapeOuter: number;
  readonly shapeRadial: number;
  /** …or `shapeRadialLit` where the start shows the lamps (fit.ts highlightNear) and the ring of
   * steps about the centre is at least `shapeRingLit` whole. */
  readonly shapeRadialLit: number;
  readonly shapeRingLit: number;
  /** …and its ring of steps at most this much less whole than the best ring nearby… */
  readonly shapeRingDrop: number;
  /**
   * …and its gradients within `crossedReach` radii no more than this share along two directions at
   * right angles (crossedStrokes): a printed letter's strokes, not a ball's round shading.
   */
  readonly shapeMaxCrossed: number;
  readonly crossedReach: number;
  /** The plateau of ring scores a limb fit's start lies on reaches this many radii (see plateauFit). */
  readonly plateauReach: number;
  /**
   * At most this many rings are tried a frame (climbed, then fitted where they climb somewhere new),
   * the best-scoring first: a dark, noisy picture seeds rings everywhere, and each costs a climb, a
   * limb fit and a shape fit (see findByLimb).
   */
  readonly maxRings: number;
  /** At most this many rings are tried round a pack's balls, ball by ball, once the frame's are. */
  readonly maxPackRings: number;
  /**
   * A ring must stand out from the cloth's own steps: `ringStep` is raised, a frame, to this quantile
   * of the steps between neighbouring cloth pixels (see clothStepLevel). A phone photo's sensor noise
   * and the cloth's weave step by more than `minStep` nearly everywhere, and then every circle on the
   * bed scored as a ring (photo-like pictures in good light: 6 000–12 000 rings, the 64 tried all
   * failing). Only which coarse rings are tried is raised: their scores, the climb, the limb's trace
   * and the shape keep `minStep` (a faint limb, the blue on a royal-blue cloth, steps by little more;
   * and a green on a dark green cloth climbed at the raised step was placed 2.9 mm off, 2.2 before).
   */
  readonly stepQuantile: number;
  /**
   * A disc of the reduced frame (0.6 of a ball's radius) darker than this share of the cloth around it
   * (1.2–2 radii), at its darkest, seeds a ring too: a ball of the cloth's own hue, darker (a brown on
   * a mustard cloth), is shade to the cloth model, and with faint lamps shows it no highlight either
   * (see darkDiscSeeds)…
   */
  readonly darkDisc: number;
  /**
   * …when no ball is known within this many ball radii of it: a dark disc beside a ball is as likely
   * its shadow, or the shade in the lee of a cluster (held-out 7, 9 202 000: beside a cluster of reds
   * on the navy cloth, 2.2 radii from the nearest, traced as a ball).
   */
  readonly darkDiscReach: number;
  /**
   * Beside a ball found, a diameter from it, a place that dark and no foreground seeds a ring where
   * it shows lamps of its own: its brightest pixel within 0.6 radii at least this many times its mean
   * there (ownLamps). A ball of the cloth's hue nestled in a cluster has no ring of cloth around it
   * to be darker than (held-out 13, 9 802 000: a brown between a pink, a red and the black on the
   * mustard cloth, 1.79); a shadow and a cluster's lee are smooth shade (beside held-out 7's
   * clusters of reds, 1.20–1.46).
   */
  readonly nestledLamps: number;
  /**
   * A limb that steps by less than `minStep` nearly all round is traced at this step instead where
   * its ring's middle shows the lamps (fit.ts highlightNear; the grain of a cloth shows none): in a
   * dim frame a dark ball on a dark cloth steps by 10–13 across its limb, and was missed with its
   * ring whole and its highlights plain (held-out 13's petrol cloth, 9 804 001).
   */
  readonly faintStep: number;
  /**
   * A ring whose circle lies within this many of its radii of touching a ball found has the rays
   * toward that ball not asked for, as a pack's ring (openRays): a ball nestled among others shows
   * its limb on its free side only. Held-out 26's green in a cluster on the worn hunter-green cloth,
   * touching a red, a pink and a blue, was traced on 19 of its rays, short of 0.6 of all 48. Only
   * where the ring shows the lamps (fit.ts highlightNear) outside the balls: a ball's shadow touches it
   * too (held-out 21's reds on the pearl cloth, their pale blue shadows traced so as three balls).
   */
  readonly touching: number;
  /**
   * A ring's limb is asked for on this share of its rays at least, however many its neighbours
   * cover. A ball inside a pack, its neighbours on every side (each ray within `touching` of one
   * counted as covered), shows its limb only in the gaps between them: held-out 28's inner reds at
   * crf 35, traced on 12–18 of 48 rays (RMS 0.4–0.45 px).
   */
  readonly packOpen: number;
  /**
   * A ring in a pack has every ray near a neighbour let off only where its disc's mean colour is
   * within this (8-bit, summed over the channels) of a ball it touches: a pack's balls look alike,
   * and a shadow in a cluster touches its balls too (held-out 21's pale blue shadows on the pearl
   * cloth, three traced so as balls; held-out 28's inner reds 2–14 from their neighbours).
   */
  readonly packLikeness: number;
}

export const DEFAULT_LIMB_OPTIONS: LimbOptions = {
  enabled: true,
  ringRays: 32,
  minStep: 14,
  ringStep: 14,
  minRing: 0.6,
  minInliers: 0.6,
  maxRmsPx: 0.6,
  minDisc: 12,
  maxPieceBalls: 6,
  // 1 px alone missed the blue on a blue cloth (held-out split of the second renderer): its step is
  // 2–3 px; 2 px alone lost a green at 4K (held-out 2).
  stepPx: [1, 2],
  checkUnknown: 0.2,
  checkShift: 0.2,
  // A highlight is 2–3 px across on a 1080p ball (radius 12–13 px): every 2 px meets it.
  highlightGrid: 6,
  spotReach: 0.35,
  // Over every second-renderer split through held-out 24 at 1080p: that pink found, nothing else
  // changed, the Locator's time a frame 1.005 times (the nearly bright samples read again are few).
  nearBright: 0.9,
  shape: true,
  // The body's shading inside, the shadow on the cloth outside; the highlights (inside half a
  // radius) left out. Set on the tuning splits' blues: those placed measure 0.76–0.86 radial; rings
  // of cloth and noise, 0.2–0.73.
  shapeInner: 0.5,
  shapeOuter: 1.6,
  shapeRadial: 0.75,
  // A start that shows the lamps is no grain of the cloth: the green on a teal cloth among its
  // neighbours, its shading faint and crowded by theirs, measures 0.69 (held-out 6, 9 102 002), its
  // ring 0.94. Not only balls show the lamps: under the player's arm (our renderer) and where held-out
  // 5's frame 9 005 002 has no ball, rings 0.67 and 0.65 radial, their rings of steps 0.63 and 0.84.
  shapeRadialLit: 0.65,
  shapeRingLit: 0.9,
  shapeRingDrop: 0.15,
  // Measured on every ball placed by its shape on the cached second-renderer splits (tuning,
  // tuning-hard, held-out, 5, 6, 10–33; 1080p and 4K): balls 0.44 at most (a green in a corner's jaws
  // on held-out 11's tangerine cloth, the jaws' straight edges in its reach), held-out 33's sponsor's
  // block letters 0.58–0.73.
  shapeMaxCrossed: 0.5,
  crossedReach: 1.1,
  // Held-out 8's black beside its shadow: its plateau of whole rings spans 10 px (0.87 radii); a ball's
  // centre is two radii from its neighbour's, so one radius stays on its own.
  plateauReach: 1,
  // The second renderer's frames try 4 rings a frame (median), 22 (95th percentile), 52 at most (144
  // frames of six splits, 1080p and 4K); photo-like pictures of a dim room, with a camera's high-ISO
  // noise, seed rings by the ten thousand (photo seed 3, gain 0.3: 19 668, 2 302 of them climbed
  // somewhere new, 4 s a frame; seed 15 on the worn cloth at gain 0.45: over ten minutes).
  maxRings: 64,
  maxPackRings: 64,
  // A ray tests up to four pairs: the cloth alone then makes a step of one ray in six or seven, a ring
  // score of 0.15 (0.6 is a ring). Higher cuts into faint limbs: the blue on the royal-blue cloth of
  // held-out 5's 9 002 001, placed by its shape, scores a ring at a step of 14 and not at 16 (its
  // frame's 0.96 quantile is 13, 0.99 is 16).
  stepQuantile: 0.96,
  darkDisc: 0.75,
  darkDiscReach: 3,
  nestledLamps: 1.7,
  faintStep: 10,
  touching: 0.3,
  packOpen: 0.4,
  packLikeness: 30,
};

/** How far (mm) from touching a ball found a ball found in a pack may lie. */
const PACK_SLACK_MM = 5;

/** A ring where a ball may be: its centre and radius (px), its coarse score, and whether it was seeded
 * round a ball found (a pack's or a nestled ball's ring). */
interface Peak {
  readonly u: number;
  readonly v: number;
  readonly r: number;
  readonly score: number;
  readonly pack?: boolean;
}

/** Candidate marks over the reduced frame, kept all clear between calls. */
let cand = new Uint8Array(0);
/** Whether a reduced pixel's highlights may seed (its region, no big piece or known ball near). */
let verdict = new Uint8Array(0);
/** Scratch: findByLimb's limit of brightness a block, the frame's (see the full-resolution scan). */
let blockLimit = new Float64Array(0);
const MAY_UNKNOWN = 0;
const MAY_SEED = 1;
const MAY_NOT = 2;

const pix = (img: RgbImage, x: number, y: number, c: number): number =>
  img.data[(Math.round(y) * img.width + Math.round(x)) * 3 + c] as number;

/**
 * symmetryCentre's gradients (see there), reused: each pixel's Sobel gradient (NaN in gradX: not
 * worked out yet), its magnitude (0 where under 1, which no pass weighs) and its unit tangent, worked
 * out once a pixel, not once in each of up to 8 passes (with the passes' rows cut to the circle they
 * weigh: 4K held-out 15, Locator.locate 23.7 → 22.5 ms a frame).
 */
let gradX = new Float64Array(0);
let gradY = new Float64Array(0);
let gradM = new Float64Array(0);
let tanX = new Float64Array(0);
let tanY = new Float64Array(0);

/** cos and sin of each ray's angle for a ring of `rays` rays, worked out once (the ring score runs
 * thousands of times a frame, and its cos and sin were a third of its time). */
const ringTrig = new Map<number, RingTrig>();
interface RingTrig {
  readonly rays: number;
  readonly cos: Float64Array;
  readonly sin: Float64Array;
}
/** The directions asked last: the ring scores, thousands a frame, ask for the same rays each time,
 * and a compare is cheaper than the map's lookup (with RING_RHO, Locator.locate 0.99 of its CPU on
 * 1080p frames of held-out 12, which score 4 700 rings a frame). */
let lastTrig: RingTrig = { rays: -1, cos: new Float64Array(0), sin: new Float64Array(0) };
const ringDirections = (rays: number): RingTrig => {
  if (lastTrig.rays === rays) return lastTrig;
  let t = ringTrig.get(rays);
  if (!t) {
    t = {
      rays,
      cos: Float64Array.from({ length: rays }, (_, i) => Math.cos((2 * Math.PI * i) / rays)),
      sin: Float64Array.from({ length: rays }, (_, i) => Math.sin((2 * Math.PI * i) / rays)),
    };
    ringTrig.set(rays, t);
  }
  lastTrig = t;
  return t;
};

/** ringScore's radii of one ring (indices 2 to 5). */
const RING_RHO = new Float64Array(6);

/**
 * Share of a ring (radius r about (u, v)) that shows a step between 0.75 r and 1.25 r; 0 as soon as
 * `need` of the rays can no longer be reached.
 */
const ringScore = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
  rays: number,
  minStep: number,
  need: number,
): number => {
  const W = img.width;
  const H = img.height;
  if (u - 1.3 * r < 1 || v - 1.3 * r < 1 || u + 1.3 * r >= W - 1 || v + 1.3 * r >= H - 1) return 0;
  const d = img.data;
  const { cos, sin } = ringDirections(rays);
  // The first two radii, the same for every ray; the next four too, worked out once a ring, not once
  // a ray (the same products, in RING_RHO).
  const rho0 = r * 0.75;
  const rho1 = r * (0.75 + 0.1);
  const rhos = RING_RHO;
  for (let k = 2; k < 6; k++) rhos[k] = r * (0.75 + 0.1 * k);
  let hits = 0;
  for (let i = 0; i < rays; i++) {
    if (hits + (rays - i) < need * rays) return 0;
    const cs = cos[i] as number;
    const sn = sin[i] as number;
    // A step: two samples 0.2 r apart that differ. Each sample is read only once the test reaches
    // it (most rays of a ball show their step among the first three). The last two samples are
    // held in locals (an array between them cost a store and a load a channel). The samples are
    // the nearest pixels: (x + 0.5) | 0 is Math.round(x) for every x from 0.5 up (the ring lies
    // inside the frame, 1 px from its edges), and cheaper.
    let p = (((v + rho0 * sn + 0.5) | 0) * W + ((u + rho0 * cs + 0.5) | 0)) * 3;
    let r2 = d[p] as number;
    let g2 = d[p + 1] as number;
    let b2 = d[p + 2] as number;
    p = (((v + rho1 * sn + 0.5) | 0) * W + ((u + rho1 * cs + 0.5) | 0)) * 3;
    let r1 = d[p] as number;
    let g1 = d[p + 1] as number;
    let b1 = d[p + 2] as number;
    for (let k = 2; k < 6; k++) {
      const rho = rhos[k] as number;
      p = (((v + rho * sn + 0.5) | 0) * W + ((u + rho * cs + 0.5) | 0)) * 3;
      const r0 = d[p] as number;
      const g0 = d[p + 1] as number;
      const b0 = d[p + 2] as number;
      if (Math.abs(r2 - r0) + Math.abs(g2 - g0) + Math.abs(b2 - b0) >= minStep) {
        hits++;
        break;
      }
      r2 = r1;
      g2 = g1;
      b2 = b1;
      r1 = r0;
      g1 = g0;
      b1 = b0;
    }
  }
  return hits / rays;
};

/**
 * Climb from `start` to the best ring nearby: for each step in turn, move to the best of the eight
 * neighbours `step` px away while one scores better (at most six moves a step).
 */
const climbRing = (
  img: RgbImage,
  start: { readonly u: number; readonly v: number; readonly score: number },
  r: number,
  steps: readonly number[],
  o: LimbOptions,
): { u: number; v: number; score: number } => {
  let { u: bu, v: bv, score: bs } = start;
  for (const step of steps) {
    for (let moves = 0; moves < 6; moves++) {
      let nu = bu;
      let nv = bv;
      for (let dv = -step; dv <= step; dv += step) {
        for (let du = -step; du <= step; du += step) {
          if (du === 0 && dv === 0) continue;
          const sc = ringScore(img, bu + du, bv + dv, r, o.ringRays, o.minStep, bs + 1e-9);
          if (sc > bs) {
            bs = sc;
            nu = bu + du;
            nv = bv + dv;
          }
        }
      }
      if (nu === bu && nv === bv) break;
      bu = nu;
      bv = nv;
    }
  }
  return { u: bu, v: bv, score: bs };
};

/** A profile's 8-bit value `prof[k]` in linear light (interpolated between the table's levels). */
const linearAt = (prof: Float64Array, k: number): number => {
  const x = prof[k] as number;
  const lo = Math.floor(x);
  const f = x - lo;
  return (
    (1 - f) * (SRGB_TO_LINEAR[Math.min(255, lo)] as number) +
    f * (SRGB_TO_LINEAR[Math.min(255, lo + 1)] as number)
  );
};

// The fine profile: every quarter pixel (of a ball of up to 19 px radius; see traceLimb), from a fifth
// of the radius inside the expected limb to an eighth beyond it, and a plateau either side.
const STEP = 0.25;
/** Most samples a profile can have (a ball of up to 40 px radius). */
const MAX_SAMPLES = 200;

/**
 * traceLimb's profiles about one circle, every ray's, kept until the next circle (or the next frame,
 * see forgetTraces): a ring the 1 px step fails on is traced again from the same start with the 2 px
 * one, and its profiles (most of a trace's time) are the same, only the step looked for in them
 * differs; so, too, a ring traced again at the faint step (see `faintStep`). One for a fit's first
 * trace (from the start) and one for its second (from the first fit's centre).
 */
class LimbProfiles {
  private u = NaN;
  private v = NaN;
  private r = NaN;
  /** Each ray's: 0 not read yet, 1 read, 2 off the frame. */
  state = new Uint8Array(0);
  /** Each ray's samples, `MAX_SAMPLES` × 3 a ray. */
  data = new Float64Array(0);
  /** Ready for the circle of radius r about (u, v) and `rays` rays: the rays read kept if it is the
   * circle read last. */
  about(u: number, v: number, r: number, rays: number): void {
    if (u === this.u && v === this.v && r === this.r && this.state.length === rays) return;
    if (this.state.length !== rays) {
      this.state = new Uint8Array(rays);
      this.data = new Float64Array(3 * MAX_SAMPLES * rays);
    } else this.state.fill(0);
    this.u = u;
    this.v = v;
    this.r = r;
  }
  /** Forget the circle (the frame may change before the next trace). */
  clear(): void {
    this.u = NaN;
  }
}

/**
 * One ray's profile for traceLimb, from (u, v) along (cs, sn), `n` samples from `rho0` every `step` px:
 * three parallel rays 1 px apart, each sampled bilinearly (8-bit scale), averaged — a third of the
 * noise — into prof from `o`. False when a sample is off the frame. The three samples in locals, not
 * written to an array and read back (the same sums in the same order): the limb stage took 7.59 ms a
 * 1080p frame of held-out-12 with them in an array, 7.13 so.
 *
 * Each sample's pixel is monotonic along the ray (every step of its position is a rounded sum or
 * product, each monotonic), so the rays lie on the frame when their first and last samples do: the
 * frame is checked at those two alone. The bilinear weights are worked out once a sample and the
 * channels unrolled (the same products and sums in the same order as a loop over them): readRay, 12 %
 * of a fresh detection's profile at 1080p and 4K, took 0.89 of its time so (2 000 rays of a tuning
 * frame).
 */
const readRay = (
  img: RgbImage,
  u: number,
  v: number,
  cs: number,
  sn: number,
  rho0: number,
  n: number,
  step: number,
  prof: Float64Array,
  o: number,
): boolean => {
  const d = img.data;
  const W = img.width;
  const H = img.height;
  if (n <= 0) return true;
  if (!rayOnFrame(u, v, cs, sn, rho0, 0, step, W, H) || !rayOnFrame(u, v, cs, sn, rho0, n - 1, step, W, H))
    return false;
  const W3 = W * 3;
  for (let k = 0; k < n; k++) {
    const x = u + (rho0 + k * step) * cs;
    const y = v + (rho0 + k * step) * sn;
    const x1 = x - sn;
    const y1 = y + cs;
    const x2 = x + sn;
    const y2 = y - cs;
    const i0 = Math.floor(x);
    const j0 = Math.floor(y);
    const i1 = Math.floor(x1);
    const j1 = Math.floor(y1);
    const i2 = Math.floor(x2);
    const j2 = Math.floor(y2);
    const fx0 = x - i0;
    const fy0 = y - j0;
    const fx1 = x1 - i1;
    const fy1 = y1 - j1;
    const fx2 = x2 - i2;
    const fy2 = y2 - j2;
    const gx0 = 1 - fx0;
    const gy0 = 1 - fy0;
    const gx1 = 1 - fx1;
    const gy1 = 1 - fy1;
    const gx2 = 1 - fx2;
    const gy2 = 1 - fy2;
    const a0 = (j0 * W + i0) * 3;
    const b0 = a0 + W3;
    const a1 = (j1 * W + i1) * 3;
    const b1 = a1 + W3;
    const a2 = (j2 * W + i2) * 3;
    const b2 = a2 + W3;
    const q = o + 3 * k;
    prof[q] =
      (gy0 * (gx0 * (d[a0] as number) + fx0 * (d[a0 + 3] as number)) +
        fy0 * (gx0 * (d[b0] as number) + fx0 * (d[b0 + 3] as number)) +
        (gy1 * (gx1 * (d[a1] as number) + fx1 * (d[a1 + 3] as number)) +
          fy1 * (gx1 * (d[b1] as number) + fx1 * (d[b1 + 3] as number))) +
        (gy2 * (gx2 * (d[a2] as number) + fx2 * (d[a2 + 3] as number)) +
          fy2 * (gx2 * (d[b2] as number) + fx2 * (d[b2 + 3] as number)))) /
      3;
    prof[q + 1] =
      (gy0 * (gx0 * (d[a0 + 1] as number) + fx0 * (d[a0 + 4] as number)) +
        fy0 * (gx0 * (d[b0 + 1] as number) + fx0 * (d[b0 + 4] as number)) +
        (gy1 * (gx1 * (d[a1 + 1] as number) + fx1 * (d[a1 + 4] as number)) +
          fy1 * (gx1 * (d[b1 + 1] as number) + fx1 * (d[b1 + 4] as number))) +
        (gy2 * (gx2 * (d[a2 + 1] as number) + fx2 * (d[a2 + 4] as number)) +
          fy2 * (gx2 * (d[b2 + 1] as number) + fx2 * (d[b2 + 4] as number)))) /
      3;
    prof[q + 2] =
      (gy0 * (gx0 * (d[a0 + 2] as number) + fx0 * (d[a0 + 5] as number)) +
        fy0 * (gx0 * (d[b0 + 2] as number) + fx0 * (d[b0 + 5] as number)) +
        (gy1 * (gx1 * (d[a1 + 2] as number) + fx1 * (d[a1 + 5] as number)) +
          fy1 * (gx1 * (d[b1 + 2] as number) + fx1 * (d[b1 + 5] as number))) +
        (gy2 * (gx2 * (d[a2 + 2] as number) + fx2 * (d[a2 + 5] as number)) +
          fy2 * (gx2 * (d[b2 + 2] as number) + fx2 * (d[b2 + 5] as number)))) /
      3;
  }
  return true;
};

/** Do readRay's three rays' sample k lie on the frame (each one's 2 × 2 pixels)? The same positions
 * as readRay's, worked out the same way. */
const rayOnFrame = (
  u: number,
  v: number,
  cs: number,
  sn: number,
  rho0: number,
  k: number,
  step: number,
  W: number,
  H: number,
): boolean => {
  const x = u + (rho0 + k * step) * cs;
  const y = v + (rho0 + k * step) * sn;
  return pixelOnFrame(x, y, W, H) && pixelOnFrame(x - sn, y + cs, W, H) && pixelOnFrame(x + sn, y - cs, W, H);
};

/** The profiles of fitLimbAt's two traces, reused. */
const traceProfiles = [new LimbProfiles(), new LimbProfiles()] as const;

/**
 * Forget the profiles traced: the frame may be another (or the same buffer filled again) since the
 * last trace. Asked where a frame's limb fits start (findByLimb, fitLimbNear, limbPlace), not before
 * each fit: a ring the limb stage fails to trace at `minStep` and traces again at `faintStep` from
 * the same pixel (2 of held-out 15's 5 a 1080p frame) reads its profiles once.
 */
const forgetTraces = (): void => {
  for (const p of traceProfiles) p.clear();
};

/**
 * fitLimbAt's rays while it traces and fits (each ray's status, outside point, direction and rim
 * share), reused: most rings traced are the cloth's grain and give no fit (1 or 2 fits of 7–31 traced
 * a 1080p frame of tuning, held-out 12 and 15), and four Float64Arrays a trace cost some 0.85 µs each
 * to allocate (outside V8's heap). A fit returned takes copies of its own.
 */
class LimbRays {
  status = new Uint8Array(0);
  outsideU = new Float64Array(0);
  outsideV = new Float64Array(0);
  dirs = new Float64Array(0);
  rim = new Float64Array(0);
  /** Ready for a trace of `rays` rays: directions and rim shares 0, as a fresh array's (the trace
   * and edgeRays write them on edges only); status and outside points are written on every ray. */
  clear(rays: number): void {
    if (this.status.length !== rays) {
      this.status = new Uint8Array(rays);
      this.outsideU = new Float64Array(rays);
      this.outsideV = new Float64Array(rays);
      this.dirs = new Float64Array(3 * rays);
      this.rim = new Float64Array(rays);
    } else {
      this.dirs.fill(0);
      this.rim.fill(0);
    }
  }
}
const limbRays = new LimbRays();

/** A ball's apparent radius at 1080p, about: what the stages' pixel lengths were first set for. */
const BALL_1080P_PX = 13;

/** Pixels a ball of radius r px is read in steps of where a 1080p ball's is read pixel by pixel: as
 * many samples a radius at 4K (2) as at 1080p (1). */
const pixelsPerSample = (r: number): number => Math.max(1, Math.round(r / BALL_1080P_PX));

/**
 * Each ray's outermost step (the limb) about (u, v), radius r: the outside plateau is the profile's
 * last 1.5 px; walking in, the first sample that differs from it by `minStep` (and the next one too)
 * is past the limb; the edge is where the profile, in linear light, is half way between the plateau
 * and the colour 1 px further in. Fills status, the scratch's edge points and the rim shares. Stops
 * early, with fewer than `need` edges, once the rays left cannot bring it to `need` (the fit is then
 * given up: most rings traced are the cloth's grain).
 */
const traceLimb = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
  minStep: number,
  stepPx: number,
  s: FitScratch,
  status: Uint8Array,
  outsideU: Float64Array,
  outsideV: Float64Array,
  rim: Float64Array,
  profiles: LimbProfiles,
  need: number,
): number => {
  const rays = status.length;
  profiles.about(u, v, r, rays);
  const { state, data: prof } = profiles;
  let found = 0;
  // Lengths scale with the ball: at 1080p (r ≈ 13 px) steps `stepPx` across, plateaus 1.5 px; at 4K
  // twice.
  const f = Math.max(1, r / BALL_1080P_PX);
  // The profile's step grows with the ball, as its other lengths do: at 4K every half pixel, the same
  // samples a radius as a quarter pixel at 1080p. Over every split through held-out 17 at 4K: RMS
  // 0.545 → 0.524 mm (held-out 10 0.74 → 0.40, held-out 12 0.50 → 0.61), recall as before, the
  // Locator 0.90 of its time (A/B in one process); 1080p identical.
  const step = STEP * pixelsPerSample(r);
  const plateau = Math.round((1.5 * f) / step);
  const span = Math.max(1, Math.round((0.5 * stepPx * f) / step));
  const inside = 0.2 * r + 1.5 * f;
  const rho0 = r - inside;
  const N = Math.min(MAX_SAMPLES, Math.round((inside + 0.12 * r + 1.5 * f) / step) + 1);
  const { cos, sin } = ringDirections(rays);
  for (let i = 0; i < rays; i++) {
    if (found + (rays - i) < need) return found;
    const cs = cos[i] as number;
    const sn = sin[i] as number;
    outsideU[i] = u + (r + 1.5) * cs;
    outsideV[i] = v + (r + 1.5) * sn;
    const o = 3 * MAX_SAMPLES * i;
    if (state[i] === 0) state[i] = readRay(img, u, v, cs, sn, rho0, N, step, prof, o) ? 1 : 2;
    if (state[i] === 2) {
      status[i] = RayStatus.unknown;
      continue;
    }
    // The strongest step (samples 2 `span` apart) within the window, plateaus either side.
    let best = -1;
    let bestStep = 0;
    for (let k = plateau; k < N - plateau; k++) {
      const e =
        Math.abs((prof[o + 3 * (k + span)] as number) - (prof[o + 3 * (k - span)] as number)) +
        Math.abs((prof[o + 3 * (k + span) + 1] as number) - (prof[o + 3 * (k - span) + 1] as number)) +
        Math.abs((prof[o + 3 * (k + span) + 2] as number) - (prof[o + 3 * (k - span) + 2] as number));
      if (e > bestStep) {
        bestStep = e;
        best = k;
      }
    }
    if (best < 0 || bestStep < minStep) {
      status[i] = RayStatus.none;
      continue;
    }
    const kin = best - plateau;
    const kout = best + plateau;
    const ar = linearAt(prof, o + 3 * kin);
    const ag = linearAt(prof, o + 3 * kin + 1);
    const ab = linearAt(prof, o + 3 * kin + 2);
    const br = linearAt(prof, o + 3 * kout);
    const bg = linearAt(prof, o + 3 * kout + 1);
    const bb = linearAt(prof, o + 3 * kout + 2);
    const er = ar - br;
    const eg = ag - bg;
    const eb = ab - bb;
    const e2 = er * er + eg * eg + eb * eb;
    if (e2 < 1e-8) {
      status[i] = RayStatus.none;
      continue;
    }
    // Walking in from the outside plateau: the first crossing of one half.
    let rhoEdge = NaN;
    let prev = 0;
    for (let k = kout; k >= kin; k--) {
      const p =
        ((linearAt(prof, o + 3 * k) - br) * er +
          (linearAt(prof, o + 3 * k + 1) - bg) * eg +
          (linearAt(prof, o + 3 * k + 2) - bb) * eb) /
        e2;
      if (p >= 0.5 && k < kout) {
        rhoEdge = rho0 + (k + (p - 0.5) / (p - prev)) * step;
        break;
      }
      prev = p;
    }
    if (!Number.isFinite(rhoEdge)) {
      status[i] = RayStatus.none;
      continue;
    }
    // The step may lie a little inside the silhouette (a rim mirroring the cloth, a dark band where
    // the lamps graze the ball): the same on every ray, so the fit takes it as the rim width.
    rim[i] = 1;
    status[i] = RayStatus.edge;
    s.edgeU[i] = u + rhoEdge * cs;
    s.edgeV[i] = v + rhoEdge * sn;
    found++;
  }
  return found;
};

/** discContrast's samples: the disc's (1, 8 and 16 at 0, 0.3 and 0.6 r), then the ring's (24 at
 * 1.5 r), each as its share of the radius, cos and sin; worked out once. */
const DISC_SAMPLES = ((): Float64Array => {
  const out: number[] = [];
  for (const [ring, count] of [
    [0, 1],
    [0.3, 8],
    [0.6, 16],
  ] as const)
    for (let k = 0; k < count; k++) {
      const a = (2 * Math.PI * (k + 0.5)) / count;
      out.push(ring, Math.cos(a), Math.sin(a));
    }
  for (let k = 0; k < 24; k++) {
    const a = (2 * Math.PI * k) / 24;
    out.push(1.5, Math.cos(a), Math.sin(a));
  }
  return Float64Array.from(out);
})();
const DISC_INNER = 25;
/** The disc's middle: its first samples (0 and 0.3 r). */
const DISC_MIDDLE = 9;
/** The ring's samples, a channel a row, reused. */
const discRing = [new Float64Array(24), new Float64Array(24), new Float64Array(24)] as const;

/** The disc's samples (DISC_INNER) summed a channel each, then its middle's (DISC_MIDDLE). */
const discSums = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
): [number, number, number, number, number, number] => {
  let ir = 0;
  let ig = 0;
  let ib = 0;
  let mr = 0;
  let mg = 0;
  let mb = 0;
  const S = DISC_SAMPLES;
  for (let k = 0; k < DISC_INNER; k++) {
    if (k === DISC_MIDDLE) {
      mr = ir;
      mg = ig;
      mb = ib;
    }
    const rho = S[3 * k] as number;
    const x = u + rho * r * (S[3 * k + 1] as number);
    const y = v + rho * r * (S[3 * k + 2] as number);
    ir += pix(img, x, y, 0);
    ig += pix(img, x, y, 1);
    ib += pix(img, x, y, 2);
  }
  return [ir, ig, ib, mr, mg, mb];
};

/** How far apart (8-bit, summed over the channels) the mean colours of two discs (inside 0.6 r) are. */
const discsApart = (img: RgbImage, a: ImageCircle, b: ImageCircle): number => {
  const sa = discSums(img, a.u, a.v, a.r);
  const sb = discSums(img, b.u, b.v, b.r);
  return (Math.abs(sa[0] - sb[0]) + Math.abs(sa[1] - sb[1]) + Math.abs(sa[2] - sb[2])) / DISC_INNER;
};

/**
 * Mean colour (8-bit) of the disc inside 0.6 r and the median of a ring at 1.5 r; their summed
 * difference, or that of the disc's middle (inside 0.3 r) where larger: a ball the cloth's colour
 * lit from straight above has its middle brighter than the cloth and its side shaded back to the
 * cloth's level, and the two cancel in the whole disc's mean (held-out 8's greens on a spruce cloth
 * under pendants: the middle 18–31, the disc 5–14 — under `minDisc` where 8–9). A sample outside the
 * frame is undefined: it makes the disc's mean NaN, and the ring's median is that of the samples
 * inside (sorted last, as an array's sort puts undefined).
 */
const discContrast = (img: RgbImage, u: number, v: number, r: number): number => {
  const [ir, ig, ib, mr, mg, mb] = discSums(img, u, v, r);
  const S = DISC_SAMPLES;
  const [or, og, ob] = discRing;
  for (let k = 0; k < 24; k++) {
    const q = 3 * (DISC_INNER + k);
    const x = u + (S[q] as number) * r * (S[q + 1] as number);
    const y = v + (S[q] as number) * r * (S[q + 2] as number);
    or[k] = pix(img, x, y, 0);
    og[k] = pix(img, x, y, 1);
    ob[k] = pix(img, x, y, 2);
  }
  // A typed array sorts numerically, NaN last.
  const cr = or.sort()[12] as number;
  const cg = og.sort()[12] as number;
  const cb = ob.sort()[12] as number;
  return Math.max(
    Math.abs(ir / DISC_INNER - cr) + Math.abs(ig / DISC_INNER - cg) + Math.abs(ib / DISC_INNER - cb),
    Math.abs(mr / DISC_MIDDLE - cr) + Math.abs(mg / DISC_MIDDLE - cg) + Math.abs(mb / DISC_MIDDLE - cb),
  );
};

/**
 * The first of the samples x, x + step, … before `end` of the frame's row that starts at pixel
 * `rowStart` whose colour, projected on the cloth's (c0, c1, c2), exceeds `limit` (the first at or
 * past `end` when none does). findByLimb's highlight scan, on a quarter of the bed's pixels, in a
 * function of its own, where the frame is a parameter (in findByLimb, a variable its closures
 * capture): the scan's share of a detection's profile fell from about 10 % to 6 %.
 */
const firstBright = (
  d: Uint8Array,
  rowStart: number,
  x: number,
  end: number,
  step: number,
  c0: number,
  c1: number,
  c2: number,
  limit: number,
): number => {
  let p = 3 * (rowStart + x);
  const s3 = 3 * step;
  // Two samples a turn of the loop (one test of its end for both): 1.17 → 1.03 ms a 1080p frame of the
  // tuning split for the scan alone.
  for (; x + step < end; x += 2 * step, p += 2 * s3) {
    if ((d[p] as number) * c0 + (d[p + 1] as number) * c1 + (d[p + 2] as number) * c2 > limit) return x;
    const q = p + s3;
    if ((d[q] as number) * c0 + (d[q + 1] as number) * c1 + (d[q + 2] as number) * c2 > limit)
      return x + step;
  }
  for (; x < end; x += step, p += s3)
    if ((d[p] as number) * c0 + (d[p + 1] as number) * c1 + (d[p + 2] as number) * c2 > limit) return x;
  return x;
};

/**
 * The cloth's own step level in a frame: the `quantile` of the steps (8-bit, summed over the channels,
 * as ringScore measures them) between neighbouring pixels of the reduced frame (full-resolution pixels
 * a block apart, a third of a radius at 1080p, where ringScore's samples are a fifth: the sensor's noise
 * and the weave differ alike at either), both on cloth the foreground mask leaves clear; every other
 * pixel of every fourth row (some 8 000 pairs on a bed), each with its right-hand neighbour. 0 where
 * the bed shows too little clear cloth to say.
 */
export const clothStepLevel = (
  reduced: ReducedFrame,
  g: VisionGeometry,
  mask: Uint8Array,
  quantile: number,
): number => {
  const { rw, rh, data: d } = reduced;
  const region = g.region;
  const hist = new Uint32Array(766);
  let n = 0;
  for (let j = 0; j < rh; j += 4) {
    // In the row's span on the table (rowOnTable; the rest is outside), from its first even column.
    const span = rowOnTable(g, j);
    if (!span) continue;
    for (
      let k = j * rw + span[0] + (span[0] & 1), end = j * rw + Math.min(span[1] + 1, rw - 1);
      k < end;
      k += 2
    ) {
      if (region[k] !== Region.cloth || mask[k] || region[k + 1] !== Region.cloth || mask[k + 1]) continue;
      const p = 3 * k;
      const step =
        Math.abs((d[p] as number) - (d[p + 3] as number)) +
        Math.abs((d[p + 1] as number) - (d[p + 4] as number)) +
        Math.abs((d[p + 2] as number) - (d[p + 5] as number));
      hist[step] = (hist[step] as number) + 1;
      n++;
    }
  }
  if (n < 100) return 0;
  let seen = 0;
  for (let v = 0; v < hist.length; v++) {
    seen += hist[v] as number;
    if (seen >= quantile * n) return v;
  }
  return hist.length - 1;
};

/** The cloth share (clothShare) of reduced pixel k, at (i, j), in its block of the cloth. */
const reducedShare = (cloth: ClothModel, rd: Uint8Array, k: number, i: number, j: number): number =>
  clothShare(
    cloth,
    Math.floor(j / cloth.blockSize) * cloth.bw + Math.floor(i / cloth.blockSize),
    rd[3 * k] as number,
    rd[3 * k + 1] as number,
    rd[3 * k + 2] as number,
  );

/** darkDiscSeeds' scratch: reduced pixels' cloth shares and dark discs' ratios, worked out as asked (NaN: not yet). */
let shareMap = new Float32Array(0);
let darkRatio = new Float32Array(0);

/** What darkDiscSeeds measures a disc against: the frame, its cloth, the disc's squares (inner `a`,
 * the ring between `c` and `b`, reduced px), the shares and ratios worked out so far (NaN: not yet),
 * and each reduced row's first block and each column's block of the cloth. */
interface DarkDisc {
  readonly cloth: ClothModel;
  readonly rd: Uint8Array;
  readonly region: Uint8Array;
  readonly rw: number;
  readonly rh: number;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly shares: Float32Array;
  readonly ratios: Float32Array;
  readonly blockRow: Int32Array;
  readonly blockColumn: Int32Array;
}

/**
 * Reduced pixel k's cloth share (as reducedShare), at (i, j), or −1 off the cloth (darkDiscSeeds).
 * Functions of their own, not closures over the frame, and the block from tables, not divisions: a
 * 1080p frame asks some 25 000 shares and a hundred ratios of 169 shares each (darkDiscSeeds took 0.59
 * ms a 1080p frame of the tuning split as closures, 0.49 as these).
 */
const clothShareAt = (m: DarkDisc, k: number, i: number, j: number): number => {
  let v = m.shares[k] as number;
  if (v === v) return v;
  if (m.region[k] !== Region.cloth) v = -1;
  else {
    const { rd } = m;
    v = clothShare(
      m.cloth,
      (m.blockRow[j] as number) + (m.blockColumn[i] as number),
      rd[3 * k] as number,
      rd[3 * k + 1] as number,
      rd[3 * k + 2] as number,
    );
  }
  m.shares[k] = v;
  return v;
};

/** The disc at k's brightness over its ring's (Infinity where either is too little cloth or k off the frame's inside). */
const darkDiscRatio = (m: DarkDisc, k: number): number => {
  let r = m.ratios[k] as number;
  if (r === r) return r;
  r = Infinity;
  const { rw, rh, a, b, c } = m;
  const i = k % rw;
  const j = (k - i) / rw;
  if (i >= b && j >= b && i < rw - b && j < rh - b) {
    let si = 0;
    let ni = 0;
    let sr = 0;
    let nr = 0;
    for (let dj = -b; dj <= b; dj++) {
      const row = (j + dj) * rw + i;
      const inner = dj >= -a && dj <= a;
      const hole = dj >= -c && dj <= c;
      for (let di = -b; di <= b; di++) {
        const v = clothShareAt(m, row + di, i + di, j + dj);
        if (v < 0) continue;
        if (inner && di >= -a && di <= a) {
          si += v;
          ni++;
        } else if (!hole || di < -c || di > c) {
          sr += v;
          nr++;
        }
      }
    }
    const inArea = (2 * a + 1) ** 2;
    const ringArea = (2 * b + 1) ** 2 - (2 * c + 1) ** 2;
    if (ni >= 0.8 * inArea && nr >= 0.5 * ringArea && sr > 0) r = si / ni / (sr / nr);
  }
  m.ratios[k] = r;
  return r;
};

/**
 * Reduced pixels of the bed's cloth at the middle of a disc (a square of 0.6 ball radii each way)
 * darker than `darkDisc` of the cloth around it (the ring between squares of 1.2 and 2 radii), each
 * the darkest of its eight neighbours: where a ball of the cloth's hue, darker, may lie. Its disc is
 * not foreground (the cloth model takes it for shade, as it must a shadow's) and, under small warm
 * lamps, its highlights are no brighter than the cloth (held-out 13's mustard cloth: two browns never
 * seeded, nothing in them above 1.03 and 1.14 of the cloth, their limbs placed within 1.8 mm from
 * where they lie). Brightness is the cloth share (clothShare) of the reduced pixels, the cloth's
 * only. A disc's middle is dark itself: the bed is looked at every other pixel each way (a middle
 * darker than `darkDisc` spans several) for pixels that dark in no piece of the foreground (a ball's
 * body, a pack's gaps, a deep shadow are pieces, which the outline stages have seen) and `far` from
 * the balls known, and from each the ratio is followed down to its least.
 */
const darkDiscSeeds = (
  g: VisionGeometry,
  cloth: ClothModel,
  rd: Uint8Array,
  labels: Int32Array,
  rRed: number,
  darkDisc: number,
  far: (i: number, j: number) => boolean,
): number[] => {
  const { rw, rh, region } = g;
  if (shareMap.length < rw * rh) {
    shareMap = new Float32Array(rw * rh);
    darkRatio = new Float32Array(rw * rh);
  }
  shareMap.fill(NaN, 0, rw * rh);
  darkRatio.fill(NaN, 0, rw * rh);
  const a = Math.max(1, Math.round(0.6 * rRed));
  const c = Math.max(a + 1, Math.round(1.2 * rRed));
  const b = Math.max(c + 1, Math.round(2 * rRed));
  const B = cloth.blockSize;
  const blockRow = Int32Array.from({ length: rh }, (_, j) => Math.floor(j / B) * cloth.bw);
  const blockColumn = Int32Array.from({ length: rw }, (_, i) => Math.floor(i / B));
  const disc: DarkDisc = {
    cloth,
    rd,
    region,
    rw,
    rh,
    a,
    b,
    c,
    shares: shareMap,
    ratios: darkRatio,
    blockRow,
    blockColumn,
  };
  const neighbours = [-rw - 1, -rw, -rw + 1, -1, 1, rw - 1, rw, rw + 1];
  const out = new Set<number>();
  for (let j = b; j < rh - b; j += 2) {
    const span = rowOnTable(g, j);
    if (!span) continue;
    for (let i = Math.max(b, span[0]); i <= Math.min(rw - b - 1, span[1]); i += 2) {
      let k = j * rw + i;
      const v = clothShareAt(disc, k, i, j);
      if (v < 0 || v >= darkDisc || (labels[k] as number) > 0 || !far(i, j)) continue;
      // Down the ratio to its least among the neighbours.
      let r = darkDiscRatio(disc, k);
      for (let step = 0; step < 2 * b && r < Infinity; step++) {
        let next = k;
        for (const d of neighbours) {
          const q = darkDiscRatio(disc, k + d);
          if (q < r) {
            r = q;
            next = k + d;
          }
        }
        if (next === k) break;
        k = next;
      }
      if (r < darkDisc) out.add(k);
    }
  }
  return [...out];
};

/**
 * The lamps a disc about (u, v) shows of its own: its brightest pixel within `HIGHLIGHT_REACH` (0.6)
 * radii of the middle over its mean there, both as shares of the cloth (clothShare). A ball mirrors
 * the lamps near the middle of its image (fit.ts highlightNear), however dark its body.
 */
const ownLamps = (img: RgbImage, g: VisionGeometry, cloth: ClothModel, u: number, v: number): number => {
  const reach = HIGHLIGHT_REACH * apparentRadius(g, u, v);
  let sum = 0;
  let n = 0;
  let most = 0;
  for (let y = Math.max(0, Math.ceil(v - reach)); y <= Math.min(img.height - 1, v + reach); y++)
    for (let x = Math.max(0, Math.ceil(u - reach)); x <= Math.min(img.width - 1, u + reach); x++) {
      if ((x - u) ** 2 + (y - v) ** 2 > reach * reach) continue;
      const share = pixelShare(cloth, img, x, y);
      sum += share;
      n++;
      if (share > most) most = share;
    }
  return sum > 0 ? (most * n) / sum : 0;
};

/**
 * Balls in the frame's unexplained foreground found by their limbs. `labels` are the reduced frame's
 * piece numbers (−1 for specks too small to be a piece), `pieces` the pieces they number,
 * `known` the balls already reported (their surroundings are not searched again). `where`, given, is
 * where to look (reduced pixels, non-zero): the search seeds only there (a frame in play, where the
 * rest of the table is as it was and its balls are kept: detector.ts); absent, everywhere.
 */
export const findByLimb = (
  img: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  reduced: Uint8Array,
  mask: Uint8Array,
  labels: Int32Array,
  pieces: readonly Component[],
  known: readonly FittedBall[],
  rimPx: number,
  s: FitScratch,
  o: LimbOptions = DEFAULT_LIMB_OPTIONS,
  fo: FitOptions = DEFAULT_FIT_OPTIONS,
  where?: Uint8Array,
): FittedBall[] => {
  if (!o.enabled) return [];
  forgetTraces();
  const { rw, rh, scale, region } = g;
  const rRed = g.maxRadius / scale;
  const ballArea = Math.PI * rRed * rRed;
  const near = rRed * 1.7;
  // Seeds: foreground no known ball explains, in pieces small enough to be a few balls.
  /**
   * Is a known ball's centre within `reach` (reduced px) of the centre of reduced pixel (i, j)? A
   * yes or no, not the nearest's squared distance: a fraction returned is boxed, and the 34 000 asked a
   * 1080p frame of held-out 12 were 0.41 of the 4.67 MB Locator.locate allocated (a sampled heap
   * profile).
   */
  const nearBall = (i: number, j: number, reach: number): boolean => {
    const limit = reach * reach;
    for (const b of known) {
      const dx = b.u / scale - (i + 0.5);
      const dy = b.v / scale - (j + 0.5);
      if (dx * dx + dy * dy < limit) return true;
    }
    return false;
  };
  if (cand.length < rw * rh) cand = new Uint8Array(rw * rh);
  const dil = Math.max(1, Math.round(rRed * 0.6));
  const { colour, invcc, bw, bright } = cloth;
  const rd = reduced;
  const list: number[] = [];
  /** Seed the reduced pixels within `reach` of (i, j), inside the table, that are not seeds yet. */
  const seedAround = (i: number, j: number, reach = dil): void => {
    for (let dj = -reach; dj <= reach; dj++) {
      const y = j + dj;
      if (y < 0 || y >= rh) continue;
      for (let di = -reach; di <= reach; di++) {
        const x = i + di;
        if (x < 0 || x >= rw) continue;
        const q = y * rw + x;
        if (region[q] === Region.outside || cand[q]) continue;
        cand[q] = 1;
        list.push(q);
      }
    }
  };
  const pieceOf = new Map(pieces.map((p) => [p.label, p]));
  /** Is piece `lab` too big to be a few balls? */
  const tooBig = (lab: number): boolean => (pieceOf.get(lab)?.area ?? 0) > o.maxPieceBalls * ballArea;
  const player = new Map<number, boolean>();
  /**
   * Is piece `lab` a player or a cue: too big to be a few balls (tooBig), even in its core (the pixels
   * `dil` from its border all round)? Where the cloth model misses the light's fall in a dim frame, a thin
   * strip of cloth may be foreground, and a ball in it one piece with it, too big to be a few balls,
   * so its highlights did not seed, as beside a player: along an end cushion's nose (held-out 6,
   * 9 104 001: a red frozen to the cushion in a strip of 14 balls' area, its core 3 reduced pixels),
   * on the edge of a lamp's pool of light (held-out 12, 9 704 000: a yellow in a strip of 11, its
   * core 5). A ball's core is the disc of its radius less `dil`; a player's arm is many balls thick.
   */
  const isPlayer = (lab: number): boolean => {
    if (!tooBig(lab)) return false;
    let is = player.get(lab);
    if (is !== undefined) return is;
    const p = pieceOf.get(lab) as Component;
    let core = 0;
    for (let j = p.j0; j <= p.j1; j++)
      for (let i = p.i0; i <= p.i1; i++) {
        if (labels[j * rw + i] !== lab) continue;
        let inside = true;
        for (let y = j - dil; y <= j + dil && inside; y++)
          for (let x = i - dil; x <= i + dil && inside; x++)
            inside = x >= 0 && y >= 0 && x < rw && y < rh && labels[y * rw + x] === lab;
        if (inside) core++;
      }
    // A ball's core: the disc of its radius less `dil` (at least half a reduced pixel's radius).
    const ballCore = Math.PI * Math.max(0.5, rRed - dil) ** 2;
    is = core > o.maxPieceBalls * ballCore;
    player.set(lab, is);
    return is;
  };
  /** Is reduced pixel (i, j) on or beside a player or a cue (see isPlayer)? */
  const nearPlayer = (i: number, j: number): boolean => {
    for (let dj = -dil; dj <= dil; dj++) {
      const yy = j + dj;
      if (yy < 0 || yy >= rh) continue;
      for (let di = -dil; di <= dil; di++) {
        const xx = i + di;
        if (xx < 0 || xx >= rw) continue;
        const lab = labels[yy * rw + xx] as number;
        if (lab > 0 && isPlayer(lab)) return true;
      }
    }
    return false;
  };
  const bigPieces = new Set<number>();
  // Most of the frame is cloth: four mask bytes are passed over at once where all are clear (as in
  // foreground.ts components).
  const words = maskWords(mask);
  for (let k = 0; k < rw * rh; k++) {
    if (words && (k & 3) === 0 && k + 4 <= rw * rh && words[k >> 2] === 0) {
      k += 3;
      continue;
    }
    if (!mask[k] || (where && !where[k])) continue;
    const reg = region[k] as number;
    // Seeds on the bed's cloth, the cushions and the pockets' mouths (a black over the hole shows
    // only its highlight: the hole is as dark as it), not the chalk lines or the rail (they make
    // foreground of their own; a ball over a line has most of its disc beside it).
    if (reg !== Region.cloth && reg !== Region.cushion && reg !== Region.pocket) continue;
    const lab = labels[k] as number;
    const i = k % rw;
    const j = (k - i) / rw;
    if (lab > 0 && tooBig(lab)) {
      bigPieces.add(lab);
      continue;
    }
    if (lab < 0 || reg === Region.pocket) {
      // A speck too small to be a piece seeds only when it is a highlight (what a ball the colour
      // of the cloth may leave in the cloth model); dark and coloured specks are noise in dim light.
      // So, too, in a pocket's mouth, whose jaws and leather are foreground in every frame.
      if (reducedShare(cloth, rd, k, i, j) <= bright) continue;
    }
    if (nearBall(i, j, near)) continue;
    seedAround(i, j);
  }
  // Highlights the reduced frame did not read. It reads one pixel a block of `scale` × `scale`, and a
  // ball nearly the colour of what is around it may show the cloth model nothing but its lamps'
  // mirror images, a few pixels across, which that one pixel mostly misses (the second renderer's
  // blacks in a corner pocket's jaws, over the dark hole and leather: tuning-grey 8 803 001,
  // held-out-3 8 703 001, held-out-5 9 003 002). So the bed, cushions and pockets (not the markings,
  // as above) are read again at full resolution, on a grid finer than a highlight (`highlightGrid`
  // points a radius), for pixels brighter than the cloth's `bright` that are a spot, not a line: of
  // four pixels `spotReach` radii away across and along, at most one as bright (a chalk line, a
  // cushion's lit nose, the edge of a box run on). Each seeds as a highlight speck does. A sample
  // nearly as bright has the rows above and below it read (a line one pixel thick; `nearBright`).
  {
    const W = img.width;
    const d = img.data;
    const hs = Math.max(1, Math.round(g.maxRadius / o.highlightGrid));
    const reach = Math.max(2, Math.round(o.spotReach * g.maxRadius));
    const bp = cloth.blockPx;
    const brightAt = (x: number, y: number, bk: number): boolean => {
      const p = 3 * (y * W + x);
      return clothShare(cloth, bk, d[p] as number, d[p + 1] as number, d[p + 2] as number) > bright;
    };
    // Row by row along the table's extent in that row (a tight loop: most of the bed is cloth, far
    // below `bright`); the region and the rest only where a pixel is bright, and once a reduced pixel
    // (a white or a yellow ball has a hundred bright samples, each of which searched the balls known
    // and the pieces around).
    if (verdict.length < rw * rh) verdict = new Uint8Array(rw * rh);
    else verdict.fill(MAY_UNKNOWN, 0, rw * rh);
    // Each block's limit once a frame, not once for each row's run through it (at 1080p a run is a
    // dozen samples, and its set-up cost a fifth of what the samples did).
    const blocks = invcc.length;
    if (blockLimit.length < blocks) blockLimit = new Float64Array(blocks);
    for (let bk = 0; bk < blocks; bk++) blockLimit[bk] = bright / (invcc[bk] as number);
    for (let j = 0; j < rh; j++) {
      const span = where ? lookedAtIn(where, rowOnTable(g, j), j * rw) : rowOnTable(g, j);
      if (!span) continue;
      const [i0, i1] = span;
      const xa = Math.max(reach, i0 * scale);
      const xb = Math.min(W - 1 - reach, (i1 + 1) * scale);
      for (let y0 = j * scale + ((hs - ((j * scale) % hs)) % hs); y0 < (j + 1) * scale; y0 += hs) {
        if (y0 < reach + 1 || y0 + reach + 1 >= img.height) continue;
        const brow = Math.floor(y0 / bp) * bw;
        const row = y0 * W;
        const x0 = xa - (xa % hs);
        for (let bi = Math.floor(x0 / bp), x = x0; x < xb; bi++) {
          const bk = brow + bi;
          const c0 = colour[3 * bk] as number;
          const c1 = colour[3 * bk + 1] as number;
          const c2 = colour[3 * bk + 2] as number;
          const limit = (blockLimit[bk] as number) * o.nearBright;
          const xe = Math.min(xb, (bi + 1) * bp);
          for (
            x = firstBright(d, row, x, xe, hs, c0, c1, c2, limit);
            x < xe;
            x = firstBright(d, row, x + hs, xe, hs, c0, c1, c2, limit)
          ) {
            // Nearly bright: the row above or below may be the highlight's (see `nearBright`).
            let y = y0;
            if (!brightAt(x, y, bk)) {
              if (brightAt(x, y - 1, bk)) y--;
              else if (brightAt(x, y + 1, bk)) y++;
              else continue;
            }
            const i = Math.floor(x / scale);
            const k = j * rw + i;
            if (cand[k]) continue;
            let may = verdict[k] as number;
            if (may === MAY_UNKNOWN) {
              const reg = region[k] as number;
              // Not on or beside a player (a hand's knuckles shine too).
              may =
                (reg === Region.cloth || reg === Region.cushion || reg === Region.pocket) &&
                !nearPlayer(i, j) &&
                !nearBall(i, j, near)
                  ? MAY_SEED
                  : MAY_NOT;
              verdict[k] = may;
            }
            if (may === MAY_NOT) continue;
            // A spot: at most one of the four pixels around as bright (read until a second is).
            let around = brightAt(x - reach, y, bk) ? 1 : 0;
            if (brightAt(x + reach, y, bk)) around++;
            if (around < 2 && brightAt(x, y - reach, bk)) around++;
            if (around < 2 && brightAt(x, y + reach, bk)) around++;
            if (around > 1) continue;
            seedAround(i, j);
          }
        }
      }
    }
  }
  // The bed's spots where no ball is known: a colour on its spot has its highlights over the spot's
  // chalk, which the scan above does not read (a chalk line, thin and uneven under JPEG, passes its
  // spot test here and there: reading the markings tripled the seeds and the rings tried). A blue on
  // its spot on the royal-blue cloth shows the cloth model nothing else (issue 14: missed in 9 of 12
  // such frames, none with a seed within two radii). A ball on its spot has its centre over it: the
  // spot's reduced pixel and those next to it are seeded, not the wider patch a highlight seeds
  // (which doubled the rings tried on bench/detect-alt's 1080p frames of five splits, 219 to 447;
  // this, 300, and the CPU a frame within the noise).
  for (const spot of g.table.marks?.spots ?? []) {
    const [u, v] = projectPoint(g.calibration, spot.at.x, spot.at.y, g.ballCentreHeight);
    const i = Math.floor(u / scale);
    const j = Math.floor(v / scale);
    if (i < 0 || j < 0 || i >= rw || j >= rh || (where && !where[j * rw + i]) || nearBall(i, j, near))
      continue;
    seedAround(i, j, 1);
  }
  // Dark discs on the cloth far from the balls known.
  if (o.darkDisc > 0) {
    const far = o.darkDiscReach * rRed;
    const farFromBalls = (i: number, j: number): boolean =>
      (!where || where[j * rw + i] !== 0) && !nearBall(i, j, far);
    // Asked of where the search starts (to spare the ratio there) and of where it ends (it may move
    // towards a ball on the way down).
    for (const q of darkDiscSeeds(g, cloth, rd, labels, rRed, o.darkDisc, farFromBalls)) {
      const i = q % rw;
      const j = (q - i) / rw;
      if (farFromBalls(i, j)) seedAround(i, j, 1);
    }
  }
  // In a big piece (a pack) a ball the outlines missed touches one found: circles a diameter from
  // each found ball, all round, where no other ball is and the piece's foreground is. Beside a ball
  // found elsewhere, a ball of the cloth's hue, darker, nestled against it (see `nestledLamps`).
  const peaks: Peak[] = [];
  /** A coarse ring's score, 0 unless it is a ring at the frame's `ringStep` too (the cloth's own steps
   * do not make it one); the score itself at `minStep`, as the climb and the fits that follow see it. */
  const coarseRing = (u: number, v: number, r: number): number =>
    o.ringStep > o.minStep && ringScore(img, u, v, r, o.ringRays, o.ringStep, o.minRing) < o.minRing
      ? 0
      : ringScore(img, u, v, r, o.ringRays, o.minStep, o.minRing);
  /** A place beside a ball found that is dark, no foreground, and shows lamps of its own. */
  const nestled = (q: number, u: number, v: number): boolean =>
    o.darkDisc > 0 &&
    (labels[q] as number) <= 0 &&
    region[q] === Region.cloth &&
    reducedShare(cloth, rd, q, q % rw, Math.floor(q / rw)) < o.darkDisc &&
    ownLamps(img, g, cloth, u, v) >= o.nestledLamps;
  /** The piece ball `b` lies in, when that is too big to be a few balls (a pack); else undefined. */
  const packOf = (b: { readonly u: number; readonly v: number }): number | undefined => {
    const lab = labels[Math.floor(b.v / scale) * rw + Math.floor(b.u / scale)] as number;
    return bigPieces.has(lab) ? lab : undefined;
  };
  const inPack = (b: FittedBall): boolean => packOf(b) !== undefined;
  /** The pack's and nestled balls' rings round each of `from` (none where a ball of `balls` is). */
  const packRings = (from: readonly FittedBall[], balls: readonly FittedBall[]): Peak[] => {
    const rings: Peak[] = [];
    for (const b of from) {
      const lab = packOf(b);
      const r0 = b.radius;
      for (let a = 0; a < 24; a++) {
        const u = b.u + 2 * r0 * Math.cos((a * Math.PI) / 12);
        const v = b.v + 2 * r0 * Math.sin((a * Math.PI) / 12);
        if (u < 0 || v < 0 || u >= img.width || v >= img.height) continue;
        const q = Math.floor(v / scale) * rw + Math.floor(u / scale);
        if (lab !== undefined && labels[q] !== lab) continue;
        if (balls.some((k) => (k.u - u) ** 2 + (k.v - v) ** 2 < (1.7 * r0) ** 2)) continue;
        if (lab === undefined && !nestled(q, u, v)) continue;
        const sc = coarseRing(u, v, r0);
        if (sc >= o.minRing) rings.push({ u, v, r: r0, score: sc, pack: true });
      }
    }
    return rings;
  };
  peaks.push(
    ...packRings(
      where ? known.filter((b) => where[Math.floor(b.v / scale) * rw + Math.floor(b.u / scale)]) : known,
      known,
    ),
  );
  if (list.length === 0 && peaks.length === 0) return [];
  // Coarse ring scores on a grid of about a third of the radius over the candidate reduced pixels.
  for (const q of list) {
    cand[q] = 0;
    const i = q % rw;
    const j = (q - i) / rw;
    const cu = (i + 0.5) * scale;
    const cv = (j + 0.5) * scale;
    const r0 = apparentRadius(g, cu, cv);
    // A ball's centre is at least a diameter from any other's.
    if (known.some((b) => (b.u - cu) ** 2 + (b.v - cv) ** 2 < (1.7 * r0) ** 2)) continue;
    const sub = Math.max(1, Math.ceil(scale / (r0 / 3.2)));
    for (let b = 0; b < sub; b++) {
      for (let a = 0; a < sub; a++) {
        const u = i * scale + ((a + 0.5) * scale) / sub;
        const v = j * scale + ((b + 0.5) * scale) / sub;
        const sc = coarseRing(u, v, r0);
        if (sc >= o.minRing) peaks.push({ u, v, r: r0, score: sc });
      }
    }
  }
  peaks.sort((a, b) => b.score - a.score);
  const out: FittedBall[] = [];
  let tried: { u: number; v: number }[] = [];
  // Rings climbed, against `maxRings`: a peak passed over unclimbed (a ball placed near it already)
  // costs nothing, and counted, it spent the frame's rings (held-out 17's cream cluster at 4K,
  // 10 252 000: 28 of its 64 were such peaks, and two reds at the pack's end were never reached).
  let climbs = 0;
  let maxClimbs = o.maxRings;
  let climbed: { u: number; v: number }[] = [];
  const shaped: { f: FittedBall; pack: boolean | undefined }[] = [];
  /**
   * Report `f` unless a ball is there already, or it is a pack's ring that touches no ball found. Of
   * two limbs traced for one ball, the one more rays agree with: a white on a light cloth makes full
   * rings all over and round it, and the ring tried first may trace a circle half off the ball (held-
   * out 4, 8 900 002's cue ball: 29 of 48 rays, 31 mm off) before one traces it all round (48).
   */
  const keep = (f: FittedBall, pack: boolean | undefined): void => {
    const same = (k: FittedBall): boolean => Math.hypot(k.x - f.x, k.y - f.y) < 1.6 * g.ballRadius;
    if (known.some(same)) return;
    // A ball in a pack touches one found: a ring between balls that fits nowhere near that is not one.
    const D = 2 * g.ballRadius;
    const touching = (k: FittedBall): boolean =>
      Math.abs(Math.hypot(k.x - f.x, k.y - f.y) - D) < PACK_SLACK_MM;
    if (pack && !known.some(touching) && !out.some(touching)) return;
    const twin = out.findIndex(same);
    if (twin < 0) out.push(f);
    else if (f.found === 'outline' && f.inliers > (out[twin] as FittedBall).inliers) out[twin] = f;
  };
  /** Climb each of `rings` (sorted best first) that is somewhere new, and fit a ball there. */
  const climbAll = (rings: readonly Peak[]): void => {
    for (const p of rings) {
      if (climbs >= maxClimbs) break;
      if (tried.some((t) => hypotAgainst(t.u - p.u, t.v - p.v, 0.6 * p.r) < 0.6 * p.r)) continue;
      tried.push(p);
      // The rings around a ball placed here are its own (a ball's centre is a diameter from another's):
      // each was climbed and fitted again to the same ball (six times and more on the second
      // renderer's frames, whose specks seed many rings round each ball the cloth model barely sees).
      if (out.some((b) => (b.u - p.u) ** 2 + (b.v - p.v) ** 2 < (1.7 * p.r) ** 2)) continue;
      // Refine by climbing, in steps that halve to a pixel.
      climbs++;
      const steps: number[] = [];
      for (let step = Math.max(1, Math.round(p.r / 8)); step >= 1; step = step > 1 ? Math.floor(step / 2) : 0)
        steps.push(step);
      const { u: bu, v: bv, score: bs } = climbRing(img, p, p.r, steps, o);
      // Peaks that climb to the same pixel give the same fit.
      if (climbed.some((t) => Math.abs(t.u - bu) < 1 && Math.abs(t.v - bv) < 1)) continue;
      climbed.push({ u: bu, v: bv });
      // A shadow's disc beside a ball is dropped once every stage has found what it finds (locate.ts
      // withoutShadows), and it is not fitted here: a crisp disc, its limb and its shading were traced
      // and measured as a ball's (held-out 12's wine cloth under low lamps: 3 rings a 1080p frame, 6 at
      // 4K, costlier than a ball's, a third of the limb stage's CPU at 4K).
      const around = [...known, ...out];
      if (shadowBeside(img, cloth, around, bu, bv, p.r, o, fo)) continue;
      // A pack's ring touches the balls found, and so may a ring seeded elsewhere (`touching`): their
      // rays are not asked for (see openRays). Not beside a player (a piece too big to be balls is a
      // pack too): on our own renderer's black-ball frames with players over the balls, a ring there
      // passed on the rays left and was a ball that was not.
      const touches = (b: FittedBall): boolean =>
        Math.abs(Math.hypot(b.u - bu, b.v - bv) - b.radius - p.r) < o.touching * p.r;
      const circles = around.map((b) => ({ u: b.u, v: b.v, r: b.radius }));
      // A ring seeded elsewhere that touches a ball shows the lamps (a ball's shadow touches it too).
      const nestledBall = (): boolean =>
        around.some(touches) && highlightNear(img, cloth, bu, bv, p.r, circles);
      // Inside a pack, every ray near a neighbour (see `packOpen`), where the ring looks like a ball
      // it touches (`packLikeness`).
      const likePack = (): boolean =>
        packOf({ u: bu, v: bv }) !== undefined &&
        around.some(
          (b) =>
            touches(b) &&
            discsApart(img, { u: b.u, v: b.v, r: b.radius }, { u: bu, v: bv, r: p.r }) < o.packLikeness,
        );
      const neighbours =
        p.pack && likePack()
          ? circles.map((c) => ({ ...c, r: c.r * (1 + o.touching) }))
          : nearPlayer(Math.floor(bu / scale), Math.floor(bv / scale))
            ? []
            : p.pack || nestledBall()
              ? circles
              : [];
      const limb = fitLimb(img, g, bu, bv, rimPx, s, o, fo, 2, neighbours);
      if (limb) {
        keep(plateauFit(img, g, rings, bu, bv, bs, p.r, limb, rimPx, s, o, fo), p.pack);
        continue;
      }
      if (!o.shape) continue;
      const shape = (su: number, sv: number): FittedBall | undefined =>
        fitByShape(
          img,
          g,
          cloth,
          su,
          sv,
          around,
          // The peaks are sorted best first: the first within its radius scores best.
          rings.find((q) => hypotAgainst(q.u - bu, q.v - bv, q.r) < q.r)?.score ?? 0,
          o,
          fo,
        );
      // Where the ring's plateau is wide (a blue on the royal-blue cloth on its spot: full rings of
      // steps 6 px round its centre, tuning-hard 8 600 000), the climb ends at its edge and the shape
      // from there finds no centre; from the plateau's middle it does (as plateauFit for a limb).
      let f = shape(bu, bv);
      if (!f) {
        const mid = plateauMiddle(rings, bu, bv, bs, p.r, o);
        if (mid) f = shape(mid[0], mid[1]);
      }
      // Last, a faint limb where the ring's middle shows the lamps (see `faintStep`): after the shape,
      // which places the balls whose limb is faint on an arc only (the blue on the royal-blue cloth), and
      // traced faint placed some of those worse (tuning-hard 1080p RMS 0.77 → 0.81 mm). Not beside a
      // piece too big to be a few balls: a player's knuckles shine, and at the faint step a circle was
      // traced on a hand (tests/vision-locate, the occluders).
      f ??=
        o.faintStep < o.minStep &&
        !nearPlayer(Math.floor(bu / scale), Math.floor(bv / scale)) &&
        highlightNear(
          img,
          cloth,
          bu,
          bv,
          p.r,
          known.map((b) => ({ u: b.u, v: b.v, r: b.radius })),
        )
          ? limbNear(img, g, bu, bv, 0, rimPx, s, { ...o, minStep: o.faintStep }, fo)
          : undefined;
      if (f) shaped.push({ f, pack: p.pack });
    }
  };
  climbAll(peaks);
  // A pack whose gaps the outlines did not see is found ball by ball: each ball traced in it lets the
  // rings beside it off the rays toward it, and a ring tried with fewer of its neighbours known is
  // tried again. A stream coded at a low bitrate fills the gaps between a pack's reds with their
  // colour, and the outlines see the pack as one disc: held-out 28's opening pack at crf 35
  // (11 300 002), 2 of its 15 reds found by their outlines, one by its limb beside the pink, 11 more
  // so. (A place is tried again only where more balls touch it: tried every round, the rings of a
  // 15-ball pack were more than `maxRings`.) The pack's rings have a budget of their own
  // (`maxPackRings`): a phone's sharpened frame seeds rings all over the cloth, and in held-out 32's
  // 11 700 002 those spent 58 of the frame's 64 before the pack's first round, 4 of its 15 reds found.
  const packTried: { u: number; v: number; n: number }[] = [];
  climbs = 0;
  maxClimbs = o.maxPackRings;
  for (let n = 0; out.slice(n).some(inPack) && climbs < maxClimbs;) {
    n = out.length;
    const all = [...known, ...out];
    const rings = packRings(all.filter(inPack), all).filter((p) => {
      const touching = all.filter(
        (b) => Math.abs(Math.hypot(b.u - p.u, b.v - p.v) - b.radius - p.r) < o.touching * p.r,
      ).length;
      const last = packTried.find((t) => Math.hypot(t.u - p.u, t.v - p.v) < 0.6 * p.r);
      if (last && last.n >= touching) return false;
      if (last) last.n = touching;
      else packTried.push({ u: p.u, v: p.v, n: touching });
      return true;
    });
    tried = [];
    climbed = [];
    climbAll(rings.sort((a, b) => b.score - a.score));
  }
  // Balls placed by their shape last: a limb traced nearly all round places a ball better than its
  // shading's symmetry, and a ring climbed first may give a shape a few mm off the ball whose limb a
  // later ring traces (held-out 6, seed 9 102 001: a green on the emerald cloth, 2.9 mm off by its
  // limb, 5.2 by its shape).
  for (const { f, pack } of shaped) keep(f, pack);
  return out;
};

/**
 * The part of a row's table span (`span`, reduced px) that `where` (row `at` of it) looks at: from its
 * first looked-at pixel to its last; undefined where it looks at none.
 */
const lookedAtIn = (
  where: Uint8Array,
  span: readonly [number, number] | undefined,
  at: number,
): [number, number] | undefined => {
  if (!span) return undefined;
  let [i0, i1] = span;
  while (i0 <= i1 && !where[at + i0]) i0++;
  while (i1 >= i0 && !where[at + i1]) i1--;
  return i0 <= i1 ? [i0, i1] : undefined;
};

/** Is the disc about (u, v), radius r, a shadow's (fit.ts shadowDisc) beside a ball: within
 * `darkDiscReach` radii of one of `balls`? */
const shadowBeside = (
  img: RgbImage,
  cloth: ClothModel,
  balls: readonly FittedBall[],
  u: number,
  v: number,
  r: number,
  o: LimbOptions,
  fo: FitOptions,
): boolean =>
  balls.some((b) => Math.hypot(b.u - u, b.v - v) < o.darkDiscReach * r) &&
  shadowDisc(img, cloth, u, v, r, fo);

/**
 * The middle of the plateau of ring scores (u, v) lies on: the peaks within `plateauReach` radii that
 * score as well as it (`score`); undefined where there are none, or it lies within a pixel of (u, v)
 * (a start that near gives the same fit, as peaks that climb to the same pixel).
 */
const plateauMiddle = (
  /** Sorted by score, best first. */
  peaks: readonly { readonly u: number; readonly v: number; readonly score: number }[],
  u: number,
  v: number,
  score: number,
  r: number,
  o: LimbOptions,
): readonly [number, number] | undefined => {
  let n = 0;
  let su = 0;
  let sv = 0;
  const reach = o.plateauReach * r;
  // Sorted best first: those that score as well are the first.
  for (const q of peaks) {
    if (q.score < score) break;
    if (Math.abs(q.u - u) > reach || Math.abs(q.v - v) > reach) continue;
    if (Math.hypot(q.u - u, q.v - v) > reach) continue;
    n++;
    su += q.u;
    sv += q.v;
  }
  if (n === 0) return undefined;
  const mu = su / n;
  const mv = sv / n;
  return Math.abs(mu - u) < 1 && Math.abs(mv - v) < 1 ? undefined : [mu, mv];
};

/**
 * The better of `limb`, fitted from (u, v), and a fit from the middle of the plateau of ring scores
 * (u, v) lies on: the peaks within `plateauReach` radii that score as well as it (`score`). Where a
 * limb is wide or a shadow continues it, every circle over a few pixels sees a step all round, and
 * the peaks, tried in the order the frame was scanned, start the fit from the plateau's first corner:
 * a black under a low warm pendant (held-out 8, 9 305 002), its shadow on the cloth beside it, was
 * fitted from there to a circle through the shadow's edge and the ball's inner rings, 18 mm off, by 29
 * of its 48 rays; from the plateau's middle, 36 agree, 2.1 mm from the truth. The fit more rays agree
 * with is kept (the same, the smaller RMS).
 */
const plateauFit = (
  img: RgbImage,
  g: VisionGeometry,
  /** Sorted by score, best first. */
  peaks: readonly { readonly u: number; readonly v: number; readonly score: number }[],
  u: number,
  v: number,
  score: number,
  r: number,
  limb: FittedBall,
  rimPx: number,
  s: FitScratch,
  o: LimbOptions,
  fo: FitOptions,
): FittedBall => {
  const middle = plateauMiddle(peaks, u, v, score, r, o);
  if (!middle) return limb;
  const again = fitLimb(img, g, middle[0], middle[1], rimPx, s, o, fo);
  if (!again) return limb;
  return again.inliers > limb.inliers || (again.inliers === limb.inliers && again.rmsPx < limb.rmsPx)
    ? again
    : limb;
};

/**
 * The ball near image point (u, v) placed by its limb: the best ring of steps among starts at (u, v)
 * and `reach` radii round it, climbed to the pixel, then fitted as the limb stage fits (fitLimb).
 * Undefined when no ring there is seen nearly all round.
 */
export const fitLimbNear = (
  img: RgbImage,
  g: VisionGeometry,
  u: number,
  v: number,
  reach: number,
  rimPx: number,
  s: FitScratch,
  o: LimbOptions = DEFAULT_LIMB_OPTIONS,
  fo: FitOptions = DEFAULT_FIT_OPTIONS,
): FittedBall | undefined => {
  forgetTraces();
  return limbNear(img, g, u, v, reach, rimPx, s, o, fo);
};

/** fitLimbNear within a frame's limb fits (the profiles traced so far are this frame's). */
const limbNear = (
  img: RgbImage,
  g: VisionGeometry,
  u: number,
  v: number,
  reach: number,
  rimPx: number,
  s: FitScratch,
  o: LimbOptions,
  fo: FitOptions,
): FittedBall | undefined => {
  const r = apparentRadius(g, u, v);
  let bu = u;
  let bv = v;
  let bs = ringScore(img, u, v, r, o.ringRays, o.minStep, 0);
  // With no reach the eight starts are (u, v) again, and score no better.
  for (let k = 0; reach > 0 && k < 8; k++) {
    const a = (Math.PI * k) / 4;
    const su = u + reach * r * Math.cos(a);
    const sv = v + reach * r * Math.sin(a);
    const sc = ringScore(img, su, sv, r, o.ringRays, o.minStep, bs + 1e-9);
    if (sc > bs) {
      bs = sc;
      bu = su;
      bv = sv;
    }
  }
  if (bs < o.minRing) return undefined;
  const top = climbRing(img, { u: bu, v: bv, score: bs }, r, [2, 1], o);
  return fitLimb(img, g, top.u, top.v, rimPx, s, o, fo);
};

/**
 * Where the limb of the ball fitted by its outline `f` places it, apart from its outline (fit.ts
 * fused), and that trace's weight; undefined where its limb is not seen nearly all round. Traced once
 * from the outline's centre (within a pixel or so of the limb's): tracing again from the limb's own
 * fit, and climbing its ring first, cost as much again and placed the fused balls no better (RMS over
 * every split through held-out 16: 0.836 mm at 1080p with both, 0.824 with neither).
 */
export const limbPlace = (
  img: RgbImage,
  g: VisionGeometry,
  f: FittedBall,
  rimPx: number,
  s: FitScratch,
  o: LimbOptions = DEFAULT_LIMB_OPTIONS,
  fo: FitOptions = DEFAULT_FIT_OPTIONS,
): LimbPlace | undefined => {
  if (!o.enabled) return undefined;
  forgetTraces();
  const l = fitLimb(img, g, f.u, f.v, rimPx, s, o, fo, 1);
  return l && { x: l.x, y: l.y, weight: fitWeight(l, fo) };
};

/**
 * The rays about (u, v) whose limb, radius r out, lies on none of `neighbours`: a ball touching
 * another shows no limb of its own where they meet, only the other's body. Held-out 17's polished
 * reds on the cream cloth (4K, 10 250 000): each mirrors the cloth in a rim a quarter of its radius
 * wide, and a red at a pack's edge, touching four, had its limb traced on 26 of its 48 rays, the
 * rest towards its neighbours stepping at its own body or theirs; with their rays not asked for, it
 * is a ball.
 */
const openRays = (
  u: number,
  v: number,
  r: number,
  rays: number,
  neighbours: readonly ImageCircle[],
): number => {
  if (neighbours.length === 0) return rays;
  const { cos, sin } = ringDirections(rays);
  let open = 0;
  for (let i = 0; i < rays; i++) {
    const x = u + r * (cos[i] as number);
    const y = v + r * (sin[i] as number);
    if (!neighbours.some((b) => (b.u - x) ** 2 + (b.v - y) ** 2 < b.r * b.r)) open++;
  }
  return open;
};

/**
 * Place a ball from its limb about (u, v): trace, fit the sphere, and (`passes` 2) trace again from the
 * fit; the rays meeting `neighbours` not asked for (openRays).
 */
const fitLimb = (
  img: RgbImage,
  g: VisionGeometry,
  u0: number,
  v0: number,
  rimPx: number,
  s: FitScratch,
  o: LimbOptions,
  fo: FitOptions,
  passes = 2,
  neighbours: readonly ImageCircle[] = [],
): FittedBall | undefined => {
  for (let k = 0; k < o.stepPx.length; k++) {
    // A wider step again only where the disc is not the cloth around it: most rings that fail are
    // the cloth's own grain and noise (in the second renderer's frames, most of the stage's work).
    if (k > 0 && discContrast(img, u0, v0, apparentRadius(g, u0, v0)) < o.minDisc) break;
    const f = fitLimbAt(img, g, u0, v0, rimPx, s, o, fo, o.stepPx[k] as number, passes, neighbours);
    if (f) return f;
  }
  return undefined;
};

/** fitLimb with one step width. */
const fitLimbAt = (
  img: RgbImage,
  g: VisionGeometry,
  u0: number,
  v0: number,
  rimPx: number,
  s: FitScratch,
  o: LimbOptions,
  fo: FitOptions,
  stepPx: number,
  passes: number,
  neighbours: readonly ImageCircle[],
): FittedBall | undefined => {
  const rays = fo.rays;
  const start = pixelToCentrePlane(g, u0, v0);
  if (!start) return undefined;
  let [x, y] = start;
  let u = u0;
  let v = v0;
  limbRays.clear(rays);
  const { status, outsideU, outsideV, dirs, rim } = limbRays;
  let radius = apparentRadius(g, u, v);
  let fit;
  let need = o.minInliers * rays;
  for (let pass = 0; pass < passes; pass++) {
    need = o.minInliers * Math.max(openRays(u, v, radius, rays, neighbours), o.packOpen * rays);
    const found = traceLimb(
      img,
      u,
      v,
      radius,
      o.minStep,
      stepPx,
      s,
      status,
      outsideU,
      outsideV,
      rim,
      traceProfiles[pass] as LimbProfiles,
      need,
    );
    if (found < need) {
      return undefined;
    }
    edgeRays(g.calibration, s, status, rays, dirs);
    const mmPerPx = g.ballRadius / radius;
    fit = fitSphere(g, dirs, rim, status, x, y, rimPx * mmPerPx, mmPerPx, fo, s);
    x = fit.x;
    y = fit.y;
    [u, v] = projectPoint(g.calibration, x, y, g.ballCentreHeight);
    radius = apparentRadius(g, u, v);
  }
  if (!fit || fit.inliers < need || fit.rms > o.maxRmsPx) return undefined;
  // Over a pocket's hole a black's disc is as dark as the hole around it: its ring of steps (the rim
  // mirroring the cloth against the hole) is what shows it, and a hole has no ring of a ball's size.
  const overHole = g.region[Math.floor(v / g.scale) * g.rw + Math.floor(u / g.scale)] === Region.pocket;
  if (!overHole && discContrast(img, u, v, radius) < o.minDisc) return undefined;
  const mmPerPx = g.ballRadius / radius;
  // The limb was seen nearly all round and the disc is not the cloth around it: as solid as a ball.
  return makeFitted(
    g,
    fit,
    radius,
    mmPerPx,
    status.slice(),
    dirs.slice(),
    rim.slice(),
    new Float64Array(rays),
    outsideU.slice(),
    outsideV.slice(),
    1,
  );
};

/** R + G + B of the pixel at byte p of `d`: symmetryCentre's gradients read twelve a pixel, and as a
 * closure over the frame this cost its stage 2–3 % (held-out-12: 8.12 → 7.92 ms a 1080p frame). */
const lum = (d: Uint8Array, p: number): number =>
  (d[p] as number) + (d[p + 1] as number) + (d[p + 2] as number);

/** Sobel's gradient of R + G + B across x and across y at the pixel at byte p of a frame W pixels wide
 * (the pixel not on the frame's edge). */
const sobelX = (d: Uint8Array, W: number, p: number): number => {
  const up = p - 3 * W;
  const dn = p + 3 * W;
  return (
    lum(d, up + 3) + 2 * lum(d, p + 3) + lum(d, dn + 3) - lum(d, up - 3) - 2 * lum(d, p - 3) - lum(d, dn - 3)
  );
};
const sobelY = (d: Uint8Array, W: number, p: number): number => {
  const up = p - 3 * W;
  const dn = p + 3 * W;
  return lum(d, dn - 3) + 2 * lum(d, dn) + lum(d, dn + 3) - lum(d, up - 3) - 2 * lum(d, up) - lum(d, up + 3);
};

/**
 * symmetryCentre's gradient at pixel (x, y), stored at q of its scratch (gradX …): Sobel's on R + G + B,
 * 0 within 0.3 r beyond a known ball of `near`.
 */
const sobelAt = (
  d: Uint8Array,
  W: number,
  x: number,
  y: number,
  q: number,
  near: readonly FittedBall[],
  r: number,
): void => {
  let gx = 0;
  let gy = 0;
  // A loop, not near.some: a closure a pixel was most of the stage's garbage.
  let inKnown = false;
  for (const k of near)
    if ((x - k.u) ** 2 + (y - k.v) ** 2 < (k.radius + 0.3 * r) ** 2) {
      inKnown = true;
      break;
    }
  if (!inKnown) {
    const p = 3 * (y * W + x);
    gx = sobelX(d, W, p);
    gy = sobelY(d, W, p);
  }
  gradX[q] = gx;
  gradY[q] = gy;
  const m2 = gx * gx + gy * gy;
  const m = m2 < 1 ? 0 : Math.sqrt(m2);
  gradM[q] = m;
  tanX[q] = m === 0 ? 0 : -gy / m;
  tanY[q] = m === 0 ? 0 : gx / m;
};

/**
 * The centre of a ball's image from the symmetry of its shading: on a sphere lit from above, and on
 * the cloth its shadow darkens round it, the brightness changes along lines through the centre (the
 * body darkens towards its limb, the shadow lightens away from it), so the centre is the point the
 * brightness gradients' lines pass nearest to — a weighted least-squares point, robust (Tukey) once
 * near. Gradients within a known ball (and a margin) are left out. Also the share of the gradients'
 * energy that is radial about the centre (1: a perfect ring; 0.5: no order).
 */
const symmetryCentre = (
  img: RgbImage,
  u0: number,
  v0: number,
  r: number,
  known: readonly FittedBall[],
  minRadial: number,
  o: LimbOptions,
): { u: number; v: number; radial: number } | undefined => {
  const W = img.width;
  const H = img.height;
  const d = img.data;
  let u = u0;
  let v = v0;
  let radial = 0;
  // Every second pixel each way at 4K (pixelsPerSample), as many a radius as at 1080p: this was a
  // third of the limb stage's CPU on held-out 12's 4K frames (the wine cloth's shadows under low
  // lamps). Over every split through held-out 18 at 4K: the Locator 0.96 of its time (held-out 12
  // 34.1 → 27.0 ms, held-out 17 17.3 → 15.0; A/B medians in one process), every ball found as before,
  // RMS 0.524 → 0.525 mm; 1080p identical.
  const stride = pixelsPerSample(r);
  const R = Math.ceil(o.shapeOuter * r) + 1;
  const inner = o.shapeInner * r;
  const outer = o.shapeOuter * r;
  const near = known.filter((k) => Math.hypot(k.u - u0, k.v - v0) < R + k.radius + r);
  // A pixel's gradient does not depend on the centre the passes move: each is worked out once, over
  // every window a pass may use (a centre more than half a radius from the start is given up), and 0
  // within a known ball.
  const S = R + Math.ceil(0.5 * r) + 1;
  const side = 2 * S + 1;
  const gx0 = Math.round(u0) - S;
  const gy0 = Math.round(v0) - S;
  if (gradX.length < side * side) {
    gradX = new Float64Array(side * side);
    gradY = new Float64Array(side * side);
    gradM = new Float64Array(side * side);
    tanX = new Float64Array(side * side);
    tanY = new Float64Array(side * side);
  }
  gradX.fill(NaN, 0, side * side);
  for (let it = 0; it < 8; it++) {
    const cu = Math.round(u);
    const cv = Math.round(v);
    if (cu - R < 1 || cv - R < 1 || cu + R >= W - 1 || cv + R >= H - 1) return undefined;
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let b1 = 0;
    let b2 = 0;
    let er = 0;
    let et = 0;
    // On the stride's grid about the centre's pixel.
    for (let y = cv - R + (R % stride); y <= cv + R; y += stride) {
      // Only the row's span within `outer` of the centre, and a pixel more: the box's corners lie
      // beyond it, a third of the box, and each cost a square root.
      const half2 = (outer + 1) * (outer + 1) - (y - v) * (y - v);
      if (half2 <= 0) continue;
      const half = Math.sqrt(half2);
      const left = Math.max(cu - R, Math.floor(u - half));
      const xa = left + ((((cu - left) % stride) + stride) % stride);
      const xb = Math.min(cu + R, Math.ceil(u + half));
      for (let x = xa; x <= xb; x += stride) {
        const rho = Math.sqrt((x - u) * (x - u) + (y - v) * (y - v));
        if (rho < inner || rho > outer) continue;
        const q = (y - gy0) * side + (x - gx0);
        if (gradX[q] !== gradX[q]) sobelAt(d, W, x, y, q, near, r);
        const m = gradM[q] as number;
        if (m === 0) continue;
        const gx = gradX[q] as number;
        const gy = gradY[q] as number;
        const nx = tanX[q] as number;
        const ny = tanY[q] as number;
        let w = m;
        if (it > 1) {
          const z = (nx * (u - x) + ny * (v - y)) / (0.3 * r);
          w = Math.abs(z) < 1 ? m * (1 - z * z) * (1 - z * z) : 0;
        }
        const c = ((x - u) * gx + (y - v) * gy) / (rho * m);
        er += m * c * c;
        et += m;
        a11 += w * nx * nx;
        a12 += w * nx * ny;
        a22 += w * ny * ny;
        const np = nx * x + ny * y;
        b1 += w * nx * np;
        b2 += w * ny * np;
      }
    }
    const det = a11 * a22 - a12 * a12;
    if (!(det > 1e-9)) return undefined;
    const nu = (a22 * b1 - a12 * b2) / det;
    const nv = (a11 * b2 - a12 * b1) / det;
    const step = Math.hypot(nu - u, nv - v);
    u = nu;
    v = nv;
    radial = et > 0 ? er / et : 0;
    if (Math.hypot(u - u0, v - v0) > 0.5 * r) return undefined;
    // Most rings tried are the cloth's grain, far from radial from the first look (0.2–0.5): not
    // worth the robust passes. A ball's settles to a hundredth of a pixel in 4–5 passes.
    if (it === 0 && radial < minRadial - 0.15) return undefined;
    if (it > 2 && step < 0.01) break;
  }
  return { u, v, radial };
};

/**
 * How much of the brightness gradient within `reach` px of (u, v) runs along two directions at right
 * angles: |Σ m e^{4iθ}| / Σ m over the Sobel gradients (magnitude m, direction θ), 0 where they point
 * every way, 1 where every one lies along one of two perpendicular lines. A ball's outline and shading
 * are round; a printed letter's strokes, a sponsor's name in the cloth's nap (held-out 33's
 * shamrock-sponsor: gold block letters along both side cushions and the baulk end, their ink lighter
 * than the cloth and their corners as symmetric as a ball's shading, 37 of its 46 false balls at
 * 1080p, every one of its 15 at 4K), run two ways at right angles, whichever way the print is turned.
 */
const crossedStrokes = (img: RgbImage, u: number, v: number, reach: number): number => {
  const { width: W, height: H, data: d } = img;
  let c4 = 0;
  let s4 = 0;
  let total = 0;
  for (let y = Math.max(1, Math.ceil(v - reach)); y <= Math.min(H - 2, v + reach); y++)
    for (let x = Math.max(1, Math.ceil(u - reach)); x <= Math.min(W - 2, u + reach); x++) {
      if ((x - u) ** 2 + (y - v) ** 2 > reach * reach) continue;
      const p = 3 * (y * W + x);
      const gx = sobelX(d, W, p);
      const gy = sobelY(d, W, p);
      const m2 = gx * gx + gy * gy;
      if (m2 === 0) continue;
      // cos 4θ and sin 4θ from cos 2θ = (gx² − gy²)/m², sin 2θ = 2 gx gy/m², times m.
      const c2 = (gx * gx - gy * gy) / m2;
      const s2 = (2 * gx * gy) / m2;
      const m = Math.sqrt(m2);
      c4 += m * (c2 * c2 - s2 * s2);
      s4 += m * 2 * c2 * s2;
      total += m;
    }
  return total > 0 ? Math.hypot(c4, s4) / total : 0;
};

/**
 * A ball placed by its shape where its limb is too faint to trace all round (symmetryCentre), from
 * (u0, v0); `ringNear` is the best ring score the stage saw within a radius of there.
 */
const fitByShape = (
  img: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  u0: number,
  v0: number,
  known: readonly FittedBall[],
  ringNear: number,
  o: LimbOptions,
  fo: FitOptions,
): FittedBall | undefined => {
  const r0 = apparentRadius(g, u0, v0);
  // A start that shows the lamps is not turned away by its disc here: a ring climbed to a few pixels
  // off a ball the cloth's colour has cloth in its disc (held-out 8, 4K seed 9 355 000: 4–5 where the
  // ball's is 18); the disc is asked of the symmetric centre below.
  const lit = highlightNear(img, cloth, u0, v0, r0);
  if (!lit && discContrast(img, u0, v0, r0) < o.minDisc) return undefined;
  const minRadial = lit ? o.shapeRadialLit : o.shapeRadial;
  const c = symmetryCentre(img, u0, v0, r0, known, minRadial, o);
  if (!c || c.radial < minRadial) return undefined;
  const reg = g.region[Math.floor(c.v / g.scale) * g.rw + Math.floor(c.u / g.scale)];
  if (reg !== Region.cloth && reg !== Region.cushion && reg !== Region.marking) return undefined;
  const radius = apparentRadius(g, c.u, c.v);
  // A ball shows the lamps (fit.ts highlightNear), outside the balls known: a shadow's penumbra is
  // as symmetric as a ball's shading. Under held-out 26's RGB strip a red's shadow beside it, lit by
  // the strip's other colours, teal on the mauve cloth, was placed by its shape and named the blue
  // (and the blue in the jaws, the one blue given to it, red).
  const others = known.map((b) => ({ u: b.u, v: b.v, r: b.radius }));
  if (!highlightNear(img, cloth, c.u, c.v, radius, others)) return undefined;
  const ring = ringScore(img, c.u, c.v, radius, o.ringRays, o.minStep, 0);
  if (ring < o.minRing || discContrast(img, c.u, c.v, radius) < o.minDisc) return undefined;
  if (c.radial < o.shapeRadial && ring < o.shapeRingLit) return undefined;
  // The ring of steps about the symmetric centre is nearly as whole as the best one nearby (where the
  // stage climbed to, or any ring it scored within a radius): a centre pulled off the ball by a neighbour's or a cushion's shading loses it
  // (a green pool ball on the green cloth in dim light, 11 mm off: 1.00 → 0.78; the blues placed
  // lose 0–0.12).
  const best = Math.max(ringNear, ringScore(img, u0, v0, r0, o.ringRays, o.minStep, 0));
  if (ring < best - o.shapeRingDrop) return undefined;
  if (crossedStrokes(img, c.u, c.v, o.crossedReach * radius) > o.shapeMaxCrossed) return undefined;
  const at = pixelToCentrePlane(g, c.u, c.v);
  if (!at) return undefined;
  // No edges to count: its rays open (no clear step, nothing in the way), the ring's share as inliers.
  const rays = fo.rays;
  return untracedBall(at, c.u, c.v, radius, rays, RayStatus.none, Math.round(ring * rays * 0.5), 'shape');
};
