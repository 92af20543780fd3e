// /player for dominoes: the score sheet at the table. Each finished round's line with its points and
// penalties, and a Sign button per pair: one player of each pair signs (seed: «должен быть подписан по
// окончании партии как минимум одним игроком данной пары и одним судьей»); the referee signs on his
// page. A signature is an event in the match log. A pass waiting for confirmation can be confirmed here.
import { showLink } from '../../../web/dom.ts';
import { connectLive } from '../../../web/live.ts';
import type { DominoesPageView, SheetRowView, SignatureView } from '../view.ts';
import { $, button, el, injectStyle, pairName, playerName } from './common.ts';

const main = async (): Promise<void> => {
  injectStyle();
  const signer = $<HTMLInputElement>('#signer');
  signer.value = localStorage.getItem('signer') ?? '';
  signer.addEventListener('change', () => localStorage.setItem('signer', signer.value.trim()));

  const sigCell = (v: DominoesPageView, r: SheetRowView, team: 0 | 1): HTMLTableCellElement => {
    const s: SignatureView | null = team === 0 ? r.signatures.team0 : r.signatures.team1;
    const td = el('td');
    if (s) td.append(el('span', s.name, { class: `sig ${s.valid ? 'valid' : 'void'}` }));
    if (r.end !== null && !s?.valid) {
      const b = button(`Sign for ${pairName(v, team)}`, () => {
        const name = signer.value.trim();
        if (!name) {
          $('#notice').textContent = 'Write your name first.';
          signer.focus();
          return;
        }
        live.send({ type: 'signSheet', round: r.round, team, name });
      });
      b.className = 'sign';
      b.dataset.team = String(team);
      td.append(' ', b);
    }
    return td;
  };

  const render = (v: DominoesPageView): void => {
    const open = v.sheet.filter((r) => r.end !== null && !r.signed).map((r) => r.round);
    $('#round-status').textContent = v.matchOver
      ? `The match is over: ${v.matchWinner === null ? '—' : pairName(v, v.matchWinner)} win.`
      : v.clock
        ? `Round ${v.round}: ${playerName(v, v.clock.player)} to play.`
        : `Round ${v.round}: ${v.end ?? v.over ?? 'over'}.`;
    if (open.length) $('#round-status').append(` To sign: round ${open.join(', ')}.`);
    const confirm = $<HTMLButtonElement>('#confirm-pass');
    confirm.hidden = v.pendingPasses.length === 0;
    $('#sheet tbody').replaceChildren(
      ...v.sheet.map((r) => {
        const tr = el('tr');
        tr.dataset.round = String(r.round);
        tr.dataset.signed = String(r.signed);
        const result =
          r.end === null
            ? 'in play'
            : r.end === 'scored'
              ? r.winner === null
                ? 'eggs: a draw'
                : `${r.over === 'blocked' ? 'fish' : 'domino'}: ${pairName(v, r.winner)} +${r.points}`
              : r.end;
        const ref = r.signatures.referee;
        tr.append(
          el('td', String(r.round)),
          el('td', result),
          el('td', String(r.teamPoints[0])),
          el('td', String(r.teamPoints[1])),
          el(
            'td',
            r.penalties
              .map((p) => `${p.kind}${p.card ? ` ${p.card}` : ''}${p.points ? ` −${p.points}` : ''}`)
              .join('; '),
          ),
          el('td', `${r.scores[0]} : ${r.scores[1]}`),
          sigCell(v, r, 0),
          sigCell(v, r, 1),
          el('td', ref ? ref.name : '—', { class: `sig ${ref ? (ref.valid ? 'valid' : 'void') : ''}` }),
        );
        return tr;
      }),
    );
  };

  const live = connectLive<DominoesPageView>({
    onMessage: (m) => {
      if (m.type === 'view') render(m.view);
      else if (m.type === 'error') $('#notice').textContent = m.message;
      else if (m.type === 'ack') $('#notice').textContent = 'Done.';
    },
    onStatus: (up) => {
      showLink(up);
    },
  });
  $('#confirm-pass').addEventListener('click', () => live.send({ type: 'confirmPass' }));
  document.body.dataset.ready = 'true';
};

void main();
