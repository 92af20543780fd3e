// Which ball is which: the classifier's guess for each located ball (src/vision/classify, one batch a
// frame), then what the game's set allows (no more of each id than it holds), decided for all the
// balls together (assignIdentities).
import type { RgbImage } from '../core/image.ts';
import type { BallId } from '../equipment/pieces.ts';
import {
  assignIdentities,
  type BallClassifier,
  type BallPatchInput,
  type ClassifiedBall,
} from './classify/index.ts';
import type { LocatedBall } from './locate.ts';

/** A ball found, placed and named (docs/formats.md §3's `{ id, x, y, confidence }`, and where it is in the image). */
export interface DetectedBall extends LocatedBall {
  readonly id: BallId;
  /** The classifier's probability of `id`. */
  readonly confidence: number;
}

export const patchOf = (b: LocatedBall): BallPatchInput => ({ u: b.u, v: b.v, radiusPx: b.radiusPx });

/**
 * Name the balls: `known[i]`, where given, is a guess already made for ball i (a Detector reusing the
 * last frame's); the others are classified now, in one batch. Same order as `balls`.
 */
export const identifyBalls = async (
  image: RgbImage,
  balls: readonly LocatedBall[],
  classifier: BallClassifier,
  known: readonly (ClassifiedBall | undefined)[] = [],
): Promise<{ balls: DetectedBall[]; guesses: ClassifiedBall[] }> => {
  const todo = balls.flatMap((b, i) => (known[i] ? [] : [i]));
  const fresh =
    todo.length > 0
      ? await classifier.classify(
          image,
          todo.map((i) => patchOf(balls[i] as LocatedBall)),
        )
      : [];
  const guesses: ClassifiedBall[] = balls.map((_, i) => known[i] as ClassifiedBall);
  todo.forEach((i, k) => {
    guesses[i] = fresh[k] as ClassifiedBall;
  });
  const named = assignIdentities(guesses, classifier.balls);
  return {
    balls: balls.map((b, i) => {
      const n = named[i] as ClassifiedBall;
      return { ...b, id: n.id, confidence: n.confidence };
    }),
    guesses,
  };
};
