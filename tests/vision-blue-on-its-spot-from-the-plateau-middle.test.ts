// Regression (issue 14): the blue on its spot on tuning-hard's royal-blue cloth (frame 8 600 000),
// plain to see by its shading and two highlights, never found. Its limb is too faint to trace, and
// every circle within 6 px of its centre scores a full ring of steps: the ring climbed from each peak
// ends at the plateau's edge, and the shape stage, started there, found no centre of symmetry. Tried
// again from the plateau's middle (as a limb is, plateauFit), it places the blue within 0.5 mm
// (limb.ts plateauMiddle). The frame is bench/detect-alt's own.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a blue on its spot on a blue cloth', () => {
  it('in the tuning-hard frame 8 600 000, is found once within 1.5 mm, every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('tuning-hard', 8_600_000);
    expectFoundAlone(k, found, 'blue', 1.5);
  }, 120_000);
});
