// A dominoes scene as the renderer takes it (a JSON file for `scripts/render-dominoes.ts`): the tiles
// where they lie, the arms over the table, the set's colours, the cloth and the light. All positions
// in the table frame (docs/formats.md §9), mm; a tile's `angle` as §9 gives it: degrees of the line from
// its first half to its second, from +x towards +y.
import { z } from 'zod';
import type { Result } from '../../../core/errors.ts';
import { parseWith } from '../../../core/schema.ts';
import { tileSchema, type Tile } from '../tiles.ts';

export interface SceneTile {
  readonly pips: Tile;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly faceDown: boolean;
}

/** An arm reaching over the table: from the shoulder's side (`from`) to the hand (`to`), mm, z up. */
export interface SceneArm {
  readonly from: readonly [number, number, number];
  readonly to: readonly [number, number, number];
}

export type TileSet = 'ivory' | 'black';

export interface DominoesScene {
  readonly seed: number;
  /** Ivory tiles with dark pips, or black tiles with white pips. */
  readonly set: TileSet;
  /** The cloth's colour, 8-bit sRGB. */
  readonly cloth: readonly [number, number, number];
  /** The room's light: `gain` (0.5 a dim room) and `warmth` (−1 … 1, tungsten at 1). */
  readonly light: { readonly gain: number; readonly warmth: number };
  /** Sensor noise, standard deviation in 8-bit code values. */
  readonly noise: number;
  /** JPEG quality the frame went through on its way from the camera, if it did. */
  readonly jpeg?: number | undefined;
  readonly tiles: readonly SceneTile[];
  readonly arms: readonly SceneArm[];
}

const point3 = z.tuple([z.number(), z.number(), z.number()]);
const srgb = z.tuple([
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
  z.number().int().min(0).max(255),
]);

export const sceneSchema = z.strictObject({
  seed: z.number().int(),
  set: z.enum(['ivory', 'black']).default('ivory'),
  cloth: srgb.default([28, 92, 52]),
  light: z
    .strictObject({ gain: z.number().positive(), warmth: z.number().min(-1).max(1) })
    .default({ gain: 1, warmth: 0 }),
  noise: z.number().min(0).max(20).default(2),
  jpeg: z.number().int().min(10).max(100).optional(),
  tiles: z.array(
    z.strictObject({
      pips: tileSchema,
      x: z.number(),
      y: z.number(),
      angle: z.number(),
      faceDown: z.boolean().default(false),
    }),
  ),
  arms: z.array(z.strictObject({ from: point3, to: point3 })).default([]),
});

/** A scene from JSON; an error names the field. */
export const parseScene = (json: unknown): Result<DominoesScene> =>
  parseWith(sceneSchema, json, 'INVALID_INPUT', 'scene');
