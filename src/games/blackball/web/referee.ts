// /referee: the referee's view of a black-ball frame. The table live from the tracked positions;
// frames won, each player's group and balls left, consecutive fouls and the warning due (seed 3.5);
// the balls on, break, free kick, cue in hand, the announced snooker; each ruling as it happens, a foul
// or a frame lost, won or re-racked as an alert you see and hear; confirm, override, undo (saying what
// it undoes); the fouls only a person sees, in words; the referee's actions. Changing anything needs
// the referee's PIN.
import { $, beep } from '../../../web/dom.ts';
import { ballColours, drawTrails } from '../../../web/balls-svg.ts';
import * as shared from '../../../web/referee-page.ts';
import type { MatchView } from '../view.ts';
import { FOUL_WORDS, FOULS_IN_WORDS } from '../words.ts';
import { ballIcon, drawCabin, drawPoolBalls } from './pool-balls.ts';
import { describeRuling, showLatestRuling } from './ruling.ts';

const OBJECT_BALLS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15'];

const main = async (): Promise<void> => {
  const { table, balls: ballsLayer, layers } = await shared.refereeTable(['cabin', 'trails']);
  const colours = ballColours(table.balls);
  const draw = (balls: MatchView['balls']): void =>
    drawPoolBalls(ballsLayer, balls, table.balls, table.ballRadius);

  let view: MatchView | null = null;
  let lastAlerted = '';

  const render = (v: MatchView): void => {
    for (const p of [0, 1] as const) {
      const sel = (s: string): HTMLElement => $(`.player[data-player="${p}"] ${s}`);
      $(`.player[data-player="${p}"]`).classList.toggle('striker', v.striker === p && !v.frameOver);
      sel('.name').textContent = v.players[p];
      sel('.frames').textContent = `(${v.framesWon[p]})`;
      sel('.group').textContent = v.groups ? v.groups[p] : 'open';
      sel('.balls-left').replaceChildren(...v.ballsLeft[p].map((id) => ballIcon(id, table.balls, 18)));
      sel('.fouls').textContent = v.fouls[p] ? `fouls ${v.fouls[p]}` : '';
      sel('.warning-due').hidden = !v.warningDue[p] || v.frameOver;
    }
    $('#frame').textContent = String(v.frame);
    $('#race').textContent = `race to ${v.raceTo}`;
    $('#on').textContent = v.frameOver
      ? `frame over${v.winner !== null ? `: ${v.players[v.winner]} wins` : ''}`
      : v.groups
        ? v.ballsOn.join(', ')
        : 'open table (any but the 8)';
    const flags: string[] = [];
    if (v.break && !v.frameOver) flags.push('BREAK');
    if (v.freeKick) flags.push('FREE KICK');
    if (v.cueInHand && !v.frameOver) flags.push('CUE IN HAND');
    if (v.snookered) flags.push('SNOOKERED');
    if (v.matchOver && v.matchWinner !== null) flags.push(`MATCH TO ${v.players[v.matchWinner]}`);
    $('#flags').replaceChildren(
      ...flags.map((f) => {
        const s = document.createElement('span');
        s.className = 'flag';
        s.textContent = f;
        return s;
      }),
    );

    const pending = v.pending;
    shared.showPending(
      pending,
      v.rulings,
      (r) => describeRuling(r, v),
      pending !== null && pending.rejected === null,
    );
    const undo = $<HTMLButtonElement>('#undo');
    undo.disabled = v.undo === null;
    undo.textContent = v.undo ? `Undo ${v.undo.what}` : 'Undo';
    undo.title = v.undo ? `Takes back ${v.undo.what}` : 'Nothing to undo';

    shared.showLog(
      v.rulings,
      (r) => describeRuling(r, v),
      (li) => showLatestRuling(li, v),
    );

    const latest = v.rulings.at(-1);
    const alert = $('#alert');
    const key = latest ? `${latest.stroke}:${latest.status}:${latest.foul?.reasons.join()}` : '';
    if (latest?.foul && !latest.lossOfFrame) {
      alert.textContent = `FOUL by ${v.players[latest.striker]} — free kick to ${v.players[1 - latest.striker]}: ${latest.foul.reasons.join('; ')}${latest.warning ? ` · WARN ${v.players[latest.striker]}: two consecutive fouls, a third loses the frame (seed 3.5)` : ''}`;
      alert.hidden = false;
      if (key !== lastAlerted && latest.status === 'proposed') beep();
    } else alert.hidden = true;
    lastAlerted = key;
    const frameAlert = $('#frame-alert');
    const n = v.alert;
    frameAlert.hidden = n === null;
    frameAlert.dataset.kind = n?.kind ?? '';
    if (n)
      frameAlert.textContent =
        n.kind === 'lossOfFrame'
          ? `LOSS OF FRAME ${n.frame}: ${v.players[n.player]} — ${n.reason}`
          : n.kind === 'conceded'
            ? `Frame ${n.frame} conceded by ${v.players[n.player]}`
            : n.kind === 'win'
              ? `${v.players[n.player]} wins frame ${n.frame} — ${n.reason}`
              : `RE-RACK: ${n.reason}`;

    $<HTMLButtonElement>('#snookered').textContent = v.snookered ? 'Withdraw snooker' : 'Announce snooker';
    $<HTMLButtonElement>('#snookered').disabled = v.frameOver || (v.break && !v.snookered);
    $<HTMLButtonElement>('#take-in-hand').disabled = !v.freeKick || v.cueInHand;
    $('#foot-spot').hidden = !v.footSpot.applies;
    $<HTMLButtonElement>('#concede').disabled = v.frameOver;
    for (const b of document.querySelectorAll<HTMLButtonElement>('#referee-fouls button'))
      b.disabled = latest === undefined;
    drawCabin(
      layers.cabin,
      table,
      v.headLine,
      v.cueInHand && !v.frameOver ? (v.cue?.inCabin ? 'inside' : v.cue ? 'outside' : 'unseen') : 'hidden',
    );
    drawTrails(layers.trails, v.trails, colours);
    if (v.balls.length) draw(v.balls);
    document.body.dataset.frameOver = String(v.frameOver);
  };

  const live = shared.connectRefereePage<MatchView>({
    view: (v) => {
      view = v;
      render(v);
    },
    balls: draw,
  });

  const lastStroke = (): number | undefined => view?.rulings.at(-1)?.stroke;
  $('#confirm').addEventListener('click', () => {
    const move = view?.pending?.stroke;
    if (move !== undefined) live.send({ type: 'confirm', move });
  });
  $('#undo').addEventListener('click', () => {
    const target = view?.undo?.seq;
    live.send(target !== undefined ? { type: 'undo', target } : { type: 'undo' });
  });
  $('#snookered').addEventListener('click', () =>
    live.send({ type: 'snookered', on: !(view?.snookered ?? false) }),
  );
  $('#take-in-hand').addEventListener('click', () => live.send({ type: 'freeKickFromHand' }));
  $('#foot-spot').addEventListener('click', () => {
    const ball = view?.footSpot.candidates[0];
    live.send(ball ? { type: 'requestFootSpot', ball } : { type: 'requestFootSpot' });
  });
  $('#concede').addEventListener('click', () => {
    const who = view ? view.players[view.striker] : 'the striker';
    if (confirm(`${who} concedes the frame?`)) live.send({ type: 'concede' });
  });
  $('#set-table').addEventListener('click', () => live.send({ type: 'setTable' }));
  $('#re-rack').addEventListener('click', () => live.send({ type: 'reRack' }));
  shared.refereeFoulButtons(live, FOULS_IN_WORDS, FOUL_WORDS, lastStroke, 'referee-foul');

  // Override: the referee restates what happened in the last stroke; the rules rule again.
  const first = shared.firstContactChoice(OBJECT_BALLS, 'no ball');
  shared.checkboxes($('#ov-potted'), ['cue', ...OBJECT_BALLS]);
  shared.checkboxes($('#ov-off'), ['cue', ...OBJECT_BALLS]);
  shared.checkboxes($('#ov-crossed'), OBJECT_BALLS);
  shared.checkboxes($('#ov-fouls'), FOULS_IN_WORDS, (n) => FOUL_WORDS[n as keyof typeof FOUL_WORDS]);
  $('#override-open').addEventListener('click', () => {
    const r = view?.rulings.at(-1);
    if (!r) return;
    first.value = r.firstContact[0] ?? 'none';
    shared.tick('#ov-potted', r.potted);
    shared.tick('#ov-off', r.offTable);
    shared.tick('#ov-crossed', []);
    shared.tick('#ov-fouls', r.fouls);
    $<HTMLInputElement>('#ov-cushion').checked = true;
    $('#override').hidden = false;
  });
  $('#override').addEventListener('submit', (e) => {
    e.preventDefault();
    const move = lastStroke();
    if (move === undefined) return;
    live.send({
      type: 'override',
      move,
      restated: {
        firstContact: first.value === 'none' ? [] : [first.value],
        potted: shared.ticked('#ov-potted'),
        offTable: shared.ticked('#ov-off'),
        crossedCentre: shared.ticked('#ov-crossed'),
        cushionAfterContact: $<HTMLInputElement>('#ov-cushion').checked,
        fouls: shared.ticked('#ov-fouls'),
      },
    });
    $('#override').hidden = true;
  });
  document.body.dataset.ready = 'true';
};

void main();
