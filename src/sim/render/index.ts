// The simulator's renderer (docs/design.md: sim/): frames of a table as the overhead camera of a
// calibration would see them, with exact truth. Build a Renderer once per calibration (it precomputes
// the ray map and the static background), then draw frames from the balls' positions over each
// exposure. Pure and deterministic: the same inputs and seed give byte-identical frames.
import type { Table } from '../../equipment/index.ts';
import sharp from 'sharp';
import type { Calibration } from '../../camera/index.ts';
import { project } from '../../camera/index.ts';
import type { RgbImage } from '../../core/image.ts';
import { mm } from '../../core/units.ts';
import { makeRng } from '../random.ts';
import type { Clip } from './clip.ts';
import { hash2 } from './cloth.ts';
import {
  applyCamera,
  exposureTimes,
  lightTable,
  makeNoiseTable,
  NEUTRAL_LIGHT,
  type LightChange,
} from './effects.ts';
import {
  composeFrame,
  emptyTileCache,
  type CompositorContext,
  type RenderBall,
  type SubFrame,
  type TileCache,
} from './frame.ts';
import { makeLighting } from './lights.ts';
import type { Primitive } from './occluders.ts';
import { DEFAULT_RENDERER, type RendererOptions } from './options.ts';
import { rayMapFor } from './raymap.ts';
import { makeStaticScene, renderBackground, type Background } from './table.ts';

export interface Renderer {
  readonly calibration: Calibration<Table>;
  readonly options: RendererOptions;
  readonly context: CompositorContext;
  /** Sensor noise table (undefined when `noise` is 0). */
  readonly noise: Int8Array | undefined;
  /** The frame being composed, redrawn tile by tile only where something changed (see TileCache). */
  readonly cache: TileCache;
  /** Millimetres one pixel spans on the cloth in the middle of the bed. */
  readonly mmPerPx: number;
}

const backgrounds = new WeakMap<Calibration<Table>, Map<string, Background>>();

/**
 * A renderer for one calibration. The ray map is shared by every renderer of the calibration; the
 * background by those with the same table look and light; the sensor noise comes from `seed`.
 */
export const createRenderer = (
  calibration: Calibration<Table>,
  overrides: Partial<RendererOptions> = {},
): Renderer => {
  const options: RendererOptions = { ...DEFAULT_RENDERER, ...overrides };
  const table = calibration.table;
  const map = rayMapFor(calibration);
  const lighting = makeLighting(table, options.canopy);
  const scene = makeStaticScene(table, lighting, options.look, options.tableSeed);
  const key = JSON.stringify([options.supersample, options.tableSeed, options.canopy, options.look]);
  let perCalibration = backgrounds.get(calibration);
  if (!perCalibration) {
    perCalibration = new Map();
    backgrounds.set(calibration, perCalibration);
  }
  let background = perCalibration.get(key);
  if (!background) {
    background = renderBackground(map, scene, options.supersample);
    perCalibration.set(key, background);
  }
  const centre = project(calibration, { x: mm(table.width / 2), y: mm(table.length / 2), z: mm(0) });
  const cu = Math.min(map.width - 1, Math.max(0, Math.round(centre.u)));
  const cv = Math.min(map.height - 1, Math.max(0, Math.round(centre.v)));
  const distance = Math.hypot(map.ox - table.width / 2, map.oy - table.length / 2, map.oz);
  return {
    calibration,
    options,
    context: {
      calibration,
      map,
      scene,
      background,
      lighting,
      ballLook: options.ball,
      options: options.compositor,
    },
    noise:
      options.noise > 0
        ? makeNoiseTable(options.noise, options.noiseTableLength, noiseSource(options.seed))
        : undefined,
    mmPerPx: (map.pixelAngle[cv * map.width + cu] as number) * distance,
    cache: emptyTileCache(),
  };
};

/**
 * The instants of one exposure centred on t, with the balls and occluders at each: as many as the
 * fastest thing needs to move no more than `blurPxPerSample` pixels between them (capped at
 * `maxSubsamples`), or just t when nothing moves or the exposure is 0.
 */
export const subframesAt = (
  r: Renderer,
  t: number,
  balls: (t: number) => readonly RenderBall[],
  occluders: (t: number) => readonly Primitive[],
): SubFrame[] => {
  const { exposureMs, maxSubsamples, blurPxPerSample } = r.options;
  const at = (s: number): SubFrame => ({ balls: balls(s), occluders: occluders(s) });
  if (exposureMs <= 0 || maxSubsamples <= 1) return [at(t)];
  const a = at(t - exposureMs / 2);
  const b = at(t + exposureMs / 2);
  const travel = Math.max(travelMm(a, b), 0);
  const n = Math.min(maxSubsamples, Math.max(1, Math.ceil(travel / r.mmPerPx / blurPxPerSample)));
  if (n === 1) return [at(t)];
  return exposureTimes(t, exposureMs, n).map(at);
};

/** The farthest any ball or occluder part moves between two instants, mm (plan view). */
const travelMm = (a: SubFrame, b: SubFrame): number => {
  let most = 0;
  const balls = new Map(a.balls.map((x, i) => [x.track ?? `${x.id}#${i}`, x]));
  b.balls.forEach((x, i) => {
    const y = balls.get(x.track ?? `${x.id}#${i}`);
    if (y && x.state !== 'potted' && y.state !== 'potted')
      most = Math.max(most, Math.hypot(x.x - y.x, x.y - y.y, (x.z ?? 0) - (y.z ?? 0)));
  });
  const parts = new Map(a.occluders.map((q) => [q.key, q]));
  for (const q of b.occluders) {
    const p = parts.get(q.key);
    if (p) most = Math.max(most, Math.hypot(q.ax - p.ax, q.ay - p.ay), Math.hypot(q.bx - p.bx, q.by - p.by));
  }
  return most;
};

export interface FrameSettings {
  /** The room's light for this frame. */
  readonly light?: LightChange;
  /** The frame's number in its clip: picks its sensor noise, so frames differ but replay identically. */
  readonly frameIndex: number;
}

/** Draw one frame (RGB, width × height × 3) from the sub-samples of its exposure. */
export const renderFrame = (
  r: Renderer,
  subframes: readonly SubFrame[],
  settings: FrameSettings,
): RgbImage => {
  const image = composeFrame(r.context, subframes, r.cache);
  const offset = Math.floor(hash2(settings.frameIndex, r.options.seed, 0x5eed) * r.options.noiseTableLength);
  const data = applyCamera(image.data, lightTable(settings.light ?? NEUTRAL_LIGHT), r.noise, offset);
  return { width: image.width, height: image.height, data };
};

/** A frame as PNG (sharp encodes; nothing else here touches an image library). */
export const encodePng = async (image: RgbImage, compressionLevel = 6): Promise<Buffer> =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png({ compressionLevel })
    .toBuffer();

const noiseSource = (seed: number): (() => number) => {
  const rng = makeRng(seed);
  return () => rng.normal();
};

/** Frame `frameIndex` of a clip, at clip time t (ms). */
export const renderClipFrame = (r: Renderer, clip: Clip, t: number, frameIndex: number): RgbImage =>
  renderFrame(r, subframesAt(r, t, clip.balls, clip.occluders), { light: clip.light(t), frameIndex });

export {
  makeClip,
  parseClipRender,
  playClip,
  playOptions,
  rendererOverrides,
  type Clip,
  type ClipRender,
  type PlayedClip,
} from './clip.ts';
export type { RenderBall, SubFrame } from './frame.ts';
export type { Primitive, PlayerSpec } from './occluders.ts';
export type { LightChange } from './effects.ts';
export type { RendererOptions } from './options.ts';
