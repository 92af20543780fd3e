import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { chooseLogFormat, humanLog } from '../src/cli/log-format.ts';
import { CliError } from '../src/core/errors.ts';

describe("referee serve's --log-format", () => {
  it('auto is pretty on a terminal and json otherwise; anything else is refused with exit code 2', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(() => chooseLogFormat('yaml', true)).toThrow(CliError);
    try {
      chooseLogFormat('yaml', true);
    } catch (e) {
      expect((e as CliError).exitCode).toBe(2);
      expect((e as CliError).message).toContain('--log-format');
    }
  });

  const pretty = (verbose = false): { log: pino.Logger; lines: string[] } => {
    const lines: string[] = [];
    const log = pino(
      { level: 'debug' },
      humanLog((text) => lines.push(text), { verbose }),
    );
    return { log, lines };
  };

  it('pretty: a line for each stroke ruled, the source, a sign-in and every warning; no progress chatter', () => {
    const { log, lines } = pretty();
    for (let i = 0; i < 5; i++) log.info({ frames: i * 120, fps: 60, dropped: 0 }, 'progress');
    log.info({ source: 'file a.mp4 (1920×1080 at 60 fps, live)' }, 'following the table');
    log.info({ source: 'file a.mp4 (1920×1080 at 60 fps, live)' }, 'the source is playing');
    log.info(
      { move: 2, latencyMs: 180, ruling: 'Player 2 hit red first, potted red — scored 1 (proposed)' },
      'move ruled',
    );
    log.info({ referee: 'Anna' }, 'referee signed in');
    log.warn({ remote: '10.0.0.9', failures: 5, lockS: 30 }, 'PIN lockout');
    log.error({ error: 'no such file: x.mp4', failures: 1, retryInS: 5 }, 'the source failed');
    log.debug({ frame: 'x#3' }, 'frame not usable');
    expect(lines.every((l) => /^\d\d:\d\d:\d\d /.test(l) && l.endsWith('\n'))).toBe(true);
    expect(lines.map((l) => l.slice(9))).toEqual([
      'the source is playing: file a.mp4 (1920×1080 at 60 fps, live)\n',
      'move 3 ruled: Player 2 hit red first, potted red — scored 1 (proposed) [180 ms after the pieces stopped]\n',
      'Anna signed in as referee\n',
      'warning: PIN lockout (remote=10.0.0.9, failures=5, lockS=30)\n',
      'error: the source failed: no such file: x.mp4 (failures=1, retryInS=5)\n',
    ]);
  });

  it('pretty with LOG_LEVEL=debug shows every record, each on one line', () => {
    const { log, lines } = pretty(true);
    log.info({ frames: 120, fps: 60 }, 'progress');
    log.debug({ frame: 'x#3' }, 'frame not usable');
    expect(lines.map((l) => l.slice(9))).toEqual([
      'progress (frames=120, fps=60)\n',
      'debug: frame not usable (frame=x#3)\n',
    ]);
  });
});
