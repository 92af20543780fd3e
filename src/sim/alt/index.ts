// The second render style (see render.ts): independent of src/sim/render, for measuring the vision on
// pictures drawn in a style it was never tuned on; cameras mounted otherwise than demo's (camera.ts);
// a streamer's video encoder (stream.ts); a player at the table (player.ts) and a referee's hand over
// it (referee.ts), their parts over the table (parts.ts); and balls rolling in a frame taken mid-stroke
// (motion.ts).
export {
  altInView,
  renderAlt,
  goboAt,
  goboColour,
  infraredSeen,
  osdStroke,
  osdBoxes,
  lossBlock,
  lostBlocks,
  temporalWeight,
  LOSS_GREY_GREEN,
  osdTextBox,
  OSD_FONT,
  sensorDefects,
  starDistance,
  type AltAnalogue,
  type AltArc,
  type AltCapture,
  type AltCcd,
  type AltFlare,
  type AltGhost,
  type AltBall,
  type AltBallMark,
  type AltBox,
  type AltChalkDabs,
  type AltClutter,
  type AltClutterItem,
  type AltDenoise,
  type AltDome,
  type AltEmitter,
  type AltFrame,
  type AltGlow,
  type AltGobo,
  type AltHaze,
  type AltInfrared,
  type AltLamp,
  type AltLamplight,
  type AltOsd,
  type OsdBox,
  type AltPacketLoss,
  type AltLostSlice,
  type AltTemporalNR,
  type AltHdrMerge,
  type AltLampFailure,
  type AltAwbHunt,
  type AltNeighbour,
  awbGains,
  hdrShare,
  type AltOsdPanel,
  type AltOsdText,
  type AltLensDirt,
  type AltOnlooker,
  type AltMirror,
  type AltPlayer,
  type AltPolariser,
  type AltPrint,
  type AltPrintMark,
  type AltScuffs,
  type AltSensor,
  type AltShading,
  type AltSheen,
  type AltSharpen,
  type AltSlats,
  type AltSmear,
  type AltSpeck,
  type AltStyle,
  type AltToneMap,
  type AltWebcam,
  type AltWear,
  type AltWornPlace,
  type Srgb8,
} from './render.ts';
export { altStyle, boxBeside, ALT_CLOTH, ALT_VARIANTS, type AltVariant } from './style.ts';
export { altCamera, mountCalibration, ALT_MOUNT_IMAGE, type AltMount } from './camera.ts';
export { jpegRoundTrip } from './jpeg.ts';
export { lampSpectrum, pigmentSpectrum, pigmentsUnder } from './spectrum.ts';
export { altPlayer, hasPlayer } from './player.ts';
export { altClutter, clutterGap, hasClutter } from './clutter.ts';
export { altBlurInView, altHistory, altMotion, inMotion, BLURRED_UNASKED, FRAME_INTERVAL } from './motion.ts';
export { type AltBand, type AltEllipsoid, type AltPart, type AltPoint, type AltRod } from './parts.ts';
export { altStream, h264RoundTrip, withFreshNoise, type AltStream, type StreamedFrame } from './stream.ts';
export { altReferee, hasReferee } from './referee.ts';
