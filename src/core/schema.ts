// Schema validation of JSON input through zod, turned into our errors-as-values form with the
// path of the first offending field named (e.g. `state.balls[2].x`).
import type { z } from 'zod';
import { err, ok, refereeError, type ErrorCode, type Result } from './errors.ts';

export const fieldPath = (path: readonly PropertyKey[], prefix = ''): string => {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
};

export const parseWith = <S extends z.ZodType>(
  schema: S,
  data: unknown,
  code: ErrorCode = 'INVALID_INPUT',
  prefix = '',
): Result<z.output<S>> => {
  const parsed = schema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  if (!issue) return err(refereeError(code, 'invalid input', prefix || undefined));
  const field = fieldPath(issue.path, prefix);
  return err(refereeError(code, issue.message, field === '' ? undefined : field));
};
