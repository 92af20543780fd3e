// Scenes for the vision's tests and its benchmark (bench/detect.ts), drawn by src/sim's renderer with
// exact truth: the opening layout, random mid-frame layouts, clusters of touching balls, balls in the
// pockets' jaws, a player's cue, hand and arm over the balls, a dim room and a warm one. Every scene
// comes from a seed, so a set is regenerated on the fly rather than committed. The seeds used here
// (from 7_000_000) are apart from the classifier's training data. The truth says, for every ball,
// how much of it the camera sees past the occluders (by following each pixel's ray into the ball and
// the occluders' parts: exact, not a guess from the image).
import { project, scaleCalibration, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { intersectSphere, HIT_SIZE } from '../src/sim/render/balls.ts';
import {
  playerPrimitives,
  DEFAULT_PLAYER,
  intersectPrimitive,
  type PlayerSpec,
  type Primitive,
} from '../src/sim/render/occluders.ts';
import {
  createRenderer,
  renderFrame,
  subframesAt,
  type LightChange,
  type Renderer,
} from '../src/sim/render/index.ts';
import { rayMapFor } from '../src/sim/render/raymap.ts';
import { makeRng, type Rng } from '../src/sim/random.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { openingLayout as poolOpening } from '../src/games/blackball/layout.ts';
import { OBJECT_BALL_IDS } from '../src/games/blackball/equipment.ts';
import { randomOrientation, type Orientation } from '../src/sim/orientation.ts';
import type { ClothName } from '../src/sim/render/cloth.ts';
import { lookWithCloth } from '../src/sim/render/options.ts';
import { ballsOverlap, isOnBed, type Table } from '../src/equipment/index.ts';
import { SNOOKER_COLOURS, SNOOKER_REDS, type SnookerBallId } from '../src/games/snooker/equipment.ts';
import { isMarked, type BallId } from '../src/equipment/pieces.ts';
import { mm, pointMm } from '../src/core/units.ts';

export const SCENE_KINDS = ['opening', 'random', 'clusters', 'jaws', 'occluders', 'dim', 'warm'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export interface SceneBall {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  /** Which way up it is: pool's balls are turned at random (src/sim/orientation.ts). */
  readonly q?: Orientation;
}

/** What a game's scenes are made of: which balls a scene of n holds, and the opening layout. */
export interface SceneGame {
  readonly ids: (rng: Rng, n: number) => BallId[];
  readonly opening: (table: Table) => readonly SceneBall[];
}

export interface Scene {
  readonly kind: SceneKind;
  readonly seed: number;
  readonly balls: readonly SceneBall[];
  readonly players: readonly PlayerSpec[];
  readonly light: LightChange;
}

export interface TruthBall extends SceneBall {
  /** Share of the ball's image the camera sees past the occluders (0…1). */
  readonly visible: number;
}

export const HELD_OUT_SEED = 7_000_000;

const free = (table: Table, balls: readonly SceneBall[], x: number, y: number): boolean =>
  isOnBed(table, pointMm(x, y)) &&
  !balls.some((b) => ballsOverlap(table, pointMm(x, y), pointMm(b.x, b.y), 1e-6));

/** A set of ids for (up to) n balls that a snooker table can hold: the cue, colours once, ≤ 15 reds. */
const someIds = (rng: Rng, n: number): SnookerBallId[] => {
  const colours = [...SNOOKER_COLOURS].sort(() => rng.next() - 0.5);
  const ids: SnookerBallId[] = ['cue'];
  const nColours = Math.min(colours.length, Math.max(rng.int(1, 7), n - 1 - SNOOKER_REDS), n - 1);
  ids.push(...colours.slice(0, nColours));
  for (let reds = 0; ids.length < n && reds < SNOOKER_REDS; reds++) ids.push('red');
  return ids;
};

/** Up to n pool balls: the cue ball and numbers drawn without repeats. */
const somePoolIds = (rng: Rng, n: number): BallId[] => {
  const numbers = [...OBJECT_BALL_IDS].sort(() => rng.next() - 0.5);
  return ['cue', ...numbers.slice(0, Math.min(numbers.length, n - 1))];
};

export const SNOOKER_SCENES: SceneGame = { ids: someIds, opening: openingLayout };
export const POOL_SCENES: SceneGame = { ids: somePoolIds, opening: poolOpening };

const scatter = (table: Table, rng: Rng, ids: readonly BallId[], balls: SceneBall[]): void => {
  for (const id of ids) {
    for (let tries = 0; tries < 500; tries++) {
      // Now and then hard against a cushion.
      const edge = rng.next() < 0.2;
      let x = rng.uniform(0, table.width);
      let y = rng.uniform(0, table.length);
      if (edge) {
        const side = rng.int(0, 4);
        const r = table.ballRadius + 0.5;
        if (side === 0) x = r;
        else if (side === 1) x = table.width - r;
        else if (side === 2) y = r;
        else y = table.length - r;
      }
      if (free(table, balls, x, y)) {
        balls.push({ id, x, y });
        break;
      }
    }
  }
};

/** Clusters of touching balls: each new ball touches one already in its cluster. */
const clusters = (table: Table, rng: Rng, ids: readonly BallId[], balls: SceneBall[]): void => {
  const D = table.ballDiameter;
  let i = 0;
  while (i < ids.length) {
    const size = Math.min(ids.length - i, rng.int(2, 8));
    let cx = 0;
    let cy = 0;
    for (let tries = 0; tries < 500; tries++) {
      cx = rng.uniform(150, table.width - 150);
      cy = rng.uniform(150, table.length - 150);
      if (free(table, balls, cx, cy)) break;
    }
    const members: SceneBall[] = [{ id: ids[i] as BallId, x: cx, y: cy }];
    balls.push(members[0] as SceneBall);
    i++;
    for (let k = 1; k < size; k++) {
      for (let tries = 0; tries < 200; tries++) {
        const base = members[rng.int(0, members.length)] as SceneBall;
        const a = rng.uniform(0, 2 * Math.PI);
        // Touching, or a hair apart (1e-6 mm) so that rounding never makes them overlap.
        const x = base.x + (D + 1e-6) * Math.cos(a);
        const y = base.y + (D + 1e-6) * Math.sin(a);
        if (free(table, balls, x, y)) {
          const b = { id: ids[i] as BallId, x, y };
          members.push(b);
          balls.push(b);
          break;
        }
      }
      i++;
    }
  }
};

/** Balls in the pockets' jaws: between the mouth and the fall, where a ball can still rest. */
const inJaws = (table: Table, rng: Rng, ids: readonly BallId[], balls: SceneBall[]): void => {
  const pockets = [...table.pockets].sort(() => rng.next() - 0.5);
  ids.forEach((id, k) => {
    const p = pockets[k % pockets.length];
    if (!p) return;
    const across = { x: -p.axis.y, y: p.axis.x };
    for (let tries = 0; tries < 400; tries++) {
      const depth = rng.uniform(-35, p.fallDepth - 1);
      const lateral = rng.uniform(-p.mouth / 2, p.mouth / 2);
      const x = p.mouthCentre.x + depth * p.axis.x + lateral * across.x;
      const y = p.mouthCentre.y + depth * p.axis.y + lateral * across.y;
      if (free(table, balls, x, y)) {
        balls.push({ id, x, y });
        return;
      }
    }
  });
};

/**
 * Would a resting ball at (x, y) run into a part of the player (in 3D)? Balls pass under the arm and
 * the raised cue, never through them, nor under the hand on the cloth.
 */
const hitsPart = (table: Table, parts: readonly Primitive[], x: number, y: number): boolean => {
  const R = table.ballRadius;
  const z = table.ballCentreHeight;
  return parts.some((q) => {
    if (q.kind === 'capsule') {
      const ex = q.bx - q.ax;
      const ey = q.by - q.ay;
      const ez = q.bz - q.az;
      const len2 = ex * ex + ey * ey + ez * ez;
      const t =
        len2 > 0 ? Math.min(1, Math.max(0, ((x - q.ax) * ex + (y - q.ay) * ey + (z - q.az) * ez) / len2)) : 0;
      return Math.hypot(x - q.ax - t * ex, y - q.ay - t * ey, z - q.az - t * ez) < q.r + R;
    }
    // An ellipsoid, grown by the ball's radius, in its own axes (turned by yaw about z).
    const c = Math.cos(q.yaw);
    const sn = Math.sin(q.yaw);
    const dx = x - q.ax;
    const dy = y - q.ay;
    const a = (c * dx + sn * dy) / (q.rx + R);
    const b = (-sn * dx + c * dy) / (q.ry + R);
    const h = (z - q.az) / (q.rz + R);
    return a * a + b * b + h * h < 1;
  });
};

const player = (
  contact: SceneBall,
  aim: number,
  side: 'left' | 'right',
  kind: 'player' | 'cue',
): PlayerSpec => ({
  ...DEFAULT_PLAYER,
  kind,
  side,
  from: 0,
  to: 1,
  contact: { x: contact.x, y: contact.y },
  aim,
});

/**
 * A scene of a kind from a seed, on a table, with the game's balls (snooker's unless told). Balls with
 * marks (pool's) are turned at random, drawn last so that a snooker scene is as it always was.
 */
export const makeScene = (
  kind: SceneKind,
  seed: number,
  table: Table,
  game: SceneGame = SNOOKER_SCENES,
): Scene => {
  const scene = plainScene(kind, seed, table, game);
  if (!Object.values(table.balls.look).some(isMarked)) return scene;
  const rng = makeRng(seed ^ 0x0a11);
  return { ...scene, balls: scene.balls.map((b) => ({ ...b, q: randomOrientation(rng) })) };
};

const plainScene = (kind: SceneKind, seed: number, table: Table, game: SceneGame): Scene => {
  const rng = makeRng(seed);
  const balls: SceneBall[] = [];
  let players: PlayerSpec[] = [];
  let light: LightChange = { gain: 1, warmth: 0 };
  if (kind === 'opening') {
    balls.push(...game.opening(table).map(({ id, x, y }) => ({ id, x, y })));
  } else if (kind === 'clusters') {
    clusters(table, rng, game.ids(rng, rng.int(12, 23)), balls);
  } else if (kind === 'jaws') {
    const ids = game.ids(rng, rng.int(10, 18));
    inJaws(table, rng, ids.slice(0, 6), balls);
    scatter(table, rng, ids.slice(6), balls);
  } else if (kind === 'occluders') {
    const ids = game.ids(rng, rng.int(10, 20));
    scatter(table, rng, ids.slice(0, 1), balls);
    const cue = balls[0] as SceneBall;
    const aim = rng.uniform(0, 360);
    const spec = player(cue, aim, rng.next() < 0.5 ? 'left' : 'right', rng.next() < 0.8 ? 'player' : 'cue');
    players = [spec];
    // Balls around the player's parts, so that some are hidden in part or whole.
    const parts = playerPrimitives(spec, 0, table, 'p');
    for (const id of ids.slice(1)) {
      for (let tries = 0; tries < 200; tries++) {
        const q = parts[rng.int(0, parts.length)] as Primitive;
        const f = rng.next();
        const x = q.ax + f * (q.bx - q.ax) + rng.normal(0, 60);
        const y = q.ay + f * (q.by - q.ay) + rng.normal(0, 60);
        if (free(table, balls, x, y) && !hitsPart(table, parts, x, y)) {
          balls.push({ id, x, y });
          break;
        }
      }
    }
  } else {
    scatter(table, rng, game.ids(rng, rng.int(8, 23)), balls);
    if (kind === 'dim') light = { gain: rng.uniform(0.35, 0.5), warmth: rng.uniform(-0.2, 0.2) };
    if (kind === 'warm') light = { gain: rng.uniform(0.8, 1.1), warmth: rng.uniform(0.6, 1) };
  }
  return { kind, seed, balls, players, light };
};

/** Render a scene; the truth gives every ball's visible share. */
export const renderScene = (r: Renderer, scene: Scene): { image: RgbImage; truth: TruthBall[] } => {
  const table = r.calibration.table;
  const parts = scene.players.flatMap((p, i) => playerPrimitives(p, 0, table, `player${i}`));
  const balls = scene.balls.map((b) => ({ ...b }));
  const image = renderFrame(
    r,
    subframesAt(
      r,
      0,
      () => balls,
      () => parts,
    ),
    {
      frameIndex: scene.seed,
      light: scene.light,
    },
  );
  return { image, truth: scene.balls.map((b) => ({ ...b, visible: visibleShare(r.calibration, b, parts) })) };
};

/** Share of a ball's pixels whose ray meets the ball before any occluder part. */
const visibleShare = (c: Calibration<Table>, b: SceneBall, parts: readonly Primitive[]): number => {
  if (parts.length === 0) return 1;
  const map = rayMapFor(c);
  const R = c.table.ballRadius;
  const h = c.table.ballCentreHeight;
  const hit = new Float64Array(HIT_SIZE);
  const probe = new Float64Array(HIT_SIZE);
  // The ball's box in the image: its centre's pixel ± its apparent radius and a margin.
  const dist = Math.hypot(b.x - map.ox, b.y - map.oy, h - map.oz);
  let seen = 0;
  let all = 0;
  const centre = project(c, { x: mm(b.x), y: mm(b.y), z: mm(h) });
  const cu = Math.min(map.width - 1, Math.max(0, Math.round(centre.u)));
  const cv = Math.min(map.height - 1, Math.max(0, Math.round(centre.v)));
  const pa = map.pixelAngle[cv * map.width + cu] as number;
  const reach = Math.ceil(R / (dist * pa)) + 10;
  for (let v = Math.max(0, cv - reach); v < Math.min(map.height, cv + reach); v++) {
    for (let u = Math.max(0, cu - reach); u < Math.min(map.width, cu + reach); u++) {
      const i = v * map.width + u;
      const dx = map.dir[3 * i] as number;
      const dy = map.dir[3 * i + 1] as number;
      const dz = map.dir[3 * i + 2] as number;
      if (
        !intersectSphere(map.ox, map.oy, map.oz, dx, dy, dz, b.x, b.y, h, R, map.pixelAngle[i] as number, hit)
      )
        continue;
      if ((hit[1] as number) < 0.5) continue;
      all++;
      const covered = parts.some(
        (q) =>
          intersectPrimitive(q, map.ox, map.oy, map.oz, dx, dy, dz, map.pixelAngle[i] as number, probe) &&
          (probe[1] as number) >= 0.5 &&
          (probe[0] as number) < (hit[0] as number),
      );
      if (!covered) seen++;
    }
  }
  return all > 0 ? seen / all : 0;
};

/** A renderer for a calibration, its noise seeded, on the default cloth or the one named. */
export const sceneRenderer = (c: Calibration<Table>, seed = HELD_OUT_SEED, cloth?: ClothName): Renderer =>
  createRenderer(c, cloth === undefined ? { seed } : { seed, look: lookWithCloth(cloth) });

/** The demo camera at 4K: the same lens and pose, every intrinsic scaled by two (pixel centres kept). */
export const scaledCalibration = (c: Calibration<Table>, k: number): Calibration<Table> => {
  const scaled = scaleCalibration(c, k);
  if (!scaled.ok) throw new Error(`scaled calibration: ${scaled.error.message}`);
  return scaled.value;
};
