// How the live source is doing, for the log, /api/health and the pages' banner: opening, playing,
// failed (why, and when it is tried again), or ended. A source that keeps failing is retried with a
// growing pause; each kind of failure is logged once (again only after the source has played), so
// a camera left unplugged does not fill the log, and the pages say what is wrong instead of nothing.
import type { Logger } from 'pino';
import type { FrameSource } from './source.ts';

export type SourceState = 'opening' | 'playing' | 'retrying' | 'ended';

/** What the source monitor keeps (times are ms on its clock, the wall clock in `referee serve`). */
export interface SourceStatus {
  readonly state: SourceState;
  /** Why the last attempt failed (`retrying`). */
  readonly reason?: string;
  /** Failures in a row since the source last played. */
  readonly failures?: number;
  /** When the next attempt is made (`retrying`). */
  readonly retryAt?: number;
}

/** A status as shown at a moment: with the seconds to the next try and one line for people. */
export interface SourceStatusView extends SourceStatus {
  readonly retryInS?: number;
  /** `playing`, `opening the source`, `failed: <reason>; retrying in N s`, `ended`. */
  readonly text: string;
}

export const viewSourceStatus = (status: SourceStatus, now: number): SourceStatusView => {
  switch (status.state) {
    case 'playing':
      return { ...status, text: 'playing' };
    case 'opening':
      return {
        ...status,
        text: status.reason ? `opening the source again (it failed: ${status.reason})` : 'opening the source',
      };
    case 'ended':
      return { ...status, text: 'the source ended' };
    case 'retrying': {
      const retryInS = Math.max(0, Math.ceil(((status.retryAt ?? now) - now) / 1000));
      return {
        ...status,
        retryInS,
        text: `failed: ${status.reason ?? 'unknown'}; retrying in ${retryInS} s`,
      };
    }
  }
};

export interface SourceMonitorOptions {
  readonly logger: Logger;
  /** The clock (ms). */
  readonly now: () => number;
  /** Called on every change of state (not on every frame). */
  readonly onChange?: (status: SourceStatus) => void;
  /** The pause after the first failure; each failure in a row doubles it. Default 5 s. */
  readonly firstRetryMs?: number;
  /** The longest pause. Default 60 s. */
  readonly maxRetryMs?: number;
}

export class SourceMonitor {
  private current: SourceStatus = { state: 'opening' };
  private failures = 0;
  /** Failure kinds logged since the source last played. */
  private readonly logged = new Set<string>();

  constructor(private readonly options: SourceMonitorOptions) {}

  get status(): SourceStatus {
    return this.current;
  }

  private set(status: SourceStatus): void {
    this.current = status;
    this.options.onChange?.(status);
  }

  /** An attempt to open the source begins (a change only if it was not playing). */
  opening(): void {
    if (this.current.state === 'playing' || this.current.state === 'opening') return;
    const { reason, failures } = this.current;
    this.set({ state: 'opening', ...(reason ? { reason } : {}), ...(failures ? { failures } : {}) });
  }

  /** A frame came: the source plays. Cheap to call on every frame. */
  playing(description?: string): void {
    if (this.current.state === 'playing') return;
    this.options.logger.info(
      { source: description, ...(this.failures ? { afterFailures: this.failures } : {}) },
      'the source is playing',
    );
    this.failures = 0;
    this.logged.clear();
    this.set({ state: 'playing' });
  }

  /**
   * The source could not be opened or failed: returns how long to wait before trying again, and
   * logs the failure if it is of a kind not seen since the source last played.
   */
  failed(reason: string, kind = reason): number {
    this.failures += 1;
    const first = this.options.firstRetryMs ?? 5000;
    const max = this.options.maxRetryMs ?? 60_000;
    const wait = Math.min(max, first * 2 ** Math.min(this.failures - 1, 30));
    const retryInS = Math.round(wait / 1000);
    if (!this.logged.has(kind)) {
      this.logged.add(kind);
      this.options.logger.error(
        { error: reason, failures: this.failures, retryInS },
        'the source failed; retrying with a growing pause (logged once until it plays)',
      );
    } else
      this.options.logger.debug({ error: reason, failures: this.failures, retryInS }, 'the source failed');
    this.set({ state: 'retrying', reason, failures: this.failures, retryAt: this.options.now() + wait });
    return wait;
  }

  ended(): void {
    this.set({ state: 'ended' });
  }
}

/** `source` whose frames also tell `monitor` the source is playing. */
export const watchSource = (source: FrameSource, monitor: SourceMonitor): FrameSource => ({
  description: source.description,
  fps: source.fps,
  live: source.live,
  frames: async function* () {
    for await (const item of source.frames()) {
      if (item.kind === 'frame') monitor.playing(source.description);
      yield item;
    }
  },
  stats: () => source.stats(),
  close: () => source.close(),
});

/** Wait `ms`, or less if `signal` aborts first. */
export const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
