// The move clock on the server's side (issue 16 item 6; §9 `clock`; seed: 20 s, a minute where a move
// can block, 5 s where one move is open): when it runs out, the service's timer pushes the views again
// with a "clock exceeded" alert for the referee; the penalty stays his action. A fake clock and a fake
// timer: the test moves time and fires the timer itself.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { dominoes } from '../../../src/games/dominoes/index.ts';
import { MatchService, type Push, type SetTimer } from '../../../src/server/service.ts';
import type { ClientMessage } from '../../../src/server/messages.ts';
import { FISH } from './rounds.ts';

const START = 1_700_000_000_000;

interface Overdue {
  kind: string;
  message: string;
  player?: number;
  at: number;
}

const open = () => {
  let now = START;
  const timers: { at: number; fire: () => void; cancelled: boolean }[] = [];
  const setTimer: SetTimer = (fire, ms) => {
    const t = { at: now + ms, fire, cancelled: false };
    timers.push(t);
    return () => {
      t.cancelled = true;
    };
  };
  const table = dominoes.parseTable('dominoes');
  if (!table.ok) throw new Error(table.error.message);
  const opened = MatchService.open(':memory:', {
    game: dominoes,
    table: table.value,
    logger: pino({ level: 'silent' }),
    now: () => now,
    source: { description: 'test', dropped: 0, live: false },
    setTimer,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const service = opened.value;
  const pushes: Push[] = [];
  service.subscribe((p) => pushes.push(p));
  const act = (message: Record<string, unknown>): void => {
    const r = service.act({ name: 'Ref', role: 'referee' }, message as unknown as ClientMessage);
    if (!r.ok) throw new Error(r.error.message);
  };
  const pending = () => timers.filter((t) => !t.cancelled);
  return {
    service,
    act,
    pushes,
    pending,
    /** Move the clock on, firing each timer that falls due on the way, in order. */
    advance(ms: number): void {
      const until = now + ms;
      for (;;) {
        const due = pending()
          .filter((t) => t.at <= until)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = Math.max(now, due.at);
        due.cancelled = true;
        due.fire();
      }
      now = until;
    },
    overdue: (): Overdue[] => (service.view as { overdue: Overdue[] }).overdue,
  };
};

describe('the move clock on the server (a fake clock)', () => {
  it('arms at the turn’s 20 s, raises "clock exceeded" for the player to move when it passes, pushes the views', () => {
    const h = open();
    h.act({ type: 'startMatch', players: ['Ann', 'Bob', 'Cat', 'Dan'], options: {} });
    h.act({ type: 'deal', leader: 0 });
    expect(h.pending().map((t) => t.at)).toEqual([START + 20_000]);
    h.advance(19_999);
    expect(h.overdue()).toEqual([]);
    const before = h.pushes.length;
    h.advance(1);
    expect(h.pushes.length).toBe(before + 1);
    const [alert] = h.overdue();
    expect(alert).toMatchObject({ kind: 'clockExceeded', player: 0, at: START + 20_000 });
    // Hands unknown: the alert says the 5-s clock cannot be told yet.
    expect(alert?.message).toMatch(/Ann \(player 1\) has had his 20 s \(the hands are not known/);
    // The pushed view carries it.
    const last = h.pushes.at(-1);
    expect(last?.type === 'view' && (last.view as { overdue: Overdue[] }).overdue).toHaveLength(1);
  });

  it('the referee’s clock penalty answers it; the next move starts a new clock', () => {
    const h = open();
    h.act({ type: 'startMatch', players: ['Ann', 'Bob', 'Cat', 'Dan'], options: {} });
    h.act({ type: 'deal', leader: 0 });
    h.advance(25_000);
    expect(h.overdue()).toHaveLength(1);
    h.act({ type: 'clock' });
    expect(h.overdue()).toEqual([]);
    h.advance(3_000);
    h.act({ type: 'enterMove', move: { player: 0, tile: [6, 1] } });
    expect(h.pending().map((t) => t.at)).toEqual([START + 28_000 + 20_000]);
    h.advance(20_000);
    expect(h.overdue()).toMatchObject([{ kind: 'clockExceeded', player: 1 }]);
  });

  it('with the hands known, 5 s where exactly one move is open, 60 s where a move can block', () => {
    const h = open();
    h.act({ type: 'startMatch', players: ['Ann', 'Bob', 'Cat', 'Dan'], options: {} });
    h.act({ type: 'deal', leader: 0, hands: FISH.hands });
    // FISH: after [6, 1], player 1 holds [3, 6], [6, 0] on the 6 and [4, 1], [1, 2] on the 1: 20 s.
    h.act({ type: 'enterMove', move: FISH.moves[0] });
    expect(h.pending().map((t) => t.at - START)).toEqual([20_000]);
    // Play on to move 13 (player 0 passes at 12): the fish is one tile away for player 2 …
    for (const move of FISH.moves.slice(1, 14)) h.act({ type: 'enterMove', move });
    const view = h.service.view as { clock: { seconds: number; player: number; basis: string } };
    expect(view.clock).toMatchObject({ player: 2, seconds: 60, basis: 'hands' });
    expect(h.pending().map((t) => t.at - START)).toEqual([60_000]);
    h.advance(60_000);
    expect(h.overdue()[0]?.message).toMatch(/has had his 60 s;/);
  });

  it('no clock while no one is to move (the round over), and none before the match starts', () => {
    const h = open();
    expect(h.pending()).toEqual([]);
    h.act({ type: 'startMatch', players: ['Ann', 'Bob', 'Cat', 'Dan'], options: {} });
    h.act({ type: 'deal', leader: 0 });
    for (const move of FISH.moves) h.act({ type: 'enterMove', move });
    expect(h.pending()).toEqual([]);
    h.advance(120_000);
    expect(h.overdue()).toEqual([]);
  });
});
