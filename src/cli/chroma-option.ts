// `--chroma <sited|centred>` (run, serve): where a video's colour samples are taken to lie
// (capture/ffmpeg.ts `chroma`). Every source is decoded where its stream says its colour lies, a
// camera's and a camera's recording alike; `centred` is for a file whose stream says left of colour its
// encoder put centred (an ffmpeg not told to say so), which would otherwise land half a pixel left.
import { CHROMA_SITINGS, type ChromaSiting } from '../capture/index.ts';
import { CliError } from '../core/errors.ts';

export const CHROMA_HELP =
  "where a video's colour lies: sited (default: where its stream says, a camera's left where it says " +
  "nothing), or centred (ffmpeg's own scaler whatever it says: a file whose encoder said left of colour it put centred)";

/** The flag's value, or undefined where not given; exit 2 naming what was wrong. */
export const chromaOption = (value: string | undefined): ChromaSiting | undefined => {
  if (value === undefined) return undefined;
  const known = CHROMA_SITINGS.find((w) => w === value);
  if (!known) throw new CliError(`--chroma: ${value} is not one of ${CHROMA_SITINGS.join(', ')}`, 2);
  return known;
};
