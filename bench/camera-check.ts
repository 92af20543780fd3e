// The knocked-camera check (src/vision/camera-check.ts), both ways, measured on rendered frames: our
// renderer through the demo camera and through cameras drawn from a seed, and the second, independent
// render style (src/sim/alt: flat cushions, other cloths and lamps, a filmic camera, JPEG 80).
//   model:      the frame (balls against four cushions) against its own camera, then that camera
//               knocked by a small turn about each axis, and the picture shifted 2 px;
//   reference:  the same frame against a reference frame of the same camera (two balls in the open),
//               then the frame shifted 1, 2 and 4 px.
// Prints the second-worst cushion offset (px) and the verdict for each, and the median time a check takes.
//
// Run: nice -n 10 npx tsx bench/camera-check.ts [--cameras 2]
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { altStyle, jpegRoundTrip, renderAlt, type AltVariant } from '../src/sim/alt/index.ts';
import { makeRng } from '../src/sim/random.ts';
import { createRenderer, renderFrame } from '../src/sim/render/index.ts';
import { DEFAULT_CAMERA_RANGE, seededCamera } from '../src/sim/training/scenes.ts';
import { checkAgainstReference, checkCamera, edgeReference } from '../src/vision/camera-check.ts';
import { demo, knocked } from '../tests/camera-helpers.ts';
import { ALT_SNOOKER_PALETTE } from '../tests/helpers/alt-palette.ts';
import { SNOOKER_BED } from '../tests/helpers/games.ts';
import { readFlags } from './flags.ts';

const { count } = readFlags({ cameras: { type: 'string', default: '2' } });
import type { Table } from '../src/equipment/index.ts';

// Balls against four cushions and one in the open.
const BALLS = [
  { id: 'red', x: 27, y: 1000 },
  { id: 'cue', x: 900, y: 27 },
  { id: 'black', x: 1751, y: 2000 },
  { id: 'pink', x: 500, y: 3542 },
  { id: 'blue', x: 889, y: 1784.5 },
] as const;

const KNOCKS: readonly [string, { x: number; y: number; z: number }][] = [
  ['0.05° x', { x: 0.05, y: 0, z: 0 }],
  ['0.1° x', { x: 0.1, y: 0, z: 0 }],
  ['0.1° y', { x: 0, y: 0.1, z: 0 }],
  ['0.2° z', { x: 0, y: 0, z: 0.2 }],
  ['0.4° z', { x: 0, y: 0, z: 0.4 }],
];

const shifted = (img: RgbImage, du: number, dv: number): RgbImage => {
  const { width: w, height: h } = img;
  const data = new Uint8Array(img.data.length);
  for (let v = 0; v < h; v++)
    for (let u = 0; u < w; u++) {
      const s = (Math.min(h - 1, Math.max(0, v - dv)) * w + Math.min(w - 1, Math.max(0, u - du))) * 3;
      data.set(img.data.subarray(s, s + 3), (v * w + u) * 3);
    }
  return { width: w, height: h, data };
};

const times: number[] = [];
const timed = (name: string, check: () => ReturnType<typeof checkCamera>): string => {
  const start = performance.now();
  const r = check();
  times.push(performance.now() - start);
  return `${name} ${Number.isNaN(r.offsetPx) ? '–' : r.offsetPx.toFixed(2)} ${r.verdict}`;
};

const report = (label: string, img: RgbImage, ref: RgbImage, c: Calibration<Table>): void => {
  const model = [
    timed('own', () => checkCamera(img, c)),
    ...KNOCKS.map(([name, turn]) => timed(name, () => checkCamera(img, knocked(c, turn)))),
    timed('shift 2 px', () => checkCamera(shifted(img, 2, 0), c)),
  ];
  const reference = edgeReference(ref, c);
  const against = [
    timed('own', () => checkAgainstReference(img, c, reference)),
    ...[1, 2, 4].map((d) =>
      timed(`shift ${d} px`, () => checkAgainstReference(shifted(img, d, 0), c, reference)),
    ),
  ];
  process.stdout.write(`${label}\n  model:     ${model.join(' | ')}\n  reference: ${against.join(' | ')}\n`);
};

const OPEN = [
  { id: 'red', x: 500, y: 2000 },
  { id: 'cue', x: 800, y: 700 },
] as const;

const cameras: [string, Calibration<Table>][] = [['demo camera', demo()]];
const rng = makeRng(4_242_001);
for (let i = 0; i < count('cameras'); i++)
  cameras.push([`seeded camera ${i}`, seededCamera(rng, DEFAULT_CAMERA_RANGE, SNOOKER_BED)]);

for (const [name, c] of cameras) {
  const renderer = createRenderer(c, { supersample: 1 });
  const draw = (balls: readonly { id: string; x: number; y: number }[], frameIndex: number) =>
    renderFrame(renderer, [{ balls: balls.map((b) => ({ ...b })), occluders: [] }], { frameIndex });
  report(`${name}, our renderer`, draw(BALLS, 0), draw(OPEN, 1), c);
}
const truth = demo();
const variants: readonly AltVariant[] = ['tournament', 'blue', 'worn', 'dim', 'olive-quad'];
for (const [i, variant] of variants.entries()) {
  const style = altStyle(truth.table, variant, 77 + i);
  const draw = async (balls: readonly { id: string; x: number; y: number }[], seed: number) =>
    jpegRoundTrip(renderAlt(truth, ALT_SNOOKER_PALETTE, balls, style, seed).image, 80);
  report(
    `demo camera, alt ${variant} (JPEG 80)`,
    await draw(BALLS, 91 + i),
    await draw(OPEN, 191 + i),
    truth,
  );
}
const sorted = [...times].sort((a, b) => a - b);
process.stdout.write(`check: median ${sorted[sorted.length >> 1]?.toFixed(0)} ms (${times.length} checks)\n`);
