// The match log on disk: an append-only table of events in SQLite (better-sqlite3 12, WAL). Nothing is
// ever updated or deleted; undo is an event like any other (docs/design.md, "Event-sourced match log").
// An append returns only once SQLite has committed it, so an acknowledged event survives a crash.
import Database from 'better-sqlite3';
import { err, ok, refereeError, type Result } from '../core/errors.ts';

export interface StoredEvent<E> {
  /** 1, 2, 3… in the order appended. */
  readonly seq: number;
  /** When it was recorded, ms since the epoch (passed in by the caller, not read here). */
  readonly at: number;
  /** Who made it: `pipeline`, or the referee's name. */
  readonly by: string;
  readonly event: E;
}

export interface EventStore<E> {
  append(event: E, by: string, at: number): StoredEvent<E>;
  all(): StoredEvent<E>[];
  since(seq: number): StoredEvent<E>[];
  /** A setting kept beside the log (e.g. the referee's hashed PIN). */
  getSetting(key: string): string | undefined;
  setSetting(key: string, value: string): void;
  close(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    by TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * Open (or create) the log at `file` (`:memory:` for tests). `decode` validates each stored body, so
 * a log written by a different version fails loudly, naming the event, instead of replaying wrongly.
 */
export const openEventStore = <E extends { readonly type: string }>(
  file: string,
  decode: (body: unknown) => Result<E>,
): Result<EventStore<E>> => {
  let db: Database.Database;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL'); // an acknowledged event is on disk
    db.exec(SCHEMA);
  } catch (e) {
    return err(
      refereeError('SOURCE_FAILED', `cannot open the match log ${file}: ${(e as Error).message}`, '--db'),
    );
  }
  const insert = db.prepare<[number, string, string, string]>(
    'INSERT INTO events (at, by, type, body) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[number], { seq: number; at: number; by: string; body: string }>(
    'SELECT seq, at, by, body FROM events WHERE seq > ? ORDER BY seq',
  );
  const getSetting = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const putSetting = db.prepare<[string, string]>(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const read = (after: number): StoredEvent<E>[] =>
    select.all(after).map((row) => {
      const decoded = decode(JSON.parse(row.body));
      if (!decoded.ok) throw new Error(`match log event ${row.seq}: ${decoded.error.message}`);
      return { seq: row.seq, at: row.at, by: row.by, event: decoded.value };
    });
  return ok({
    append: (event, by, at) => {
      const info = insert.run(at, by, event.type, JSON.stringify(event));
      return { seq: Number(info.lastInsertRowid), at, by, event };
    },
    all: () => read(0),
    since: (seq) => read(seq),
    getSetting: (key) => getSetting.get(key)?.value,
    setSetting: (key, value) => {
      putSetting.run(key, value);
    },
    close: () => db.close(),
  });
};
