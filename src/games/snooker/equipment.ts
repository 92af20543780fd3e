// Snooker's equipment (WPBSA Rules, Section 1): the table, its pockets and markings. One copy each;
// the rules, the simulator, the vision stage and the pages take them from here.
import type { BedSize, PocketShape, PocketShapes, Table } from '../../equipment/bed.ts';
import { makeTable } from '../../equipment/bed.ts';
import type { BallSet } from '../../equipment/pieces.ts';
import { SNOOKER_BALL_IDS, SNOOKER_CAPACITY, SNOOKER_LOOK } from './balls.ts';
import { snookerMarkings, snookerMarks, type SnookerMarkings } from './markings.ts';

// WPBSA pocket openings are set by templates that the Association issues to approved fitters and
// does not publish (WPBSA Rules, Section 1, 1(c)(ii)). The figures here are those fitters and table
// makers quote for a template-cut championship table: corner mouth 3⅜ in (86 mm) between the cushion
// noses, middle mouth 4⅛ in (105 mm); the jaws of a snooker corner are cut nearly parallel to the
// pocket axis (a 45° cut from each cushion, leaning in about 3°, so the throat is a little narrower
// than the mouth), the middle jaws lean in about 14° (a 104° mouth angle, as the WPA specifies for
// side pockets). The slate's fall begins about half a ball behind the mouth in a corner, a little
// less in the middle. Knuckles are rounded at about 1/6 of a ball.
const SNOOKER_BALL = 52.5;
const CORNER: PocketShape = {
  mouth: 86 / SNOOKER_BALL,
  jawLean: 3,
  jawLength: 60 / SNOOKER_BALL,
  fallDepth: 26 / SNOOKER_BALL,
  knuckleRadius: 8 / SNOOKER_BALL,
};
const MIDDLE: PocketShape = {
  mouth: 105 / SNOOKER_BALL,
  jawLean: 14,
  jawLength: 45 / SNOOKER_BALL,
  fallDepth: 20 / SNOOKER_BALL,
  knuckleRadius: 8 / SNOOKER_BALL,
};
export const SNOOKER_POCKETS: PocketShapes = { corner: CORNER, middle: MIDDLE };

/** A full set: the cue ball, fifteen reds, one of each colour (WPBSA Section 1, 2). */
export const SNOOKER_BALLS: BallSet = {
  ids: SNOOKER_BALL_IDS,
  capacity: SNOOKER_CAPACITY,
  look: SNOOKER_LOOK,
};

/** The WPBSA standard table: 3569 × 1778 mm, 52.5 mm balls (WPBSA Rules, Section 1, 1(a), 2). */
export const SNOOKER_SIZE: BedSize = { width: 1778, length: 3569, ball: 52.5 };

/** A snooker bed of any size (a small club table), pockets and markings scaled to it. */
export const snookerBed = (size: BedSize, name = `${size.width}x${size.length}x${size.ball}`): Table =>
  makeTable(size, { name, pockets: SNOOKER_POCKETS, marks: snookerMarks(size), balls: SNOOKER_BALLS });

export const snookerTable = (): Table => snookerBed(SNOOKER_SIZE, 'snooker');

/** A plain bed of any size with snooker's pocket proportions and no markings (`--table WxLxBALL`). */
export const plainBed = (size: BedSize): Table =>
  makeTable(size, {
    name: `${size.width}x${size.length}x${size.ball}`,
    pockets: SNOOKER_POCKETS,
    balls: SNOOKER_BALLS,
  });

/** The markings of the bed the rules are played on (the D, the spots), from its size. */
export const markingsOf = (table: Table): SnookerMarkings =>
  snookerMarkings({ width: table.width, length: table.length, ball: table.ballDiameter });

export * from './balls.ts';
export * from './markings.ts';
