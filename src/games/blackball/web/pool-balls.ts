// Pool balls over the table drawing (src/web/table-svg.ts), in its units (mm, the head on the left): a
// solid as a coloured ball, a stripe as a white ball with a coloured band round it, each numbered ball
// with a white disc carrying its number; the cue ball plain white. The cabin (seed 2.1) as a shaded
// area up to the head line, for the pages that watch a cue ball placed in hand.
import type { BallLook, BallSet } from '../../../equipment/pieces.ts';
import type { BallView } from '../../../match/view.ts';
import { svgEl, toScreen } from '../../../web/table-svg.ts';

export const hex = (c: readonly number[]): string =>
  `#${c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const WHITE = '#f4f1e6';

/** One ball, centred on the origin, of radius `r`, as its look says. */
export const drawPoolBall = (parent: Element, look: BallLook | undefined, r: number): void => {
  const colour = look ? hex(look.colour) : '#888888';
  if (look?.stripe) {
    svgEl('circle', { r, fill: WHITE, class: 'ball-body' }, parent);
    // The band: the part of the ball between two chords at ±h (screen y), bounded by the outline.
    const h = r * 0.55;
    const w = Math.sqrt(r * r - h * h);
    svgEl(
      'path',
      {
        d: `M ${-w} ${-h} L ${w} ${-h} A ${r} ${r} 0 0 1 ${w} ${h} L ${-w} ${h} A ${r} ${r} 0 0 1 ${-w} ${-h} Z`,
        fill: colour,
        class: 'stripe-band',
      },
      parent,
    );
  } else svgEl('circle', { r, fill: look?.number ? colour : WHITE, class: 'ball-body' }, parent);
  svgEl('circle', { r, fill: 'none', class: 'ball-outline' }, parent);
  if (look?.number) {
    svgEl('circle', { r: r * 0.45, fill: WHITE, class: 'number-disc' }, parent);
    const t = svgEl(
      'text',
      {
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        'font-size': (r * (look.number.length > 1 ? 0.5 : 0.62)).toFixed(1),
        'font-weight': 700,
        fill: '#111111',
        class: 'ball-number',
      },
      parent,
    );
    t.textContent = look.number;
  }
};

/** Every ball where it is, replacing what the layer held. */
export const drawPoolBalls = (
  layer: Element,
  balls: readonly BallView[],
  set: BallSet,
  radius: number,
): void => {
  layer.replaceChildren();
  for (const b of balls) {
    const s = toScreen(b);
    const look = set.look[b.id];
    const g = svgEl(
      'g',
      {
        class: `ball ball-${b.id}${look?.stripe ? ' stripe' : look?.number ? ' solid' : ''}`,
        transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)})`,
        'data-id': b.id,
        'data-track': b.track ?? b.id,
        'data-stripe': String(look?.stripe === true),
        'data-x': b.x.toFixed(1),
        'data-y': b.y.toFixed(1),
      },
      layer,
    );
    drawPoolBall(g, look, radius);
  }
};

/** A small ball for a list (groups, balls left): an inline SVG of one ball. */
export const ballIcon = (id: string, set: BallSet, size = 22): SVGSVGElement => {
  const svg = svgEl('svg', {
    viewBox: '-10 -10 20 20',
    width: size,
    height: size,
    class: `ball-icon ball-${id}`,
    'data-id': id,
    role: 'img',
    'aria-label': id === 'cue' ? 'cue ball' : `${id} ball`,
  });
  drawPoolBall(svg, set.look[id], 9.5);
  return svg;
};

/** The cabin (seed 2.1): the bed from the head cushion to the head line, shaded; `inside` marks it. */
export const drawCabin = (
  layer: Element,
  table: { width: number; length: number },
  headLine: number,
  state: 'inside' | 'outside' | 'unseen' | 'hidden',
): void => {
  layer.replaceChildren();
  if (state === 'hidden') return;
  const a = toScreen({ x: 0, y: 0 });
  const b = toScreen({ x: table.width, y: headLine });
  svgEl(
    'rect',
    {
      x: Math.min(a.x, b.x),
      y: Math.min(a.y, b.y),
      width: Math.abs(b.x - a.x),
      height: Math.abs(b.y - a.y),
      class: `cabin ${state}`,
      id: 'cabin',
      'data-cue': state,
    },
    layer,
  );
};
