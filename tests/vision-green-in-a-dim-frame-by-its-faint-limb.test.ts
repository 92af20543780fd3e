// Regression (issue 14): in held-out 13's dim frame on the petrol blue-green cloth (9 804 001) the
// green, a dark ball on a dark cloth with its highlights plain and its ring of steps whole, was never
// reported: nothing outlined it against the cloth, and its limb, which steps by 10–13 in that light,
// was traced only at the step of 14 the stage asks. Where nothing else places a ball at a ring whose
// middle shows the lamps, its limb is now traced at a fainter step (limb.ts `faintStep`). The frame is
// bench/detect-alt's own.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a green in a dim frame by its faint limb', () => {
  it('the green on the dim petrol cloth (held-out 13, 9 804 001) is found within 2 mm, every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-13', 9_804_001);
    expectFoundAlone(k, found, 'green', 2);
  }, 120_000);
});
