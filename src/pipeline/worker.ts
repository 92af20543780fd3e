// The vision stage in a worker thread (detect-worker.ts), as `run`, `serve` and the benchmarks use it:
// frames in, the game's pieces out, in order, while the main thread goes on reading and tracking. And
// the knocked-camera check in one of its own (camera-check-worker.ts), for `serve`.
import type { Surface } from '../equipment/index.ts';
import { Worker } from 'node:worker_threads';
import type { Calibration } from '../camera/index.ts';
import { err, refereeError, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import type { GameDefinition } from '../games/definition.ts';
import type { CameraCheckOptions } from '../vision/camera-check.ts';
import type { BallLooks } from '../vision/index.ts';
import type { CameraCheckReply, CameraCheckRequest, CameraCheckWorkerData } from './camera-check-worker.ts';
import type { CameraChecker, CameraVerdict } from './camera-watch.ts';
import type { CloseRequest, DetectReply, DetectRequest, DetectWorkerData } from './detect-worker.ts';
import { ballSetUp } from './detector.ts';
import type { LearnReply, LearnWorkerData } from './learn-worker.ts';

/**
 * A worker thread running a module of this folder through tsx (worker-boot.js), as bin/referee.js
 * runs the command; resolves once it posts `{ kind: 'ready' }`, rejects with the error of a
 * `{ kind: 'fatal' }`.
 */
const startWorker = (module: string, workerData: unknown): Promise<Worker> => {
  const worker = spawn(module, workerData);
  return new Promise((resolve, reject) => {
    const first = (m: { kind: string; error?: string }): void => {
      if (m.kind === 'ready') resolve(worker);
      else if (m.kind === 'fatal') void worker.terminate().then(() => reject(new Error(m.error)));
      else return;
      worker.off('message', first);
    };
    worker.on('message', first);
    worker.once('error', reject);
  });
};

/** A worker thread running `module` (of this folder) through tsx, as bin/referee.js runs the command. */
const spawn = (module: string, workerData: unknown): Worker => {
  const entry = new URL(module, import.meta.url).href;
  return new Worker(new URL('./worker-boot.js', import.meta.url), { argv: [entry], workerData });
};

/**
 * The club's ball set learned from `image` (detector.ts learnGameLooks) in a worker thread of its own
 * (learn-worker.ts), so that the server's thread goes on with the live rulings meanwhile. A thread that
 * fails or stops without answering is an error saying so.
 */
export const learnInWorker = (
  game: GameDefinition,
  calibration: Calibration<Surface>,
  image: RgbImage,
): Promise<Result<BallLooks>> => {
  // A game that sets up no named balls is refused here, without a thread.
  const setUp = ballSetUp(game);
  if (!setUp.ok) return Promise.resolve(setUp);
  const data: LearnWorkerData = { game: game.id, calibration, image };
  const worker = spawn('./learn-worker.ts', data);
  const failed = (why: string): Result<never> =>
    err(refereeError('BAD_FRAME', `the ball set could not be learned: ${why}`));
  // The first of these settles it; the thread ends by itself once it has answered.
  return new Promise((resolve) => {
    worker.once('message', (reply: LearnReply) => resolve(reply));
    worker.once('error', (e) => resolve(failed(e.message)));
    worker.once('exit', (code) => resolve(failed(`its thread stopped (exit ${code})`)));
  });
};

/**
 * The detector, in a worker thread (detect-worker.ts) started through tsx as bin/referee.js starts
 * the command. `detect` posts a frame (its pixels transferred) and resolves with the balls or why
 * the frame could not be used; frames are answered in the order they were posted.
 */
export class DetectionWorker {
  private readonly waiting = new Map<number, (reply: DetectReply) => void>();
  private next = 0;
  private dead: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: DetectReply) => {
      if (m.kind !== 'balls' && m.kind !== 'tiles' && m.kind !== 'error') return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
    const fail = (e: Error): void => {
      this.dead ??= e; // the error, not the exit that follows it
      for (const [id, answer] of this.waiting) answer({ kind: 'error', id, error: e.message });
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the detector stopped (exit ${code})`)));
  }

  static async start(calibration: string, game?: string, looks?: BallLooks): Promise<DetectionWorker> {
    const data: DetectWorkerData = {
      calibration,
      ...(game === undefined ? {} : { game }),
      ...(looks === undefined ? {} : { looks }),
    };
    return new DetectionWorker(await startWorker('./detect-worker.ts', data));
  }

  detect(frame: { width: number; height: number; data: Uint8Array }): Promise<DetectReply> {
    const id = this.next++;
    if (this.dead) return Promise.resolve({ kind: 'error', id, error: this.dead.message });
    // Hand the pixels over without a copy when the frame owns its whole buffer (ffmpeg's and sharp's do).
    const whole = frame.data.byteOffset === 0 && frame.data.byteLength === frame.data.buffer.byteLength;
    const data = whole ? frame.data : frame.data.slice();
    const request: DetectRequest = { id, width: frame.width, height: frame.height, data };
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage(request, [data.buffer as ArrayBuffer]);
    });
  }

  /** Why the detector stopped, if it has. */
  get failure(): Error | undefined {
    return this.dead;
  }

  /**
   * Stop the worker; frames still waiting are answered with an error. The thread is asked to end
   * after the frame it is on (stopped inside onnxruntime, it would abort the process), and is
   * terminated only if it has not within `graceMs`.
   */
  async close(graceMs = 5000): Promise<void> {
    this.worker.removeAllListeners('exit');
    const stopped = this.dead !== undefined; // failed or ended already: nothing to wait for
    this.dead ??= new Error('the detector was closed');
    for (const [id, answer] of this.waiting) answer({ kind: 'error', id, error: this.dead.message });
    this.waiting.clear();
    if (stopped) {
      await this.worker.terminate();
      return;
    }
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    const close: CloseRequest = { kind: 'close' };
    this.worker.postMessage(close);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    const outcome = await Promise.race([ended, late]);
    clearTimeout(timer);
    if (outcome === 'late') await this.worker.terminate();
  }
}

/**
 * The knocked-camera check in a worker thread (camera-check-worker.ts): the frame is copied over (the
 * desk keeps its own for the page) and the verdict comes back when the check is done, checks in the
 * order they were asked for. A check the worker could not make (it failed, or stopped) is `unknown`,
 * saying why. The thread does not keep the process alive.
 */
export class CameraCheckWorker implements CameraChecker {
  private readonly waiting = new Map<number, (verdict: CameraVerdict) => void>();
  private next = 0;
  private dead: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (m: CameraCheckReply) => {
      if (m.kind === 'ready') return;
      const verdict: CameraVerdict =
        m.kind === 'checked' ? m.verdict : { state: 'unknown', text: `the camera check failed: ${m.error}` };
      this.waiting.get(m.id)?.(verdict);
      this.waiting.delete(m.id);
    });
    const fail = (e: Error): void => {
      this.dead ??= e;
      this.answerWaiting();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the camera check stopped (exit ${code})`)));
  }

  static async start(
    calibration: Calibration<Surface>,
    options?: CameraCheckOptions,
  ): Promise<CameraCheckWorker> {
    const data: CameraCheckWorkerData = options ? { calibration, options } : { calibration };
    return new CameraCheckWorker(await startWorker('./camera-check-worker.ts', data));
  }

  check(image: RgbImage): Promise<CameraVerdict> {
    const id = this.next++;
    if (this.dead) return Promise.resolve(this.failed(this.dead));
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.post({ kind: 'check', id, image });
    });
  }

  reference(image: RgbImage): void {
    this.post({ kind: 'reference', image });
  }

  recalibrate(calibration: Calibration<Surface>, image: RgbImage | undefined): void {
    this.post(image ? { kind: 'recalibrate', calibration, image } : { kind: 'recalibrate', calibration });
  }

  /** Stop the worker; checks still waiting are answered `unknown`. */
  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    this.dead ??= new Error('the camera check was closed');
    this.answerWaiting();
    await this.worker.terminate();
  }

  private post(request: CameraCheckRequest): void {
    if (!this.dead) this.worker.postMessage(request);
  }

  private failed(e: Error): CameraVerdict {
    return { state: 'unknown', text: `the camera check failed: ${e.message}` };
  }

  private answerWaiting(): void {
    const dead = this.dead ?? new Error('the camera check stopped');
    for (const answer of this.waiting.values()) answer(this.failed(dead));
    this.waiting.clear();
  }
}
