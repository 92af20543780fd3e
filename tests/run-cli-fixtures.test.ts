// `referee run` on every fixture clip (docs/formats.md §5), the whole chain as a user runs it — ffmpeg
// decoding, vision in a worker, tracking, the rules — against the clip's exact truth: one shot line
// per stroke with the truth's first contact, pots (ball and pocket) and balls off the table, each
// followed by its ruling; and, where a fresh frame is what the clip plays, the ruling the WPBSA rules
// give; and the red pot's run as a person at a terminal reads it. tests/run-cli.test.ts covers the
// other ways of running (a folder of frames, --events, a bad source).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureTruth, jsonLines, runSnookerClip } from './helpers/fixtures.ts';
import { SNOOKER_SCENARIOS } from './helpers/games.ts';
import type { CliResult } from './helpers/spawn.ts';

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const pots = (ps: readonly { readonly id: string; readonly pocket: string }[]): string[] =>
  sorted(ps.map((p) => `${p.id}@${p.pocket}`));

/**
 * The ruling on each clip's stroke as `referee run` gives it: from a fresh frame (no ruling before
 * it), with reds on the table, so a red is on (docs/formats.md §4) — but for the clips in STATES, which
 * are played from the state given there (`--state`).
 */
const RULINGS: Record<string, { foul: null | { points: number }; scored: number }> = {
  // WPBSA 3.3: a red struck and none potted ends the turn: no foul, nothing scored (the break
  // splits the pack; the cue ball must not be taken to have missed them, 3.10(a)).
  'opening-break': { foul: null, scored: 0 },
  // WPBSA 3.3: a red potted scores 1.
  'red-pot': { foul: null, scored: 1 },
  // WPBSA 3.3: after a red, the black (the first ball struck, so the one nominated) potted scores 7.
  'colour-pot': { foul: null, scored: 7 },
  // WPBSA 3.3: the red potted off another red it was kissed by still scores 1.
  kiss: { foul: null, scored: 1 },
  // WPBSA 3.3: a red doubled off a cushion into the middle pocket scores 1.
  double: { foul: null, scored: 1 },
  // WPBSA 3.10(a): the cue ball went in off the red: a foul, 4 (the minimum) to the opponent, the
  // red's point not scored.
  'in-off': { foul: { points: 4 }, scored: 0 },
  // WPBSA 3.3: the red struck but left in the jaws: no foul, nothing scored.
  rattle: { foul: null, scored: 0 },
  // WPBSA 3.3, 3.10(a): the cue ball off a cushion first, then the red: a fair stroke, nothing potted.
  'escape-from-snooker': { foul: null, scored: 0 },
  // WPBSA 3.3: a red struck, none potted (balls hidden under the player for a while): no foul.
  'occluded-by-player': { foul: null, scored: 0 },
  // WPBSA 3.3: a red potted at 4 m/s scores 1.
  'fast-stroke': { foul: null, scored: 1 },
};
const CLIPS = Object.keys(RULINGS).sort();

/**
 * Clips played in the middle of a frame (fixtures/demo.json): the state before the stroke, as a
 * `ruling` line of an earlier run holds it. The colour-pot follows a red potted: a colour is on.
 */
const STATES: Record<string, object> = {
  'colour-pot': {
    type: 'ruling',
    state: {
      scores: [1, 0],
      striker: 0,
      on: 'colour',
      break: 1,
      balls: [
        { id: 'cue', x: 1150, y: 2850 },
        { id: 'black', x: 889, y: 3245 },
        { id: 'red', x: 1500, y: 1200 },
      ],
    },
  },
};
const dir = mkdtempSync(path.join(tmpdir(), 'referee-run-fixtures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The clip whose run is also read as on a terminal (`--log-format pretty`: the log in words). */
const ON_A_TERMINAL = 'red-pot';
const runs = new Map<string, Promise<CliResult>>();
/**
 * Each clip's run, started once and read by every case that asks for it (a run of a clip is half a
 * minute of vision: the red pot's serves both its case here and the terminal's below).
 */
const runOf = (clip: string): Promise<CliResult> => {
  const started =
    runs.get(clip) ??
    runSnookerClip(clip, dir, STATES[clip], clip === ON_A_TERMINAL ? ['--log-format', 'pretty'] : []);
  runs.set(clip, started);
  return started;
};

describe('referee run on every fixture clip', () => {
  it('the clips here are the fixtures there are', () => {
    // Black-ball's fixtures (pool-*) are run by tests/games/blackball/run-fixtures.test.ts.
    expect([...CLIPS].sort()).toEqual(SNOOKER_SCENARIOS);
  });

  it.each(CLIPS)(
    '%s: the truth’s strokes, first contacts, pots and balls off, each shot followed by its ruling',
    async (clip) => {
      const truth = fixtureTruth(clip).strokes;
      const r = await runOf(clip);
      expect(r.code, r.stderr).toBe(0);
      const out = jsonLines(r.stdout);
      expect(out.filter((l) => l['type'] === 'shot')).toHaveLength(truth.length);
      expect(out).toHaveLength(2 * truth.length);
      for (const [i, stroke] of truth.entries()) {
        const shot = out[2 * i] ?? {};
        const ruling = out[2 * i + 1] ?? {};
        expect(shot).toMatchObject({ type: 'shot', index: i });
        expect({
          firstContact: sorted(shot['firstContact'] as string[]),
          potted: pots(shot['potted'] as { id: string; pocket: string }[]),
          offTable: sorted(shot['offTable'] as string[]),
        }).toEqual({
          firstContact: sorted(stroke.firstContact),
          potted: pots(stroke.potted),
          offTable: sorted(stroke.offTable),
        });
        expect(ruling['type']).toBe('ruling');
        expect(ruling).not.toHaveProperty('error');
        if (i === 0) expect(ruling).toMatchObject(RULINGS[clip] ?? {});
      }
    },
    120_000,
  );
});

describe('referee run on a video file, as on a terminal', () => {
  it('the red pot, its first contact and pocket as the truth has them, then its ruling', async () => {
    const truth = fixtureTruth(ON_A_TERMINAL);
    const r = await runOf(ON_A_TERMINAL);
    expect(r.code).toBe(0);
    // As on a terminal: no JSON progress line every 2 s on stderr, only the summary a person reads.
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^referee run: \d+ frames in [\d.]+ s \([\d.]+ a second\); 1 stroke: 1 ruled, 0 fouls$/,
      ),
    ]);
    const [shot, ruling, ...rest] = jsonLines(r.stdout);
    expect(rest).toHaveLength(0);
    expect(shot).toMatchObject({
      type: 'shot',
      index: 0,
      firstContact: truth.strokes[0]?.firstContact,
      potted: truth.strokes[0]?.potted.map(({ id, pocket }) => ({ id, pocket })),
      offTable: [],
    });
    expect(ruling).toMatchObject({ type: 'ruling', foul: null, scored: 1 });
  }, 120_000);
});
