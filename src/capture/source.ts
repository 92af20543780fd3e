// What every frame source gives: frames in order with their time, or a per-frame error, and counts.
import type { RefereeError } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';

export interface Frame extends RgbImage {
  readonly kind: 'frame';
  /** Position in the source, from 0, counting dropped frames too. */
  readonly index: number;
  /** Milliseconds from the source's first frame. */
  readonly t: number;
  /** What the frame is called in output (a file name, or `source#index`). */
  readonly name: string;
  /**
   * Wall-clock time (ms since 1970) the source handed the frame over: for a camera or a paced
   * stream, when the picture was taken, less the transport's delay. The latency of a ruling is
   * measured from it.
   */
  readonly receivedAt: number;
}

/** A frame that could not be read; the run goes on (docs/formats.md §3). */
export interface FrameFailure {
  readonly kind: 'error';
  readonly index: number;
  readonly t: number;
  readonly name: string;
  readonly error: RefereeError;
}

export type SourceItem = Frame | FrameFailure;

/** The wall clock frames are stamped with: milliseconds since 1970, to a fraction of one. */
export const wallClock = (): number => performance.timeOrigin + performance.now();

export interface SourceStats {
  /** Frames handed to the consumer. */
  readonly delivered: number;
  /** Frames a live source had to drop because processing fell behind. */
  readonly dropped: number;
}

export interface FrameSource {
  readonly description: string;
  /** Frames per second, as given or as the source reports it. */
  readonly fps: number;
  /** Live sources drop frames rather than lag; files and folders never drop. */
  readonly live: boolean;
  frames(): AsyncIterable<SourceItem>;
  stats(): SourceStats;
  /** Stop reading and release the source (kills ffmpeg). Safe to call twice. */
  close(): Promise<void>;
}
