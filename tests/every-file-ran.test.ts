// The reporter that fails a test run cut short (tests/helpers/every-file-ran.ts): queued files that
// never ran set the exit code and are named; a run where every queued file ran leaves it alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule, TestSpecification } from 'vitest/node';
import EveryFileRan from './helpers/every-file-ran.ts';

const specs = (...ids: string[]): TestSpecification[] =>
  ids.map((moduleId) => ({ moduleId }) as unknown as TestSpecification);
const modules = (...ids: string[]): TestModule[] =>
  ids.map((moduleId) => ({ moduleId }) as unknown as TestModule);

describe('a test run cut short', () => {
  const before = process.exitCode;
  afterEach(() => {
    process.exitCode = before;
    vi.restoreAllMocks();
  });

  it('the realtime files queued but never run: exit code 1, each named', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
      written.push(String(s));
      return true;
    });
    const r = new EveryFileRan();
    r.onTestRunStart(specs('/a.test.ts', '/serve-cli.test.ts', '/run-cli-live.test.ts'));
    r.onTestRunEnd(modules('/a.test.ts'));
    expect(process.exitCode).toBe(1);
    expect(written.join('')).toMatch(
      /2 test file\(s\) queued but never run.*\n {2}\/serve-cli.test.ts\n {2}\/run-cli-live.test.ts/s,
    );
  });

  it('every queued file ran: the exit code is left as vitest set it', () => {
    process.exitCode = undefined;
    const r = new EveryFileRan();
    r.onTestRunStart(specs('/a.test.ts', '/b.test.ts'));
    r.onTestRunEnd(modules('/b.test.ts', '/a.test.ts'));
    expect(process.exitCode).toBeUndefined();
  });
});
