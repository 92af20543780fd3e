// Learning the club's ball set (detector.ts learnGameLooks) in a worker thread of its own, for `serve`'s
// /calibrate page: it loads the classifier and detects a whole frame, some 0.4 s of a core the first
// time at 1080p, which on the server's thread held up every live ruling and WebSocket push behind it.
// Not in the detector's worker: there it would hold up the frames being detected. One frame, one
// answer (the set, or why not), then the thread ends.
import type { Surface } from '../equipment/index.ts';
import { parentPort, workerData } from 'node:worker_threads';
import type { Calibration } from '../camera/index.ts';
import type { Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { gameById } from '../games/registry.ts';
import type { BallLooks } from '../vision/index.ts';
import { learnGameLooks } from './detector.ts';

/** What the worker is given: the game (by id: a definition holds functions), the calibration, the frame. */
export interface LearnWorkerData {
  readonly game: string;
  readonly calibration: Calibration<Surface>;
  readonly image: RgbImage;
}

/** The worker's one message. */
export type LearnReply = Result<BallLooks>;

const port = parentPort;
if (port) {
  const { game: id, calibration, image } = workerData as LearnWorkerData;
  const game = gameById(id);
  const reply: LearnReply = game.ok ? await learnGameLooks(game.value, calibration, image) : game;
  port.postMessage(reply);
}
