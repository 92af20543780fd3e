// A scenario's clip: what the renderer draws at each instant of a played scenario — the balls where
// the physics put them, the players and cues its `render` options place, and the room's light as it
// changes from stroke to stroke. Each stroke's `player` stands at the cue ball aimed along the cue
// ball's velocity and strikes it at the stroke's start.
import { ok, type Result } from '../../core/errors.ts';
import type { Table } from '../../equipment/index.ts';
import type { BallSample } from '../physics/index.ts';
import { orientationsOf } from '../orientation.ts';
import { makeRng } from '../random.ts';
import type { Scenario } from '../scenario.ts';
import { playScenario, positionsAt, visibleAt, type PlayedScenario, type PlayOptions } from '../truth.ts';
import { NEUTRAL_LIGHT, type LightChange } from './effects.ts';
import type { RenderBall } from './frame.ts';
import { isMarked } from '../../equipment/pieces.ts';
import { playerPrimitives, type PlayerSpec, type Primitive } from './occluders.ts';
import {
  lookWithCloth,
  parseScenarioRender,
  parseStrokeRender,
  type LightSetting,
  type OccluderSetting,
  type RendererOptions,
  type ScenarioRender,
  type StrokeRender,
} from './options.ts';

/** A scenario's render options, checked before anything is played. */
export interface ClipRender {
  readonly scenario: ScenarioRender;
  readonly strokes: readonly StrokeRender[];
}

export const parseClipRender = (s: Scenario): Result<ClipRender> => {
  const scenario = parseScenarioRender(s.render);
  if (!scenario.ok) return scenario;
  const strokes: StrokeRender[] = [];
  for (const [k, stroke] of s.strokes.entries()) {
    const parsed = parseStrokeRender(stroke.render, `strokes[${k}].render`);
    if (!parsed.ok) return parsed;
    strokes.push(parsed.value);
  }
  return ok({ scenario: scenario.value, strokes });
};

/** The renderer's options a scenario sets (the noise seed is the scenario's unless it says otherwise). */
export const rendererOverrides = (s: Scenario, r: ClipRender): Partial<RendererOptions> => {
  const o = r.scenario;
  return {
    seed: o.seed ?? s.seed,
    ...(o.exposureMs === undefined ? {} : { exposureMs: o.exposureMs }),
    ...(o.noise === undefined ? {} : { noise: o.noise }),
    ...(o.supersample === undefined ? {} : { supersample: o.supersample }),
    ...(o.maxSubsamples === undefined ? {} : { maxSubsamples: o.maxSubsamples }),
    ...(o.cloth === undefined ? {} : { look: lookWithCloth(o.cloth) }),
  };
};

/**
 * How the scenario is laid out in time: still time before the first stroke long enough for its
 * player to be seen addressing the ball, unless the scenario says otherwise.
 */
export const playOptions = (r: ClipRender): PlayOptions => {
  const first = r.strokes[0]?.player;
  const o = r.scenario;
  return {
    leadMs: o.leadMs ?? first?.before ?? 0,
    ...(o.gapMs === undefined ? {} : { gapMs: o.gapMs }),
    ...(o.tailMs === undefined ? {} : { tailMs: o.tailMs }),
  };
};

export interface Clip {
  /** Every ball at clip time t; with its orientation (`q`) where the set's balls carry marks that show it. */
  readonly balls: (t: number) => (BallSample & RenderBall)[];
  readonly occluders: (t: number) => Primitive[];
  readonly light: (t: number) => LightChange;
}

const toSpec = (o: OccluderSetting, shift: number): PlayerSpec => ({
  kind: o.kind,
  from: o.from + shift,
  to: o.to + shift,
  contact: o.contact,
  aim: o.aim,
  ...(o.strike === undefined ? {} : { strike: o.strike + shift }),
  gap: o.gap,
  backswing: o.backswing,
  followThrough: o.followThrough,
  bridge: o.bridge,
  elevation: o.elevation,
  side: o.side,
  sleeve: o.sleeve,
  skin: o.skin,
});

/** The clip of a played scenario: every occluder resolved to clip time, the light's changes in order. */
export const makeClip = (s: Scenario, r: ClipRender, played: PlayedScenario): Clip => {
  const table: Table = played.table;
  const specs: PlayerSpec[] = r.scenario.occluders.map((o) => toSpec(o, 0));
  const changes: { start: number; light: LightSetting }[] = [];
  for (const [k, stroke] of r.strokes.entries()) {
    const start = played.strokes[k]?.start;
    if (start === undefined) continue;
    specs.push(...stroke.occluders.map((o) => toSpec(o, start)));
    if (stroke.light) changes.push({ start, light: stroke.light });
    const player = stroke.player;
    // Every stroke has a cue ball (playScenario puts one in hand if it went in) and a cue action.
    const cue = positionsAt(played, start).find((b) => b.id === 'cue');
    const action = s.strokes[k]?.cue;
    if (!player || !cue || !action) continue;
    const speed = Math.hypot(action.vx, action.vy);
    const ux = action.vx / speed;
    const uy = action.vy / speed;
    specs.push(
      toSpec(
        {
          ...player,
          from: start - player.before,
          to: start + player.after,
          strike: start,
          contact: { x: cue.x - ux * table.ballRadius, y: cue.y - uy * table.ballRadius },
          aim: (Math.atan2(uy, ux) * 180) / Math.PI,
        },
        0,
      ),
    );
  }
  const given = r.scenario.light;
  const base: LightChange = given ? { gain: given.gain, warmth: given.warmth } : NEUTRAL_LIGHT;
  // Balls turned at random from the scenario's seed, rolling from there: the same clip every time.
  const marked = Object.values(table.balls.look).some(isMarked);
  const turn = marked ? orientationsOf(played, makeRng((s.seed ^ 0x6f7269) >>> 0)) : undefined;
  return {
    // A cue ball in hand is drawn where the striker placed it a little before the stroke (visibleAt).
    balls: (t) => (turn ? turn(t, visibleAt(played, t)) : visibleAt(played, t)),
    occluders: (t) => specs.flatMap((p, i) => playerPrimitives(p, t, table, `occluder${i}`)),
    light: (t) => {
      let light = base;
      for (const c of changes) {
        if (t < c.start) break;
        const f = c.light.rampMs > 0 ? Math.min(1, (t - c.start) / c.light.rampMs) : 1;
        light = {
          gain: light.gain + (c.light.gain - light.gain) * f,
          warmth: light.warmth + (c.light.warmth - light.warmth) * f,
        };
      }
      return light;
    },
  };
};

/** A scenario made ready to draw: its render options checked, its strokes played as they lay them out, its clip. */
export interface PlayedClip {
  readonly render: ClipRender;
  readonly played: PlayedScenario;
  readonly clip: Clip;
}

export const playClip = (s: Scenario): Result<PlayedClip> => {
  const render = parseClipRender(s);
  if (!render.ok) return render;
  const played = playScenario(s, playOptions(render.value));
  return ok({ render: render.value, played, clip: makeClip(s, render.value, played) });
};
