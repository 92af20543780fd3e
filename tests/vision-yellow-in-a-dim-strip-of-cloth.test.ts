// Regression (issue 14): a yellow missed in a dim frame. In held-out 12's dim frame 9 704 000 (a
// wine cloth under one low lamp, its pool of light falling off in steps the cloth model's blocks
// do not follow), the cloth on the edge of the pool is foreground in a thin strip, and the yellow at
// (755, 520) mm lies in it: one piece of 11 balls' area, too big to be a few balls, so its highlights
// seeded no limb, as beside a player. The strip's core (its pixels a ball's 0.6 radius from its
// border all round) is 5 reduced pixels, where six balls' would be 23: it is no player (limb.ts
// isPlayer), and the yellow is traced by its limb. The frame is bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a yellow in a dim strip of cloth', () => {
  it('in the held-out-12 frame 9 704 000, is found within 2 mm, every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-12', 9_704_000);
    expectFoundAlone(k, found, 'yellow', 2);
  }, 120_000);
});
