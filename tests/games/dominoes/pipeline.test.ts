// The seam between a tile detector and the match (issue 16 item 4, wiring): frames from a source, each
// to the detector, the tiles through the game's own play follower (`perception.follow`) with the match
// as the service holds it, each move, action and alert to the service as `serve` hands them over. The
// detector here is a fake that answers each frame with the synthetic detections of a round played by
// the rules engine (play-clip.ts); the tile detector plugs in at `perception.detector` (§9 `detect`).
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { FrameSource, SourceItem } from '../../../src/capture/index.ts';
import {
  dominoes,
  tileKey,
  type DominoesMatch,
  type DominoesPageView,
} from '../../../src/games/dominoes/index.ts';
import type { ClientMessage } from '../../../src/server/messages.ts';
import { followTiles, type FrameDetector } from '../../../src/pipeline/follow.ts';
import type { DetectReply } from '../../../src/pipeline/detect-worker.ts';
import { MatchService } from '../../../src/server/service.ts';
import { NOISY, playClip } from './play-clip.ts';
import { FISH } from './rounds.ts';
import { parseRecord, type Move, type Tile } from '../../../src/games/dominoes/index.ts';
import { record } from './helpers.ts';

const fish = (() => {
  const r = parseRecord(record(FISH.hands, FISH.moves));
  if (!r.ok) throw new Error(r.error.message);
  return { hands: r.value.hands as Tile[][], moves: r.value.moves as Move[] };
})();

describe('detections → the game’s follower → the match service (a fake detector)', () => {
  it('a round seen by the camera is logged move by move, its hands read, and scored', async () => {
    const clip = playClip(fish.hands, fish.moves, { seed: 11, noise: NOISY, showHands: true });
    const frames = clip.cues.flatMap((c) => (c.kind === 'frame' ? [c.frame] : []));
    const passes = clip.cues.flatMap((c) => (c.kind === 'pass' ? [c] : []));
    const table = dominoes.parseTable('dominoes');
    if (!table.ok) throw new Error(table.error.message);
    let now = 1_700_000_000_000;
    const opened = MatchService.open(':memory:', {
      game: dominoes,
      table: table.value,
      logger: pino({ level: 'silent' }),
      now: () => now,
      source: { description: 'fake', dropped: 0, live: false },
      setTimer: () => () => {},
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const service = opened.value;
    const referee = (message: Record<string, unknown>): void => {
      const r = service.act({ name: 'Ref', role: 'referee' }, message as unknown as ClientMessage);
      if (!r.ok) throw new Error(r.error.message);
    };
    referee({ type: 'startMatch', players: ['Ann', 'Bob', 'Cat', 'Dan'], options: {} });
    // A source of blank frames, in order; the referee enters each pass as its time comes (said, not seen).
    const source: FrameSource = {
      description: 'fake',
      fps: 10,
      live: false,
      async *frames(): AsyncIterable<SourceItem> {
        for (const [index, f] of frames.entries()) {
          while (passes[0] && passes[0].t <= f.t) {
            const p = passes.shift();
            referee({ type: 'enterMove', move: { player: p?.player, pass: true } });
          }
          now = 1_700_000_000_000 + f.t;
          yield {
            kind: 'frame',
            index,
            t: f.t,
            name: `f${index}`,
            receivedAt: now,
            width: 1,
            height: 1,
            data: new Uint8Array(3),
          };
        }
      },
      stats: () => ({ delivered: 0, dropped: 0 }),
      close: async () => {},
    };
    let n = 0;
    const detector: FrameDetector = {
      detect: (): Promise<DetectReply> => {
        const id = n++;
        const f = frames[id];
        return Promise.resolve(
          f ? { kind: 'tiles', id, tiles: f.tiles, ms: 1 } : { kind: 'error', id, error: 'no frame' },
        );
      },
      failure: undefined,
    };
    const perception = dominoes.perception;
    if (perception.kind !== 'tiles') throw new Error('dominoes is seen as tiles');
    const alerts: string[] = [];
    // The sink as `referee serve` wires it (src/cli/serve.ts).
    const stats = await followTiles(
      source,
      detector,
      perception.follow(table.value),
      () => service.state as DominoesMatch,
      (play) => {
        if (play.kind === 'move') {
          const r = service.recordMove(play.move);
          if (!r.ok) throw new Error(r.error.message);
        } else if (play.kind === 'action') {
          const r = service.recordAction(play.action);
          if (!r.ok) throw new Error(r.error.message);
        } else {
          alerts.push(play.alert.message);
          service.alertSeen(play.alert);
        }
      },
    );
    expect(stats.frames).toBe(frames.length);
    expect(alerts).toEqual([]);
    const view = service.view as unknown as DominoesPageView;
    const tiles = view.moves.filter((m) => m.tile).map((m) => `${m.player} ${tileKey(m.tile as Tile)}`);
    expect(tiles).toEqual(clip.truth.tiles.map((t) => `${t.player} ${tileKey(t.tile)}`));
    expect(view.moves.filter((m) => m.tile).every((m) => m.by === 'pipeline' && m.rejected === null)).toBe(
      true,
    );
    // The fish, read from the hands laid out: pair 1 (players 1 and 3) holds fewer pips and scores 90.
    expect(view.hands).toBe('shown');
    expect(view.sheet[0]).toMatchObject({ over: 'blocked', end: 'scored', winner: 0, points: 90 });
  });

  it('an alert from following play is shown to the referee until his next decision', () => {
    const table = dominoes.parseTable('dominoes');
    if (!table.ok) throw new Error(table.error.message);
    const opened = MatchService.open(':memory:', {
      game: dominoes,
      table: table.value,
      logger: pino({ level: 'silent' }),
      now: () => 5,
      source: { description: 'fake', dropped: 0, live: false },
      setTimer: () => () => {},
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const service = opened.value;
    service.alertSeen({ kind: 'takenBack', message: '[6, 1] was taken back' });
    expect((service.view as { seen: unknown[] }).seen).toEqual([
      { kind: 'takenBack', message: '[6, 1] was taken back', at: 5 },
    ]);
    const r = service.act({ name: 'Ref', role: 'referee' }, {
      type: 'startMatch',
      players: ['A', 'B', 'C', 'D'],
      options: {},
    } as unknown as ClientMessage);
    expect(r.ok).toBe(true);
    expect((service.view as { seen: unknown[] }).seen).toEqual([]);
  });
});
