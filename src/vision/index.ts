// The vision (docs/design.md: vision/): one frame and a calibration → every ball on the table, placed to
// the millimetre (parallax-corrected) and named. Small pure stages, one a file, in the order a frame
// goes through them:
//
//   frame-check  shape against the calibration; black or burnt-out frames
//   detail       how many pixels the frame's edges rise over: a frame with no detail at its own size
//                (a stream scaled up, a camera out of focus) is looked at at half its size
//   reduce       one sample a block, for everything that looks at the whole table
//   cloth        the empty cloth learned from the frame (no table → error), and what is not cloth
//   foreground   the reduced foreground and its connected pieces
//   candidates   outline votes at full resolution: one peak a ball, even in a pack
//   fit          the silhouette's edge, and the sphere fitted to it in the table frame
//   verify       phantoms out, one fit a ball, and only balls mostly in view
//   appearance   balls with no outline (the middle of a pack on video) by their likeness to a neighbour
//   limb         balls nearly the cloth's colour, by the ring of steps of their limb at the calibrated
//                radius, where the foreground left unexplained (or a highlight read at full
//                resolution) shows a highlight or a few dark pixels; a limb too faint to trace all
//                round, by the symmetry of the ball's shading and shadow
//   identify     the classifier (src/vision/classify) and the game's constraints; where the club's
//                ball set was learned from a frame of it set up (looks), each ball's likeness to each
//                id's look
//
// `Locator` runs the stages up to positions; `Detector` adds names and reuses the last frame's
// answer where nothing changed; `detectBalls` is a single fresh detection.
export {
  Detector,
  detectBalls,
  learnBallLooks,
  learnLooksOf,
  DEFAULT_DETECTOR_OPTIONS,
  DEFAULT_REUSE,
} from './detector.ts';
export { DEFAULT_LOOKS, makeBallLooks, parseBallLooks, standsAsSetUp } from './looks.ts';
export type { BallLook, BallLooks, LooksOptions, SetUpPlace } from './looks.ts';
export type { DetectorOptions, FrameDetection, ReuseOptions } from './detector.ts';
export { identifyBalls, type DetectedBall } from './identify.ts';
export { DEFAULT_LOCATE_OPTIONS, locateBalls, Locator } from './locate.ts';
export type { LocateOptions, LocatedBall, PreparedFrame } from './locate.ts';
export { geometryFor, apparentRadius, type VisionGeometry } from './geometry.ts';
