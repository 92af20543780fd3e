// The vision stage in a worker thread (detect-worker.ts), as `run`, `serve` and the benchmarks use it:
// frames in, the game's pieces out, in order, while the main thread goes on reading and tracking.
import { Worker } from 'node:worker_threads';
import type { DetectReply, DetectRequest, DetectWorkerData } from './detect-worker.ts';

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

  static start(calibration: string, game?: string): Promise<DetectionWorker> {
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('../pipeline/detect-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    const data: DetectWorkerData = game === undefined ? { calibration } : { calibration, game };
    const worker = new Worker(boot, { eval: true, workerData: data });
    return new Promise((resolve, reject) => {
      const first = (m: DetectReply): void => {
        if (m.kind === 'ready') resolve(new DetectionWorker(worker));
        else if (m.kind === 'fatal') void worker.terminate().then(() => reject(new Error(m.error)));
        else return;
        worker.off('message', first);
      };
      worker.on('message', first);
      worker.once('error', reject);
    });
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

  /** Stop the worker; frames still waiting are answered with an error. */
  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    this.dead ??= new Error('the detector was closed');
    for (const [id, answer] of this.waiting) answer({ kind: 'error', id, error: this.dead.message });
    this.waiting.clear();
    await this.worker.terminate();
  }
}
