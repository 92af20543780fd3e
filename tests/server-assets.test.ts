// The pages as the server sends them (src/server/assets.ts): HTML more than one page has is written
// once in src/web/parts/ and put in where a page names it, at the page's indent.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { blackball } from '../src/games/blackball/index.ts';
import { snooker } from '../src/games/snooker/index.ts';
import { withParts } from '../src/server/assets.ts';

describe('the pages with their parts', () => {
  it('a part named alone on a line is put there, every line at its indent', async () => {
    const page = await withParts('<body>\n    <!-- part: referee-header -->\n</body>\n');
    expect(page).toBe(
      [
        '<body>',
        '    <header>',
        '      <h1>Referee</h1>',
        '      <span id="status">Loading…</span>',
        '      <span id="link" class="link">offline</span>',
        '    </header>',
        '</body>',
        '',
      ].join('\n'),
    );
  });

  it.each([
    ['snooker', snooker.pages.dir],
    ['black-ball', blackball.pages.dir],
  ])("%s's referee page has every part it names, once, and no part left unnamed", async (_game, dir) => {
    const page = await withParts(readFileSync(`${dir}/referee.html`, 'utf8'));
    expect(page).not.toMatch(/<!-- part:/);
    for (const id of ['status', 'link', 'pending', 'confirm', 'override-open', 'undo', 'log'])
      expect(page.match(new RegExp(`id="${id}"`, 'g'))).toHaveLength(1);
  });
});
