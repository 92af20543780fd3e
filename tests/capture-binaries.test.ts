import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findOnPath, resolveTool } from '../src/capture/binaries.ts';
import { openSource } from '../src/capture/index.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'referee-binaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder holding an executable `name` (a shell script) and nothing else. */
const folderWith = (folder: string, name: string): string => {
  const d = path.join(dir, folder);
  mkdirSync(d, { recursive: true });
  const file = path.join(d, name);
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o755);
  return d;
};

describe('which ffmpeg and ffprobe are run', () => {
  const systemDir = folderWith('system', 'ffmpeg');
  const emptyDir = folderWith('empty', 'not-ffmpeg');

  it('an explicit option first, then FFMPEG_PATH / FFPROBE_PATH, then PATH', () => {
    const env = { PATH: systemDir, FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' };
    expect(resolveTool('ffmpeg', '/given/ffmpeg', env)).toEqual({ path: '/given/ffmpeg', from: 'option' });
    expect(resolveTool('ffmpeg', undefined, env)).toEqual({ path: '/opt/ffmpeg/bin/ffmpeg', from: 'env' });
    expect(resolveTool('ffmpeg', undefined, { PATH: `${emptyDir}:${systemDir}` })).toEqual({
      path: path.join(systemDir, 'ffmpeg'),
      from: 'path',
    });
  });

  it('a file on PATH that is not executable, or a folder of that name, is passed over', () => {
    const d = path.join(dir, 'not-executable');
    mkdirSync(path.join(d, 'ffprobe'), { recursive: true });
    const plain = path.join(dir, 'plain');
    mkdirSync(plain, { recursive: true });
    writeFileSync(path.join(plain, 'ffprobe'), 'not a program');
    expect(findOnPath('ffprobe', `${d}:${plain}`)).toBeUndefined();
  });

  it("with none on PATH, npm's own binaries, which run", () => {
    for (const tool of ['ffmpeg', 'ffprobe'] as const) {
      const found = resolveTool(tool, undefined, { PATH: emptyDir });
      expect(found.from).toBe('npm');
      expect(found.path).toContain(`node_modules/@${tool}-installer/`);
      expect(execFileSync(found.path, ['-version']).toString()).toMatch(new RegExp(`^${tool} version`));
    }
  });

  it("a fixture clip opens and decodes through npm's binaries alone", async () => {
    const saved = process.env['PATH'];
    process.env['PATH'] = emptyDir;
    try {
      const opened = await openSource('fixtures/red-pot/clip.mp4');
      if (!opened.ok) throw new Error(opened.error.message);
      const source = opened.value;
      expect(source.description).toContain('1920×1080');
      let frames = 0;
      for await (const item of source.frames()) {
        expect(item.kind).toBe('frame');
        if (++frames >= 3) break;
      }
      await source.close();
      expect(frames).toBe(3);
    } finally {
      process.env['PATH'] = saved;
    }
  });
});
