// Regression (issue 14): held-out 33's shamrock-sponsor, a TV table's cloth with a sponsor's name
// printed in gold block letters along both side cushions and at the baulk end. A letter's ink is
// lighter than the cloth and its strokes' corners are as symmetric as a ball's shading, so the limb
// stage placed balls on the letters by their shape (37 of the split's 46 false balls at 1080p, all 15
// at 4K). A ball's gradients point every way; a letter's strokes run two ways at right angles
// (limb.ts crossedStrokes, LimbOptions.shapeMaxCrossed). The guard: a green in a corner pocket's jaws,
// placed by its shape with the jaws' straight edges in its reach, is kept.
import { describe } from 'vitest';
import { itFindsEveryBallOnce, type AltFrameCase } from './helpers/alt-frame.ts';

const CASES: readonly AltFrameCase[] = [
  ["no ball on the sponsor's name along the side cushions", 'held-out-33', 11_801_001],
  ["no ball on the sponsor's name, balls in the pockets' jaws", 'held-out-33', 11_803_001],
  [
    "a green in a corner's jaws kept, placed by its shape beside the jaws' straight edges",
    'held-out-11',
    9_603_002,
  ],
];

describe("a sponsor's printed letters are no balls", () => {
  itFindsEveryBallOnce(CASES);
});
