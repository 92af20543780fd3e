// The vision stage in a worker thread, for `run` and `serve`: the main thread keeps reading frames from
// ffmpeg's pipe (and tracking) while a frame is being detected here, so decoding, detection and
// tracking overlap on the machine's cores instead of taking turns. One detector (the balls', or the
// tiles' where the game's perception is tiles), frames in order.
import type { Surface } from '../equipment/index.ts';
import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../core/errors.ts';
import type { Calibration } from '../camera/index.ts';
import { ok, type Result } from '../core/errors.ts';
import type { DetectedTile, GameDefinition } from '../games/definition.ts';
import { chooseGame, loadCalibration } from '../games/registry.ts';
import { loadPieceDetector, SetLearningDetector } from './detector.ts';
import type { NamesState } from './names-watch.ts';
import type { BallLooks } from '../vision/index.ts';

/** What the worker is given at start. */
export interface DetectWorkerData {
  readonly calibration: string;
  /** The game's id, where the command names it (`--game`). */
  readonly game?: string;
  /** The club's ball set, where the command was given one (`--looks`: read and checked there). */
  readonly looks?: BallLooks;
}

/** A frame to detect: its pixels (transferred, not copied). */
export interface DetectRequest {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** Finish the frames already posted, then end the thread (DetectionWorker.close). */
export interface CloseRequest {
  readonly kind: 'close';
}

export type DetectReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'fatal'; readonly error: string }
  | {
      readonly kind: 'balls';
      readonly id: number;
      readonly balls: { id: string; x: number; y: number; confidence: number }[];
      readonly ms: number;
      /** The club's ball set's ids, where this frame stood as set up and the set was learned from it. */
      readonly learned?: readonly string[];
      /** Whether the balls' names can be trusted, where this frame changed it (NamesWatch). */
      readonly names?: NamesState;
    }
  | {
      readonly kind: 'tiles';
      readonly id: number;
      readonly tiles: readonly DetectedTile[];
      readonly ms: number;
    }
  | { readonly kind: 'error'; readonly id: number; readonly error: string };

/** One frame through the loaded detector: the reply without its id and time. */
type DetectOne = (frame: { width: number; height: number; data: Uint8Array }) => Promise<
  | {
      kind: 'balls';
      balls: { id: string; x: number; y: number; confidence: number }[];
      learned?: readonly string[];
      names?: NamesState;
    }
  | { kind: 'tiles'; tiles: readonly DetectedTile[] }
  | { kind: 'error'; error: string }
>;

/** The detector the game's perception names (balls or tiles), as one function of a frame. */
const load = async (
  game: GameDefinition,
  calibration: Calibration<Surface>,
  looks: BallLooks | undefined,
): Promise<Result<DetectOne>> => {
  if (game.perception.kind === 'tiles') {
    const d = loadPieceDetector(game, calibration);
    if (!d.ok) return d;
    return ok((frame) => {
      const r = d.value.detect(frame);
      if (!r.ok) return Promise.resolve({ kind: 'error', error: describeError(r.error) });
      // What `detect` prints for the frame: `{ tiles: [...] }` (docs/formats.md §9).
      const { tiles } = r.value as { tiles?: unknown };
      return Promise.resolve(
        Array.isArray(tiles)
          ? { kind: 'tiles', tiles: tiles as DetectedTile[] }
          : { kind: 'error', error: 'the detector gave no tiles' },
      );
    });
  }
  // Without a club's set given, learned from each frame the balls come to stand set up (SetLearningDetector).
  const d = await SetLearningDetector.load(game, calibration, looks);
  if (!d.ok) return d;
  return ok(async (frame) => {
    const r = await d.value.detect(frame);
    if (!r.ok) return { kind: 'error', error: describeError(r.error) };
    const { learned, names } = r.value;
    const balls = r.value.balls.map((b) => ({ id: b.id, x: b.x, y: b.y, confidence: b.confidence }));
    return { kind: 'balls', balls, ...(learned ? { learned } : {}), ...(names ? { names } : {}) };
  });
};

const port = parentPort;
if (port) {
  const post = (reply: DetectReply): void => port.postMessage(reply);
  const { calibration: file, game: named, looks } = workerData as DetectWorkerData;
  const calibration = loadCalibration(file);
  const game = calibration.ok ? chooseGame(named, calibration.value) : calibration;
  if (!calibration.ok) post({ kind: 'fatal', error: `calibration: ${describeError(calibration.error)}` });
  else if (!game.ok) post({ kind: 'fatal', error: describeError(game.error) });
  else {
    const ready = load(game.value, calibration.value, looks).then((d) => {
      if (d.ok) return d.value;
      post({ kind: 'fatal', error: describeError(d.error) });
      return undefined;
    });
    void ready.then((d) => d && post({ kind: 'ready' }));
    // One frame after another, in the order they came.
    let queue: Promise<void> = Promise.resolve();
    port.on('message', (m: DetectRequest | CloseRequest) => {
      // Ended between frames, never in one: a thread stopped while onnxruntime runs a frame aborts
      // the whole process (Napi::Error), as a Save on /calibrate swapping the detector did once in CI.
      if ('kind' in m) {
        queue = queue.then(() => process.exit(0));
        return;
      }
      queue = queue.then(async () => {
        const detect = await ready;
        if (!detect) return;
        const start = performance.now();
        const r = await detect({ width: m.width, height: m.height, data: m.data });
        const ms = performance.now() - start;
        post(r.kind === 'error' ? { ...r, id: m.id } : { ...r, id: m.id, ms });
      });
    });
  }
}
