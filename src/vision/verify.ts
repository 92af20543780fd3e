// Which fitted balls are real and seen well enough to report. Two candidates that fitted the same
// ball are one; a centre where no ball can rest, or an outline with cloth inside, is a phantom; a ball is reported only when most of
// its outline is accounted for — edges against the cloth, or a touching neighbour — and not hidden
// under a cue, a hand or an arm (a referee would rather hear "not seen" than a guess).
import { isOnBed } from '../equipment/index.ts';
import { pointMm } from '../core/units.ts';
import { RayStatus, type FittedBall } from './fit.ts';
import type { VisionGeometry } from './geometry.ts';

export interface VerifyOptions {
  /** Report a ball when at least this share of its outline is seen (edges or touching neighbours). */
  readonly minVisible: number;
  /** Two fits closer than this many ball diameters are the same ball (balls cannot overlap). */
  readonly sameBall: number;
  /** How far (mm) a centre may stray into a cushion or jaw and still be a ball (measurement slack). */
  readonly bedTolerance: number;
  /** A ball's disc is solid: at least this share of it is not cloth. */
  readonly minSolid: number;
  /**
   * A ball with no other within this many ball radii sees its own shadow on the rays that find
   * something in the way and look out on the cloth in shadow (verifyBalls' `inShadow`): they are
   * seen. A ball lit from one side (held-out 28's webcam by a window, its shadows long and lit
   * warm by the lamp, their colour the ball's where the stream halves the chroma) had 10–14 of its
   * 48 rays blocked so, and was reported only where the rest made half its outline: a red and a
   * blue on open cloth at 4K, a green by the end cushion at 1080p, missed. A ball among others is
   * left as it was: the gaps of a pack and a cluster are shadowed cloth too. Only where the ray
   * straight across finds an edge: our own renderer's black-ball frame in dim light (7 515 001) had a
   * fit half on a ball and half on its shadow, 14.7 mm off, verified so in the ball's place.
   */
  readonly shadowAlone: number;
}

// Real balls measure ≥ 0.96 solid on rendered frames (the odd sample on the rim); the outlines that
// fingertips or a ring of balls make around cloth measure 0.6–0.75.
export const DEFAULT_VERIFY_OPTIONS: VerifyOptions = {
  minVisible: 0.5,
  sameBall: 0.8,
  bedTolerance: 6,
  minSolid: 0.9,
  shadowAlone: 3,
};

export interface VerifiedBall {
  readonly fit: FittedBall;
  /** Share of the outline seen: edges against cloth, or against a touching neighbour. */
  readonly visible: number;
}

/** A ray that shows the outline, or nothing in the way of it: an edge, one beyond, the ball's own
 * shading or its body inside a bright rim, no clear step. */
const open = (s: number | undefined): boolean =>
  s === RayStatus.edge ||
  s === RayStatus.beyond ||
  s === RayStatus.shaded ||
  s === RayStatus.rimInside ||
  s === RayStatus.none;

/** Is (dx, dy) shorter than r? Math.hypot is never below either leg, so the box test only spares it
 * (for every ray of every ball against every other, it was a tenth of the verification). */
const within = (dx: number, dy: number, r: number): boolean =>
  dx < r && dx > -r && dy < r && dy > -r && Math.hypot(dx, dy) < r;

/** The balls to report, best-supported first, with how much of each is seen; `inShadow` says whether
 * a fit's ray looks out on the cloth in shadow past its outline (see `shadowAlone`). */
export const verifyBalls = (
  fits: readonly FittedBall[],
  g: VisionGeometry,
  o: VerifyOptions = DEFAULT_VERIFY_OPTIONS,
  inShadow: (f: FittedBall, ray: number) => boolean = () => false,
): VerifiedBall[] => {
  const limit = o.sameBall * 2 * g.ballRadius;
  const kept: FittedBall[] = [];
  for (const f of [...fits].sort((a, b) => b.inliers - a.inliers || a.rmsPx - b.rmsPx)) {
    if (f.solid < o.minSolid) continue;
    if (!isOnBed(g.table, pointMm(f.x, f.y), o.bedTolerance)) continue;
    if (kept.some((k) => Math.hypot(k.x - f.x, k.y - f.y) < limit)) continue;
    kept.push(f);
  }
  const out: VerifiedBall[] = [];
  for (const f of kept) {
    const n = f.status.length;
    const turned = (i: number, quarters: number): number | undefined =>
      f.status[(i + Math.round((quarters * n) / 4)) % n];
    // Edges beyond the outline straight across from each other: the two ends of a moving ball's blur
    // streak, stretched along its way (held-out video, seed 13 000 005: a cue ball at 2.3 m/s, 19 mm
    // of blur, went unseen for 870 ms on open cloth). The blur thins the streak's sides, whose edges
    // then lie inside the outline, straight across too; where the ends fade with no clear step (a
    // green ball on the green cloth, seed 14 000 004), the sides alone show the streak, with its ends
    // open a quarter turn either way. Edges inside with something in the way there, and no ends
    // beyond, are a hand's fingers (seed 14 000 015), not a ball.
    const streak = f.status.some((s, i) => s === RayStatus.beyond && turned(i, 2) === RayStatus.beyond);
    const side = (i: number): boolean =>
      f.status[i] === RayStatus.outlier &&
      turned(i, 2) === RayStatus.outlier &&
      (streak || (open(turned(i, 1)) && open(turned(i, 3))));
    const alone = !kept.some((k) => k !== f && within(k.x - f.x, k.y - f.y, o.shadowAlone * g.ballRadius));
    let seen = 0;
    let counted = 0;
    for (let i = 0; i < n; i++) {
      const s = f.status[i];
      if (s === RayStatus.unknown) continue;
      counted++;
      // An edge, or the ball's own shaded flank or dark body inside its outline: nothing in the way.
      if (s === RayStatus.edge || s === RayStatus.shaded || s === RayStatus.rimInside) {
        seen++;
        continue;
      }
      if ((s === RayStatus.beyond && turned(i, 2) === s) || side(i)) {
        seen++;
        continue;
      }
      // No clear step, but nothing in the way either (a green ball against a shadowed cushion):
      // half seen.
      if (s === RayStatus.none) {
        seen += 0.5;
        continue;
      }
      // Its own shadow lies on one side, its free limb straight across: a fit half on a ball and
      // half on its shadow has the ball's body there.
      if (s === RayStatus.blocked && alone && turned(i, 2) === RayStatus.edge && inShadow(f, i)) {
        seen++;
        continue;
      }
      // Right outside this ray: a neighbour's image? Then the outline is there, just not against cloth.
      const ou = f.outsideU[i] as number;
      const ov = f.outsideV[i] as number;
      if (kept.some((k) => k !== f && within(k.u - ou, k.v - ov, k.radius + 1))) seen++;
    }
    const visible = counted > 0 ? seen / counted : 0;
    if (visible >= o.minVisible) out.push({ fit: f, visible });
  }
  return out;
};
