// What snooker ball sets and tables vary in, for training the snooker classifier on more than our own
// renderer's look (issue #14 item 1): the training script passes it to the data generator.
import type { Variety } from '../src/sim/training/variety.ts';

// Snooker's makers: the figures are spans of what sets on sale and phone photos of them show, chosen
// wide enough to take our own set's colours (src/games/snooker/balls.ts) well inside.
export const SNOOKER_VARIETY: Variety = {
  colours: {
    red: { from: [206, 34, 22], to: [158, 10, 38] }, // scarlet … crimson
    green: { from: [18, 124, 58], to: [6, 66, 70] }, // bright … dark bluish green
    brown: { from: [86, 52, 30], to: [140, 46, 24] }, // chocolate … reddish brown
  },
  jitter: { hue: 4, saturation: 0.08, value: 0.1 },
  highlight: [0.45, 1.1],
  sheen: [0.06, 0.2],
  highlightSpread: [0.8, 1.4],
  cloths: [
    [34, 116, 52], // tournament green (our default)
    [22, 104, 48], // a deeper tournament green
    [40, 96, 54], // worn, darker green
    [30, 80, 60], // dark, bluish green
    [26, 92, 158], // tournament blue
    [36, 76, 120], // darker blue
  ],
  clothJitter: { hue: 5, saturation: 0.1, value: 0.12 },
  redGain: [0.88, 1.12],
  blueGain: [0.85, 1.15],
  jpegShare: 0.5,
  jpegQuality: [55, 95],
};
