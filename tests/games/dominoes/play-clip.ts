// Synthetic detection sequences from truth, for the tile follower: a round played by the rules engine
// (its moves, each tile's end worked out by the engine where the record leaves it out), laid out as a
// chain in mm (src/games/dominoes/layout.ts), one frame every `frameMs`, each tile put down under a hand
// that hides what lies near it, with centre noise, dropouts and misread pips (all seeded). Passes are
// said, not seen: the script enters them on the referee's side, as the page would. Scripted mishaps
// (a tile taken back, one put down not matching, two at once, a hand resting on the chain) go on top.
import {
  dominoesTable,
  placements,
  placeTile,
  playRound,
  startChain,
  type Ends,
  type Move,
  type Side,
  type Tile,
} from '../../../src/games/dominoes/index.ts';
import { layChain, layHand, type Laid, type TileOnTable } from '../../../src/games/dominoes/layout.ts';
import type { DetectedTile, TilesFrame } from '../../../src/games/dominoes/follow/index.ts';
import { prng } from './helpers.ts';

export const TABLE = dominoesTable();

export interface Noise {
  /** Centre noise, mm (each coordinate, uniform ±). */
  readonly jitterMm: number;
  /** Chance a tile is missing from a frame. */
  readonly dropout: number;
  /** Chance a tile's half is read one pip off in a frame. */
  readonly misread: number;
}

export const QUIET: Noise = { jitterMm: 0, dropout: 0, misread: 0 };
export const NOISY: Noise = { jitterMm: 1.5, dropout: 0.08, misread: 0.02 };

/** What happens at a time in the clip, besides the frames. */
export type Cue =
  | { readonly t: number; readonly kind: 'pass'; readonly player: number }
  | { readonly t: number; readonly kind: 'frame'; readonly frame: TilesFrame };

export interface Truth {
  /** Each tile move in order: who, the tile, the ends it left. */
  readonly tiles: { player: number; tile: Tile; ends: Ends }[];
  readonly passes: number;
}

/** A hand over the table: hides every tile whose centre is within `r` mm of (x, y) from `from` to `to` ms. */
export interface Hand {
  readonly from: number;
  readonly to: number;
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** An extra tile on the table from `from` to `to` (ms), outside the rules: a mishap to be alerted. */
export interface Stray {
  readonly from: number;
  readonly to: number;
  readonly tile: TileOnTable;
}

export interface ClipOptions {
  readonly seed: number;
  readonly noise: Noise;
  readonly frameMs?: number;
  /** Tiles of the chain (by the index of the tile move that put them down) lifted off at a time. */
  readonly takenBack?: readonly { readonly move: number; readonly at: number }[];
  readonly hands?: readonly Hand[];
  readonly strays?: readonly Stray[];
  /** Extra time (ms) before a move (by its index in the round's moves), to script something in the gap. */
  readonly pauses?: Readonly<Record<number, number>>;
  /** Lay the hands face up at the end (for the count). */
  readonly showHands?: boolean;
  /** How long the clip runs on after the last move (ms; 4 s with the hands shown, else 2 s). */
  readonly tail?: number;
}

export interface Clip {
  readonly cues: Cue[];
  readonly truth: Truth;
  /** When each tile move went down (ms), by its index among the tile moves. */
  readonly placedAt: number[];
  readonly end: number;
}

/** The tiles' sides as the engine plays them (a tile that fits one end only, or ends alike: the right). */
const laidOut = (moves: readonly Move[]): { laid: Laid[]; truth: Truth } => {
  const laid: Laid[] = [];
  const tiles: Truth['tiles'] = [];
  let ends: Ends | null = null;
  let passes = 0;
  for (const m of moves) {
    if ('pass' in m) {
      passes += 1;
      continue;
    }
    if (ends === null) {
      ends = startChain(m.tile);
      laid.push({ tile: m.tile });
    } else {
      const side: Side = m.end ?? placements(ends, m.tile)[0]?.side ?? 'right';
      ends = placeTile(ends, m.tile, side) ?? ends;
      laid.push({ tile: m.tile, side });
    }
    tiles.push({ player: m.player, tile: m.tile, ends });
  }
  return { laid, truth: { tiles, passes } };
};

const detected = (t: TileOnTable): DetectedTile => ({
  pips: [t.pips[0], t.pips[1]],
  x: t.x,
  y: t.y,
  angle: t.angle,
  halves: [t.halves[0], t.halves[1]],
  confidence: 0.99,
});

const shifted = (t: TileOnTable, dx: number, dy: number): TileOnTable => ({
  ...t,
  x: t.x + dx,
  y: t.y + dy,
  halves: [
    { ...t.halves[0], x: t.halves[0].x + dx, y: t.halves[0].y + dy },
    { ...t.halves[1], x: t.halves[1].x + dx, y: t.halves[1].y + dy },
  ],
});

/**
 * The clip of a round: a move every 1.5–4 s; a tile slides the last 40 mm into place over 0.3 s under a
 * hand that covers 70 mm round it from 0.6 s before it lies still until 0.2 s after.
 */
export const playClip = (
  hands: readonly (readonly Tile[])[],
  moves: readonly Move[],
  options: ClipOptions,
): Clip => {
  const rand = prng(options.seed);
  const frameMs = options.frameMs ?? 100;
  const { laid, truth } = laidOut(moves);
  const chain = layChain(TABLE, laid);
  const placedAt: number[] = [];
  const cues: Cue[] = [];
  const handsOver: Hand[] = [...(options.hands ?? [])];
  let t = 1000;
  let k = 0;
  for (const [i, m] of moves.entries()) {
    t += 1500 + Math.floor(rand() * 2500) + (options.pauses?.[i] ?? 0);
    if ('pass' in m) cues.push({ t, kind: 'pass', player: m.player });
    else {
      const at = chain[k];
      placedAt.push(t);
      if (at) handsOver.push({ from: t - 600, to: t + 200, x: at.x, y: at.y, r: 70 });
      k += 1;
    }
  }
  const played = t;
  const end = played + (options.tail ?? (options.showHands ? 4000 : 2000));
  // The hands left, face up in front of each player, a second after the round ends.
  const shownAt = played + 1000;
  const round = playRound(hands, moves);
  const shown: TileOnTable[] =
    options.showHands && round.ok
      ? ([0, 1, 2, 3] as const).flatMap((p) => layHand(TABLE, p, round.value.hands[p]))
      : [];
  const jitter = (): number => (rand() * 2 - 1) * options.noise.jitterMm;
  for (let ft = 0; ft <= end; ft += frameMs) {
    const onTable: TileOnTable[] = [];
    chain.forEach((tile, i) => {
      const at = placedAt[i] ?? Infinity;
      const lifted = options.takenBack?.find((x) => x.move === i);
      if (lifted && ft >= lifted.at) return;
      if (ft >= at) onTable.push(tile);
      else if (ft >= at - 300) {
        // Sliding in from 40 mm short of its place, across x.
        const k2 = (at - ft) / 300;
        onTable.push(shifted(tile, 40 * k2, 0));
      }
    });
    for (const s of options.strays ?? []) if (ft >= s.from && ft < s.to) onTable.push(s.tile);
    if (ft >= shownAt) onTable.push(...shown);
    const visible = onTable.filter(
      (tile) =>
        !handsOver.some((h) => ft >= h.from && ft <= h.to && Math.hypot(tile.x - h.x, tile.y - h.y) <= h.r),
    );
    const tiles: DetectedTile[] = [];
    for (const tile of visible) {
      if (rand() < options.noise.dropout) continue;
      let seen = shifted(tile, jitter(), jitter());
      if (rand() < options.noise.misread) {
        const p = seen.halves[0].pips;
        const off = (p === 6 ? 5 : p + 1) as typeof p;
        seen = {
          ...seen,
          pips: [off, seen.pips[1]],
          halves: [{ ...seen.halves[0], pips: off }, seen.halves[1]],
        };
      }
      tiles.push(detected(seen));
    }
    cues.push({ t: ft, kind: 'frame', frame: { t: ft, tiles } });
  }
  // Passes are entered just after the frame of their time.
  cues.sort((a, b) => a.t - b.t || (a.kind === 'frame' ? -1 : 1));
  return { cues, truth, placedAt, end };
};

/** The chain's tiles as laid for these moves (for scripting a mishap next to them). */
export const chainOf = (moves: readonly Move[]): TileOnTable[] => layChain(TABLE, laidOut(moves).laid);
