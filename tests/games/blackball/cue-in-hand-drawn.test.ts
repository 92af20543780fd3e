// Fault found running the events benchmark's rendered part (bench/blackball-events.ts): the renderer drew
// a cue ball in hand only from the instant it was struck (the simulator places it then), so a camera
// saw a ball appear already moving under the player's cue. The clip now draws it where the striker
// placed it, at rest, from CUE_PLACED_BEFORE_MS before the stroke, as the synthesised detections do.
import { describe, expect, it } from 'vitest';
import { parsePoolScenario } from './clips.ts';
import { playClip } from '../../../src/sim/render/index.ts';
import { CUE_PLACED_BEFORE_MS } from '../../../src/sim/truth.ts';

// The cue ball sent straight into the bottom-left corner pocket, then played again from hand.
const scenario = parsePoolScenario({
  table: 'pool-9ft',
  balls: [
    { id: 'cue', x: 300, y: 300 },
    { id: '1', x: 600, y: 1800 },
  ],
  strokes: [{ cue: { vx: -1500, vy: -1500 } }, { cue: { vx: 0, vy: 1500 } }],
  seed: 3,
});

describe('a cue ball in hand in a rendered clip', () => {
  const played = playClip(scenario);
  if (!played.ok) throw new Error(played.error.message);
  const { clip, played: p } = played.value;
  const [first, second] = p.strokes;
  if (!first || !second) throw new Error('two strokes');
  const placed = second.result.at(0).find((b) => b.id === 'cue');
  const cueAt = (t: number) => clip.balls(t).find((b) => b.id === 'cue' && b.state === 'table');

  it('went in on the first stroke', () => {
    expect(first.result.potted.map((b) => b.id)).toContain('cue');
    expect(placed).toBeDefined();
  });
  it('is drawn at rest where it was placed before the stroke that plays it', () => {
    const seen = cueAt(second.start - CUE_PLACED_BEFORE_MS / 2);
    expect(seen).toMatchObject({ x: placed?.x, y: placed?.y, vx: 0, vy: 0 });
  });
  it('is not on the cloth before it was placed', () => {
    expect(cueAt(second.start - CUE_PLACED_BEFORE_MS - 50)).toBeUndefined();
  });
});
