// The folder tells what a file may import (docs/design.md, "Layout"), and `npm run lint` enforces it:
// each case here is a file that would break a rule, linted where it would live, and must fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );

describe('the core knows no game', () => {
  it('no file of src/ outside src/games/ names snooker, in any case', () => {
    const naming = files('src')
      .filter((f) => !f.startsWith(`src${path.sep}games${path.sep}`))
      .filter((f) => /snooker/i.test(readFileSync(f, 'utf8')));
    expect(naming).toEqual([]);
  });
});

describe('npm run lint refuses an import across the layout', () => {
  const eslint = new ESLint();
  const cases: readonly { name: string; file: string; source: string }[] = [
    {
      name: 'the match log importing a game directly',
      file: 'src/match/bad.ts',
      source: "import { snooker } from '../games/snooker/index.ts';\nexport const g = snooker;\n",
    },
    {
      name: 'the server importing a game directly',
      file: 'src/server/bad.ts',
      source: "import { blackball } from '../games/blackball/index.ts';\nexport const g = blackball;\n",
    },
    {
      name: 'one game importing another',
      file: 'src/games/snooker/bad.ts',
      source: "import { dominoes } from '../dominoes/index.ts';\nexport const g = dominoes;\n",
    },
    {
      name: "a game's rules importing the vision stage",
      file: 'src/games/snooker/rules/bad.ts',
      source: "import { Detector } from '../../../vision/index.ts';\nexport const d = Detector;\n",
    },
    {
      name: "a game's rules importing the match log",
      file: 'src/games/blackball/rules/bad.ts',
      source: "import { replay } from '../../../match/replay.ts';\nexport const r = replay;\n",
    },
    {
      name: 'the vision stage importing the simulator',
      file: 'src/vision/bad.ts',
      source: "import { parseScenario } from '../sim/scenario.ts';\nexport const p = parseScenario;\n",
    },
    {
      name: 'run-time code importing training code',
      file: 'src/pipeline/bad.ts',
      source: "import { train } from '../sim/training/train.ts';\nexport const t = train;\n",
    },
    {
      name: 'the camera importing the equipment (it calibrates over a plane of a given size, not a bed)',
      file: 'src/camera/bad.ts',
      source: "import type { Table } from '../equipment/bed.ts';\nexport type T = Table;\n",
    },
    {
      name: 'tracking importing the vision stage',
      file: 'src/tracking/bad.ts',
      source: "import { Detector } from '../vision/index.ts';\nexport const d = Detector;\n",
    },
  ];
  for (const c of cases)
    it(c.name, async () => {
      const [result] = await eslint.lintText(c.source, { filePath: path.resolve(c.file) });
      expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    });

  it('the registry is how the core finds a game', async () => {
    const source = "import { GAMES } from '../games/registry.ts';\nexport const g = GAMES;\n";
    const [result] = await eslint.lintText(source, { filePath: path.resolve('src/server/ok.ts') });
    expect(result?.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});
