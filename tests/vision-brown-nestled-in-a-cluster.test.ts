// Regression (issue 14): a brown missed in the middle of a cluster. In held-out 13's frame 9 802 000
// (a mustard cloth under an arc of small warm lamps) the brown at (926, 2388) mm lies between a pink,
// a red and the black, each touching it. Of the cloth's hue and darker (0.5–0.65 of the cloth), it is
// shade to the cloth model, no foreground; its faint lamps are no brighter than the cloth, so no
// highlight seeded it; and a dark disc seeds only far from the balls known (a dark disc beside a ball
// is as likely its shadow). Its limb is a full ring. A place a diameter from a ball found, dark, no
// foreground, that shows lamps of its own (its brightest pixel 1.79 times its mean; a cluster's lee
// shade 1.20–1.46) now has its ring tried (limb.ts nestledLamps). The frame is bench/detect-alt's own.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a brown nestled in a cluster on a cloth of its hue', () => {
  it('in the held-out-13 frame 9 802 000, is found within 2 mm, every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-13', 9_802_000);
    expectFoundAlone(k, found, 'brown', 2);
  }, 120_000);
});
