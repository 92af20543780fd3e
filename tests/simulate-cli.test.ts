// `referee simulate` through the real command (docs/formats.md §7): a tiny scenario writes its frames, an
// mp4 and a truth.json that follows the contract; a bad scenario exits 2 naming the field.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from './helpers/temp-dir.ts';

const dir = suiteTempDir('referee-simulate-');

// The demo camera at a quarter of its resolution (480 × 270): quick to draw, the same view.
const demo = JSON.parse(readFileSync('calibration/demo.json', 'utf8')) as {
  image: { width: number; height: number };
  camera: Record<string, number>;
};
const k = demo.camera as { fx: number; fy: number; cx: number; cy: number };
const calibration = {
  ...demo,
  image: { width: 480, height: 270 },
  camera: {
    ...demo.camera,
    fx: k.fx / 4,
    fy: k.fy / 4,
    cx: (k.cx + 0.5) / 4 - 0.5,
    cy: (k.cy + 0.5) / 4 - 0.5,
  },
};
const calibrationFile = join(dir, 'calibration.json');
writeFileSync(calibrationFile, JSON.stringify(calibration));

const simulate = (scenario: unknown, out: string, ...extra: string[]) => {
  const file = join(dir, `${out}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return spawnSync(
    'node',
    [
      'bin/referee.js',
      'simulate',
      '--scenario',
      file,
      '--calibration',
      calibrationFile,
      '--out',
      join(dir, out),
      ...extra,
    ],
    { encoding: 'utf8' },
  );
};

describe('referee simulate', () => {
  it('writes frames, clip.mp4 and a truth.json per docs/formats.md §7 for a slow stroke into a red', async () => {
    const run = simulate(
      {
        table: 'snooker',
        balls: [
          { id: 'cue', x: 889, y: 700 },
          { id: 'red', x: 889, y: 1000 },
        ],
        strokes: [{ cue: { vx: 0, vy: 700 } }],
        seed: 3,
      },
      'slow',
      '--fps',
      '10',
      '--mp4',
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(''); // progress goes to stderr
    expect(run.stderr).toMatch(/wrote \d+ frames/);
    // Said before a frame is drawn: how much the PNGs will take (a 5 s 1080p clip wrote 975 MB
    // without a word), and how to write only the video.
    const said =
      /rendering (\d+) frames of 480×270 as PNGs in \S+ \(about \d+ MB; --no-png keeps only the mp4\) and \S+clip\.mp4/.exec(
        run.stderr,
      );
    expect(said, run.stderr).not.toBeNull();
    const out = join(dir, 'slow');
    const truth = JSON.parse(readFileSync(join(out, 'truth.json'), 'utf8')) as {
      fps: number;
      calibration: unknown;
      frames: { t: number; balls: { id: string; track: string; x: number; y: number }[] }[];
      strokes: Record<string, unknown>[];
    };
    expect(truth.fps).toBe(10);
    expect(truth.calibration).toEqual(calibration);
    const frames = readdirSync(join(out, 'frames')).sort();
    expect(frames.length).toBe(truth.frames.length);
    expect(frames[0]).toBe('000000.png');
    expect(frames.at(-1)).toBe(`${String(frames.length - 1).padStart(6, '0')}.png`);
    truth.frames.forEach((f, i) => {
      expect(f.t).toBeCloseTo(i * 100, 6);
      for (const b of f.balls) {
        expect(['cue', 'red']).toContain(b.id);
        expect(typeof b.track).toBe('string');
        expect(Number.isFinite(b.x) && Number.isFinite(b.y)).toBe(true);
      }
    });
    expect(truth.frames[0]?.balls).toEqual([
      { id: 'cue', track: 'cue', x: 889, y: 700 },
      { id: 'red', track: 'red1', x: 889, y: 1000 },
    ]);
    const stroke = truth.strokes[0] as Record<string, unknown>;
    expect(Object.keys(stroke).sort()).toEqual(
      ['end', 'events', 'firstContact', 'offTable', 'potted', 'rest', 'start'].sort(),
    );
    expect(stroke.firstContact).toEqual(['red']);
    expect((stroke.events as { type: string }[]).some((e) => e.type === 'contact')).toBe(true);
    const meta = await sharp(join(out, 'frames', '000000.png')).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([480, 270, 3]);
    const probe = spawnSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=nb_read_frames,width,height,chroma_location',
        '-of',
        'csv=p=0',
        join(out, 'clip.mp4'),
      ],
      { encoding: 'utf8' },
    );
    // Its colour said to lie where ffmpeg's scaler put it, centred (capture/ffmpeg.ts CENTRED_CHROMA):
    // read where it says, as every source is, it lands where it was drawn.
    expect(probe.stdout.trim()).toBe(`480,270,center,${truth.frames.length}`);
    expect(Number(said?.[1])).toBe(truth.frames.length);
  });

  const bad: [string, unknown, RegExp][] = [
    [
      'two balls overlapping',
      {
        table: 'snooker',
        balls: [
          { id: 'cue', x: 889, y: 700 },
          { id: 'red', x: 889, y: 730 },
        ],
        strokes: [{ cue: { vx: 0, vy: 500 } }],
      },
      /balls\[1\]/,
    ],
    [
      'a ball off the bed',
      {
        table: 'snooker',
        balls: [
          { id: 'cue', x: 889, y: 700 },
          { id: 'red', x: 2000, y: 1000 },
        ],
        strokes: [{ cue: { vx: 0, vy: 500 } }],
      },
      /balls\[1\]\.x/,
    ],
    [
      'a position that is not a number',
      { table: 'snooker', balls: [{ id: 'cue', x: 'NaN', y: 700 }], strokes: [{ cue: { vx: 0, vy: 500 } }] },
      /balls\[0\]\.x/,
    ],
  ];
  for (const [name, scenario, field] of bad) {
    it(`${name}: exit code 2, the field named on stderr, nothing written`, () => {
      const out = name.replace(/ /g, '-');
      const run = simulate(scenario, out);
      expect(run.status).toBe(2);
      expect(existsSync(join(dir, out))).toBe(false);
      expect(run.stderr).toMatch(field);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    });
  }
});
