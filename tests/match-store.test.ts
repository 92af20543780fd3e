import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { openEventStore, type EventStore } from '../src/match/store.ts';
import { parseWith } from '../src/core/schema.ts';

const Note = z.object({ type: z.literal('note'), text: z.string() });
type Note = z.infer<typeof Note>;
const decode = (body: unknown) => parseWith(Note, body);

const dir = mkdtempSync(path.join(tmpdir(), 'referee-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (file: string): EventStore<Note> => {
  const r = openEventStore(file, decode);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('the append-only match log', () => {
  it('numbers events in order and reads them back with who and when', () => {
    const store = open(':memory:');
    store.append({ type: 'note', text: 'a' }, 'pipeline', 1000);
    store.append({ type: 'note', text: 'b' }, 'referee:anna', 2000);
    expect(store.all()).toEqual([
      { seq: 1, at: 1000, by: 'pipeline', event: { type: 'note', text: 'a' } },
      { seq: 2, at: 2000, by: 'referee:anna', event: { type: 'note', text: 'b' } },
    ]);
    expect(store.since(1).map((e) => e.event.text)).toEqual(['b']);
    store.close();
  });

  it('keeps every acknowledged event across a reopen (WAL on disk)', () => {
    const file = path.join(dir, 'match.sqlite');
    const first = open(file);
    for (let i = 0; i < 50; i++) first.append({ type: 'note', text: String(i) }, 'pipeline', i);
    first.setSetting('pin', 'hashed');
    first.close();
    const again = open(file);
    expect(again.all()).toHaveLength(50);
    expect(again.all().at(-1)?.event.text).toBe('49');
    expect(again.getSetting('pin')).toBe('hashed');
    expect(again.getSetting('nothing')).toBeUndefined();
    again.close();
  });

  it('a log that cannot be opened is a clear error naming --db', () => {
    const r = openEventStore(path.join(dir, 'no-such-folder', 'x.sqlite'), decode);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.field).toBe('--db');
  });
});
