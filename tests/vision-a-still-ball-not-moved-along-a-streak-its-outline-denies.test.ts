// Regression (issue 14): a ball seen on less of its outline than a ball at rest is moved to the middle
// of the pixels of its colour round it where they lie longer than wide (streak.ts alongStreak: a ball
// rolling over the shutter's time). A still red beside a sponsor's white letters at the baulk end
// (held-out 33, 11 805 001), its shadow on them traced as red, was moved onto them, 16 mm; cue balls
// in held-out 30's ink-motion frames were moved 2–4 mm the wrong way. Their outlines were traced
// against the cloth on most of their rays towards where they would go, where a streak's smear leaves
// none (StreakOptions `traced`). The guard: held-out 30's rolling balls are still moved along their
// streaks (tests/vision-ball-streaked-over-the-shutter-found-once-at-its-middle).
import { describe } from 'vitest';
import { itPlacesWhereItLies, type AltBallCase } from './helpers/alt-frame.ts';

const CASES: readonly AltBallCase[] = [
  [
    "a red beside the sponsor's white letters at the baulk end",
    'held-out-33',
    11_805_001,
    { x: 755, y: 154 },
    2,
  ],
  [
    "a cue ball in a corner pocket's jaws in a dim frame mid-stroke",
    'held-out-30',
    11_503_002,
    { x: 72, y: 54 },
    1.5,
  ],
];

describe('a still ball is not moved along a streak its outline denies', () => {
  itPlacesWhereItLies(CASES);
});
