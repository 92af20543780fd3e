// The latest ruling in a page's banner, as every ball game's views show it as it happens. The element
// carries the stroke's number and when its balls stopped (`data-stroke`, `data-ended-at`), so the page
// — and a test or a latency probe — can tell a new ruling from the last.

/** What the banner needs of a ruling besides its words. */
export interface BannerRuling {
  readonly stroke: number;
  readonly status: string;
  readonly endedAt?: number | undefined;
}

/** Show `latest` in `el` in the game's words, marked as a foul where it is one (hidden while there is none). */
export const showRuling = <R extends BannerRuling>(
  el: HTMLElement,
  latest: R | undefined,
  word: (r: R) => string,
  isFoul: (r: R) => boolean,
): void => {
  el.hidden = latest === undefined;
  if (!latest) {
    delete el.dataset.stroke;
    delete el.dataset.endedAt;
    return;
  }
  el.textContent = word(latest);
  el.classList.toggle('foul', isFoul(latest));
  el.dataset.status = latest.status;
  if (latest.endedAt !== undefined) el.dataset.endedAt = String(latest.endedAt);
  else delete el.dataset.endedAt;
  // Last, so that whoever watches the number finds the rest already in place.
  el.dataset.stroke = String(latest.stroke);
};
