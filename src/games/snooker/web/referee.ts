// /referee: the referee's view. The table live from the tracked positions; score, break, ball on,
// points remaining, snookers required; each ruling as it happens, a foul as an alert you see and hear;
// confirm, override, undo; nominate; free ball; miss with ghosts of the balls to replace; the fouls
// only a person sees. Changing anything needs the referee's PIN.
import { $, button, beep } from '../../../web/dom.ts';
import type { UndoView } from '../../../match/view.ts';
import type { MatchView, RulingView } from '../views.ts';
import { ballColours, drawBalls, drawGhosts, drawRespotTargets, drawTrails } from '../../../web/balls-svg.ts';
import * as shared from '../../../web/referee-page.ts';
import { describeRuling, showLatestRuling } from './ruling.ts';
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
  const { table, balls: ballsLayer, layers } = await shared.refereeTable(['trails', 'ghosts', 'targets']);
  const style = { radius: table.ballRadius, colours: ballColours(table.balls) };

  // Undo beside the last stroke is the stroke's own (strokeUndo); Undo latest takes back anything.
  $('#undo').title = 'Take back the newest decision about this stroke, or else the stroke itself';
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
    shared.showPending(pending, v.rulings, (r) => describeRuling(r, v), pending !== null);
    const undo = strokeUndo(v, pending ?? v.rulings.at(-1));
    const undoButton = $<HTMLButtonElement>('#undo');
    undoButton.textContent = undo ? `Undo: ${undo.entry.what}` : 'Undo';
    undoButton.disabled = undo === null;
    const undoLast = $<HTMLButtonElement>('#undo-last');
    undoLast.textContent = v.undo ? `Undo latest: ${v.undo.what}` : 'Undo latest';
    undoLast.disabled = v.undo === null;
    shared.showLog(
      v.rulings,
      (r) => describeRuling(r, v),
      (li) => showLatestRuling(li, v),
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
    drawTrails(layers.trails, v.trails, style.colours);
    drawGhosts(layers.ghosts, v.ghosts, style);
    drawRespotTargets(layers.targets, v.respots, style);
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

  const live = shared.connectRefereePage<MatchView>({
    view: (v) => {
      view = v;
      render(v);
    },
    balls: (balls) => drawBalls(ballsLayer, balls, style),
    done: showDone,
  });

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
  shared.refereeFoulButtons(live, REFEREE_FOULS, FOUL_WORDS, lastStroke);

  // Override: the referee restates what happened in the last stroke; the rules rule again.
  const first = shared.firstContactChoice(OBJECT_BALLS);
  shared.checkboxes($('#ov-potted'), ['cue', ...OBJECT_BALLS]);
  shared.checkboxes($('#ov-fouls'), REFEREE_FOULS, (n) => FOUL_WORDS[n as (typeof REFEREE_FOULS)[number]]);
  $('#override-open').addEventListener('click', () => {
    const r = view?.rulings.at(-1);
    if (!r) return;
    first.value = r.firstContact[0] ?? 'none';
    shared.tick('#ov-potted', r.potted);
    $('#override').hidden = false;
  });
  $('#override').addEventListener('submit', (e) => {
    e.preventDefault();
    const stroke = lastStroke();
    if (stroke === undefined) return;
    live.send({
      type: 'override',
      stroke,
      shot: {
        firstContact: first.value === 'none' ? [] : [first.value],
        potted: shared.ticked('#ov-potted'),
        fouls: shared.ticked('#ov-fouls'),
      },
    });
    $('#override').hidden = true;
  });
  document.body.dataset.ready = 'true';
};

void main();
