// Following play from the camera (issue 16 item 4): detection frames in, moves, the hands shown and
// alerts out. Pure but for its memory of the table (a small class with `reset()`); time comes with each
// frame. A new tile joined to an end of the chain is a move by the player whose turn it is (§9: play goes
// counter-clockwise; the turn is the match's, so a pass said and confirmed on the pages moves it on), on
// the end it touches in the table frame. A tile must be seen still for a few frames before it counts, so
// a flickering or misread tile and a tile still in the hand count for nothing; a chain tile not seen is
// hidden (a hand over the chain), not gone, until its neighbourhood is seen clear without it for a while;
// a chain tile read otherwise on its place (a blank half read as pips, a half under a dark sleeve read
// blank) is that tile misread, still there; only the tile at an open end can be taken back (one with a
// tile joined beyond it holds that tile's match: it is not the player's to take back, and the camera
// losing it is no news), and none once the round is over (the hands laid out for the count may cover it).
// What does not fit the rules is an alert, never a silent change: a tile taken back, a tile put down
// touching no end, a tile whose touching half does not show the end's number, two tiles at once.
// seed: «Фишки выкладываются на стол … вплотную к уже выложенным фишкам».
import type { DominoesTable } from '../equipment.ts';
import { seatAt, type Point } from '../layout.ts';
import { nextPlayer, type Player } from '../players.ts';
import type { Side } from '../rules/chain.ts';
import { isPip, tileKey, type Pip, type Tile } from '../tiles.ts';
import type { DetectedHalf, TilesFrame } from '../../definition.ts';
import type { FollowAlert, FollowAlertKind, RoundNow, Seen } from './types.ts';

export interface FollowerOptions {
  /** Frames a new tile must be seen in, still, before it counts. */
  readonly stableFrames: number;
  /** Frames in a row a new tile may go unseen (flicker) before it is forgotten. */
  readonly graceFrames: number;
  /** A new tile that moves more than this (mm) between frames is still being placed: its count restarts. */
  readonly stillMm: number;
  /** A new tile joins an end when its nearer half is within this (mm) of where that end's next half goes. */
  readonly touchMm: number;
  /** A chain tile is matched to a detection of it within this (mm) of where it lies. */
  readonly trackMm: number;
  /** A different tile read on a chain tile's place is that tile misread, not a new one (mm). */
  readonly samePlaceMm: number;
  /** A chain tile unseen this long (ms), its neighbourhood seen meanwhile, has been taken back. */
  readonly goneMs: number;
  /** Chain tiles within this (mm) of a missing one are its neighbourhood: seen, the place is not hidden. */
  readonly clearMm: number;
  /**
   * A tile lying still this soon (ms) after the last move's is not the next player's: he has not had
   * the time to see the last tile and play (the camera cannot see whose hand put it down).
   */
  readonly minTurnMs: number;
}

export const DEFAULT_FOLLOWER_OPTIONS: FollowerOptions = {
  stableFrames: 3,
  graceFrames: 2,
  stillMm: 8,
  touchMm: 30,
  trackMm: 20,
  samePlaceMm: 15,
  goneMs: 3000,
  clearMm: 80,
  minTurnMs: 700,
};

interface FaceUp {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly halves: readonly [Half, Half];
}
interface Half {
  readonly pips: Pip;
  readonly x: number;
  readonly y: number;
}

/** An open end: where the next tile's inner edge goes, the way the line grows, the number it shows. */
interface Arm {
  readonly at: Point;
  readonly towards: Point;
  readonly shows: Pip;
}

interface ChainTile {
  readonly key: string;
  readonly tile: Tile;
  x: number;
  y: number;
  lastSeen: number;
  /** When it went down (the frame that settled it). */
  readonly at: number;
  /** The end it went on (none for the first tile), and that end before it: taken back, the end is that again. */
  readonly side: Side | null;
  readonly armBefore: Arm | null;
}

interface Candidate {
  det: FaceUp;
  count: number;
  missed: number;
  /** Already said (an alert): not said again while it lies there. */
  handled: boolean;
}

const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
const unit = (from: Point, to: Point): Point => {
  const n = dist(from, to) || 1;
  return { x: (to.x - from.x) / n, y: (to.y - from.y) / n };
};
const add = (p: Point, d: Point, k: number): Point => ({ x: p.x + d.x * k, y: p.y + d.y * k });
/** A quarter turn from +x towards +y (as layout.ts turns). */
const turn = (d: Point): Point => ({ x: -d.y, y: d.x });

/** A direction within this (as a unit vector's x) of square to x is taken by its y instead. */
const LEVEL = 0.2;
const show = (t: Tile): string => `[${t[0]}, ${t[1]}]`;

const faceUp = (frame: TilesFrame): FaceUp[] =>
  frame.tiles.flatMap((d): FaceUp[] => {
    if ('faceDown' in d) return [];
    const [a, b] = d.halves;
    if (!isPip(a.pips) || !isPip(b.pips)) return [];
    const half = (h: DetectedHalf & { pips: Pip }): Half => ({ pips: h.pips, x: h.x, y: h.y });
    return [{ key: tileKey([a.pips, b.pips]), x: d.x, y: d.y, halves: [half(a as Half), half(b as Half)] }];
  });

export class TileFollower {
  private readonly o: FollowerOptions;
  private round: number | null = null;
  private chain: ChainTile[] = [];
  private arms: { left: Arm; right: Arm } | null = null;
  private candidates = new Map<string, Candidate>();
  /** Where each tile an alert was given for lay: hidden and seen again there, it is not news. */
  private said = new Map<string, Point>();
  private handsSaid = false;
  private lastMove = -Infinity;

  constructor(
    private readonly table: DominoesTable,
    options: Partial<FollowerOptions> = {},
  ) {
    this.o = { ...DEFAULT_FOLLOWER_OPTIONS, ...options };
  }

  /** Forget the table (a new clip, a new source). */
  reset(): void {
    this.round = null;
    this.chain = [];
    this.arms = null;
    this.candidates = new Map();
    this.said = new Map();
    this.handsSaid = false;
    this.lastMove = -Infinity;
  }

  /** The chain as the follower sees it, its tiles in the order they went down (for tests and views). */
  get tilesDown(): readonly Tile[] {
    return this.chain.map((c) => c.tile);
  }

  /** One frame, with the round as the match stands now: what it settles, in order. */
  push(frame: TilesFrame, now: RoundNow): Seen[] {
    if (this.round !== now.round) {
      this.reset();
      this.round = now.round;
    }
    const out: Seen[] = [];
    const dets = faceUp(frame);
    const seenNow = this.trackChain(dets, frame.t);
    this.misreadInPlace(frame, seenNow);
    const fresh = dets.filter(
      (d) => !seenNow.has(d) && !this.chain.some((c) => dist(c, d) <= this.o.samePlaceMm),
    );
    this.updateCandidates(fresh);
    // Once the round is over (domino or fish, §9) its moves are scored: the chain is no longer played
    // on or from, and the hands laid face up for the count may lie over its tiles (32 000 004: a [6, 6]
    // laid over the chain's [0, 2]), so nothing is taken back.
    if (!now.awaitingHands && now.next !== null) out.push(...this.takenBack(frame.t, seenNow));
    if (now.awaitingHands) {
      const hands = this.handsShown(frame.t, now);
      if (hands) out.push(hands);
      return out;
    }
    let moved = false;
    for (const [key, c] of this.candidates) {
      if (c.handled || c.count < this.o.stableFrames) continue;
      const said = this.settle(key, c, frame.t, now, moved);
      if (said === null) continue;
      // A tile after forced passes: the passes first, then the tile.
      if (said.kind === 'move' && now.passesDue > 0 && 'tile' in said.move)
        for (let k = 0, p = now.next; k < now.passesDue && p !== null; k++, p = nextPlayer(p))
          out.push({ kind: 'move', t: said.t, move: { player: p, pass: true, seen: true } });
      out.push(said);
      if (said.kind === 'move') {
        moved = true;
        this.lastMove = frame.t;
        this.candidates.delete(key);
        this.said.delete(key);
      } else {
        c.handled = true;
        this.said.set(key, { x: c.det.x, y: c.det.y });
      }
    }
    return out;
  }

  /** Chain tiles seen in this frame: their place refreshed, the detections used. */
  private trackChain(dets: readonly FaceUp[], t: number): Set<FaceUp> {
    const used = new Set<FaceUp>();
    for (const c of this.chain) {
      const d = dets.find((x) => !used.has(x) && x.key === c.key && dist(x, c) <= this.o.trackMm);
      if (!d) continue;
      used.add(d);
      c.x = d.x;
      c.y = d.y;
      c.lastSeen = t;
    }
    return used;
  }

  private updateCandidates(fresh: readonly FaceUp[]): void {
    const seen = new Set<string>();
    for (const d of fresh) {
      if (seen.has(d.key)) continue; // the same tile read twice: one of them is a misread
      seen.add(d.key);
      const c = this.candidates.get(d.key);
      if (c && dist(c.det, d) <= this.o.stillMm) {
        c.det = d;
        c.count += 1;
        c.missed = 0;
      } else {
        const where = this.said.get(d.key);
        const handled = where !== undefined && dist(where, d) <= this.o.stillMm;
        this.candidates.set(d.key, { det: d, count: 1, missed: 0, handled });
      }
    }
    for (const [key, c] of this.candidates)
      if (!seen.has(key)) {
        c.missed += 1;
        if (c.missed > this.o.graceFrames) this.candidates.delete(key);
      }
  }

  /**
   * A chain tile not found by its pips but with a tile read on its place (another reading, face down,
   * unreadable halves) is there, misread — a blank half read as pips or a half under a dark sleeve read
   * blank (tuning seed 3021: a black [5, 5] read [0, 5]) — not gone: its place is not seen clear.
   */
  private misreadInPlace(frame: TilesFrame, seenNow: Set<FaceUp>): void {
    const taken = [...seenNow].map((d) => ({ x: d.x, y: d.y }));
    for (const c of this.chain) {
      if (c.lastSeen === frame.t) continue;
      const there = frame.tiles.some(
        (d) => dist(d, c) <= this.o.samePlaceMm && !taken.some((u) => dist(u, d) < 1),
      );
      if (there) c.lastSeen = frame.t;
    }
  }

  /**
   * Is a chain tile held by a tile joined beyond it (on its end; for the first tile, on both ends)
   * while it was still seen? Then it is not at an open end, and no player takes it back.
   */
  private held(c: ChainTile): boolean {
    const beyond = (side: Side): boolean =>
      this.chain.some(
        (x) =>
          x !== c && x.side === side && x.at <= c.lastSeen && this.chain.indexOf(x) > this.chain.indexOf(c),
      );
    return c.side ? beyond(c.side) : beyond('left') && beyond('right');
  }

  /**
   * A chain tile at an open end missing for `goneMs` while the tiles around it are seen: taken back. A
   * tile with another joined beyond it while it was seen is not (that tile's match holds it; taking it
   * would break the chain, which no player does to take back his move): unseen, it is the camera's miss.
   */
  private takenBack(t: number, seenNow: Set<FaceUp>): Seen[] {
    const out: Seen[] = [];
    const seenTiles = new Set(
      this.chain
        .filter((c) => c.lastSeen === t || [...seenNow].some((d) => d.key === c.key))
        .map((c) => c.key),
    );
    for (const c of [...this.chain].reverse()) {
      if (seenTiles.has(c.key) || t - c.lastSeen < this.o.goneMs || this.held(c)) continue;
      const around = this.chain.filter((x) => x !== c && dist(x, c) <= this.o.clearMm);
      if (!around.every((x) => seenTiles.has(x.key))) continue; // hidden under a hand, not gone
      this.chain = this.chain.filter((x) => x !== c);
      if (this.arms && c.side && c.armBefore) this.arms = { ...this.arms, [c.side]: c.armBefore };
      if (this.chain.length === 0) this.arms = null;
      out.push(
        this.alert(
          'takenBack',
          c.tile,
          t,
          `${show(c.tile)} was taken back from the chain${c.side ? ` (the ${c.side} end)` : ''}: the move stands in the match until the referee undoes or overrides it`,
        ),
      );
    }
    return out;
  }

  private alert(kind: FollowAlertKind, tile: Tile, t: number, message: string): Seen {
    const alert: FollowAlert = { kind, message, tile, t };
    return { kind: 'alert', alert };
  }

  /** A new tile seen still: the move it is, or why it is not one. */
  private settle(key: string, c: Candidate, t: number, now: RoundNow, moved: boolean): Seen | null {
    const d = c.det;
    const [h0, h1] = d.halves;
    const tile: Tile = [h0.pips, h1.pips];
    // No one is to move (the round over and scored, the match not under way): the tiles laid out for the
    // count, or put away, are no moves.
    if (now.next === null) return null;
    // The hands known, players holding nothing that fits pass first: the tile is the next one's.
    let player = now.next;
    for (let k = 0; k < now.passesDue; k++) player = nextPlayer(player);
    if (moved || t - this.lastMove < this.o.minTurnMs)
      return this.alert(
        'outOfTurn',
        tile,
        t,
        `${show(tile)} went down at the same time as another tile: one player moves at a time (player ${player + 1} was to move)`,
      );
    if (!this.arms) {
      // The first tile starts the chain as given: its first half is the left end (§9). Which half a
      // player names first the camera cannot see, nor in which order the detector lists them: the
      // table frame decides, as the chain is laid out (layout.ts), the left arm growing towards −x
      // (towards −y where it grows along y).
      const double = h0.pips === h1.pips;
      const leftWayOf = (a: DetectedHalf, b: DetectedHalf): Point => {
        const along = unit(a, b);
        return double ? turn(along) : { x: -along.x, y: -along.y };
      };
      const leftward = (w: Point): boolean => w.x < -LEVEL || (Math.abs(w.x) <= LEVEL && w.y < 0);
      const [first, second] = leftward(leftWayOf(h0, h1)) ? [h0, h1] : [h1, h0];
      const leftWay = leftWayOf(first, second);
      const rightWay = { x: -leftWay.x, y: -leftWay.y };
      const reach = double ? this.table.tile.width / 2 : this.table.tile.length / 2;
      this.arms = {
        left: { at: add(d, leftWay, reach), towards: leftWay, shows: first.pips },
        right: { at: add(d, rightWay, reach), towards: rightWay, shows: second.pips },
      };
      const given: Tile = [first.pips, second.pips];
      this.chain.push({ key, tile: given, x: d.x, y: d.y, lastSeen: t, at: t, side: null, armBefore: null });
      return { kind: 'move', t, move: { player, tile: given, seen: true } };
    }
    const touch = this.touching(d);
    if (!touch)
      return this.alert(
        'misplaced',
        tile,
        t,
        `${show(tile)} was put down touching neither end of the chain: not taken as a move (player ${player + 1} is to move)`,
      );
    const { side, inner, outer } = touch;
    const arm = this.arms[side];
    if (inner.pips !== arm.shows)
      return this.alert(
        'notMatching',
        tile,
        t,
        `${show(tile)} was put on the ${side} end, which shows ${arm.shows}, with ${inner.pips} against it: it does not match (player ${player + 1} is to move)`,
      );
    const along = unit(inner, outer);
    const crosswise =
      inner.pips === outer.pips && Math.abs(along.x * arm.towards.x + along.y * arm.towards.y) < 0.5;
    const next: Arm = crosswise
      ? { at: add(d, arm.towards, this.table.tile.width / 2), towards: arm.towards, shows: outer.pips }
      : { at: add(outer, along, this.table.tile.length / 4), towards: along, shows: outer.pips };
    this.chain.push({
      key,
      tile: [inner.pips, outer.pips],
      x: d.x,
      y: d.y,
      lastSeen: t,
      at: t,
      side,
      armBefore: arm,
    });
    this.arms = { ...this.arms, [side]: next };
    return { kind: 'move', t, move: { player, tile: [inner.pips, outer.pips], end: side, seen: true } };
  }

  /** The end a tile touches (its nearer half within `touchMm` of where that end's next half goes), or null. */
  private touching(d: FaceUp): { side: Side; inner: Half; outer: Half } | null {
    if (!this.arms) return null;
    let best: { side: Side; inner: Half; outer: Half; gap: number } | null = null;
    for (const side of ['left', 'right'] as const) {
      const arm = this.arms[side];
      const spot = add(arm.at, arm.towards, this.table.tile.width / 2);
      for (const [i, o] of [
        [d.halves[0], d.halves[1]],
        [d.halves[1], d.halves[0]],
      ] as const) {
        const gap = dist(i, spot);
        if (gap <= this.o.touchMm && (!best || gap < best.gap)) best = { side, inner: i, outer: o, gap };
      }
    }
    return best && { side: best.side, inner: best.inner, outer: best.outer };
  }

  /** At the round's end: the tiles laid face up off the chain, by the seat they lie in front of. */
  private handsShown(t: number, now: RoundNow): Seen | null {
    if (this.handsSaid) return null;
    const left: [Tile[], Tile[], Tile[], Tile[]] = [[], [], [], []];
    for (const c of this.candidates.values()) {
      if (c.count < this.o.stableFrames) continue;
      const [a, b] = c.det.halves;
      left[seatAt(this.table, c.det)].push([a.pips, b.pips]);
    }
    const complete = ([0, 1, 2, 3] as const).every((p: Player) => left[p].length === 7 - now.played[p]);
    if (!complete) return null;
    this.handsSaid = true;
    return { kind: 'handsShown', t, left };
  }
}
