// Errors as values (chessops style): pure code returns a Result; only the edges (cli, server) turn an
// error into an exit code or a message. Every error has a stable code and, where it is about input, the
// path of the field that was wrong, so a user can find it.

export type ErrorCode =
  | 'INVALID_INPUT' // the input is not of the right form (schema)
  | 'IMPOSSIBLE_STATE' // well-formed, but cannot happen (two balls overlapping, a ball off the bed)
  | 'CALIBRATION' // a calibration file that cannot be used
  | 'NOT_FOUND' // a file or resource that does not exist
  | 'NO_TABLE' // a picture in which no table can be found
  | 'SOLVE_FAILED' // a numerical solve that did not converge
  | 'BAD_FRAME' // a frame that cannot be read or used
  | 'SOURCE_FAILED' // a frame source that could not be opened or died
  | 'SOURCE_STALLED'; // a frame source that stopped delivering frames

export interface RefereeError {
  readonly code: ErrorCode;
  /** Dotted path of the offending field, e.g. `pose.R` or `state.balls[3].x`, where there is one. */
  readonly field?: string;
  readonly message: string;
}

export type Result<T, E = RefereeError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E = RefereeError>(error: E): Result<never, E> => ({ ok: false, error });

export const refereeError = (code: ErrorCode, message: string, field?: string): RefereeError =>
  field === undefined ? { code, message } : { code, message, field };

/** One line naming the field and what was wrong with it, for stderr or a JSON error. */
export const describeError = (e: RefereeError): string => (e.field ? `${e.field}: ${e.message}` : e.message);

/** Thrown only at the edges (cli), carrying the exit code the contract asks for. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
