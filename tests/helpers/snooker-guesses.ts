// What the naming rules' own tests build by hand: a classifier's guess over snooker's ids, and a ball as
// the rules see it (a place on the bed, the id it was named, how light its middle is).
import { mm } from '../../src/core/units.ts';
import type { BallId } from '../../src/equipment/pieces.ts';
import type { ClassifiedBall } from '../../src/vision/classify/index.ts';
import type { DetectedBall } from '../../src/vision/index.ts';

/** A guess giving each snooker id the probability in `p` (0 where not given), its id the likeliest. */
export const called = (p: Partial<Record<BallId, number>>): ClassifiedBall => {
  const probabilities: Record<BallId, number> = {
    cue: 0,
    red: 0,
    yellow: 0,
    green: 0,
    brown: 0,
    blue: 0,
    pink: 0,
    black: 0,
    ...p,
  };
  const id = Object.keys(probabilities).reduce((a, b) =>
    (probabilities[b] ?? 0) > (probabilities[a] ?? 0) ? b : a,
  );
  return { id, confidence: probabilities[id] ?? 0, probabilities };
};

/** A ball at (x, y) mm named `id`, its middle `lightness` times the cloth's. */
export const namedBall = (
  x: number,
  y: number,
  id: BallId,
  lightness = 1,
): Pick<DetectedBall, 'x' | 'y' | 'id' | 'lightness'> => ({ x: mm(x), y: mm(y), id, lightness });
