// A frame or the whole match as JSON (and, through the core, CSV), from the replayed log: a row a stroke.
import { foulReasonsOf, HEAD_COLUMNS, strokeRows, TAIL_COLUMNS, type StrokeRowOf } from '../ball-strokes.ts';
import type { BlackballMatch, StrokeRecord } from './session.ts';

// A type, not an interface: a row is a plain record of columns (the core's CSV takes any such).
export type StrokeRow = StrokeRowOf<StrokeColumns>;

/** The game's own columns, between the shared head and tail. */
type StrokeColumns = {
  readonly break: number;
  readonly freeKick: number;
  readonly firstContact: string;
  readonly potted: string;
  readonly offTable: string;
  readonly fouls: string;
  readonly foul: number;
  readonly foulReasons: string;
  readonly lossOfFrame: string;
  readonly rerack: number;
  readonly warning: number;
  readonly groups: string;
  readonly frameOver: number;
  readonly winner: number | null;
};

const columns = (s: StrokeRecord): StrokeColumns => ({
  break: s.break ? 1 : 0,
  freeKick: s.freeKick ? 1 : 0,
  firstContact: s.shot.firstContact.join('+'),
  potted: s.shot.potted.join('+'),
  offTable: s.shot.offTable.join('+'),
  fouls: s.shot.fouls.join('+'),
  foul: s.ruling?.foul ? 1 : 0,
  foulReasons: foulReasonsOf(s),
  lossOfFrame: s.ruling?.lossOfFrame
    ? `player ${s.ruling.lossOfFrame.player}: ${s.ruling.lossOfFrame.reason}`
    : '',
  rerack: s.ruling?.rerack ? 1 : 0,
  warning: s.ruling?.warning ? 1 : 0,
  groups: s.ruling?.groups ? s.ruling.groups.join('/') : '',
  frameOver: s.ruling?.frameOver ? 1 : 0,
  winner: s.ruling?.winner ?? null,
});

export interface MatchExport {
  readonly players: readonly string[];
  readonly raceTo: number;
  readonly framesWon: readonly [number, number];
  readonly winner: number | null;
  readonly strokes: readonly StrokeRow[];
}

/** The match, or one frame of it when `frame` is given. */
export const exportRows = (m: BlackballMatch, frame?: number): StrokeRow[] =>
  strokeRows(m.strokes, frame, columns);

export const exportJson = (m: BlackballMatch, players: readonly string[], frame?: number): MatchExport => ({
  players,
  raceTo: m.raceTo,
  framesWon: m.framesWon,
  winner: m.winner,
  strokes: exportRows(m, frame),
});

/** The CSV's columns, in order. */
export const STROKE_COLUMNS: readonly (keyof StrokeRow)[] = [
  ...HEAD_COLUMNS,
  'break',
  'freeKick',
  'firstContact',
  'potted',
  'offTable',
  'fouls',
  'foul',
  'foulReasons',
  'lossOfFrame',
  'rerack',
  'warning',
  'groups',
  'frameOver',
  'winner',
  ...TAIL_COLUMNS,
];
