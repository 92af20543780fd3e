// What every game's pages do with the document: find an element, make a button, sound a short tone,
// and show whether the page is connected.

export const $ = <T extends Element = HTMLElement>(selector: string): T => {
  const e = document.querySelector<T>(selector);
  if (!e) throw new Error(`page is missing ${selector}`);
  return e;
};

export const button = (label: string, onClick: () => void, cls = ''): HTMLButtonElement => {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  if (cls) b.className = cls;
  b.addEventListener('click', onClick);
  return b;
};

/** A short tone (a foul, a clock run out), so the referee hears it without looking. */
export const beep = (frequency = 880, seconds = 0.25): void => {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    osc.frequency.value = frequency;
    osc.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + seconds);
  } catch {
    // no audio device: the visual alert stands alone
  }
};

/** The connection indicator (`#link`): green "live", red "offline — reconnecting" (table.css). */
export const showLink = (up: boolean, link: HTMLElement | null = document.querySelector('#link')): void => {
  if (!link) return;
  link.textContent = up ? 'live' : 'offline — reconnecting';
  link.className = up ? 'link live' : 'link offline';
  document.body.dataset['live'] = String(up);
};

/** A banner across the top of the page (made once, by id, hidden until shown). */
export const topBanner = (id: string, className: string, role: 'alert' | 'status'): HTMLElement => {
  const found = document.getElementById(id);
  if (found) return found;
  const el = document.createElement('div');
  el.id = id;
  el.className = className;
  el.setAttribute('role', role);
  el.hidden = true;
  document.body.prepend(el);
  return el;
};
