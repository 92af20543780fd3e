// A match, or one part of it (a frame, a round), as CSV (RFC 4180) from the game's rows: one row a move.
import type { GameSession } from '../games/definition.ts';

/** RFC 4180: quote a field when it holds a comma, a quote or a line break. */
const cell = (v: string | number | null | undefined): string => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The game's rows as CSV, under its columns. */
export const exportCsv = <S>(session: GameSession<S>, state: S, part?: number): string => {
  const rows = session.exportRows(state, part);
  const columns = session.exportColumns;
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n'
  );
};
