import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from './helpers/temp-dir.ts';
import { cameraCentre } from '../src/camera/index.ts';
import { parseCalibration } from './helpers/games.ts';
import { demo } from './camera-helpers.ts';
import { runReferee } from './helpers/spawn.ts';

const dir = suiteTempDir('referee-calibrate-');
const example = JSON.parse(readFileSync('calibration/example-points.json', 'utf8')) as {
  points: { u: number; v: number; x: number; y: number }[];
  camera: unknown;
};
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const calibrate = (points: string, out = join(dir, 'out.json')) =>
  runReferee(['calibrate', '--points', points, '--out', out]);

// Each spawn starts a fresh node + tsx: run them side by side.
describe.concurrent('referee calibrate --points', () => {
  it('writes the full form, which parseCalibration accepts, and prints the RMS', async () => {
    const out = join(dir, 'nested', 'demo-again.json');
    const r = await calibrate('calibration/example-points.json', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^RMS reprojection error: 0\.0\d px over 10 points\n$/);
    const c = parseCalibration(JSON.parse(readFileSync(out, 'utf8')));
    if (!c.ok) throw new Error(c.error.message);
    expect(Object.keys(JSON.parse(readFileSync(out, 'utf8')) as object)).toEqual([
      'table',
      'image',
      'camera',
      'pose',
    ]);
    const a = cameraCentre(c.value);
    const b = cameraCentre(demo());
    expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(5);
  });

  it('with no camera given, solves the focal length and warns when the view cannot fix it', async () => {
    const out = join(dir, 'no-camera.json');
    const r = await calibrate(file('no-camera-points.json', { ...example, camera: undefined }), out);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^RMS reprojection error: \d+\.\d\d px over 10 points\n$/);
    expect(r.stderr).toMatch(/^referee: warning: these points fix the focal length only to ±\d+%/);
    expect(parseCalibration(JSON.parse(readFileSync(out, 'utf8'))).ok).toBe(true);
  });

  const BAD: readonly { name: string; content: unknown; stderr: RegExp }[] = [
    {
      name: 'fewer than 4 points',
      content: { ...example, points: example.points.slice(0, 3) },
      stderr: /: points: need at least 4 points, got 3\n$/,
    },
    {
      name: 'collinear points',
      content: { ...example, points: example.points.filter((p) => p.x === 889) }, // brown, blue, pink, black
      stderr: /: points: .*lie on one line in the table/,
    },
    {
      name: 'a string for a number',
      content: { ...example, points: example.points.map((p, i) => (i === 2 ? { ...p, u: '1692.8' } : p)) },
      stderr: /: points\[2\]\.u: expected a number, got "1692.8"\n$/,
    },
    { name: 'not JSON', content: '{ "points": [', stderr: /not-JSON\.json is not valid JSON/ },
  ];
  for (const bad of BAD)
    it(`${bad.name}: exit code 2, one line on stderr naming the problem, no file written`, async () => {
      const path = file(`${bad.name.replace(/\W+/g, '-')}.json`, bad.content);
      const out = join(dir, `never-${bad.name.replace(/\W+/g, '-')}.json`);
      const r = await calibrate(path, out);
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')).toHaveLength(2); // one line and its newline
      expect(r.stderr).toMatch(bad.stderr);
      expect(r.stderr).toContain(path.replace(/\.json$/, ''));
      expect(existsSync(out)).toBe(false);
    });

  it('a points file that does not exist: exit code 2, named', async () => {
    const r = await calibrate(join(dir, 'missing.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*missing\.json: ENOENT/);
  });
  it('no --points: exit code 2', async () => {
    const r = await runReferee(['calibrate', '--out', join(dir, 'x.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--points/);
  });
});
