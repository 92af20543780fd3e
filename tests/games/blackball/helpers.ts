// Building blocks for the black-ball tests: inputs to `referee rule` written compactly, as JSON, on
// the default bed (pool-9ft, 1270 × 2540, 57.15 mm balls).
import { OBJECT_BALL_IDS, type ObjectBallId } from '../../../src/games/blackball/equipment.ts';
import { rule, type RuleOutput } from '../../../src/games/blackball/rules/index.ts';

export interface JsonBall {
  id: string;
  x: number;
  y: number;
}

/** The cue ball in open play, in the cabin (y < 508), in plain view. */
export const CUE_BALL: JsonBall = { id: 'cue', x: 635, y: 300 };

/** Object balls on a grid well up the table, 150 mm apart: clear of each other and of the cushions. */
export const place = (ids: readonly string[]): JsonBall[] =>
  ids.map((id, i) => ({ id, x: 185 + (i % 7) * 150, y: 900 + Math.floor(i / 7) * 150 }));

/** Every object ball but the black on the grid, the black on the foot spot. */
export const ALL: readonly ObjectBallId[] = OBJECT_BALL_IDS.filter((id) => id !== '8');
export const BLACK_ON_SPOT: JsonBall = { id: '8', x: 635, y: 1905 };

/** The balls of a state: the cue ball, `ids` on the grid, and the black on its spot. */
export const table = (ids: readonly string[] = ALL): JsonBall[] => [CUE_BALL, ...place(ids), BLACK_ON_SPOT];

export type JsonState = Record<string, unknown>;
export type JsonShot = Record<string, unknown>;

export const state = (over: JsonState = {}): JsonState => ({
  striker: 0,
  break: false,
  groups: null,
  freeKick: false,
  cueInHand: false,
  fouls: [0, 0],
  snookered: false,
  balls: table(),
  ...over,
});

export const shot = (over: JsonShot = {}): JsonShot => ({
  firstContact: [],
  potted: [],
  offTable: [],
  cushionAfterContact: true,
  crossedCentre: [],
  fouls: [],
  ...over,
});

export const input = (s: JsonState = {}, sh: JsonShot = {}, extra: JsonState = {}) => ({
  game: 'blackball',
  state: state(s),
  shot: shot(sh),
  ...extra,
});

/** Rule, and fail the test with the error's field and message if the input is refused. */
export const ruled = (json: unknown): RuleOutput => {
  const r = rule(json);
  if (!r.ok) throw new Error(`${r.error.field ?? ''}: ${r.error.message}`);
  return r.value;
};

export const play = (s: JsonState = {}, sh: JsonShot = {}): RuleOutput => ruled(input(s, sh));

/** Groups as the state gives them: player 0 solids, player 1 stripes. */
export const SOLIDS_STRIPES = ['solids', 'stripes'];

/** The example of docs/formats.md §8, verbatim. */
export const contractExample = () => ({
  game: 'blackball',
  table: 'pool-9ft',
  state: {
    striker: 0,
    break: false,
    groups: null,
    freeKick: false,
    cueInHand: false,
    fouls: [0, 0],
    snookered: false,
    balls: [
      { id: 'cue', x: 635, y: 300 },
      { id: '8', x: 635, y: 1905 },
    ],
  },
  shot: {
    firstContact: ['3'],
    potted: ['3'],
    offTable: [],
    cushionAfterContact: true,
    crossedCentre: [],
    fouls: [],
  },
});

/** The output of docs/formats.md §8's example, as the contract prints it (less the state). */
export const contractExampleOutput = {
  foul: null,
  lossOfFrame: null,
  rerack: false,
  groups: ['solids', 'stripes'],
  warning: false,
  respots: [],
  next: {
    striker: 0,
    break: false,
    freeKick: false,
    cueInHand: false,
    groups: ['solids', 'stripes'],
    fouls: [0, 0],
  },
  frameOver: false,
  winner: null,
};
