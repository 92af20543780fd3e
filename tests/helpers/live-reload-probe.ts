// Run by tests/pipeline-reload.test.ts in a node of its own (the detector's worker thread boots
// through tsx, which vitest's module runner cannot host): the live pipeline over a looped clip, a new
// calibration handed to it while it plays, what came of it printed as one JSON line.
import { pino } from 'pino';
import type { RgbImage } from '../../src/core/image.ts';
import { snookerTable } from '../../src/games/snooker/equipment.ts';
import { snooker } from '../../src/games/snooker/index.ts';
import { runLive, type DetectorChange } from '../../src/pipeline/live.ts';

const [clip = '', calibration = '', saved = ''] = process.argv.slice(2);
const frames: RgbImage[] = [];
let pushes = 0;
let reload: ((change: DetectorChange) => Promise<boolean>) | undefined;
const stop = new AbortController();
const until = async (done: () => boolean, ms: number): Promise<void> => {
  for (const end = Date.now() + ms; !done() && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
};
const running = runLive(
  {
    balls: () => void (pushes += 1),
    move: () => undefined,
    restart: () => undefined,
    source: () => undefined,
    status: () => undefined,
    frame: (image) => void frames.push(image),
  },
  {
    game: snooker,
    sources: [{ path: clip }],
    calibration,
    table: snookerTable(),
    logger: pino({ level: 'silent' }),
    loop: true,
    frameEveryMs: 200,
    onReloadable: (r) => void (reload = r),
  },
  stop.signal,
);
await until(() => frames.length > 1, 30_000);
const first = frames[0];
const reloaded = reload ? await reload({ calibration: saved }) : null;
const before = pushes;
await until(() => pushes > before + 3, 20_000);
const after = pushes - before;
stop.abort();
await running;
const afterStop = reload ? await reload({ calibration: saved }) : null;
process.stdout.write(
  `${JSON.stringify({
    frames: frames.length,
    size: first ? [first.width, first.height, first.data.length] : null,
    reloaded,
    pushesAfterReload: after,
    afterStop,
  })}\n`,
);
