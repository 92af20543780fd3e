// What a game is, to the core (boardgame.io's `Game`, chessops' variants): one definition per game in
// src/games/<id>/, plugged into the generic match log, server, pages, pipeline and commands. The core
// names no game: it asks the registry (registry.ts) for a definition by id and uses only this shape.
import type { z } from 'zod';
import type { Calibration } from '../camera/index.ts';
import { err, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import type { Surface, Table } from '../equipment/index.ts';
import type { SimGame } from '../sim/game.ts';
import type { Shot as TrackedShot, TrackedFrame } from '../tracking/types.ts';
import type { Trail } from '../tracking/trails.ts';
import type { BallId } from '../equipment/pieces.ts';
import type { SetUpPlace } from '../vision/looks.ts';

/** The players: two who alternate, or four in two teams of partners. */
export interface Sides {
  readonly count: number;
  /** Each player's team, by player index (four players: 0 and 2 against 1 and 3). */
  readonly teamOf: readonly number[];
  /** The names a match starts with until the referee gives real ones. */
  readonly defaultNames: readonly string[];
}

/** Who asked for an action, as the session sees it. */
export interface ActionContext {
  /** The pieces the camera sees now (a ball game: `{ id, x, y }`), for actions that read the table. */
  readonly live: readonly { readonly id: string; readonly x: number; readonly y: number }[];
  /** Whether the one asking signed in as the referee. */
  readonly referee: boolean;
  /** Who is asking: the referee's name, `player`, or `pipeline`. */
  readonly by: string;
}

/** A logged event's time and author, passed to the session with the event. */
export interface EventMeta {
  readonly seq: number;
  readonly by: string;
  readonly at: number;
}

/** A refusal: why an action cannot be taken now, naming the field where there is one. */
export interface Refusal {
  readonly message: string;
  readonly field?: string;
}

/** A refusal as a session's `check` returns it. */
export const refuse = (message: string, field?: string): Result<never, Refusal> =>
  err(field ? { message, field } : { message });

/**
 * The game's match as a pure reducer over the log's events (docs/design.md, "Event-sourced match log").
 * The core keeps the log, undo and replay; the session says what each event does. `S` is the game's
 * own match state.
 */
export interface GameSession<S, T extends Surface = Surface> {
  /** A move as the pipeline or the referee reports it (snooker: a stroke with its shot). */
  readonly moveSchema: z.ZodType;
  /** What an override restates about a move (snooker: the shot). */
  readonly restateSchema: z.ZodType;
  /** The game's own referee actions as the log keeps them, each an object with a `type`. */
  readonly actionSchema: z.ZodType;
  /** The game's actions as the views ask for them (POST /api/action, /ws), each with a `type`. */
  readonly requestSchema: z.ZodType;
  /** The `type`s `requestSchema` knows. */
  readonly requestTypes: readonly [string, ...string[]];
  /** A match's options (snooker: best of, who breaks). */
  readonly optionsSchema: z.ZodType;
  /** Action types anyone may take (a player confirming a re-spot); the rest need the referee. */
  readonly openActions: ReadonlySet<string>;
  /** The match before anything is logged, on this bed or surface. */
  initial(table: T): S;
  start(s: S, players: readonly string[], options: unknown, meta: EventMeta): S;
  move(s: S, move: unknown, meta: EventMeta): S;
  confirm(s: S, move: number, meta: EventMeta): S;
  override(s: S, move: number, restated: unknown, meta: EventMeta): S;
  action(s: S, action: unknown, meta: EventMeta): S;
  /**
   * May this be done now? The event to log (an action may be completed from the live table, e.g. set
   * the table up from what the camera sees), or why not.
   */
  check(s: S, request: SessionRequest, ctx: ActionContext): Result<SessionRequest, Refusal>;
  /** How many moves are logged and each one's status, for the core's checks and the undo labels. */
  moves(s: S): readonly MoveStatus[];
  /** The ruling on a move in words, for the log a person reads ("Player 1 hit red first — scored 1"). */
  sayRuling(s: S, move: number): string | undefined;
  /** What the views see (JSON): the core adds the game, the source and what Undo would take back. */
  view(s: S, live: readonly { id: string; x: number; y: number; track?: string }[] | null): object;
  /**
   * A few words for an event in the log, for the Undo button ("the push called on stroke 3"), and the
   * move it concerns, if any: Undo beside a move takes back the newest decision about that move.
   */
  describe(event: SessionRequest): { readonly what: string; readonly move?: number };
  /**
   * Times (ms since 1970) at which the match calls the referee without anything being logged (a move
   * clock running out), each with its alert. Pure: the server keeps a timer for the next one still
   * ahead, pushes the views again when it passes, and shows the alerts of those past (`overdue`).
   */
  deadlines?(s: S): readonly Deadline[];
  /** The CSV's columns, in order. */
  readonly exportColumns: readonly string[];
  /** The match, or one part of it (a frame, a round), as rows for CSV: a row a move. */
  exportRows(s: S, part?: number): readonly Readonly<Record<string, string | number | null>>[];
  /** The match, or one part of it, as JSON: its players, score and winner, and the rows. */
  exportJson(s: S, players: readonly string[], part?: number): object;
}

/** A time the match calls the referee at, and what to tell him then (`kind` for the page, `message` in words). */
export interface Deadline {
  readonly at: number;
  readonly alert: { readonly kind: string; readonly message: string; readonly player?: number };
}

/** A move's standing in the match, as the core needs it. */
export interface MoveStatus {
  readonly move: number;
  readonly status: 'proposed' | 'confirmed' | 'overridden';
  /** The rules could rule on it (a move that could not have happened has no ruling to confirm). */
  readonly ruled: boolean;
  /** The ruling as shown, for the log's audit line. */
  readonly ruling: Record<string, unknown> | null;
}

/** What can be asked of a session: its own actions, or one of the core's requests about moves. */
export type SessionRequest =
  | { readonly type: 'move'; readonly move: unknown }
  | { readonly type: 'confirm'; readonly move: number }
  | { readonly type: 'override'; readonly move: number; readonly restated: unknown }
  | { readonly type: 'action'; readonly action: { readonly type: string } };

/** A stroke as tracking followed it, with what the views draw of it. */
export interface FollowedStroke {
  readonly shot: TrackedShot;
  readonly trails: readonly Trail[];
  /** Every tracked frame of the stroke, from before the strike to rest (where each ball was, frame by frame). */
  readonly frames?: readonly TrackedFrame[];
  /** Wall-clock time (ms since 1970) its last ball came to rest, as the frames' arrival dates it. */
  readonly endedAt?: number;
}

/** A half of a face-up tile as detected: its pips and centre (mm, table frame). */
export interface DetectedHalf {
  readonly pips: number;
  readonly x: number;
  readonly y: number;
}

/** A tile as `referee detect` prints it (docs/formats.md §9): face up with its halves, or face down. */
export type DetectedTile =
  | {
      readonly pips: readonly [number, number];
      readonly x: number;
      readonly y: number;
      readonly angle: number;
      readonly halves: readonly [DetectedHalf, DetectedHalf];
      readonly confidence?: number;
    }
  | { readonly faceDown: true; readonly x: number; readonly y: number; readonly angle: number };

/** One frame's tiles at source time `t` (ms). */
export interface TilesFrame {
  readonly t: number;
  readonly tiles: readonly DetectedTile[];
}

/** What following the tiles saw: a move for the session, an action (the hands shown), or an alert for the referee. */
export type FollowedPlay =
  | { readonly kind: 'move'; readonly move: object }
  | { readonly kind: 'action'; readonly action: { readonly type: string } }
  | { readonly kind: 'alert'; readonly alert: { readonly kind: string; readonly message: string } };

/** A game's play follower: frames of tiles, with the match as it stands (`S`), in; what it saw out. */
export interface TilesFollower<S> {
  push(frame: TilesFrame, match: S): readonly FollowedPlay[];
  /** Forget the table (a new clip, a new source). */
  reset(): void;
}

/** How the game is seen: which detector, which pieces, which model; and a stroke seen as a move. */
export type Perception<S = unknown, T extends Surface = Surface> =
  | {
      readonly kind: 'balls';
      /** The ball classifier's folder (models/…); its outputs in the order of the table's ball ids. */
      readonly modelDir: string;
      /** A followed stroke as the session's move (one way, for `run` and `serve` alike). */
      toMove(table: T & Table, stroke: FollowedStroke): object;
      /**
       * Where the game sets its balls up, each place's id, and the ball that stands anywhere else (the
       * cue ball, in hand): what a club's own ball set is learned from (`referee learn-looks`,
       * src/vision/looks.ts). Absent where the set-up does not say which ball is where.
       */
      setUp?(table: T & Table): { readonly places: readonly SetUpPlace[]; readonly white: BallId };
    }
  | {
      readonly kind: 'tiles';
      /** The game's play follower on this bed (one way, for `run` and `serve` alike). */
      follow(table: T): TilesFollower<S>;
      /** The game's detector over this camera (docs/formats.md §9 `detect`), or why there is none. */
      detector(calibration: Calibration<T>): Result<PieceDetector>;
    };

/**
 * A detector for pieces other than balls: a frame to what `referee detect` prints for it beside `frame`
 * and `ms` (dominoes: `{ tiles: [...] }`, docs/formats.md §9).
 */
export interface PieceDetector {
  detect(image: RgbImage): Result<object>;
}

/**
 * `referee run` (docs/formats.md §5): rules on one move after another, each from where the last left the
 * match, and gives each ruling line (the `referee rule` output), or why the rules could not rule.
 */
export interface MoveRunner {
  rule(move: object): Result<object, string>;
}

/** The game's pages: a script per view, bundled by the server (esbuild), and the HTML it runs in. */
export interface GamePages {
  /** Folder of `referee.ts`, `overlay.ts`, `player.ts` and their `.html`. */
  readonly dir: string;
}

/**
 * `referee simulate` for a game whose clips the ball simulator does not play (dominoes: a round
 * record laid out tile by tile, docs/formats.md §7): its own scenario, drawn through a camera.
 */
export interface ClipSimulator<T extends Surface = Surface> {
  /** Frames a second where `--fps` is not given. */
  readonly fps: number;
  /** A scenario (JSON) as the clip it describes through this camera at `fps`; an error names the field. */
  prepare(scenario: unknown, calibration: Calibration<T>, fps: number): Result<SimulatedClip>;
}

/** A clip ready to draw: its frames' times, each frame's picture and truth, and the clip's own truth. */
export interface SimulatedClip {
  /** Each frame's time, ms from the first. */
  readonly times: readonly number[];
  /** Frame k (in order, from 0): its picture, and what truth.json lists for it beside `t`. */
  frame(k: number): Promise<{ readonly image: RgbImage; readonly truth: object }>;
  /** truth.json's fields after `fps`, `calibration` and `frames`. */
  readonly truth: object;
}

/** The bundled demo `npm start -- --game <id>` plays. */
export interface GameDemo {
  readonly calibration: string;
  /** The clips, in order, each with the game's own set-up for it (passed to `setup`). */
  readonly clips: () => Result<readonly DemoClip[]>;
}

export interface DemoClip {
  readonly path: string;
  /** Actions to take once the clip's table is seen (snooker: the ball on, a nomination). */
  readonly setup: readonly { readonly type: string }[];
}

/**
 * The whole of a game: what the registry lists. `S` is the session's state, `T` the equipment it is
 * played on (a pocketed bed, or a flat surface), as its own `parseTable` gives it.
 */
export interface GameDefinition<S = unknown, T extends Surface = Surface> {
  /** As `game` spells it in docs/formats.md (`snooker`, `blackball`, `dominoes`). */
  readonly id: string;
  readonly title: string;
  readonly sides: Sides;
  /** The calibration's (and scenario's) `table` value, when it names this game's equipment. */
  readonly claimsTable: (spec: unknown) => boolean;
  /** The bed from a `table` value (`undefined`: the game's standard one); an error names `table`. */
  readonly parseTable: (spec: unknown) => Result<T>;
  /** The `table` value for the game's standard bed, as a calibration file writes it. */
  readonly defaultTableSpec: unknown;
  readonly perception: Perception<S, T>;
  /** `referee rule` (docs/formats.md §4, §8, §9): the input's JSON to the output's JSON. */
  readonly rule: (input: unknown) => Result<object>;
  /**
   * A runner for `referee run` on this bed, from `state` (`--state`: the game's state as `referee rule`
   * gives it, or an object holding one under `state`), or from a new frame; an error names the field.
   */
  runner(table: T, state?: unknown): Result<MoveRunner>;
  readonly session: GameSession<S, T>;
  readonly pages: GamePages;
  readonly sim?: SimGame;
  /** The game's own simulator, where `sim` (the ball simulator's) is not its. */
  readonly clipSim?: ClipSimulator<T>;
  readonly demo?: GameDemo;
}
