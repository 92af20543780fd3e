// `referee run` as a user runs it (docs/formats.md §5), on the simulator's clips with exact truth: a
// folder of frames and a video cut mid-stroke, the whole chain — decode, vision, tracking, the rules.
// A video file as on a terminal is the red pot's case in tests/run-cli-fixtures.test.ts, which reads
// the run of that clip its own case makes.
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cutClip, fixtureTruth, jsonLines } from './helpers/fixtures.ts';
import { runReferee } from './helpers/spawn.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('referee run', () => {
  it('on a folder of numbered frames at the given fps, writing the events to a file', async () => {
    const frames = path.join(dir, 'in-off');
    execFileSync('mkdir', ['-p', frames]);
    // Deflate's fastest level: the same pixels as the default's, in half ffmpeg's time (21 s of CPU
    // for the clip's 196 frames at the default, 10 s at 1).
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-i', 'fixtures/in-off/clip.mp4'],
      ...['-compression_level', '1', path.join(frames, '%05d.png')],
    ]);
    const truth = fixtureTruth('in-off');
    const out = path.join(dir, 'in-off.jsonl');
    const r = await runReferee([
      'run',
      '--source',
      frames,
      '--fps',
      String(truth.fps),
      '--calibration',
      'calibration/demo.json',
      '--events',
      out,
    ]);
    expect(r.code).toBe(0);
    const [shot, ruling] = jsonLines(readFileSync(out, 'utf8'));
    const potted = (shot?.['potted'] as { id: string }[]).map((p) => p.id).sort();
    expect(potted).toEqual(truth.strokes[0]?.potted.map((p) => p.id).sort());
    // WPBSA 3.10: the cue ball went in: a foul, the red's point not scored
    expect(ruling).toMatchObject({ type: 'ruling', scored: 0, foul: { points: 4 } });
  }, 120_000); // two hundred PNGs decoded one by one: slow on a busy machine

  it('on a video that begins after the cue ball met the red: no miss ruled; the summary says a stroke was under way', async () => {
    // The in-off's contact is at 0.71 s of its clip: cut from 0.85 s, the cue ball is moving from the first
    // frame and the red going into the pocket — it used to be ruled a 7-point miss.
    const late = path.join(dir, 'in-off-late.mp4');
    cutClip('fixtures/in-off/clip.mp4', late, { start: 0.85 });
    const r = await runReferee(['run', '--source', late, '--calibration', 'calibration/demo.json']);
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)).toEqual([]);
    expect(r.stderr).toContain('a stroke was already under way when watching began: it is not ruled');
    // (The person's summary line; piped, pino's JSON lines come beside it in any order.)
    expect(r.stderr.split('\n')).toContainEqual(
      expect.stringMatching(
        /^referee run: .*; 0 strokes: 0 ruled, 0 fouls; 1 already under way when first seen, not ruled$/,
      ),
    );
  });

  it('a source that does not exist is a clear error naming --source, exit 2', async () => {
    const r = await runReferee([
      'run',
      '--source',
      path.join(dir, 'nothing.mp4'),
      '--calibration',
      'calibration/demo.json',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--source');
  });

  it('a --chroma that is neither sited nor centred is a clear error naming it, exit 2', async () => {
    const r = await runReferee([
      ...['run', '--source', 'fixtures/colour-pot/clip.mp4'],
      ...['--calibration', 'calibration/demo.json', '--chroma', 'left'],
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--chroma: left is not one of sited, centred');
  });

  it.each([
    ['not JSON', '{"scores": [0, 0],', '--state'],
    [
      'a score missing',
      '{"scores":[1],"striker":0,"on":"red","balls":[{"id":"cue","x":889,"y":600}]}',
      'state.scores',
    ],
    [
      'a colour on with reds on the table',
      '{"state":{"scores":[0,0],"striker":0,"on":"pink","balls":[{"id":"cue","x":889,"y":600},{"id":"red","x":889,"y":2800}]}}',
      'state.on',
    ],
  ])(
    'a --state that is %s is a clear error naming the field, exit 2, before any frame is read',
    async (_, text, field) => {
      const file = path.join(dir, 'state.json');
      writeFileSync(file, text);
      const r = await runReferee([
        'run',
        '--source',
        'fixtures/colour-pot/clip.mp4',
        '--calibration',
        'calibration/demo.json',
        '--state',
        file,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(field);
      expect(r.stdout).toBe('');
    },
  );
});

// Refused before any frame is read (the realtime group's tests/run-cli-live.test.ts had them; they
// need no CPU of their own).
describe('referee run with bad arguments', () => {
  it.each([
    [['--source', 'fixtures/in-off/clip.mp4', '--calibration', '/nonexistent/cal.json'], /calibration/],
    [
      ['--source', 'fixtures/in-off/clip.mp4', '--calibration', 'calibration/demo.json', '--fps', 'fast'],
      /--fps: not a positive number/,
    ],
    [
      [
        '--source',
        'fixtures/in-off/clip.mp4',
        '--calibration',
        'calibration/demo.json',
        '--stall-timeout',
        '-5',
      ],
      /--stall-timeout/,
    ],
  ])('%#: exit 2 and a one-line error naming what was wrong', async (args, message) => {
    const r = await runReferee(['run', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('referee:')),
    ).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
});
