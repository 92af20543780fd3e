// /overlay: for spectators and streams (an OBS browser source). Read-only; transparent background; the
// numbered balls where the pipeline sees them (solids, stripes), trails of the last stroke, frames won,
// each player's group and the balls he has left, and the latest ruling as a banner. URL parameters:
//   show=balls,trails,score,groups,ruling,table   which elements (default all but table)
//   scale=0.3                                     CSS pixels per millimetre (default: fit the window)
import type { Table } from '../../../equipment/bed.ts';
import { ballColours, drawTrails } from '../../../web/balls-svg.ts';
import { connectLive } from '../../../web/live.ts';
import { drawTable } from '../../../web/table-svg.ts';
import type { MatchView } from '../view.ts';
import { ballIcon, drawPoolBalls } from './pool-balls.ts';
import { announceRuling, showLatestRuling } from './ruling.ts';

const params = new URLSearchParams(location.search);
const show = new Set(
  (params.get('show') ?? 'balls,trails,score,groups,ruling').split(',').map((s) => s.trim()),
);

const main = async (): Promise<void> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const colours = ballColours(table.balls);
  const svg = document.querySelector<SVGSVGElement>('svg#table');
  const score = document.querySelector<HTMLElement>('#score');
  const groups = document.querySelector<HTMLElement>('#groups');
  const ruling = document.querySelector<HTMLElement>('#ruling');
  if (!svg || !score || !groups || !ruling) return;
  const ballsLayer = drawTable(svg, table);
  // Without `table` in show, only the balls (and trails) are painted: the stream's picture shows through.
  svg.querySelector('.bed')?.setAttribute('visibility', show.has('table') ? 'visible' : 'hidden');
  const scale = Number(params.get('scale'));
  if (scale > 0) svg.style.width = `${(table.length + 2 * 138) * scale}px`;
  const trails = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  svg.insertBefore(trails, ballsLayer);
  score.hidden = !show.has('score');
  groups.hidden = !show.has('groups');
  const draw = (balls: MatchView['balls']): void => {
    if (show.has('balls')) drawPoolBalls(ballsLayer, balls, table.balls, table.ballRadius);
  };

  const render = (v: MatchView): void => {
    const set = (sel: string, text: string): void => {
      const e = score.querySelector(sel);
      if (e) e.textContent = text;
    };
    set('.p0.name', v.players[0]);
    set('.p1.name', v.players[1]);
    set('.p0.score', String(v.framesWon[0]));
    set('.p1.score', String(v.framesWon[1]));
    set('.frames', v.raceTo > 1 ? `race to ${v.raceTo}` : 'frame');
    set(
      '.state',
      v.matchOver && v.matchWinner !== null
        ? `${v.players[v.matchWinner]} wins`
        : v.break
          ? 'Break'
          : v.freeKick
            ? 'Free kick'
            : v.groups
              ? ''
              : 'Open table',
    );
    score.dataset.striker = String(v.striker);
    for (const p of [0, 1] as const) {
      const side = groups.querySelector<HTMLElement>(`.side[data-player="${p}"]`);
      if (!side) continue;
      const label = document.createElement('span');
      label.className = 'group-name';
      const g = v.groups?.[p];
      label.textContent = `${v.players[p]}: ${g ?? 'open'}`;
      side.dataset.group = g ?? 'open';
      side.replaceChildren(label, ...v.ballsLeft[p].map((id) => ballIcon(id, table.balls)));
    }
    if (show.has('ruling')) showLatestRuling(ruling, v, announceRuling);
    if (show.has('trails')) drawTrails(trails, v.trails, colours);
    if (v.balls.length) draw(v.balls);
  };

  connectLive<MatchView>({
    onMessage: (m) => {
      if (m.type === 'view') render(m.view);
      else if (m.type === 'balls') draw(m.balls);
    },
    onStatus: (up) => {
      document.body.dataset.live = String(up);
    },
  });
  document.body.dataset.ready = 'true';
};

void main();
