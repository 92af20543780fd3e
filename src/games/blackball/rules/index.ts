// The black-ball referee: `rule` is the whole of `referee rule` for `"game": "blackball"`
// (CONTRACTS.md §8) as a pure function: validate the input, rule on the stroke, give back the
// contract's output with the next state as JSON.
import { err, ok, type Result } from '../../../errors.ts';
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
