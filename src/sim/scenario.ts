// A simulator scenario (docs/formats.md §7): the table, the balls, the strokes to play, a seed. Parsed into
// a Result that names the offending field, so `referee simulate` can say exactly what is wrong.
import { z } from 'zod';
import { err, ok, refereeError, type RefereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import {
  ballsOverlap,
  capacityOf,
  isOnBed,
  trackName,
  type BallSet,
  type Table,
} from '../equipment/index.ts';
import type { SimGame } from './game.ts';
import { pointMm } from '../core/units.ts';
import type { CueAction, SimBall } from './physics/index.ts';

export interface ScenarioStroke {
  /** The cue ball's velocity (mm/s) and the tip offset (`side`, `height`, ball radii; 0 when not given). */
  readonly cue: CueAction;
  /** Options for the renderer, passed through untouched. */
  readonly render?: unknown;
}

export interface Scenario {
  /** The game played: its bed, its opening layout, where a cue ball in hand goes. */
  readonly game: SimGame;
  readonly table: Table;
  readonly balls: SimBall[];
  readonly strokes: ScenarioStroke[];
  readonly seed: number;
  /** Options for the renderer, passed through untouched. */
  readonly render?: unknown;
}

/** Fastest cue ball accepted, mm/s: the hardest breaks are timed at about 12 m/s. */
export const MAX_CUE_SPEED = 15000;
/** Furthest off centre (ball radii) the tip can strike without a miscue. */
export const MAX_TIP_OFFSET = 0.9;
/** Two balls given closer than a diameter by less than this (mm) count as touching, not overlapping. */
const TOUCH_TOLERANCE = 1e-6;

const finite = z.number();
const ballsSchema = z.array(z.object({ id: z.string(), x: finite, y: finite }));
const strokeSchema = z.object({
  cue: z.object({ vx: finite, vy: finite }),
  tip: z.object({ side: finite.optional(), height: finite.optional() }).optional(),
  render: z.unknown().optional(),
});
const scenarioSchema = z.object({
  // checked by hand below, so that a missing table or balls gets a message that says what to give
  table: z.unknown().optional(),
  balls: z.unknown().optional(),
  strokes: z.array(strokeSchema),
  seed: z.number().int().optional(),
  render: z.unknown().optional(),
});

const impossible = (message: string, field: string): Result<never> =>
  err(refereeError('IMPOSSIBLE_STATE', message, field));
const invalid = (message: string, field: string): Result<never> =>
  err(refereeError('INVALID_INPUT', message, field));

/**
 * Track names for given balls: an id the set holds one of by itself, the others numbered in the order
 * they come (`red1` …); no more of an id than the set holds, and only ids it has.
 */
const tracked = (set: BallSet, balls: readonly { id: string; x: number; y: number }[]): Result<SimBall[]> => {
  const out: SimBall[] = [];
  const count = new Map<string, number>();
  for (const [k, b] of balls.entries()) {
    const most = capacityOf(set, b.id);
    if (most === 0) return invalid(`unknown ball "${b.id}": one of ${set.ids.join(', ')}`, `balls[${k}].id`);
    const n = (count.get(b.id) ?? 0) + 1;
    if (n > most)
      return impossible(
        most === 1 ? `a second ${b.id} ball` : `more than ${most} ${b.id}s`,
        `balls[${k}].id`,
      );
    count.set(b.id, n);
    out.push({ track: trackName(set, b.id, n), id: b.id, x: b.x, y: b.y });
  }
  return ok(out);
};

/** Every ball on the bed, clear of the others (docs/formats.md §4's checks on a position). */
const checkPlaced = (table: Table, balls: readonly SimBall[]): RefereeError | null => {
  const R = table.ballRadius;
  for (const [k, b] of balls.entries()) {
    if (isOnBed(table, pointMm(b.x, b.y))) continue;
    const field = b.x < R || b.x > table.width - R ? 'x' : b.y < R || b.y > table.length - R ? 'y' : '';
    return refereeError(
      'IMPOSSIBLE_STATE',
      `the ${b.id} at (${b.x}, ${b.y}) is not on the bed`,
      field ? `balls[${k}].${field}` : `balls[${k}]`,
    );
  }
  for (const [j, b] of balls.entries())
    for (let i = 0; i < j; i++) {
      const a = balls[i];
      if (a && ballsOverlap(table, pointMm(a.x, a.y), pointMm(b.x, b.y), TOUCH_TOLERANCE))
        return refereeError('IMPOSSIBLE_STATE', `the ${b.id} overlaps balls[${i}] (${a.id})`, `balls[${j}]`);
    }
  return null;
};

const parseStroke = (s: z.output<typeof strokeSchema>, k: number): Result<ScenarioStroke> => {
  const speed = Math.hypot(s.cue.vx, s.cue.vy);
  if (speed === 0) return invalid('the cue ball must move: speed is zero', `strokes[${k}].cue`);
  if (speed > MAX_CUE_SPEED)
    return invalid(`speed ${Math.round(speed)} mm/s is beyond ${MAX_CUE_SPEED} mm/s`, `strokes[${k}].cue`);
  const side = s.tip?.side ?? 0;
  const height = s.tip?.height ?? 0;
  for (const [name, v] of [
    ['side', side],
    ['height', height],
  ] as const)
    if (Math.abs(v) > MAX_TIP_OFFSET)
      return invalid(`tip offset ${v} is beyond ${MAX_TIP_OFFSET} of a radius`, `strokes[${k}].tip.${name}`);
  if (Math.hypot(side, height) > MAX_TIP_OFFSET)
    return invalid(
      `tip offset ${Math.hypot(side, height).toFixed(3)} is beyond ${MAX_TIP_OFFSET} of a radius`,
      `strokes[${k}].tip`,
    );
  const cue: CueAction = { vx: s.cue.vx, vy: s.cue.vy, side, height };
  return ok(s.render === undefined ? { cue } : { cue, render: s.render });
};

/** Parse a scenario (docs/formats.md §7). Errors name the field: `balls[3].x`, `strokes[0].cue.vx`. */
export const parseScenario = (json: unknown, game: SimGame): Result<Scenario> => {
  const top = parseWith(scenarioSchema, json);
  if (!top.ok) return top;
  const s = top.value;
  const table = game.parseTable(s.table);
  if (!table.ok) return table;
  let balls: SimBall[];
  if (s.balls === 'opening') balls = game.opening(table.value).map((b) => ({ ...b }));
  else if (s.balls === undefined || typeof s.balls === 'string')
    return invalid('"opening" or a list of {id, x, y}', 'balls');
  else {
    const given = parseWith(ballsSchema, s.balls, 'INVALID_INPUT', 'balls');
    if (!given.ok) return given;
    const t = tracked(table.value.balls, given.value);
    if (!t.ok) return t;
    balls = t.value;
  }
  const placed = checkPlaced(table.value, balls);
  if (placed) return err(placed);
  if (s.strokes.length > 0 && !balls.some((b) => b.id === 'cue'))
    return impossible('no cue ball to strike', 'balls');
  const strokes: ScenarioStroke[] = [];
  for (const [k, raw] of s.strokes.entries()) {
    const stroke = parseStroke(raw, k);
    if (!stroke.ok) return stroke;
    strokes.push(stroke.value);
  }
  const scenario: Scenario = { game, table: table.value, balls, strokes, seed: s.seed ?? 0 };
  return ok(s.render === undefined ? scenario : { ...scenario, render: s.render });
};
