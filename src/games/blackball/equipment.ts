// Black-ball pool equipment (docs/formats.md §8; seed 2.2, 2.4, 4.1): the beds, their marks and
// pockets, the cabin, the ball ids and groups, and the opening rack. Table frame as §8: seen from
// above, the head (the cabin's end) at the bottom; origin at the head-left corner of the playing
// surface at the cushion noses, x across (0 … width), y along towards the foot cushion (0 … length).
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import { mm, pointMm, type Mm, type PointMm } from '../../core/units.ts';

// ---------------------------------------------------------------------------------------------
// Balls (§8 "Balls"; seed 2, 2.2)

export const CUE = 'cue' as const;
/** The black (seed 2.2: "a black ball that can be numbered the eight ball"). */
export const BLACK = '8' as const;
export const SOLIDS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export const STRIPES = ['9', '10', '11', '12', '13', '14', '15'] as const;
export const OBJECT_BALL_IDS = [...SOLIDS, BLACK, ...STRIPES] as const;
export const BALL_IDS = [CUE, ...OBJECT_BALL_IDS] as const;

export type BallId = (typeof BALL_IDS)[number];
export type ObjectBallId = (typeof OBJECT_BALL_IDS)[number];
export type Solid = (typeof SOLIDS)[number];
export type Stripe = (typeof STRIPES)[number];

export const GROUPS = ['solids', 'stripes'] as const;
export type Group = (typeof GROUPS)[number];

export const isBallId = (s: string): s is BallId => (BALL_IDS as readonly string[]).includes(s);
export const isObjectBallId = (s: string): s is ObjectBallId =>
  (OBJECT_BALL_IDS as readonly string[]).includes(s);

/** The group a ball belongs to; `null` for the cue ball and the black, which belong to neither. */
export const groupOf = (id: BallId): Group | null => {
  if ((SOLIDS as readonly string[]).includes(id)) return 'solids';
  if ((STRIPES as readonly string[]).includes(id)) return 'stripes';
  return null;
};

/** The balls of a group, in number order. */
export const ballsOf = (group: Group): readonly ObjectBallId[] => (group === 'solids' ? SOLIDS : STRIPES);

export const otherGroup = (group: Group): Group => (group === 'solids' ? 'stripes' : 'solids');

// ---------------------------------------------------------------------------------------------
// Beds (§8 table of beds)

/** The standard pool ball, 2 1/4 in (WPA). */
export const POOL_BALL_MM = 57.15;

export const BED_NAMES = ['pool-9ft', 'pool-8ft', 'pool-7ft'] as const;
export type BedName = (typeof BED_NAMES)[number];
export const DEFAULT_BED: BedName = 'pool-9ft';

/** A bed as other programs give it: playing surface between the cushion noses, and the ball, mm. */
export interface BedSize {
  readonly width: number;
  readonly length: number;
  readonly ball: number;
}

export const BED_SIZES: Readonly<Record<BedName, BedSize>> = {
  'pool-9ft': { width: 1270, length: 2540, ball: POOL_BALL_MM },
  'pool-8ft': { width: 1168, length: 2337, ball: POOL_BALL_MM },
  'pool-7ft': { width: 991, length: 1981, ball: POOL_BALL_MM },
};

export interface Bed {
  /** `pool-9ft` etc., or `WxLxBALL` for a custom bed. */
  readonly name: string;
  readonly width: Mm;
  readonly length: Mm;
  readonly ballDiameter: Mm;
  readonly ballRadius: Mm;
}

export const makeBed = (size: BedSize, name = `${size.width}x${size.length}x${size.ball}`): Bed => ({
  name,
  width: mm(size.width),
  length: mm(size.length),
  ballDiameter: mm(size.ball),
  ballRadius: mm(size.ball / 2),
});

const positiveMm = z.number().positive();

/**
 * The `table` field (§8): a bed's name, or `{ width, length, ball }` (optionally with
 * `"game": "blackball"`, as a calibration's `table` gives it). Extra fields are stripped, as
 * everywhere else.
 */
export const bedSchema = z.union([
  z.enum(BED_NAMES),
  z
    .object({
      game: z.literal('blackball').optional(),
      width: positiveMm,
      length: positiveMm,
      ball: positiveMm,
    })
    .refine((b) => b.ball < b.width && b.ball < b.length, {
      message: 'the ball must be smaller than the bed',
    }),
]);
export type BedInput = z.input<typeof bedSchema>;

/** The bed of a (checked) `table` value; absent: `pool-9ft`. */
export const bedOf = (table?: BedName | BedSize): Bed => {
  if (table === undefined) return makeBed(BED_SIZES[DEFAULT_BED], DEFAULT_BED);
  if (typeof table === 'string') return makeBed(BED_SIZES[table], table);
  return makeBed({ width: table.width, length: table.length, ball: table.ball });
};

/** Parse a `table` field from JSON (errors name `field`, `table` by default); absent: `pool-9ft`. */
export const parseBed = (json: unknown, field = 'table'): Result<Bed> => {
  if (json === undefined) return ok(bedOf());
  const parsed = parseWith(bedSchema, json, 'INVALID_INPUT', field);
  if (!parsed.ok)
    return err(
      refereeError(
        'INVALID_INPUT',
        `not a known bed: one of ${BED_NAMES.join(', ')}, or { width, length, ball } in mm`,
        parsed.error.field ?? field,
      ),
    );
  return ok(bedOf(parsed.value));
};

// ---------------------------------------------------------------------------------------------
// Marks (§8 "Marks"; seed 2.1, 4.1)

export interface Marks {
  /** The head line, the cabin's edge (seed 2.1): y = L/5. */
  readonly headLine: Mm;
  /** The centre line between the middle pockets: y = L/2 (seed 2.5(b)). */
  readonly centreLine: Mm;
  /** Foot spot (W/2, 3L/4): the black's place in the rack (seed 2.4). */
  readonly footSpot: PointMm;
  /** Head spot (W/2, L/5). */
  readonly headSpot: PointMm;
}

export const marksOf = (bed: Bed): Marks => ({
  headLine: mm(bed.length / 5),
  centreLine: mm(bed.length / 2),
  footSpot: pointMm(bed.width / 2, (3 * bed.length) / 4),
  headSpot: pointMm(bed.width / 2, bed.length / 5),
});

// ---------------------------------------------------------------------------------------------
// Pockets (§1, §8)

export type PocketId = 'BL' | 'BR' | 'ML' | 'MR' | 'TL' | 'TR';
export const POCKET_IDS: readonly PocketId[] = ['BL', 'BR', 'ML', 'MR', 'TL', 'TR'];

/** WPA mouths, knuckle to knuckle, for the standard 57.15 mm ball; scaled with the ball otherwise. */
export const CORNER_MOUTH_MM = 115;
export const MIDDLE_MOUTH_MM = 129;

export interface PoolPocket {
  readonly id: PocketId;
  readonly kind: 'corner' | 'middle';
  /** Where the two cushion lines meet (corners), or the side cushion line's middle (§1). */
  readonly nominal: PointMm;
  readonly mouth: Mm;
}

export const pocketsOf = (bed: Bed): readonly PoolPocket[] => {
  const W = bed.width;
  const L = bed.length;
  const k = bed.ballDiameter / POOL_BALL_MM;
  const corner = mm(CORNER_MOUTH_MM * k);
  const middle = mm(MIDDLE_MOUTH_MM * k);
  return [
    { id: 'BL', kind: 'corner', nominal: pointMm(0, 0), mouth: corner },
    { id: 'BR', kind: 'corner', nominal: pointMm(W, 0), mouth: corner },
    { id: 'ML', kind: 'middle', nominal: pointMm(0, L / 2), mouth: middle },
    { id: 'MR', kind: 'middle', nominal: pointMm(W, L / 2), mouth: middle },
    { id: 'TL', kind: 'corner', nominal: pointMm(0, L), mouth: corner },
    { id: 'TR', kind: 'corner', nominal: pointMm(W, L), mouth: corner },
  ];
};

// ---------------------------------------------------------------------------------------------
// Where a ball can be

/** Camera measurements come out a fraction off: the checks allow this much (brief: 0.5 mm). */
export const TOLERANCE_MM = 0.5;
/** Floating-point slack, so that a ball exactly at a limit is within it. */
const EPS = 1e-9;

/**
 * Can a ball rest with its centre at `p`: at least a radius inside every cushion nose, less the
 * tolerance? (The rectangle only: a ball hanging in a pocket's throat is not modelled here.)
 */
export const isOnBed = (p: PointMm, bed: Bed, toleranceMm = TOLERANCE_MM): boolean => {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
  const r = bed.ballRadius - toleranceMm - EPS;
  return p.x >= r && p.x <= bed.width - r && p.y >= r && p.y <= bed.length - r;
};

/**
 * Is `p` in the cabin (seed 2.1, 2.8): on the bed, between the head cushion and the head line? A
 * ball whose centre is on the line counts as on it (seed 4.12), so the line itself is in.
 */
export const inCabin = (p: PointMm, bed: Bed, toleranceMm = TOLERANCE_MM): boolean =>
  isOnBed(p, bed, toleranceMm) && p.y <= marksOf(bed).headLine + toleranceMm + EPS;

/** Two balls overlap when their centres are closer than a diameter, less the tolerance. */
export const ballsOverlap = (a: PointMm, b: PointMm, bed: Bed, toleranceMm = TOLERANCE_MM): boolean =>
  Math.hypot(a.x - b.x, a.y - b.y) < bed.ballDiameter - toleranceMm - EPS;

// ---------------------------------------------------------------------------------------------
// The rack (seed 2.4, §8)

/** A ball at rest, centre in table millimetres. */
export interface Ball {
  readonly id: BallId;
  readonly x: Mm;
  readonly y: Mm;
}

export const ballAt = (id: BallId, x: number, y: number): Ball => ({ id, x: mm(x), y: mm(y) });

/**
 * The rack, row by row from the apex (towards the head) to the back row, left to right (x up).
 * The black in the middle of the third row, on the foot spot (seed 2.4); a solid and a stripe on
 * the two back corners; the groups mixed so that neither has a line of its own.
 */
export const RACK_ROWS: readonly (readonly ObjectBallId[])[] = [
  ['1'],
  ['9', '2'],
  ['10', '8', '3'],
  ['11', '4', '12', '5'],
  ['6', '13', '14', '7', '15'],
];

/**
 * The opening rack: the 15 object balls in a tight triangle (touching, one diameter between
 * neighbours' centres), the black on the foot spot, apex towards the head. No cue ball: it starts
 * in hand in the cabin (seed 2.5(a)).
 */
export const openingRack = (bed: Bed): Ball[] => {
  const d = bed.ballDiameter;
  const rowStep = (d * Math.sqrt(3)) / 2;
  const { footSpot } = marksOf(bed);
  const balls: Ball[] = [];
  RACK_ROWS.forEach((row, r) => {
    row.forEach((id, j) => {
      balls.push(ballAt(id, footSpot.x + (j - r / 2) * d, footSpot.y + (r - 2) * rowStep));
    });
  });
  return balls;
};
