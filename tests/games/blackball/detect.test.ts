// `referee detect` on a pool frame (docs/formats.md §3, §8): the committed fixture fixtures/pool-frame
// (scripts/make-pool-frame.ts: the rack on blue cloth, 1080p, every ball turned at random, through a
// camera the classifier never saw) — every ball found where the truth puts it, each with its own id,
// each number once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runReferee } from '../../helpers/spawn.ts';

const dir = 'fixtures/pool-frame';
const truth = (
  JSON.parse(readFileSync(`${dir}/truth.json`, 'utf8')) as { balls: { id: string; x: number; y: number }[] }
).balls;

interface Line {
  frame: string;
  balls?: { id: string; x: number; y: number; confidence: number }[];
  error?: string;
}

describe('referee detect on a pool frame', () => {
  it('finds every ball of the rack with the right id, within 2 mm of the truth', async () => {
    const r = await runReferee(['detect', '--calibration', `${dir}/calibration.json`, `${dir}/frame.jpg`]);
    expect(r.code, r.stderr).toBe(0);
    const line = JSON.parse(r.stdout.trim()) as Line;
    expect(line.error).toBeUndefined();
    const balls = line.balls ?? [];
    expect(truth).toHaveLength(16);
    expect(balls).toHaveLength(truth.length);
    for (const t of truth) {
      const nearest = [...balls].sort(
        (a, b) => Math.hypot(a.x - t.x, a.y - t.y) - Math.hypot(b.x - t.x, b.y - t.y),
      )[0];
      expect(nearest, `ball ${t.id}`).toBeDefined();
      expect(Math.hypot((nearest?.x ?? 0) - t.x, (nearest?.y ?? 0) - t.y), `ball ${t.id}`).toBeLessThan(2);
      expect(nearest?.id, `the ball at (${t.x}, ${t.y})`).toBe(t.id);
    }
    expect(new Set(balls.map((b) => b.id)).size).toBe(balls.length);
  });
});
