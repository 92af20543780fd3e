// What every ball game does with a stroke the referee restates (src/games/ball-strokes.ts).
import { describe, expect, it } from 'vitest';
import { restateAfter } from '../../src/games/ball-strokes.ts';

const at = (id: string, x: number, y = 100) => ({ id, x, y });

describe('restateAfter: where the balls lie once the referee restates what left the table', () => {
  const before = [at('cue', 10), at('red', 20), at('red', 30), at('black', 40)];
  it.each([
    {
      name: 'a ball now said to have gone comes off the rest positions',
      recorded: { after: [at('cue', 11), at('red', 20), at('black', 40)], potted: ['red'], offTable: [] },
      restated: { potted: ['red', 'black'], offTable: [] },
      after: [at('cue', 11), at('red', 20)],
    },
    {
      name: 'a ball now said to have stayed goes back where it stood before the stroke',
      recorded: { after: [at('cue', 11), at('red', 20), at('red', 30)], potted: ['black'], offTable: [] },
      restated: { potted: [], offTable: [] },
      after: [at('cue', 11), at('red', 20), at('red', 30), at('black', 40)],
    },
    {
      name: 'ids repeat (reds): one more red said gone takes one red off, not both',
      recorded: {
        after: [at('cue', 11), at('red', 20), at('red', 30), at('black', 40)],
        potted: [],
        offTable: [],
      },
      restated: { potted: ['red'], offTable: [] },
      after: [at('cue', 11), at('red', 30), at('black', 40)],
    },
    {
      name: 'ids repeat: a red said to have stayed returns to a place no red lies on now',
      recorded: { after: [at('cue', 11), at('red', 20), at('black', 40)], potted: ['red'], offTable: [] },
      restated: { potted: [], offTable: [] },
      after: [at('cue', 11), at('red', 20), at('black', 40), at('red', 30)],
    },
    {
      name: 'a ball off the table counts as gone as a potted one does',
      recorded: { after: [at('cue', 11), at('red', 20), at('red', 30)], potted: [], offTable: ['black'] },
      restated: { potted: ['black'], offTable: [] },
      after: [at('cue', 11), at('red', 20), at('red', 30)],
    },
  ])('$name', ({ recorded, restated, after }) => {
    expect(restateAfter(recorded, restated, before)).toEqual(after);
  });

  it('a stroke recorded with no rest positions has none to restate', () => {
    expect(
      restateAfter({ potted: [], offTable: [] }, { potted: ['red'], offTable: [] }, before),
    ).toBeUndefined();
  });
});
