// Balls, ghosts, respot targets and trails over the table drawing (table-svg.ts), in the same units.
import type { BallView, GhostView, RespotView, TrailView } from '../match/view.ts';
import { toScreen } from './table-svg.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Snooker ball colours as they look on screen. */
export const BALL_COLOURS: Record<string, string> = {
  cue: '#f4f1e6',
  red: '#c8102e',
  yellow: '#f2c300',
  green: '#00843d',
  brown: '#7b4a1e',
  blue: '#1f4fb4',
  pink: '#f28fb1',
  black: '#111111',
};

const circle = (
  parent: Element,
  x: number,
  y: number,
  r: number,
  attrs: Record<string, string>,
): SVGCircleElement => {
  const c = document.createElementNS(SVG_NS, 'circle');
  const s = toScreen({ x, y });
  c.setAttribute('cx', s.x.toFixed(1));
  c.setAttribute('cy', s.y.toFixed(1));
  c.setAttribute('r', String(r));
  for (const [k, v] of Object.entries(attrs)) c.setAttribute(k, v);
  parent.appendChild(c);
  return c;
};

export interface BallStyle {
  readonly radius: number;
  readonly colours: Record<string, string>;
}

export const drawBalls = (layer: Element, balls: readonly BallView[], style: BallStyle): void => {
  layer.replaceChildren();
  for (const b of balls) {
    circle(layer, b.x, b.y, style.radius, {
      class: `ball ball-${b.id}`,
      fill: style.colours[b.id] ?? '#888',
      'data-id': b.id,
      'data-track': b.track ?? b.id,
      'data-x': b.x.toFixed(1),
      'data-y': b.y.toFixed(1),
    });
  }
};

export const drawGhosts = (layer: Element, ghosts: readonly GhostView[], radius: number): void => {
  layer.replaceChildren();
  for (const g of ghosts) {
    circle(layer, g.x, g.y, radius, {
      class: 'ghost',
      'data-id': g.id,
      stroke: BALL_COLOURS[g.id] ?? '#fff',
    });
  }
};

export const drawRespotTargets = (layer: Element, respots: readonly RespotView[], radius: number): void => {
  layer.replaceChildren();
  for (const r of respots) {
    circle(layer, r.target.x, r.target.y, radius, {
      class: `respot-target${r.confirmed ? ' confirmed' : ''}`,
      'data-id': r.id,
      stroke: BALL_COLOURS[r.id] ?? '#fff',
    });
  }
};

export const drawTrails = (
  layer: Element,
  trails: readonly TrailView[],
  colours: Record<string, string>,
): void => {
  layer.replaceChildren();
  for (const t of trails) {
    if (t.points.length < 2) continue;
    const p = document.createElementNS(SVG_NS, 'polyline');
    p.setAttribute(
      'points',
      t.points
        .map(([x, y]) => toScreen({ x, y }))
        .map((s) => `${s.x.toFixed(1)},${s.y.toFixed(1)}`)
        .join(' '),
    );
    p.setAttribute('class', 'trail');
    p.setAttribute('stroke', colours[t.id] ?? '#fff');
    p.setAttribute('data-track', t.track);
    layer.appendChild(p);
  }
};
