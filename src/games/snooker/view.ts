// Snooker's part of the views: a projection of the replayed match, with what the camera sees now (pure).
import { pointsRemaining, snookersRequired, snookerValue } from './rules/miss.ts';
import type { SnookerBallId } from './balls.ts';
import type { SnookerMatch, StrokeRecord } from './session.ts';
import type { BallView, GhostView, RespotView, RulingView, SnookerView } from './views.ts';

/** The nearest ball of this kind the camera sees to `p`, and how far it is. */
const nearest = (
  live: readonly BallView[],
  id: SnookerBallId,
  p: { x: number; y: number },
): { ball: BallView; distance: number } | undefined => {
  let best: { ball: BallView; distance: number } | undefined;
  for (const b of live) {
    if (b.id !== id) continue;
    const distance = Math.hypot(b.x - p.x, b.y - p.y);
    if (!best || distance < best.distance) best = { ball: b, distance };
  }
  return best;
};

export const rulingView = (s: StrokeRecord): RulingView => ({
  stroke: s.stroke,
  seq: s.seq,
  status: s.status,
  striker: s.striker,
  firstContact: s.shot.firstContact,
  potted: s.shot.potted,
  foul: s.ruling ? s.ruling.foul : { points: 0, reasons: [`not ruled: ${s.rejected ?? 'unknown'}`] },
  scored: s.ruling?.scored ?? 0,
  scores: s.ruling?.scores ?? [0, 0],
  missCandidate: s.ruling?.missCandidate ?? false,
  freeBallNext: s.ruling?.next.freeBall ?? false,
  by: s.by,
  ...(s.endedAt !== undefined ? { endedAt: s.endedAt } : {}),
});

/** A ball the camera must see within this distance of a target to count as placed there, mm. */
const SEEN_NEAR_MM = 200;

export const projectView = (m: SnookerMatch, live: readonly BallView[] | null): SnookerView => {
  const f = m.match.frame;
  const ids = f.balls.map((b) => b.id);
  const remaining = f.frameOver ? 0 : pointsRemaining(ids, f.on, f.respottedBlack);
  const perSnooker = snookerValue(ids);
  const snookers = Math.max(
    snookersRequired(f.scores, 0, remaining, perSnooker),
    snookersRequired(f.scores, 1, remaining, perSnooker),
  );
  const last = m.strokes.at(-1);
  // Until the first stroke on a new rack, the rack just finished stays in view with its last ruling.
  const shownRack = m.strokes.some((s) => s.rack === m.rack) ? m.rack : last?.rack;
  const frameStrokes = m.strokes.filter((s) => s.rack === shownRack);
  const seen = live ?? [];
  const measure = <T extends { x: number; y: number }>(id: SnookerBallId, target: T) => {
    const near = nearest(seen, id, target);
    return near && near.distance <= SEEN_NEAR_MM
      ? { measured: { x: near.ball.x, y: near.ball.y }, distance: near.distance }
      : {};
  };
  const respots: RespotView[] = m.respots.map((r) => ({
    id: r.id,
    target: { x: r.x, y: r.y },
    confirmed: r.confirmed,
    ...measure(r.id, r),
  }));
  const ghosts: GhostView[] = m.ghosts.map((g) => {
    const seenNear = measure(g.id, g);
    return { id: g.id, x: g.x, y: g.y, ...('distance' in seenNear ? { distance: seenNear.distance } : {}) };
  });
  return {
    followsLive: m.respots.some((r) => !r.confirmed) || m.ghosts.length > 0,
    framesWon: m.match.framesWon,
    frame: m.match.frameNumber,
    scores: f.scores,
    striker: f.striker,
    on: f.on,
    freeBall: f.freeBall,
    cueInHand: f.cueInHand,
    respottedBlack: f.respottedBlack,
    break: f.break,
    highestBreak: [
      Math.max(m.match.highestBreak[0], f.highestBreak[0]),
      Math.max(m.match.highestBreak[1], f.highestBreak[1]),
    ],
    pointsRemaining: remaining,
    snookersRequired: snookers,
    frameOver: f.frameOver,
    winner: f.winner,
    nominated: m.nominated,
    rulings: frameStrokes.map(rulingView),
    pending: last && last.status === 'proposed' ? rulingView(last) : null,
    ghosts,
    respots,
    // The last stroke's paths only over its own rack: a table set up afresh is not drawn over with them.
    trails: last && last.rack === m.rack ? last.trails : [],
    balls: live ?? f.balls.map((b) => ({ id: b.id, x: b.x, y: b.y })),
  };
};
