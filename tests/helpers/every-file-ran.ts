// A vitest reporter: the run fails, naming them, when test files it queued never ran. Under load a
// worker's progress report can time out ("Timeout calling onTaskUpdate", ignored in vitest.config.ts
// as vitest's own bookkeeping); when that happens in the first group of files, vitest drops the later
// groups (the realtime files) and would otherwise still exit 0 with them never run.
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

export default class EveryFileRan implements Reporter {
  private queued = new Set<string>();

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.queued = new Set(specifications.map((s) => s.moduleId));
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const ran = new Set(testModules.map((m) => m.moduleId));
    const missing = [...this.queued].filter((id) => !ran.has(id));
    if (missing.length === 0) return;
    process.stderr.write(
      `\n${missing.length} test file(s) queued but never run (the run was cut short):\n` +
        missing.map((id) => `  ${id}\n`).join(''),
    );
    process.exitCode = 1;
  }
}
