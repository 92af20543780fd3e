// The referee's alerts whose fix is at /calibrate, shown on the referee's page only: the camera has
// moved (a knocked camera: the calibration no longer fits the picture, so every position is off),
// cleared when a check finds the calibration fits again (a check that cannot tell, a dark room, leaves
// it as it was); and the balls' names may be wrong (the cue ball seldom recognised, no ball set
// learned: the club's set, learned there or from a frame of the balls set up, names them right),
// cleared when the cue ball is recognised again or a set is learned.
import type { CameraCheckView, NamesCheckView } from '../match/view.ts';
import { topBanner } from './dom.ts';

/** The banner `id`: its text, and the link to /calibrate saying what to do there. */
const banner = (id: string, action: string): HTMLElement => {
  const existed = document.getElementById(id) !== null;
  const el = topBanner(id, `source-banner ${id}`, 'alert');
  if (existed) return el;
  const text = document.createElement('span');
  text.className = 'banner-text';
  const link = document.createElement('a');
  link.href = '/calibrate';
  link.textContent = action;
  el.append(text, ' ', link);
  return el;
};

const show = (el: HTMLElement, state: string, raised: boolean, text: string): void => {
  el.dataset['state'] = state;
  el.hidden = !raised;
  const span = el.querySelector('.banner-text');
  if (span) span.textContent = text;
};

const onRefereePage = (): boolean => document.body.classList.contains('referee');

/** Show or clear the alert from the latest camera check. */
export const showCameraCheck = (check: CameraCheckView | undefined): void => {
  if (!onRefereePage() || !check || check.state === 'unknown') return;
  const text = `The camera has moved: recalibrate (${check.text}).`;
  show(banner('camera-banner', 'Recalibrate'), check.state, check.state === 'moved', text);
};

/** Show or clear the alert that the balls' names may be wrong. */
export const showNamesCheck = (check: NamesCheckView | undefined): void => {
  if (!onRefereePage() || !check) return;
  const text = `${check.text.charAt(0).toUpperCase()}${check.text.slice(1)}.`;
  show(banner('names-banner', 'Learn the ball set'), check.state, check.state === 'unsure', text);
};
