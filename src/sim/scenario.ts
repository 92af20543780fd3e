// A simulator scenario (CONTRACTS.md §7): the table, the balls, the strokes to play, a seed. Parsed into
// a Result that names the offending field, so `referee simulate` can say exactly what is wrong.
import { z } from 'zod';
import { err, ok, refereeError, type RefereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import {
  SNOOKER_BALL_IDS,
  SNOOKER_COLOURS,
  SNOOKER_REDS,
  ballsOverlap,
  isOnBed,
  makeTable,
  snookerMarkings,
  snookerTable,
  type SnookerBallId,
  type Table,
} from '../table/index.ts';
import { pointMm } from '../core/units.ts';
import type { CueAction, SimBall } from './physics/index.ts';

export interface ScenarioStroke {
  /** The cue ball's velocity (mm/s) and the tip offset (`side`, `height`, ball radii; 0 when not given). */
  readonly cue: CueAction;
  /** Options for the renderer, passed through untouched. */
  readonly render?: unknown;
}

export interface Scenario {
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
const bedSchema = z.object({ width: finite.positive(), length: finite.positive(), ball: finite.positive() });
const ballsSchema = z.array(z.object({ id: z.enum(SNOOKER_BALL_IDS), x: finite, y: finite }));
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
 * The break-off layout (WPBSA Section 3, 2): the colours on their spots, the fifteen reds in a
 * triangle with its apex towards and as near the pink as may be without touching (1 mm clear) and
 * rows touching, the cue ball in the D at (800, 700) on a full-size table (CONTRACTS.md §7). Tracks:
 * `cue`, `red1` (the apex) … `red15` row by row from the left, then the colours by id.
 */
export const openingLayout = (table: Table): SimBall[] => {
  const m =
    table.markings ?? snookerMarkings({ width: table.width, length: table.length, ball: table.ballDiameter });
  const D = table.ballDiameter;
  const cx = m.d.centre.x;
  // The D's centre is (889, 737) on a full-size table, so this is (800, 700) there.
  const balls: SimBall[] = [{ track: 'cue', id: 'cue', x: cx - 89, y: m.baulkLine - 37 }];
  // Rows a diameter·√3/2 apart touch; a part in 10¹² more keeps rounding from making them overlap.
  const rowStep = D * (Math.sqrt(3) / 2) * (1 + 1e-12);
  const apexY = m.spots.pink.y + D + 1;
  let red = 0;
  for (let row = 0; row < 5; row++)
    for (let k = 0; k <= row; k++)
      balls.push({ track: `red${++red}`, id: 'red', x: cx + (k - row / 2) * D, y: apexY + row * rowStep });
  for (const c of SNOOKER_COLOURS) balls.push({ track: c, id: c, x: m.spots[c].x, y: m.spots[c].y });
  return balls;
};

const parseTable = (json: unknown): Result<Table> => {
  if (json === 'snooker') return ok(snookerTable());
  if (typeof json === 'string')
    return invalid(`unknown table "${json}": "snooker" or {width, length, ball}`, 'table');
  const bed = parseWith(bedSchema, json, 'INVALID_INPUT', 'table');
  if (!bed.ok) return bed;
  return ok(makeTable(bed.value));
};

/** Track names for given balls: `cue`, `red1` … in the order the reds come, colours by id. */
const tracked = (balls: readonly { id: SnookerBallId; x: number; y: number }[]): Result<SimBall[]> => {
  const out: SimBall[] = [];
  const seen = new Set<SnookerBallId>();
  let reds = 0;
  for (const [k, b] of balls.entries()) {
    if (b.id === 'red') {
      if (++reds > SNOOKER_REDS) return impossible(`more than ${SNOOKER_REDS} reds`, `balls[${k}].id`);
      out.push({ track: `red${reds}`, id: b.id, x: b.x, y: b.y });
      continue;
    }
    if (seen.has(b.id)) return impossible(`a second ${b.id} ball`, `balls[${k}].id`);
    seen.add(b.id);
    out.push({ track: b.id, id: b.id, x: b.x, y: b.y });
  }
  return ok(out);
};

/** Every ball on the bed, clear of the others (CONTRACTS.md §4's checks on a position). */
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

/** Parse a scenario (CONTRACTS.md §7). Errors name the field: `balls[3].x`, `strokes[0].cue.vx`. */
export const parseScenario = (json: unknown): Result<Scenario> => {
  const top = parseWith(scenarioSchema, json);
  if (!top.ok) return top;
  const s = top.value;
  if (s.table === undefined) return invalid('required: "snooker" or {width, length, ball}', 'table');
  const table = parseTable(s.table);
  if (!table.ok) return table;
  let balls: SimBall[];
  if (s.balls === 'opening') balls = openingLayout(table.value);
  else if (s.balls === undefined || typeof s.balls === 'string')
    return invalid('"opening" or a list of {id, x, y}', 'balls');
  else {
    const given = parseWith(ballsSchema, s.balls, 'INVALID_INPUT', 'balls');
    if (!given.ok) return given;
    const t = tracked(given.value);
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
  const scenario: Scenario = { table: table.value, balls, strokes, seed: s.seed ?? 0 };
  return ok(s.render === undefined ? scenario : { ...scenario, render: s.render });
};
