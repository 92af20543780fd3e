// `referee simulate` for dominoes (docs/formats.md §7, "Dominoes"): the scenario — a round record or a
// seed to deal and play one, how long each state of the table is held, pauses, the look — as a clip
// (round.ts) drawn still by still through the calibration's camera (render.ts), with its truth: per
// frame the tiles on the table as drawn, the moves with their first frames, and `referee rule`'s ruling
// on the round. Each still is drawn once and repeated for as many frames as it is held.
import { z } from 'zod';
import type { Calibration, Plane } from '../../../camera/index.ts';
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import type { RgbImage } from '../../../core/image.ts';
import { parseWith } from '../../../core/schema.ts';
import { makeRng } from '../../../sim/random.ts';
import type { ClipSimulator, SimulatedClip } from '../../definition.ts';
import { dominoesTableSpecSchema, tableFromSpec, type DominoesSurface } from '../equipment.ts';
import { DEFAULT_TARGET, makeRuleOutput, parseRecord, recordSchema } from '../rules/index.ts';
import { renderScene, type TruthTile } from './render.ts';
import { randomRound, roundClip, type RoundPlay } from './round.ts';
import { sceneSchema, type DominoesScene } from './scene.ts';

/** Frames a second of a dominoes clip where none is given: a state of the table held 2 s at `hold` 4. */
export const DOMINOES_FPS = 2;

const look = sceneSchema.pick({ set: true, cloth: true, light: true, noise: true, jpeg: true });

export const dominoesScenarioSchema = z.strictObject({
  table: dominoesTableSpecSchema.default('dominoes'),
  seed: z.number({ error: 'expected a whole number' }).int({ error: 'expected a whole number' }),
  /** The round (`referee rule`'s `round`); left out, a random legal round is dealt and played from `seed`. */
  round: recordSchema.shape.round.optional(),
  hold: z.number().int().min(1, { error: 'a state of the table is held at least 1 frame' }).default(4),
  pauses: z
    .array(
      z.strictObject({
        before: z.number().int().min(0),
        seconds: z.number().positive({ error: 'expected seconds > 0' }),
      }),
    )
    .default([]),
  render: look
    .extend({ arms: z.boolean().default(false) })
    .strict()
    .default({ set: 'ivory', cloth: [28, 92, 52], light: { gain: 1, warmth: 0 }, noise: 2, arms: false }),
});

const r2 = (n: number): number => Math.round(n * 100) / 100;

/** A tile of the frame's truth, in mm to 0.01 (what `referee detect` should print for it, and how much shows). */
const truthTile = (t: TruthTile): object => ({
  pips: t.pips,
  x: r2(t.x),
  y: r2(t.y),
  angle: r2(t.angle),
  halves: t.halves.map((h) => ({ pips: h.pips, x: r2(h.x), y: r2(h.y) })),
  faceDown: t.faceDown,
  visible: t.visible.map(r2),
});

/** The scenario as a clip through this camera at `fps`; an error names the scenario's field. */
export const prepareRoundClip = (
  json: unknown,
  calibration: Calibration<Plane>,
  fps: number,
): Result<SimulatedClip> => {
  const parsed = parseWith(dominoesScenarioSchema, json);
  if (!parsed.ok) return parsed;
  const s = parsed.value;
  const table = tableFromSpec(s.table);
  const rng = makeRng(s.seed);
  let play: RoundPlay;
  if (s.round) {
    const record = parseRecord({ game: 'dominoes', round: s.round });
    if (!record.ok) return record;
    play = record.value;
  } else play = randomRound(rng.fork());
  for (const [i, p] of s.pauses.entries())
    if (p.before >= play.moves.length)
      return err(
        refereeError(
          'INVALID_INPUT',
          `a pause goes before a move of the round: 0 to ${play.moves.length - 1}`,
          `pauses[${i}].before`,
        ),
      );
  const pauses = s.pauses.map((p) => ({ before: p.before, frames: Math.round(p.seconds * fps) }));
  const clip = roundClip(table, play, { hold: s.hold, pauses, arms: s.render.arms }, rng);
  if (!clip.ok) return clip;
  const { stills, moves, round } = clip.value;
  // Frame k's still.
  const stillOf: number[] = stills.flatMap((still, i) => Array.from({ length: still.frames }, () => i));
  const times = stillOf.map((_, k) => r2((k * 1000) / fps));
  let drawn: { still: number; image: RgbImage; tiles: object[] } | undefined;
  const { set, cloth, light, noise, jpeg } = s.render;
  return ok({
    times,
    frame: async (k) => {
      const i = stillOf[k] ?? 0;
      if (drawn?.still !== i) {
        const still = stills[i] ?? { tiles: [], arms: [] };
        const scene: DominoesScene = {
          ...{ seed: s.seed * 1000 + i, set, cloth, light, noise, jpeg },
          ...{ tiles: still.tiles, arms: still.arms },
        };
        const r = await renderScene(calibration, table, scene);
        drawn = { still: i, image: r.image, tiles: r.tiles.map(truthTile) };
      }
      return { image: drawn.image, truth: { tiles: drawn.tiles } };
    },
    truth: {
      round: {
        hands: play.hands,
        moves: play.moves,
      },
      moves,
      ruling: makeRuleOutput(round, { scores: [0, 0], target: DEFAULT_TARGET }),
    },
  });
};

export const dominoesSim: ClipSimulator<DominoesSurface> = {
  fps: DOMINOES_FPS,
  prepare: prepareRoundClip,
};
