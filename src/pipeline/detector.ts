// The game's detector for a calibration: the vision stage its perception names (balls: the
// classical stages and the game's ball classifier), ready to take frames.
import type { Calibration } from '../camera/index.ts';
import { onBed, type Surface } from '../equipment/index.ts';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { GameDefinition, PieceDetector } from '../games/definition.ts';
import { loadBallClassifier } from '../vision/classify/index.ts';
import { Detector } from '../vision/index.ts';

/** A detector for `game` over this camera, or why there is none (no model, or no such detector yet). */
export const loadDetector = async (
  game: GameDefinition,
  calibration: Calibration<Surface>,
): Promise<Result<Detector>> => {
  const p = game.perception;
  if (p.kind !== 'balls')
    return err(
      refereeError(
        'INVALID_INPUT',
        `the live pipeline follows balls only: ${game.title} (${p.kind}) cannot be watched yet`,
        'game',
      ),
    );
  const bed = onBed(calibration);
  if (!bed)
    return err(
      refereeError('INVALID_INPUT', `${game.title} is played with balls: its table must be a bed`, 'table'),
    );
  try {
    const classifier = await loadBallClassifier({ balls: bed.table.balls, modelDir: p.modelDir });
    return ok(new Detector(bed, classifier));
  } catch (e) {
    return err(refereeError('NOT_FOUND', `cannot load the ball classifier: ${(e as Error).message}`));
  }
};

/** The detector for a game seen as pieces other than balls (tiles), or why there is none. */
export const loadPieceDetector = (
  game: GameDefinition,
  calibration: Calibration<Surface>,
): Result<PieceDetector> => {
  const p = game.perception;
  if (p.kind !== 'tiles')
    return err(refereeError('INVALID_INPUT', `${game.title} is seen as ${p.kind}, not as tiles`, 'game'));
  return p.detector(calibration);
};
