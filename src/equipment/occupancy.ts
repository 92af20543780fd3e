// Geometry questions the rules and the vision ask of the bed: is a spot occupied, do two balls
// overlap, is a ball where a ball can be.
import type { PointMm } from '../core/units.ts';
import type { Pocket, Table } from './bed.ts';
import { railClearance, railsFor } from './rails.ts';
import { distance, dot, sub, perp, type Vec } from './vector.ts';

/**
 * A spot is occupied if a ball placed on it would touch another ball (WPBSA Section 2, "Spot
 * Occupied"): some centre is closer than one ball diameter. Exactly touching is not occupied.
 */
export const isSpotOccupied = (table: Table, spot: PointMm, balls: readonly PointMm[]): boolean =>
  balls.some((b) => distance(b, spot) < table.ballDiameter);

/**
 * Two balls overlap when their centres are closer than one diameter. `toleranceMm` allows for
 * measurement: positions from the camera of two touching balls can come out a fraction close.
 */
export const ballsOverlap = (table: Table, a: PointMm, b: PointMm, toleranceMm = 0): boolean =>
  distance(a, b) < table.ballDiameter - toleranceMm;

/** How far `p` lies behind the pocket's mouth line, along its axis (negative: on the bed side). */
export const depthInPocket = (pocket: Pocket, p: Vec): number => dot(sub(p, pocket.mouthCentre), pocket.axis);

/** Is `p` within the throat of the pocket: behind the mouth, before the fall, between the jaws? */
const inThroat = (pocket: Pocket, p: Vec): boolean => {
  const depth = depthInPocket(pocket, p);
  if (depth < 0 || depth >= pocket.fallDepth) return false;
  const across = perp(pocket.axis);
  const lateral = Math.abs(dot(sub(p, pocket.mouthCentre), across));
  const half = (f: number): number =>
    Math.abs(dot(sub(pocket.jaws[0].a, pocket.mouthCentre), across)) * (1 - f) +
    Math.abs(dot(sub(pocket.fall.a, pocket.mouthCentre), across)) * f;
  return lateral < half(depth / pocket.fallDepth);
};

/** Has the centre gone past the fall line of a pocket (the ball has dropped)? */
export const pastFall = (pocket: Pocket, p: Vec): boolean => {
  if (depthInPocket(pocket, p) < pocket.fallDepth) return false;
  const across = perp(pocket.axis);
  const lateral = Math.abs(dot(sub(p, pocket.mouthCentre), across));
  return lateral < pocket.mouth; // behind this pocket, not somewhere off along the rail
};

/**
 * Can a ball rest with its centre at `p`: on the playing surface (or in a pocket's throat short of
 * the fall) and clear of every cushion nose, knuckle and jaw by a ball radius, less `toleranceMm`.
 */
export const isOnBed = (table: Table, p: PointMm, toleranceMm = 0): boolean => {
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
  const inRect = p.x >= 0 && p.x <= table.width && p.y >= 0 && p.y <= table.length;
  if (!inRect && !table.pockets.some((k) => inThroat(k, p))) return false;
  if (table.pockets.some((k) => pastFall(k, p))) return false;
  // Clear of the rubber as the physics shapes it: noses, jaws and the rounded knuckles between them.
  return railClearance(railsFor(table), p.x, p.y, table.ballRadius) >= -toleranceMm;
};

/**
 * Measured places can put two touching balls a fraction of a millimetre into each other, or a ball
 * against a cushion a fraction past where its centre can be: push them apart (and in) just enough for
 * the rules, which take positions as exact. Balls that are really apart do not move, and neither do
 * balls more than `maxMm` into each other or the rubber: that is no measuring error, and the rules'
 * checks should see it.
 */
export const separateBalls = <B extends { readonly x: number; readonly y: number }>(
  table: Table,
  balls: readonly B[],
  maxMm = 2,
): B[] => {
  const out = balls.map((b) => ({ ...b, x: b.x as number, y: b.y as number }));
  const d = table.ballDiameter + 0.01;
  const r = table.ballRadius + 0.01;
  for (let round = 0; round < 20; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++)
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i];
        const b = out[j];
        if (!a || !b) continue;
        const gap = Math.hypot(b.x - a.x, b.y - a.y);
        if (gap >= d || gap === 0 || d - gap > maxMm) continue;
        const push = (d - gap) / 2 / gap;
        const dx = (b.x - a.x) * push;
        const dy = (b.y - a.y) * push;
        a.x -= dx;
        a.y -= dy;
        b.x += dx;
        b.y += dy;
        moved = true;
      }
    const clamp = (v: number, lo: number, hi: number): number =>
      v < lo && lo - v <= maxMm ? lo : v > hi && v - hi <= maxMm ? hi : v;
    for (const b of out) {
      b.x = clamp(b.x, r, table.width - r);
      b.y = clamp(b.y, r, table.length - r);
    }
    if (!moved) break;
  }
  return out.map((b) => ({ ...b, x: b.x as B['x'], y: b.y as B['y'] }) as B);
};
