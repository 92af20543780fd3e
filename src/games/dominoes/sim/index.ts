// The dominoes renderer: scenes (scene.ts), seeded layouts as play leaves the table (layouts.ts), a
// seeded overhead camera (camera.ts), the frame with its truth (render.ts), and a round as a clip
// (round.ts), `referee simulate`'s for dominoes (clip.ts).
export {
  parseScene,
  sceneSchema,
  type DominoesScene,
  type SceneArm,
  type SceneTile,
  type TileSet,
} from './scene.ts';
export { CLOTHS, LAYOUTS, randomScene, seededFrame, type Layout, type LookOptions } from './layouts.ts';
export { DEFAULT_DOMINOES_CAMERA, dominoesCamera, type DominoesCameraRange } from './camera.ts';
export { renderScene, type RenderedScene, type TruthTile } from './render.ts';
export {
  randomRound,
  roundClip,
  type ClipMove,
  type ClipPlan,
  type RoundClip,
  type RoundPlay,
  type Still,
} from './round.ts';
export { DOMINOES_FPS, dominoesScenarioSchema, dominoesSim, prepareRoundClip } from './clip.ts';
