// `referee learn-looks --calibration c.json setup.png [--out looks.json]`: the club's own ball set,
// learned from a picture of its balls set up as the game sets them (the game's `perception.setUp`:
// each ball on its place, the white anywhere else; src/vision/looks.ts). The looks file is written
// to --out (or printed); `referee detect --looks looks.json` then weighs its names by them, so that a
// maker's brown the classifier never saw is named brown. Exit 1 when the picture cannot be read or its
// balls do not stand as set up (the message says which places were empty), 2 for a bad calibration or a
// game whose set-up does not say which ball is where.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { decodeImage } from '../capture/index.ts';
import { CliError, describeError } from '../core/errors.ts';
import { chooseGame, DEFAULT_GAME, GAME_IDS, loadCalibration } from '../games/registry.ts';
import { learnGameLooks } from '../pipeline/detector.ts';
import { makeBallLooks } from '../vision/index.ts';

interface LearnLooksOptions {
  readonly calibration: string;
  readonly game?: string;
  readonly out?: string;
}

export const runLearnLooks = async (picture: string, options: LearnLooksOptions): Promise<void> => {
  const calibration = loadCalibration(options.calibration);
  if (!calibration.ok) throw new CliError(`calibration: ${describeError(calibration.error)}`, 2);
  const game = chooseGame(options.game, calibration.value);
  if (!game.ok) throw new CliError(describeError(game.error), 2);
  const image = await decodeImage(picture);
  if (!image.ok) throw new CliError(`${picture}: ${describeError(image.error)}`, 1);
  const looks = await learnGameLooks(game.value, calibration.value, image.value);
  if (!looks.ok)
    throw new CliError(
      `${picture}: ${describeError(looks.error)}`,
      looks.error.code === 'INVALID_INPUT' ? 2 : 1,
    );
  const text = makeBallLooks(looks.value);
  if (options.out === undefined) process.stdout.write(text);
  else writeFileSync(options.out, text);
};

export const registerLearnLooks = (program: Command): void => {
  program
    .command('learn-looks')
    .description(
      "learn the club's ball set from a picture of its balls set up as the game sets them (each ball on its place, the cue ball anywhere else); use it with detect --looks",
    )
    .requiredOption('--calibration <file>', 'calibration file (its table names the game)')
    .option(
      '--game <id>',
      `the game, where the calibration does not say: ${GAME_IDS.join(', ')} (default ${DEFAULT_GAME.id})`,
    )
    .option('--out <file>', 'write the looks here (default: print them)')
    .argument('<picture>', 'an image file of the set-up')
    .action(async (picture: string, options: LearnLooksOptions) => runLearnLooks(picture, options));
};
