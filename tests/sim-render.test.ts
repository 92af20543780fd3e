// The renderer against truth: balls appear where the camera model puts them, frames replay byte for
// byte from a seed, the ball colours stay apart, a fast ball smears along its path, an occluder hides
// what is under it, and the tile cache changes nothing but the time taken.
import type { Table } from '../src/equipment/index.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeCalibrationJson, project, type Calibration } from '../src/camera/index.ts';
import { parseCalibration, parseSnookerScenario } from './helpers/games.ts';
import type { RgbImage } from '../src/core/image.ts';
import {
  createRenderer,
  parseClipRender,
  playClip,
  renderFrame,
  subframesAt,
  type Primitive,
  type RenderBall,
  type Renderer,
} from '../src/sim/render/index.ts';
import { playerPrimitives, DEFAULT_PLAYER, FEATHER } from '../src/sim/render/occluders.ts';
import { SNOOKER_BALL_IDS, type SnookerBallId } from '../src/games/snooker/equipment.ts';
import { mm } from '../src/core/units.ts';

/** The demo camera at half its resolution (960 × 540): the same view, a quarter of the pixels. */
const halfDemo = (): Calibration<Table> => {
  const full = parseCalibration(JSON.parse(readFileSync('calibration/demo.json', 'utf8')));
  if (!full.ok) throw new Error(full.error.message);
  const j = makeCalibrationJson(full.value);
  const k = j.camera;
  const half = parseCalibration({
    ...j,
    image: { width: j.image.width / 2, height: j.image.height / 2 },
    // Pixel centres at integers (OpenCV): u' = (u + 0.5) / 2 − 0.5.
    camera: { ...k, fx: k.fx / 2, fy: k.fy / 2, cx: (k.cx + 0.5) / 2 - 0.5, cy: (k.cy + 0.5) / 2 - 0.5 },
  });
  if (!half.ok) throw new Error(half.error.message);
  return half.value;
};

const calibration = halfDemo();
const R = calibration.table.ballRadius;
// No sensor noise unless a test is about it: pixels then compare exactly.
const clean = createRenderer(calibration, { noise: 0 });

const still = (r: Renderer, balls: readonly RenderBall[], occluders: readonly Primitive[] = []): RgbImage =>
  renderFrame(r, [{ balls, occluders }], { frameIndex: 0 });

const px = (img: RgbImage, u: number, v: number): [number, number, number] => {
  const i = (Math.round(v) * img.width + Math.round(u)) * 3;
  return [img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number];
};

const at = (x: number, y: number, z: number = R) => project(calibration, { x: mm(x), y: mm(y), z: mm(z) });

/**
 * Centroid of a white ball's image: each pixel weighted by how far its red channel has risen from the
 * empty table's towards the ball's (the cloth has little red, the ivory a lot), in a window round `near`.
 */
const whiteCentroid = (img: RgbImage, empty: RgbImage, near: { u: number; v: number }, half = 14) => {
  let w = 0;
  let su = 0;
  let sv = 0;
  for (let v = Math.floor(near.v) - half; v <= Math.ceil(near.v) + half; v++) {
    for (let u = Math.floor(near.u) - half; u <= Math.ceil(near.u) + half; u++) {
      const bg = px(empty, u, v)[0];
      const k = Math.min(1, Math.max(0, (px(img, u, v)[0] - bg) / (150 - bg)));
      w += k;
      su += k * u;
      sv += k * v;
    }
  }
  return { u: su / w, v: sv / w, area: w };
};

const empty = still(clean, []);

describe('a ball appears where the camera model projects it', () => {
  // Middle of the bed, by each cushion, near the corners (strongest distortion) and the middle pockets.
  const places: [string, number, number][] = [
    ['centre spot', 889, 1784.5],
    ['near the baulk-left corner', 60, 60],
    ['near the top-right corner', 1718, 3509],
    ['by the left middle pocket', 40, 1784.5],
    ['on the black spot', 889, 3245],
    ['in the D', 800, 700],
  ];
  for (const [name, x, y] of places) {
    it(`${name} (${x}, ${y}): blob centre within 0.1 px of project()`, () => {
      const img = still(clean, [{ id: 'cue', x, y }]);
      const p = at(x, y);
      const c = whiteCentroid(img, empty, p);
      expect(Math.hypot(c.u - p.u, c.v - p.v)).toBeLessThan(0.1);
      // and its size is a ball's: area π r² with r = R·f/distance.
      const radiusPx = Math.sqrt(c.area / Math.PI);
      const edge = at(x + R, y);
      expect(radiusPx).toBeGreaterThan(0.8 * Math.hypot(edge.u - p.u, edge.v - p.v));
      expect(radiusPx).toBeLessThan(1.2 * Math.hypot(edge.u - p.u, edge.v - p.v));
    });
  }
});

describe('determinism', () => {
  const moving = (t: number): RenderBall[] => [
    { id: 'cue', track: 'cue', x: 400 + 3 * t, y: 900 },
    { id: 'red', track: 'red1', x: 889, y: 2000 },
  ];
  const clip = (r: Renderer) =>
    [0, 16.7, 33.3].map(
      (t, k) =>
        renderFrame(
          r,
          subframesAt(r, t, moving, () => []),
          { frameIndex: k },
        ).data,
    );

  it('the same seed gives byte-identical frames, from separately built renderers', () => {
    const a = clip(createRenderer(halfDemo(), { seed: 11 }));
    const b = clip(createRenderer(halfDemo(), { seed: 11 }));
    for (let k = 0; k < a.length; k++) expect(Buffer.compare(a[k] as Uint8Array, b[k] as Uint8Array)).toBe(0);
  });
  it('another seed gives other sensor noise; frames of one clip differ in their noise', () => {
    const a = clip(createRenderer(calibration, { seed: 11 }));
    const b = clip(createRenderer(calibration, { seed: 12 }));
    expect(Buffer.compare(a[0] as Uint8Array, b[0] as Uint8Array)).not.toBe(0);
    const still1 = renderFrame(clean, [{ balls: [], occluders: [] }], { frameIndex: 1 }).data;
    const noisy = createRenderer(calibration, { seed: 11 });
    const f1 = renderFrame(noisy, [{ balls: [], occluders: [] }], { frameIndex: 1 }).data;
    const f2 = renderFrame(noisy, [{ balls: [], occluders: [] }], { frameIndex: 2 }).data;
    expect(Buffer.compare(f1, f2)).not.toBe(0);
    // The noise is small and unbiased: σ ≈ 1.5 code values about the clean frame.
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < f1.length; i += 7) {
      const d = (f1[i] as number) - (still1[i] as number);
      sum += d;
      sq += d * d;
    }
    const n = Math.ceil(f1.length / 7);
    expect(Math.abs(sum / n)).toBeLessThan(0.1);
    expect(Math.sqrt(sq / n)).toBeGreaterThan(1.2);
    expect(Math.sqrt(sq / n)).toBeLessThan(1.8);
  });
  it('frames drawn one after another (reusing unchanged tiles) equal frames drawn from scratch', () => {
    const sequential = clip(createRenderer(calibration, { seed: 5 }));
    const scratch = [0, 16.7, 33.3].map((t, k) => {
      const r = createRenderer(calibration, { seed: 5 });
      return renderFrame(
        r,
        subframesAt(r, t, moving, () => []),
        { frameIndex: k },
      ).data;
    });
    for (let k = 0; k < 3; k++)
      expect(Buffer.compare(sequential[k] as Uint8Array, scratch[k] as Uint8Array)).toBe(0);
  });
});

/** Mean colour over the middle of a ball's image at (x, y): a disc of 0.7 of its radius. */
const meanOverBall = (img: RgbImage, x: number, y: number): [number, number, number] => {
  const p = at(x, y);
  const e = at(x + 0.7 * R, y);
  const rad = Math.hypot(e.u - p.u, e.v - p.v);
  const sum = [0, 0, 0];
  let n = 0;
  for (let v = Math.floor(p.v - rad); v <= Math.ceil(p.v + rad); v++)
    for (let u = Math.floor(p.u - rad); u <= Math.ceil(p.u + rad); u++) {
      if (Math.hypot(u - p.u, v - p.v) > rad) continue;
      px(img, u, v).forEach((c, i) => (sum[i] = (sum[i] as number) + c));
      n++;
    }
  return sum.map((s) => s / n) as [number, number, number];
};

describe('the balls in their colours', () => {
  const colourOf = (id: SnookerBallId) => meanOverBall(still(clean, [{ id, x: 889, y: 1500 }]), 889, 1500);
  const colours = Object.fromEntries(SNOOKER_BALL_IDS.map((id) => [id, colourOf(id)])) as Record<
    SnookerBallId,
    [number, number, number]
  >;
  const cloth = px(empty, at(889, 1500, 0).u, at(889, 1500, 0).v);

  it('every ball differs from every other and from the cloth by a clear margin', () => {
    const all: [string, [number, number, number]][] = [...Object.entries(colours), ['cloth', cloth]];
    for (let i = 0; i < all.length; i++)
      for (let j = 0; j < i; j++) {
        const [a, ca] = all[i] as [string, [number, number, number]];
        const [b, cb] = all[j] as [string, [number, number, number]];
        const d = Math.hypot(ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]);
        expect(d, `${a} vs ${b}`).toBeGreaterThan(30);
      }
  });
  it('each reads as its colour', () => {
    const [r, g, b] = [0, 1, 2] as const;
    const c = colours;
    expect(c.red[r]).toBeGreaterThan(2 * c.red[g]);
    expect(c.yellow[r] > 150 && c.yellow[g] > 120 && c.yellow[b] < 90).toBe(true);
    expect(c.green[g]).toBeGreaterThan(c.green[r]);
    expect(c.green[b] / c.green[g]).toBeGreaterThan((cloth[b] / cloth[g]) * 1.1); // bluer than the cloth
    expect(c.brown[r] > c.brown[g] && c.brown[g] > c.brown[b]).toBe(true);
    expect(c.blue[b]).toBeGreaterThan(c.blue[r] + 40);
    expect(c.pink[r] > 180 && c.pink[b] > c.pink[g]).toBe(true);
    expect(Math.max(...c.black)).toBeLessThan(70);
    expect(Math.min(...c.cue)).toBeGreaterThan(170);
  });
});

describe('motion blur', () => {
  it('a ball at 4 m/s is smeared along its path over the 1/120 s exposure, a still one is not', () => {
    const y = 1784.5;
    const fast = (t: number): RenderBall[] => [{ id: 'cue', track: 'cue', x: 889, y: y + 4 * t }];
    const rest = (): RenderBall[] => [{ id: 'cue', track: 'cue', x: 889, y }];
    const blurred = renderFrame(
      clean,
      subframesAt(clean, 0, fast, () => []),
      { frameIndex: 0 },
    );
    const sharp = renderFrame(
      clean,
      subframesAt(clean, 0, rest, () => []),
      { frameIndex: 0 },
    );
    expect(subframesAt(clean, 0, fast, () => []).length).toBeGreaterThan(4);
    expect(subframesAt(clean, 0, rest, () => []).length).toBe(1);
    // Extent of the ball's image along its direction of travel (y runs along the image's u here).
    const extent = (img: RgbImage) => {
      const p = at(889, y);
      const row = Math.round(p.v);
      let lo = Infinity;
      let hi = -Infinity;
      for (let u = Math.round(p.u) - 40; u <= Math.round(p.u) + 40; u++) {
        if (px(img, u, row)[0] - px(empty, u, row)[0] > 10) {
          lo = Math.min(lo, u);
          hi = Math.max(hi, u);
        }
      }
      return hi - lo + 1;
    };
    const travel = Math.abs(at(889, y + (4 * 1000) / 240).u - at(889, y - (4 * 1000) / 240).u);
    expect(extent(blurred) - extent(sharp)).toBeGreaterThan(0.7 * travel);
    // The smear is centred on the truth position (the middle of the exposure).
    const c = whiteCentroid(blurred, empty, at(889, y), 24);
    expect(Math.abs(c.u - at(889, y).u)).toBeLessThan(0.3);
  });
});

describe('occluders', () => {
  it("a player's forearm over a ball hides it; the ball shows again when the player has gone", () => {
    // The red sits under the bridge arm of a player addressing a cue ball at (889, 1000) up the table.
    const player = {
      ...DEFAULT_PLAYER,
      from: 0,
      to: 100,
      contact: { x: 889, y: 1000 - R },
      aim: 90,
    };
    const parts = playerPrimitives(player, 50, calibration.table, 'p');
    const forearm = parts.find((q) => q.key === 'p/forearm');
    if (!forearm) throw new Error('a player has a forearm');
    const red = { id: 'red' as const, x: (forearm.ax + forearm.bx) / 2, y: (forearm.ay + forearm.by) / 2 };
    const shown = meanOverBall(still(clean, [red]), red.x, red.y);
    const hidden = meanOverBall(still(clean, [red], parts), red.x, red.y);
    expect(shown[0]).toBeGreaterThan(2 * shown[1]); // red
    expect(hidden[0]).toBeLessThan(1.3 * hidden[1]); // the sleeve's grey-blue, not red
    expect(playerPrimitives(player, 150, calibration.table, 'p')).toEqual([]);
  });
  it('the cue moves through address, backswing, strike and follow-through', () => {
    const spec = {
      ...DEFAULT_PLAYER,
      from: 0,
      to: 5000,
      contact: { x: 889, y: 1000 },
      aim: 90,
      strike: 2000,
    };
    const tipY = (t: number) => (playerPrimitives(spec, t, calibration.table, 'p')[0] as Primitive).ay;
    for (const t of [0, 300, 900]) {
      expect(tipY(t)).toBeLessThanOrEqual(1000 - DEFAULT_PLAYER.gap + 1e-9);
      expect(tipY(t)).toBeGreaterThanOrEqual(1000 - DEFAULT_PLAYER.gap - FEATHER - 1e-9);
    }
    expect(tipY(1750)).toBeLessThan(1000 - DEFAULT_PLAYER.gap - DEFAULT_PLAYER.backswing + 1);
    expect(tipY(2000)).toBeCloseTo(1000, 6);
    expect(tipY(2500)).toBeCloseTo(1000 + DEFAULT_PLAYER.followThrough, 6);
  });
});

describe('the light', () => {
  const meanRgb = (img: RgbImage) => {
    const s = new Float64Array(3);
    for (let i = 0; i < img.data.length; i += 3)
      for (let c = 0; c < 3; c++) s[c] = (s[c] as number) + (img.data[i + c] as number);
    return [...s].map((v) => v / (img.data.length / 3));
  };
  it('a dimmer room darkens the frame; a warmer one shifts it towards red', () => {
    const base = meanRgb(empty);
    const dim = meanRgb(
      renderFrame(clean, [{ balls: [], occluders: [] }], { frameIndex: 0, light: { gain: 0.6, warmth: 0 } }),
    );
    const warm = meanRgb(
      renderFrame(clean, [{ balls: [], occluders: [] }], { frameIndex: 0, light: { gain: 1, warmth: 0.8 } }),
    );
    for (let c = 0; c < 3; c++) expect(dim[c]).toBeLessThan(0.9 * (base[c] as number));
    expect((warm[0] as number) / (warm[2] as number)).toBeGreaterThan(
      1.2 * ((base[0] as number) / (base[2] as number)),
    );
  });
  it('the cloth is brightest under the canopy and falls off towards the cushions', () => {
    const centre = at(889, 1784.5, 0);
    const corner = at(100, 100, 0);
    expect(px(empty, centre.u, centre.v)[1]).toBeGreaterThan(px(empty, corner.u, corner.v)[1] + 10);
  });
});

describe('render options in a scenario', () => {
  const scenario = (render: unknown, strokeRender?: unknown) => {
    const s = parseSnookerScenario({
      table: 'snooker',
      balls: [{ id: 'cue', x: 800, y: 700 }],
      strokes: [{ cue: { vx: 0, vy: 500 }, ...(strokeRender === undefined ? {} : { render: strokeRender }) }],
      ...(render === undefined ? {} : { render }),
    });
    if (!s.ok) throw new Error(s.error.message);
    return s.value;
  };
  it('bad values are refused with the field named', () => {
    const noise = parseClipRender(scenario({ noise: -1 }));
    expect(noise.ok ? undefined : noise.error.field).toBe('render.noise');
    const before = parseClipRender(scenario(undefined, { player: { before: 'soon' } }));
    expect(before.ok ? undefined : before.error.field).toBe('strokes[0].render.player.before');
    const unknown = parseClipRender(scenario({ shutter: 3 }));
    expect(unknown.ok).toBe(false);
    const played = playClip(scenario(undefined, { player: { before: 'soon' } }));
    expect(played.ok ? undefined : played.error.field).toBe('strokes[0].render.player.before');
  });
  it('a stroke can ask for a player with the defaults', () => {
    const r = parseClipRender(scenario({}, { player: true }));
    expect(r.ok && r.value.strokes[0]?.player?.before).toBe(1200);
  });
  const clipOf = (render: unknown, strokeRender?: unknown) => {
    const s = scenario(render, strokeRender);
    const r = playClip(s);
    if (!r.ok) throw new Error(r.error.message);
    return { clip: r.value.clip, start: r.value.played.strokes[0]?.start ?? NaN };
  };
  it("the stroke's player stands at the cue ball from `before` ms ahead of the strike to `after` ms past it", () => {
    const { clip, start } = clipOf({}, { player: { before: 800, after: 300 } });
    expect(start).toBe(800); // the clip opens with the player addressing the ball
    expect(clip.occluders(start - 801)).toEqual([]);
    expect(clip.occluders(start + 301)).toEqual([]);
    const cue = clip.occluders(start)[0];
    // At the strike the tip is on the cue ball's back (the ball at (800, 700) is sent along +y).
    expect(cue?.ax).toBeCloseTo(800, 6);
    expect(cue?.ay).toBeCloseTo(700 - R, 6);
  });
  it('an occluder placed by the scenario is there from `from` to `to` of clip time', () => {
    const { clip } = clipOf({
      occluders: [{ kind: 'cue', from: 100, to: 200, contact: { x: 500, y: 500 }, aim: 0 }],
    });
    expect(clip.occluders(50)).toEqual([]);
    expect(clip.occluders(150).length).toBeGreaterThan(0);
    expect(clip.occluders(250)).toEqual([]);
  });
  it("a stroke's light change comes in over its ramp from the scenario's light", () => {
    const { clip, start } = clipOf(
      { light: { gain: 1, warmth: 0 } },
      { light: { gain: 0.5, warmth: 1, rampMs: 1000 } },
    );
    expect(clip.light(start - 1)).toEqual({ gain: 1, warmth: 0 });
    expect(clip.light(start + 500).gain).toBeCloseTo(0.75, 9);
    expect(clip.light(start + 500).warmth).toBeCloseTo(0.5, 9);
    expect(clip.light(start + 2000)).toEqual({ gain: 0.5, warmth: 1 });
  });
});
