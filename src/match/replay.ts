// The match as a replay of its log (boardgame.io style): a pure fold of the stored events over the
// rules' match reducer, with the referee's decisions applied in order. Undone events are left out.
import type { z } from 'zod';
import {
  onForNewTurn,
  type FrameState,
  applyMatch,
  checkShot,
  newMatch,
  openingFrame,
  type Ball,
  type MatchState,
  type Ruling,
  type Shot,
} from '../rules/snooker/index.ts';
import { opponent, type ObjectBallId, type On, type Player } from '../rules/snooker/values.ts';
import type { Table } from '../table/bed.ts';
import type { SnookerBallId, SnookerColour } from '../table/balls.ts';
import type { shotSchema } from '../rules/snooker/state.ts';
import type { MatchEvent } from './events.ts';
import type { StoredEvent } from './store.ts';
import type { RulingStatus, TrailView } from './view.ts';

export interface StrokeRecord {
  /** Numbered through the match from 0, in the order played. */
  readonly stroke: number;
  readonly frame: number;
  /** Which rack of balls it was played on: a new frame or a re-rack starts the next. */
  readonly rack: number;
  readonly striker: Player;
  readonly shot: Shot;
  readonly start: number;
  readonly end: number;
  /** Wall-clock time the last ball came to rest (ms since 1970), for a stroke the pipeline saw. */
  readonly endedAt?: number;
  readonly trails: readonly TrailView[];
  /** Null when the stroke as seen could not have happened from the state (see `rejected`). */
  readonly ruling: Ruling | null;
  /** Why the rules could not rule on it, e.g. a potted ball that was not on the table. */
  readonly rejected: string | null;
  readonly status: RulingStatus;
  /** Who proposed or last changed it. */
  readonly by: string;
  /** The log entry that recorded it. */
  readonly seq: number;
}

export interface RespotRecord {
  readonly id: SnookerColour;
  readonly x: number;
  readonly y: number;
  readonly confirmed: boolean;
}

export interface ReplayedMatch {
  readonly players: readonly [string, string];
  readonly match: MatchState;
  /** The rack now on the table, counted through the match from 0. */
  readonly rack: number;
  readonly strokes: readonly StrokeRecord[];
  /** The match as it stood before the last stroke, to rule on it again after an override. */
  readonly beforeLast: MatchState | null;
  readonly nominated: ObjectBallId | null;
  /** After a miss is called: where the balls are to be put back. */
  readonly ghosts: readonly Ball[];
  readonly respots: readonly RespotRecord[];
  /** Sequence numbers of the events in force, newest last (what `undo` can take back). */
  readonly undoable: readonly number[];
}

export type ShotJson = z.output<typeof shotSchema>;
/** A shot as JSON gives it (plain numbers), before the schema brands its units. */
export type ShotInput = z.input<typeof shotSchema>;

/** The contract's shot as the rules take it (firstContact defaults to none). */
export const toShot = (s: ShotJson): Shot =>
  Object.fromEntries(
    Object.entries({ ...s, firstContact: s.firstContact ?? [] }).filter(([, v]) => v !== undefined),
  ) as unknown as Shot;

export const DEFAULT_PLAYERS: readonly [string, string] = ['Player 1', 'Player 2'];

export const emptyMatch = (table: Table): ReplayedMatch => ({
  players: DEFAULT_PLAYERS,
  match: newMatch(1, 0, { table }),
  rack: 0,
  strokes: [],
  beforeLast: null,
  nominated: null,
  ghosts: [],
  respots: [],
  undoable: [],
});

const rule = (
  table: Table,
  before: MatchState,
  shot: Shot,
): { match: MatchState; ruling: Ruling | null; rejected: string | null } => {
  const checked = checkShot(table, before.frame, shot);
  if (!checked.ok)
    return {
      match: before,
      ruling: null,
      rejected: `${checked.error.field ?? 'shot'}: ${checked.error.message}`,
    };
  const match = applyMatch(before, { type: 'stroke', shot }, { table });
  return { match, ruling: match.lastRuling, rejected: null };
};

const respotsOf = (ruling: Ruling | null): RespotRecord[] =>
  (ruling?.respots ?? []).map((r) => ({ id: r.id, x: r.x, y: r.y, confirmed: false }));

/**
 * Where the balls came to rest, once the referee has restated what left the table: a ball now said to
 * have gone is taken off the recorded rest positions; a ball now said to have stayed is put back where
 * it stood before the stroke (the camera never saw it move).
 */
const restate = (recorded: Shot, restated: Shot, before: readonly Ball[]): Shot['after'] => {
  if (!recorded.after) return undefined;
  const after = [...recorded.after];
  const gone = (s: Shot): SnookerBallId[] => [...s.potted, ...s.offTable];
  const was = gone(recorded);
  const now = gone(restated);
  const minus = (a: SnookerBallId[], b: SnookerBallId[]): SnookerBallId[] => {
    const left = [...b];
    return a.filter((id) => {
      const i = left.indexOf(id);
      if (i < 0) return true;
      left.splice(i, 1);
      return false;
    });
  };
  for (const id of minus(now, was)) {
    const i = after.findIndex((b) => b.id === id);
    if (i >= 0) after.splice(i, 1);
  }
  for (const id of minus(was, now)) {
    const back = before.find(
      (b) => b.id === id && !after.some((a) => a.id === id && a.x === b.x && a.y === b.y),
    );
    if (back) after.push(back);
  }
  return after;
};

/**
 * The match with the balls where the camera saw them before the stroke, when it saw the same balls
 * the rules expect (the cue ball may have been placed from hand); otherwise the rules' own positions.
 */
const seenBefore = (match: MatchState, seen: readonly Ball[] | undefined): MatchState => {
  if (!seen) return match;
  const f = match.frame;
  const key = (balls: readonly Ball[]): string =>
    balls
      .map((b) => b.id)
      .filter((id) => id !== 'cue')
      .sort()
      .join(',');
  const cues = seen.filter((b) => b.id === 'cue').length;
  const cueFits = f.cueInHand ? cues <= 1 : cues === 1;
  if (key(seen) !== key(f.balls) || !cueFits) return match;
  return { ...match, frame: { ...f, balls: seen } };
};

/** The frame as it stands with these balls on the table (WPBSA 3.3 for the ball on). */
export const tableAsSeen = (f: FrameState, balls: readonly Ball[], on?: On): FrameState => {
  const ids = balls.map((b) => b.id);
  const keepOn = f.on === 'colour' ? ids.some((id) => id !== 'cue' && id !== 'red') : false;
  // A table set up afresh has no stroke before it whose balls a miss would put back (WPBSA 3.14);
  // the last stroke's, as the camera saw them (a pack's reds may overlap a little), would be judged
  // as part of the new table and could refuse every set-up after.
  return {
    ...f,
    previous: undefined,
    balls,
    on: on ?? (keepOn ? f.on : (onForNewTurn(ids) ?? f.on)),
    cueInHand: !ids.includes('cue'),
    freeBall: false,
    respottedBlack: false,
    frameOver: false,
    winner: null,
    consecutiveMisses: 0,
  };
};

/** Rule again on the last stroke with restated facts (override, a referee-seen foul). */
const reRule = (table: Table, m: ReplayedMatch, stroke: number, shot: Shot, by: string): ReplayedMatch => {
  const last = m.strokes.at(-1);
  if (!last || last.stroke !== stroke || !m.beforeLast) return m;
  const { match, ruling, rejected } = rule(table, m.beforeLast, shot);
  const record: StrokeRecord = { ...last, shot, ruling, rejected, status: 'overridden', by };
  return {
    ...m,
    match,
    strokes: [...m.strokes.slice(0, -1), record],
    respots: respotsOf(ruling),
    ghosts: [],
  };
};

const step = (table: Table, m: ReplayedMatch, e: StoredEvent<MatchEvent>): ReplayedMatch => {
  const ev = e.event;
  switch (ev.type) {
    case 'matchStarted':
      return {
        ...emptyMatch(table),
        undoable: m.undoable,
        players: ev.players,
        match: newMatch(ev.bestOf, ev.breaker, { table }),
      };
    case 'stroke': {
      const raw = toShot(ev.shot);
      const shot: Shot =
        m.nominated && raw.nominated === undefined ? { ...raw, nominated: m.nominated } : raw;
      const before = seenBefore(m.match, ev.before);
      const { match, ruling, rejected } = rule(table, before, shot);
      const record: StrokeRecord = {
        stroke: m.strokes.length,
        frame: before.frameNumber,
        rack: m.rack,
        striker: before.frame.striker,
        shot,
        start: ev.start,
        end: ev.end,
        ...(ev.endedAt !== undefined ? { endedAt: ev.endedAt } : {}),
        trails: ev.trails,
        ruling,
        rejected,
        status: 'proposed',
        by: e.by,
        seq: e.seq,
      };
      return {
        ...m,
        match,
        rack: match.frameNumber !== before.frameNumber ? m.rack + 1 : m.rack,
        beforeLast: before,
        strokes: [...m.strokes, record],
        nominated: null,
        ghosts: [],
        respots: respotsOf(ruling),
      };
    }
    case 'ruling':
      return m; // an audit record of what was shown; the replay derives the ruling itself
    case 'confirm': {
      const strokes = m.strokes.map((s) =>
        s.stroke === ev.stroke && s.ruling ? { ...s, status: 'confirmed' as const, by: e.by } : s,
      );
      return { ...m, strokes };
    }
    case 'override': {
      // The referee restates what was hit and what went in; where the balls stopped and what was
      // nominated stand as recorded unless restated too.
      const last = m.strokes.at(-1);
      const shot = toShot(ev.shot);
      const after =
        shot.after ?? (last && m.beforeLast ? restate(last.shot, shot, m.beforeLast.frame.balls) : undefined);
      const nominated = shot.nominated ?? last?.shot.nominated;
      return reRule(
        table,
        m,
        ev.stroke,
        { ...shot, ...(after ? { after } : {}), ...(nominated ? { nominated } : {}) },
        e.by,
      );
    }
    case 'refereeFoul': {
      const last = m.strokes.at(-1);
      if (!last || last.stroke !== ev.stroke) return m;
      const fouls = last.shot.fouls.includes(ev.foul) ? last.shot.fouls : [...last.shot.fouls, ev.foul];
      return reRule(table, m, ev.stroke, { ...last.shot, fouls }, e.by);
    }
    case 'nominate':
      return { ...m, nominated: ev.ball };
    case 'freeBall':
      return { ...m, match: { ...m.match, frame: { ...m.match.frame, freeBall: ev.on } } };
    case 'callMiss': {
      const last = m.strokes.at(-1);
      const replay = last?.ruling?.missReplay;
      if (!last || last.stroke !== ev.stroke || !replay) return m;
      if (last.ruling?.missForfeit) {
        // WPBSA 3.14: a third miss with a full-ball contact open loses the frame for the offender.
        const forfeited = applyMatch(
          { ...m.match, frame: replay },
          { type: 'stroke', shot: { concede: true, firstContact: [], potted: [], offTable: [], fouls: [] } },
          { table },
        );
        return { ...m, match: forfeited, ghosts: [], respots: [] };
      }
      return { ...m, match: { ...m.match, frame: replay }, ghosts: replay.balls, respots: [] };
    }
    case 'playAgain': {
      const f = m.match.frame;
      const offender = opponent(f.striker);
      return { ...m, match: { ...m.match, frame: { ...f, striker: offender, freeBall: false, break: 0 } } };
    }
    case 'ballsReplaced':
      return { ...m, ghosts: [] };
    case 'respotConfirmed':
      return { ...m, respots: m.respots.map((r) => (r.id === ev.ball ? { ...r, confirmed: true } : r)) };
    case 'concedeFrame': {
      const shot: Shot = { concede: true, firstContact: [], potted: [], offTable: [], fouls: [] };
      const match = applyMatch(m.match, { type: 'stroke', shot }, { table });
      return { ...m, match, rack: m.rack + 1, beforeLast: null, nominated: null, ghosts: [], respots: [] };
    }
    case 'setTable': {
      const frame = tableAsSeen(m.match.frame, ev.balls, ev.on);
      return {
        ...m,
        match: { ...m.match, frame, lastRuling: null },
        rack: m.rack + 1,
        beforeLast: null,
        nominated: null,
        ghosts: [],
        respots: [],
      };
    }
    case 'reRack':
      return {
        ...m,
        match: { ...m.match, frame: openingFrame(m.match.breaker, table), lastRuling: null },
        rack: m.rack + 1,
        beforeLast: null,
        nominated: null,
        ghosts: [],
        respots: [],
      };
    case 'undo':
      return m; // handled before the fold
  }
};

/** Apply one more event (not an undo: an undo needs the whole log, see `replay`). */
export const applyEvent = (table: Table, m: ReplayedMatch, e: StoredEvent<MatchEvent>): ReplayedMatch => {
  const next = step(table, m, e);
  return e.event.type === 'ruling' ? next : { ...next, undoable: [...m.undoable, e.seq] };
};

/** Replay a match log. Events taken back by an `undo` (and undos themselves) are left out. */
export const replay = (table: Table, events: readonly StoredEvent<MatchEvent>[]): ReplayedMatch => {
  const undone = new Set<number>();
  for (const e of events) if (e.event.type === 'undo') undone.add(e.event.target);
  return events
    .filter((e) => e.event.type !== 'undo' && !undone.has(e.seq))
    .reduce((m, e) => applyEvent(table, m, e), emptyMatch(table));
};
