// The camera model (docs/formats.md §2): calibration files, projection and its inverse, lens distortion,
// and pose solving from cloth-plane points.
export {
  makeCalibrationJson,
  marked,
  overlaysSchema,
  parseCalibration,
  scaleCalibration,
  stringifyCalibration,
  validateCalibration,
  MAX_OVERLAYS,
  ROTATION_TOLERANCE,
  type Calibration,
  type CalibrationJson,
  type ImageSize,
  type Overlay,
  type Plane,
  type Pose,
  type TableResolver,
  type TableSpec,
} from './calibration.ts';
export {
  distortNormalised,
  foldRadius,
  normalisedToPixel,
  undistortInto,
  undistortNormalised,
  undistortPixel,
  type Intrinsics,
  type Normalised,
  type Undistorted,
  type UndistortedOut,
} from './distortion.ts';
export { calibrationFromJson, loadCalibrationFile, readJsonFile } from './file.ts';
export { fitHomography, generalPositionProblem } from './homography.ts';
export { rotationFromVector, type Mat3, type Vec3 } from './mat3.ts';
export { cameraCentre, inFront, pixelRay, pixelToPlane, project, toCamera, type Ray } from './project.ts';
export {
  MAX_POINTS,
  NOMINAL_NOISE_PX,
  parsePointsCalibration,
  solveCalibration,
  type PointCorrespondence,
  type PointsCalibrationInput,
  type SolvedCalibration,
} from './solve.ts';
