// The renderer's options, every one with a default, and the `render` objects a scenario may carry
// (docs/formats.md §7 scenarios, extended: the scenario's own `render`, and each stroke's) — parsed here
// with zod so that a bad value is named by its field.
import { z } from 'zod';
import type { Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import { DEFAULT_BALL_LOOK, type BallLook } from './balls.ts';
import { DEFAULT_COMPOSITOR, type CompositorOptions } from './frame.ts';
import { DEFAULT_CANOPY, type CanopyOptions } from './lights.ts';
import { DEFAULT_PLAYER } from './occluders.ts';
import { DEFAULT_TABLE_LOOK, type TableLookOptions } from './table.ts';
import { CLOTH_COLOURS, type ClothName } from './cloth.ts';

export interface RendererOptions {
  /** Samples a pixel of the static background, per axis (it is drawn once, so it can afford them). */
  readonly supersample: number;
  /** Seed of the cloth's and the wood's texture: the same table in every clip. */
  readonly tableSeed: number;
  readonly canopy: CanopyOptions;
  readonly look: TableLookOptions;
  readonly ball: BallLook;
  readonly compositor: CompositorOptions;
  /** The shutter's open time, ms; 0 draws every frame sharp. */
  readonly exposureMs: number;
  /** Most sub-samples averaged for one frame's motion blur, and how many pixels of travel each covers. */
  readonly maxSubsamples: number;
  readonly blurPxPerSample: number;
  /** Sensor noise: standard deviation in 8-bit code values (0: none), and the length of its table. */
  readonly noise: number;
  readonly noiseTableLength: number;
  /** Seed of the sensor noise. */
  readonly seed: number;
}

// A machine-vision camera at 60 fps with a 1/120 s shutter; noise of a decent sensor in good light.
export const DEFAULT_RENDERER: RendererOptions = {
  supersample: 3,
  tableSeed: 1,
  canopy: DEFAULT_CANOPY,
  look: DEFAULT_TABLE_LOOK,
  ball: DEFAULT_BALL_LOOK,
  compositor: DEFAULT_COMPOSITOR,
  exposureMs: 1000 / 120,
  maxSubsamples: 16,
  blurPxPerSample: 1.5,
  noise: 1.5,
  noiseTableLength: 1_000_003,
  seed: 1,
};

const finite = z.number().refine(Number.isFinite, 'expected a finite number');
const ms = finite.min(0, 'must not be negative');
const rgb8 = z.tuple([
  finite.int().min(0).max(255),
  finite.int().min(0).max(255),
  finite.int().min(0).max(255),
]);

export const lightSchema = z.strictObject({
  gain: finite.positive('must be positive').max(4, 'at most 4').default(1),
  warmth: finite.min(-1, 'between -1 and 1').max(1, 'between -1 and 1').default(0),
  /** Over how long the change comes in, ms (a dimmer turned slowly). */
  rampMs: ms.default(0),
});
export type LightSetting = z.output<typeof lightSchema>;

const playerLook = {
  kind: z.enum(['player', 'cue']).default(DEFAULT_PLAYER.kind),
  gap: ms.max(500).default(DEFAULT_PLAYER.gap),
  backswing: ms.max(600).default(DEFAULT_PLAYER.backswing),
  followThrough: ms.max(600).default(DEFAULT_PLAYER.followThrough),
  bridge: finite.min(100).max(600).default(DEFAULT_PLAYER.bridge),
  elevation: finite.min(0).max(45).default(DEFAULT_PLAYER.elevation),
  side: z.enum(['left', 'right']).default(DEFAULT_PLAYER.side),
  sleeve: rgb8.default([...DEFAULT_PLAYER.sleeve]),
  skin: rgb8.default([...DEFAULT_PLAYER.skin]),
};

/** A player (or a cue) placed by hand, `from`/`to`/`strike` in ms of clip time (scenario) or of the stroke (stroke). */
export const occluderSchema = z
  .strictObject({
    ...playerLook,
    from: ms,
    to: ms,
    contact: z.strictObject({ x: finite, y: finite }),
    aim: finite,
    strike: ms.optional(),
  })
  .refine((o) => o.to >= o.from, { message: '`to` must not be before `from`', path: ['to'] });
export type OccluderSetting = z.output<typeof occluderSchema>;

/** The player who plays a stroke: at the cue ball, aimed along its velocity, `before` ms before the strike to `after` ms after. */
export const strokePlayerSchema = z.strictObject({
  ...playerLook,
  before: ms.max(60_000).default(1200),
  after: ms.max(60_000).default(500),
});

export const scenarioRenderSchema = z.strictObject({
  seed: finite.int().optional(),
  /** Still time before the first stroke, between strokes, after the last (the physics' PlayOptions), ms. */
  leadMs: ms.max(60_000).optional(),
  gapMs: ms.max(60_000).optional(),
  tailMs: ms.max(60_000).optional(),
  exposureMs: ms.max(1000).optional(),
  noise: ms.max(64).optional(),
  supersample: finite.int().min(1).max(4).optional(),
  maxSubsamples: finite.int().min(1).max(64).optional(),
  light: lightSchema.optional(),
  /** The cloth: `green` (the default), `blue`, or its colour as 8-bit sRGB. */
  cloth: z.union([z.enum(Object.keys(CLOTH_COLOURS) as [ClothName, ...ClothName[]]), rgb8]).optional(),
  occluders: z.array(occluderSchema).max(16).default([]),
});
export type ScenarioRender = z.output<typeof scenarioRenderSchema>;

export const strokeRenderSchema = z.strictObject({
  light: lightSchema.optional(),
  /** `true` for a player with the defaults, or the player's settings. */
  player: z.preprocess((v) => (v === true ? {} : v === false ? undefined : v), strokePlayerSchema.optional()),
  occluders: z.array(occluderSchema).max(16).default([]),
});
export type StrokeRender = z.output<typeof strokeRenderSchema>;

export const parseScenarioRender = (json: unknown, field = 'render'): Result<ScenarioRender> =>
  parseWith(scenarioRenderSchema, json ?? {}, 'INVALID_INPUT', field);

export const parseStrokeRender = (json: unknown, field: string): Result<StrokeRender> =>
  parseWith(strokeRenderSchema, json ?? {}, 'INVALID_INPUT', field);

/** The table's look with the cloth a scenario names (`render.cloth`). */
export const lookWithCloth = (
  cloth: ClothName | readonly [number, number, number],
  look: TableLookOptions = DEFAULT_TABLE_LOOK,
): TableLookOptions => ({
  ...look,
  cloth: { ...look.cloth, colour: typeof cloth === 'string' ? CLOTH_COLOURS[cloth] : cloth },
});
