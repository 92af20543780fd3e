// The referee's alert that the camera has moved (a knocked camera: the calibration no longer fits the
// picture, so every position is off), with the way to fix it: /calibrate. Shown on the referee's page
// only; cleared when a check finds the calibration fits again. A check that cannot tell (a dark room)
// leaves the alert as it was.
import type { CameraCheckView } from '../match/view.ts';
import { topBanner } from './dom.ts';

const banner = (): HTMLElement => {
  const existed = document.getElementById('camera-banner') !== null;
  const el = topBanner('camera-banner', 'source-banner camera-banner', 'alert');
  if (existed) return el;
  const text = document.createElement('span');
  text.className = 'camera-text';
  const link = document.createElement('a');
  link.href = '/calibrate';
  link.textContent = 'Recalibrate';
  el.append(text, ' ', link);
  return el;
};

/** Show or clear the alert from the latest camera check (the referee's page only). */
export const showCameraCheck = (check: CameraCheckView | undefined): void => {
  if (!document.body.classList.contains('referee') || !check || check.state === 'unknown') return;
  const el = banner();
  el.dataset['state'] = check.state;
  el.hidden = check.state !== 'moved';
  const text = el.querySelector('.camera-text');
  if (text) text.textContent = `The camera has moved: recalibrate (${check.text}).`;
};
