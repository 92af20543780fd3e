// Black-ball's match as the core's log replays it (src/match): a pure reducer over the log's events,
// with the rules engine (./rules: `applyStroke` on the frame state) at its heart and the referee's
// decisions (fouls only a person sees, the announced snooker, the cue ball taken in hand on a free kick,
// the foot-spot request of seed 1.3, a set-up from the camera, a re-rack, a concession) applied in
// order. Frames follow one another by themselves: when one ends the next is racked, the break
// alternating (seed 2.3), until a player has won `raceTo` frames.
import { z } from 'zod';
import { describeError, ok, type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import { mm } from '../../core/units.ts';
import type { Table } from '../../equipment/bed.ts';
import { separateBalls } from '../../equipment/occupancy.ts';
import { refuse, type ActionContext, type EventMeta, type GameSession, type Refusal } from '../definition.ts';
import {
  checkStrokeRequest,
  type RulingStatus,
  proposedStroke,
  shotWithFoul,
  strokeStatus,
  confirmStroke,
  restateAfter,
  strokeEventWords,
  strokeMoveSchema,
} from '../ball-strokes.ts';
import {
  BALL_IDS,
  CUE,
  OBJECT_BALL_IDS,
  inCabin,
  isBallId,
  isObjectBallId,
  marksOf,
  type Ball,
  type BallId,
  type ObjectBallId,
} from './equipment.ts';
import { exportJson, exportRows, STROKE_COLUMNS } from './export.ts';
import {
  REFEREE_FOULS,
  applyStroke,
  ballSchema,
  ballsOn,
  checkShot,
  checkState,
  makeRuleOutput,
  openingFrame,
  opponent,
  shotSchema,
  type FrameState,
  type Player,
  type RuleOutput,
  type Ruling,
  type Shot,
} from './rules/index.ts';
import { projectView, rulingView } from './view.ts';
import { describeRuling } from './web/ruling.ts';
import { FOUL_WORDS } from './words.ts';

export { FOUL_WORDS };
export type { RulingStatus };

export interface TrailRecord {
  readonly track: string;
  readonly id: BallId;
  readonly points: readonly (readonly [number, number])[];
}

/** What ended a frame, or re-racked it, for the views' alert. */
export interface FrameNotice {
  readonly kind: 'lossOfFrame' | 'win' | 'rerack' | 'conceded';
  /** The frame it concerns, from 1. */
  readonly frame: number;
  /** Who lost (lossOfFrame, conceded), won (win) or breaks again (rerack). */
  readonly player: Player;
  readonly reason: string;
}

/** Where the match stands between strokes: what a stroke is ruled from, and what it leads to. */
export interface Standing {
  /** The frame as it stands before the next stroke (the engine's state). */
  readonly frame: FrameState;
  /** The frame's number in the match, from 1. */
  readonly frameNumber: number;
  /** The rack on the table, counted through the match from 0: a new frame or a re-rack starts the next. */
  readonly rack: number;
  /** Who broke (or is to break) this frame; the next frame's break goes to the other (seed 2.3). */
  readonly breaker: Player;
  readonly framesWon: readonly [number, number];
  /** The match's winner, once a player has won `raceTo` frames. */
  readonly winner: Player | null;
  /** What the last stroke (or a concession) did to the frame: lost, won, re-racked. */
  readonly notice: FrameNotice | null;
}

export interface StrokeRecord {
  /** Numbered through the match from 0, in the order played. */
  readonly stroke: number;
  readonly frame: number;
  readonly rack: number;
  readonly striker: Player;
  /** The stroke was the break, a free kick, from hand, with the snooker announced. */
  readonly break: boolean;
  readonly freeKick: boolean;
  readonly cueInHand: boolean;
  readonly snookered: boolean;
  readonly shot: Shot;
  readonly start: number;
  readonly end: number;
  readonly endedAt?: number;
  readonly trails: readonly TrailRecord[];
  /** Null when the stroke as seen could not have happened from the state (see `rejected`). */
  readonly ruling: Ruling | null;
  /** The ruling as `referee rule` gives it (docs/formats.md §8), with the frame's state after it. */
  readonly output: RuleOutput | null;
  readonly rejected: string | null;
  readonly status: RulingStatus;
  readonly by: string;
  readonly seq: number;
}

export interface BlackballMatch extends Standing {
  readonly table: Table;
  /** Frames needed to win the match. */
  readonly raceTo: number;
  readonly strokes: readonly StrokeRecord[];
  /** The match as it stood before the last stroke, to rule on it again after an override. */
  readonly beforeLast: Standing | null;
}

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const strokeNo = z.number().int().min(0);
const player = z.literal([0, 1]);
/**
 * A stroke as the pipeline saw it (or the referee entered it): docs/formats.md §8's shot, with the
 * stroke's times, the balls' paths, and where the camera saw the balls before it.
 */
export const strokeSchema = strokeMoveSchema(shotSchema, BALL_IDS, 16);
export type StrokeMove = z.output<typeof strokeSchema>;
/** A stroke as the pipeline reports it (plain numbers), before the schema brands its units. */
export type StrokeReport = z.input<typeof strokeSchema>;
export type ShotInput = z.input<typeof shotSchema>;

/** A match's options: frames to win (a race), and who breaks the first frame (seed 1.2, 2.3). */
export const matchOptionsSchema = z.object({
  raceTo: z.number().int().positive().max(50).default(1),
  breaker: player.default(0),
});

/** The referee's decisions as the log keeps them. */
export const blackballActionSchema = z.discriminatedUnion('type', [
  /** A foul only a person sees, added to the last stroke (docs/formats.md §8 `shot.fouls`). */
  z.object({ type: z.literal('refereeFoul'), stroke: strokeNo, foul: z.enum(REFEREE_FOULS) }),
  /** The referee announces (or withdraws) that the striker is snookered (seed 2.10: 3.3 is off). */
  z.object({ type: z.literal('snookered'), on: z.boolean().default(true) }),
  /** On a free kick the incoming player takes the cue ball in hand in the cabin (seed 2.1). */
  z.object({ type: z.literal('freeKickFromHand') }),
  /** Seed 1.3: the on ball nearest the head line moved to the foot spot (or as near it as it goes). */
  z.object({ type: z.literal('footSpot'), ball: z.enum(OBJECT_BALL_IDS), x: finite, y: finite }),
  /** The frame goes on from the table as the camera sees it; striker, groups and fouls stand. */
  z.object({ type: z.literal('setTable'), balls: z.array(ballSchema).max(16) }),
  /** The frame is racked again, the same player to break (a stalemate, a rack set wrong). */
  z.object({ type: z.literal('reRack') }),
  /** A player concedes the frame (seed 1.5). */
  z.object({ type: z.literal('concedeFrame'), player }),
]);
export type BlackballAction = z.output<typeof blackballActionSchema>;

/** What the views may ask for (POST /api/action, /ws): checked here, then logged as an action. */
export const blackballRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('refereeFoul'), stroke: strokeNo, foul: z.enum(REFEREE_FOULS) }),
  z.object({ type: z.literal('snookered'), on: z.boolean().default(true) }),
  z.object({ type: z.literal('freeKickFromHand') }),
  /** The striker asks for seed 1.3; `ball` chooses between on balls equally near the head line. */
  z.object({ type: z.literal('requestFootSpot'), ball: z.enum(OBJECT_BALL_IDS).optional() }),
  z.object({ type: z.literal('setTable') }),
  z.object({ type: z.literal('reRack') }),
  /** `player` concedes (default: the striker). */
  z.object({ type: z.literal('concede'), player: player.optional() }),
]);
export type BlackballRequest = z.output<typeof blackballRequestSchema>;

const toShot = (s: z.output<typeof shotSchema>): Shot =>
  Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as unknown as Shot;

const standingOf = (m: BlackballMatch): Standing => ({
  frame: m.frame,
  frameNumber: m.frameNumber,
  rack: m.rack,
  breaker: m.breaker,
  framesWon: m.framesWon,
  winner: m.winner,
  notice: m.notice,
});

const newMatch = (table: Table, raceTo: number, breaker: Player): BlackballMatch => ({
  table,
  raceTo,
  frame: openingFrame(breaker, table),
  frameNumber: 1,
  rack: 0,
  breaker,
  framesWon: [0, 0],
  winner: null,
  notice: null,
  strokes: [],
  beforeLast: null,
});

export const emptyMatch = (table: Table): BlackballMatch => newMatch(table, 1, 0);

/**
 * A frame over: counted to its winner; the match won at `raceTo`, or the next frame racked with the
 * break going to the other player (seed 2.3).
 */
const frameEnded = (
  table: Table,
  raceTo: number,
  s: Standing,
  frame: FrameState,
  winner: Player,
  notice: FrameNotice,
): Standing => {
  const framesWon: [number, number] = [s.framesWon[0], s.framesWon[1]];
  framesWon[winner] += 1;
  if (framesWon[winner] >= raceTo) return { ...s, frame, framesWon, winner, notice };
  const breaker = opponent(s.breaker);
  return {
    ...s,
    frame: openingFrame(breaker, table),
    frameNumber: s.frameNumber + 1,
    rack: s.rack + 1,
    breaker,
    framesWon,
    notice,
  };
};

interface Ruled {
  readonly standing: Standing;
  readonly ruling: Ruling | null;
  readonly output: RuleOutput | null;
  readonly rejected: string | null;
}

/** Rule on a stroke from where the match stands, and where it leaves the match. */
const ruleOn = (table: Table, raceTo: number, s: Standing, shot: Shot): Ruled => {
  const checked = checkShot(table, s.frame, shot);
  if (!checked.ok) return { standing: s, ruling: null, output: null, rejected: describeError(checked.error) };
  const { ruling, state } = applyStroke(s.frame, shot, table);
  const output = makeRuleOutput(ruling, state);
  const striker = s.frame.striker;
  let standing: Standing;
  if (ruling.frameOver && ruling.winner !== null) {
    const notice: FrameNotice = ruling.lossOfFrame
      ? { kind: 'lossOfFrame', frame: s.frameNumber, player: striker, reason: ruling.lossOfFrame.reason }
      : {
          kind: 'win',
          frame: s.frameNumber,
          player: ruling.winner,
          reason: 'the black potted legally (seed 2, 2.7)',
        };
    standing = frameEnded(table, raceTo, s, state, ruling.winner, notice);
  } else if (ruling.rerack)
    standing = {
      ...s,
      frame: state,
      rack: s.rack + 1,
      notice: {
        kind: 'rerack',
        frame: s.frameNumber,
        player: striker,
        reason: 'the black went down on the break: re-rack, the same player breaks again (seed 2.5(c))',
      },
    };
  else standing = { ...s, frame: state, notice: null };
  return { standing, ruling, output, rejected: null };
};

/**
 * The frame with the balls where the camera saw them before the stroke, when it saw the same object
 * balls the rules expect (the cue ball may have been placed from hand) and they make a state that can
 * be; otherwise the rules' own positions.
 */
const seenBefore = (table: Table, f: FrameState, seen: readonly Ball[] | undefined): FrameState => {
  if (!seen) return f;
  const key = (balls: readonly Ball[]): string =>
    balls
      .map((b) => b.id)
      .filter((id) => id !== CUE)
      .sort()
      .join(',');
  const cues = seen.filter((b) => b.id === CUE).length;
  if (key(seen) !== key(f.balls) || (f.cueInHand ? cues > 1 : cues !== 1)) return f;
  const frame = { ...f, balls: seen };
  return checkState(table, frame).ok ? frame : f;
};

/** The frame as it stands with these balls on the table: striker, groups and fouls stand. */
export const tableAsSeen = (f: FrameState, balls: readonly Ball[]): FrameState => {
  const objects = balls.filter((b) => b.id !== CUE).length;
  return {
    ...f,
    balls,
    // A full rack not yet broken stays the break; anything else is a frame in play.
    break: f.break && objects === OBJECT_BALL_IDS.length,
    cueInHand: !balls.some((b) => b.id === CUE),
    freeKick: f.break && objects === OBJECT_BALL_IDS.length ? false : f.freeKick,
    snookered: false,
    frameOver: false,
    winner: null,
  };
};

/** The balls the camera sees, as the rules take them: known ids, one of each, pushed just apart. */
const seenBalls = (table: Table, live: ActionContext['live']): Ball[] => {
  const seen = new Set<string>();
  const known = live.filter((b): b is { id: BallId; x: number; y: number } => {
    if (!isBallId(b.id) || seen.has(b.id)) return false;
    seen.add(b.id);
    return true;
  });
  return separateBalls(
    table,
    known.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y) })),
  );
};

/**
 * A new frame from the balls as the camera sees them, the first player to strike (`referee run` with
 * no state to start from, and after each frame it sees end): the break if all fifteen are there.
 */
export const setUpFrom = (
  m: BlackballMatch,
  balls: readonly { id: BallId; x: number; y: number }[],
): BlackballMatch => {
  const seen = seenBalls(m.table, balls);
  return newRack(m, {
    ...standingOf(m),
    frame: tableAsSeen(openingFrame(0, m.table), seen),
    winner: null,
    notice: null,
  });
};

/** A frame re-set on a new rack: nothing of the last stroke carries over. */
const newRack = (m: BlackballMatch, s: Standing): BlackballMatch => ({
  ...m,
  ...s,
  rack: m.rack + 1,
  beforeLast: null,
});

/** A stroke seen (or entered): ruled from the match as it stands, with the balls where they were seen. */
export const recordStroke = (m: BlackballMatch, move: StrokeMove, meta: EventMeta): BlackballMatch => {
  const before: Standing = { ...standingOf(m), frame: seenBefore(m.table, m.frame, move.before) };
  const f = before.frame;
  // Nothing is ever put back in black-ball (no respots): an object ball the camera reports at rest
  // after the stroke that was not on the table before it is a false detection, not a ball.
  const there = new Set<string>(f.balls.map((b) => b.id));
  const seen = toShot(move.shot);
  const shot: Shot = seen.after
    ? { ...seen, after: seen.after.filter((b) => b.id === CUE || there.has(b.id)) }
    : seen;
  const { standing, ruling, output, rejected } = ruleOn(m.table, m.raceTo, before, shot);
  const record: StrokeRecord = {
    stroke: m.strokes.length,
    frame: before.frameNumber,
    rack: before.rack,
    striker: f.striker,
    break: f.break,
    freeKick: f.freeKick,
    cueInHand: f.cueInHand,
    snookered: f.snookered,
    shot,
    ruling,
    output,
    rejected,
    ...proposedStroke(move, meta),
  };
  return { ...m, ...standing, beforeLast: before, strokes: [...m.strokes, record] };
};

/** Rule again on the last stroke with restated facts (an override, a referee-seen foul). */
const reRule = (m: BlackballMatch, stroke: number, shot: Shot, by: string): BlackballMatch => {
  const last = m.strokes.at(-1);
  if (!last || last.stroke !== stroke || !m.beforeLast) return m;
  const { standing, ruling, output, rejected } = ruleOn(m.table, m.raceTo, m.beforeLast, shot);
  const record: StrokeRecord = { ...last, shot, ruling, output, rejected, status: 'overridden', by };
  return { ...m, ...standing, strokes: [...m.strokes.slice(0, -1), record] };
};

/** The balls on for the striker now, from the balls on the table. */
export const ballsOnNow = (f: FrameState): readonly ObjectBallId[] =>
  ballsOn(f.groups, f.striker, f.balls.map((b) => b.id).filter(isObjectBallId));

/**
 * The frame with the balls where the camera sees them now, when it sees the same object balls the
 * rules have on the table (seed 1.3 is judged on the table as it is, a placed cue ball aside).
 */
export const frameAsSeenNow = (
  table: Table,
  f: FrameState,
  live: ActionContext['live'] | null,
): FrameState => (live && live.length > 0 ? seenBefore(table, f, seenBalls(table, live)) : f);

/**
 * Seed 1.3: with the cue ball in hand in the cabin and every ball on in the cabin too, the striker may
 * have the on ball nearest the head line moved to the foot spot (the player designates among equally
 * near ones). The candidates, nearest the line first; empty when the rule does not apply now.
 */
export const footSpotCandidates = (table: Table, f: FrameState): readonly ObjectBallId[] => {
  if (f.frameOver || f.break || !f.cueInHand) return [];
  const on = ballsOnNow(f);
  const balls = f.balls.filter(
    (b): b is Ball & { id: ObjectBallId } => isObjectBallId(b.id) && on.includes(b.id),
  );
  if (balls.length === 0 || !balls.every((b) => inCabin(b, table))) return [];
  const nearest = Math.max(...balls.map((b) => b.y));
  return balls.filter((b) => nearest - b.y <= 0.5).map((b) => b.id);
};

/** Where a ball moved to the foot spot goes: the spot, or the nearest free place on the long string behind it, then before it. */
export const footSpotPlace = (
  table: Table,
  balls: readonly Ball[],
  moving: BallId,
): { x: number; y: number } => {
  const { footSpot } = marksOf(table);
  const others = balls.filter((b) => b.id !== moving);
  const free = (y: number): boolean =>
    y <= table.length - table.ballRadius &&
    y >= table.ballRadius &&
    !others.some((b) => Math.hypot(b.x - footSpot.x, b.y - y) < table.ballDiameter);
  for (let d = 0; d < table.length; d++) {
    if (free(footSpot.y + d)) return { x: footSpot.x, y: footSpot.y + d };
    if (free(footSpot.y - d)) return { x: footSpot.x, y: footSpot.y - d };
  }
  return { x: footSpot.x, y: footSpot.y };
};

const CONCEDE_REASON = 'the frame conceded (seed 1.5)';

const applyAction = (m: BlackballMatch, a: BlackballAction, by: string): BlackballMatch => {
  switch (a.type) {
    case 'refereeFoul': {
      const shot = shotWithFoul(m.strokes, a.stroke, a.foul);
      return shot ? reRule(m, a.stroke, shot, by) : m;
    }
    case 'snookered':
      return { ...m, frame: { ...m.frame, snookered: a.on } };
    case 'freeKickFromHand':
      return {
        ...m,
        frame: { ...m.frame, cueInHand: true, balls: m.frame.balls.filter((b) => b.id !== CUE) },
      };
    case 'footSpot':
      return {
        ...m,
        frame: {
          ...m.frame,
          balls: m.frame.balls.map((b) => (b.id === a.ball ? { ...b, x: mm(a.x), y: mm(a.y) } : b)),
        },
      };
    case 'setTable':
      return newRack(m, { ...standingOf(m), frame: tableAsSeen(m.frame, a.balls), notice: null });
    case 'reRack':
      return newRack(m, {
        ...standingOf(m),
        frame: { ...openingFrame(m.breaker, m.table), fouls: [0, 0] },
        notice: null,
      });
    case 'concedeFrame': {
      const winner = opponent(a.player);
      const frame: FrameState = { ...m.frame, frameOver: true, winner };
      const s = frameEnded(m.table, m.raceTo, standingOf(m), frame, winner, {
        kind: 'conceded',
        frame: m.frameNumber,
        player: a.player,
        reason: CONCEDE_REASON,
      });
      return { ...m, ...s, beforeLast: null };
    }
  }
};

const SET_UP_SINCE =
  'the table has been set up, re-racked or the frame conceded since the last stroke: it can no longer be changed';

/** Can the views' request be granted now? The action to log, or why not. */
const checkRequest = (
  m: BlackballMatch,
  r: BlackballRequest,
  ctx: ActionContext,
): Result<BlackballAction, Refusal> => {
  const last = m.strokes.at(-1);
  const f = m.frame;
  const over = m.winner !== null ? 'the match is over' : null;
  switch (r.type) {
    case 'refereeFoul':
      if (last?.stroke !== r.stroke) return refuse('only the last stroke can be changed', 'stroke');
      if (!m.beforeLast) return refuse(SET_UP_SINCE, 'stroke');
      if (!last.ruling) return refuse('the last stroke has no ruling: override it first', 'stroke');
      if (last.shot.fouls.includes(r.foul))
        return refuse(`a ${FOUL_WORDS[r.foul]} is already called on that stroke`, 'foul');
      return ok(r);
    case 'snookered':
      if (over) return refuse(over);
      if (r.on && f.break)
        return refuse(
          'the break is played from the cabin at the rack: no snooker to announce (seed 2.5, 2.10)',
        );
      if (r.on && f.snookered) return refuse('the snooker is already announced (seed 2.10)');
      if (!r.on && !f.snookered) return refuse('no snooker has been announced (seed 2.10)');
      return ok(r);
    case 'freeKickFromHand':
      if (over) return refuse(over);
      if (!f.freeKick)
        return refuse('the cue ball may be taken in hand only on a free kick after a foul (seed 2.1)');
      if (f.cueInHand) return refuse('the cue ball is already in hand in the cabin (seed 2.8)');
      return ok(r);
    case 'requestFootSpot': {
      if (over) return refuse(over);
      const now = frameAsSeenNow(m.table, f, ctx.live);
      const candidates = footSpotCandidates(m.table, now);
      if (candidates.length === 0)
        return refuse(
          'seed 1.3 applies only with the cue ball in hand in the cabin and every ball on in the cabin too',
        );
      const ball = r.ball ?? candidates[0];
      if (ball === undefined || !candidates.includes(ball))
        return refuse(
          `the ${r.ball ?? '?'} is not the ball on nearest the head line (seed 1.3): ${candidates.join(' or ')}`,
          'ball',
        );
      if (r.ball === undefined && candidates.length > 1)
        return refuse(
          `the striker designates which goes to the foot spot: ${candidates.join(' or ')} (seed 1.3)`,
          'ball',
        );
      const at = footSpotPlace(m.table, now.balls, ball);
      return ok({ type: 'footSpot', ball, x: at.x, y: at.y });
    }
    case 'setTable': {
      if (over) return refuse(over);
      if (ctx.live.length === 0) return refuse('the camera sees no balls');
      const balls = seenBalls(m.table, ctx.live);
      const checked = checkState(m.table, tableAsSeen(f, balls));
      if (!checked.ok)
        return refuse(`the table as seen cannot be played from: ${describeError(checked.error)}`);
      return ok({ type: 'setTable', balls });
    }
    case 'reRack':
      if (over) return refuse(over);
      return ok(r);
    case 'concede':
      if (over) return refuse(over);
      if (f.frameOver) return refuse('the frame is over');
      return ok({ type: 'concedeFrame', player: r.player ?? f.striker });
  }
};

const WORDS = (a: BlackballAction): string => {
  switch (a.type) {
    case 'refereeFoul':
      return `the ${FOUL_WORDS[a.foul]} called on stroke ${a.stroke + 1}`;
    case 'snookered':
      return a.on ? 'the snooker announced' : 'the snooker withdrawn';
    case 'freeKickFromHand':
      return 'the cue ball taken in hand for the free kick';
    case 'footSpot':
      return `the ${a.ball} moved to the foot spot`;
    case 'setTable':
      return 'the table set up as the camera saw it';
    case 'reRack':
      return 'the re-rack';
    case 'concedeFrame':
      return `the frame conceded by player ${a.player + 1}`;
  }
};

export const blackballSession: GameSession<BlackballMatch> = {
  moveSchema: strokeSchema,
  restateSchema: shotSchema,
  actionSchema: blackballActionSchema,
  requestSchema: blackballRequestSchema,
  requestTypes: blackballRequestSchema.options.map((o) => o.shape.type.value) as [string, ...string[]],
  optionsSchema: matchOptionsSchema,
  // Seed 1.3 is the striker's to ask for, and the cue ball taken in hand is the incoming player's choice.
  openActions: new Set(['requestFootSpot', 'freeKickFromHand']),
  initial: emptyMatch,
  start: (m, _players, options) => {
    const o = matchOptionsSchema.parse(options);
    return newMatch(m.table, o.raceTo, o.breaker);
  },
  move: (m, move, meta) => recordStroke(m, strokeSchema.parse(move), meta),
  confirm: (m, stroke, meta) => ({ ...m, strokes: confirmStroke(m.strokes, stroke, meta.by) }),
  override: (m, stroke, restated, meta) => {
    const last = m.strokes.at(-1);
    const shot = toShot(shotSchema.parse(restated));
    const after =
      shot.after ??
      (last && m.beforeLast ? restateAfter(last.shot, shot, m.beforeLast.frame.balls) : undefined);
    return reRule(m, stroke, after ? { ...shot, after } : shot, meta.by);
  },
  action: (m, action, meta) => applyAction(m, blackballActionSchema.parse(action), meta.by),
  check: (m, request, ctx) => {
    if (request.type !== 'action')
      return checkStrokeRequest(
        m.strokes,
        request,
        { move: strokeSchema, shot: shotSchema },
        {
          closed: m.winner !== null ? 'the match is over' : null,
          setUpSince: m.beforeLast ? undefined : SET_UP_SINCE,
        },
      );
    const parsed = parseWith(blackballRequestSchema, request.action);
    if (!parsed.ok) return refuse(parsed.error.message, parsed.error.field);
    const action = checkRequest(m, parsed.value, ctx);
    return action.ok ? ok({ type: 'action', action: action.value }) : action;
  },
  moves: (m) => m.strokes.map(strokeStatus),
  view: (m, live) => projectView(m, live),
  sayRuling: (m, stroke) => {
    const s = m.strokes.find((x) => x.stroke === stroke);
    return s ? describeRuling(rulingView(s), { players: ['Player 1', 'Player 2'] }) : undefined;
  },
  describe: (r) => {
    switch (r.type) {
      case 'move':
      case 'confirm':
      case 'override':
        return strokeEventWords(r, strokeSchema);
      case 'action': {
        const a = blackballActionSchema.safeParse(r.action);
        if (!a.success) return { what: r.action.type };
        return { what: WORDS(a.data), ...(a.data.type === 'refereeFoul' ? { move: a.data.stroke } : {}) };
      }
    }
  },
  exportColumns: STROKE_COLUMNS,
  exportRows: (m, frame) => exportRows(m, frame),
  exportJson,
};
