// /referee for dominoes: the chain drawn on the table; whose turn, with the clock counting down (a tone
// when it runs out); the alerts (a false pass found, a move that cannot be played, the fish, the clock,
// cards; the clock run out on the server and what following play saw, each with a sound); moves entered
// by hand (a tile on an end, or a pass) beside those the camera follows, passes confirmed; cards and
// penalties as buttons in words; the hands shown to score the round; the score sheet with its
// signatures; Undo that says what it takes back. Changing anything needs the PIN.
import { connectReferee } from '../../../web/sign-in.ts';
import type { Inbound } from '../../../web/live.ts';
import type { DominoesPageView } from '../view.ts';
import {
  $,
  beep,
  button,
  clockText,
  el,
  injectStyle,
  pairName,
  playerName,
  secondsLeft,
  setUpTable,
  tileText,
} from './common.ts';

const TILES: readonly (readonly [number, number])[] = [0, 1, 2, 3, 4, 5, 6].flatMap((a) =>
  [0, 1, 2, 3, 4, 5, 6].filter((b) => b >= a).map((b) => [b, a] as const),
);

const parseTiles = (text: string): [number, number][] =>
  text
    .trim()
    .split(/[\s,;]+/)
    .filter((s) => s !== '')
    .map((s) => {
      const digits = s.replace(/[^0-6]/g, '');
      return [Number(digits[0]), Number(digits[1])];
    });

const options = (select: HTMLSelectElement, items: readonly [string, string][]): void => {
  const keep = select.value;
  select.replaceChildren(...items.map(([value, label]) => el('option', label, { value })));
  if (items.some(([value]) => value === keep)) select.value = keep;
};

const main = async (): Promise<void> => {
  injectStyle();
  const surface = await setUpTable($<SVGSVGElement>('svg#table'));
  $('#status').textContent = `${surface.table.name}`;

  let view: DominoesPageView | null = null;
  let chosen: readonly [number, number] | null = null;
  let rang = '';
  // Sounds made, counted on the page (so a test can tell a sound was made without hearing it).
  let beeps = 0;
  const sound = (frequency: number, seconds: number, why: string): void => {
    beep(frequency, seconds);
    beeps += 1;
    document.body.dataset.beeps = String(beeps);
    document.body.dataset.lastBeep = why;
  };
  // The clock's run out once a turn, whether the page's countdown or the server's alert says so first.
  const clockKey = (v: DominoesPageView): string =>
    v.clock?.since != null ? String(v.clock.since + v.clock.seconds * 1000) : '';
  const ring = (key: string): void => {
    if (key === '' || key === rang) return;
    rang = key;
    sound(660, 0.4, 'clock');
  };
  // Alerts from following play already sounded, by their time and kind.
  const heard = new Set<string>();
  let firstRender = true;
  const live = connectReferee<DominoesPageView>((m) => onMessage(m), '#error');
  const send = (message: Record<string, unknown>): void => {
    $('#error').hidden = true;
    $('#notice').textContent = '';
    live.send(message);
  };

  const tickClock = (): void => {
    const v = view;
    if (!v) return;
    const clock = $('#clock');
    clock.textContent = clockText(v);
    const left = secondsLeft(v);
    clock.classList.toggle('short', left !== null && left >= 0 && left < 5);
    clock.classList.toggle('overrun', left !== null && left < 0);
    if (left !== null && left < 0) ring(clockKey(v));
  };
  setInterval(tickClock, 250);

  const picker = $('#tile-picker');
  const renderPicker = (v: DominoesPageView): void => {
    const down = new Set(v.chain.map((c) => `${Math.min(...c.tile)}:${Math.max(...c.tile)}`));
    picker.replaceChildren(
      ...TILES.map((t) => {
        const key = `${Math.min(...t)}:${Math.max(...t)}`;
        const b = button(tileText(t), () => {
          chosen = t;
          renderPicker(v);
        });
        b.dataset.tile = key;
        if (down.has(key)) b.classList.add('down');
        if (chosen && `${Math.min(...chosen)}:${Math.max(...chosen)}` === key) b.classList.add('chosen');
        return b;
      }),
    );
    ($('#put-down') as HTMLButtonElement).disabled = chosen === null;
  };

  const render = (v: DominoesPageView): void => {
    view = v;
    surface.draw(v.chain);
    $('#round').textContent = String(v.round);
    $('#target').textContent = String(v.target);
    $('#turn').textContent = v.matchOver
      ? `match over: ${v.matchWinner === null ? '—' : pairName(v, v.matchWinner)} wins`
      : v.clock
        ? `${playerName(v, v.clock.player)} to move (${v.clock.seconds} s${v.clock.basis === 'table' ? ', hands unknown: a 5-s clock cannot be told yet' : ''})`
        : v.over
          ? `round over: ${v.over === 'domino' ? 'domino' : 'blocked'}`
          : `round ${v.end ?? 'over'}`;
    for (const t of v.teams) {
      $(`.team[data-team="${t.team}"] .names`).textContent = pairName(v, t.team);
      $(`.team[data-team="${t.team}"] .score`).textContent = String(t.score);
    }
    $('#seats').replaceChildren(
      ...v.seats.map((s) => {
        const span = el('span', '', { class: `seat${v.clock?.player === s.player ? ' to-move' : ''}` });
        span.dataset.player = String(s.player);
        span.append(`${playerName(v, s.player)} (pair ${s.team + 1}): ${s.tilesLeft} in hand`);
        if (s.card) span.append(' ', el('span', `${s.card} card`, { class: `card-${s.card}` }));
        if (s.expelled) span.append(' expelled');
        return span;
      }),
    );
    // The server's alerts first (the clock run out; what following play saw), then the match's own.
    $('#alerts').replaceChildren(
      ...[...v.overdue, ...v.seen, ...v.alerts].map((a) => {
        const li = el('li', a.message);
        li.dataset.kind = a.kind;
        return li;
      }),
    );
    for (const a of v.overdue) if (a.kind === 'clockExceeded') ring(String(a.at));
    // A sound for each new alert from following play, and for a false pass found, a block, a move that
    // cannot be played (those standing when the page opens are shown, not sounded).
    const news = [
      ...v.seen.map((a) => ({ key: `${a.at}:${a.kind}:${a.message}`, kind: a.kind })),
      ...v.alerts
        .filter((a) => ['falsePass', 'blocked', 'rejected'].includes(a.kind))
        .map((a) => ({ key: `${v.round}:${a.kind}:${a.move ?? ''}:${a.player ?? ''}`, kind: a.kind })),
    ];
    for (const n of news) {
      if (heard.has(n.key)) continue;
      heard.add(n.key);
      if (!firstRender) sound(440, 0.3, n.kind);
    }
    firstRender = false;
    $('#ends').textContent = v.ends ? `${v.ends[0]} · ${v.ends[1]}` : '—';
    $('#pips-table').textContent = String(v.pips.onTable);
    $('#pips-hand').textContent = v.pips.inHand ? `${v.pips.inHand[0]} · ${v.pips.inHand[1]}` : 'unknown';
    const undo = $<HTMLButtonElement>('#undo');
    undo.textContent = v.undo ? `Undo ${v.undo.what}` : 'Undo';
    undo.disabled = v.undo === null;
    ($('#confirm-pass') as HTMLButtonElement).disabled = v.pendingPasses.length === 0;
    const players = v.seats.map((s): [string, string] => [String(s.player), playerName(v, s.player)]);
    options($<HTMLSelectElement>('#move-player'), players);
    if (v.clock) $<HTMLSelectElement>('#move-player').value = String(v.clock.player);
    options($<HTMLSelectElement>('#leader'), players);
    $<HTMLSelectElement>('#leader').value = String(v.leader);
    renderPicker(v);
    $('#cards').replaceChildren(
      ...v.seats.map((s) => {
        const row = el('div', `${playerName(v, s.player)}: `, { class: 'buttons' });
        for (const card of ['yellow', 'red', 'black'] as const)
          row.append(
            button(`${card} card`, () => send({ type: 'card', player: s.player, card }), `card-${card}`),
          );
        return row;
      }),
    );
    $('#pair-penalties').replaceChildren(
      ...v.teams.map((t) =>
        button(`Penalty: ${v.penaltyPoints} points off ${pairName(v, t.team)}`, () =>
          send({ type: 'points', team: t.team }),
        ),
      ),
    );
    $('#concede').replaceChildren(
      ...v.teams.map((t) =>
        button(`${pairName(v, t.team)} concede`, () => send({ type: 'concede', team: t.team })),
      ),
    );
    const inputs = $('#hand-inputs');
    if (inputs.childElementCount !== 4)
      inputs.replaceChildren(
        ...[0, 1, 2, 3].map((p) => {
          const label = el('label', `Player ${p + 1}: `);
          label.append(el('input', '', { 'data-player': String(p), size: '24' }));
          const div = el('div');
          div.append(label);
          return div;
        }),
      );
    $('#hands').hidden = v.hands !== null || v.moves.length === 0;
    renderSheet(v);
    $('#moves').replaceChildren(
      ...v.moves.map((m) => {
        const what = m.pass ? 'pass' : `${tileText(m.tile ?? [0, 0])}${m.end ? ` on the ${m.end}` : ''}`;
        const li = el(
          'li',
          `${playerName(v, m.player)}: ${what} — ${m.status}${m.rejected ? ` (cannot be played: ${m.rejected})` : ''}`,
        );
        li.dataset.status = m.status;
        return li;
      }),
    );
    tickClock();
    document.body.dataset.round = String(v.round);
  };

  const renderSheet = (v: DominoesPageView): void => {
    $('#sheet tbody').replaceChildren(
      ...v.sheet.map((r) => {
        const tr = el('tr');
        tr.dataset.round = String(r.round);
        const result =
          r.end === null
            ? 'in play'
            : r.end === 'scored'
              ? r.winner === null
                ? `${r.over === 'blocked' ? 'fish' : r.over}: eggs (a draw)`
                : `${r.over === 'blocked' ? 'fish' : 'domino'}: ${pairName(v, r.winner)} +${r.points}`
              : r.end;
        const sigCell = el('td');
        for (const [label, s] of [
          ['pair 1', r.signatures.team0],
          ['pair 2', r.signatures.team1],
          ['referee', r.signatures.referee],
        ] as const) {
          sigCell.append(
            el('div', `${label}: ${s ? s.name : '—'}`, {
              class: `sig ${s ? (s.valid ? 'valid' : 'void') : ''}`,
            }),
          );
        }
        if (r.end !== null && !r.signatures.referee?.valid)
          sigCell.append(button('Sign as referee', () => send({ type: 'countersign', round: r.round })));
        tr.append(
          el('td', String(r.round)),
          el('td', result),
          el('td', String(r.teamPoints[0])),
          el('td', String(r.teamPoints[1])),
          el(
            'td',
            r.penalties
              .map(
                (p) =>
                  `${p.kind}${p.card ? ` ${p.card}` : ''}${p.points ? ` −${p.points}` : ''} (${p.player !== undefined ? playerName(v, p.player) : `pair ${p.team + 1}`})`,
              )
              .join('; '),
          ),
          el('td', `${r.scores[0]} : ${r.scores[1]}`),
          sigCell,
        );
        return tr;
      }),
    );
  };

  const onMessage = (m: Inbound<DominoesPageView>): void => {
    switch (m.type) {
      case 'view':
        render(m.view);
        break;
      case 'ack':
        $('#notice').textContent = m.done ? `Done: ${m.done}.` : '';
        break;
      default:
        break;
    }
  };

  $('#undo').addEventListener('click', () => send({ type: 'undo' }));
  const mover = (): number => Number($<HTMLSelectElement>('#move-player').value);
  $('#put-down').addEventListener('click', () => {
    if (!chosen) return;
    const end = $<HTMLSelectElement>('#move-end').value;
    send({ type: 'enterMove', move: { player: mover(), tile: chosen, ...(end ? { end } : {}) } });
    chosen = null;
    $<HTMLSelectElement>('#move-end').value = '';
  });
  $('#pass').addEventListener('click', () =>
    send({ type: 'enterMove', move: { player: mover(), pass: true } }),
  );
  $('#confirm-pass').addEventListener('click', () => send({ type: 'confirmPass' }));
  $('#clock-over').addEventListener('click', () => send({ type: 'clock' }));
  $('#late').addEventListener('click', () =>
    send({
      type: 'late',
      team: Number($<HTMLSelectElement>('#late-team').value),
      minutes: Number($<HTMLInputElement>('#late-minutes').value),
    }),
  );
  $('#false-pass').addEventListener('click', () => send({ type: 'falsePass' }));
  $('#false-pass-red').addEventListener('click', () => send({ type: 'falsePass', preventedBlock: true }));
  $('#deal').addEventListener('click', () =>
    send({ type: 'deal', leader: Number($<HTMLSelectElement>('#leader').value) }),
  );
  // The next round is led by the next player; "Set the leader" changes it before its first move.
  $('#new-round').addEventListener('click', () => send({ type: 'newRound' }));
  $('#abandon').addEventListener('click', () => send({ type: 'newRound', abandon: true }));
  $('#hands').addEventListener('submit', (e) => {
    e.preventDefault();
    const left = [0, 1, 2, 3].map((p) =>
      parseTiles($<HTMLInputElement>(`#hand-inputs input[data-player="${p}"]`).value),
    );
    send({ type: 'handsShown', left });
  });
  const names = $('#start-names');
  names.replaceChildren(
    ...[0, 1, 2, 3].map((p) => {
      const label = el('label', `Player ${p + 1} `);
      label.append(el('input', '', { 'data-player': String(p), value: `Player ${p + 1}`, size: '10' }));
      return label;
    }),
  );
  options(
    $<HTMLSelectElement>('#start-leader'),
    [0, 1, 2, 3].map((p) => [String(p), `Player ${p + 1}`]),
  );
  $('#start').addEventListener('submit', (e) => {
    e.preventDefault();
    send({
      type: 'startMatch',
      players: [0, 1, 2, 3].map((p) =>
        $<HTMLInputElement>(`#start-names input[data-player="${p}"]`).value.trim(),
      ),
      options: {
        target: Number($<HTMLInputElement>('#start-target').value),
        penalty: Number($<HTMLInputElement>('#start-penalty').value),
        leader: Number($<HTMLSelectElement>('#start-leader').value),
      },
    });
  });
  document.body.dataset.ready = 'true';
};

void main();
