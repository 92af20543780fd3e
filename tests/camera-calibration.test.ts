import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from './helpers/temp-dir.ts';
import {
  cameraCentre,
  makeCalibrationJson,
  pixelToPlane,
  project,
  scaleCalibration,
  solveCalibration,
  stringifyCalibration,
  type CalibrationJson,
} from '../src/camera/index.ts';
import { parsePointsCalibration } from './helpers/games.ts';
import { loadCalibrationFile } from './helpers/games.ts';
import { parseCalibration } from './helpers/games.ts';
import { describeError } from '../src/core/errors.ts';
import { mm, type Point3Mm } from '../src/core/units.ts';
import { demo, demoJson, spots, table } from './camera-helpers.ts';

const cal = demo();
const at = (x: number, y: number, z = 0): Point3Mm => ({ x: mm(x), y: mm(y), z: mm(z) });
const DEG = 180 / Math.PI;

describe('calibration/demo.json is the overhead camera the README describes', () => {
  it('hangs about 2.8 m over the middle of the table', () => {
    const c = cameraCentre(cal);
    expect(Math.abs(c.z - 2800)).toBeLessThan(50);
    expect(Math.abs(c.x - table.width / 2)).toBeLessThan(50);
    expect(Math.abs(c.y - table.length / 2)).toBeLessThan(50);
  });
  it('looks nearly straight down, tilted by about 1°', () => {
    const tilt = Math.acos(-cal.pose.R[2][2]) * DEG;
    expect(tilt).toBeGreaterThan(0.5);
    expect(tilt).toBeLessThan(1.5);
  });
  it('is 1920×1080 through a wide lens with barrel distortion', () => {
    expect(cal.image).toEqual({ width: 1920, height: 1080 });
    expect(cal.camera.k1).toBeGreaterThanOrEqual(-0.25);
    expect(cal.camera.k1).toBeLessThanOrEqual(-0.15);
    expect(Math.abs(cal.camera.k2)).toBeLessThan(0.1);
    // Wide: a horizontal field of view over 70°.
    expect(2 * Math.atan(cal.camera.cx / cal.camera.fx) * DEG).toBeGreaterThan(70);
  });
  it('the barrel distortion is visible: the long cushion bows inwards by pixels, not fractions', () => {
    const a = project(cal, at(0, 0));
    const b = project(cal, at(0, table.length));
    const m = project(cal, at(0, table.length / 2));
    // Distance of the middle of the cushion's image from the chord between its ends.
    const bow =
      Math.abs((b.u - a.u) * (m.v - a.v) - (b.v - a.v) * (m.u - a.u)) / Math.hypot(b.u - a.u, b.v - a.v);
    expect(bow).toBeGreaterThan(10);
  });
  it("has the table's long axis along the image's width, the top cushion to the right", () => {
    const bl = project(cal, at(0, 0));
    const tl = project(cal, at(0, table.length));
    const br = project(cal, at(table.width, 0));
    expect(tl.u - bl.u).toBeGreaterThan(1000);
    expect(Math.abs(br.u - bl.u)).toBeLessThan(50);
    expect(br.v - bl.v).toBeGreaterThan(500);
  });
  it('sees the whole bed and 100 mm of rail around it with at least 20 px to spare', () => {
    const m = 100 + 50; // the cushion (≈50 mm from nose to rail) and 100 mm of rail beyond it
    const x0 = -m;
    const x1 = table.width + m;
    const y0 = -m;
    const y1 = table.length + m;
    for (let i = 0; i <= 200; i++) {
      const s = i / 200;
      for (const [x, y] of [
        [x0 + s * (x1 - x0), y0],
        [x0 + s * (x1 - x0), y1],
        [x0, y0 + s * (y1 - y0)],
        [x1, y0 + s * (y1 - y0)],
      ] as const) {
        const p = project(cal, at(x, y));
        expect(Math.min(p.u, p.v, 1919 - p.u, 1079 - p.v)).toBeGreaterThan(20);
      }
    }
  });
});

describe('calibration/example-points.json', () => {
  const json = JSON.parse(readFileSync('calibration/example-points.json', 'utf8')) as {
    points: { u: number; v: number; x: number; y: number }[];
  };
  const input = parsePointsCalibration(json);
  it('is the four corners and the six spots, as the demo camera sees them, to 0.1 px', () => {
    const corners = [
      [0, 0],
      [table.width, 0],
      [0, table.length],
      [table.width, table.length],
    ];
    expect(json.points.map((p) => [p.x, p.y])).toEqual([...corners, ...spots.map((s) => [s.x, s.y])]);
    for (const p of json.points) {
      const q = project(cal, at(p.x, p.y));
      expect(Math.abs(q.u - p.u)).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(q.v - p.v)).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });
  it('solves back to (nearly) the demo camera', () => {
    expect(input.ok).toBe(true);
    if (!input.ok) return;
    const solved = solveCalibration(input.value);
    if (!solved.ok) throw new Error(describeError(solved.error));
    const { calibration, rmsPx } = solved.value;
    expect(rmsPx).toBeLessThan(0.1); // rounding to 0.1 px: about 0.04 px RMS
    const a = cameraCentre(calibration);
    const b = cameraCentre(cal);
    expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(5);
    for (const s of spots) {
      const q = pixelToPlane(calibration, project(cal, at(s.x, s.y)), mm(0));
      expect(Math.hypot((q?.x ?? NaN) - s.x, (q?.y ?? NaN) - s.y)).toBeLessThan(0.2);
    }
  });
});

describe('the full form round trips', () => {
  it('makeCalibrationJson gives back the JSON it was parsed from', () => {
    expect(makeCalibrationJson(cal)).toEqual(demoJson());
  });
  it('stringifyCalibration parses back to the same calibration', () => {
    const again = parseCalibration(JSON.parse(stringifyCalibration(cal)));
    expect(again.ok && again.value).toEqual(cal);
  });
  it('another bed is given as { width, length, ball } and kept so', () => {
    const json = { ...(demoJson() as CalibrationJson), table: { width: 1270, length: 2540, ball: 50.8 } };
    const c = parseCalibration(json);
    if (!c.ok) throw new Error(describeError(c.error));
    expect([c.value.table.width, c.value.table.length, c.value.table.ballDiameter]).toEqual([
      1270, 2540, 50.8,
    ]);
    expect(c.value.table.marks).toBeUndefined();
    expect(makeCalibrationJson(c.value).table).toEqual({ width: 1270, length: 2540, ball: 50.8 });
  });
  it('the example of docs/formats.md §2 is accepted: it sees most of the table, not all of it', () => {
    const example = {
      table: 'snooker',
      image: { width: 1920, height: 1080 },
      camera: {
        fx: 1150.0,
        fy: 1150.0,
        cx: 960.0,
        cy: 540.0,
        k1: -0.12,
        k2: 0.02,
        p1: 0.0,
        p2: 0.0,
        k3: 0.0,
      },
      pose: {
        R: [
          [1, 0, 0],
          [0, -1, 0],
          [0, 0, -1],
        ],
        t: [-889.0, 1784.5, 2800.0],
      },
    };
    const c = parseCalibration(example);
    if (!c.ok) throw new Error(describeError(c.error));
    expect(c.value.table.name).toBe('snooker');
  });
  it("the picture's graphics (overlays) are kept: parsed, written back, and grown to whole pixels with the picture", () => {
    const overlays = [
      { u: 80, v: 100, width: 460, height: 37 },
      { u: 1479, v: 870, width: 333, height: 34 },
    ];
    const c = parseCalibration({ ...(demoJson() as CalibrationJson), overlays });
    if (!c.ok) throw new Error(describeError(c.error));
    expect(c.value.overlays).toEqual(overlays);
    expect(makeCalibrationJson(c.value).overlays).toEqual(overlays);
    const again = parseCalibration(JSON.parse(stringifyCalibration(c.value)));
    expect(again.ok && again.value).toEqual(c.value);
    // At 4K each box covers the same part of the picture; at half size, every pixel it touched.
    const uhd = scaleCalibration(c.value, 2);
    expect(uhd.ok && uhd.value.overlays).toEqual(
      overlays.map((o) => ({ u: 2 * o.u, v: 2 * o.v, width: 2 * o.width, height: 2 * o.height })),
    );
    const half = scaleCalibration(c.value, 0.5);
    expect(half.ok && half.value.overlays).toEqual([
      { u: 40, v: 50, width: 230, height: 19 },
      { u: 739, v: 435, width: 167, height: 17 },
    ]);
  });
  it('a file with no graphics, or an empty list, writes none', () => {
    expect('overlays' in makeCalibrationJson(cal)).toBe(false);
    const c = parseCalibration({ ...(demoJson() as CalibrationJson), overlays: [] });
    expect(c.ok && 'overlays' in c.value).toBe(false);
  });
  it("a points file's graphics are kept in the calibration solved from it", () => {
    const points = JSON.parse(readFileSync('calibration/example-points.json', 'utf8')) as Record<
      string,
      unknown
    >;
    const overlays = [{ u: 0, v: 0, width: 300, height: 40 }];
    const input = parsePointsCalibration({ ...points, overlays });
    if (!input.ok) throw new Error(describeError(input.error));
    const solved = solveCalibration(input.value);
    expect(solved.ok && solved.value.calibration.overlays).toEqual(overlays);
    const past = parsePointsCalibration({ ...points, overlays: [{ u: 1800, v: 0, width: 300, height: 40 }] });
    if (!past.ok) throw new Error(describeError(past.error));
    const r = solveCalibration(past.value);
    expect(!r.ok && r.error.field).toBe('overlays[0].width');
  });
  it('distortion coefficients a lens does not need may be left out (zero)', () => {
    const json = demoJson() as CalibrationJson;
    const { fx, fy, cx, cy } = json.camera;
    const c = parseCalibration({ ...json, camera: { fx, fy, cx, cy, k1: -0.1 } });
    expect(c.ok && c.value.camera).toEqual({ fx, fy, cx, cy, k1: -0.1, k2: 0, p1: 0, p2: 0, k3: 0 });
  });
});

type Json = Record<string, unknown> & CalibrationJson;
const broken = (change: (j: Json) => void): Json => {
  const j = structuredClone(demoJson()) as Json;
  change(j);
  return j;
};

// Each bad file, the field its error must name, and what it must say.
const BAD_FILES: readonly { name: string; json: unknown; field?: string; message: RegExp }[] = [
  { name: 'not an object', json: 42, message: /expected object/ },
  {
    name: 'missing focal length',
    json: broken((j) => delete (j.camera as Partial<CalibrationJson['camera']>).fx),
    field: 'camera.fx',
    message: /expected a number, got nothing/,
  },
  {
    name: 'missing pose',
    json: broken((j) => delete (j as Partial<CalibrationJson>).pose),
    field: 'pose',
    message: /expected object/,
  },
  {
    name: 'NaN',
    json: broken((j) => (j.camera.fy = NaN)),
    field: 'camera.fy',
    message: /finite number, got NaN/,
  },
  {
    name: 'infinite translation',
    json: broken((j) => (j.pose.t[0] = Infinity)),
    field: 'pose.t[0]',
    message: /finite number, got Infinity/,
  },
  {
    name: 'a string for a number',
    json: broken((j) => ((j.pose.t as unknown[])[2] = '2800')),
    field: 'pose.t[2]',
    message: /expected a number, got "2800"/,
  },
  {
    name: 'negative focal length',
    json: broken((j) => (j.camera.fx = -1275)),
    field: 'camera.fx',
    message: /positive/,
  },
  {
    name: 'fractional image size',
    json: broken((j) => (j.image.width = 1919.5)),
    field: 'image.width',
    message: /whole number of pixels/,
  },
  {
    name: 'an unknown table',
    json: broken((j) => ((j as Record<string, unknown>).table = 'pool')),
    field: 'table',
    message: /unknown table "pool": "snooker", .* or a bed object/,
  },
  { name: 'R with two rows', json: broken((j) => j.pose.R.pop()), field: 'pose.R', message: /3/ },
  {
    name: 'R not orthonormal',
    json: broken((j) => (j.pose.R[0] = (j.pose.R[0] ?? []).map((x) => x * 1.015))),
    field: 'pose.R',
    message: /^not orthonormal \(R·Rᵀ differs from I by 0\.03\d*\)$/,
  },
  {
    name: 'R a reflection (det −1)',
    json: broken((j) => (j.pose.R[2] = (j.pose.R[2] ?? []).map((x) => -x))),
    field: 'pose.R',
    message: /determinant is -1.*reflection/,
  },
  {
    name: 'table mostly outside the image',
    json: broken((j) => (j.pose.t[0] = (j.pose.t[0] ?? 0) + 2500)),
    field: 'pose',
    message: /^only \d+% of the playing area is inside the 1920×1080 image \(at least 50% must be\)$/,
  },
  {
    name: 'table behind the camera',
    json: broken((j) => (j.pose.t[2] = -(j.pose.t[2] ?? 0))),
    field: 'pose',
    message: /behind the camera/,
  },
  {
    name: "a box of graphics past the picture's right edge",
    json: broken((j) => (j.overlays = [{ u: 1800, v: 0, width: 130, height: 40 }])),
    field: 'overlays[0].width',
    message: /^reaches past the picture's right edge \(u \+ width = 1930 > 1920\)$/,
  },
  {
    name: "a box of graphics past the picture's bottom edge",
    json: broken(
      (j) =>
        (j.overlays = [
          { u: 0, v: 0, width: 10, height: 10 },
          { u: 0, v: 1050, width: 130, height: 40 },
        ]),
    ),
    field: 'overlays[1].height',
    message: /bottom edge \(v \+ height = 1090 > 1080\)/,
  },
  {
    name: 'a box of graphics with no height',
    json: broken((j) => (j.overlays = [{ u: 0, v: 0, width: 10, height: 0 }])),
    field: 'overlays[0].height',
    message: /must be positive, got 0/,
  },
  {
    name: 'a box of graphics at half a pixel',
    json: broken((j) => (j.overlays = [{ u: 10.5, v: 0, width: 10, height: 10 }])),
    field: 'overlays[0].u',
    message: /whole number of pixels, got 10.5/,
  },
  {
    name: 'a box of graphics left of the picture',
    json: broken((j) => (j.overlays = [{ u: 0, v: -3, width: 10, height: 10 }])),
    field: 'overlays[0].v',
    message: /must be 0 or more, got -3/,
  },
  {
    name: 'more boxes of graphics than a camera draws',
    json: broken(
      (j) => (j.overlays = Array.from({ length: 17 }, () => ({ u: 0, v: 0, width: 1, height: 1 }))),
    ),
    field: 'overlays',
    message: /at most 16 boxes/,
  },
  {
    name: 'a lens model that folds back inside the image',
    json: broken((j) => (j.camera.k1 = -0.6)),
    field: 'camera',
    message: /folds back inside the image/,
  },
];

describe('bad calibration files get an error naming the field', () => {
  for (const bad of BAD_FILES)
    it(bad.name, () => {
      const r = parseCalibration(bad.json);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('CALIBRATION');
      expect(r.error.field).toBe(bad.field);
      expect(r.error.message).toMatch(bad.message);
    });
});

describe('loadCalibrationFile', () => {
  const dir = suiteTempDir('referee-camera-');
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  it('loads the demo', () => {
    const c = loadCalibrationFile('calibration/demo.json');
    expect(c.ok && c.value).toEqual(cal);
  });
  it('solves a file in the points form', () => {
    const c = loadCalibrationFile('calibration/example-points.json');
    if (!c.ok) throw new Error(describeError(c.error));
    const a = cameraCentre(c.value);
    const b = cameraCentre(cal);
    expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(5);
  });
  it('names a file that does not exist', () => {
    const r = loadCalibrationFile(join(dir, 'nope.json'));
    expect(!r.ok && r.error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('nope.json'),
    });
  });
  it('names a file that is not JSON', () => {
    const path = file('broken.json', '{ "table": "snooker", ');
    const r = loadCalibrationFile(path);
    expect(!r.ok && r.error.message).toMatch(new RegExp(`^${path} is not valid JSON`));
  });
  it('keeps the field of a bad value and names the file', () => {
    const path = file(
      'bad-r.json',
      JSON.stringify(BAD_FILES.find((b) => b.name === 'R not orthonormal')?.json),
    );
    const r = loadCalibrationFile(path);
    expect(!r.ok && describeError(r.error)).toMatch(/^pose\.R: not orthonormal .* \(in .*bad-r\.json\)$/);
  });
});
