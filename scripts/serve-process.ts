// `referee serve` in a process of its own, on a free port with a throwaway match log, for the load
// benchmark and the soak: its URL once it is up, and a stop that waits for it to exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startReferee, waitForOutput } from '../tests/helpers/spawn.ts';

export interface ServeProcess {
  readonly url: string;
  stop(): Promise<void>;
}

export interface ServeProcessOptions {
  /** The server's log level (default warn). */
  readonly logLevel?: string;
  /** Each line the server writes to stdout: its log (pino JSON) and its start-up message. */
  readonly onLog?: (line: string) => void;
}

export const startServeProcess = async (
  pin: string,
  extra: readonly string[] = [],
  options: ServeProcessOptions = {},
): Promise<ServeProcess> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'referee-serve-'));
  const args = [
    'serve',
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--db',
    path.join(dir, 'match.sqlite'),
    '--pin',
    pin,
    // The benchmarks read pino's JSON lines (the default on a pipe, but said outright).
    '--log-format',
    'json',
    ...extra,
  ];
  const child = startReferee(args, { LOG_LEVEL: options.logLevel ?? 'warn' });
  child.stderr?.pipe(process.stderr);
  const { onLog } = options;
  if (onLog && child.stdout) createInterface({ input: child.stdout }).on('line', onLog);
  const [, url = ''] = await waitForOutput(child, /serving on (http:\/\/localhost:\d+)/);
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
