// The dominoes match through the core: the log (SQLite in memory), its replay through the session, the
// referee's and the players' actions as the server takes them (MatchService.act).
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { dominoes, type DominoesPageView } from '../../../src/games/dominoes/index.ts';
import { isBed } from '../../../src/equipment/index.ts';
import { MatchService, type Actor } from '../../../src/server/service.ts';
import type { ClientMessage } from '../../../src/server/messages.ts';
import { replay } from '../../../src/match/replay.ts';
import { DOMINO, EGGS, FALSE_PASS_DOMINO, FISH } from './rounds.ts';
import { leftInHand, record, ruled, type JsonMove, type JsonTile } from './helpers.ts';

const REFEREE: Actor = { name: 'Ref', role: 'referee' };
const PLAYER: Actor = { name: 'spectator', role: 'spectator' };

const table = (() => {
  const t = dominoes.parseTable('dominoes');
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
})();

interface Harness {
  readonly service: MatchService;
  view(): DominoesPageView;
  act(message: Record<string, unknown>, actor?: Actor): { ok: boolean; message?: string; done?: string };
  tick(ms: number): void;
}

const open = (): Harness => {
  let clock = 1_700_000_000_000;
  const opened = MatchService.open(':memory:', {
    game: dominoes,
    table,
    logger: pino({ level: 'silent' }),
    now: () => clock,
    source: { description: 'test', dropped: 0, live: false },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const service = opened.value;
  return {
    service,
    view: () => service.view as unknown as DominoesPageView,
    act: (message, actor = REFEREE) => {
      const r = service.act(actor, message as unknown as ClientMessage);
      return r.ok
        ? { ok: true, ...(r.value.done ? { done: r.value.done } : {}) }
        : { ok: false, message: r.error.message };
    },
    tick: (ms) => {
      clock += ms;
    },
  };
};

const must = (r: { ok: boolean; message?: string }): void => {
  if (!r.ok) throw new Error(r.message);
};

/** A match of four, then the round's leader and each move entered by hand, a second apart. */
const play = (h: Harness, moves: readonly JsonMove[], leader = moves[0]?.player ?? 0): void => {
  must(
    h.act({
      type: 'startMatch',
      players: ['Ann', 'Bob', 'Cat', 'Dan'],
      options: { target: 200, penalty: 50 },
    }),
  );
  must(h.act({ type: 'deal', leader }));
  for (const move of moves) {
    h.tick(1000);
    must(h.act({ type: 'enterMove', move }));
  }
};

const shown = (hands: JsonTile[][], moves: readonly JsonMove[]): JsonTile[][] =>
  hands.map((hand, p) =>
    leftInHand(
      hand,
      moves.filter((m) => m.player === p),
    ),
  );

describe('a round from the moves entered by hand, scored when the hands are shown', () => {
  it('a domino: the chain grows, the round ends on the seventh tile, the hands score it (§9)', () => {
    const h = open();
    play(h, DOMINO.moves);
    let v = h.view();
    expect(v.over).toBe('domino');
    expect(v.clock).toBeNull();
    expect(v.chain).toHaveLength(DOMINO.moves.filter((m) => 'tile' in m).length);
    expect(v.alerts.map((a) => a.kind)).toContain('awaitingHands');
    expect(v.end).toBeNull();
    must(h.act({ type: 'handsShown', left: shown(DOMINO.hands, DOMINO.moves) }));
    v = h.view();
    const expected = ruled(record(DOMINO.hands, DOMINO.moves));
    expect(v.end).toBe('scored');
    expect(v.sheet[0]).toMatchObject({ round: 1, over: 'domino', winner: 0, points: expected.points });
    expect(v.scores).toEqual(expected.scores);
    expect(v.scores).toEqual([37, 0]);
    expect(v.teams[0]?.pips).toBe(15);
    expect(v.teams[1]?.pips).toBe(22);
  });

  it('the chain lies left to right as played, each tile turned to match its neighbour, doubles marked', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 4));
    const v = h.view();
    // 0 11, 1 31 (right), 2 35 r, 3 25 r: [1,1] [1,3] [3,5] [5,2]
    expect(v.chain.map((c) => c.tile)).toEqual([
      [1, 1],
      [1, 3],
      [3, 5],
      [5, 2],
    ]);
    expect(v.chain[0]?.double).toBe(true);
    expect(v.ends).toEqual([1, 2]);
    expect(v.clock?.player).toBe(0);
  });

  it('a fish with a winner: the pair with fewer pips scores every pip in hand', () => {
    const h = open();
    play(h, FISH.moves);
    expect(h.view().over).toBe('blocked');
    expect(h.view().alerts.map((a) => a.kind)).toContain('blocked');
    must(h.act({ type: 'handsShown', left: shown(FISH.hands, FISH.moves) }));
    const v = h.view();
    expect(v.sheet[0]).toMatchObject({
      over: 'blocked',
      blockedBy: 2,
      winner: 0,
      points: 90,
      pips: [41, 49],
    });
    expect(v.scores).toEqual([90, 0]);
  });

  it('eggs: a fish with equal pips is a draw, nothing scored', () => {
    const h = open();
    play(h, EGGS.moves);
    must(h.act({ type: 'handsShown', left: shown(EGGS.hands, EGGS.moves) }));
    const v = h.view();
    expect(v.sheet[0]).toMatchObject({ over: 'blocked', eggs: true, winner: null, points: 0 });
    expect(v.scores).toEqual([0, 0]);
    expect(v.alerts.map((a) => a.kind)).toContain('eggs');
  });

  it('a false pass found when the hands are shown annuls the round; the penalty is the referee’s', () => {
    const h = open();
    play(h, FALSE_PASS_DOMINO.moves);
    must(h.act({ type: 'handsShown', left: shown(FALSE_PASS_DOMINO.hands, FALSE_PASS_DOMINO.moves) }));
    let v = h.view();
    expect(v.end).toBe('annulled');
    expect(v.sheet[0]).toMatchObject({ end: 'annulled', winner: null, points: 0 });
    expect(v.scores).toEqual([0, 0]);
    const alert = v.alerts.find((a) => a.kind === 'falsePass');
    expect(alert).toMatchObject({ player: 3 });
    expect(alert?.message).toMatch(/move 3/);
    // The penalty: points off player 4's pair (player index 3, team 1), the configured 50.
    must(h.act({ type: 'falsePass' }));
    v = h.view();
    expect(v.scores).toEqual([0, -50]);
    expect(v.sheet[0]?.penalties[0]).toMatchObject({ kind: 'points', team: 1, player: 3, points: 50 });
  });

  it('a pass on an empty table is a false pass at once, before the hands are known', () => {
    const h = open();
    play(h, [{ player: 0, pass: true }]);
    const v = h.view();
    expect(v.alerts.find((a) => a.kind === 'falsePass')).toMatchObject({ player: 0, move: 0 });
    expect(v.clock?.player).toBe(1);
  });

  it('hands shown that do not agree with the round are refused, saying why', () => {
    const h = open();
    play(h, DOMINO.moves);
    const left = shown(DOMINO.hands, DOMINO.moves);
    const wrong = left.map((t) => [...t]);
    wrong[0]?.pop();
    const r = h.act({ type: 'handsShown', left: wrong });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/player 1 has put down 5 tiles, so holds 2, not 1/);
  });
});

describe('moves checked live', () => {
  it('refuses a move out of turn, a tile that does not match, a tile already down — with reasons', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 3));
    const out = h.act({ type: 'enterMove', move: { player: 1, tile: [2, 5] } });
    expect(out).toMatchObject({ ok: false, message: 'out of turn: player 4 is to move, not player 2' });
    const nomatch = h.act({ type: 'enterMove', move: { player: 3, tile: [4, 4] } });
    expect(nomatch.message).toBe('[4, 4] matches neither end (1, 5)');
    const twice = h.act({ type: 'enterMove', move: { player: 3, tile: [5, 3] } });
    expect(twice.message).toBe('[5, 3] is already down: player 3 played it');
    const both = open();
    play(both, [{ player: 0, tile: [1, 2] }]);
    expect(both.act({ type: 'enterMove', move: { player: 1, tile: [1, 2] } }).message).toMatch(
      /already down/,
    );
    expect(both.act({ type: 'enterMove', move: { player: 1, tile: [2, 1] } }).message).toMatch(
      /already down/,
    );
    expect(both.act({ type: 'enterMove', move: { player: 1, tile: [1, 2] } }).ok).toBe(false);
  });

  it('a tile that fits two different ends needs its end', () => {
    const h = open();
    play(h, [{ player: 0, tile: [1, 2] }]);
    expect(h.act({ type: 'enterMove', move: { player: 1, tile: [1, 2] } }).ok).toBe(false);
    expect(h.act({ type: 'enterMove', move: { player: 1, tile: [2, 1] } }).ok).toBe(false);
    const r = h.act({ type: 'enterMove', move: { player: 1, tile: [1, 1] } });
    expect(r.ok).toBe(true);
  });

  it('a move the camera saw that cannot be played is logged, not ruled, and shown as an alert', () => {
    const h = open();
    play(h, [{ player: 0, tile: [6, 6] }]);
    must(h.act({ type: 'enterMove', move: { player: 1, tile: [1, 2], seen: true } }));
    const v = h.view();
    expect(v.chain).toHaveLength(1);
    expect(v.clock?.player).toBe(1);
    expect(v.alerts.find((a) => a.kind === 'rejected')?.message).toMatch(
      /\[1, 2\] matches neither end \(6, 6\)/,
    );
    // The referee restates it: the tile really put down.
    must(h.act({ type: 'override', move: 1, restated: { player: 1, tile: [6, 3] } }));
    expect(h.view().chain.map((c) => c.tile)).toEqual([
      [6, 6],
      [6, 3],
    ]);
    expect(h.view().alerts.some((a) => a.kind === 'rejected')).toBe(false);
  });

  it('with the hands dealt: a tile not in the hand is refused and a false pass is found at once', () => {
    const h = open();
    must(h.act({ type: 'startMatch', players: ['A', 'B', 'C', 'D'], options: {} }));
    must(h.act({ type: 'deal', leader: 1, hands: FALSE_PASS_DOMINO.hands }));
    expect(h.view().hands).toBe('deal');
    must(h.act({ type: 'enterMove', move: { player: 1, tile: [2, 2] } }));
    const r = h.act({ type: 'enterMove', move: { player: 2, tile: [2, 0] } });
    expect(r.message).toBe("[2, 0] is not in player 3's hand (it was dealt to player 2)");
    must(h.act({ type: 'enterMove', move: { player: 2, tile: [6, 2], end: 'right' } }));
    must(h.act({ type: 'enterMove', move: { player: 3, pass: true } }));
    const v = h.view();
    expect(v.end).toBe('annulled');
    expect(v.alerts.find((a) => a.kind === 'falsePass')).toMatchObject({ player: 3 });
    expect(h.act({ type: 'enterMove', move: { player: 0, tile: [0, 6] } }).message).toMatch(
      /round 1 is over \(annulled\)/,
    );
  });
});

describe('passes confirmed', () => {
  it('a pass awaits confirmation; a player at the table may confirm it', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 17)); // … '0 pass'
    let v = h.view();
    expect(v.pendingPasses).toHaveLength(1);
    expect(v.alerts.find((a) => a.kind === 'passToConfirm')?.message).toMatch(
      /Ann \(player 1\) passed at move 17/,
    );
    must(h.act({ type: 'confirmPass' }, PLAYER));
    v = h.view();
    expect(v.pendingPasses).toHaveLength(0);
    expect(v.moves.at(-1)?.status).toBe('confirmed');
  });
});

describe('the clock', () => {
  it('the view carries whose turn, the seconds allowed and when the turn began', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 2));
    const v = h.view();
    expect(v.clock).toMatchObject({ player: 2, seconds: 20, basis: 'table' });
    expect(v.clock?.since).toBe(h.service.events.at(-2)?.at);
  });

  it('the 60-second clock where a tile could close the game, from the table (hands unknown) or the hands', () => {
    const h = open();
    // The fish round up to its closing tile: player 2 may close the 1s.
    play(h, FISH.moves.slice(0, -1));
    expect(h.view().clock).toMatchObject({ player: 2, seconds: 60 });
    const known = open();
    must(known.act({ type: 'startMatch', players: ['A', 'B', 'C', 'D'], options: {} }));
    must(known.act({ type: 'deal', leader: 0, hands: FISH.hands }));
    for (const move of FISH.moves.slice(0, -1)) must(known.act({ type: 'enterMove', move }));
    expect(known.view().clock).toMatchObject({ player: 2, seconds: 60, basis: 'hands' });
  });

  it('an overrun: a warning to the pair first, points off the next time', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 2));
    must(h.act({ type: 'clock' }));
    let v = h.view();
    expect(v.scores).toEqual([0, 0]);
    expect(v.teams[0]?.clockWarned).toBe(true);
    expect(v.alerts.find((a) => a.kind === 'clock')?.message).toMatch(/Cat \(player 3\): a warning/);
    must(h.act({ type: 'clock', player: 0 }));
    v = h.view();
    expect(v.scores).toEqual([-50, 0]);
    expect(v.penalties.at(-1)).toMatchObject({ kind: 'points', team: 0, player: 0, points: 50 });
  });
});

describe('cards and penalties', () => {
  it('two yellows make a red: the pair loses the match, the other is recorded the target', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 2));
    must(h.act({ type: 'card', player: 1, card: 'yellow' }));
    expect(h.view().matchOver).toBe(false);
    expect(h.view().seats[1]).toMatchObject({ yellows: 1, card: 'yellow' });
    must(h.act({ type: 'card', player: 1, card: 'yellow' }));
    const v = h.view();
    expect(v.seats[1]).toMatchObject({ yellows: 2, card: 'red' });
    expect(v.matchOver).toBe(true);
    expect(v.matchWinner).toBe(0);
    expect(v.scores).toEqual([200, 0]);
    expect(v.alerts.map((a) => a.kind)).toEqual(expect.arrayContaining(['card', 'forfeit', 'matchOver']));
    expect(h.act({ type: 'enterMove', move: { player: 2, tile: [3, 5] } }).message).toBe('the match is over');
  });

  it('late by up to five minutes costs the penalty; a concession ends the match', () => {
    const h = open();
    play(h, []);
    must(h.act({ type: 'late', team: 1, minutes: 3 }));
    expect(h.view().scores).toEqual([0, -50]);
    must(h.act({ type: 'concede', team: 1 }));
    expect(h.view()).toMatchObject({ matchOver: true, matchWinner: 0, scores: [200, -50] });
  });

  it('undo takes back a penalty and says so', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 2));
    must(h.act({ type: 'points', team: 1 }));
    expect(h.view().scores).toEqual([0, -50]);
    expect(h.view().undo?.what).toBe('the penalty on pair 2 (players 2 and 4)');
    const r = h.act({ type: 'undo' });
    expect(r.done).toBe('undid the penalty on pair 2 (players 2 and 4)');
    expect(h.view().scores).toEqual([0, 0]);
    expect(h.view().penalties).toHaveLength(0);
  });

  it('only the referee gives penalties', () => {
    const h = open();
    play(h, []);
    const r = h.act({ type: 'card', player: 0, card: 'yellow' }, PLAYER);
    expect(r).toMatchObject({ ok: false });
    expect(r.message).toMatch(/only the referee/);
  });
});

describe('the score sheet signed', () => {
  it('by one player of each pair and the referee; a round not finished cannot be signed', () => {
    const h = open();
    play(h, DOMINO.moves);
    expect(h.act({ type: 'signSheet', team: 0, name: 'Ann' }, PLAYER).message).toMatch(
      /no round is finished/,
    );
    must(h.act({ type: 'handsShown', left: shown(DOMINO.hands, DOMINO.moves) }));
    expect(h.view().alerts.map((a) => a.kind)).toContain('unsigned');
    must(h.act({ type: 'signSheet', team: 0, name: 'Ann' }, PLAYER));
    expect(h.act({ type: 'signSheet', team: 0, name: 'Cat' }, PLAYER).message).toMatch(
      /already signed for pair 1/,
    );
    must(h.act({ type: 'signSheet', team: 1, name: 'Bob' }, PLAYER));
    expect(h.view().sheet[0]?.signed).toBe(false);
    // The referee's signature needs the referee.
    expect(h.act({ type: 'countersign' }, PLAYER).message).toMatch(/only the referee/);
    must(h.act({ type: 'countersign' }));
    const v = h.view();
    expect(v.sheet[0]?.signatures).toEqual({
      team0: { name: 'Ann', valid: true },
      team1: { name: 'Bob', valid: true },
      referee: { name: 'Ref', valid: true },
    });
    expect(v.sheet[0]?.signed).toBe(true);
    expect(v.alerts.map((a) => a.kind)).not.toContain('unsigned');
    // Signatures are events in the log, the player's as the player's.
    const signs = h.service.events.filter(
      (e) => e.event.type === 'action' && e.event.action.type === 'signSheet',
    );
    expect(signs.map((e) => e.by)).toEqual(['player', 'player']);
  });

  it('a line changed after it was signed (a penalty in that round) voids the signatures', () => {
    const h = open();
    play(h, FISH.moves);
    must(h.act({ type: 'handsShown', left: shown(FISH.hands, FISH.moves) }));
    must(h.act({ type: 'signSheet', team: 0, name: 'Ann' }, PLAYER));
    must(h.act({ type: 'points', team: 0 }));
    expect(h.view().sheet[0]?.signatures.team0).toEqual({ name: 'Ann', valid: false });
    must(h.act({ type: 'signSheet', team: 0, name: 'Ann' }, PLAYER));
    expect(h.view().sheet[0]?.signatures.team0?.valid).toBe(true);
  });
});

describe('rounds of a match', () => {
  it('a new round after one is scored, led by the next player; scores carry over', () => {
    const h = open();
    play(h, FISH.moves);
    expect(h.act({ type: 'newRound' }).message).toMatch(/over but not scored/);
    must(h.act({ type: 'handsShown', left: shown(FISH.hands, FISH.moves) }));
    must(h.act({ type: 'newRound' }));
    const v = h.view();
    expect(v.round).toBe(2);
    expect(v.leader).toBe(1);
    expect(v.chain).toHaveLength(0);
    expect(v.clock?.player).toBe(1);
    expect(v.scores).toEqual([90, 0]);
    expect(v.sheet.map((r) => r.scores)).toEqual([
      [90, 0],
      [90, 0],
    ]);
  });

  it('a round in play is abandoned only when asked', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 3));
    expect(h.act({ type: 'newRound' }).message).toMatch(/still being played/);
    must(h.act({ type: 'newRound', abandon: true, leader: 3 }));
    expect(h.view()).toMatchObject({ round: 2, leader: 3 });
    expect(h.view().sheet[0]?.end).toBe('abandoned');
  });

  it('the log replays to the same match (a restart resumes it)', () => {
    const h = open();
    play(h, FISH.moves);
    must(h.act({ type: 'handsShown', left: shown(FISH.hands, FISH.moves) }));
    must(h.act({ type: 'card', player: 2, card: 'yellow' }));
    const again = replay(dominoes.session, table, dominoes.sides.defaultNames, h.service.events);
    expect(dominoes.session.view(again.state, null)).toEqual(
      dominoes.session.view(h.service.replayed.state as never, null),
    );
  });

  it('exports a row a move, and the sheet as JSON', () => {
    const h = open();
    play(h, DOMINO.moves.slice(0, 3));
    const csv = h.service.exportCsv().trim().split('\r\n');
    expect(csv[0]).toBe(
      'round,move,index,player,team,tile,end,pass,endsLeft,endsRight,status,rejected,by,at',
    );
    expect(csv).toHaveLength(4);
    expect(csv[3]).toMatch(/^1,2,2,2,0,3:5,right,0,1,5,confirmed,,Ref,/);
    const json = h.service.exportJson(1) as { sheet: unknown[]; moves: unknown[] };
    expect(json.moves).toHaveLength(3);
    expect(json.sheet).toHaveLength(1);
  });
});

describe('the definition', () => {
  it('claims the dominoes table and rules on a record (`referee rule`)', () => {
    expect(dominoes.claimsTable('dominoes')).toBe(true);
    expect(dominoes.claimsTable({ game: 'dominoes', width: 900, length: 900, tile: [50, 25, 12] })).toBe(
      true,
    );
    expect(dominoes.claimsTable('snooker')).toBe(false);
    expect(dominoes.claimsTable({ width: 1, length: 2, ball: 3 })).toBe(false);
    // A flat surface, not a pocketed bed: no pockets or cushions to carry, the tile's height with the table.
    expect(table).toMatchObject({
      kind: 'flat',
      width: 900,
      length: 900,
      dominoes: { tile: { height: 12 } },
    });
    expect(isBed(table)).toBe(false);
    expect(table).not.toHaveProperty('pockets');
    const out = dominoes.rule(record(DOMINO.hands, DOMINO.moves));
    expect(out.ok && (out.value as { over: string }).over).toBe('domino');
  });

  it('has no move-by-move runner (`referee run` follows the tiles through the match)', () => {
    const r = dominoes.runner(table);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/no move-by-move runner/);
  });
});

describe('the log a person reads', () => {
  it('a tile the camera saw is logged as ruled, in words: whose tile, where, the ends, who plays next', () => {
    const lines: Record<string, unknown>[] = [];
    let clock = 1_700_000_000_000;
    const opened = MatchService.open(':memory:', {
      game: dominoes,
      table,
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
      now: () => clock,
      source: { description: 'test', dropped: 0, live: false },
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const service = opened.value;
    const act = (message: Record<string, unknown>): void => {
      const r = service.act(REFEREE, message as unknown as ClientMessage);
      if (!r.ok) throw new Error(r.error.message);
    };
    act({ type: 'startMatch', players: ['Ann', 'Bob', 'Cat', 'Dan'], options: { target: 200 } });
    act({ type: 'deal', leader: 0 });
    const [first, second] = DOMINO.moves;
    clock += 1000;
    expect(service.recordMove(first as object).ok).toBe(true);
    clock += 1000;
    expect(service.recordMove(second as object).ok).toBe(true);
    const ruled = lines.filter((l) => l['msg'] === 'move ruled');
    expect(ruled.map((l) => l['ruling'])).toEqual([
      "player 1's [1, 1], the ends 1 and 1; player 2 to play",
      "player 2's [3, 1], the ends 1 and 3; player 3 to play",
    ]);
    // A tile has no moment its pieces stopped: no latency is made up for it.
    expect(ruled.every((l) => !('latencyMs' in l))).toBe(true);
  });
});
