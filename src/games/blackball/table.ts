// Black-ball's beds as the core's pocketed `Table` (src/equipment/bed.ts): WPA pocket shapes, the marks
// the seed requires on the cloth (2.2: the foot spot and the head line; the head spot with them), and
// the pool ball set. The rules engine takes its `Bed` from the same sizes (equipment.ts); a `Table` is
// a `Bed` too (same name, width, length, ball), so one value serves the engine and the core.
import { mm, pointMm } from '../../core/units.ts';
import {
  makeTable,
  type BedSize,
  type PocketShape,
  type PocketShapes,
  type Table,
} from '../../equipment/bed.ts';
import type { BedMarks } from '../../equipment/marks.ts';
import type { BallLook, BallSet } from '../../equipment/pieces.ts';
import {
  BALL_IDS,
  BED_SIZES,
  CORNER_MOUTH_MM,
  DEFAULT_BED,
  MIDDLE_MOUTH_MM,
  POOL_BALL_MM,
  STRIPES,
  marksOf,
  type BallId,
  type BedName,
} from './equipment.ts';

// WPA Equipment Specifications (pockets): corner mouth 4.5–4.625 in (115 mm) and side 5–5.125 in
// (129 mm) between the cushion noses; the mouth angle, between the cushion nose and the jaw face, is
// 142° at a corner (the jaw leans 7° in from the 135° of a cut along the pocket's axis) and 104° at a
// side pocket (14° in from square); the shelf, from the mouth line to where the slate falls away, is
// 1–2.25 in at a corner (taken here as 1.5 in, 38 mm) and 0–0.375 in at a side (taken as 0.25 in,
// 6 mm). Jaws run about 70 mm (corner) and 45 mm (side) from the knuckle; knuckles are rounded at
// about 1/7 of a ball, as for snooker.
const CORNER: PocketShape = {
  mouth: CORNER_MOUTH_MM / POOL_BALL_MM,
  jawLean: 7,
  jawLength: 70 / POOL_BALL_MM,
  fallDepth: 38 / POOL_BALL_MM,
  knuckleRadius: 8 / POOL_BALL_MM,
};
const MIDDLE: PocketShape = {
  mouth: MIDDLE_MOUTH_MM / POOL_BALL_MM,
  jawLean: 14,
  jawLength: 45 / POOL_BALL_MM,
  fallDepth: 6 / POOL_BALL_MM,
  knuckleRadius: 8 / POOL_BALL_MM,
};
export const POOL_POCKETS: PocketShapes = { corner: CORNER, middle: MIDDLE };

// The usual colours of a pool set, by number; 9–15 are 1–7's colours as stripes (a white ball with a
// band of the colour). Chosen by eye to read as a standard set under table lights.
const SOLID_COLOURS: Readonly<Record<string, readonly [number, number, number]>> = {
  '1': [242, 190, 16], // yellow
  '2': [18, 60, 170], // blue
  '3': [196, 22, 26], // red
  '4': [86, 36, 130], // purple
  '5': [240, 112, 24], // orange
  '6': [10, 112, 62], // green
  '7': [122, 24, 34], // maroon
  '8': [14, 14, 16], // black
};

const lookOf = (id: BallId): BallLook => {
  if (id === 'cue') return { colour: [240, 236, 222] };
  const n = Number(id);
  const stripe = (STRIPES as readonly string[]).includes(id);
  const colour = SOLID_COLOURS[String(stripe ? n - 8 : n)] ?? [128, 128, 128];
  return stripe ? { colour, stripe: true, number: id } : { colour, number: id };
};

/** A full pool set: the cue ball and the fifteen numbered balls, one of each (seed 2, 2.2). */
export const POOL_BALLS: BallSet = {
  ids: BALL_IDS,
  capacity: Object.fromEntries(BALL_IDS.map((id) => [id, 1])),
  look: Object.fromEntries(BALL_IDS.map((id) => [id, lookOf(id)])),
};

/**
 * The marks on the cloth (seed 2.2: "the foot point and the header line must be marked"): the head
 * line across the bed at L/5 (the cabin's edge, seed 2.1), the foot spot (W/2, 3L/4) and the head spot
 * (W/2, L/5). The centre line between the middle pockets is not marked on a pool table in practice
 * (the seed's 2.5(b) counts balls crossing it by the middle pockets), so it is not drawn.
 */
export const poolMarks = (size: BedSize): BedMarks => {
  const m = marksOf({
    name: '',
    width: mm(size.width),
    length: mm(size.length),
    ballDiameter: mm(size.ball),
    ballRadius: mm(size.ball / 2),
  });
  return {
    lines: [{ name: 'head-line', a: pointMm(0, m.headLine), b: pointMm(size.width, m.headLine) }],
    arcs: [],
    spots: [
      { name: 'foot-spot', at: m.footSpot },
      { name: 'head-spot', at: m.headSpot },
    ],
  };
};

/** A pool bed of any size, WPA pockets scaled to its ball, with its marks. */
export const poolTable = (size: BedSize, name = `${size.width}x${size.length}x${size.ball}`): Table =>
  makeTable(size, { name, pockets: POOL_POCKETS, marks: poolMarks(size), balls: POOL_BALLS });

/** One of the named beds of docs/formats.md §8 (default `pool-9ft`). */
export const namedPoolTable = (bed: BedName = DEFAULT_BED): Table => poolTable(BED_SIZES[bed], bed);
