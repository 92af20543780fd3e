// The /calibrate page's API (docs/formats.md §2 for what Save writes): the live frame, the points
// where the calibration in use puts the table, a solve from points dragged on the frame, the automatic
// calibration as a start, Save, and the club's ball set learned from the frame. Every route needs the
// referee's PIN (`Authorization: Bearer`): the frame shows the room, and Save changes what every ruling
// is measured with. The camera itself (the frame, the solve, the file) is the desk's, which the command
// wires in (pipeline/camera-desk.ts).
import express, { type Express, type RequestHandler, type Response } from 'express';
import type { RefereeError, Result } from '../core/errors.ts';

/** What the routes ask of the camera desk. */
export interface CalibrationDesk {
  start(): object;
  frameJpeg(): Promise<Buffer | undefined>;
  solve(body: unknown): Result<{
    readonly rmsPx: number;
    readonly rmsMm: number;
    readonly points: readonly object[];
    readonly drawing: object;
  }>;
  auto(): Result<object>;
  save(body: unknown): Promise<Result<object>>;
  learnLooks(): Promise<Result<object>>;
}

type ApiError = (res: Response, status: number, code: string, message: string, field?: string) => void;

const STATUS: Partial<Record<RefereeError['code'], number>> = {
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  NO_TABLE: 422,
  SOLVE_FAILED: 422,
  CALIBRATION: 422,
  // The balls do not stand as the game sets them up (learning the ball set).
  IMPOSSIBLE_STATE: 422,
};

export const mountCalibration = (
  app: Express,
  desk: CalibrationDesk | undefined,
  requirePin: RequestHandler,
  apiError: ApiError,
  maxBodyBytes: number,
): void => {
  const fail = (res: Response, e: RefereeError): void =>
    apiError(res, STATUS[e.code] ?? 500, e.code, e.message, e.field);
  const withDesk =
    (handle: (d: CalibrationDesk, body: unknown, res: Response) => Promise<void> | void): RequestHandler =>
    (req, res, next) => {
      if (!desk)
        return apiError(
          res,
          503,
          'NO_CAMERA',
          'no camera is being followed: start serve with --source and --calibration',
        );
      Promise.resolve(handle(desk, req.body, res)).catch(next);
    };
  const json = express.json({ limit: maxBodyBytes });
  app.get(
    '/api/calibration',
    requirePin,
    withDesk((d, _body, res) => void res.json(d.start())),
  );
  app.get(
    '/api/calibration/frame',
    requirePin,
    withDesk(async (d, _body, res) => {
      const jpeg = await d.frameJpeg();
      if (!jpeg) return apiError(res, 404, 'NOT_FOUND', 'no frame from the camera yet');
      res.set('Cache-Control', 'no-store').type('image/jpeg').send(jpeg);
    }),
  );
  app.post(
    '/api/calibration/solve',
    requirePin,
    json,
    withDesk((d, body, res) => {
      const r = d.solve(body);
      if (!r.ok) return fail(res, r.error);
      const { rmsPx, rmsMm, points, drawing } = r.value;
      res.json({ rmsPx, rmsMm, points, drawing });
    }),
  );
  app.post(
    '/api/calibration/auto',
    requirePin,
    withDesk((d, _body, res) => {
      const r = d.auto();
      if (!r.ok) return fail(res, r.error);
      res.json(r.value);
    }),
  );
  app.post(
    '/api/calibration/looks',
    requirePin,
    withDesk(async (d, _body, res) => {
      const r = await d.learnLooks();
      if (!r.ok) return fail(res, r.error);
      res.json(r.value);
    }),
  );
  app.post(
    '/api/calibration',
    requirePin,
    json,
    withDesk(async (d, body, res) => {
      const r = await d.save(body);
      if (!r.ok) return fail(res, r.error);
      res.json(r.value);
    }),
  );
};
