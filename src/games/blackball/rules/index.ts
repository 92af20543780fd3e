// The black-ball referee: `rule` is the whole of `referee rule` for `"game": "blackball"`
// (docs/formats.md §8) as a pure function: validate the input, rule on the stroke, give back the
// contract's output with the next state as JSON.
//
// Where neither the seed nor §8 decides, the engine rules so (each also noted where it is done):
// - A ball the shot names but `state.balls` leaves out was on the table (the contract's example
//   pots the 3 unlisted); `listedBallsOnly` makes it an error instead. Likewise the cue ball may
//   be left out (its place unknown); the engine never needs it.
// - A simultaneous first contact that includes a ball on is legal (seed Regulation X).
// - Every §8 foul applies on the break as well (a black first, no cushion); 2.5(b) adds its own.
// - The black potted or forced off on the break is a re-rack even on a foul stroke; the foul is
//   still named and counted (fouls carry over the re-rack: the same game, seed 3.5). A loss of
//   frame on that stroke (2.12(c), (d), 3.5) wins over the re-rack.
// - The black forced off the table (not the break) loses the frame; other object balls forced off
//   stay off, are not potted (no group, no turn kept) and are no foul (§8's list has none).
// - Nothing is ever respotted: `respots` is always [].
// - Once the frame is over, `next` has the winner as striker and nothing pending; `next.fouls`
//   keeps the count (3 after a third foul); the state carries `frameOver` and `winner`.
// - Seed 3.4 and 2.8 are ruled on only when the shot carries `cabinContact` / `cueInCabin` (see fouls.ts).
import { err, ok, type Result } from '../../../core/errors.ts';
import { applyStroke, type Ruling } from './frame.ts';
import { makeState, parseRuleInput, type CheckOptions } from './state.ts';

export { openingFrame } from './opening.ts';
export { applyStroke, ballsOnFor, type Next, type Respot, type Ruling, type Stroke } from './frame.ts';
export {
  REFEREE_FOUL_REASONS,
  ballsOn,
  groupCleared,
  groupOfPlayer,
  singleGroupPotted,
  strokeFouls,
} from './fouls.ts';
export {
  REFEREE_FOULS,
  ballSchema,
  checkShot,
  checkState,
  frameStateSchema,
  groupsSchema,
  idsLeft,
  makeBall,
  makeState,
  objectsBefore,
  opponent,
  parseFrameState,
  parseRuleInput,
  ruleInputSchema,
  shotSchema,
  type CheckOptions,
  type FrameState,
  type Groups,
  type Player,
  type RefereeFoul,
  type RuleInput,
  type Shot,
} from './state.ts';

/** The contract's output object (§8): the ruling, and the next state in the input's `state` schema. */
export interface RuleOutput extends Ruling {
  readonly state: Record<string, unknown>;
}

/** The contract's output for a ruling and its next state, in the contract's field order. */
export const makeRuleOutput = (ruling: Ruling, state: Parameters<typeof makeState>[0]): RuleOutput => ({
  foul: ruling.foul,
  lossOfFrame: ruling.lossOfFrame,
  rerack: ruling.rerack,
  groups: ruling.groups,
  warning: ruling.warning,
  respots: ruling.respots,
  next: ruling.next,
  frameOver: ruling.frameOver,
  winner: ruling.winner,
  state: makeState(state),
});

/** The whole of `referee rule` for black-ball: validate the input, then rule on the stroke. */
export const rule = (json: unknown, options: CheckOptions = {}): Result<RuleOutput> => {
  const parsed = parseRuleInput(json, options);
  if (!parsed.ok) return err(parsed.error);
  const { bed, state, shot } = parsed.value;
  const { ruling, state: next } = applyStroke(state, shot, bed);
  return ok(makeRuleOutput(ruling, next));
};
