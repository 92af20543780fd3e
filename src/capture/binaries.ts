// Which ffmpeg and ffprobe to run: the one asked for (an option, or FFMPEG_PATH / FFPROBE_PATH), else
// the system's on PATH (Debian's, in CI), else the static build that npm installed with the project
// (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe), so `npm install && npm start` plays the demo
// on a machine with no ffmpeg of its own.
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type VideoTool = 'ffmpeg' | 'ffprobe';

export interface ResolvedTool {
  /** What to spawn. */
  readonly path: string;
  /** Where it came from; `missing` means nothing was found and the bare name is tried anyway. */
  readonly from: 'option' | 'env' | 'path' | 'npm' | 'missing';
}

const ENV: Record<VideoTool, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const NPM: Record<VideoTool, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

const isExecutable = (file: string): boolean => {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first executable `name` in the directories of `PATH`. */
export const findOnPath = (name: string, pathVar: string | undefined): string | undefined => {
  const exts = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    for (const ext of exts) {
      const file = path.join(dir, name + ext);
      if (isExecutable(file)) return file;
    }
  }
  return undefined;
};

const require = createRequire(import.meta.url);

/** The npm package's binary, if it is installed for this platform. */
const fromNpm = (tool: VideoTool): string | undefined => {
  try {
    // Each package throws (a string) on a platform it has no build for, or when its binary is missing.
    const found = (require(NPM[tool]) as { path?: unknown }).path;
    return typeof found === 'string' && isExecutable(found) ? found : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Which `tool` to run: `explicit` (an option) → `FFMPEG_PATH` / `FFPROBE_PATH` → the system's on
 * `PATH` → the npm package's. With none, the bare name (spawning it fails with ENOENT, as it would).
 */
export const resolveTool = (
  tool: VideoTool,
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedTool => {
  if (explicit) return { path: explicit, from: 'option' };
  const fromEnv = env[ENV[tool]];
  if (fromEnv) return { path: fromEnv, from: 'env' };
  const onPath = findOnPath(tool, env['PATH']);
  if (onPath) return { path: onPath, from: 'path' };
  const npm = fromNpm(tool);
  if (npm) return { path: npm, from: 'npm' };
  return { path: tool, from: 'missing' };
};

/** `resolveTool(...).path`. */
export const toolPath = (tool: VideoTool, explicit?: string, env?: NodeJS.ProcessEnv): string =>
  resolveTool(tool, explicit, env).path;

/** What to tell a user whose `tool` could not be run at all. */
export const missingToolHint = (tool: VideoTool): string =>
  `${tool} was not found: install ffmpeg (apt-get install ffmpeg), reinstall the project's npm ` +
  `packages (${NPM[tool]}), or set ${ENV[tool]}`;
