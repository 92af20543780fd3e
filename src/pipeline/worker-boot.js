// A worker thread's first module (pipeline/worker.ts starts them with it): registers tsx, as
// bin/referee.js does for the command, then imports the TypeScript module named in the worker's argv.
// A file, not eval'd code, so that tsx is found from here however the parent was started (vitest's
// module runner has no import.meta.resolve to name it with).
import process from 'node:process';
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2] ?? '');
