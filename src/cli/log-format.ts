// How `referee serve` talks on stdout (and `referee run` on stderr, beside its event log). For a
// person at a terminal (`pretty`): one line when something happens — a stroke ruled, the source
// starting, failing or coming back, a referee signing in, any warning or error — and nothing in
// between. For a log collector (`json`): pino's JSON lines, all of them (the pipeline's progress every
// 2 s too). By default, `pretty` on a terminal and `json` when the stream is a pipe or a file.
import { pino, type DestinationStream, type Logger } from 'pino';
import { CliError } from '../core/errors.ts';

export type LogFormat = 'pretty' | 'json';

/** `--log-format`'s value (`auto`, `pretty` or `json`) for a stdout that is or is not a terminal. */
export const chooseLogFormat = (value: string | undefined, isTTY: boolean): LogFormat => {
  switch (value ?? 'auto') {
    case 'auto':
      return isTTY ? 'pretty' : 'json';
    case 'pretty':
    case 'json':
      return value as LogFormat;
    default:
      throw new CliError(`--log-format: use auto, pretty or json, not ${value}`, 2);
  }
};

/** Info records a person wants to see; the rest of info (progress, each clip opened, …) is chatter. */
const SHOWN: Record<string, (r: LogRecord) => string> = {
  'move ruled': (r) => {
    const n = typeof r['move'] === 'number' ? r['move'] + 1 : '?';
    const ruling = typeof r['ruling'] === 'string' ? `: ${r['ruling']}` : '';
    const late = typeof r['latencyMs'] === 'number' ? ` [${r['latencyMs']} ms after the pieces stopped]` : '';
    return `move ${n} ruled${ruling}${late}`;
  },
  'the source is playing': (r) =>
    `the source is playing${typeof r['source'] === 'string' ? `: ${r['source']}` : ''}`,
  'the source ended': () => 'the source ended',
  'referee signed in': (r) => `${String(r['referee'] ?? 'a referee')} signed in as referee`,
};

type LogRecord = Record<string, unknown>;

/** pino's own fields, and those a line puts in words. */
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'error', 'err']);

const clock = (time: unknown): string => {
  const d = new Date(typeof time === 'number' ? time : Date.now());
  return d.toTimeString().slice(0, 8);
};

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warning',
  50: 'error',
  60: 'fatal',
};

/** Any record as one line: `HH:MM:SS warning: msg: error (key=value …)`. */
const plain = (r: LogRecord): string => {
  const level = typeof r['level'] === 'number' ? r['level'] : 30;
  const error = r['error'] ?? (r['err'] as { message?: unknown } | undefined)?.message;
  const rest = Object.entries(r)
    .filter(([k]) => !OWN.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return [
    level >= 40 || level < 30 ? `${LEVELS[level] ?? level}: ` : '',
    String(r['msg'] ?? ''),
    error !== undefined ? `: ${String(error)}` : '',
    rest.length ? ` (${rest.join(', ')})` : '',
  ].join('');
};

export interface HumanLogOptions {
  /** Every record, not just what a person wants (LOG_LEVEL=debug or trace). */
  readonly verbose?: boolean;
}

/** A pino destination that writes the `pretty` format's lines to `out`. */
export const humanLog = (
  out: (text: string) => void,
  options: HumanLogOptions = {},
): { write(line: string): void } => ({
  write: (line: string) => {
    let r: LogRecord;
    try {
      r = JSON.parse(line) as LogRecord;
    } catch {
      out(line);
      return;
    }
    const level = typeof r['level'] === 'number' ? r['level'] : 30;
    const shown = SHOWN[String(r['msg'])];
    let text: string | undefined;
    if (level >= 40) text = plain(r);
    else if (shown && level === 30) text = shown(r);
    else if (options.verbose) text = plain(r);
    if (text !== undefined) out(`${clock(r['time'])} ${text}\n`);
  },
});

/**
 * A command's logger on `out` (serve's stdout, run's stderr), at LOG_LEVEL (default info): the
 * `pretty` lines, or pino's JSON to `json` (pino's default, stdout, when not given).
 */
export const commandLogger = (
  format: string | undefined,
  out: NodeJS.WriteStream,
  json?: DestinationStream,
): Logger => {
  const level = process.env['LOG_LEVEL'] ?? 'info';
  if (chooseLogFormat(format, out.isTTY === true) === 'pretty')
    return pino(
      { level },
      humanLog((text) => out.write(text), { verbose: level === 'debug' || level === 'trace' }),
    );
  return json ? pino({ level }, json) : pino({ level });
};
