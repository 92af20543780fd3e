// The second render style (see render.ts): independent of src/sim/render, for measuring the vision on
// pictures drawn in a style it was never tuned on; cameras mounted otherwise than demo's (camera.ts);
// and a streamer's video encoder (stream.ts).
export {
  renderAlt,
  type AltBall,
  type AltBox,
  type AltFrame,
  type AltHaze,
  type AltLamp,
  type AltSharpen,
  type AltSlats,
  type AltStyle,
  type AltWear,
  type AltWornPlace,
  type Srgb8,
} from './render.ts';
export { altStyle, boxBeside, ALT_CLOTH, ALT_VARIANTS, type AltVariant } from './style.ts';
export { altCamera, mountCalibration, ALT_MOUNT_IMAGE, type AltMount } from './camera.ts';
export { jpegRoundTrip } from './jpeg.ts';
export { altStream, h264RoundTrip, withFreshNoise, type AltStream, type StreamedFrame } from './stream.ts';
