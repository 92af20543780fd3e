// Whether the balls' names can be trusted, over the frames (src/pipeline/names-watch.ts): unsure once
// half the last `frames` frames with a ball had none called the white, sure again at a fifth.
import { describe, expect, it } from 'vitest';
import { NamesWatch, type NamesState } from '../src/pipeline/names-watch.ts';

/** What the watch says after each frame: [balls found, the white called]. */
const said = (frames: readonly (readonly [number, boolean])[]): (NamesState | undefined)[] => {
  const watch = new NamesWatch({ frames: 4, unsureShare: 0.5, sureShare: 0.25 });
  return frames.map(([balls, white]) => watch.see(balls, white));
};

describe('the names unsure once the white is seldom called (NamesWatch, 4 frames weighed)', () => {
  it.each([
    [
      'the white called in every frame: nothing said',
      [
        [22, true],
        [22, true],
        [22, true],
        [22, true],
        [22, true],
      ],
      [undefined, undefined, undefined, undefined, undefined],
    ],
    [
      'called in none: unsure once the frames weighed are seen, not before',
      [
        [22, false],
        [22, false],
        [22, false],
        [22, false],
        [22, false],
      ],
      [undefined, undefined, undefined, 'unsure', undefined],
    ],
    [
      'half the frames without it: unsure',
      [
        [22, true],
        [22, false],
        [22, true],
        [22, false],
      ],
      [undefined, undefined, undefined, 'unsure'],
    ],
    [
      'one frame in four without it (a cue ball potted): nothing said',
      [
        [22, true],
        [22, false],
        [22, true],
        [22, true],
        [22, true],
      ],
      [undefined, undefined, undefined, undefined, undefined],
    ],
    [
      'frames with no ball found are not weighed',
      [
        [0, false],
        [0, false],
        [22, true],
        [0, false],
        [22, true],
        [22, true],
        [22, true],
      ],
      [undefined, undefined, undefined, undefined, undefined, undefined, undefined],
    ],
    [
      'unsure, then the white called again: sure once a quarter at most lack it',
      [
        [22, false],
        [22, false],
        [22, false],
        [22, false],
        [22, true],
        [22, true],
        [22, true],
      ],
      [undefined, undefined, undefined, 'unsure', undefined, undefined, 'sure'],
    ],
  ] as const)('%s', (_, frames, states) => {
    expect(said(frames)).toEqual(states);
  });
});
