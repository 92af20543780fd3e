// The latest ruling as the views word it. Every view shows it as it happens (issue 7: a ruling in all
// three views); the element carries the stroke's number and when its balls stopped (`data-stroke`,
// `data-ended-at`), so the page — and a test or a latency probe — can tell a new ruling from the last.
import type { MatchView, RulingView } from '../views.ts';

/** The referee's wording: who, what was hit and potted, the result with the rule, and its status. */
export const describeRuling = (r: RulingView): string => {
  const who = `Player ${r.striker + 1}`;
  const hit = r.firstContact.length ? `hit ${r.firstContact.join(' + ')} first` : 'hit nothing';
  const potted = r.potted.length ? `, potted ${r.potted.join(', ')}` : '';
  const result = r.foul ? `FOUL, ${r.foul.points} away: ${r.foul.reasons.join('; ')}` : `scored ${r.scored}`;
  return `${who} ${hit}${potted} — ${result} (${r.status}${r.by !== 'pipeline' ? ` by ${r.by}` : ''})`;
};

/** A spectator's wording: the result only, the rule's citation left to the referee's page. */
export const announceRuling = (r: RulingView): string => {
  if (r.foul) {
    const why = r.foul.reasons.map((reason) => reason.replace(/\s*\(WPBSA .*\)$/, '')).join('; ');
    return `FOUL — ${r.foul.points} to Player ${2 - r.striker}: ${why}`;
  }
  const potted = r.potted.length ? `potted ${r.potted.join(', ')}` : 'no score';
  return `Player ${r.striker + 1}: ${potted}${r.scored > 0 ? ` (+${r.scored})` : ''}`;
};

/** Show the view's latest ruling in `el` (hidden while there is none). */
export const showLatestRuling = (
  el: HTMLElement,
  v: MatchView,
  word: (r: RulingView) => string = describeRuling,
): void => {
  const r = v.rulings.at(-1);
  el.hidden = r === undefined;
  if (!r) {
    delete el.dataset.stroke;
    delete el.dataset.endedAt;
    return;
  }
  el.textContent = word(r);
  el.classList.toggle('foul', r.foul !== null);
  el.dataset.status = r.status;
  if (r.endedAt !== undefined) el.dataset.endedAt = String(r.endedAt);
  else delete el.dataset.endedAt;
  // Last, so that whoever watches the number finds the rest already in place.
  el.dataset.stroke = String(r.stroke);
};
