// Building blocks for the rules tests: states and shots written compactly, on the WPBSA table.
import { markingsOf } from '../../src/games/snooker/equipment.ts';
import {
  applyStroke,
  ballAt,
  type Ball,
  type FrameState,
  type Shot,
} from '../../src/games/snooker/rules/index.ts';
import { snookerTable, type SnookerColour } from '../../src/games/snooker/equipment.ts';

export const table = snookerTable();

export const SPOTS = markingsOf(table).spots;

export const b = ballAt;

/** A colour on its own spot. */
export const onSpot = (c: SnookerColour): Ball => ballAt(c, SPOTS[c].x, SPOTS[c].y);
export const allColoursOnSpots = (): Ball[] =>
  (['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const).map(onSpot);

/** Three reds well up the table, clear of each other and of the spots. */
export const someReds = (): Ball[] => [b('red', 300, 2400), b('red', 1400, 2400), b('red', 889, 2300)];

/** The cue ball in open play: every red and colour in plain view. */
export const openCue = (): Ball => b('cue', 400, 1500);

export const frame = (over: Partial<FrameState> = {}): FrameState => ({
  scores: [0, 0],
  striker: 0,
  on: 'red',
  freeBall: false,
  respottedBlack: false,
  balls: [openCue(), ...someReds(), ...allColoursOnSpots()],
  cueInHand: false,
  break: 0,
  highestBreak: [0, 0],
  consecutiveMisses: 0,
  frameOver: false,
  winner: null,
  ...over,
});

export const shot = (over: Partial<Shot> = {}): Shot => ({
  firstContact: [],
  potted: [],
  offTable: [],
  fouls: [],
  ...over,
});

export const play = (state: FrameState, s: Shot) => applyStroke(state, s, { table });

/** Only the colours from `from` onwards, on their spots (the reds gone). */
export const coloursFrom = (from: SnookerColour): Ball[] => {
  const order = ['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const;
  return order.slice(order.indexOf(from)).map(onSpot);
};

/** The example of docs/formats.md §4, verbatim. */
export const contractExample = () => ({
  game: 'snooker',
  state: {
    scores: [0, 0],
    striker: 0,
    on: 'red',
    freeBall: false,
    respottedBlack: false,
    balls: [
      { id: 'cue', x: 889, y: 600 },
      { id: 'red', x: 889, y: 2740 },
    ],
  },
  shot: {
    nominated: 'black',
    firstContact: ['red'],
    potted: ['red'],
    offTable: [],
    after: [{ id: 'cue', x: 700, y: 2500 }],
    fouls: [],
  },
});
