// Where the balls of a stroke stood before it and lie after it, as the rules take them: a ball first
// seen after the stroke (hidden under the player until then) lay where it rests; the overlaps a camera
// measures between touching balls parted.
import type { Table } from '../equipment/bed.ts';
import { separateBalls } from '../equipment/occupancy.ts';
import type { RestingBall, Shot } from './types.ts';

export const placesForRules = (table: Table, shot: Shot): { before: RestingBall[]; after: RestingBall[] } => {
  const unseen = shot.rest.filter((r) => !shot.before.some((b) => b.track === r.track));
  return {
    before: separateBalls(table, [...shot.before, ...unseen]),
    after: separateBalls(table, shot.rest),
  };
};
