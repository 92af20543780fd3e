// What snooker ball sets and tables vary in, for training the snooker classifier on more than our own
// renderer's look (issue #14 item 1): the training script passes it to the data generator.
import type { Variety } from '../src/sim/training/variety.ts';

// Snooker's makers: the spans are what sets on sale and phone photos of them show, each class's wide
// enough to take our own set's colour (src/games/snooker/balls.ts) inside. A class with two or more
// spans has makers that differ in more than one way (a blue from navy to royal, or royal to sky).
// Trained on scarlet-to-crimson reds and chocolate-to-reddish browns alone, the classifier took a
// maker's dark chocolate brown for the black and a navy blue for the black or the green (issue #14).
export const SNOOKER_VARIETY: Variety = {
  colours: {
    cue: [{ from: [236, 230, 206], to: [228, 234, 242] }], // ivory … bluish white
    red: [
      { from: [206, 34, 22], to: [158, 10, 38] }, // scarlet … crimson
      { from: [158, 10, 38], to: [112, 12, 28] }, // crimson … dark cherry
    ],
    yellow: [{ from: [238, 216, 64], to: [240, 170, 20] }], // lemon … orange-yellow
    green: [
      { from: [18, 124, 58], to: [6, 66, 70] }, // bright … dark bluish green
      { from: [56, 118, 32], to: [18, 124, 58] }, // yellow-green … bright
    ],
    brown: [
      { from: [72, 40, 26], to: [140, 46, 24] }, // dark chocolate … reddish brown
      { from: [86, 52, 30], to: [150, 94, 50] }, // chocolate … caramel
    ],
    blue: [
      { from: [16, 38, 108], to: [16, 62, 168] }, // navy … royal
      { from: [16, 62, 168], to: [54, 124, 204] }, // royal … sky
    ],
    pink: [
      { from: [238, 150, 178], to: [222, 76, 140] }, // pale … hot pink
      { from: [236, 128, 156], to: [240, 132, 118] }, // rose … salmon
    ],
    black: [{ from: [14, 14, 16], to: [30, 28, 32] }],
  },
  jitter: { hue: 4, saturation: 0.08, value: 0.1 },
  highlight: [0.45, 1.1],
  sheen: [0.06, 0.2],
  highlightSpread: [0.8, 1.4],
  // A cloth maker's range (clubs and homes buy more than green): greens, blues, and the reds, purple,
  // greys, tans, gold and black a table may be clothed in.
  cloths: [
    [34, 116, 52], // tournament green (our default)
    [22, 104, 48], // a deeper tournament green
    [40, 96, 54], // worn, darker green
    [30, 80, 60], // dark, bluish green
    [68, 128, 40], // yellow-green
    [20, 108, 106], // teal
    [26, 92, 158], // tournament blue
    [36, 76, 120], // darker blue
    [20, 92, 190], // electric blue
    [112, 30, 40], // burgundy
    [168, 32, 36], // red
    [82, 52, 112], // purple
    [112, 114, 116], // grey
    [58, 62, 68], // charcoal
    [168, 128, 88], // camel
    [188, 150, 56], // gold
    [30, 30, 32], // black
  ],
  clothJitter: { hue: 5, saturation: 0.1, value: 0.12 },
  redGain: [0.88, 1.12],
  blueGain: [0.85, 1.15],
  jpegShare: 0.5,
  jpegQuality: [55, 95],
};
