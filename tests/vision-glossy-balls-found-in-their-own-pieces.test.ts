// Regression (issue 14): polished balls whose rims mirror a light cloth found only by the limb stage's
// search over the whole frame. Held-out 17's cream-strips frame 10 201 000 at 1080p: a maker's
// polished set mirrors the cream cloth in a rim a quarter of each ball's radius wide, so the cloth
// model sees only the bodies, discs smaller than a ball, and the outline votes (one ball radius in from
// each outline pixel) spread over a ring round the centre and peak nowhere: the pink, the black and
// three reds, each a piece of its own, gave no candidate. The limb stage found them later, after
// climbing the frame's rings (the Locator 17.8 ms a frame of held-out 17 at 1080p, 33.5 at 4K). A piece
// with no candidate is now voted again for discs of `mirroredBody` of the radius and what it finds is
// placed by its limb, in the first stage (11.1 and 18.8 ms). The pink's limb does not trace from its
// body's centre: it is still left to the limb stage's search, which places it 5.5 mm off as before (not
// asked here). The frame is bench/detect-alt's own.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_OPTIONS, Locator } from '../src/vision/index.ts';
import { drawAltFrame, expectEveryBallOnceAndNothingElse } from './helpers/alt-frame.ts';

const SEED = 10_201_000;
/** The balls whose pieces gave no candidate at a ball's radius and whose limbs trace from their bodies. */
const MIRRORED = [
  { id: 'black', x: 1176, y: 2653 },
  { id: 'red', x: 1084, y: 2353 },
  { id: 'red', x: 400, y: 1854 },
  { id: 'red', x: 1751, y: 237 },
];

/** The first stage's fits (Locator.fitPieces) of the frame, with the Locator's options `o`. */
const firstStage = async (mirroredBody: number) => {
  const { k, image } = await drawAltFrame('held-out-17', SEED);
  const o = { ...DEFAULT_LOCATE_OPTIONS, candidates: { ...DEFAULT_LOCATE_OPTIONS.candidates, mirroredBody } };
  const locator = new Locator(k.calibration, o);
  const frame = locator.prepare(image);
  if (!frame.ok) throw new Error(frame.error.message);
  const fits = locator.fitPieces(frame.value, frame.value.pieces, o.rimWidthPx);
  const found = locator.locate(image);
  if (!found.ok) throw new Error(found.error.message);
  return { k, fits, found: found.value };
};

const fitWithin = (fits: readonly { x: number; y: number }[], at: { x: number; y: number }, mm: number) =>
  fits.filter((f) => Math.hypot(f.x - at.x, f.y - at.y) < mm);

describe('polished balls on a cream cloth, found in their own pieces', () => {
  it('in the held-out-17 frame 10 201 000, the four whose pieces voted for no ball are placed within 1.5 mm by the first stage', async () => {
    const { k, fits, found } = await firstStage(DEFAULT_LOCATE_OPTIONS.candidates.mirroredBody);
    for (const m of MIRRORED) {
      const truth = k.balls.find((b) => b.id === m.id && Math.hypot(b.x - m.x, b.y - m.y) < 2);
      expect(truth, `${m.id} at (${m.x}, ${m.y})`).toBeDefined();
      if (truth) expect(fitWithin(fits, truth, 1.5), `${m.id} at (${m.x}, ${m.y})`).toHaveLength(1);
    }
    expectEveryBallOnceAndNothingElse(k, found);
    expect(found).toHaveLength(k.balls.length);
  }, 120_000);

  it('voted at a ball radius only (mirroredBody 1), those pieces give the first stage nothing, and the limb stage still finds them', async () => {
    const { k, fits, found } = await firstStage(1);
    for (const m of MIRRORED) expect(fitWithin(fits, m, k.calibration.table.ballRadius)).toHaveLength(0);
    expectEveryBallOnceAndNothingElse(k, found);
  }, 120_000);
});
