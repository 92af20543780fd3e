// `referee detect` on a picture whose cue ball the classifier does not know (held-out 46's, yellowed
// with age, on the celery cloth: called yellow, and the set's pale pink then named the cue ball): the
// person installing is told on stderr that the names may be wrong and what puts them right (the club's
// set, `learn-looks`, `--looks`); with the set given, nothing is said and the pink is the pink.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drawAltFrame } from './helpers/alt-frame.ts';
import { runReferee } from './helpers/spawn.ts';
import { writePng } from './helpers/still-source.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-detect-white-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pink's id as `detect` printed it (its place in held-out 46's celery cluster). */
const pinkNamed = (stdout: string, pink: { x: number; y: number }): string[] =>
  (JSON.parse(stdout) as { balls: { id: string; x: number; y: number }[] }).balls
    .filter((b) => Math.hypot(b.x - pink.x, b.y - pink.y) < 26)
    .map((b) => b.id);

describe('detect on a picture whose cue ball the classifier does not know', () => {
  it('says the names may be wrong and how to put them right; with the set given, says nothing', async () => {
    const cluster = await drawAltFrame('held-out-46', 13_102_000);
    const setUp = await drawAltFrame('held-out-46', 13_100_000);
    const pink = cluster.k.balls.find((b) => b.id === 'pink');
    if (!pink) throw new Error('no pink');
    const frame = path.join(dir, 'frame.png');
    const setUpFile = path.join(dir, 'set-up.png');
    const looks = path.join(dir, 'looks.json');
    await writePng(frame, cluster.image);
    await writePng(setUpFile, setUp.image);
    const plain = await runReferee(['detect', '--calibration', 'calibration/demo.json', frame]);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain(
      "no ball was recognised as the cue ball: the balls' names may be wrong; learn the club's ball set from a picture of the balls set up (referee learn-looks) and give it with --looks",
    );
    expect(pinkNamed(plain.stdout, pink)).toEqual(['cue']);
    const learnt = await runReferee([
      'learn-looks',
      '--calibration',
      'calibration/demo.json',
      '--out',
      looks,
      setUpFile,
    ]);
    expect(learnt.code).toBe(0);
    const given = await runReferee([
      'detect',
      '--calibration',
      'calibration/demo.json',
      '--looks',
      looks,
      frame,
    ]);
    expect(given.code).toBe(0);
    expect(given.stderr).toBe('');
    expect(pinkNamed(given.stdout, pink)).toEqual(['pink']);
  }, 120_000);
});
