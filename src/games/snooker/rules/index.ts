// The snooker referee: `rule` is the whole of `referee rule` (docs/formats.md §4) as a pure function.
import { err, ok, type Result } from '../../../core/errors.ts';
import { type Table } from '../../../equipment/index.ts';
import { snookerTable } from '../equipment.ts';
import { applyStroke, type Ruling } from './frame.ts';
import { makeState, parseRuleInputOn, type RuleInput } from './state.ts';

export { applyStroke, type Next, type Ruling, type Stroke, type StrokeOptions } from './frame.ts';
export { applyMatch, newMatch, type CompletedBreak, type MatchAction, type MatchState } from './match.ts';
export { isMissCandidate, pointsRemaining, snookerValue, snookersRequired } from './miss.ts';
export { openingBalls, openingFrame } from './opening.ts';
export { nearestFreeOnLine, respot, type Respot } from './respot.ts';
export {
  firstObstruction,
  fullBallOpen,
  inHandPositions,
  isFullBallAvailable,
  isSnookered,
  isSnookeredByFreeBall,
  isSnookeredFrom,
  sightOf,
  type CuePosition,
  type Layout,
  type Sight,
} from './snookered.ts';
export { resolveBallOn, onAfterScoring, onForNewTurn, type BallOn } from './ballOn.ts';
export { legalFirstContact, penaltyOf, strokeFouls, type Foul } from './fouls.ts';
export {
  REFEREE_FOULS,
  ballAt,
  checkShot,
  checkState,
  frameStateSchema,
  makeState,
  parseFrameState,
  ruleInputSchema,
  type Ball,
  type FrameState,
  type RefereeFoul,
  type RuleInput,
  type Shot,
} from './state.ts';
export * from './values.ts';

/** The contract's output object (docs/formats.md §4): the ruling, with the next state (and a miss's replay) as JSON. */
export interface RuleOutput extends Omit<Ruling, 'missReplay'> {
  /** The next state, the same schema as the input's `state`. */
  readonly state: Record<string, unknown>;
  readonly missReplay?: Record<string, unknown>;
}

/** Schema, then a state that can exist, then a stroke that can happen from it. */
export const parseRuleInput = (json: unknown, table: Table = snookerTable()): Result<RuleInput> =>
  parseRuleInputOn(table, json);

/** The contract's output for a ruling and its next state. */
export const makeRuleOutput = (ruling: Ruling, state: RuleInput['state']): RuleOutput => {
  const { missReplay, ...rest } = ruling;
  return {
    ...rest,
    state: makeState(state),
    ...(missReplay ? { missReplay: makeState(missReplay) } : {}),
  };
};

/** The whole of `referee rule`: validate the input, then rule on the stroke. */
export const rule = (input: unknown, table: Table = snookerTable()): Result<RuleOutput> => {
  const parsed = parseRuleInput(input, table);
  if (!parsed.ok) return err(parsed.error);
  const { ruling, state } = applyStroke(parsed.value.state, parsed.value.shot, { table });
  return ok(makeRuleOutput(ruling, state));
};
