// `referee rule [file]` (CONTRACTS.md §4): one JSON object (the state before a stroke and the stroke)
// from the file or stdin; prints the ruling as one JSON line. Invalid input: exit 2, one line on
// stderr naming the field, and never a ruling.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError, describeError } from '../core/errors.ts';
import { rule } from '../rules/snooker/index.ts';

const INVALID_INPUT = 2;

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

const readInput = async (file: string | undefined): Promise<string> => {
  if (file === undefined) return readStdin();
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError(`${file}: cannot read the input (${code})`, INVALID_INPUT);
  }
};

export const registerRule = (program: Command): void => {
  program
    .command('rule')
    .description('rule on one snooker stroke: the state before it and what happened, as JSON (file or stdin)')
    .argument('[file]', 'JSON input; stdin when absent')
    .action(async (file: string | undefined) => {
      const text = await readInput(file);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        const why = e instanceof Error ? e.message.split('\n')[0] : 'malformed';
        throw new CliError(`input: not a JSON object: ${why}`, INVALID_INPUT);
      }
      const result = rule(json);
      if (!result.ok)
        throw new CliError(describeError(result.error).replace(/\s*\n\s*/g, ' '), INVALID_INPUT);
      process.stdout.write(`${JSON.stringify(result.value)}\n`);
    });
};
