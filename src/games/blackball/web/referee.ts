// /referee: the referee's view of a black-ball frame. The table live from the tracked positions;
// frames won, each player's group and balls left, consecutive fouls and the warning due (seed 3.5);
// the balls on, break, free kick, cue in hand, the announced snooker; each ruling as it happens, a foul
// or a frame lost, won or re-racked as an alert you see and hear; confirm, override, undo (saying what
// it undoes); the fouls only a person sees, in words; the referee's actions. Changing anything needs
// the referee's PIN.
import { $, button, beep } from '../../../web/dom.ts';
import { connectReferee } from '../../../web/sign-in.ts';
import type { Table } from '../../../equipment/bed.ts';
import { ballColours, drawTrails } from '../../../web/balls-svg.ts';
import type { Inbound } from '../../../web/live.ts';
import { drawTable } from '../../../web/table-svg.ts';
import type { MatchView } from '../view.ts';
import { FOUL_WORDS, FOULS_IN_WORDS } from '../words.ts';
import { ballIcon, drawCabin, drawPoolBalls } from './pool-balls.ts';
import { describeRuling, showLatestRuling } from './ruling.ts';

const OBJECT_BALLS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15'];

const main = async (): Promise<void> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const svg = $<SVGSVGElement>('svg#table');
  const ballsLayer = drawTable(svg, table);
  const ns = 'http://www.w3.org/2000/svg';
  const cabinLayer = document.createElementNS(ns, 'g');
  const trailsLayer = document.createElementNS(ns, 'g');
  svg.insertBefore(cabinLayer, ballsLayer);
  svg.insertBefore(trailsLayer, ballsLayer);
  const colours = ballColours(table.balls);
  const draw = (balls: MatchView['balls']): void =>
    drawPoolBalls(ballsLayer, balls, table.balls, table.ballRadius);
  $('#status').textContent = `${table.name}: ${table.length} × ${table.width} mm`;

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
    $('#pending-box').hidden = pending === null && v.rulings.length === 0;
    $('#pending').textContent = pending
      ? describeRuling(pending, v)
      : v.rulings.length
        ? 'All rulings confirmed.'
        : '';
    ($('#confirm') as HTMLButtonElement).disabled = pending === null || pending.rejected !== null;
    ($('#override-open') as HTMLButtonElement).disabled = v.rulings.length === 0;
    const undo = $<HTMLButtonElement>('#undo');
    undo.disabled = v.undo === null;
    undo.textContent = v.undo ? `Undo ${v.undo.what}` : 'Undo';
    undo.title = v.undo ? `Takes back ${v.undo.what}` : 'Nothing to undo';

    const log = $('#log');
    log.replaceChildren(
      ...[...v.rulings].reverse().map((r, i) => {
        const li = document.createElement('li');
        li.dataset.status = r.status;
        li.dataset.stroke = String(r.stroke);
        if (i === 0) {
          li.classList.add('latest-ruling');
          showLatestRuling(li, v);
          return li;
        }
        li.textContent = describeRuling(r, v);
        if (r.foul) li.classList.add('foul');
        return li;
      }),
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
      cabinLayer,
      table,
      v.headLine,
      v.cueInHand && !v.frameOver ? (v.cue?.inCabin ? 'inside' : v.cue ? 'outside' : 'unseen') : 'hidden',
    );
    drawTrails(trailsLayer, v.trails, colours);
    if (v.balls.length) draw(v.balls);
    document.body.dataset.frameOver = String(v.frameOver);
  };

  const onMessage = (m: Inbound<MatchView>): void => {
    switch (m.type) {
      case 'view':
        view = m.view;
        render(m.view);
        break;
      case 'balls':
        draw(m.balls);
        break;
      default:
        break;
    }
  };

  const live = connectReferee<MatchView>(onMessage);

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
  $('#referee-fouls').replaceChildren(
    ...FOULS_IN_WORDS.map((foul) => {
      const b = button(
        FOUL_WORDS[foul],
        () => {
          const stroke = lastStroke();
          if (stroke !== undefined) live.send({ type: 'refereeFoul', stroke, foul });
        },
        'referee-foul',
      );
      b.dataset.foul = foul;
      return b;
    }),
  );

  // Override: the referee restates what happened in the last stroke; the rules rule again.
  const first = $<HTMLSelectElement>('#ov-first');
  first.replaceChildren(
    ...['none', ...OBJECT_BALLS].map((b) => {
      const o = document.createElement('option');
      o.value = b;
      o.textContent = b === 'none' ? 'no ball' : b;
      return o;
    }),
  );
  const checkboxes = (
    box: HTMLElement,
    names: readonly string[],
    words: (n: string) => string = (n) => n,
  ): void => {
    for (const n of names) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.value = n;
      label.append(input, ` ${words(n)}`);
      box.append(label);
    }
  };
  checkboxes($('#ov-potted'), ['cue', ...OBJECT_BALLS]);
  checkboxes($('#ov-off'), ['cue', ...OBJECT_BALLS]);
  checkboxes($('#ov-crossed'), OBJECT_BALLS);
  checkboxes($('#ov-fouls'), FOULS_IN_WORDS, (n) => FOUL_WORDS[n as keyof typeof FOUL_WORDS]);
  const tick = (sel: string, values: readonly string[]): void => {
    for (const input of document.querySelectorAll<HTMLInputElement>(`${sel} input`))
      input.checked = values.includes(input.value);
  };
  $('#override-open').addEventListener('click', () => {
    const r = view?.rulings.at(-1);
    if (!r) return;
    first.value = r.firstContact[0] ?? 'none';
    tick('#ov-potted', r.potted);
    tick('#ov-off', r.offTable);
    tick('#ov-crossed', []);
    tick('#ov-fouls', r.fouls);
    $<HTMLInputElement>('#ov-cushion').checked = true;
    $('#override').hidden = false;
  });
  $('#override').addEventListener('submit', (e) => {
    e.preventDefault();
    const move = lastStroke();
    if (move === undefined) return;
    const checked = (sel: string): string[] =>
      [...document.querySelectorAll<HTMLInputElement>(`${sel} input:checked`)].map((i) => i.value);
    live.send({
      type: 'override',
      move,
      restated: {
        firstContact: first.value === 'none' ? [] : [first.value],
        potted: checked('#ov-potted'),
        offTable: checked('#ov-off'),
        crossedCentre: checked('#ov-crossed'),
        cushionAfterContact: $<HTMLInputElement>('#ov-cushion').checked,
        fouls: checked('#ov-fouls'),
      },
    });
    $('#override').hidden = true;
  });
  document.body.dataset.ready = 'true';
};

void main();
