// A banner at the top of every page while the camera (or the demo) is not playing: what is wrong and
// when it is tried again, counting down, so a page with nothing on it says why.
import type { SourceStatusView } from '../capture/status.ts';
import { topBanner } from './dom.ts';

let timer: ReturnType<typeof setInterval> | undefined;

const banner = (): HTMLElement => topBanner('source-banner', 'source-banner', 'status');

/** Show the source's status (hidden while it plays, or when there is no source). */
export const showSourceStatus = (status: SourceStatusView | undefined): void => {
  const el = banner();
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  if (!status || status.state === 'playing') {
    el.hidden = true;
    el.dataset['state'] = status?.state ?? 'none';
    return;
  }
  el.hidden = false;
  el.dataset['state'] = status.state;
  if (status.state !== 'retrying' || status.retryInS === undefined) {
    el.textContent = `Camera: ${status.text}`;
    return;
  }
  const due = Date.now() + status.retryInS * 1000;
  const reason = status.reason ?? 'unknown';
  const draw = (): void => {
    const s = Math.max(0, Math.ceil((due - Date.now()) / 1000));
    el.textContent = `Camera: failed: ${reason}; retrying in ${s} s`;
  };
  draw();
  timer = setInterval(draw, 1000);
};
