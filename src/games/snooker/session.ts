// Snooker's match as the core's log replays it (src/match): a pure reducer over the log's events,
// with the rules' match reducer (./rules) at its heart and the referee's decisions (free ball, miss,
// respots, play again, set-up) applied in order. The core keeps the log and undo; this says what each
// event does, whether a request can be granted now, and what the views see.
import { z } from 'zod';
import { describeError, ok, type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import { mm } from '../../core/units.ts';
import type { Table } from '../../equipment/bed.ts';
import { separateBalls } from '../../equipment/occupancy.ts';
import {
  checkStrokeRequest,
  proposedStroke,
  shotWithFoul,
  strokeStatus,
  confirmStroke,
  restateAfter,
  strokeEventWords,
  strokeMoveSchema,
} from '../ball-strokes.ts';
import { refuse, type ActionContext, type EventMeta, type GameSession, type Refusal } from '../definition.ts';
import { SNOOKER_BALL_IDS, SNOOKER_COLOURS, type SnookerBallId, type SnookerColour } from './balls.ts';
import { exportJson, exportRows, STROKE_COLUMNS } from './export.ts';
import {
  applyMatch,
  applyStroke,
  checkShot,
  checkState,
  makeRuleOutput,
  newMatch,
  onForNewTurn,
  openingFrame,
  type Ball,
  type FrameState,
  type MatchState,
  type Ruling,
  type RuleOutput,
  type Shot,
} from './rules/index.ts';
import { REFEREE_FOULS, shotSchema } from './rules/state.ts';
import { opponent, type ObjectBallId, type On, type Player } from './rules/values.ts';
import { projectView, rulingView } from './view.ts';
import { describeRuling } from './web/ruling.ts';
import type { RulingStatus, TrailView } from './views.ts';

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
  /** The ruling as `referee rule` gives it (docs/formats.md §4), with the frame's state after it. */
  readonly output: RuleOutput | null;
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

export interface SnookerMatch {
  readonly table: Table;
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
}

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const strokeNo = z.number().int().min(0);
const player = z.literal([0, 1]);
const objectBall = z.enum(['red', ...SNOOKER_COLOURS]);
const onSchema = z.enum(['red', 'colour', ...SNOOKER_COLOURS]);
const ballSchema = z.object({
  id: z.enum(SNOOKER_BALL_IDS),
  x: finite.transform((n) => mm(n)),
  y: finite.transform((n) => mm(n)),
});
/** A stroke as the pipeline saw it (or a referee entered it): the facts the rules rule on. */
export const strokeSchema = strokeMoveSchema(shotSchema, SNOOKER_BALL_IDS, 22);
export type StrokeMove = z.output<typeof strokeSchema>;
/** A stroke as the pipeline reports it (plain numbers), before the schema brands its units. */
export type StrokeReport = z.input<typeof strokeSchema>;

/** A match's options: its length and who breaks off the first frame (WPBSA 3.3). */
export const matchOptionsSchema = z.object({
  bestOf: z
    .number()
    .int()
    .positive()
    .max(99)
    .refine((n) => n % 2 === 1, 'must be odd')
    .default(1),
  breaker: player.default(0),
});

/** The referee's decisions as the log keeps them. */
export const snookerActionSchema = z.discriminatedUnion('type', [
  /** A foul only a person sees, added to the last stroke (docs/formats.md §4 `fouls`). */
  z.object({ type: z.literal('refereeFoul'), stroke: strokeNo, foul: z.enum(REFEREE_FOULS) }),
  /** The striker's nomination for the coming stroke (WPBSA 3.3(b), 3.12(a)). */
  z.object({ type: z.literal('nominate'), ball: objectBall }),
  /** The referee calls (or withdraws) a free ball for the coming stroke (WPBSA 3.12). */
  z.object({ type: z.literal('freeBall'), on: z.boolean().default(true) }),
  /** FOUL AND A MISS on the last stroke: the balls go back, the offender plays again (WPBSA 3.14). */
  z.object({ type: z.literal('callMiss'), stroke: strokeNo }),
  /** The balls have been put back where they stood after a miss. */
  z.object({ type: z.literal('ballsReplaced') }),
  /** A player placed a re-spotted colour and the camera measured it on its target. */
  z.object({
    type: z.literal('respotConfirmed'),
    ball: z.enum(SNOOKER_COLOURS),
    x: finite,
    y: finite,
    distance: finite,
  }),
  /** After a foul, the incoming player asks the offender to play again; any free ball lapses (WPBSA 3.13, 3.12). */
  z.object({ type: z.literal('playAgain') }),
  /** The striker concedes the frame (WPBSA 3.4). */
  z.object({ type: z.literal('concedeFrame') }),
  /**
   * The frame goes on from the table as the camera sees it: the program started mid-frame, or the
   * balls were moved by hand. Scores and striker stand; the ball on follows from the balls.
   */
  z.object({ type: z.literal('setTable'), balls: z.array(ballSchema).max(22), on: onSchema.optional() }),
  /** The frame is restarted with the same player to break (a stalemate). */
  z.object({ type: z.literal('reRack') }),
]);
export type SnookerAction = z.output<typeof snookerActionSchema>;

/** What the views may ask for (POST /api/action, /ws): checked here, then logged as an action. */
export const snookerRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('refereeFoul'), stroke: strokeNo, foul: z.enum(REFEREE_FOULS) }),
  z.object({ type: z.literal('nominate'), ball: objectBall }),
  z.object({ type: z.literal('freeBall'), on: z.boolean().default(true) }),
  z.object({ type: z.literal('callMiss') }),
  z.object({ type: z.literal('ballsReplaced') }),
  z.object({ type: z.literal('playAgain') }),
  /** A player (or the referee) confirms a re-spotted colour where the camera sees it. */
  z.object({ type: z.literal('respotConfirm'), ball: z.enum(SNOOKER_COLOURS) }),
  z.object({ type: z.literal('concede') }),
  z.object({ type: z.literal('reRack') }),
  /** Go on from the balls as the camera sees them now. */
  z.object({ type: z.literal('setTable'), on: onSchema.optional() }),
]);
export type SnookerRequest = z.output<typeof snookerRequestSchema>;

export type ShotJson = z.output<typeof shotSchema>;
/** A shot as JSON gives it (plain numbers), before the schema brands its units. */
export type ShotInput = z.input<typeof shotSchema>;

/** The contract's shot as the rules take it (firstContact defaults to none). */
export const toShot = (s: ShotJson): Shot =>
  Object.fromEntries(
    Object.entries({ ...s, firstContact: s.firstContact ?? [] }).filter(([, v]) => v !== undefined),
  ) as unknown as Shot;

export const DEFAULT_PLAYERS: readonly [string, string] = ['Player 1', 'Player 2'];

/** How close a re-spotted colour must be to its target to be confirmed, mm (the player's page). */
export const RESPOT_TOLERANCE_MM = 5;

export const emptyMatch = (table: Table): SnookerMatch => ({
  table,
  match: newMatch(1, 0, { table }),
  rack: 0,
  strokes: [],
  beforeLast: null,
  nominated: null,
  ghosts: [],
  respots: [],
});

const rule = (
  table: Table,
  before: MatchState,
  shot: Shot,
): { match: MatchState; ruling: Ruling | null; output: RuleOutput | null; rejected: string | null } => {
  const checked = checkShot(table, before.frame, shot);
  if (!checked.ok)
    return {
      match: before,
      ruling: null,
      output: null,
      rejected: `${checked.error.field ?? 'shot'}: ${checked.error.message}`,
    };
  const match = applyMatch(before, { type: 'stroke', shot }, { table });
  // The frame's own state after the stroke (the match has moved to the next frame if this one ended).
  const stroke = applyStroke(before.frame, shot, { table });
  return {
    match,
    ruling: match.lastRuling,
    output: makeRuleOutput(stroke.ruling, stroke.state),
    rejected: null,
  };
};

const respotsOf = (ruling: Ruling | null): RespotRecord[] =>
  (ruling?.respots ?? []).map((r) => ({ id: r.id, x: r.x, y: r.y, confirmed: false }));

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
const reRule = (m: SnookerMatch, stroke: number, shot: Shot, by: string): SnookerMatch => {
  const last = m.strokes.at(-1);
  if (!last || last.stroke !== stroke || !m.beforeLast) return m;
  const { match, ruling, output, rejected } = rule(m.table, m.beforeLast, shot);
  const record: StrokeRecord = { ...last, shot, ruling, output, rejected, status: 'overridden', by };
  return {
    ...m,
    match,
    strokes: [...m.strokes.slice(0, -1), record],
    respots: respotsOf(ruling),
    ghosts: [],
  };
};

/**
 * A new frame from the balls as the camera sees them, the first player to strike, the scores level
 * (`referee run` with no state to start from, and after each frame it sees end).
 */
export const setUpFrom = (
  m: SnookerMatch,
  balls: readonly { id: SnookerBallId; x: number; y: number }[],
): SnookerMatch => {
  const seen = separateBalls(
    m.table,
    balls.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y) })),
  );
  return newRack(m, { ...m.match, frame: tableAsSeen(openingFrame(0, m.table), seen), lastRuling: null });
};

/** A frame re-set on a new rack: nothing of the last stroke carries over. */
const newRack = (m: SnookerMatch, match: MatchState): SnookerMatch => ({
  ...m,
  match,
  rack: m.rack + 1,
  beforeLast: null,
  nominated: null,
  ghosts: [],
  respots: [],
});

const SET_UP_SINCE =
  'the table has been set up or a new frame begun since the last stroke: it can no longer be changed';

const CONCEDE: Shot = { concede: true, firstContact: [], potted: [], offTable: [], fouls: [] };

/** A stroke seen (or entered): ruled from the match as it stands, with the balls where they were seen. */
export const recordStroke = (m: SnookerMatch, move: StrokeMove, meta: EventMeta): SnookerMatch => {
  const raw = toShot(move.shot);
  const shot: Shot = m.nominated && raw.nominated === undefined ? { ...raw, nominated: m.nominated } : raw;
  const before = seenBefore(m.match, move.before);
  const { match, ruling, output, rejected } = rule(m.table, before, shot);
  const record: StrokeRecord = {
    stroke: m.strokes.length,
    frame: before.frameNumber,
    rack: m.rack,
    striker: before.frame.striker,
    shot,
    ruling,
    output,
    rejected,
    ...proposedStroke(move, meta),
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
};

const applyAction = (m: SnookerMatch, a: SnookerAction, by: string): SnookerMatch => {
  switch (a.type) {
    case 'refereeFoul': {
      const shot = shotWithFoul(m.strokes, a.stroke, a.foul);
      return shot ? reRule(m, a.stroke, shot, by) : m;
    }
    case 'nominate':
      return { ...m, nominated: a.ball };
    case 'freeBall':
      return { ...m, match: { ...m.match, frame: { ...m.match.frame, freeBall: a.on } } };
    case 'callMiss': {
      const last = m.strokes.at(-1);
      const replayed = last?.ruling?.missReplay;
      if (!last || last.stroke !== a.stroke || !replayed) return m;
      if (last.ruling?.missForfeit) {
        // WPBSA 3.14: a third miss with a full-ball contact open loses the frame for the offender.
        const forfeited = applyMatch(
          { ...m.match, frame: replayed },
          { type: 'stroke', shot: CONCEDE },
          { table: m.table },
        );
        return { ...m, match: forfeited, ghosts: [], respots: [] };
      }
      return { ...m, match: { ...m.match, frame: replayed }, ghosts: replayed.balls, respots: [] };
    }
    case 'playAgain': {
      const f = m.match.frame;
      const offender = opponent(f.striker);
      return { ...m, match: { ...m.match, frame: { ...f, striker: offender, freeBall: false, break: 0 } } };
    }
    case 'ballsReplaced':
      return { ...m, ghosts: [] };
    case 'respotConfirmed':
      return { ...m, respots: m.respots.map((r) => (r.id === a.ball ? { ...r, confirmed: true } : r)) };
    case 'concedeFrame':
      return newRack(m, applyMatch(m.match, { type: 'stroke', shot: CONCEDE }, { table: m.table }));
    case 'setTable':
      return newRack(m, {
        ...m.match,
        frame: tableAsSeen(m.match.frame, a.balls, a.on),
        lastRuling: null,
      });
    case 'reRack':
      return newRack(m, { ...m.match, frame: openingFrame(m.match.breaker, m.table), lastRuling: null });
  }
};

/** Can the views' request be granted now? The action to log, or why not. */
const checkRequest = (
  m: SnookerMatch,
  r: SnookerRequest,
  ctx: ActionContext,
  view: () => ReturnType<typeof projectView>,
): Result<SnookerAction, Refusal> => {
  const last = m.strokes.at(-1);
  const frame = m.match.frame;
  switch (r.type) {
    case 'refereeFoul':
      if (last?.stroke !== r.stroke) return refuse('only the last stroke can be changed', 'stroke');
      return ok(r);
    case 'nominate':
      if (frame.frameOver) return refuse('the frame is over');
      return ok(r);
    case 'freeBall':
      if (r.on && !last?.ruling?.foul) return refuse('a free ball follows a foul (WPBSA 3.12)');
      return ok(r);
    case 'callMiss':
      if (!last?.ruling?.missCandidate || !last.ruling.missReplay)
        return refuse('a miss can be called only on a foul where the rules allow it (WPBSA 3.14)');
      return ok({ type: 'callMiss', stroke: last.stroke });
    case 'playAgain':
      if (!last?.ruling?.foul) return refuse('the offender can be asked to play again only after a foul');
      return ok(r);
    case 'ballsReplaced':
      if (m.ghosts.length === 0) return refuse('no balls to replace');
      return ok(r);
    case 'respotConfirm': {
      const target = view().respots.find((t) => t.id === r.ball);
      if (!target) return refuse(`the ${r.ball} is not to be re-spotted`, 'ball');
      if (target.confirmed) return refuse(`the ${r.ball} is already confirmed`, 'ball');
      if (target.distance === undefined || !target.measured)
        return refuse(`the camera does not see the ${r.ball} near its spot`, 'ball');
      if (target.distance > RESPOT_TOLERANCE_MM)
        return refuse(
          `the ${r.ball} is ${target.distance.toFixed(1)} mm from its spot; it must be within ${RESPOT_TOLERANCE_MM} mm`,
          'ball',
        );
      return ok({
        type: 'respotConfirmed',
        ball: r.ball,
        x: target.measured.x,
        y: target.measured.y,
        distance: target.distance,
      });
    }
    case 'concede':
      if (frame.frameOver) return refuse('the frame is over');
      return ok({ type: 'concedeFrame' });
    case 'reRack':
      return ok(r);
    case 'setTable': {
      if (ctx.live.length === 0) return refuse('the camera sees no balls');
      const known = ctx.live.filter((b): b is { id: SnookerBallId; x: number; y: number } =>
        (SNOOKER_BALL_IDS as readonly string[]).includes(b.id),
      );
      const balls = separateBalls(
        m.table,
        known.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y) })),
      );
      const checked = checkState(m.table, tableAsSeen(frame, balls, r.on));
      if (!checked.ok)
        return refuse(`the table as seen cannot be played from: ${describeError(checked.error)}`);
      return ok({ type: 'setTable', balls, ...(r.on ? { on: r.on } : {}) });
    }
  }
};

const WORDS: Readonly<Record<SnookerAction['type'], (a: SnookerAction) => string>> = {
  refereeFoul: (a) =>
    a.type === 'refereeFoul' ? `the ${FOUL_WORDS[a.foul]} called on stroke ${a.stroke + 1}` : '',
  nominate: (a) => (a.type === 'nominate' ? `the nomination of the ${a.ball}` : ''),
  freeBall: (a) => (a.type === 'freeBall' ? (a.on ? 'the free ball' : 'the free ball withdrawn') : ''),
  callMiss: (a) => (a.type === 'callMiss' ? `the miss called on stroke ${a.stroke + 1}` : ''),
  ballsReplaced: () => 'the balls replaced after the miss',
  respotConfirmed: (a) => (a.type === 'respotConfirmed' ? `the ${a.ball} confirmed on its spot` : ''),
  playAgain: () => 'the offender asked to play again',
  concedeFrame: () => 'the frame conceded',
  setTable: () => 'the table set up as the camera saw it',
  reRack: () => 'the re-rack',
};

/** The fouls only a person sees, in words (the referee's page and the Undo button). */
export const FOUL_WORDS: Readonly<Record<(typeof REFEREE_FOULS)[number], string>> = {
  push: 'push stroke',
  jump: 'jump shot',
  doubleHit: 'double hit',
  ballsMoving: 'played while balls were moving',
  touchedBall: 'ball touched',
  noFootOnFloor: 'no foot on the floor',
  noNomination: 'no nomination',
  wrongCueBall: 'wrong cue ball',
};

export const snookerSession: GameSession<SnookerMatch> = {
  moveSchema: strokeSchema,
  restateSchema: shotSchema,
  actionSchema: snookerActionSchema,
  requestSchema: snookerRequestSchema,
  requestTypes: snookerRequestSchema.options.map((o) => o.shape.type.value) as [string, ...string[]],
  optionsSchema: matchOptionsSchema,
  openActions: new Set(['respotConfirm']),
  initial: emptyMatch,
  start: (m, _players, options) => {
    const o = matchOptionsSchema.parse(options);
    return { ...emptyMatch(m.table), match: newMatch(o.bestOf, o.breaker, { table: m.table }) };
  },
  move: (m, move, meta) => recordStroke(m, strokeSchema.parse(move), meta),
  confirm: (m, stroke, meta) => ({ ...m, strokes: confirmStroke(m.strokes, stroke, meta.by) }),
  override: (m, stroke, restated, meta) => {
    // The referee restates what was hit and what went in; where the balls stopped and what was
    // nominated stand as recorded unless restated too.
    const last = m.strokes.at(-1);
    const shot = toShot(shotSchema.parse(restated));
    const after =
      shot.after ??
      (last && m.beforeLast ? restateAfter(last.shot, shot, m.beforeLast.frame.balls) : undefined);
    const nominated = shot.nominated ?? last?.shot.nominated;
    return reRule(
      m,
      stroke,
      { ...shot, ...(after ? { after } : {}), ...(nominated ? { nominated } : {}) },
      meta.by,
    );
  },
  action: (m, action, meta) => applyAction(m, snookerActionSchema.parse(action), meta.by),
  check: (m, request, ctx) => {
    if (request.type !== 'action')
      return checkStrokeRequest(
        m.strokes,
        request,
        { move: strokeSchema, shot: shotSchema },
        { setUpSince: m.beforeLast ? undefined : SET_UP_SINCE },
      );
    const parsed = parseWith(snookerRequestSchema, request.action);
    if (!parsed.ok) return refuse(parsed.error.message, parsed.error.field);
    const action = checkRequest(m, parsed.value, ctx, () => projectView(m, ctx.live));
    return action.ok ? ok({ type: 'action', action: action.value }) : action;
  },
  moves: (m) => m.strokes.map(strokeStatus),
  view: (m, live) => projectView(m, live),
  sayRuling: (m, stroke) => {
    const s = m.strokes.find((x) => x.stroke === stroke);
    return s ? describeRuling(rulingView(s)) : undefined;
  },
  describe: (r) => {
    switch (r.type) {
      case 'move':
      case 'confirm':
      case 'override':
        return strokeEventWords(r, strokeSchema);
      case 'action': {
        const a = snookerActionSchema.safeParse(r.action);
        if (!a.success) return { what: r.action.type };
        const stroke = 'stroke' in a.data ? a.data.stroke : undefined;
        return { what: WORDS[a.data.type](a.data), ...(stroke !== undefined ? { move: stroke } : {}) };
      }
    }
  },
  exportColumns: STROKE_COLUMNS,
  exportRows: (m, frame) => exportRows(m, frame),
  exportJson,
};
