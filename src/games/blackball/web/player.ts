// /player: the cue ball in hand. The cabin (seed 2.1, 2.8) drawn on the table, where the camera sees
// the cue ball now and whether it is inside; on a free kick, taking the cue ball in hand (seed 2.1);
// and the seed 1.3 request (a ball on moved to the foot spot) offered only when it applies.
import { $, showLink } from '../../../web/dom.ts';
import type { Table } from '../../../equipment/bed.ts';
import type { BallView } from '../../../match/view.ts';
import { connectLive } from '../../../web/live.ts';
import { drawTable } from '../../../web/table-svg.ts';
import type { MatchView } from '../view.ts';
import { ballIcon, drawCabin, drawPoolBalls } from './pool-balls.ts';
import { describeRuling, showLatestRuling } from './ruling.ts';

const main = async (): Promise<void> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const svg = $<SVGSVGElement>('svg#table');
  const ballsLayer = drawTable(svg, table);
  const cabinLayer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  svg.insertBefore(cabinLayer, ballsLayer);
  const headLine = table.length / 5;
  let view: MatchView | null = null;

  /** Where the cue ball lies in `balls`, and whether in the cabin (a ball on the head line is in, seed 4.12). */
  const cueState = (balls: readonly BallView[]): 'inside' | 'outside' | 'unseen' => {
    const cue = balls.find((b) => b.id === 'cue');
    if (!cue) return 'unseen';
    return cue.y <= headLine + 0.5 ? 'inside' : 'outside';
  };

  const showCue = (balls: readonly BallView[]): void => {
    if (!view) return;
    const inHand = view.cueInHand && !view.frameOver;
    const state = cueState(balls);
    drawCabin(cabinLayer, table, view.headLine, inHand ? state : 'hidden');
    const status = $('#cue-status');
    status.className = inHand ? state : '';
    const cue = balls.find((b) => b.id === 'cue');
    status.textContent = !inHand
      ? ''
      : state === 'unseen'
        ? 'The camera does not see the cue ball yet.'
        : state === 'inside'
          ? `The cue ball is in the cabin, at (${cue?.x.toFixed(0)}, ${cue?.y.toFixed(0)}) mm.`
          : `The cue ball is outside the cabin, ${((cue?.y ?? 0) - headLine).toFixed(0)} mm past the head line: move it behind the line.`;
    drawPoolBalls(ballsLayer, balls, table.balls, table.ballRadius);
  };

  const render = (v: MatchView): void => {
    view = v;
    showLatestRuling($('#ruling'), v, describeRuling);
    const striker = v.players[v.striker];
    $('#instructions').textContent = v.frameOver
      ? 'The frame is over.'
      : v.cueInHand
        ? `${striker}: ball in hand — place the cue ball anywhere in the cabin, behind the head line (seed 2.8).`
        : v.freeKick
          ? `${striker}: free kick — play the cue ball from where it lies, or take it in hand in the cabin (seed 2.1).`
          : 'No ball in hand.';
    $('#take-in-hand').hidden = !(v.freeKick && !v.cueInHand && !v.frameOver);
    $('#foot-spot-box').hidden = !v.footSpot.applies;
    $('#foot-spot').replaceChildren(
      ...v.footSpot.candidates.map((id) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'foot-spot';
        b.dataset.id = id;
        b.append(ballIcon(id, table.balls), ` Move the ${id} to the foot spot`);
        b.addEventListener('click', () => live.send({ type: 'requestFootSpot', ball: id }));
        return b;
      }),
    );
    showCue(v.balls);
  };

  const live = connectLive<MatchView>({
    onMessage: (m) => {
      if (m.type === 'view') render(m.view);
      else if (m.type === 'balls') showCue(m.balls);
      else if (m.type === 'error') $('#instructions').textContent = m.message;
    },
    onStatus: (up) => {
      showLink(up);
    },
  });
  $('#take-in-hand').addEventListener('click', () => live.send({ type: 'freeKickFromHand' }));
  document.body.dataset.ready = 'true';
};

void main();
