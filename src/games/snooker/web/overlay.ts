// /overlay: for spectators and streams (an OBS browser source). Read-only; transparent background;
// the balls where the pipeline sees them, trails of the last stroke, scores and break. Reconnects and
// re-syncs by itself. URL parameters:
//   show=balls,trails,score,ruling,table   which elements (default balls,trails,score,ruling)
//   scale=0.3                        CSS pixels per millimetre (default: fit the window)
//   <ball>=RRGGBB                    a ball's colour, e.g. red=ff2020&cue=ffffff
import type { Table } from '../../../equipment/bed.ts';
import type { MatchView } from '../views.ts';
import { ballColours, drawBalls, drawTrails } from '../../../web/balls-svg.ts';
import { connectLive } from '../../../web/live.ts';
import { announceRuling, showLatestRuling } from './ruling.ts';
import { drawTable } from '../../../web/table-svg.ts';

const params = new URLSearchParams(location.search);
const show = new Set((params.get('show') ?? 'balls,trails,score,ruling').split(',').map((s) => s.trim()));

const main = async (): Promise<void> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const colours = ballColours(table.balls);
  for (const id of Object.keys(colours)) {
    const c = params.get(id);
    if (c && /^[0-9a-f]{6}$/i.test(c)) colours[id] = `#${c}`;
  }
  const svg = document.querySelector<SVGSVGElement>('svg#table');
  const score = document.querySelector<HTMLElement>('#score');
  const ruling = document.querySelector<HTMLElement>('#ruling');
  if (!svg || !score || !ruling) return;
  const ballsLayer = drawTable(svg, table);
  // Without `table` in show, only the balls (and trails) are drawn: the bed layer stays in the DOM
  // for geometry but is not painted, so the stream's own picture shows through.
  svg.querySelector('.bed')?.setAttribute('visibility', show.has('table') ? 'visible' : 'hidden');
  const scale = Number(params.get('scale'));
  if (scale > 0) svg.style.width = `${(table.length + 2 * 138) * scale}px`;
  const trails = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  svg.insertBefore(trails, ballsLayer);
  score.hidden = !show.has('score');
  const style = { radius: table.ballRadius, colours };

  const render = (v: MatchView): void => {
    const set = (sel: string, text: string): void => {
      const e = score.querySelector(sel);
      if (e) e.textContent = text;
    };
    set('.p0.name', v.players[0]);
    set('.p1.name', v.players[1]);
    set('.p0.score', String(v.scores[0]));
    set('.p1.score', String(v.scores[1]));
    set('.frames', `(${v.framesWon[0]}) frames (${v.framesWon[1]})`);
    set('.break', v.break > 0 ? `Break ${v.break}` : '');
    score.dataset.striker = String(v.striker);
    if (show.has('ruling')) showLatestRuling(ruling, v, announceRuling);
    if (show.has('trails')) drawTrails(trails, v.trails, colours);
    if (show.has('balls') && v.balls.length) drawBalls(ballsLayer, v.balls, style);
  };

  connectLive<MatchView>({
    onMessage: (m) => {
      if (m.type === 'view') render(m.view);
      else if (m.type === 'balls' && show.has('balls')) drawBalls(ballsLayer, m.balls, style);
    },
    onStatus: (up) => {
      document.body.dataset.live = String(up);
    },
  });
  document.body.dataset.ready = 'true';
};

void main();
