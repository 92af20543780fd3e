// Balls, ghosts, respot targets and trails over the table drawing (table-svg.ts), in the same units.
import type { BallSet } from '../equipment/pieces.ts';
import type { BallView, TrailView } from '../match/view.ts';
import { toScreen } from './table-svg.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Where a ball stood, drawn as a ghost to put it back to. */
export interface Ghost {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/** Where a ball is to be placed, and whether it has been. */
export interface PlaceTarget {
  readonly id: string;
  readonly target: { readonly x: number; readonly y: number };
  readonly confirmed: boolean;
}

const hex = (c: readonly number[]): string =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Each ball id's colour on screen, from how the game's set says it looks. */
export const ballColours = (set: BallSet): Record<string, string> =>
  Object.fromEntries(Object.entries(set.look).map(([id, look]) => [id, hex(look.colour)]));

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

export const drawGhosts = (layer: Element, ghosts: readonly Ghost[], style: BallStyle): void => {
  const { radius, colours } = style;
  layer.replaceChildren();
  for (const g of ghosts) {
    circle(layer, g.x, g.y, radius, {
      class: 'ghost',
      'data-id': g.id,
      stroke: colours[g.id] ?? '#fff',
    });
  }
};

export const drawRespotTargets = (
  layer: Element,
  respots: readonly PlaceTarget[],
  style: BallStyle,
): void => {
  const { radius, colours } = style;
  layer.replaceChildren();
  for (const r of respots) {
    circle(layer, r.target.x, r.target.y, radius, {
      class: `respot-target${r.confirmed ? ' confirmed' : ''}`,
      'data-id': r.id,
      stroke: colours[r.id] ?? '#fff',
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
