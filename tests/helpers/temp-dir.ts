// A folder under the system's temp folder for a test file's (or one test's) files, removed when they
// end: seven test files made one and left it, and each `npm test` left some 100 MB of rendered frames,
// calibrations and match logs behind in /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

const make = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));
const removing = (dir: string) => (): void => rmSync(dir, { recursive: true, force: true });

/** For a file or a describe block (call it at their top level): removed after their tests. */
export const suiteTempDir = (prefix: string): string => {
  const dir = make(prefix);
  afterAll(removing(dir));
  return dir;
};

/** For one test (call it inside the test): removed when the test ends, passed or failed. */
export const testTempDir = (prefix: string): string => {
  const dir = make(prefix);
  onTestFinished(removing(dir));
  return dir;
};
