// Black-ball's match driven through the core's log (src/match: replay with undo), as the server drives
// it: each request checked by the session, then logged as the event it grants, the match a replay.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { blackball } from '../../../src/games/blackball/index.ts';
import { blackballSession, type BlackballMatch } from '../../../src/games/blackball/session.ts';
import type { BlackballView } from '../../../src/games/blackball/view.ts';
import { namedPoolTable } from '../../../src/games/blackball/table.ts';
import type { SessionRequest } from '../../../src/games/definition.ts';
import type { MatchEvent } from '../../../src/match/events.ts';
import { replay, type Replayed } from '../../../src/match/replay.ts';
import type { StoredEvent } from '../../../src/match/store.ts';
import { MatchService } from '../../../src/server/service.ts';

const table = namedPoolTable();
type Live = { id: string; x: number; y: number }[];

/** A match log in memory: requests checked by the session, granted ones appended, the match replayed. */
class Log {
  readonly events: StoredEvent<MatchEvent>[] = [];
  constructor(options: Record<string, unknown> = {}) {
    this.append({ type: 'matchStarted', game: 'blackball', players: ['Ann', 'Bob'], options });
  }
  private append(event: MatchEvent, by = 'Ref'): number {
    const seq = this.events.length + 1;
    this.events.push({ seq, at: seq, by, event });
    return seq;
  }
  get replayed(): Replayed<BlackballMatch> {
    return replay(blackballSession, table, ['Player 1', 'Player 2'], this.events);
  }
  get match(): BlackballMatch {
    return this.replayed.state;
  }
  get view(): BlackballView {
    return blackballSession.view(this.match, null) as BlackballView;
  }
  /** Ask as a view would; the refusal's message, or undefined once it is logged. */
  ask(request: SessionRequest, live: Live = []): string | undefined {
    const checked = blackballSession.check(this.match, request, { live, referee: true, by: 'Anna' });
    if (!checked.ok) return checked.error.message;
    const r = checked.value;
    if (r.type === 'move') this.append({ type: 'move', move: r.move }, 'pipeline');
    else if (r.type === 'confirm') this.append({ type: 'confirm', move: r.move });
    else if (r.type === 'override') this.append({ type: 'override', move: r.move, restated: r.restated });
    else this.append({ type: 'action', action: r.action });
    return undefined;
  }
  act(action: Record<string, unknown> & { type: string }, live: Live = []): string | undefined {
    return this.ask({ type: 'action', action }, live);
  }
  stroke(shot: Record<string, unknown>, before?: Live): void {
    const refused = this.ask({ type: 'move', move: { shot, ...(before ? { before } : {}) } });
    expect(refused).toBeUndefined();
  }
  undo(): string {
    const last = this.replayed.undoable.at(-1);
    if (!last) throw new Error('nothing to undo');
    this.append({ type: 'undo', target: last.seq });
    return last.what;
  }
  get last() {
    return this.match.strokes.at(-1);
  }
}

const shot = (over: Record<string, unknown> = {}) => ({
  firstContact: ['1'],
  potted: [],
  offTable: [],
  cushionAfterContact: true,
  crossedCentre: [],
  fouls: [],
  ...over,
});

/** A legal break that pots the 3, the striker stays at the table, the table open. */
const legalBreak = (log: Log): void => log.stroke(shot({ potted: ['3'] }), undefined);

describe('black-ball through the match log', () => {
  it('a legal break: the striker stays at the table, the table stays open', () => {
    const log = new Log();
    expect(log.view.break).toBe(true);
    expect(log.view.cueInHand).toBe(true);
    legalBreak(log);
    const r = log.last?.ruling;
    expect(r?.foul).toBeNull();
    expect(r?.groups).toBeNull();
    expect(log.view).toMatchObject({ striker: 0, break: false, groups: null, freeKick: false });
    expect(log.view.rulings).toHaveLength(1);
    expect(log.view.pending?.stroke).toBe(0);
  });

  it('the cue ball placed on the head spot before the break is where the camera saw it', () => {
    const log = new Log();
    const rack = blackball.sim?.opening(table) ?? [];
    log.stroke(
      shot({ potted: ['3'] }),
      rack.map(({ id, x, y }) => ({ id, x, y })),
    );
    expect(log.match.frame.balls.find((b) => b.id === 'cue')).toMatchObject({ x: 635, y: 508 });
  });

  it('a foul break: the opponent has a free kick, and may take the cue ball in hand in the cabin', () => {
    const log = new Log();
    log.stroke(shot({ crossedCentre: ['1'] }));
    expect(log.last?.ruling?.foul?.reasons[0]).toMatch(/seed 2\.5\(b\)/);
    expect(log.view).toMatchObject({ striker: 1, freeKick: true, cueInHand: false, fouls: [1, 0] });
    expect(log.view.followsLive).toBe(false);
    expect(log.act({ type: 'freeKickFromHand' })).toBeUndefined();
    expect(log.view).toMatchObject({ cueInHand: true, followsLive: true });
    expect(log.act({ type: 'freeKickFromHand' })).toMatch(/already in hand/);
    // The free kick: first contact with the black is no foul (seed 2.1: 3.2 does not apply).
    log.stroke(shot({ firstContact: ['8'] }));
    expect(log.last?.ruling?.foul).toBeNull();
    expect(log.last).toMatchObject({ freeKick: true, cueInHand: true, striker: 1 });
    expect(log.view.striker).toBe(0);
  });

  it('group choice: a legal pot of one group gives the striker that group', () => {
    const log = new Log();
    legalBreak(log);
    log.stroke(shot({ firstContact: ['10'], potted: ['10'] }));
    expect(log.view.groups).toEqual(['stripes', 'solids']);
    expect(log.view.ballsOn).toEqual(['9', '11', '12', '13', '14', '15']);
    expect(log.view.ballsLeft[0]).toEqual(['9', '11', '12', '13', '14', '15']);
    expect(log.view.ballsLeft[1]).toEqual(['1', '2', '4', '5', '6', '7']);
  });

  it('three consecutive fouls lose the frame, with the warning due after the second', () => {
    const log = new Log({ raceTo: 2 });
    legalBreak(log);
    const foul = () => log.stroke(shot({ potted: ['cue'] }));
    const safe = () => log.stroke(shot({ firstContact: ['2'] }));
    foul();
    expect(log.view.fouls).toEqual([1, 0]);
    safe();
    foul();
    expect(log.last?.ruling?.warning).toBe(true);
    expect(log.view.warningDue).toEqual([true, false]);
    safe();
    expect(log.view.warningDue).toEqual([true, false]);
    foul();
    expect(log.last?.ruling?.lossOfFrame).toMatchObject({ player: 0 });
    expect(log.last?.ruling?.lossOfFrame?.reason).toMatch(/seed 3\.5/);
    const v = log.view;
    expect(v.alert).toMatchObject({ kind: 'lossOfFrame', player: 0, frame: 1 });
    expect(v.framesWon).toEqual([0, 1]);
    // The next frame is racked, the break going to the other player (seed 2.3); the finished
    // frame's rulings stay in view until the first stroke of the next.
    expect(v).toMatchObject({ frame: 2, break: true, striker: 1, fouls: [0, 0], matchOver: false });
    expect(v.rulings).toHaveLength(6);
    legalBreak(log);
    expect(log.view.rulings).toHaveLength(1);
    expect(log.view.alert).toBeNull();
  });

  it('the black potted legally with the group cleared wins the frame and the match', () => {
    const log = new Log();
    legalBreak(log);
    log.stroke(shot({ firstContact: ['2'], potted: ['2'] }));
    expect(log.view.groups).toEqual(['solids', 'stripes']);
    // The camera sees the solids gone: the frame goes on from the table as it is.
    const live = [
      { id: 'cue', x: 635, y: 800 },
      { id: '8', x: 635, y: 1905 },
      { id: '9', x: 300, y: 1500 },
      { id: '15', x: 900, y: 1200 },
    ];
    expect(log.act({ type: 'setTable' }, live)).toBeUndefined();
    expect(log.view.ballsOn).toEqual(['8']);
    expect(log.view.ballsLeft).toEqual([['8'], ['9', '15']]);
    log.stroke(shot({ firstContact: ['8'], potted: ['8'] }));
    expect(log.last?.ruling).toMatchObject({ frameOver: true, winner: 0, lossOfFrame: null });
    expect(log.view).toMatchObject({ matchOver: true, matchWinner: 0, framesWon: [1, 0] });
    expect(log.view.alert).toMatchObject({ kind: 'win', player: 0 });
    expect(log.ask({ type: 'move', move: { shot: shot() } })).toMatch(/match is over/);
  });

  it('the black potted early loses the frame (seed 2.12(b))', () => {
    const log = new Log();
    legalBreak(log);
    log.stroke(shot({ firstContact: ['1'], potted: ['1', '8'] }));
    expect(log.last?.ruling?.lossOfFrame?.reason).toMatch(/2\.12/);
    expect(log.view.alert).toMatchObject({ kind: 'lossOfFrame', player: 0 });
  });

  it('the black on the break re-racks, the same player to break again (seed 2.5(c))', () => {
    const log = new Log();
    log.stroke(shot({ potted: ['8'] }));
    expect(log.view).toMatchObject({ break: true, striker: 0, frame: 1 });
    expect(log.view.alert).toMatchObject({ kind: 'rerack', player: 0 });
    expect(log.match.rack).toBe(1);
  });

  it('a referee-seen foul re-rules the last stroke, and its undo restores the ruling', () => {
    const log = new Log();
    legalBreak(log);
    log.stroke(shot({ firstContact: ['2'], potted: ['2'] }));
    expect(log.last?.ruling?.foul).toBeNull();
    expect(log.act({ type: 'refereeFoul', stroke: 1, foul: 'push' })).toBeUndefined();
    expect(log.last?.ruling?.foul?.reasons).toContain('a push stroke (seed 3; 4.2)');
    expect(log.last?.status).toBe('overridden');
    expect(log.view).toMatchObject({ striker: 1, freeKick: true, groups: null });
    expect(log.replayed.undoable.at(-1)).toMatchObject({
      what: 'the push stroke called on stroke 2',
      move: 1,
    });
    expect(log.act({ type: 'refereeFoul', stroke: 1, foul: 'push' })).toMatch(/already called/);
    expect(log.undo()).toBe('the push stroke called on stroke 2');
    expect(log.last?.ruling?.foul).toBeNull();
    expect(log.view).toMatchObject({ striker: 0, groups: ['solids', 'stripes'] });
  });

  it('intentionally hitting the wrong ball loses the frame', () => {
    const log = new Log();
    legalBreak(log);
    log.stroke(shot({ firstContact: ['2'] }));
    expect(log.act({ type: 'refereeFoul', stroke: 1, foul: 'intentionalWrongBall' })).toBeUndefined();
    expect(log.last?.ruling?.lossOfFrame?.reason).toMatch(/2\.12\(c\)/);
  });

  it('override restates the shot and the rules rule again; confirm marks the ruling', () => {
    const log = new Log();
    legalBreak(log);
    expect(log.ask({ type: 'confirm', move: 0 })).toBeUndefined();
    expect(log.last?.status).toBe('confirmed');
    expect(log.ask({ type: 'confirm', move: 0 })).toMatch(/already confirmed/);
    log.stroke(shot({ firstContact: ['2'] }));
    expect(
      log.ask({ type: 'override', move: 1, restated: shot({ firstContact: ['2'], potted: ['2'] }) }),
    ).toBeUndefined();
    expect(log.view.groups).toEqual(['solids', 'stripes']);
    expect(log.ask({ type: 'override', move: 0, restated: shot() })).toMatch(/only the last stroke/);
  });

  it('the snooker announced lifts 3.3 for the coming stroke only', () => {
    const log = new Log();
    expect(log.act({ type: 'snookered' })).toMatch(/seed 2\.5, 2\.10/);
    legalBreak(log);
    expect(log.act({ type: 'snookered', on: false })).toMatch(/no snooker/);
    expect(log.act({ type: 'snookered' })).toBeUndefined();
    expect(log.view.snookered).toBe(true);
    log.stroke(shot({ firstContact: ['2'], cushionAfterContact: false }));
    expect(log.last?.ruling?.foul).toBeNull();
    expect(log.view.snookered).toBe(false);
    expect(log.replayed.undoable.at(-2)?.what).toBe('the snooker announced');
  });

  it('seed 1.3: offered only with the cue ball in hand and every ball on in the cabin', () => {
    const log = new Log();
    expect(log.act({ type: 'requestFootSpot' })).toMatch(/seed 1\.3/);
    expect(log.view.footSpot.applies).toBe(false);
    legalBreak(log);
    log.stroke(shot({ firstContact: ['2'], potted: ['2'] })); // Ann: solids
    log.stroke(shot({ firstContact: ['1'], potted: ['cue'] })); // her foul: Bob has the cue ball in hand
    expect(log.view).toMatchObject({ striker: 1, cueInHand: true, ballsOn: expect.arrayContaining(['9']) });
    expect(log.act({ type: 'requestFootSpot' })).toMatch(/seed 1\.3/);
    // The camera sees Bob's stripes all in the cabin, two equally near the head line.
    const live = [
      { id: '9', x: 200, y: 450 },
      { id: '10', x: 400, y: 450 },
      { id: '11', x: 600, y: 300 },
      { id: '8', x: 300, y: 2000 },
      { id: '1', x: 900, y: 1500 },
    ];
    expect(log.act({ type: 'setTable' }, live)).toBeUndefined();
    expect(log.view.footSpot).toEqual({ applies: true, candidates: ['9', '10'] });
    expect(log.act({ type: 'requestFootSpot' })).toMatch(/designates/);
    expect(log.act({ type: 'requestFootSpot', ball: '11' })).toMatch(/not the ball on nearest/);
    expect(log.act({ type: 'requestFootSpot', ball: '10' })).toBeUndefined();
    expect(log.match.frame.balls.find((b) => b.id === '10')).toMatchObject({ x: 635, y: 1905 });
    expect(log.view.footSpot.applies).toBe(false);
    expect(log.replayed.undoable.at(-1)?.what).toBe('the 10 moved to the foot spot');
  });

  it('seed 1.3 is judged on the table as the camera sees it now', () => {
    const log = new Log();
    legalBreak(log);
    log.stroke(shot({ firstContact: ['2'], potted: ['2'] })); // Ann: solids
    log.stroke(shot({ firstContact: ['1'], potted: ['cue'] })); // Bob: cue ball in hand
    const stripes = ['9', '10', '11', '12', '13', '14', '15'];
    const live = log.match.frame.balls.map((b) =>
      stripes.includes(b.id)
        ? { id: b.id, x: 100 + stripes.indexOf(b.id) * 160, y: b.id === '12' ? 470 : 300 }
        : { id: b.id, x: b.x, y: b.y },
    );
    expect(log.view.footSpot.applies).toBe(false);
    const seen = blackballSession.view(log.match, live) as BlackballView;
    expect(seen.footSpot).toEqual({ applies: true, candidates: ['12'] });
    expect(log.act({ type: 'requestFootSpot' })).toMatch(/seed 1\.3/);
    expect(log.act({ type: 'requestFootSpot' }, live)).toBeUndefined();
    expect(log.match.frame.balls.find((b) => b.id === '12')).toMatchObject({ x: 635 });
  });

  it('refuses what makes no sense now, saying why', () => {
    const log = new Log();
    expect(log.act({ type: 'freeKickFromHand' })).toMatch(/seed 2\.1/);
    expect(log.act({ type: 'refereeFoul', stroke: 0, foul: 'push' })).toMatch(/last stroke/);
    expect(log.act({ type: 'setTable' })).toMatch(/sees no balls/);
    expect(log.act({ type: 'nominate', ball: '3' })).toBeDefined();
  });

  it('a concession ends the frame for the one who concedes; a race to two goes on', () => {
    const log = new Log({ raceTo: 2, breaker: 1 });
    expect(log.view.striker).toBe(1);
    expect(log.act({ type: 'concede' })).toBeUndefined();
    expect(log.view).toMatchObject({ framesWon: [1, 0], frame: 2, striker: 0, break: true });
    expect(log.view.alert).toMatchObject({ kind: 'conceded', player: 1 });
    expect(log.replayed.undoable.at(-1)?.what).toBe('the frame conceded by player 2');
  });

  it('a stroke cannot be changed once the table was re-racked after it', () => {
    const log = new Log();
    legalBreak(log);
    expect(log.act({ type: 'reRack' })).toBeUndefined();
    expect(log.view).toMatchObject({ break: true, striker: 0 });
    expect(log.act({ type: 'refereeFoul', stroke: 0, foul: 'push' })).toMatch(/no longer be changed/);
    expect(log.ask({ type: 'override', move: 0, restated: shot() })).toMatch(/no longer be changed/);
    expect(log.undo()).toBe('the re-rack');
    expect(log.act({ type: 'refereeFoul', stroke: 0, foul: 'push' })).toBeUndefined();
  });

  it('exports a row a stroke', () => {
    const log = new Log();
    legalBreak(log);
    const rows = blackballSession.exportRows(log.match);
    expect(rows[0]).toMatchObject({ frame: 1, stroke: 0, striker: 0, break: 1, potted: '3', foul: 0 });
    expect(blackballSession.exportColumns).toContain('foulReasons');
    expect(blackballSession.exportJson(log.match, ['Ann', 'Bob'])).toMatchObject({ raceTo: 1, winner: null });
  });
});

describe('black-ball in the match service', () => {
  it('records the pipeline’s stroke, rules on it, and says what Undo takes back', () => {
    const opened = MatchService.open(':memory:', {
      game: blackball,
      table,
      logger: pino({ level: 'silent' }),
      now: () => 1000,
      source: { description: 'test', dropped: 0, live: false },
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const service = opened.value;
    const ref = { name: 'Ref', role: 'referee' as const };
    expect(service.act(ref, { type: 'startMatch', players: ['Ann', 'Bob'], options: { raceTo: 3 } }).ok).toBe(
      true,
    );
    expect(service.recordMove({ shot: shot({ potted: ['3'] }), start: 0, end: 10 }).ok).toBe(true);
    const view = service.view as unknown as BlackballView & { game: string; undo: { what: string } };
    expect(view.game).toBe('blackball');
    expect(view.raceTo).toBe(3);
    expect(view.rulings[0]?.foul).toBeNull();
    expect(view.undo.what).toBe('the stroke as the camera saw it, 3 potted');
    const player = { name: 'Bob', role: 'spectator' as const };
    const refused = service.act(player, { type: 'reRack' });
    expect(refused.ok).toBe(false);
    expect(service.exportCsv().split('\r\n')[0]).toMatch(/^frame,stroke,striker,break/);
    service.close();
  });
});
