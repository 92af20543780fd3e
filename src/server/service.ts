// The match behind the views, for any game: the log (SQLite), its replay through the game's session,
// what the camera sees now, and the referee's decisions. The pipeline reports moves and piece
// positions; views send actions; every change is appended to the log first, then applied, then pushed
// to every view.
import type { Logger } from 'pino';
import { err, ok, type Result } from '../core/errors.ts';
import type { Surface } from '../equipment/index.ts';
import type { GameDefinition, GameSession, MoveStatus, SessionRequest } from '../games/definition.ts';
import { matchEventParser, type MatchEvent } from '../match/events.ts';
import { exportCsv } from '../match/export.ts';
import { applyEvent, replay, type Replayed } from '../match/replay.ts';
import { openEventStore, type EventStore, type StoredEvent } from '../match/store.ts';
import type {
  AlertAt,
  BallView,
  CameraCheckView,
  NamesCheckView,
  SourceInfo,
  UndoView,
} from '../match/view.ts';
import { viewSourceStatus, type SourceStatus, type SourceStatusView } from '../capture/status.ts';
import { hashPin, verifyPin } from './auth.ts';
import { isCoreMessage, type ClientMessage } from './messages.ts';
import type { Role } from './hub.ts';

export interface Actor {
  readonly name: string;
  readonly role: Role;
}

export interface ActionError {
  readonly code: 'UNAUTHORIZED' | 'REJECTED';
  readonly message: string;
  readonly field?: string;
}

export type Push =
  | {
      readonly type: 'view';
      readonly view: object;
      /** How the live source is doing, when there is one (the pages show a banner unless playing). */
      readonly source?: SourceStatusView;
      /** Whether the calibration still fits the picture (the referee's page alerts on `moved`). */
      readonly camera?: CameraCheckView;
      /** Whether the balls' names can be trusted (the referee's page alerts on `unsure`). */
      readonly names?: NamesCheckView;
    }
  | { readonly type: 'balls'; readonly t: number; readonly balls: readonly BallView[] };

export interface ServiceOptions {
  readonly game: GameDefinition;
  readonly table: Surface;
  readonly logger: Logger;
  /** Wall clock for the log's `at` (ms since the epoch). */
  readonly now: () => number;
  readonly source: SourceInfo;
  /** Sets a timer at the server's edge (tests pass a fake); the default is a `setTimeout` that does not keep the process up. */
  readonly setTimer?: SetTimer;
}

/** Calls `fire` in `ms` milliseconds; returns how to cancel it. */
export type SetTimer = (fire: () => void, ms: number) => () => void;

const realTimer: SetTimer = (fire, ms) => {
  const handle = setTimeout(fire, Math.max(0, ms));
  handle.unref();
  return () => clearTimeout(handle);
};

/** Alerts from following play kept for the referee's view. */
const SEEN_KEPT = 5;

/** Pipeline latencies of rulings kept for /api/health. */
const LATENCIES_KEPT = 100;

export interface RulingLatency {
  /** Moves measured (the last LATENCIES_KEPT at most). */
  readonly strokes: number;
  readonly lastMs: number | null;
  readonly p50Ms: number | null;
  readonly maxMs: number | null;
}

const PIN_KEY = 'refereePinHash';

/** The pipeline, reporting what the camera saw. */
const PIPELINE: Actor = { name: 'pipeline', role: 'referee' };

/** Messages anyone may send: signing in; everything else of the core's needs the referee. */
const OPEN_CORE: ReadonlySet<string> = new Set(['auth']);

export class MatchService {
  private match: Replayed<unknown>;
  private live: { t: number; balls: readonly BallView[] } | null = null;
  private source: SourceInfo;
  private sourceStatus: SourceStatus | undefined;
  private cameraCheck: CameraCheckView | undefined;
  private namesCheck: NamesCheckView | undefined;
  private readonly listeners = new Set<(push: Push) => void>();
  /** How long after the last ball stopped each recent ruling was pushed to the views (ms). */
  private readonly latencies: number[] = [];
  private readonly session: GameSession<unknown>;
  /** Alerts from following play (a tile taken back, put down wrong), newest last, until the referee's next decision. */
  private seen: AlertAt[] = [];
  /** The timer set for the next deadline (a move clock running out), and when it is. */
  private armed: { at: number; cancel: () => void } | null = null;

  private constructor(
    private readonly store: EventStore<MatchEvent>,
    private readonly options: ServiceOptions,
  ) {
    this.session = options.game.session;
    this.source = options.source;
    this.match = this.replayAll();
    this.arm();
  }

  /** Open the log at `db` and replay it: a restart resumes the same frame. */
  static open(db: string, options: ServiceOptions): Result<MatchService> {
    const store = openEventStore(db, matchEventParser(options.game.session));
    if (!store.ok) return store;
    const started = store.value
      .all()
      .find(
        (e): e is StoredEvent<Extract<MatchEvent, { type: 'matchStarted' }>> =>
          e.event.type === 'matchStarted',
      );
    if (started && started.event.game !== options.game.id) {
      store.value.close();
      return err({
        code: 'INVALID_INPUT',
        message: `${db} holds a ${started.event.game} match, not ${options.game.id}: give another --db`,
        field: '--db',
      });
    }
    return ok(new MatchService(store.value, options));
  }

  private replayAll(): Replayed<unknown> {
    return replay(this.session, this.options.table, this.options.game.sides.defaultNames, this.store.all());
  }

  /** Set the referee's PIN (stored hashed). */
  setPin(pin: string): void {
    this.store.setSetting(PIN_KEY, hashPin(pin));
  }

  hasPin(): boolean {
    return this.store.getSetting(PIN_KEY) !== undefined;
  }

  authenticate(pin: string): boolean {
    const stored = this.store.getSetting(PIN_KEY);
    return stored !== undefined && verifyPin(pin, stored);
  }

  get game(): GameDefinition {
    return this.options.game;
  }

  /** What Undo takes back now: the newest decision in force. */
  private get undo(): UndoView | null {
    return this.match.undoable.at(-1) ?? null;
  }

  /** The view every page gets: the game's own, with the game, the players, the source and Undo. */
  get view(): Record<string, unknown> {
    return {
      ...this.session.view(this.match.state, this.live?.balls ?? null),
      game: this.options.game.id,
      players: this.match.players,
      source: this.source,
      undo: this.undo,
      undoable: this.match.undoable,
      // The server's clock when the view was made: pages count a move clock down against it.
      serverTime: this.options.now(),
      overdue: this.overdue,
      seen: this.seen,
    };
  }

  /** The game's deadlines now past (a move clock run out), each alert with its time. */
  private get overdue(): AlertAt[] {
    const now = this.options.now();
    return (this.session.deadlines?.(this.match.state) ?? [])
      .filter((d) => d.at <= now)
      .map((d) => ({ ...d.alert, at: d.at }));
  }

  /** A timer for the next deadline still ahead; when it passes, the views are pushed again (with it overdue). */
  private arm(): void {
    const now = this.options.now();
    const next = (this.session.deadlines?.(this.match.state) ?? [])
      .map((d) => d.at)
      .filter((at) => at > now)
      .sort((a, b) => a - b)[0];
    if (this.armed?.at === next) return;
    this.armed?.cancel();
    this.armed = null;
    if (next === undefined) return;
    const fire = (): void => {
      this.armed = null;
      this.options.logger.info({ at: next }, 'deadline passed');
      this.pushView();
    };
    this.armed = { at: next, cancel: (this.options.setTimer ?? realTimer)(fire, next - now) };
  }

  get events(): readonly StoredEvent<MatchEvent>[] {
    return this.store.all();
  }

  get replayed(): Replayed<unknown> {
    return this.match;
  }

  /** The match (or one part of it) as JSON and as CSV (the game's rows). */
  exportJson(part?: number): object {
    return this.session.exportJson(this.match.state, this.match.players, part);
  }

  exportCsv(part?: number): string {
    return exportCsv(this.session, this.match.state, part);
  }

  subscribe(listener: (push: Push) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private push(p: Push): void {
    for (const l of this.listeners) l(p);
  }

  /** The view as pushed to the pages (and sent to each on connect). */
  viewMessage(): Extract<Push, { type: 'view' }> {
    const source = this.sourceStatusView;
    const camera = this.cameraCheck;
    const names = this.namesCheck;
    return {
      type: 'view',
      view: this.view,
      ...(source ? { source } : {}),
      ...(camera ? { camera } : {}),
      ...(names ? { names } : {}),
    };
  }

  private pushView(): void {
    this.push(this.viewMessage());
    this.arm();
  }

  /** Append to the log (committed before this returns), then apply. */
  private append(event: MatchEvent, by: string): StoredEvent<MatchEvent> {
    const stored = this.store.append(event, by, this.options.now());
    this.match = applyEvent(this.session, this.match, stored);
    return stored;
  }

  /** The last move's ruling now, to tell whether a decision changed it. */
  private get lastRuling(): string {
    return JSON.stringify(this.session.moves(this.match.state).at(-1)?.ruling ?? null);
  }

  /** Record what the rules made of the last move, as shown (an audit line in the log), if it changed. */
  private audit(by: string, before: string | null = null): void {
    if (before === this.lastRuling) return;
    const last = this.session.moves(this.match.state).at(-1);
    if (last?.ruling) this.append({ type: 'ruling', move: last.move, output: last.ruling }, by);
  }

  /**
   * The session's verdict on a request from `actor`, as an action error; `seen`: the pieces to go by,
   * if not the live ones.
   */
  private check(
    request: SessionRequest,
    actor: Actor,
    seen?: readonly BallView[],
  ): Result<SessionRequest, ActionError> {
    const checked = this.session.check(this.match.state, request, {
      live: seen ?? this.live?.balls ?? [],
      referee: actor.role === 'referee',
      by: actor.role === 'referee' ? actor.name : 'player',
    });
    if (checked.ok) return checked;
    const { message, field } = checked.error;
    return err(field ? { code: 'REJECTED', message, field } : { code: 'REJECTED', message });
  }

  /** Log a request the session has granted. */
  private appendRequest(request: SessionRequest, by: string): void {
    switch (request.type) {
      case 'move':
        this.append({ type: 'move', move: request.move }, by);
        break;
      case 'confirm':
        this.append({ type: 'confirm', move: request.move }, by);
        break;
      case 'override':
        this.append({ type: 'override', move: request.move, restated: request.restated }, by);
        break;
      case 'action':
        this.append({ type: 'action', action: request.action }, by);
        break;
    }
  }

  /**
   * A move the pipeline saw (the game's move form: a stroke's shot, its trails, the balls before).
   * One not of the right form is refused, naming the field.
   */
  recordMove(move: object, by = 'pipeline'): Result<MoveStatus | undefined, ActionError> {
    const granted = this.check({ type: 'move', move }, PIPELINE);
    if (!granted.ok) return granted;
    this.appendRequest(granted.value, by);
    this.audit(by);
    const last = this.session.moves(this.match.state).at(-1);
    if (last && !last.ruled) this.options.logger.warn({ move: last.move }, 'move not ruled');
    this.pushView();
    // The latency is measured from when the pieces stopped, where the pipeline dates it (a stroke's
    // last ball at rest); a tile's move has no such moment, and is logged without one.
    const endedAt = (move as { endedAt?: unknown }).endedAt;
    const ms = typeof endedAt === 'number' ? this.options.now() - endedAt : undefined;
    if (ms !== undefined) {
      this.latencies.push(ms);
      if (this.latencies.length > LATENCIES_KEPT) this.latencies.shift();
    }
    if (last?.ruled) {
      const said = this.session.sayRuling(this.match.state, last.move);
      this.options.logger.info(
        {
          move: last.move,
          ...(ms !== undefined ? { latencyMs: Math.round(ms) } : {}),
          ...(said ? { ruling: said } : {}),
        },
        'move ruled',
      );
    }
    return ok(last);
  }

  /** An action following play called for (the hands laid out for the count), granted as the pipeline's. */
  recordAction(action: { readonly type: string }, by = 'pipeline'): Result<undefined, ActionError> {
    const granted = this.check({ type: 'action', action }, PIPELINE);
    if (!granted.ok) return granted;
    this.appendRequest(granted.value, by);
    this.audit(by);
    this.pushView();
    return ok(undefined);
  }

  /** An alert from following play, for the referee: shown until his next decision (the last few kept). */
  alertSeen(alert: { readonly kind: string; readonly message: string }): void {
    this.seen = [...this.seen, { kind: alert.kind, message: alert.message, at: this.options.now() }].slice(
      -SEEN_KEPT,
    );
    this.options.logger.warn({ alert: alert.kind }, alert.message);
    this.pushView();
  }

  /** The match as it stands (the session's state), for a follower that reads the turn from it. */
  get state(): unknown {
    return this.match.state;
  }

  /** How soon after the balls stopped the last rulings reached the views: the issue's 300 ms. */
  get rulingLatency(): RulingLatency {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number): number | null =>
      sorted.length
        ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
        : null;
    return {
      strokes: sorted.length,
      lastMs: sorted.length ? Math.round(this.latencies.at(-1) ?? 0) : null,
      p50Ms: at(0.5),
      maxMs: at(1),
    };
  }

  updateBalls(t: number, balls: readonly BallView[]): void {
    this.live = { t, balls };
    this.push({ type: 'balls', t, balls });
    // Views that measure the pieces against a target (a re-spot, balls to replace) follow them.
    if (this.liveMatters) this.pushView();
  }

  /** Whether the view depends on where the camera sees the pieces now (the game's view says so). */
  private get liveMatters(): boolean {
    const v = this.session.view(this.match.state, null) as { followsLive?: unknown };
    return v.followsLive === true;
  }

  updateSource(source: SourceInfo): void {
    this.source = source;
  }

  /** The source's state changed (opening, playing, failed and retrying, ended): pushed to the views. */
  updateSourceStatus(status: SourceStatus): void {
    this.sourceStatus = status;
    this.pushView();
  }

  /** A camera check's outcome: pushed to the views when its state changes. */
  updateCameraCheck(check: CameraCheckView): void {
    const before = this.cameraCheck?.state;
    this.cameraCheck = check;
    if (check.state !== before) this.pushView();
  }

  get cameraCheckView(): CameraCheckView | undefined {
    return this.cameraCheck;
  }

  /** Whether the balls' names can be trusted, as it changes: pushed to the views. */
  updateNamesCheck(check: NamesCheckView): void {
    this.namesCheck = check;
    this.pushView();
  }

  get namesCheckView(): NamesCheckView | undefined {
    return this.namesCheck;
  }

  get sourceStatusView(): SourceStatusView | undefined {
    return this.sourceStatus && viewSourceStatus(this.sourceStatus, this.options.now());
  }

  /** The undo a message asks for: its target, the newest about a move, or the newest of all. */
  private undoTarget(message: Extract<ClientMessage, { type: 'undo' }>): Result<UndoView, ActionError> {
    const rejected = (message: string, field?: string): Result<never, ActionError> =>
      err(field ? { code: 'REJECTED', message, field } : { code: 'REJECTED', message });
    const inForce = this.match.undoable;
    if (message.target !== undefined) {
      const exact = inForce.find((u) => u.seq === message.target);
      return exact ? ok(exact) : rejected(`log entry ${message.target} is not a decision in force`, 'target');
    }
    if (message.move !== undefined) {
      const about = inForce.filter((u) => u.move === message.move).at(-1);
      return about ? ok(about) : rejected(`nothing to undo about move ${message.move}`, 'move');
    }
    const newest = inForce.at(-1);
    return newest ? ok(newest) : rejected('nothing to undo');
  }

  /**
   * A view's action: checked for who may do it and whether it makes sense now, then logged. Returns
   * what was done, in words, where that is worth saying (an undo says what it took back). `seen`: the
   * pieces an action that reads the table goes by, where not the camera's view now (the demo sets each
   * clip up from the balls as they stood before its first stroke).
   */
  act(
    actor: Actor,
    message: ClientMessage,
    seen?: readonly BallView[],
  ): Result<{ done?: string }, ActionError> {
    const open = isCoreMessage(message)
      ? OPEN_CORE.has(message.type)
      : this.session.openActions.has(message.type);
    if (!open && actor.role !== 'referee')
      return err({
        code: 'UNAUTHORIZED',
        message: `only the referee can ${message.type}; sign in with the PIN`,
      });
    const by = actor.name;
    let done: string | undefined;
    if (isCoreMessage(message)) {
      switch (message.type) {
        case 'auth':
          return ok({}); // handled by the caller, which knows the connection
        case 'startMatch': {
          const options = this.session.optionsSchema.safeParse(message.options);
          if (!options.success)
            return err({
              code: 'REJECTED',
              message: options.error.issues[0]?.message ?? 'bad options',
              field: `options.${options.error.issues[0]?.path.join('.') ?? ''}`,
            });
          if (message.players.length !== this.options.game.sides.count)
            return err({
              code: 'REJECTED',
              message: `${this.options.game.title} is played by ${this.options.game.sides.count} players`,
              field: 'players',
            });
          this.append(
            {
              type: 'matchStarted',
              game: this.options.game.id,
              players: message.players,
              options: options.data,
            },
            by,
          );
          break;
        }
        case 'enterMove': {
          const granted = this.check({ type: 'move', move: message.move }, actor);
          if (!granted.ok) return granted;
          this.appendRequest(granted.value, by);
          this.audit(by);
          break;
        }
        case 'confirm':
        case 'override': {
          const granted = this.check(
            message.type === 'confirm'
              ? { type: 'confirm', move: message.move }
              : { type: 'override', move: message.move, restated: message.restated },
            actor,
          );
          if (!granted.ok) return granted;
          this.appendRequest(granted.value, by);
          if (message.type === 'override') this.audit(by);
          break;
        }
        case 'undo': {
          const target = this.undoTarget(message);
          if (!target.ok) return target;
          this.store.append({ type: 'undo', target: target.value.seq }, by, this.options.now());
          this.match = this.replayAll();
          done = `undid ${target.value.what}`;
          this.options.logger.info({ by, undid: target.value.what, seq: target.value.seq }, 'undo');
          break;
        }
      }
    } else {
      const { id, ...action } = message;
      const granted = this.check({ type: 'action', action: action as { type: string } }, actor, seen);
      if (!granted.ok) return granted;
      const before = this.lastRuling;
      // A player's confirmation is logged as the player's, not the referee's.
      this.appendRequest(granted.value, actor.role === 'referee' ? by : 'player');
      this.audit(by, before);
    }
    // The referee has decided something: the alerts from following play have been seen.
    if (actor.role === 'referee') this.seen = [];
    this.pushView();
    return ok(done ? { done } : {});
  }

  close(): void {
    this.armed?.cancel();
    this.armed = null;
    this.store.close();
  }
}
