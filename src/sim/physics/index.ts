// The simulator's stroke physics: balls at rest and a cue action in, every contact, cushion, pot and
// rest out, with the exact state of every ball at any instant (issue 3).
export { DEFAULT_PHYSICS, physicsOptions, type PhysicsOptions } from './options.ts';
export {
  simulateStroke,
  type BallSample,
  type CueAction,
  type SimBall,
  type SimEvent,
  type StrokeResult,
} from './stroke.ts';
export { cushionRestitution, type Rails } from './cushion.ts';
export { fallTime } from './pocket.ts';
