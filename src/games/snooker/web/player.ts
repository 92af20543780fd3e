// /player: respot guidance and confirmation. Shows where each colour goes (the rules engine's exact
// position), where the camera sees the placed ball and how far off it is; the confirm button is
// enabled only within 5 mm (and the server checks the camera's figure again before accepting).
import { showLink } from '../../../web/dom.ts';
import type { Table } from '../../../equipment/bed.ts';
import type { MatchView, RespotView } from '../views.ts';
import { ballColours, drawBalls, drawRespotTargets } from '../../../web/balls-svg.ts';
import { connectLive } from '../../../web/live.ts';
import { describeRuling, showLatestRuling } from './ruling.ts';
import { drawTable } from '../../../web/table-svg.ts';

/** How close the placed ball must be to its target before it can be confirmed, mm. */
export const RESPOT_TOLERANCE_MM = 5;

const main = async (): Promise<void> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const svg = document.querySelector<SVGSVGElement>('svg#table');
  const list = document.querySelector<HTMLUListElement>('#respots');
  const instructions = document.querySelector<HTMLElement>('#instructions');
  const link = document.querySelector<HTMLElement>('#link');
  const ruling = document.querySelector<HTMLElement>('#ruling');
  if (!svg || !list || !instructions || !link || !ruling) return;
  const ballsLayer = drawTable(svg, table);
  // A phone or tablet held upright: the table is drawn turned a quarter, its length down the screen,
  // so it fills the page instead of a strip across the top.
  const turned = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  turned.append(...svg.childNodes);
  svg.append(turned);
  const flat = svg.getAttribute('viewBox') ?? '';
  const [x = 0, y = 0, w = 0, h = 0] = flat.split(' ').map(Number);
  const portrait = matchMedia('(orientation: portrait)');
  const turn = (): void => {
    if (portrait.matches) {
      turned.setAttribute('transform', 'rotate(90)');
      svg.setAttribute('viewBox', `${-(y + h)} ${x} ${h} ${w}`);
    } else {
      turned.removeAttribute('transform');
      svg.setAttribute('viewBox', flat);
    }
    document.body.dataset.turned = String(portrait.matches);
  };
  turn();
  portrait.addEventListener('change', turn);
  const targets = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  ballsLayer.before(targets);
  const style = { radius: table.ballRadius, colours: ballColours(table.balls) };

  const item = (r: RespotView): HTMLLIElement => {
    const li = document.createElement('li');
    li.dataset.id = r.id;
    const off = r.distance === undefined ? 'not seen yet' : `${r.distance.toFixed(1)} mm from the spot`;
    const text = document.createElement('span');
    text.className = 'respot-text';
    text.textContent = `${r.id}: to (${r.target.x.toFixed(1)}, ${r.target.y.toFixed(1)}) — ${r.confirmed ? 'confirmed' : off}`;
    const confirm = document.createElement('button');
    confirm.textContent = r.confirmed ? 'Confirmed' : 'Confirm';
    confirm.className = 'confirm-respot';
    confirm.disabled = r.confirmed || r.distance === undefined || r.distance > RESPOT_TOLERANCE_MM;
    confirm.addEventListener('click', () => live.send({ type: 'respotConfirm', ball: r.id }));
    li.append(text, ' ', confirm);
    return li;
  };

  const render = (v: MatchView): void => {
    // The players see the ruling that set them respotting (or not) as the referee does.
    showLatestRuling(ruling, v, describeRuling);
    list.replaceChildren(...v.respots.map(item));
    const open = v.respots.filter((r) => !r.confirmed);
    instructions.textContent = open.length
      ? `Place ${open.map((r) => `the ${r.id}`).join(', ')} on the marked position${open.length > 1 ? 's' : ''}.`
      : 'Nothing to respot.';
    drawRespotTargets(targets, v.respots, style);
    if (v.balls.length) drawBalls(ballsLayer, v.balls, style);
  };

  const live = connectLive<MatchView>({
    onMessage: (m) => {
      if (m.type === 'view') render(m.view);
      else if (m.type === 'balls') drawBalls(ballsLayer, m.balls, style);
    },
    onStatus: (up) => {
      showLink(up, link);
    },
  });
  document.body.dataset.ready = 'true';
};

void main();
