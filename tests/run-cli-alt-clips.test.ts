// `referee run` on clips of our own physics drawn by the second renderer (src/sim/alt, its dark
// forest-green cloth; scripts/make-alt-fixtures.ts), the whole chain as a user runs it.
// Issue 14: on such clips a green cut into a corner pocket was ruled "FOUL, 4 points: the cue ball
// missed all object balls", and a green struck up the table gave first contact "none". Each clip is
// played after a red was potted (a colour on, as fixtures/demo.json's colour-pot), and checked against
// the physics' truth: the first contact, the pots (ball and pocket), and the WPBSA ruling on them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { valueOf, type ObjectBallId } from '../src/games/snooker/rules/values.ts';
import { fixtureTruth, jsonLines, runSnookerClip, type FixtureTruth } from './helpers/fixtures.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-run-alt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The `--state` entry: a red potted (1 point, a break of 1), a colour on, the balls where the clip starts. */
const stateOf = (truth: FixtureTruth): object => {
  const balls = (truth.frames[0]?.balls ?? []).map((b) => ({ id: b.id, x: b.x, y: b.y }));
  return { type: 'ruling', state: { scores: [1, 0], striker: 0, on: 'colour', break: 1, balls } };
};

describe('referee run on green-cloth clips of the second renderer (issue 14)', () => {
  it.each([
    // The green cut into the bottom-left corner pocket: WPBSA 3.3, the colour on struck first and
    // potted scores its value; no foul (it was ruled "missed all object balls").
    'alt-green-cut',
    // The green struck up the table, nothing potted: a fair stroke that ends the break, no foul (its
    // first contact was "none").
    'alt-green-up',
  ])(
    '%s: the truth’s first contact and pots, and no foul: the potted colours’ values scored',
    async (clip) => {
      const truth = fixtureTruth(clip);
      const stroke = truth.strokes[0];
      expect(truth.strokes).toHaveLength(1);
      if (!stroke) return;
      // The case the clip is made for (scripts/make-alt-fixtures.ts checks it too).
      expect(stroke.firstContact).toEqual(['green']);
      const r = await runSnookerClip(clip, dir, stateOf(truth));
      expect(r.code, r.stderr).toBe(0);
      const out = jsonLines(r.stdout);
      expect(out.map((l) => l['type'])).toEqual(['shot', 'ruling']);
      const [shot, ruling] = out;
      expect({
        firstContact: shot?.['firstContact'],
        potted: (shot?.['potted'] as { id: string; pocket: string }[]).map((p) => `${p.id}@${p.pocket}`),
      }).toEqual({
        firstContact: stroke.firstContact,
        potted: stroke.potted.map((p) => `${p.id}@${p.pocket}`),
      });
      expect(ruling).not.toHaveProperty('error');
      expect(ruling).toMatchObject({
        foul: null,
        scored: stroke.potted.reduce((sum, p) => sum + valueOf(p.id as ObjectBallId), 0),
      });
    },
    120_000,
  );
});
