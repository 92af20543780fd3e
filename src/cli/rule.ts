// `referee rule [file]` (docs/formats.md §4, §8, §9): one JSON object from the file or stdin — the state
// before a stroke and the stroke, or a round's record — ruled by the game its `game` names (the registry's default
// where it names none); prints the ruling as one JSON line. Invalid input: exit 2, one line on stderr
// naming the field, and never a ruling.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError, describeError } from '../core/errors.ts';
import { DEFAULT_GAME, GAME_IDS, gameById } from '../games/registry.ts';

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
    .description(
      `rule on one stroke (or a round's record), as JSON from a file or stdin; its "game" says which: ${GAME_IDS.join(', ')}`,
    )
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
      const named =
        json !== null && typeof json === 'object' && 'game' in json
          ? (json as { game: unknown }).game
          : DEFAULT_GAME.id;
      if (typeof named !== 'string')
        throw new CliError(`game: expected one of ${GAME_IDS.join(', ')}`, INVALID_INPUT);
      const game = gameById(named);
      if (!game.ok) throw new CliError(describeError(game.error), INVALID_INPUT);
      const result = game.value.rule(json);
      if (!result.ok)
        throw new CliError(describeError(result.error).replace(/\s*\n\s*/g, ' '), INVALID_INPUT);
      process.stdout.write(`${JSON.stringify(result.value)}\n`);
    });
};
