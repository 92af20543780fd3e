// The `referee` command (CONTRACTS.md): each subcommand lives in its own file and registers itself.
import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { CliError } from '../errors.ts';
import { registerServe } from './serve.ts';
import { registerRule } from './rule.ts';
import { registerCalibrate } from './calibrate.ts';
import { registerSimulate } from './simulate.ts';
import { registerDetect } from './detect.ts';
import { registerRun } from './run.ts';

/** package.json's version: `referee --version`. */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const program = new Command();
program
  .name('referee')
  .version(version, '-V, --version', 'print the version')
  .description(
    "A computer-vision referee's assistant for snooker: finds the balls, follows each stroke, rules on it.",
  )
  .exitOverride()
  .showHelpAfterError();

registerServe(program);
registerRule(program);
registerCalibrate(program);
registerSimulate(program);
registerDetect(program);
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
