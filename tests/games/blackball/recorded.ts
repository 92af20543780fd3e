// Vision's own detections of rendered clips, recorded by the events benchmark's rendered part
// (fixtures/*-detections.json, keyed `seed@fps`), replayed through the stroke follower on a 9 ft bed.
import { readFileSync } from 'node:fs';
import { namedPoolTable } from '../../../src/games/blackball/table.ts';
import type { BallId } from '../../../src/equipment/pieces.ts';
import { mm } from '../../../src/core/units.ts';
import { StrokeFollower, type FrameDetections } from '../../../src/tracking/index.ts';

export const table = namedPoolTable();

/** One recorded clip: each frame's time (ms) and balls as `[id, x, y, confidence]`. */
type RecordedClip = readonly { t: number; balls: [BallId, number, number, number][] }[];

/** A fixture's clips, by `seed@fps`. */
export const loadRecorded = (fixture: string): Record<string, RecordedClip> =>
  JSON.parse(readFileSync(new URL(`fixtures/${fixture}`, import.meta.url), 'utf8')) as Record<
    string,
    RecordedClip
  >;

/** One clip's frames as the tracker takes them, and every stroke the follower found in them. */
export const followRecorded = (clip: RecordedClip) => {
  const frames: FrameDetections[] = clip.map((f) => ({
    t: f.t,
    balls: f.balls.map(([id, x, y, confidence]) => ({ id, x: mm(x), y: mm(y), confidence })),
  }));
  const follower = new StrokeFollower(table);
  const found = [...frames.map((f) => follower.push(f)), follower.flush()].filter((d) => d !== undefined);
  return { frames, found };
};
