import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// What each folder of src/ may import (docs/design.md, "Layout"): the folder tells. A folder not
// named here may import any other, but no game's own folder (only src/games/registry.ts and
// src/games/definition.ts, which list and describe the games). Games never import each other; a
// game's rules import nothing from vision, the server or the match log; run-time code imports no
// training code; vision imports nothing from the simulator.
const GAMES = readdirSync(fileURLToPath(import.meta.resolve('./src/games/')), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const folder = (name) => [`**/${name}/**`, `**/${name}/*.ts`];
/** Any file inside a game's own folder (not the registry or the definition beside them). */
const anyGame = GAMES.flatMap((g) => folder(`games/${g}`));
const training = folder('sim/training');

/** Folders of the core and what they may not import, beyond a game's folder and training code. */
const CORE = {
  core: [
    'equipment',
    'camera',
    'capture',
    'vision',
    'tracking',
    'sim',
    'match',
    'server',
    'web',
    'pipeline',
    'cli',
    'games',
  ],
  equipment: [
    'camera',
    'capture',
    'vision',
    'tracking',
    'sim',
    'match',
    'server',
    'web',
    'pipeline',
    'cli',
    'games',
  ],
  camera: [
    'equipment',
    'capture',
    'vision',
    'tracking',
    'sim',
    'match',
    'server',
    'web',
    'pipeline',
    'cli',
    'games',
  ],
  capture: ['camera', 'vision', 'tracking', 'sim', 'match', 'server', 'web', 'pipeline', 'cli', 'games'],
  vision: ['capture', 'tracking', 'sim', 'match', 'server', 'web', 'pipeline', 'cli', 'games'],
  tracking: ['camera', 'capture', 'vision', 'sim', 'match', 'server', 'web', 'pipeline', 'cli'],
  sim: ['capture', 'tracking', 'match', 'server', 'web', 'pipeline', 'cli'],
  match: ['camera', 'capture', 'vision', 'tracking', 'sim', 'server', 'web', 'pipeline', 'cli'],
  server: ['vision', 'tracking', 'sim', 'pipeline', 'cli'],
  web: ['camera', 'vision', 'tracking', 'sim', 'server', 'pipeline', 'cli'],
  pipeline: ['sim', 'server', 'web', 'cli'],
  cli: [],
};

const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

const importRules = [
  ...Object.entries(CORE).map(([name, banned]) => ({
    files: [`src/${name}/**/*.ts`],
    rules: restrict(
      [...anyGame, ...training, ...banned.flatMap(folder)],
      `src/${name} may not import this (docs/design.md, "Layout"): a game only through src/games/registry.ts, no training code, and only the folders below it`,
    ),
  })),
  // The simulator's training code may use the vision stage it trains for.
  {
    files: ['src/sim/training/**/*.ts'],
    rules: restrict(
      [...anyGame, ...['capture', 'tracking', 'match', 'server', 'web', 'pipeline', 'cli'].flatMap(folder)],
      'training code trains for the vision stage; it may not import the rest of the program or a game',
    ),
  },
  ...GAMES.flatMap((g) => {
    // Another game by any path: `../blackball/…` from beside it, `../../games/blackball/…` from afar.
    const others = GAMES.filter((o) => o !== g).flatMap((o) => [...folder(`games/${o}`), ...folder(o)]);
    return [
      {
        files: [`src/games/${g}/**/*.ts`],
        rules: restrict(
          [...others, ...training, ...['cli', 'pipeline', 'server'].flatMap(folder)],
          'a game is a definition the core plugs in: it may not import another game, training code or the wiring (cli, pipeline, server)',
        ),
      },
      {
        files: [`src/games/${g}/rules/**/*.ts`],
        rules: restrict(
          [
            ...others,
            ...training,
            ...['cli', 'pipeline', 'server', 'vision', 'match', 'web'].flatMap(folder),
          ],
          "a game's rules are a pure reducer: they may not import vision, the server, the match log or another game",
        ),
      },
    ];
  }),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'fixtures/', 'models/', 'out/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  ...importRules,
  {
    files: ['src/web/**/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        WebSocket: 'readonly',
        location: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        requestAnimationFrame: 'readonly',
      },
    },
  },
);
