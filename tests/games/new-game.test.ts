// A game the core has never seen, defined here and nowhere in src/: the match log, its replay and undo,
// and the service behind the views take it as they take snooker, pool and dominoes (issue 13: "a
// second definition can be added without touching match/, server/ … or camera/"). The game is a
// tally: two players, each move a player's points, the first to the target wins.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/core/errors.ts';
import { mm } from '../../src/core/units.ts';
import type { FlatSurface } from '../../src/equipment/index.ts';
import {
  refuse,
  type GameDefinition,
  type GameSession,
  type MoveStatus,
} from '../../src/games/definition.ts';
import { replay } from '../../src/match/replay.ts';
import { messageParser } from '../../src/server/messages.ts';
import { MatchService, type Actor } from '../../src/server/service.ts';

interface TallyMove {
  readonly player: number;
  readonly points: number;
  readonly status: MoveStatus['status'];
}

interface Tally {
  readonly players: readonly string[];
  readonly target: number;
  readonly moves: readonly TallyMove[];
}

const moveSchema = z.object({ player: z.literal([0, 1]), points: z.number().int().nonnegative() });
const optionsSchema = z.object({ target: z.number().int().positive().default(10) });
const noAction = z.object({ type: z.literal('none') });

const scores = (s: Tally): [number, number] =>
  s.moves.reduce<[number, number]>(
    (t, m) => (m.player === 0 ? [t[0] + m.points, t[1]] : [t[0], t[1] + m.points]),
    [0, 0],
  );
const winner = (s: Tally): number | undefined => {
  const [a, b] = scores(s);
  return a >= s.target ? 0 : b >= s.target ? 1 : undefined;
};
const withStatus = (s: Tally, move: number, status: TallyMove['status']): Tally => ({
  ...s,
  moves: s.moves.map((m, i) => (i === move ? { ...m, status } : m)),
});

const session: GameSession<Tally, FlatSurface> = {
  moveSchema,
  restateSchema: moveSchema,
  actionSchema: noAction,
  requestSchema: noAction,
  requestTypes: ['none'],
  optionsSchema,
  openActions: new Set(),
  initial: () => ({ players: [], target: 10, moves: [] }),
  start: (s, players, options) => ({ players, target: optionsSchema.parse(options).target, moves: [] }),
  move: (s, move) => ({ ...s, moves: [...s.moves, { ...moveSchema.parse(move), status: 'proposed' }] }),
  confirm: (s, move) => withStatus(s, move, 'confirmed'),
  override: (s, move, restated) => ({
    ...s,
    moves: s.moves.map((m, i) => (i === move ? { ...moveSchema.parse(restated), status: 'overridden' } : m)),
  }),
  action: (s) => s,
  check: (s, request) => {
    if (s.players.length === 0) return refuse('no match started');
    if (request.type === 'move' && winner(s) !== undefined) return refuse('the match is over');
    if (request.type === 'move' && !moveSchema.safeParse(request.move).success)
      return refuse('not a move', 'move');
    if (request.type === 'action') return refuse('a tally has no referee actions', 'type');
    return ok(request);
  },
  moves: (s) =>
    s.moves.map((m, move) => ({ move, status: m.status, ruled: true, ruling: { scores: scores(s) } })),
  sayRuling: (s, move) => {
    const m = s.moves[move];
    return m && `${s.players[m.player] ?? '?'} scored ${m.points}`;
  },
  view: (s) => ({ scores: scores(s), winner: winner(s) ?? null }),
  describe: (event) =>
    event.type === 'move'
      ? { what: 'the move' }
      : event.type === 'action'
        ? { what: event.action.type }
        : { what: `the ${event.type}`, move: event.move },
  exportColumns: ['move', 'player', 'points'],
  exportRows: (s) => s.moves.map((m, move) => ({ move, player: m.player, points: m.points })),
  exportJson: (s, players) => ({ players, scores: scores(s), winner: winner(s) ?? null }),
};

const surface: FlatSurface = { kind: 'flat', name: 'tally board', width: mm(1000), length: mm(1000) };

const tally: GameDefinition<Tally, FlatSurface> = {
  id: 'tally',
  title: 'Tally',
  sides: { count: 2, teamOf: [0, 1], defaultNames: ['A', 'B'] },
  claimsTable: (spec) => spec === 'tally',
  parseTable: () => ok(surface),
  defaultTableSpec: 'tally',
  perception: {
    kind: 'tiles',
    follow: () => ({ push: () => [], reset: () => undefined }),
    detector: () => ok({ detect: () => ok({ tiles: [] }) }),
  },
  rule: () => ok({}),
  runner: () => ok({ rule: () => ok({}) }),
  session,
  pages: { dir: '/nowhere' },
};

const referee: Actor = { name: 'Anna', role: 'referee' };
const parse = messageParser(tally.session);

const open = (): MatchService => {
  let clock = 1_000;
  const r = MatchService.open(':memory:', {
    game: tally,
    table: surface,
    logger: pino({ level: 'silent' }),
    now: () => (clock += 10),
    source: { description: 'test', dropped: 0, live: false },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const act = (s: MatchService, json: Record<string, unknown>) => {
  const m = parse(json);
  if (!m.ok) throw new Error(m.error.message);
  return s.act(referee, m.value);
};

describe('a game defined outside src/ runs on the core unchanged', () => {
  it('moves are logged, confirmed, undone and replayed as its own session says', () => {
    const s = open();
    expect(act(s, { type: 'startMatch', players: ['Ann', 'Bob'], options: { target: 5 } }).ok).toBe(true);
    expect(s.recordMove({ player: 0, points: 3 }).ok).toBe(true);
    expect(act(s, { type: 'confirm', move: 0 }).ok).toBe(true);
    expect(s.recordMove({ player: 1, points: 6 }).ok).toBe(true);
    expect((s.replayed.state as Tally).moves.map((m) => m.status)).toEqual(['confirmed', 'proposed']);
    expect(s.exportJson()).toMatchObject({ scores: [3, 6], winner: 1 });
    // The match is over: the session refuses another move, and the core says so, naming nothing logged.
    const refused = s.recordMove({ player: 0, points: 1 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('the match is over');

    // Undo takes back the newest event (Bob's move); replaying the log gives the same match.
    expect(act(s, { type: 'undo' }).ok).toBe(true);
    expect(s.exportJson()).toMatchObject({ scores: [3, 0], winner: null });
    const again = replay(tally.session, surface, tally.sides.defaultNames, s.events);
    expect(again.state).toEqual(s.replayed.state);
    s.close();
  });

  it('the core refuses a match with the wrong number of players, from the definition', () => {
    const s = open();
    const r = act(s, { type: 'startMatch', players: ['Ann', 'Bob', 'Cy'], options: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ field: 'players', message: 'Tally is played by 2 players' });
    s.close();
  });
});
