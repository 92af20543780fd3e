// Strokes simulated per second: the opening break (22 balls, a pack of touching reds) and a plain pot
// (cue ball, one red, into a corner). Prints the median of several timed runs, and what each stroke
// did, so a change in speed can be told from a change in physics. Run: npx tsx bench/sim-physics.ts
import { simulateStroke, type CueAction, type SimBall } from '../src/sim/physics/index.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { pocketById } from '../src/equipment/index.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';

const table = snookerTable();
const RUNS = 9;

interface Case {
  readonly name: string;
  readonly balls: readonly SimBall[];
  readonly cue: CueAction;
}

/** A red two-thirds of the way from the cue ball to the TR pocket's mouth, all in line: a full-ball pot. */
function plainPot(): Case {
  const mouth = pocketById(table, 'TR').mouthCentre;
  const from = { x: 1300, y: 2700 };
  const dx = mouth.x - from.x;
  const dy = mouth.y - from.y;
  const d = Math.hypot(dx, dy);
  const speed = 1500;
  return {
    name: 'plain pot into TR',
    balls: [
      { track: 'cue', id: 'cue', ...from },
      { track: 'red1', id: 'red', x: from.x + (dx * 2) / 3, y: from.y + (dy * 2) / 3 },
    ],
    cue: { vx: (speed * dx) / d, vy: (speed * dy) / d, height: -0.4 }, // screw back: the cue ball stays out
  };
}

const cases: Case[] = [
  { name: 'opening break, 2.5 m/s', balls: openingLayout(table), cue: { vx: -40, vy: 2500 } },
  { name: 'opening break, 4 m/s, side', balls: openingLayout(table), cue: { vx: -64, vy: 4000, side: 0.3 } },
  plainPot(),
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

// Warm the JIT on every case first, so the first case measured is not the one that pays for it.
const warmUntil = performance.now() + 1000;
while (performance.now() < warmUntil) for (const c of cases) simulateStroke(table, c.balls, c.cue);

for (const c of cases) {
  const once = simulateStroke(table, c.balls, c.cue);
  // enough strokes per run for about a quarter of a second of work
  const t0 = performance.now();
  simulateStroke(table, c.balls, c.cue);
  const perStroke = Math.max(performance.now() - t0, 0.01);
  const n = Math.max(1, Math.round(250 / perStroke));
  const rates: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    for (let k = 0; k < n; k++) simulateStroke(table, c.balls, c.cue);
    rates.push((n * 1000) / (performance.now() - start));
  }
  const events = once.events.length;
  const potted = once.potted.map((p) => `${p.id}→${p.pocket}`).join(' ') || 'none';
  console.log(
    `${c.name.padEnd(28)} ${median(rates).toFixed(0).padStart(7)} strokes/s (median of ${RUNS} runs of ${n}); ` +
      `${events} events, ${(once.duration / 1000).toFixed(2)} s of play, potted: ${potted}`,
  );
}
