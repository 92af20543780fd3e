// The latest ruling as the views word it, with the players' names. Every view shows it as it happens
// (issue 7: a ruling in all three views), in the banner of web/ruling-banner.ts.
import { showRuling } from '../../../web/ruling-banner.ts';
import type { MatchView, RulingView } from '../views.ts';

type Names = Pick<MatchView, 'players'>;

/** Where no names are known (the server's log): the players by their places. */
const BY_PLACE: Names = { players: ['Player 1', 'Player 2'] };

/** The referee's wording: who, what was hit and potted, the result with the rule, and its status. */
export const describeRuling = (r: RulingView, v: Names = BY_PLACE): string => {
  const who = v.players[r.striker];
  const hit = r.firstContact.length ? `hit ${r.firstContact.join(' + ')} first` : 'hit nothing';
  const potted = r.potted.length ? `, potted ${r.potted.join(', ')}` : '';
  const result = r.foul ? `FOUL, ${r.foul.points} away: ${r.foul.reasons.join('; ')}` : `scored ${r.scored}`;
  return `${who} ${hit}${potted} — ${result} (${r.status}${r.by !== 'pipeline' ? ` by ${r.by}` : ''})`;
};

/** A spectator's wording: the result only, the rule's citation left to the referee's page. */
export const announceRuling = (r: RulingView, v: Names = BY_PLACE): string => {
  if (r.foul) {
    const why = r.foul.reasons.map((reason) => reason.replace(/\s*\(WPBSA .*\)$/, '')).join('; ');
    return `FOUL — ${r.foul.points} to ${v.players[1 - r.striker]}: ${why}`;
  }
  const potted = r.potted.length ? `potted ${r.potted.join(', ')}` : 'no score';
  return `${v.players[r.striker]}: ${potted}${r.scored > 0 ? ` (+${r.scored})` : ''}`;
};

/** Show the view's latest ruling in `el` (hidden while there is none). */
export const showLatestRuling = (
  el: HTMLElement,
  v: MatchView,
  word: (r: RulingView, v: Names) => string = describeRuling,
): void =>
  showRuling(
    el,
    v.rulings.at(-1),
    (r) => word(r, v),
    (r) => r.foul !== null,
  );
