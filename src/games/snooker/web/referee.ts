// /referee: the referee's view. The table live from the tracked positions; score, break, ball on,
// points remaining, snookers required; each ruling as it happens, a foul as an alert you see and hear;
// confirm, override, undo; nominate; free ball; miss with ghosts of the balls to replace; the fouls
// only a person sees. Changing anything needs the referee's PIN.
import { $, button, beep } from '../../../web/dom.ts';
import { connectReferee } from '../../../web/sign-in.ts';
import type { Table } from '../../../equipment/bed.ts';
import type { UndoView } from '../../../match/view.ts';
import type { MatchView, RulingView } from '../views.ts';
import { ballColours, drawBalls, drawGhosts, drawRespotTargets, drawTrails } from '../../../web/balls-svg.ts';
import type { Inbound } from '../../../web/live.ts';
import { describeRuling, showLatestRuling } from './ruling.ts';
import { drawTable } from '../../../web/table-svg.ts';
import { REFEREE_FOULS } from '../rules/values.ts';
import { FOUL_WORDS } from '../session.ts';

const COLOURS = ['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const;
const OBJECT_BALLS = ['red', ...COLOURS] as const;

/**
 * What the Undo beside stroke `r` takes back: the newest decision about the stroke (a confirmation,
 * an override, a foul or miss called on it), sent as `{ move }`; with none, the stroke itself, sent as
 * exactly its log entry. Never whatever else happened last (a nomination, a free ball).
 */
const strokeUndo = (
  v: Pick<MatchView, 'undoable'>,
  r: RulingView | null | undefined,
): { entry: UndoView; message: Record<string, unknown> } | null => {
  if (!r) return null;
  // Only decisions made since the stroke was recorded (a stroke taken back and played again has the
  // same number).
  const about = v.undoable.filter((u) => u.move === r.stroke && u.seq > r.seq).at(-1);
  if (about) return { entry: about, message: { type: 'undo', move: r.stroke } };
  const own = v.undoable.find((u) => u.seq === r.seq);
  return own ? { entry: own, message: { type: 'undo', target: own.seq } } : null;
};

const main = async (): Promise<void> => {
  const table = (await (await fetch('/api/table')).json()) as Table;
  const svg = $<SVGSVGElement>('svg#table');
  const ballsLayer = drawTable(svg, table);
  const ns = 'http://www.w3.org/2000/svg';
  const trailsLayer = document.createElementNS(ns, 'g');
  const ghostsLayer = document.createElementNS(ns, 'g');
  const targetsLayer = document.createElementNS(ns, 'g');
  svg.insertBefore(trailsLayer, ballsLayer);
  svg.insertBefore(ghostsLayer, ballsLayer);
  svg.insertBefore(targetsLayer, ballsLayer);
  const style = { radius: table.ballRadius, colours: ballColours(table.balls) };
  $('#status').textContent = `${table.name}: ${table.length} × ${table.width} mm`;

  let view: MatchView | null = null;
  let lastAlerted = -1;

  const render = (v: MatchView): void => {
    for (const p of [0, 1] as const) {
      const box = $(`.player[data-player="${p}"]`);
      box.classList.toggle('striker', v.striker === p && !v.frameOver);
      $(`.player[data-player="${p}"] .name`).textContent = v.players[p];
      $(`.player[data-player="${p}"] .frames`).textContent = `(${v.framesWon[p]})`;
      $(`.player[data-player="${p}"] .score`).textContent = String(v.scores[p]);
    }
    $('#break').textContent = String(v.break);
    $('#on').textContent = v.frameOver
      ? `frame over${v.winner !== null ? `: ${v.players[v.winner]} wins` : ''}`
      : v.on;
    $('#freeball-flag').hidden = !v.freeBall;
    $('#remaining').textContent = String(v.pointsRemaining);
    $('#snookers').textContent = String(v.snookersRequired);
    const pending = v.pending;
    $('#pending-box').hidden = pending === null && v.rulings.length === 0;
    $('#pending').textContent = pending
      ? describeRuling(pending, v)
      : v.rulings.length
        ? 'All rulings confirmed.'
        : '';
    ($('#confirm') as HTMLButtonElement).disabled = pending === null;
    const undo = strokeUndo(v, pending ?? v.rulings.at(-1));
    const undoButton = $<HTMLButtonElement>('#undo');
    undoButton.textContent = undo ? `Undo: ${undo.entry.what}` : 'Undo';
    undoButton.disabled = undo === null;
    const undoLast = $<HTMLButtonElement>('#undo-last');
    undoLast.textContent = v.undo ? `Undo latest: ${v.undo.what}` : 'Undo latest';
    undoLast.disabled = v.undo === null;
    ($('#override-open') as HTMLButtonElement).disabled = v.rulings.length === 0;
    const log = $('#log');
    log.replaceChildren(
      ...[...v.rulings].reverse().map((r, i) => {
        const li = document.createElement('li');
        if (i === 0) {
          li.className = 'latest-ruling';
          showLatestRuling(li, v);
          return li;
        }
        li.textContent = describeRuling(r, v);
        li.className = r.foul ? 'foul' : '';
        li.dataset.status = r.status;
        return li;
      }),
    );
    const latest = v.rulings.at(-1);
    if (latest?.foul && latest.stroke !== lastAlerted && latest.status === 'proposed') {
      lastAlerted = latest.stroke;
      const alert = $('#alert');
      alert.textContent = `FOUL — ${latest.foul.points} points to ${v.players[1 - latest.striker]}: ${latest.foul.reasons.join('; ')}${latest.missCandidate ? ' · a miss may be called' : ''}`;
      alert.hidden = false;
      beep();
    } else if (!latest?.foul) {
      $('#alert').hidden = true;
    }
    ($('#call-miss') as HTMLButtonElement).disabled = !latest?.missCandidate;
    $('#replaced').hidden = v.ghosts.length === 0;
    $('#ghost-info').textContent = v.ghosts.length
      ? `Replace the balls: ${v.ghosts.map((g) => `${g.id} ${g.distance === undefined ? 'not seen' : `${g.distance.toFixed(0)} mm off`}`).join(', ')}`
      : '';
    drawTrails(trailsLayer, v.trails, style.colours);
    drawGhosts(ghostsLayer, v.ghosts, style);
    drawRespotTargets(targetsLayer, v.respots, style);
    if (v.balls.length) drawBalls(ballsLayer, v.balls, style);
    document.body.dataset.frameOver = String(v.frameOver);
  };

  // What the server says it did (an undo names what it took back), shown for a few seconds.
  let doneTimer: ReturnType<typeof setTimeout> | undefined;
  const showDone = (text: string): void => {
    const el = $('#done');
    el.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    el.hidden = false;
    clearTimeout(doneTimer);
    doneTimer = setTimeout(() => {
      el.hidden = true;
    }, 6000);
  };

  const onMessage = (m: Inbound<MatchView>): void => {
    switch (m.type) {
      case 'view':
        view = m.view;
        render(m.view);
        break;
      case 'balls':
        drawBalls(ballsLayer, m.balls, style);
        break;
      case 'ack':
        if (m.done) showDone(m.done);
        break;
      default:
        break;
    }
  };

  const live = connectReferee<MatchView>(onMessage);

  const lastStroke = (): number | undefined => view?.rulings.at(-1)?.stroke;
  $('#confirm').addEventListener('click', () => {
    const stroke = view?.pending?.stroke;
    if (stroke !== undefined) live.send({ type: 'confirm', stroke });
  });
  $('#undo').addEventListener('click', () => {
    const undo = view && strokeUndo(view, view.pending ?? view.rulings.at(-1));
    if (undo) live.send(undo.message);
  });
  $('#undo-last').addEventListener('click', () => live.send({ type: 'undo' }));
  $('#free-ball').addEventListener('click', () =>
    live.send({ type: 'freeBall', on: !(view?.freeBall ?? false) }),
  );
  $('#call-miss').addEventListener('click', () => live.send({ type: 'callMiss' }));
  $('#replaced').addEventListener('click', () => live.send({ type: 'ballsReplaced' }));
  $('#concede').addEventListener('click', () => live.send({ type: 'concede' }));
  $('#play-again').addEventListener('click', () => live.send({ type: 'playAgain' }));
  $('#set-table').addEventListener('click', () => live.send({ type: 'setTable' }));
  $('#new-frame').addEventListener('click', () => live.send({ type: 'reRack' }));
  $('#nominate').replaceChildren(
    ...OBJECT_BALLS.map((ball) =>
      button(ball, () => live.send({ type: 'nominate', ball }), `ball-button ball-${ball}`),
    ),
  );
  $('#referee-fouls').replaceChildren(
    ...REFEREE_FOULS.map((foul) => {
      const b = button(FOUL_WORDS[foul], () => {
        const stroke = lastStroke();
        if (stroke !== undefined) live.send({ type: 'refereeFoul', stroke, foul });
      });
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
      o.textContent = b;
      return o;
    }),
  );
  // Each tick box inside its own label, kept on one line with its words (styles: `.check`), so a
  // narrow panel wraps whole label units and never parts a box from its name.
  const checkboxes = (box: HTMLElement, names: readonly string[], words: (n: string) => string): void => {
    for (const n of names) {
      const label = document.createElement('label');
      label.className = 'check';
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.value = n;
      const text = document.createElement('span');
      text.textContent = words(n);
      label.append(input, text);
      box.append(label);
    }
  };
  checkboxes($('#ov-potted'), ['cue', ...OBJECT_BALLS], (n) => n);
  checkboxes($('#ov-fouls'), REFEREE_FOULS, (n) => FOUL_WORDS[n as (typeof REFEREE_FOULS)[number]]);
  $('#override-open').addEventListener('click', () => {
    const r = view?.rulings.at(-1);
    if (!r) return;
    first.value = r.firstContact[0] ?? 'none';
    for (const input of document.querySelectorAll<HTMLInputElement>('#ov-potted input'))
      input.checked = r.potted.includes(input.value);
    $('#override').hidden = false;
  });
  $('#override').addEventListener('submit', (e) => {
    e.preventDefault();
    const stroke = lastStroke();
    if (stroke === undefined) return;
    const checked = (sel: string): string[] =>
      [...document.querySelectorAll<HTMLInputElement>(`${sel} input:checked`)].map((i) => i.value);
    live.send({
      type: 'override',
      stroke,
      shot: {
        firstContact: first.value === 'none' ? [] : [first.value],
        potted: checked('#ov-potted'),
        fouls: checked('#ov-fouls'),
      },
    });
    $('#override').hidden = true;
  });
  document.body.dataset.ready = 'true';
};

void main();
