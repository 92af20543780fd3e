// Scoring for the detection benchmarks (bench/detect.ts for snooker, bench/detect-pool.ts for
// black-ball): detections matched to truth nearest-first within a ball's radius; recall, precision,
// id errors, position errors (mm) and times per frame; for pool also stripes taken for solids and
// the other way round. A truth ball counts when more than half of it is in view. And the line saying
// which frames of a sequence reused the Detector's last answer (reuseReport).
import type { Result } from '../src/core/errors.ts';
import type { BallId } from '../src/equipment/pieces.ts';
import type { FrameDetection } from '../src/vision/index.ts';

export interface Found<I extends string = BallId> {
  readonly id?: I;
  readonly x: number;
  readonly y: number;
}

export interface Tally {
  required: number;
  recalled: number;
  detections: number;
  phantoms: number;
  hiddenReported: number;
  classChecked: number;
  classErrors: number;
  /** Pool: a ball of one group (solids, stripes) taken for one of the other (the cue ball is in neither). */
  groupChecked: number;
  groupErrors: number;
  errors: number[];
  cpu: number[];
  wall: number[];
}

export const tally = (): Tally => ({
  required: 0,
  recalled: 0,
  detections: 0,
  phantoms: 0,
  hiddenReported: 0,
  classChecked: 0,
  classErrors: 0,
  groupChecked: 0,
  groupErrors: 0,
  errors: [],
  cpu: [],
  wall: [],
});

/** A truth ball as the score takes it: `visible`, the share of it in view (0…1). */
export interface Truth<I extends string = BallId> {
  readonly id: I;
  readonly x: number;
  readonly y: number;
  readonly visible: number;
}

/** A detection paired with a truth ball: how far apart (mm), the detection's index, the truth's. */
export type Pair = readonly [distance: number, found: number, truth: number];

/**
 * Match detections to truth nearest-first within a ball's radius, and count; the pairs made.
 * `groupOf` names a ball's group (undefined for a ball in none), for the group errors.
 */
export const score = <I extends string = BallId>(
  t: Tally,
  truth: readonly Truth<I>[],
  found: readonly Found<I>[],
  radius: number,
  groupOf?: (id: I) => string | undefined,
): Pair[] => {
  const pairs: [number, number, number][] = [];
  found.forEach((f, i) =>
    truth.forEach((b, j) => {
      const d = Math.hypot(f.x - b.x, f.y - b.y);
      if (d < radius) pairs.push([d, i, j]);
    }),
  );
  pairs.sort((a, b) => a[0] - b[0]);
  const usedF = new Set<number>();
  const usedT = new Set<number>();
  const made: Pair[] = [];
  for (const [d, i, j] of pairs) {
    if (usedF.has(i) || usedT.has(j)) continue;
    usedF.add(i);
    usedT.add(j);
    made.push([d, i, j]);
    const b = truth[j] as Truth<I>;
    const f = found[i] as Found<I>;
    if (b.visible > 0.5) {
      t.recalled++;
      t.errors.push(d);
      if (f.id !== undefined) {
        t.classChecked++;
        if (f.id !== b.id) t.classErrors++;
        const g = groupOf?.(b.id);
        const h = groupOf?.(f.id);
        if (g !== undefined && h !== undefined) {
          t.groupChecked++;
          if (g !== h) t.groupErrors++;
        }
      }
    } else t.hiddenReported++;
  }
  t.required += truth.filter((b) => b.visible > 0.5).length;
  t.detections += found.length;
  t.phantoms += found.length - usedF.size;
  return made;
};

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : s.length % 2
      ? (s[s.length >> 1] as number)
      : ((s[(s.length >> 1) - 1] as number) + (s[s.length >> 1] as number)) / 2;
};
/** a/b as a percentage to `places` decimals. */
export const pct = (a: number, b: number, places = 2): string =>
  b === 0 ? '—' : `${((100 * a) / b).toFixed(places)} %`;
export const rms = (xs: readonly number[]): number =>
  Math.sqrt(xs.reduce((s, e) => s + e * e, 0) / Math.max(1, xs.length));

/** A table row; with `groups`, a column of group errors after the id errors. */
export const row = (name: string, t: Tally, groups = false): string =>
  `| ${name} | ${pct(t.recalled, t.required)} (${t.recalled}/${t.required}) | ${pct(t.detections - t.phantoms, t.detections)} | ` +
  `${t.classChecked ? `${t.classErrors} / ${t.classChecked}` : 'n/a'} | ` +
  (groups ? `${t.groupChecked ? `${t.groupErrors} / ${t.groupChecked}` : 'n/a'} | ` : '') +
  `${rms(t.errors).toFixed(2)} | ${Math.max(0, ...t.errors).toFixed(2)} | ` +
  `${t.hiddenReported} | ${median(t.cpu).toFixed(1)} | ${median(t.wall).toFixed(1)} |`;

export const HEADER =
  '| | recall | precision | class errors | RMS mm | max mm | reported while < ½ in view | ms/frame CPU (median) | ms/frame wall (median) |\n' +
  '|---|---|---|---|---|---|---|---|---|';

export const POOL_HEADER =
  '| | recall | precision | number errors | solid/stripe errors | RMS mm | max mm | reported while < ½ in view | ms/frame CPU (median) | ms/frame wall (median) |\n' +
  '|---|---|---|---|---|---|---|---|---|---|';

export const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Time one detection (wall and this process's CPU), `repeat` times; the last result. */
export const timed = async <T>(t: Tally, repeat: number, run: () => Promise<T> | T): Promise<T> => {
  let out: T | undefined;
  for (let k = 0; k < repeat; k++) {
    const c = cpuNow();
    const w = performance.now();
    out = await run();
    t.wall.push(performance.now() - w);
    t.cpu.push(cpuNow() - c);
  }
  return out as T;
};

/**
 * Which frames of a sequence fed to one Detector (not reset) reused its last answer, from the
 * Detector's own answers in order (frame 1 first): each reusing frame with the balls it kept of
 * those it reported, and "still" where it kept all of it without running the stages; then the frames
 * it detected afresh, and those it gave no answer for (the next frame after one starts afresh).
 * Issue 14 asks the benchmark to say this; bench/detect.ts and bench/detect-alt.ts print it for
 * their still tables.
 */
export const reuseReport = (answers: readonly Result<FrameDetection>[]): string => {
  const reused: string[] = [];
  const afresh: number[] = [];
  const none: number[] = [];
  for (const [i, r] of answers.entries()) {
    if (!r.ok) none.push(i + 1);
    else if (r.value.reused > 0)
      reused.push(`${i + 1} (${r.value.reused}/${r.value.balls.length}${r.value.still ? ', still' : ''})`);
    else afresh.push(i + 1);
  }
  return (
    `frames reusing the last answer (balls kept/found; still: all of it kept, the stages not run): ` +
    `${reused.join(', ') || 'none'}; detected afresh: ${afresh.join(', ') || 'none'}` +
    (none.length ? `; no answer: ${none.join(', ')}` : '')
  );
};
