// The knocked-camera check (camera-watch.ts) in a worker thread of its own, for `serve`: a check takes
// some 0.36 s of a core at 1080p, which on the server's thread held up every live ruling and WebSocket
// push behind it. Not in the detector's worker: there it would hold up the frames being detected.
// Messages are handled in the order they came: a new calibration or reference before the next check.
import type { Surface } from '../equipment/index.ts';
import { parentPort, workerData } from 'node:worker_threads';
import type { Calibration } from '../camera/index.ts';
import type { RgbImage } from '../core/image.ts';
import type { CameraCheckOptions } from '../vision/camera-check.ts';
import { CameraWatch, type CameraVerdict } from './camera-watch.ts';

/** What the worker is given at start. */
export interface CameraCheckWorkerData {
  readonly calibration: Calibration<Surface>;
  readonly options?: CameraCheckOptions;
}

export type CameraCheckRequest =
  | { readonly kind: 'check'; readonly id: number; readonly image: RgbImage }
  | { readonly kind: 'reference'; readonly image: RgbImage }
  | { readonly kind: 'recalibrate'; readonly calibration: Calibration<Surface>; readonly image?: RgbImage };

export type CameraCheckReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'checked'; readonly id: number; readonly verdict: CameraVerdict }
  | { readonly kind: 'error'; readonly id: number; readonly error: string };

const port = parentPort;
if (port) {
  const post = (reply: CameraCheckReply): void => port.postMessage(reply);
  const { calibration, options } = workerData as CameraCheckWorkerData;
  const watch = new CameraWatch(calibration, options);
  port.on('message', (m: CameraCheckRequest) => {
    if (m.kind === 'reference') watch.reference(m.image);
    else if (m.kind === 'recalibrate') watch.recalibrate(m.calibration, m.image);
    else
      try {
        post({ kind: 'checked', id: m.id, verdict: watch.check(m.image) });
      } catch (e) {
        post({ kind: 'error', id: m.id, error: (e as Error).message });
      }
  });
  post({ kind: 'ready' });
}
