// What a camera draws from the frames before the one it gives, for the second renderer's held-out 43
// (src/sim/alt/render.ts AltPacketLoss, AltTemporalNR; motion.ts altHistory; style.ts): an IP camera's
// stream losing packets (iris-packets: slices of macroblocks hidden by the decoder with the previous
// frame's picture, that picture shifted, or a grey-green smear of the row above) and a CCTV camera's
// temporal noise reduction (neon-nr: each pixel blended with its last output where its luma changed
// little, a rolling ball's fading comet behind it, a ball just stopped half the cloth). Each frame is
// drawn with and without the effect, and the previous frame alone, without sensor noise: a lost slice's
// pixels the previous frame's (or shifted, or smeared, to the code value), exactly the slice's blocks of
// the codec's size and nothing else changed; a comet's ghosts measured against the ball's own contrast
// with the cloth, fading frame by frame, none behind a ball the motion detector sees (the black), the
// same share at 4K. Every held-out 43 frame is its layout's balls in its variant, the balls before
// it rolled clear into their places. No frame of held-out 43 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altStyle,
  lostBlocks,
  LOSS_GREY_GREEN,
  type AltBall,
  type AltLostSlice,
  type AltPacketLoss,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { columnsOf, drawn, light, px, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

type Rgb = readonly [number, number, number];
const pixel = (img: RgbImage, u: number, v: number): Rgb => {
  const k = 3 * (Math.round(v) * img.width + Math.round(u));
  return [img.data[k] as number, img.data[k + 1] as number, img.data[k + 2] as number];
};
const dist = (a: Rgb, b: Rgb): number =>
  Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
/** The same in the light the code values were graded from (the filter blends light, not code values). */
const lightDist = (a: Rgb, b: Rgb): number =>
  [0, 1, 2].reduce((s, ch) => s + Math.abs(light(a[ch] as number) - light(b[ch] as number)), 0);

describe('an IP camera’s stream losing packets (iris-packets)', () => {
  // The cue ball rolled 80 mm along the table (across the frame) since the last frame; a red lies still.
  const scene = (): { now: AltBall[]; then: AltBall[] } => {
    const x = table.width / 2;
    const y = table.length / 2;
    const red: AltBall = { id: 'red', x: x + 400, y: y + 300 };
    return {
      now: [{ id: 'cue', x, y }, red],
      then: [{ id: 'cue', x, y: y - 80 }, red],
    };
  };
  const lossOf = (
    slice: Omit<AltLostSlice, 'v'> & { v?: number },
    codec: 'h264' | 'h265' = 'h264',
  ): AltPacketLoss => ({
    codec,
    slices: [slice],
  });
  /** The frame with the loss, without it, and the previous frame alone (each without noise). */
  const frames = (
    c: Calibration<Table>,
    loss: AltPacketLoss,
  ): { on: RgbImage; off: RgbImage; prev: RgbImage; now: AltBall[]; then: AltBall[] } => {
    const base: AltStyle = {
      ...altStyle(table, 'iris-packets', 3),
      packetLoss: undefined,
      earlier: undefined,
    };
    const { now, then } = scene();
    return {
      on: drawn(c, now, { ...base, packetLoss: loss, earlier: [then] }),
      off: drawn(c, now, base),
      prev: drawn(c, then, base),
      now,
      then,
    };
  };
  /** The band of block rows across the cue ball (its row and the one above), as a fraction of the grid. */
  const bandRow = (c: Calibration<Table>): number => {
    const v = px(c, table.width / 2, table.length / 2 - 40, table.ballCentreHeight).v;
    return (Math.floor(v / 16) - 1 + 0.5) / Math.ceil(c.image.height / 16);
  };
  /** Whether pixel (u, v) lies in a lost slice's blocks. */
  const inSlice = (c: Calibration<Table>, loss: AltPacketLoss, u: number, v: number, aimed = 0): boolean => {
    const { size, cols, first, count } = lostBlocks(
      loss.slices[0] as AltLostSlice,
      loss,
      c.image.width,
      c.image.height,
      aimed,
    );
    const b = Math.floor(v / size) * cols + Math.floor(u / size);
    return b >= first && b < first + count;
  };

  it('hides a lost slice with the previous frame’s picture: the ball that moved in its old place, nothing else changed', () => {
    const loss = lossOf({ u: 0, v: bandRow(demo), blocks: 240, conceal: 'copy', shift: 0, fade: 0 });
    const { on, off, prev, now, then } = frames(demo, loss);
    let lost = 0;
    let worst = 0;
    let changed = 0;
    for (let v = 0; v < on.height; v++)
      for (let u = 0; u < on.width; u++) {
        if (inSlice(demo, loss, u, v)) {
          lost++;
          worst = Math.max(worst, dist(pixel(on, u, v), pixel(prev, u, v)));
        } else if (dist(pixel(on, u, v), pixel(off, u, v)) > 0) changed++;
      }
    expect(changed).toBe(0);
    // Two block rows of 16 px across the 1920 px frame.
    expect(lost).toBe(2 * 16 * 1920);
    expect(worst).toBeLessThanOrEqual(3);
    // The cue ball in its old place in the band, and the cloth where it is now.
    const old = px(demo, (then[0] as AltBall).x, (then[0] as AltBall).y, table.ballCentreHeight);
    const here = px(demo, (now[0] as AltBall).x, (now[0] as AltBall).y, table.ballCentreHeight);
    expect(inSlice(demo, loss, old.u, old.v) && inSlice(demo, loss, here.u, here.v)).toBe(true);
    expect(dist(pixel(on, old.u, old.v), pixel(off, old.u, old.v))).toBeGreaterThan(60);
    expect(dist(pixel(on, old.u, old.v), pixel(off, here.u, here.v))).toBeLessThan(30);
    expect(dist(pixel(on, here.u, here.v), pixel(off, here.u, here.v))).toBeGreaterThan(60);
  });

  it('shifts a slice’s rows by a wrong motion vector: each lost pixel the previous frame’s 24 px to its left', () => {
    const loss = lossOf({ u: 0, v: bandRow(demo), blocks: 240, conceal: 'shift', shift: 24, fade: 0 });
    const { on, prev } = frames(demo, loss);
    let worst = 0;
    let n = 0;
    for (let v = 0; v < on.height; v++)
      for (let u = 24; u < on.width; u++)
        if (inSlice(demo, loss, u, v)) {
          n++;
          worst = Math.max(worst, dist(pixel(on, u, v), pixel(prev, u - 24, v)));
        }
    expect(n).toBeGreaterThan(60_000);
    expect(worst).toBeLessThanOrEqual(3);
  });

  it('smears a lost block row down from the row above it, faded half way to the decoder’s grey-green', () => {
    const loss = lossOf({ u: 0.25, v: bandRow(demo), blocks: 200, conceal: 'smear', shift: 0, fade: 0.5 });
    const { on, off } = frames(demo, loss);
    let n = 0;
    let worst = 0;
    for (let v = 0; v < on.height; v++)
      for (let u = 0; u < on.width; u++) {
        if (!inSlice(demo, loss, u, v)) continue;
        n++;
        const above = pixel(on, u, 16 * Math.floor(v / 16) - 1);
        const want = [0, 1, 2].map((ch) =>
          Math.round((above[ch] as number) * 0.5 + (LOSS_GREY_GREEN[ch] as number) * 0.5),
        );
        const got = pixel(on, u, v);
        for (let ch = 0; ch < 3; ch++)
          worst = Math.max(worst, Math.abs((got[ch] as number) - (want[ch] as number)));
      }
    expect(n).toBe(200 * 256);
    expect(worst).toBeLessThanOrEqual(1);
    // Not the frame's own picture: the cloth there grey-greener.
    const mid = { u: 0.5 * on.width, v: (Math.floor(bandRow(demo) * 68) + 1) * 16 + 8 };
    expect(dist(pixel(on, mid.u, mid.v), pixel(off, mid.u, mid.v))).toBeGreaterThan(40);
  });

  it('aims a slice at the ball that moved: from the block row above it, across its old place and its new', () => {
    const loss = lossOf({ u: 0.7, blocks: 240, conceal: 'copy', shift: 0, fade: 0 });
    const { on, off, then } = frames(demo, loss);
    const old = px(demo, (then[0] as AltBall).x, (then[0] as AltBall).y, table.ballCentreHeight);
    expect(dist(pixel(on, old.u, old.v), pixel(off, old.u, old.v))).toBeGreaterThan(60);
    // Nothing lost above the block row over the ball's.
    const top = 16 * (Math.floor(old.v / 16) - 1);
    let changed = 0;
    for (let v = 0; v < top; v++)
      for (let u = 0; u < on.width; u++) if (dist(pixel(on, u, v), pixel(off, u, v)) > 0) changed++;
    expect(changed).toBe(0);
  });

  it('loses H.265’s 64-px coding tree units at 4K, H.264’s 16-px macroblocks, each on its grid', () => {
    const uhd = scaledCalibration(demo, 2);
    const strip = columnsOf(uhd, 1664, 512);
    for (const [codec, size] of [
      ['h265', 64],
      ['h264', 16],
    ] as const) {
      const loss = lossOf({ u: 0.4, v: 0.5, blocks: 1, conceal: 'smear', shift: 0, fade: 0.6 }, codec);
      const { on, off } = frames(strip, loss);
      let u0 = Infinity;
      let v0 = Infinity;
      let u1 = -1;
      let v1 = -1;
      for (let v = 0; v < on.height; v++)
        for (let u = 0; u < on.width; u++)
          if (dist(pixel(on, u, v), pixel(off, u, v)) > 0) {
            u0 = Math.min(u0, u);
            v0 = Math.min(v0, v);
            u1 = Math.max(u1, u);
            v1 = Math.max(v1, v);
          }
      expect([u1 - u0 + 1, v1 - v0 + 1], codec).toEqual([size, size]);
      expect([u0 % size, v0 % size], codec).toEqual([0, 0]);
      // A slice as long at 1080p (two block rows) loses the same share of the whole 4K frame.
      const full = { u: 0, v: 0.5, blocks: 240, conceal: 'copy', shift: 0, fade: 0 } as const;
      const share = (w: number, h: number): number => {
        const b = lostBlocks(full, { codec, slices: [full] }, w, h, 0);
        return (b.count * b.size * b.size) / (w * h);
      };
      expect(Math.abs(share(3840, 2160) / share(1920, 1080) - 1), codec).toBeLessThan(0.03);
    }
  });
});

describe('a CCTV camera’s temporal noise reduction (neon-nr)', () => {
  // Four balls across the middle of the bed, 1 m/s along the table over the frames before: an ivory cue
  // ball rolling still, one stopped a frame ago, one stopped four frames ago, and a black rolling still.
  const step = 40;
  const x0 = (): number => table.width / 2;
  const y0 = (): number => table.length / 2;
  const lanes = [
    { id: 'cue', dx: -300, stopped: 0 },
    { id: 'cue', dx: -100, stopped: 1 },
    { id: 'cue', dx: 100, stopped: 4 },
    { id: 'black', dx: 300, stopped: 0 },
  ];
  const now = (): AltBall[] => lanes.map((l) => ({ id: l.id, x: x0() + l.dx, y: y0() }));
  const earlier = (): AltBall[][] =>
    [1, 2, 3, 4, 5].map((j) =>
      lanes.map((l) => ({ id: l.id, x: x0() + l.dx, y: y0() - step * Math.max(0, j - l.stopped) })),
    );
  const measure = (
    c: Calibration<Table>,
    size: number,
  ): { ghosts: number[][]; stopped1: number; stopped4: number; outside: number } => {
    const win = windowOn(c, x0(), y0() - 80, table.ballCentreHeight, size);
    const base: AltStyle = { ...altStyle(table, 'neon-nr', 5), temporalNR: undefined, earlier: undefined };
    const nr = { frames: 5, keep: 0.75, threshold: 0.45 };
    const on = drawn(win, now(), { ...base, temporalNR: nr, earlier: earlier() });
    const off = drawn(win, now(), base);
    const bare = drawn(win, [], base);
    const zc = table.ballCentreHeight;
    const at = (dx: number, back: number): { u: number; v: number } =>
      px(win, x0() + dx, y0() - step * back, zc);
    // A ghost's share of its ball's contrast with the cloth, `back` frames behind it.
    const ghost = (dx: number, back: number): number => {
      const p = at(dx, back);
      const ball = pixel(off, at(dx, 0).u, at(dx, 0).v);
      return lightDist(pixel(on, p.u, p.v), pixel(off, p.u, p.v)) / lightDist(ball, pixel(off, p.u, p.v));
    };
    // A stopped ball's own share at its middle (1: as the frame without the filter).
    const own = (dx: number): number => {
      const p = at(dx, 0);
      const ball = pixel(off, p.u, p.v);
      return 1 - lightDist(pixel(on, p.u, p.v), ball) / lightDist(pixel(bare, p.u, p.v), ball);
    };
    // Pixels changed farther than three ball widths from every lane's path.
    const reach = 3 * 2 * table.ballRadius;
    let outside = 0;
    for (let v = 0; v < on.height; v++)
      for (let u = 0; u < on.width; u++) {
        if (dist(pixel(on, u, v), pixel(off, u, v)) === 0) continue;
        const near = lanes.some((l) =>
          [0, 1, 2, 3, 4, 5].some((b) => {
            const p = at(l.dx, b);
            const q = at(l.dx, b + reach / step);
            return Math.hypot(u - p.u, v - p.v) < Math.hypot(q.u - p.u, q.v - p.v);
          }),
        );
        if (!near) outside++;
      }
    return {
      ghosts: [lanes[0] as (typeof lanes)[0], lanes[3] as (typeof lanes)[0]].map((l) =>
        [1, 2, 3].map((b) => ghost(l.dx, b)),
      ),
      stopped1: own((lanes[1] as (typeof lanes)[0]).dx),
      stopped4: own((lanes[2] as (typeof lanes)[0]).dx),
      outside,
    };
  };
  let hd: ReturnType<typeof measure>;
  beforeAll(() => {
    hd = measure(demo, 360);
    console.log(JSON.stringify(hd));
  });

  it('leaves a fading comet behind a rolling ivory cue ball: 0.15 to 0.6 of its contrast a frame behind, less each frame', () => {
    const [g1, g2, g3] = hd.ghosts[0] as [number, number, number];
    expect(g1).toBeGreaterThan(0.15);
    expect(g1).toBeLessThan(0.6);
    expect(g2).toBeLessThan(g1 * 0.9);
    expect(g3).toBeLessThan(g2 * 0.9);
    expect(g3).toBeGreaterThan(0.02);
  });

  it('leaves no ghost of a black ball, whose change its motion detector sees (its shadow’s faint trail at most)', () => {
    for (const g of hd.ghosts[1] as number[]) expect(g).toBeLessThan(0.1);
    expect((hd.ghosts[1] as number[])[0]).toBeLessThan(0.02);
  });

  it('blends a ball just stopped with the cloth it stopped on, less the longer it has stood', () => {
    expect(hd.stopped1).toBeGreaterThan(0.35);
    expect(hd.stopped1).toBeLessThan(0.9);
    expect(hd.stopped4).toBeGreaterThan(hd.stopped1 + 0.1);
  });

  it('changes nothing beyond where the balls were and their shadows', () => {
    expect(hd.outside).toBe(0);
  });

  it('draws the same comet at 4K', () => {
    const uhd = measure(scaledCalibration(demo, 2), 720);
    const [g1] = hd.ghosts[0] as [number];
    expect(Math.abs(((uhd.ghosts[0] as number[])[0] as number) - g1)).toBeLessThan(0.08);
    expect(Math.abs(uhd.stopped1 - hd.stopped1)).toBeLessThan(0.08);
  });
});

describe('bench/detect-alt’s held-out 43, the balls before each frame', () => {
  it('gives every frame its balls before (5 frames for neon-nr, 1 for iris-packets), those that moved rolled clear, on the bed', () => {
    const R = table.ballRadius;
    const cases = altCases(demo, 'held-out-43', 3, '1080p');
    let moved = 0;
    let movedSinceLast = 0;
    let stopped = 0;
    let lossy = 0;
    for (const k of cases) {
      const e = k.style.earlier ?? [];
      expect(e.length, k.name).toBe(k.variant === 'neon-nr' ? 5 : 1);
      const movers = k.balls.flatMap((b, i) =>
        e.some((f) => f[i]?.x !== b.x || f[i]?.y !== b.y) ? [i] : [],
      );
      if (movers.length > 0) moved++;
      if (movers.length > 0 && k.variant === 'iris-packets') movedSinceLast++;
      if ((k.style.packetLoss?.slices.length ?? 0) > 0) lossy++;
      for (const i of movers) {
        if (e[0]?.[i]?.x === k.balls[i]?.x && e[0]?.[i]?.y === k.balls[i]?.y) stopped++;
        for (const f of e) {
          const b = f[i] as AltBall;
          expect(b.x > R && b.x < table.width - R && b.y > R && b.y < table.length - R, k.name).toBe(true);
          for (const [j, o] of f.entries())
            if (j !== i) expect(Math.hypot(b.x - o.x, b.y - o.y), k.name).toBeGreaterThanOrEqual(2 * R);
        }
      }
    }
    expect(moved).toBeGreaterThanOrEqual(12);
    // A packet-losing frame's ball moved since the last frame in every frame but the clusters' (packed).
    expect(movedSinceLast).toBeGreaterThanOrEqual(7);
    expect(stopped).toBeGreaterThanOrEqual(2);
    expect(lossy).toBeGreaterThanOrEqual(5);
  });
});

itDrawsANewSplit({
  split: 'held-out-43',
  name: 'held-out 43',
  seeds: { hd: 12_800_000, uhd: 12_850_000 },
  cloths: [
    ['iris', 85],
    ['neon', 110],
  ],
  makersSet: { variant: 'neon-nr', makers: 36, least: 26 },
  variants: [
    {
      variant: 'iris-packets',
      draws: 'a stream’s lost packets',
      drawsIt: (s) => s.packetLoss !== undefined && s.earlier !== undefined,
    },
    {
      variant: 'neon-nr',
      draws: 'a temporal noise reduction',
      drawsIt: (s) => s.temporalNR !== undefined && s.earlier !== undefined,
    },
  ],
});
