// The latest ruling as the views word it (every view shows it as it happens, in the banner of
// web/ruling-banner.ts), with the players' names.
import { showRuling } from '../../../web/ruling-banner.ts';
import type { MatchView, RulingView } from '../view.ts';

const name = (v: Pick<MatchView, 'players'>, p: number): string => v.players[p] ?? `Player ${p + 1}`;

/** The referee's wording: who, what was hit and potted, the result with the rule, and its status. */
export const describeRuling = (r: RulingView, v: Pick<MatchView, 'players'>): string => {
  const who = name(v, r.striker);
  const what = r.break ? 'broke' : r.freeKick ? 'free kick' : 'stroke';
  const hit = r.firstContact.length ? `hit ${r.firstContact.join(' + ')} first` : 'hit nothing';
  const potted = r.potted.length ? `, potted ${r.potted.join(', ')}` : '';
  const off = r.offTable.length ? `, off the table ${r.offTable.join(', ')}` : '';
  let result: string;
  if (r.lossOfFrame) result = `LOSS OF FRAME for ${name(v, r.lossOfFrame.player)}: ${r.lossOfFrame.reason}`;
  else if (r.foul) result = `FOUL: ${r.foul.reasons.join('; ')}`;
  else if (r.rerack) result = 'the black on the break: re-rack (seed 2.5(c))';
  else if (r.frameOver && r.winner !== null) result = `${name(v, r.winner)} wins the frame`;
  else result = 'legal';
  const groups =
    r.groups && !r.frameOver ? ` · ${name(v, 0)} ${r.groups[0]}, ${name(v, 1)} ${r.groups[1]}` : '';
  const warn = r.warning ? ' · WARNING: two consecutive fouls' : '';
  return `${who} (${what}) ${hit}${potted}${off} — ${result}${groups}${warn} (${r.status}${r.by !== 'pipeline' ? ` by ${r.by}` : ''})`;
};

/** A reason without its citation: "(seed 2.5(b))", "(seed 3; 4.2)" (one level of brackets inside). */
const plain = (reason: string): string =>
  reason.replace(/\s*\((?:seed|regulation)\b[^()]*(?:\([^()]*\)[^()]*)*\)/gi, '');

/** A spectator's wording: the result only, the seed's citation left to the referee's page. */
export const announceRuling = (r: RulingView, v: Pick<MatchView, 'players'>): string => {
  if (r.lossOfFrame)
    return `${name(v, r.lossOfFrame.player)} loses the frame — ${plain(r.lossOfFrame.reason)}`;
  if (r.frameOver && r.winner !== null) return `${name(v, r.winner)} wins the frame on the black`;
  if (r.rerack) return 'Black on the break — re-rack';
  if (r.foul) return `FOUL — free kick to ${name(v, 1 - r.striker)}: ${r.foul.reasons.map(plain).join('; ')}`;
  const potted = r.potted.length ? `potted ${r.potted.join(', ')}` : 'no pot';
  return `${name(v, r.striker)}: ${potted}`;
};

/** Show the view's latest ruling in `el` (hidden while there is none). */
export const showLatestRuling = (
  el: HTMLElement,
  v: MatchView,
  word: (r: RulingView, v: MatchView) => string = describeRuling,
): void =>
  showRuling(
    el,
    v.rulings.at(-1),
    (r) => word(r, v),
    (r) => r.foul !== null || r.lossOfFrame !== null,
  );
