// A frame or the whole match as JSON (and, through the core, CSV), from the replayed log: a row a stroke.
import type { SnookerMatch, StrokeRecord } from './session.ts';

// A type, not an interface: a row is a plain record of columns (the core's CSV takes any such).
export type StrokeRow = {
  readonly frame: number;
  readonly stroke: number;
  readonly striker: number;
  readonly firstContact: string;
  readonly potted: string;
  readonly foulPoints: number;
  readonly foulReasons: string;
  readonly scored: number;
  readonly score0: number;
  readonly score1: number;
  readonly status: string;
  readonly by: string;
  /** The stroke's start and end, ms on the source's clock. */
  readonly start: number;
  readonly end: number;
  /** Wall-clock time its last ball stopped (ms since 1970), for a stroke the pipeline saw; else null. */
  readonly endedAt: number | null;
};

const row = (s: StrokeRecord): StrokeRow => ({
  frame: s.frame,
  stroke: s.stroke,
  striker: s.striker,
  firstContact: s.shot.firstContact.join('+'),
  potted: s.shot.potted.join('+'),
  foulPoints: s.ruling?.foul?.points ?? 0,
  foulReasons: s.ruling ? (s.ruling.foul?.reasons.join('; ') ?? '') : `not ruled: ${s.rejected ?? ''}`,
  scored: s.ruling?.scored ?? 0,
  score0: s.ruling?.scores[0] ?? 0,
  score1: s.ruling?.scores[1] ?? 0,
  status: s.status,
  by: s.by,
  start: s.start,
  end: s.end,
  endedAt: s.endedAt ?? null,
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
  m.strokes.filter((s) => frame === undefined || s.frame === frame).map(row);

export const exportJson = (m: SnookerMatch, players: readonly string[], frame?: number): MatchExport => ({
  players,
  bestOf: m.match.bestOf,
  framesWon: m.match.framesWon,
  winner: m.match.winner,
  strokes: exportRows(m, frame),
});

/** The CSV's columns, in order. */
export const STROKE_COLUMNS: readonly (keyof StrokeRow)[] = [
  'frame',
  'stroke',
  'striker',
  'firstContact',
  'potted',
  'foulPoints',
  'foulReasons',
  'scored',
  'score0',
  'score1',
  'status',
  'by',
  'start',
  'end',
  'endedAt',
];
