// Regression (issue 14): held-out 28's opening pack on the cerulean cloth, streamed as H.264 at crf 35
// (frame 11 300 002). At that bitrate the coder fills the gaps between the reds with their colour: the
// outlines see the pack as one disc, and 13 of its 15 reds were missed (2 found by their outlines, 1
// by its limb beside the pink). The limb stage now finds a pack ball by ball (limb.ts findByLimb: each
// ball traced in a pack seeds rings of its own; a ring inside the pack that looks like a ball it
// touches has the rays near its neighbours let off, `packOpen`, `packLikeness`; the pack, a piece as
// thick as a player's arm, is no player to such a ring). The frame is bench/detect-alt's own, drawn
// here.
import { describe, expect, it } from 'vitest';
import { expectEveryBallOnceAndNothingElse, locateAltFrame } from './helpers/alt-frame.ts';

describe('an opening pack streamed at a low bitrate', () => {
  it('in the held-out-28 frame 11300002, every red of the pack is found once, within 9 mm, and nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-28', 11_300_002);
    expectEveryBallOnceAndNothingElse(k, found);
    const pack = k.balls.filter((b) => b.id === 'red');
    expect(pack).toHaveLength(15);
    for (const b of pack) {
      const f = found.filter((d) => Math.hypot(d.x - b.x, d.y - b.y) < k.calibration.table.ballRadius);
      expect(Math.hypot((f[0]?.x ?? Infinity) - b.x, (f[0]?.y ?? Infinity) - b.y)).toBeLessThan(9);
    }
  }, 120_000);
});
