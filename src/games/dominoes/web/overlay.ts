// /overlay for dominoes: for spectators and streams (an OBS browser source). Read-only; transparent
// background; the chain, the four players with their pairs' scores, whose turn and the clock. Reconnects
// and re-syncs by itself. URL parameters:
//   show=chain,score,clock,table   which elements (default chain,score,clock; `table` paints the cloth)
//   scale=0.5                      CSS pixels per millimetre (default: fit the window)
import { connectLive } from '../../../web/live.ts';
import type { DominoesPageView } from '../view.ts';
import { $, clockText, el, injectStyle, pairName, playerName, secondsLeft, setUpTable } from './common.ts';

const params = new URLSearchParams(location.search);
const show = new Set((params.get('show') ?? 'chain,score,clock').split(',').map((s) => s.trim()));

const main = async (): Promise<void> => {
  injectStyle();
  const svg = $<SVGSVGElement>('svg#table');
  const surface = await setUpTable(svg);
  // Without `table` in show only the tiles are painted, so the stream's own picture shows through.
  svg.querySelector('.bed')?.setAttribute('visibility', show.has('table') ? 'visible' : 'hidden');
  const scale = Number(params.get('scale'));
  if (scale > 0) svg.style.width = `${(surface.table.length + 2 * 138) * scale}px`;
  $('#score').hidden = !show.has('score');
  $('#clock').hidden = !show.has('clock');
  let view: DominoesPageView | null = null;

  const tick = (): void => {
    if (!view) return;
    const clock = $('#clock');
    clock.textContent = view.clock ? clockText(view) : '';
    const left = secondsLeft(view);
    clock.classList.toggle('overrun', left !== null && left < 0);
  };
  setInterval(tick, 250);

  const render = (v: DominoesPageView): void => {
    view = v;
    for (const t of v.teams) {
      $(`.team[data-team="${t.team}"] .names`).textContent = pairName(v, t.team);
      $(`.team[data-team="${t.team}"] .score`).textContent = String(t.score);
    }
    $('#turn').textContent = v.matchOver
      ? `${v.matchWinner === null ? '' : pairName(v, v.matchWinner)} win the match`
      : v.clock
        ? `${playerName(v, v.clock.player)} to play`
        : v.over === 'domino'
          ? 'Domino!'
          : v.over === 'blocked'
            ? 'Blocked (the fish)'
            : '';
    $('#seats').replaceChildren(
      ...v.seats.map((s) => {
        const span = el('span', `${playerName(v, s.player)} · ${s.tilesLeft}`, {
          class: `seat${v.clock?.player === s.player ? ' to-move' : ''}`,
        });
        if (s.card) span.append(' ', el('span', s.card, { class: `card-${s.card}` }));
        return span;
      }),
    );
    $('#seats').hidden = !show.has('score');
    if (show.has('chain')) surface.draw(v.chain);
    tick();
  };

  connectLive<DominoesPageView>({
    onMessage: (m) => {
      if (m.type === 'view') render(m.view);
    },
    onStatus: (up) => {
      document.body.dataset.live = String(up);
    },
  });
  document.body.dataset.ready = 'true';
};

void main();
