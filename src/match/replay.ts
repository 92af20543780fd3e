// The match as a replay of its log (boardgame.io style): a pure fold of the stored events over the
// game's session, with undone events left out. The core knows what an undo takes back and in what
// words; the game knows what each event does.
import type { GameSession, SessionRequest } from '../games/definition.ts';
import type { Surface } from '../equipment/index.ts';
import type { MatchEvent } from './events.ts';
import type { StoredEvent } from './store.ts';
import type { UndoView } from './view.ts';

export interface Replayed<S> {
  readonly state: S;
  readonly players: readonly string[];
  /** The events in force that Undo can take back, oldest first, each with its words. */
  readonly undoable: readonly UndoView[];
}

/** The session's request an event is, or null for the core's own (a match start, an audit line, an undo). */
export const requestOf = (event: MatchEvent): SessionRequest | null => {
  switch (event.type) {
    case 'move':
      return { type: 'move', move: event.move };
    case 'confirm':
      return { type: 'confirm', move: event.move };
    case 'override':
      return { type: 'override', move: event.move, restated: event.restated };
    case 'action':
      return { type: 'action', action: event.action };
    default:
      return null;
  }
};

/** Apply one more event (not an undo: an undo needs the whole log, see `replay`). */
export const applyEvent = <S>(
  session: GameSession<S>,
  m: Replayed<S>,
  stored: StoredEvent<MatchEvent>,
): Replayed<S> => {
  const e = stored.event;
  const meta = { seq: stored.seq, by: stored.by, at: stored.at };
  const undoable = (said: { what: string; move?: number }): Replayed<S>['undoable'] => [
    ...m.undoable,
    { seq: stored.seq, ...said },
  ];
  switch (e.type) {
    case 'matchStarted':
      return {
        state: session.start(m.state, e.players, e.options, meta),
        players: e.players,
        undoable: undoable({ what: `the new match (${e.players.join(' v ')})` }),
      };
    case 'move':
      return { ...m, state: session.move(m.state, e.move, meta), undoable: undoable(describe(session, e)) };
    case 'confirm':
      return {
        ...m,
        state: session.confirm(m.state, e.move, meta),
        undoable: undoable(describe(session, e)),
      };
    case 'override':
      return {
        ...m,
        state: session.override(m.state, e.move, e.restated, meta),
        undoable: undoable(describe(session, e)),
      };
    case 'action':
      return {
        ...m,
        state: session.action(m.state, e.action, meta),
        undoable: undoable(describe(session, e)),
      };
    case 'ruling':
    case 'undo':
      return m; // an audit record of what was shown (the replay derives it); undo: see `replay`
  }
};

const describe = <S>(session: GameSession<S>, e: MatchEvent): { what: string; move?: number } => {
  const request = requestOf(e);
  return request ? session.describe(request) : { what: e.type };
};

/** The match before any event, on this bed. */
export const emptyReplay = <S>(
  session: GameSession<S>,
  table: Surface,
  players: readonly string[],
): Replayed<S> => ({
  state: session.initial(table),
  players,
  undoable: [],
});

/** Replay a match log. Events taken back by an `undo` (and undos themselves) are left out. */
export const replay = <S>(
  session: GameSession<S>,
  table: Surface,
  players: readonly string[],
  events: readonly StoredEvent<MatchEvent>[],
): Replayed<S> => {
  const undone = new Set<number>();
  for (const e of events) if (e.event.type === 'undo') undone.add(e.event.target);
  return events
    .filter((e) => e.event.type !== 'undo' && !undone.has(e.seq))
    .reduce((m, e) => applyEvent(session, m, e), emptyReplay(session, table, players));
};
