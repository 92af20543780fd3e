// Run the real `referee` command as a user would, for CLI tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REFEREE_BIN = fileURLToPath(new URL('../../bin/referee.js', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `referee <args>` to completion, feeding `stdin` if given, with `env` over this process's. */
export const runReferee = (
  args: readonly string[],
  stdin?: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [REFEREE_BIN, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });

/** Start `referee <args>` and leave it running (servers); the caller kills it. */
export const startReferee = (args: readonly string[], env: NodeJS.ProcessEnv = {}): ChildProcess =>
  spawn(process.execPath, [REFEREE_BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });

/** Resolve with the first match of `pattern` in the child's stdout. */
export const waitForOutput = (
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<RegExpMatchArray> =>
  new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}; saw: ${seen}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (d: Buffer) => {
      seen += d.toString();
      const m = seen.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ${pattern}; saw: ${seen}`)));
  });
