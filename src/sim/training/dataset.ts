// Labelled patches for the classifier, cut from frames src/sim renders: every ball's true identity and
// position are known, so each patch is labelled exactly. Frames vary in everything the classifier
// must not care about: the camera, the light (dim, warm, bright and combinations), the sensor noise,
// motion blur, players and cues over the balls, balls packed touching, against cushions and in the
// jaws. Training tooling: the training script and the tests use it; nothing at run time does.
import { project, type Calibration } from '../../camera/index.ts';
import { makeRng, type Rng } from '../random.ts';
import { createRenderer, renderFrame, subframesAt, type Renderer } from '../render/index.ts';
import { composeFrame, emptyTileCache, type RenderBall } from '../render/frame.ts';
import { DEFAULT_PLAYER, playerPrimitives, type Primitive } from '../render/occluders.ts';
import { isMarked, type BallId } from '../../equipment/pieces.ts';
import { mm } from '../../core/units.ts';
import { PATCH, type ClassifierInputs } from '../../vision/classify/inputs.ts';
import {
  lightReference,
  writePatches,
  type BallPatchInput,
  type PatchOptions,
} from '../../vision/classify/patch.ts';
import type { ClothName } from '../render/cloth.ts';
import { lookWithCloth } from '../render/options.ts';
import { randomOrientation, rolled } from '../orientation.ts';
import { placeBalls, type LayoutKind, type PlacedBall } from './scenes.ts';
import { jpegRoundTrip } from '../alt/jpeg.ts';
import { variedBalance, variedBallLooks, variedCloth, variedResin, type Variety } from './variety.ts';

export const LIGHT_CONDITIONS = ['normal', 'dim', 'warm', 'bright', 'dimWarm'] as const;
import type { Table } from '../../equipment/index.ts';
export type LightCondition = (typeof LIGHT_CONDITIONS)[number];

/** The room's light under each condition: gain and warmth ranges (src/sim/render/effects.ts). */
export const LIGHT_RANGES: Readonly<
  Record<LightCondition, { gain: [number, number]; warmth: [number, number] }>
> = {
  normal: { gain: [0.85, 1.15], warmth: [-0.15, 0.15] },
  dim: { gain: [0.4, 0.7], warmth: [-0.15, 0.3] },
  warm: { gain: [0.8, 1.15], warmth: [0.5, 1] },
  bright: { gain: [1.3, 1.8], warmth: [-0.15, 0.15] },
  dimWarm: { gain: [0.4, 0.7], warmth: [0.5, 1] },
};

/** What is known about one patch besides its label. */
export interface SampleInfo {
  readonly id: BallId;
  readonly condition: LightCondition;
  /** Share of the ball's disc not hidden by a player or cue, 0…1. */
  readonly visible: number;
  readonly moving: boolean;
  readonly layout: LayoutKind;
  /** Index of the frame's camera in `cameras`. */
  readonly camera: number;
}

export interface PatchSet {
  /** The ids told apart, in the classifier's output order (the cameras' tables' ball set). */
  readonly classes: readonly BallId[];
  readonly inputs: ClassifierInputs;
  /** Index into `classes` of each patch's true identity. */
  readonly labels: Uint8Array;
  readonly info: readonly SampleInfo[];
}

export interface DatasetOptions {
  readonly seed: number;
  readonly cameras: readonly Calibration<Table>[];
  readonly framesPerCamera: number;
  /** Sensor noise levels (8-bit standard deviations); each frame takes one. */
  readonly noise: readonly number[];
  /** Supersampling of the static background. */
  readonly supersample: number;
  /** Share of frames with the balls moving (motion blur), and with a player or cue over them. */
  readonly movingShare: number;
  readonly occludedShare: number;
  /** Fastest ball in a moving frame, mm/s. */
  readonly maxSpeed: number;
  /** Weight of each light condition. */
  readonly conditions: Readonly<Record<LightCondition, number>>;
  /** How far the patch's centre (in radii) and radius (as a share) may be off, as a detector's may be. */
  readonly centreJitter: number;
  readonly radiusJitter: number;
  /** Balls of each class in a frame. */
  readonly perClass: number;
  /** The patch cut round each ball (the model's); the default patch when not given. */
  readonly patch?: PatchOptions;
  /** Cloths the frames are drawn on, one per renderer (the default green when not given). */
  readonly cloths?: readonly ClothName[];
  /**
   * What cameras and ball makers vary, drawn per frame (ball colours, gloss, white balance, JPEG) and
   * per camera (its cloth, in place of `cloths`); none when not given: our renderer's own look.
   */
  readonly variety?: Variety;
}

export const DEFAULT_DATASET: Omit<DatasetOptions, 'seed' | 'cameras' | 'framesPerCamera'> = {
  noise: [0.5, 1.5, 3.5],
  supersample: 2,
  movingShare: 0.2,
  occludedShare: 0.5,
  maxSpeed: 3000,
  conditions: { normal: 0.3, dim: 0.2, warm: 0.2, bright: 0.15, dimWarm: 0.15 },
  centreJitter: 0.12,
  radiusJitter: 0.08,
  perClass: 3,
};

const LAYOUTS: readonly LayoutKind[] = ['scatter', 'scatter', 'pack', 'cushions', 'jaws'];

const pick = <T extends string>(rng: Rng, weights: Readonly<Record<T, number>>): T => {
  const entries = Object.entries(weights) as [T, number][];
  let x = rng.next() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [k, w] of entries) {
    x -= w;
    if (x < 0) return k;
  }
  return (entries[entries.length - 1] as [T, number])[0];
};

const shuffle = <T>(rng: Rng, a: T[]): T[] => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i + 1);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
};

/** Where the camera sees a resting ball's centre, and the radius of its image, px. */
export const ballInImage = (c: Calibration<Table>, x: number, y: number): BallPatchInput => {
  const z = c.table.ballCentreHeight;
  const r = c.table.ballRadius;
  const q = project(c, { x: mm(x), y: mm(y), z: mm(z) });
  let sum = 0;
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ] as const) {
    const e = project(c, { x: mm(x + r * dx), y: mm(y + r * dy), z: mm(z) });
    sum += Math.hypot(e.u - q.u, e.v - q.v);
  }
  return { u: q.u, v: q.v, radiusPx: sum / 4 };
};

/** Share of each ball's disc that a frame drawn with occluders leaves as it is without them. */
const visibleShares = (
  r: Renderer,
  balls: readonly RenderBall[],
  occluders: readonly Primitive[],
  discs: readonly BallPatchInput[],
): number[] => {
  const bare = composeFrame(r.context, [{ balls, occluders: [] }], emptyTileCache()).data;
  const covered = composeFrame(r.context, [{ balls, occluders }], emptyTileCache()).data;
  const w = r.calibration.image.width;
  const h = r.calibration.image.height;
  return discs.map((d) => {
    let n = 0;
    let seen = 0;
    const rr = d.radiusPx * d.radiusPx;
    for (
      let v = Math.max(0, Math.floor(d.v - d.radiusPx));
      v <= Math.min(h - 1, Math.ceil(d.v + d.radiusPx));
      v++
    ) {
      for (
        let u = Math.max(0, Math.floor(d.u - d.radiusPx));
        u <= Math.min(w - 1, Math.ceil(d.u + d.radiusPx));
        u++
      ) {
        if ((u - d.u) ** 2 + (v - d.v) ** 2 > rr) continue;
        const i = (v * w + u) * 3;
        const diff =
          Math.abs((bare[i] as number) - (covered[i] as number)) +
          Math.abs((bare[i + 1] as number) - (covered[i + 1] as number)) +
          Math.abs((bare[i + 2] as number) - (covered[i + 2] as number));
        n++;
        // A player's shadow darkens a ball a little; being hidden changes it wholesale.
        if (diff < 60) seen++;
      }
    }
    return n === 0 ? 1 : seen / n;
  });
};

/**
 * Players (or cues alone) lying over some of the balls: each aimed so that its cue (and, as often as
 * not, its bridge hand) passes over a ball, somewhere between across its middle and off its edge.
 */
const playersOver = (rng: Rng, r: Renderer, balls: readonly PlacedBall[]): Primitive[] => {
  const parts: Primitive[] = [];
  const count = 1 + rng.int(0, 3);
  const radius = r.calibration.table.ballRadius;
  for (let k = 0; k < count && balls.length > 0; k++) {
    const b = balls[rng.int(0, balls.length)] as PlacedBall;
    const aim = rng.uniform(0, 360);
    const ax = Math.cos((aim * Math.PI) / 180);
    const ay = Math.sin((aim * Math.PI) / 180);
    // The cue runs back from the contact point: put the ball behind it, a little to one side.
    const behind = rng.uniform(30, 350);
    const aside = rng.uniform(-1.3, 1.3) * radius;
    const spec = {
      ...DEFAULT_PLAYER,
      kind: rng.next() < 0.5 ? ('player' as const) : ('cue' as const),
      side: rng.next() < 0.5 ? ('left' as const) : ('right' as const),
      from: -1e9,
      to: 1e9,
      contact: { x: b.x + behind * ax - aside * ay, y: b.y + behind * ay + aside * ax },
      aim,
      elevation: rng.uniform(2, 10),
      bridge: rng.uniform(150, 350),
    };
    parts.push(...playerPrimitives(spec, 0, r.calibration.table, `player${k}`));
  }
  return parts;
};

/** The renderer drawing balls in other colours and gloss (its background and tile cache shared). */
const withBalls = (
  r: Renderer,
  look: Renderer['context']['scene']['table']['balls']['look'],
  resin: Renderer['context']['ballLook'],
): Renderer => {
  const scene = r.context.scene;
  return {
    ...r,
    context: {
      ...r.context,
      ballLook: resin,
      scene: { ...scene, table: { ...scene.table, balls: { ...scene.table.balls, look } } },
    },
  };
};

/**
 * Render `framesPerCamera` frames through each camera and cut a labelled patch for every ball in
 * view. Deterministic from `seed`. `onFrame` is told of each frame drawn (for progress).
 */
export const renderPatchSet = async (
  o: DatasetOptions,
  onFrame?: (done: number, total: number) => void,
): Promise<PatchSet> => {
  const rng = makeRng(o.seed);
  // The variety's draws come from their own stream, so a set without it is drawn as it always was.
  const vrng = makeRng(o.seed * 104_729 + 17);
  const variety = o.variety;
  const patch = o.patch ?? PATCH;
  const S = patch.size;
  const patches: Float32Array[] = [];
  const lights: number[] = [];
  const labels: number[] = [];
  const info: SampleInfo[] = [];
  const total = o.cameras.length * o.framesPerCamera;
  const set = o.cameras[0]?.table.balls;
  const classes = set?.ids ?? [];
  // Balls with marks (pool's) are turned at random, and roll as they move; plain ones need no turning.
  const marked = set !== undefined && Object.values(set.look).some(isMarked);
  let done = 0;
  for (const [ci, calibration] of o.cameras.entries()) {
    const cloths = variety ? [variedCloth(vrng, variety)] : (o.cloths ?? [undefined]);
    const renderers = cloths.flatMap((cloth) =>
      o.noise.map((sigma, k) =>
        createRenderer(calibration, {
          noise: sigma,
          supersample: o.supersample,
          seed: o.seed * 7919 + ci * 31 + k,
          maxSubsamples: 8,
          ...(cloth === undefined ? {} : { look: lookWithCloth(cloth) }),
        }),
      ),
    );
    const table = calibration.table;
    for (let f = 0; f < o.framesPerCamera; f++) {
      const drawn = renderers[rng.int(0, renderers.length)] as Renderer;
      const r = variety
        ? withBalls(
            drawn,
            variedBallLooks(vrng, variety, drawn.context.scene.table.balls.look),
            variedResin(vrng, variety, drawn.context.ballLook),
          )
        : drawn;
      const layout = LAYOUTS[rng.int(0, LAYOUTS.length)] as LayoutKind;
      const ids = shuffle(
        rng,
        classes.flatMap((id) => Array<BallId>(o.perClass).fill(id)),
      );
      const moving = rng.next() < o.movingShare;
      const occluded = !moving && rng.next() < o.occludedShare;
      const placed = placeBalls(rng, table, ids, layout).map((b) => {
        if (!moving) return b;
        const speed = rng.uniform(0, o.maxSpeed);
        const a = rng.uniform(0, 2 * Math.PI);
        return { ...b, vx: speed * Math.cos(a), vy: speed * Math.sin(a) };
      });
      const condition = pick(rng, o.conditions);
      const range = LIGHT_RANGES[condition];
      const light = {
        gain: rng.uniform(range.gain[0], range.gain[1]),
        warmth: rng.uniform(range.warmth[0], range.warmth[1]),
        ...(variety ? { balance: variedBalance(vrng, variety) } : {}),
      };
      const turned = marked ? placed.map(() => randomOrientation(rng)) : [];
      const at = (t: number): RenderBall[] =>
        placed.map((b, i) => {
          const dx = (b.vx * t) / 1000;
          const dy = (b.vy * t) / 1000;
          const q = turned[i];
          return {
            id: b.id,
            track: `b${i}`,
            x: b.x + dx,
            y: b.y + dy,
            ...(q === undefined ? {} : { q: rolled(q, dx, dy, table.ballRadius) }),
          };
        });
      const occluders = occluded ? playersOver(rng, r, placed) : [];
      const rendered = renderFrame(
        r,
        subframesAt(r, 0, at, () => occluders),
        { light, frameIndex: done },
      );
      const image =
        variety && vrng.next() < variety.jpegShare
          ? await jpegRoundTrip(
              rendered,
              Math.round(vrng.uniform(variety.jpegQuality[0], variety.jpegQuality[1])),
            )
          : rendered;
      const discs = placed.map((b) => ballInImage(calibration, b.x, b.y));
      const visible = occluded ? visibleShares(r, at(0), occluders, discs) : discs.map(() => 1);
      const ref = lightReference(image);
      const inputs: BallPatchInput[] = [];
      placed.forEach((b, i) => {
        const d = discs[i] as BallPatchInput;
        if (
          d.u < d.radiusPx ||
          d.v < d.radiusPx ||
          d.u > image.width - 1 - d.radiusPx ||
          d.v > image.height - 1 - d.radiusPx
        )
          return;
        inputs.push({
          u: d.u + rng.uniform(-o.centreJitter, o.centreJitter) * d.radiusPx,
          v: d.v + rng.uniform(-o.centreJitter, o.centreJitter) * d.radiusPx,
          radiusPx: d.radiusPx * (1 + rng.uniform(-o.radiusJitter, o.radiusJitter)),
        });
        labels.push(classes.indexOf(b.id));
        lights.push(...ref);
        info.push({ id: b.id, condition, visible: visible[i] as number, moving, layout, camera: ci });
      });
      const out = new Float32Array(inputs.length * S * S * 3);
      writePatches(image, inputs, out, 0, patch);
      patches.push(out);
      done++;
      onFrame?.(done, total);
    }
  }
  const all = new Float32Array(labels.length * S * S * 3);
  let offset = 0;
  for (const p of patches) {
    all.set(p, offset);
    offset += p.length;
  }
  return {
    classes,
    inputs: { count: labels.length, patches: all, light: Float32Array.from(lights) },
    labels: Uint8Array.from(labels),
    info,
  };
};
