// A game's bundled demo list (fixtures/<file>.json): the clips `npm start -- --game <id>` plays, in
// order, each with the game's own set-up. The games differ only in what a clip may say beyond its name.
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile } from '../camera/file.ts';
import { describeError, err, ok, refereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import type { DemoClip } from './definition.ts';

/** A clip's folder under fixtures/. */
export const demoClipName = z.string().regex(/^[a-z0-9-]+$/);

/** The clips of `dir/file`: `{ "clips": [ { "clip": "<folder>", … } ] }`, each `dir/<folder>/clip.mp4`. */
export const demoClipsFrom = <T extends { readonly clip: string }>(
  dir: string,
  file: string,
  item: z.ZodType<T>,
  setup: (clip: T) => DemoClip['setup'],
): Result<DemoClip[]> => {
  const where = path.join(dir, file);
  const json = readJsonFile(where);
  const parsed = json.ok ? parseWith(z.object({ clips: z.array(item).min(1) }), json.value) : json;
  if (!parsed.ok) return err(refereeError('INVALID_INPUT', `${where}: ${describeError(parsed.error)}`));
  return ok(parsed.value.clips.map((c) => ({ path: path.join(dir, c.clip, 'clip.mp4'), setup: setup(c) })));
};
