// The live pipeline takes a new calibration without stopping (a Save on /calibrate): it keeps copies
// of frames for the desk, swaps the detector under a playing source, which goes on detecting; once the
// pipeline has stopped, a reload says it took nothing. Run in a node of its own (helpers/
// live-reload-probe.ts): the detector's worker boots through tsx.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

describe('runLive with a calibration saved while it plays', () => {
  it('keeps copies of frames, swaps the detector, goes on detecting, and refuses once stopped', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'referee-reload-'));
    const saved = path.join(dir, 'camera.json');
    copyFileSync('calibration/demo.json', saved);
    try {
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'tests/helpers/live-reload-probe.ts',
          'fixtures/red-pot/clip.mp4',
          'calibration/demo.json',
          saved,
        ],
        { encoding: 'utf8', timeout: 90_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(out['size']).toEqual([1920, 1080, 1920 * 1080 * 3]);
      expect(out['frames']).toBeGreaterThan(1);
      expect(out['reloaded']).toBe(true);
      expect(out['pushesAfterReload']).toBeGreaterThan(3);
      expect(out['afterStop']).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 100_000);
});
