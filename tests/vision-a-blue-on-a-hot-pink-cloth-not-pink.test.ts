// Regression (issue 14): held-out 41's hotpink-gobo, a hot-pink cloth with the thirty-fourth maker's set
// under a projector's logo: the blue, lit by the cloth's light (no green in it), is a violet-blue, and
// the classifier called it pink with certainty (1 − 10⁻⁸) in three frames at 1080p and two at 4K.
// Naming by hue (identify.ts lookHue) saw it 19° from the blue's look and 90° from the pink's, but
// scaled down by its penalty (10⁻³) the pink was still the likeliest, so it stayed pink: now the two
// ids' probabilities are swapped where that is so. In warm light its outline is seen on 0.85, under
// `clearView` (0.9 then, now 0.8: the hand it guards against leaves 0.77, see
// vision-green-under-a-hand-keeps-its-name). In another warm frame it lay 30.3° from the blue's look,
// past `reach` (30° then, now 33°: the greens nearest another look lie 36° from the blue's).
import { describe, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';

describe('a blue on a hot-pink cloth, called pink with certainty, is named blue', () => {
  it.each([
    ['in a dim frame, seen all round', 'held-out-41', 12_604_001, '1080p'],
    ['in warm light, seen on 0.85 of its outline', 'held-out-41', 12_605_000, '1080p'],
    ['in warm light, 30.3° from the blue’s look', 'held-out-41', 12_605_002, '1080p'],
  ] as const)(
    '%s (%s frame %i, %s): every ball named right',
    async (_, split, seed, res) => {
      await expectAltFrameNamed(split, seed, await loadSnookerClassifier(), res);
    },
    120_000,
  );
});
