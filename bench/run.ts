// `npm run bench`: every benchmark in turn, each in its own process so that one's JIT warm-up and
// memory do not colour the next. They print figures (medians, ratios); none pass or fail on time.
// `npm run bench -- detect events` runs only those.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BENCHES = [
  'sim-physics',
  'sim-render',
  'detect',
  'detect-pool',
  'classify',
  'events',
  'blackball-events',
  'ws-load',
  'ruling-latency',
  'calibrate-photos',
  'dominoes-detect',
] as const;

const wanted = process.argv.slice(2);
const chosen = wanted.length ? BENCHES.filter((b) => wanted.includes(b)) : BENCHES;
const unknown = wanted.filter((w) => !(BENCHES as readonly string[]).includes(w));
if (unknown.length) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; there are ${BENCHES.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of chosen) {
  const file = fileURLToPath(new URL(`./${name}.ts`, import.meta.url));
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.error(`${name}: exited ${r.status}`);
  }
}
process.exit(failed ? 1 : 0);
