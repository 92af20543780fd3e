// Black-ball events benchmark (issue 15): strokes, first contact, pots with their pocket and the
// object balls over the centre line (seed 2.5(b)), as tracking and black-ball's perception find them,
// against the simulator's exact truth (tests/games/blackball/clips.ts), at 60 and 30 fps.
//
// Held-out clips: random black-ball scenarios from seeds from 26 000 001 — a range not used while the
// perception was written (its tests use 2 500 001 and hand-made strokes) — each a random break (the
// cue ball anywhere in the cabin, 3.5–9 m/s at the rack's apex) and then `--strokes` more from where
// the balls lie (seven in ten trying a pot, 0.3–4 m/s, with spin). A first held-out run, from
// 25 000 001, showed a fault of this harness, not of tracking: a cue ball in hand appeared on the
// cloth only at the instant it was struck (the simulator places it then), so the stroke was dated
// late; the harness now shows it placed half a second before (src/sim/truth.ts visibleAt), and the
// range was not used again. The renderer drew it the same way, only from the strike, until part 2
// was first run: it now draws visibleAt too (tests/games/blackball/cue-in-hand-drawn.test.ts).
//
// 1. Tracking alone, on detections synthesised from the clips' exact positions with the detector's
//    faults (tracking/synthetic.ts DEFAULT_FAULTS: noise, misses, misread ids, motion blur over
//    1/120 s, false balls).
// 2. End to end, on the same clips rendered (pool balls, green or blue cloth, the player at every
//    stroke) through the pool demo camera (calibration/pool-demo.json, 1080p, 60 fps, H.264) and
//    followed by the chain `referee run` uses (ffmpeg, vision in a worker with the pool classifier,
//    tracking, perception), at 60 fps and (ffmpeg's fps filter) 30. Needs
//    models/pool-ball-classifier/; without it the part is skipped and says so.
//    First run (December 2026, load average 11–17 on 2 cores, so on few clips): seeds 26 000 001–002
//    to find faults. Both breaks went wrong once, each at one rate (26 000 001 at 30 fps, 26 000 002
//    at 60): the cue ball, struck from under the player's cue, was seen only blurred and barely named
//    (0.4–0.7 sure, and 0.01–0.05), and the tracker took a hidden ball back only on a sure sighting,
//    so the break was dated 220–370 ms late with two balls for its first contact. Fixed in the tracker
//    (Tracker.struckUnseen; tests/games/blackball/struck-cue-unsure.test.ts replays vision's own
//    detections of both). The renderer's cue ball in hand, drawn only from the strike, was fixed
//    before any clip that has one was rendered. The held-out figure is from a fresh range, 27 000 001
//    on, never rendered before the fixes: seeds 27 000 001–003 (12 strokes, 6 pots, two strokes from
//    hand), at 60 and 30 fps all strokes found, first contact and pots right, none invented, every
//    crossing right. Too few clips to show the target. A second fresh range, 28 000 001–014 (56 strokes,
//    23 pots), each clip run once: strokes and pots all right at both rates, crossings 811/811, first
//    contact 54/56 at 60 fps and 55/56 at 30 — a break whose cue ball was only a faint blur into the rack
//    (28 000 012), and a cue ball pushed at a glance into the ball it lay touching (28 000 013, stroke 3;
//    the move now names that ball, the tracker's first contact here does not).
//    First contact is scored on the move black-ball's perception builds from the tracked stroke (toMove),
//    which is what the rules receive; the tracker's own (shot.firstContact) is printed beside it. The
//    figures above were the tracker's; on the move, 28 000 013 stroke 3 is right. The break of
//    28 000 012 at 60 fps was a fault of the first-contact line: its cue ball, lost for 166 ms in its
//    blur, was seen again only after it had come back off the pack, and that sample (a long step, so
//    a wide slack) bent the line from the 1 into the 9. A cue ball seen again after a stretch out of
//    sight, once an object ball has been seen moving, no longer extends its line (tracking/events.ts
//    followLeg; tests/games/blackball/cue-lost-into-pack.test.ts replays vision's detections of it).
//    A third fresh range, 29 000 002–009 (32 strokes, 14 pots; 29 000 001 was discarded unrun, drawn
//    while the renderer's sources were being edited), rendered before and run once after that fix:
//    strokes 32/32 with none extra, first contact 32/32, pots with their pocket 14/14 with none
//    invented, at 60 and 30 fps; crossings 456/459 (three balls that crossed said not to have, two of
//    them also so on synthesised detections: 29 000 006 stroke 2 the 9, 29 000 007's break the 1,
//    29 000 009 stroke 2 the 6); break verdicts 8/8.
//    The 6 of 29 000 009 went into a middle pocket at an angle, over the line in the mouth (11 mm where it
//    dropped), and vision lost it in the jaws short of the line; middle pockets were taken to lie on the
//    line. A ball potted in one is now judged where it went down, its path carried on from its last
//    sightings to the fall line, 5 mm past the line (perception-events.ts wentDownAt, DOWN_MARGIN_MM,
//    set on 26 000 001–040; tests/games/blackball/lost-in-middle-jaws.test.ts). Part 1, 60 / 30 fps,
//    before -> after: 26 000 001–040 2293/2292 -> 2294/2293 of 2297; 28 000 001–016 925/925 -> 925/926
//    of 926; 29 000 001–009 517/517 of 519 unchanged; none said crossed that did not. End to end on the
//    kept render of 29 000 009: 56/57 -> 57/57 at both rates. The two left on 29 000 001–009 (29 000 006
//    stroke 2 the 9, 29 000 007's break the 1) are balls into a middle pocket whose centre was 0.01 and
//    0.13 mm past the line when they dropped: on the line as a referee sees it (seed 4.12), far inside
//    the detector's noise; the truth (clips.ts) counts any distance past it.
//
// Run: npm run bench -- blackball-events, or nice -n 10 npx tsx bench/blackball-events.ts [--clips 40] [--strokes 3] [--seed 26000001]
//        [--video 8] (rendered clips in part 2; 0 skips it) [--keep DIR] (the renders kept in DIR/SEED-STROKES/ and used again)
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readJsonFile } from '../src/camera/index.ts';
import { openSource } from '../src/capture/index.ts';
import { runSimulation } from '../src/cli/simulate.ts';
import { blackball } from '../src/games/blackball/index.ts';
import { toMove } from '../src/games/blackball/perception.ts';
import type { StrokeReport } from '../src/games/blackball/session.ts';
import { namedPoolTable } from '../src/games/blackball/table.ts';
import { followSource } from '../src/pipeline/follow.ts';
import { DetectionWorker } from '../src/pipeline/worker.ts';
import { makeRng } from '../src/sim/random.ts';
import type { PlayedScenario } from '../src/sim/truth.ts';
import { DEFAULT_FAULTS, StrokeFollower, type Shot } from '../src/tracking/index.ts';
import { ONNX_FILE } from '../src/vision/classify/index.ts';
import {
  followPool,
  playPool,
  poolTruth,
  POOL_SIM,
  randomPoolScenario,
  sorted,
  type PoolTruth,
} from '../tests/games/blackball/clips.ts';
import { loadCalibrationFile } from '../tests/helpers/games.ts';
import { readFlags } from './flags.ts';

const { count, values } = readFlags({
  clips: { type: 'string', default: '40' },
  strokes: { type: 'string', default: '3' },
  seed: { type: 'string', default: '26000001' },
  video: { type: 'string', default: '8' },
  keep: { type: 'string', default: '' },
});
const CLIPS = count('clips');
const STROKES = count('strokes');
const SEED = count('seed');
const VIDEO = count('video');
const table = namedPoolTable();
const CALIBRATION = 'calibration/pool-demo.json';

/**
 * What was found of one stroke: its shot, and the move black-ball's perception built from it (toMove),
 * which is what the rules receive: its first contact (seed 2.9's touching ball pushed off by the cue
 * ball is named there, not by the tracker) and its crossings.
 */
interface Found {
  readonly shot: Shot;
  readonly first: readonly string[];
  readonly crossed: readonly string[];
}

const found = (shot: Shot, move: StrokeReport): Found => ({
  shot,
  first: move.shot.firstContact,
  crossed: move.shot.crossedCentre ?? [],
});

interface Tally {
  played: number;
  found: number;
  extra: number;
  /** The move's first contact (what the rules get) as the truth has it. */
  firstContact: number;
  /** The tracker's own (shot.firstContact), kept beside it. */
  trackerFirst: number;
  potsTrue: number;
  potsFound: number;
  potsInvented: number;
  /** Object balls on the table before a matched stroke, and how many were said crossed or not as the truth has it. */
  balls: number;
  crossingsRight: number;
  breaks: number;
  breakVerdictRight: number;
  failures: string[];
}

const tally = (): Tally => ({
  played: 0,
  found: 0,
  extra: 0,
  firstContact: 0,
  trackerFirst: 0,
  potsTrue: 0,
  potsFound: 0,
  potsInvented: 0,
  balls: 0,
  crossingsRight: 0,
  breaks: 0,
  breakVerdictRight: 0,
  failures: [],
});

const key = (p: { readonly id: string; readonly pocket: string }): string => `${p.id}@${p.pocket}`;

/** Score one clip's strokes: matched to the truth's by start time (within 150 ms). */
const add = (t: Tally, truth: readonly PoolTruth[], found: readonly Found[], label: string): void => {
  const used = new Set<number>();
  for (const [k, s] of truth.entries()) {
    t.played += 1;
    t.potsTrue += s.potted.length;
    const i = found.findIndex((f, j) => !used.has(j) && Math.abs(f.shot.start - s.start) < 150);
    const f = found[i];
    if (!f) {
      t.failures.push(`${label} stroke ${k + 1}: not found`);
      continue;
    }
    used.add(i);
    t.found += 1;
    const truthFirst = sorted(s.firstContact).join();
    if (sorted(f.shot.firstContact).join() === truthFirst) t.trackerFirst += 1;
    if (sorted(f.first).join() === truthFirst) t.firstContact += 1;
    else
      t.failures.push(
        `${label} stroke ${k + 1}: first contact ${f.first.join()} (tracker ${f.shot.firstContact.join()}; truth ${s.firstContact.join()})`,
      );
    const left = f.shot.potted.map(key);
    for (const p of s.potted.map(key)) {
      const j = left.indexOf(p);
      if (j >= 0) {
        left.splice(j, 1);
        t.potsFound += 1;
      } else t.failures.push(`${label} stroke ${k + 1}: pot ${p} missed`);
    }
    t.potsInvented += left.length;
    for (const p of left) t.failures.push(`${label} stroke ${k + 1}: pot ${p} invented`);
    const objects = f.shot.before.filter((b) => b.id !== 'cue').map((b) => b.id);
    const ours = new Set(f.crossed);
    const theirs = new Set<string>(s.crossedCentre);
    for (const id of objects) {
      t.balls += 1;
      if (ours.has(id) === theirs.has(id)) t.crossingsRight += 1;
      else
        t.failures.push(
          `${label} stroke ${k + 1}: the ${id} ${theirs.has(id) ? 'crossed' : 'did not cross'} the centre line`,
        );
    }
    if (k === 0) {
      t.breaks += 1;
      const legal = (pots: number, crossed: number): boolean => pots > 0 || crossed >= 2;
      if (legal(f.shot.potted.length, ours.size) === legal(s.potted.length, theirs.size))
        t.breakVerdictRight += 1;
    }
  }
  t.extra += found.length - used.size;
  if (found.length > used.size)
    t.failures.push(`${label}: ${found.length - used.size} stroke(s) found that were not played`);
};

const pct = (a: number, b: number): string => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);

const report = (title: string, t: Tally, extra = ''): void => {
  process.stdout.write(
    `\n${title}\n` +
      `  strokes found ${t.found}/${t.played} (${pct(t.found, t.played)}), ${t.extra} extra\n` +
      `  first contact right ${t.firstContact}/${t.found} (${pct(t.firstContact, t.found)}) in the move the rules get; ` +
      `the tracker's own ${t.trackerFirst}/${t.found}\n` +
      `  pots (ball and pocket) found ${t.potsFound}/${t.potsTrue} (${pct(t.potsFound, t.potsTrue)}), ${t.potsInvented} invented\n` +
      `  centre-line crossings right ${t.crossingsRight}/${t.balls} balls (${pct(t.crossingsRight, t.balls)}); ` +
      `break verdict (2.5(b)) right ${t.breakVerdictRight}/${t.breaks}\n` +
      (extra ? `  ${extra}\n` : '') +
      t.failures
        .slice(0, 20)
        .map((f) => `    ${f}\n`)
        .join(''),
  );
};

const clips: { name: string; json: unknown; played: PlayedScenario; truth: PoolTruth[] }[] = [];
for (let k = 0; k < CLIPS; k++) {
  const json = randomPoolScenario(table, makeRng(SEED + k), STROKES);
  const played = playPool(json);
  clips.push({ name: `clip ${SEED + k}`, json, played, truth: poolTruth(played) });
}
process.stdout.write(
  `Black-ball events: ${clips.length} held-out clips (seeds ${SEED}…${SEED + CLIPS - 1}), ` +
    `${clips.reduce((a, c) => a + c.truth.length, 0)} strokes, ` +
    `${clips.reduce((a, c) => a + c.truth.reduce((b, s) => b + s.potted.length, 0), 0)} pots\n`,
);

for (const fps of [60, 30]) {
  const t = tally();
  for (const [i, c] of clips.entries()) {
    const strokes = followPool(c.played, fps, DEFAULT_FAULTS, makeRng(SEED + 1_000_000 + i)).map((f) =>
      found(f.shot, f.move),
    );
    add(t, c.truth, strokes, `${c.name} at ${fps} fps`);
  }
  report(`1. Tracking on synthesised detections at ${fps} fps`, t);
}

const modelDir = blackball.perception.kind === 'balls' ? blackball.perception.modelDir : '';
if (VIDEO > 0 && !existsSync(path.join(modelDir, ONNX_FILE))) {
  process.stdout.write(`\n2. End to end on rendered clips: skipped — no pool classifier at ${modelDir}\n`);
} else if (VIDEO > 0) {
  const calibration = loadCalibrationFile(CALIBRATION);
  const calibrationJson = readJsonFile(CALIBRATION);
  if (!calibration.ok || !calibrationJson.ok) throw new Error(`cannot read ${CALIBRATION}`);
  // --keep DIR: the renders kept there (by seed), and one already there used again.
  const keep = typeof values.keep === 'string' && values.keep !== '' ? values.keep : undefined;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ?? mkdtempSync(path.join(tmpdir(), 'blackball-events-'));
  const rendered = clips
    .slice(0, VIDEO)
    .map((c, i) => ({ ...c, mp4: path.join(dir, `${SEED + i}-${STROKES}`, 'clip.mp4') }));
  for (const c of rendered.filter((r) => !existsSync(r.mp4))) {
    // Drawn beside and moved into place when whole: a render cut short is never taken for one.
    const part = `${path.dirname(c.mp4)}.part`;
    rmSync(part, { recursive: true, force: true });
    await runSimulation({
      game: POOL_SIM,
      scenarioJson: c.json,
      calibrationJson: calibrationJson.value,
      calibration: calibration.value,
      fps: 60,
      out: part,
      mp4: true,
      png: false,
    });
    rmSync(path.dirname(c.mp4), { recursive: true, force: true });
    renameSync(part, path.dirname(c.mp4));
  }
  for (const fps of [60, 30]) {
    const t = tally();
    let frames = 0;
    let seconds = 0;
    for (const c of rendered) {
      const source = await openSource(c.mp4, fps === 60 ? {} : { fps });
      if (!source.ok) throw new Error(source.error.message);
      const detector = await DetectionWorker.start(CALIBRATION, 'blackball');
      const strokes: Found[] = [];
      const t0 = performance.now();
      try {
        const stats = await followSource(source.value, detector, new StrokeFollower(table), (d) => {
          const move = toMove(table, { shot: d.shot, trails: [], frames: d.record.frames });
          strokes.push(found(d.shot, move));
        });
        frames += stats.frames;
        seconds += (performance.now() - t0) / 1000;
      } finally {
        await detector.close();
        await source.value.close();
      }
      // playPool plays a scenario as the renderer does: the clip's truth is c.truth.
      add(t, c.truth, strokes, `${c.name} (video) at ${fps} fps`);
    }
    report(
      `2. End to end on ${rendered.length} rendered clips at ${fps} fps`,
      t,
      `${(frames / seconds).toFixed(1)} frames a second; load ${loadavg()[0]?.toFixed(1)} on 2 cores`,
    );
  }
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
