// Regression (issue 14): a ball seen on less of its outline than a ball at rest is moved to the middle
// of the pixels of its colour round it where they lie longer than wide (streak.ts alongStreak: a ball
// rolling over the shutter's time). Held-out 39's dome camera blurs what lies behind the scratches its
// wiping left, and a still brown beside the cue ball there, its outline lost on the cue ball's side,
// had a halo of its colour traced into that blur and was moved 19.5 mm along it, and then named red
// (the split's one class error at 1080p); held-out 36's analogue capture smeared a still yellow in a
// corner so, and it was moved 31 mm, a miss and a false ball. Where a ball rolled it left its colour,
// 0.72–1.23 of the way from the cloth's to its own at the 0.9 quantile beyond its fit; those halos
// reached 0.44 and 0.37 (StreakOptions `wayBody`). The guard: held-out 30's rolling balls are still
// moved along their streaks (here one whose streak is among the faintest, and tests/vision-ball-
// streaked-over-the-shutter-found-once-at-its-middle).
import { describe, it } from 'vitest';
import { expectAltFrameNamed, itPlacesWhereItLies, type AltBallCase } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';

const CASES: readonly AltBallCase[] = [
  [
    "a brown beside the cue ball in the dome's scratched blur",
    'held-out-39',
    12_405_000,
    { x: 1235, y: 1509 },
    1,
  ],
  [
    'a yellow in a corner smeared by the analogue capture',
    'held-out-36',
    12_104_001,
    { x: 136, y: 198 },
    2.5,
  ],
  // The guard: where it was in the middle of the exposure, its streak 0.79 of its colour (9.8 mm off
  // where it was fitted, on its cap).
  [
    'a ball rolling in a cluster mid-stroke, moved along its streak',
    'held-out-30',
    11_502_001,
    { x: 738.7, y: 2637.5 },
    2.5,
  ],
];

describe('a still ball is not moved along its own halo', () => {
  itPlacesWhereItLies(CASES);

  it("the dome camera's frame: every ball found and named right, the brown brown", async () => {
    await expectAltFrameNamed('held-out-39', 12_405_000, await loadSnookerClassifier());
  }, 120_000);
});
