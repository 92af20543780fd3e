// Seeing dominoes (docs/formats.md §9 `detect`): the tile detector and the frame it gives.
export { DEFAULT_TILE_DETECTOR, TileDetector, type TileDetectorOptions } from './detector.ts';
export {
  isFaceDown,
  type SeenFaceDownTile,
  type SeenFaceUpTile,
  type SeenHalf,
  type SeenTile,
  type TileFrame,
} from './types.ts';
