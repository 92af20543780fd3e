// The browser pages: the game's (src/games/<id>/web: a script and its HTML per view) over the shell's
// shared parts (src/web: the link to the server, the table drawing, the styles). The scripts are strict
// TypeScript; esbuild bundles them in memory when the server starts (a few milliseconds), so there is
// no build step to remember and no stale bundle.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const WEB_DIR = fileURLToPath(new URL('../web/', import.meta.url));

/** Page scripts, by the name the pages load them under (`/assets/<name>.js`). */
export const PAGE_SCRIPTS = ['referee', 'overlay', 'player'] as const;

/** The shell's own pages, the same for every game (src/web/<name>.ts and .html). */
export const SHELL_PAGES = ['calibrate'] as const;

export interface Assets {
  readonly scripts: ReadonlyMap<string, string>;
  readonly styles: ReadonlyMap<string, string>;
  readonly pages: ReadonlyMap<string, string>;
  /** A ball (SVG), the pages' icon. */
  readonly favicon: string;
}

export const buildAssets = async (pagesDir: string): Promise<Assets> => {
  const result = await build({
    entryPoints: [
      ...PAGE_SCRIPTS.map((name) => path.join(pagesDir, `${name}.ts`)),
      ...SHELL_PAGES.map((name) => path.join(WEB_DIR, `${name}.ts`)),
    ],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    outdir: '/assets',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const scripts = new Map(result.outputFiles.map((f) => [path.basename(f.path), f.text]));
  const styles = new Map([['table.css', await readFile(path.join(WEB_DIR, 'table.css'), 'utf8')]]);
  const page = async (dir: string, name: string) =>
    [name, await withParts(await readFile(path.join(dir, `${name}.html`), 'utf8'))] as const;
  const pages = new Map(
    await Promise.all([
      ...PAGE_SCRIPTS.map((name) => page(pagesDir, name)),
      ...SHELL_PAGES.map((name) => page(WEB_DIR, name)),
    ]),
  );
  const favicon = await readFile(path.join(WEB_DIR, 'favicon.svg'), 'utf8');
  return { scripts, styles, pages, favicon };
};

/** A line `<!-- part: NAME -->` in a page, alone on it: src/web/parts/NAME.html is put there. */
const PART = /^([ \t]*)<!-- part: ([\w-]+) -->$/gm;

/**
 * The page with the parts it names put in, each line at the comment's indent: HTML more than one page
 * has (the referee pages' header, their last stroke's buttons, their log) is written once.
 */
export const withParts = async (html: string): Promise<string> => {
  const names = [...new Set([...html.matchAll(PART)].map((m) => m[2] as string))];
  const parts = new Map(
    await Promise.all(
      names.map(
        async (name) => [name, await readFile(path.join(WEB_DIR, 'parts', `${name}.html`), 'utf8')] as const,
      ),
    ),
  );
  return html.replace(PART, (_line, indent: string, name: string) =>
    (parts.get(name) ?? '')
      .trimEnd()
      .split('\n')
      .map((l) => (l ? indent + l : l))
      .join('\n'),
  );
};
