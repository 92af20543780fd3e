// `referee detect` through the real command (docs/formats.md §3): one JSON line a frame, balls in table
// millimetres with ids and confidences, a per-frame error for a frame that cannot be read, a non-zero
// exit only when no frame could be read, exit 2 naming the field for a bad calibration.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReferee } from './helpers/spawn.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-detect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A frame of a committed fixture clip (h264, the demo camera) and the clip's exact truth for it.
const clip = 'fixtures/opening-break';
const frame = path.join(dir, 'opening-break-0.png');
const corrupt = path.join(dir, 'corrupt.png');
let truth: { id: string; x: number; y: number }[];

beforeAll(() => {
  const ff = spawnSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    `${clip}/clip.mp4`,
    '-frames:v',
    '1',
    frame,
  ]);
  if (ff.status !== 0) throw new Error(`ffmpeg: ${ff.stderr.toString()}`);
  const json = JSON.parse(readFileSync(`${clip}/truth.json`, 'utf8')) as {
    frames: { balls: typeof truth }[];
  };
  truth = json.frames[0]?.balls ?? [];
  // A PNG's signature and then nonsense: a file cut short or damaged on disk.
  writeFileSync(
    corrupt,
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]),
  );
});

interface Line {
  frame: string;
  balls?: { id: string; x: number; y: number; confidence: number }[];
  ms?: number;
  error?: string;
}

const lines = (stdout: string): Line[] =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);

describe('referee detect', () => {
  it('prints one line a frame: every ball named and placed, and an error line for a corrupt file', async () => {
    const r = await runReferee(['detect', '--calibration', 'calibration/demo.json', frame, corrupt]);
    expect(r.code).toBe(0);
    const [good, bad] = lines(r.stdout);
    expect(Object.keys(good ?? {})).toEqual(['frame', 'balls', 'ms']);
    expect(good?.frame).toBe(frame);
    expect(good?.ms).toBeGreaterThan(0);
    const balls = good?.balls ?? [];
    expect(truth).toHaveLength(22);
    expect(balls).toHaveLength(22);
    for (const b of balls) {
      expect(Object.keys(b)).toEqual(['id', 'x', 'y', 'confidence']);
      expect(b.confidence).toBeGreaterThanOrEqual(0);
      expect(b.confidence).toBeLessThanOrEqual(1);
      // Each at a true ball of the same id, parallax-corrected, to a couple of millimetres: this is
      // video, whose colour at half resolution smears the gaps inside the pack (its middle reds are
      // placed by their likeness to their neighbours).
      const near = truth.filter((t) => Math.hypot(t.x - b.x, t.y - b.y) < 2);
      expect(
        near.map((t) => t.id),
        `${b.id} at (${b.x}, ${b.y})`,
      ).toContain(b.id);
    }
    expect(bad).toEqual({ frame: corrupt, error: expect.stringMatching(/^cannot decode image/) });
  }, 60_000);

  it('exits non-zero only when no frame could be read', async () => {
    const r = await runReferee([
      'detect',
      '--calibration',
      'calibration/demo.json',
      corrupt,
      path.join(dir, 'absent.png'),
    ]);
    expect(r.code).toBe(1);
    const out = lines(r.stdout);
    expect(out.map((l) => l.frame)).toEqual([corrupt, path.join(dir, 'absent.png')]);
    expect(out.every((l) => typeof l.error === 'string')).toBe(true);
    expect(r.stderr).toMatch(/no frame could be read/);
  }, 60_000);

  it('rejects a bad calibration with exit 2, naming the field', async () => {
    const json = JSON.parse(readFileSync('calibration/demo.json', 'utf8')) as {
      camera: Record<string, unknown>;
    };
    json.camera['fx'] = 'wide';
    const bad = path.join(dir, 'bad-calibration.json');
    writeFileSync(bad, JSON.stringify(json));
    const r = await runReferee(['detect', '--calibration', bad, frame]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/camera\.fx/);
  }, 60_000);
});
