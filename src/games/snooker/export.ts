// A frame or the whole match as JSON (and, through the core, CSV), from the replayed log: a row a stroke.
import { foulReasonsOf, HEAD_COLUMNS, strokeRows, TAIL_COLUMNS, type StrokeRowOf } from '../ball-strokes.ts';
import type { SnookerMatch, StrokeRecord } from './session.ts';

// A type, not an interface: a row is a plain record of columns (the core's CSV takes any such).
export type StrokeRow = StrokeRowOf<StrokeColumns>;

/** The game's own columns, between the shared head and tail. */
type StrokeColumns = {
  readonly firstContact: string;
  readonly potted: string;
  readonly foulPoints: number;
  readonly foulReasons: string;
  readonly scored: number;
  readonly score0: number;
  readonly score1: number;
};

const columns = (s: StrokeRecord): StrokeColumns => ({
  firstContact: s.shot.firstContact.join('+'),
  potted: s.shot.potted.join('+'),
  foulPoints: s.ruling?.foul?.points ?? 0,
  foulReasons: foulReasonsOf(s),
  scored: s.ruling?.scored ?? 0,
  score0: s.ruling?.scores[0] ?? 0,
  score1: s.ruling?.scores[1] ?? 0,
});

export interface MatchExport {
  readonly players: readonly string[];
  readonly bestOf: number;
  readonly framesWon: readonly [number, number];
  readonly winner: number | null;
  readonly strokes: readonly StrokeRow[];
}

/** The match, or one frame of it when `frame` is given. */
export const exportRows = (m: SnookerMatch, frame?: number): StrokeRow[] =>
  strokeRows(m.strokes, frame, columns);

export const exportJson = (m: SnookerMatch, players: readonly string[], frame?: number): MatchExport => ({
  players,
  bestOf: m.match.bestOf,
  framesWon: m.match.framesWon,
  winner: m.match.winner,
  strokes: exportRows(m, frame),
});

/** The CSV's columns, in order. */
export const STROKE_COLUMNS: readonly (keyof StrokeRow)[] = [
  ...HEAD_COLUMNS,
  'firstContact',
  'potted',
  'foulPoints',
  'foulReasons',
  'scored',
  'score0',
  'score1',
  ...TAIL_COLUMNS,
];
