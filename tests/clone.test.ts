// The repository as a new user finds it after `git clone` (issue 13, "While the shell is open"): the
// docs and the command's help point only at what the clone holds, and npm says nothing about the
// project's own configuration on every command.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCalibrate } from '../src/cli/calibrate.ts';
import { registerDetect } from '../src/cli/detect.ts';
import { registerRule } from '../src/cli/rule.ts';
import { registerRun } from '../src/cli/run.ts';
import { registerServe } from '../src/cli/serve.ts';
import { registerSimulate } from '../src/cli/simulate.ts';
import { runReferee } from './helpers/spawn.ts';

/** Files the project's workspace held beside the repository, which a clone does not. */
const OUTSIDE = /CONTRACTS\.md|DESIGN\.md|\.\.\/shared\/|\/work\/|seeds\/[\w-]+\.txt/;

const markdown = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? markdown(path.join(dir, d.name))
      : d.name.endsWith('.md')
        ? [path.join(dir, d.name)]
        : [],
  );

/** Each line of `text` that names a file outside the clone, as `where: line`. */
const citing = (where: string, text: string): string[] =>
  text
    .split('\n')
    .filter((line) => OUTSIDE.test(line))
    .map((line) => `${where}: ${line.trim()}`);

describe('the docs and --help name only what a clone holds', () => {
  it('README.md, docs/ and the games’ READMEs cite no CONTRACTS.md, DESIGN.md or rules seed file', () => {
    const files = ['README.md', ...markdown('docs'), ...markdown('src')];
    expect(files).toContain(path.join('src', 'games', 'blackball', 'README.md'));
    expect(files.flatMap((f) => citing(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('referee --help and every command’s --help cite none either', async () => {
    const top = await runReferee(['--help']);
    expect(top.code).toBe(0);
    // Each command's help as commander prints it for `referee <command> --help`, built in this process
    // from the same registrations src/cli/main.ts makes (one spawn of tsx is seconds on a busy machine).
    const program = new Command('referee');
    for (const register of [
      registerServe,
      registerRule,
      registerCalibrate,
      registerSimulate,
      registerDetect,
      registerRun,
    ])
      register(program);
    const commands = program.commands.map((c) => c.name());
    expect(commands).toEqual(['serve', 'rule', 'calibrate', 'simulate', 'detect', 'run']);
    for (const c of commands) expect(top.stdout).toMatch(new RegExp(`^ {2}${c}\\b`, 'm'));
    const cited = [
      ...citing('referee --help', top.stdout),
      ...program.commands.flatMap((c) => citing(`referee ${c.name()} --help`, c.helpInformation())),
    ];
    expect(cited).toEqual([]);
  });
});

describe('npm in the clone', () => {
  it('warns of no unknown project config (an .npmrc key npm does not know: "npm warn Unknown project config")', () => {
    // Without the npm_config_* variables the npm running this test exports: only the clone's own
    // configuration (.npmrc) is read, as on a new user's first command.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
    const r = spawnSync('npm', ['pkg', 'get', 'name'], { encoding: 'utf8', env });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('"referee"');
    expect(r.stderr).not.toMatch(/unknown project config/i);
  });
});
