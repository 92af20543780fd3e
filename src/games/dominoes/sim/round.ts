// A round of dominoes as a clip (issue 16 items 2 and 7), pure: a round record (`referee rule`'s
// `round`: hands and moves, docs/formats.md §9), or a random legal round dealt and played from a seed,
// played by the rules engine and laid out as real play lays it (layout.ts: the chain end to end,
// doubles crosswise, turning at the edge), as a list of stills, each the table as it lies for a number
// of frames: the empty table, then the chain after each tile (its first frame with the player's hand
// still over the new tile, where asked), then, the round over, each player's tiles laid face up in
// front of him for the count. A pass puts nothing down: the table is unchanged (§9: a pass is said,
// not seen). With the truth of the moves: who, which tile, the end, the ends it left, its first frame.
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import type { Rng } from '../../../sim/random.ts';
import type { DominoesTable } from '../equipment.ts';
import { layChain, layHand, type Laid, type TileOnTable } from '../layout.ts';
import { PLAYERS, type Player } from '../players.ts';
import {
  applyMove,
  newRound,
  openMoves,
  placements,
  placeTile,
  startChain,
  type Ends,
  type Move,
  type Round,
  type Side,
} from '../rules/index.ts';
import { ALL_TILES, HAND_SIZE, type Tile } from '../tiles.ts';
import { armOver, shuffle } from './layouts.ts';
import type { SceneArm, SceneTile } from './scene.ts';

/** A round as `referee rule` takes it: the hands as dealt and the moves in order of play. */
export interface RoundPlay {
  readonly hands: readonly (readonly Tile[])[];
  readonly moves: readonly Move[];
}

/**
 * A random legal round from a shuffled deal: `leader` puts down a tile of his choosing, then each
 * player in turn (counter-clockwise, §9) lays a fitting tile on an end, drawn at random, or passes
 * holding none, until a domino or the fish. Every end is named, so the record is unambiguous.
 */
export const randomRound = (rng: Rng, leader: Player = rng.int(0, 4) as Player): RoundPlay => {
  const deck = shuffle(rng, ALL_TILES);
  const hands = PLAYERS.map((p) => deck.slice(p * HAND_SIZE, (p + 1) * HAND_SIZE));
  const moves: Move[] = [];
  const dealt = newRound(hands, leader);
  if (!dealt.ok) throw new Error(dealt.error.message); // a shuffled set is always a deal
  let round: Round = dealt.value;
  while (!round.over && round.next !== null) {
    const player = round.next;
    const hand = round.hands[player];
    let move: Move;
    if (round.ends === null) move = { player, tile: hand[rng.int(0, hand.length)] as Tile };
    else {
      const open = openMoves(round.ends, hand);
      const pick = open[rng.int(0, open.length)];
      move = pick ? { player, tile: pick.tile, end: pick.side } : { player, pass: true };
    }
    const next = applyMove(round, move);
    if (!next.ok) throw new Error(next.error.message); // only legal moves are drawn
    round = next.value;
    moves.push(move);
  }
  return { hands, moves };
};

/** How the clip shows the round. */
export interface ClipPlan {
  /** Frames each state of the table is held (a tile move's state, the empty table). */
  readonly hold: number;
  /** Frames added before a move (by its index in `moves`): the table held still, a player over his clock. */
  readonly pauses: readonly { readonly before: number; readonly frames: number }[];
  /** The first frame of each tile move shows the player's hand still over the tile he put down. */
  readonly arms: boolean;
}

/** The table as it lies for `frames` frames. */
export interface Still {
  readonly tiles: readonly SceneTile[];
  readonly arms: readonly SceneArm[];
  readonly frames: number;
}

/** A move as the clip shows it: a tile (with the end it went on and the ends it left) or a pass, and its first frame. */
export type ClipMove =
  | {
      readonly player: Player;
      readonly tile: Tile;
      readonly end?: Side;
      readonly ends: Ends;
      readonly frame: number;
    }
  | { readonly player: Player; readonly pass: true; readonly frame: number };

export interface RoundClip {
  readonly stills: readonly Still[];
  readonly moves: readonly ClipMove[];
  /** The round as the rules engine played it. */
  readonly round: Round;
}

const onTable = (t: TileOnTable): SceneTile => ({
  pips: t.pips,
  x: t.x,
  y: t.y,
  angle: t.angle,
  faceDown: false,
});

/**
 * The clip of a round on `table`; `rng` places the arms. An impossible record is an error naming the
 * move (`round.moves[3].tile`) or the hand, as `referee rule` names it.
 */
export const roundClip = (
  table: DominoesTable,
  play: RoundPlay,
  plan: ClipPlan,
  rng: Rng,
): Result<RoundClip> => {
  const dealt = newRound(play.hands, undefined, 'round.hands');
  if (!dealt.ok) return dealt;
  let round = dealt.value;
  const laid: Laid[] = [];
  const moves: ClipMove[] = [];
  const stills: Still[] = [{ tiles: [], arms: [], frames: plan.hold }];
  const framesSoFar = (): number => stills.reduce((n, s) => n + s.frames, 0);
  for (const [k, m] of play.moves.entries()) {
    const field = `round.moves[${k}]`;
    const pause = plan.pauses.filter((p) => p.before === k).reduce((n, p) => n + p.frames, 0);
    const last = stills.at(-1);
    if (last && pause > 0) stills[stills.length - 1] = { ...last, frames: last.frames + pause };
    const played = applyMove(round, m, field);
    if (!played.ok) return played;
    const ends = round.ends;
    round = played.value;
    if ('pass' in m) {
      moves.push({ player: m.player, pass: true, frame: framesSoFar() });
      continue;
    }
    // The end the engine put it on: named, or the one it fits (ends alike: the right, as placements keeps).
    const side: Side | undefined =
      ends === null ? undefined : (m.end ?? placements(ends, m.tile)[0]?.side ?? 'right');
    const after = ends === null ? startChain(m.tile) : side ? placeTile(ends, m.tile, side) : null;
    if (after === null)
      return err(refereeError('IMPOSSIBLE_STATE', 'the tile does not fit the chain', `${field}.tile`));
    laid.push(side ? { tile: m.tile, side } : { tile: m.tile });
    const chain = layChain(table, laid);
    const frame = framesSoFar();
    moves.push({ player: m.player, tile: m.tile, ...(side ? { end: side } : {}), ends: after, frame });
    const tiles = chain.map(onTable);
    const newest = chain.at(-1);
    if (plan.arms && newest && plan.hold > 1) {
      stills.push({ tiles, arms: [armOver(rng, table, newest, m.player)], frames: 1 });
      stills.push({ tiles, arms: [], frames: plan.hold - 1 });
    } else stills.push({ tiles, arms: [], frames: plan.hold });
  }
  if (round.over) {
    // The count: what each still holds laid face up in front of him, held twice as long.
    const chain = stills.at(-1)?.tiles ?? [];
    const hands = PLAYERS.flatMap((p) => layHand(table, p, round.hands[p]).map(onTable));
    stills.push({ tiles: [...chain, ...hands], arms: [], frames: 2 * plan.hold });
  }
  return ok({ stills, moves, round });
};
