// The `referee` command: each subcommand lives in its own file and registers itself.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliError } from '../core/errors.ts';
import { GAMES } from '../games/registry.ts';
import { registerServe } from './serve.ts';
import { registerRule } from './rule.ts';
import { registerCalibrate } from './calibrate.ts';
import { registerSimulate } from './simulate.ts';
import { registerDetect } from './detect.ts';
import { registerLearnLooks } from './learn-looks.ts';
import { registerRun } from './run.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command();
program
  .name('referee')
  .version(version, '-V, --version', 'print the version')
  .description(
    `A computer-vision referee's assistant (${GAMES.map((g) => g.title).join(', ')}): finds every piece on the table, follows each move, rules on it.`,
  )
  .exitOverride()
  .showHelpAfterError();

registerServe(program);
registerRule(program);
registerCalibrate(program);
registerSimulate(program);
registerDetect(program);
registerLearnLooks(program);
registerRun(program);

try {
  await program.parseAsync(process.argv);
} catch (e) {
  if (e instanceof CliError) {
    process.stderr.write(`referee: ${e.message}\n`);
    process.exitCode = e.exitCode;
  } else if (e instanceof CommanderError) {
    // commander has printed its own message (help, version, or what was wrong with the arguments)
    process.exitCode = e.exitCode === 0 ? 0 : 2;
  } else {
    throw e;
  }
}
