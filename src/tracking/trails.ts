// Each ball's path through a stroke, as the views draw it: the tracked places of every ball on the
// table while a stroke is under way, thinned for sending. Temporal state with reset().
import type { BallId } from '../equipment/pieces.ts';
import type { TrackedFrame } from './types.ts';

export interface Trail {
  readonly track: string;
  readonly id: BallId;
  /** Positions through the stroke, [x, y] mm, start to rest. */
  readonly points: readonly (readonly [number, number])[];
}

/** A new point only where the ball has moved this far since the last (mm). */
const MIN_STEP_MM = 5;

export class TrailRecorder {
  private trails = new Map<string, { id: BallId; points: [number, number][] }>();

  reset(): void {
    this.trails.clear();
  }

  /** The tracks of one frame, while a stroke is under way (or the frame that ended it). */
  record(frame: TrackedFrame): void {
    for (const t of frame.tracks) {
      if (t.status !== 'table') continue;
      const trail = this.trails.get(t.track) ?? { id: t.id, points: [] };
      const last = trail.points.at(-1);
      if (!last || Math.hypot(last[0] - t.x, last[1] - t.y) > MIN_STEP_MM) trail.points.push([t.x, t.y]);
      this.trails.set(t.track, trail);
    }
  }

  /** The paths of the stroke just finished (balls that moved), thinned to `max` points each; then forgets them. */
  take(max: number): Trail[] {
    const out: Trail[] = [];
    for (const [track, { id, points }] of this.trails) {
      if (points.length < 2) continue;
      const step = Math.max(1, Math.ceil(points.length / max));
      const kept = points.filter((_, i) => i % step === 0 || i === points.length - 1);
      out.push({ track, id, points: kept });
    }
    this.trails.clear();
    return out;
  }
}
