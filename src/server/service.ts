// The match behind the views: the log (SQLite), its replay, what the camera sees now, and the
// referee's decisions. The pipeline reports strokes and ball positions; views send actions; every
// change is appended to the log first, then applied, then pushed to every view.
import type { Logger } from 'pino';
import { describeError, err, ok, type Result } from '../errors.ts';
import { parseMatchEvent, type MatchEvent } from '../match/events.ts';
import { projectView, type SourceInfo } from '../match/project.ts';
import {
  applyEvent,
  replay,
  tableAsSeen,
  type ReplayedMatch,
  type ShotInput,
  type StrokeRecord,
} from '../match/replay.ts';
import { checkState, shotSchema } from '../rules/snooker/state.ts';
import { parseWith } from '../schema.ts';
import { mm } from '../units.ts';
import { openEventStore, type EventStore, type StoredEvent } from '../match/store.ts';
import type { BallView, MatchView, TrailView } from '../match/view.ts';
import type { Table } from '../table/bed.ts';
import { separateBalls } from '../table/occupancy.ts';
import { viewSourceStatus, type SourceStatus, type SourceStatusView } from '../capture/status.ts';
import { describeRuling } from '../web/ruling.ts';
import { hashPin, verifyPin } from './auth.ts';
import { OPEN_MESSAGES, type ClientMessage } from './messages.ts';
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
      readonly view: MatchView;
      /** How the live source is doing, when there is one (the pages show a banner unless playing). */
      readonly source?: SourceStatusView;
    }
  | { readonly type: 'balls'; readonly t: number; readonly balls: readonly BallView[] };

export interface ServiceOptions {
  readonly table: Table;
  readonly logger: Logger;
  /** Wall clock for the log's `at` (ms since the epoch). */
  readonly now: () => number;
  readonly source: SourceInfo;
  /** How close a re-spotted colour must be to its target to be confirmed, mm (the player's page). */
  readonly respotToleranceMm?: number;
}

export interface StrokeReport {
  readonly shot: ShotInput;
  readonly start: number;
  readonly end: number;
  readonly trails?: readonly TrailView[];
  /** The balls as the camera saw them just before the stroke. */
  readonly before?: readonly BallView[];
  /** Wall-clock time (ms since 1970) the last ball came to rest. */
  readonly endedAt?: number;
}

/** Pipeline latencies of rulings kept for /api/health. */
const LATENCIES_KEPT = 100;

export interface RulingLatency {
  /** Strokes measured (the last LATENCIES_KEPT at most). */
  readonly strokes: number;
  readonly lastMs: number | null;
  readonly p50Ms: number | null;
  readonly maxMs: number | null;
}

const PIN_KEY = 'refereePinHash';
export const RESPOT_TOLERANCE_MM = 5;

export class MatchService {
  private match: ReplayedMatch;
  private live: { t: number; balls: readonly BallView[] } | null = null;
  private source: SourceInfo;
  private sourceStatus: SourceStatus | undefined;
  private readonly listeners = new Set<(push: Push) => void>();
  /** How long after the last ball stopped each recent ruling was pushed to the views (ms). */
  private readonly latencies: number[] = [];

  private constructor(
    private readonly store: EventStore<MatchEvent>,
    private readonly options: ServiceOptions,
  ) {
    this.source = options.source;
    this.match = replay(options.table, store.all());
  }

  /** Open the log at `db` and replay it: a restart resumes the same frame. */
  static open(db: string, options: ServiceOptions): Result<MatchService> {
    const store = openEventStore(db, parseMatchEvent);
    if (!store.ok) return store;
    return ok(new MatchService(store.value, options));
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

  get view(): MatchView {
    return projectView(this.match, this.live?.balls ?? null, this.source);
  }

  get events(): readonly StoredEvent<MatchEvent>[] {
    return this.store.all();
  }

  get replayed(): ReplayedMatch {
    return this.match;
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
    return { type: 'view', view: this.view, ...(source ? { source } : {}) };
  }

  private pushView(): void {
    this.push(this.viewMessage());
  }

  /** Append to the log (committed before this returns), then apply. */
  private append(event: MatchEvent, by: string): StoredEvent<MatchEvent> {
    const stored = this.store.append(event, by, this.options.now());
    this.match = applyEvent(this.options.table, this.match, stored);
    return stored;
  }

  /** Record what the rules made of the last stroke, as shown (an audit line in the log). */
  private audit(record: StrokeRecord | undefined, by: string): void {
    if (record?.ruling)
      this.append({ type: 'ruling', stroke: record.stroke, output: { ...record.ruling } }, by);
  }

  /** A stroke the pipeline saw. A shot that is not even of the right form is refused, naming the field. */
  recordStroke(report: StrokeReport, by = 'pipeline'): Result<StrokeRecord | undefined> {
    const shot = parseWith(shotSchema, report.shot, 'INVALID_INPUT', 'shot');
    if (!shot.ok) return shot;
    const trails = (report.trails ?? []).map((t) => ({
      ...t,
      points: t.points.map(([x, y]) => [x, y] as [number, number]),
    }));
    const before = report.before?.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y) }));
    this.append(
      {
        type: 'stroke',
        shot: shot.value,
        start: report.start,
        end: report.end,
        ...(report.endedAt !== undefined ? { endedAt: report.endedAt } : {}),
        trails,
        ...(before ? { before } : {}),
      },
      by,
    );
    const record = this.match.strokes.at(-1);
    this.audit(record, by);
    if (record?.rejected)
      this.options.logger.warn({ stroke: record.stroke, why: record.rejected }, 'stroke not ruled');
    this.pushView();
    if (report.endedAt !== undefined) {
      const ms = this.options.now() - report.endedAt;
      this.latencies.push(ms);
      if (this.latencies.length > LATENCIES_KEPT) this.latencies.shift();
      const ruling = this.view.rulings.at(-1);
      this.options.logger.info(
        {
          stroke: record?.stroke,
          latencyMs: Math.round(ms),
          ...(ruling && ruling.stroke === record?.stroke ? { ruling: describeRuling(ruling) } : {}),
        },
        'stroke ruled',
      );
    }
    return ok(record);
  }

  /** How soon after the balls stopped the last rulings reached the views: the 300 ms. */
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

  /**
   * The frame goes on from these balls (the camera's, as it sees them now or as they stood before a
   * stroke), with `on` the ball on where the balls alone do not say it.
   */
  setTableFrom(
    actor: Actor,
    seen: readonly BallView[],
    on?: Extract<ClientMessage, { type: 'setTable' }>['on'],
  ): Result<void, ActionError> {
    if (actor.role !== 'referee')
      return err({
        code: 'UNAUTHORIZED',
        message: 'only the referee can set the table up; sign in with the PIN',
      });
    if (seen.length === 0) return err({ code: 'REJECTED', message: 'the camera sees no balls' });
    const balls = separateBalls(
      this.options.table,
      seen.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y) })),
    );
    const checked = checkState(this.options.table, tableAsSeen(this.match.match.frame, balls, on));
    if (!checked.ok)
      return err({
        code: 'REJECTED',
        message: `the table as seen cannot be played from: ${describeError(checked.error)}`,
      });
    this.append({ type: 'setTable', balls, ...(on ? { on } : {}) }, actor.name);
    this.pushView();
    return ok(undefined);
  }

  updateBalls(t: number, balls: readonly BallView[]): void {
    this.live = { t, balls };
    this.push({ type: 'balls', t, balls });
    // While colours are being re-spotted or balls replaced, the distances the views show move with them.
    if (this.match.respots.some((r) => !r.confirmed) || this.match.ghosts.length > 0) this.pushView();
  }

  updateSource(source: SourceInfo): void {
    this.source = source;
  }

  /** The source's state changed (opening, playing, failed and retrying, ended): pushed to the views. */
  updateSourceStatus(status: SourceStatus): void {
    this.sourceStatus = status;
    this.pushView();
  }

  get sourceStatusView(): SourceStatusView | undefined {
    return this.sourceStatus && viewSourceStatus(this.sourceStatus, this.options.now());
  }

  /** A view's action: checked for who may do it and whether it makes sense now, then logged. */
  act(actor: Actor, message: ClientMessage): Result<void, ActionError> {
    if (!OPEN_MESSAGES.has(message.type) && actor.role !== 'referee')
      return err({
        code: 'UNAUTHORIZED',
        message: `only the referee can ${message.type}; sign in with the PIN`,
      });
    const rejected = (why: string, field?: string): Result<never, ActionError> =>
      err(field ? { code: 'REJECTED', message: why, field } : { code: 'REJECTED', message: why });
    const by = actor.name;
    const m = this.match;
    const last = m.strokes.at(-1);
    const frame = m.match.frame;
    const lastIs = (stroke: number): boolean => last?.stroke === stroke;
    switch (message.type) {
      case 'auth':
        return ok(undefined); // handled by the caller, which knows the connection
      case 'startMatch':
        this.append(
          {
            type: 'matchStarted',
            players: message.players,
            bestOf: message.bestOf,
            breaker: message.breaker,
          },
          by,
        );
        break;
      case 'enterStroke': {
        const t = this.live?.t ?? 0;
        const entered = this.recordStroke({ shot: message.shot, start: t, end: t }, by);
        if (!entered.ok) return rejected(entered.error.message, entered.error.field);
        return ok(undefined);
      }
      case 'confirm': {
        const s = m.strokes.find((x) => x.stroke === message.stroke);
        if (!s) return rejected(`no stroke ${message.stroke}`, 'stroke');
        if (!s.ruling)
          return rejected(`stroke ${message.stroke} has no ruling to confirm: override it first`, 'stroke');
        if (s.status === 'confirmed')
          return rejected(`stroke ${message.stroke} is already confirmed`, 'stroke');
        this.append({ type: 'confirm', stroke: message.stroke }, by);
        break;
      }
      case 'override':
      case 'refereeFoul': {
        if (!lastIs(message.stroke)) return rejected('only the last stroke can be changed', 'stroke');
        this.append(
          message.type === 'override'
            ? { type: 'override', stroke: message.stroke, shot: message.shot }
            : { type: 'refereeFoul', stroke: message.stroke, foul: message.foul },
          by,
        );
        const record = this.match.strokes.at(-1);
        if (record?.rejected) {
          this.options.logger.warn({ why: record.rejected }, 'override not ruled');
        }
        this.audit(record, by);
        break;
      }
      case 'nominate':
        if (frame.frameOver) return rejected('the frame is over');
        this.append({ type: 'nominate', ball: message.ball }, by);
        break;
      case 'freeBall':
        if (message.on && !last?.ruling?.foul) return rejected('a free ball follows a foul (WPBSA 3.12)');
        this.append({ type: 'freeBall', on: message.on }, by);
        break;
      case 'callMiss':
        if (!last?.ruling?.missCandidate || !last.ruling.missReplay)
          return rejected('a miss can be called only on a foul where the rules allow it (WPBSA 3.14)');
        this.append({ type: 'callMiss', stroke: last.stroke }, by);
        break;
      case 'playAgain':
        if (!last?.ruling?.foul) return rejected('the offender can be asked to play again only after a foul');
        this.append({ type: 'playAgain' }, by);
        break;
      case 'ballsReplaced':
        if (m.ghosts.length === 0) return rejected('no balls to replace');
        this.append({ type: 'ballsReplaced' }, by);
        break;
      case 'respotConfirm': {
        const target = this.view.respots.find((r) => r.id === message.ball);
        if (!target) return rejected(`the ${message.ball} is not to be re-spotted`, 'ball');
        if (target.confirmed) return rejected(`the ${message.ball} is already confirmed`, 'ball');
        const tolerance = this.options.respotToleranceMm ?? RESPOT_TOLERANCE_MM;
        if (target.distance === undefined || !target.measured)
          return rejected(`the camera does not see the ${message.ball} near its spot`, 'ball');
        if (target.distance > tolerance)
          return rejected(
            `the ${message.ball} is ${target.distance.toFixed(1)} mm from its spot; it must be within ${tolerance} mm`,
            'ball',
          );
        this.append(
          {
            type: 'respotConfirmed',
            ball: message.ball,
            x: target.measured.x,
            y: target.measured.y,
            distance: target.distance,
          },
          actor.role === 'referee' ? by : 'player',
        );
        break;
      }
      case 'concede':
        if (frame.frameOver) return rejected('the frame is over');
        this.append({ type: 'concedeFrame' }, by);
        break;
      case 'setTable':
        return this.setTableFrom(actor, this.live?.balls ?? [], message.on);
      case 'reRack':
        this.append({ type: 'reRack' }, by);
        break;
      case 'undo': {
        const target = m.undoable.at(-1);
        if (target === undefined) return rejected('nothing to undo');
        this.store.append({ type: 'undo', target }, by, this.options.now());
        this.match = replay(this.options.table, this.store.all());
        break;
      }
    }
    this.pushView();
    return ok(undefined);
  }

  close(): void {
    this.store.close();
  }
}
