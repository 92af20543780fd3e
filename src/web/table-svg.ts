// Draws a bed to scale as SVG, from the table model the server sends (src/table). Shared by every
// view. Screen orientation: the table lies along the screen with the baulk end on the left, as a
// camera over the table shows it on a landscape screen: screen right = table y, screen down = table x.
import type { Pocket, Table } from '../table/bed.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Cushion rubber width and wooden rail width outside the cushion noses, mm (drawing only). */
export const CUSHION_WIDTH = 48;
export const RAIL_WIDTH = 90;

export interface Pt {
  x: number;
  y: number;
}

/** Table frame (mm) to the SVG user space (mm, rotated so the baulk end is on the left). */
export const toScreen = (p: Pt): Pt => ({ x: p.y, y: p.x });

const el = <K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGElementTagNameMap[K] => {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
};

const points = (ps: readonly Pt[]): string =>
  ps
    .map(toScreen)
    .map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`)
    .join(' ');

const polygon = (ps: readonly Pt[], cls: string, parent: Element): SVGPolygonElement =>
  el('polygon', { points: points(ps), class: cls }, parent);

const line = (s: { a: Pt; b: Pt }, cls: string, parent: Element): SVGLineElement => {
  const a = toScreen(s.a);
  const b = toScreen(s.b);
  return el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: cls }, parent);
};

/** The jaw gap (cut through cushion and rail) and the hole beyond the fall. */
const drawPocket = (pocket: Pocket, g: Element): void => {
  const [j1, j2] = pocket.jaws;
  polygon([j1.a, j1.b, j2.b, j2.a], 'pocket-hole', g).dataset.pocket = pocket.id;
  const hole = toScreen({
    x: (pocket.fall.a.x + pocket.fall.b.x) / 2 + pocket.axis.x * pocket.mouth * 0.45,
    y: (pocket.fall.a.y + pocket.fall.b.y) / 2 + pocket.axis.y * pocket.mouth * 0.45,
  });
  el('circle', { cx: hole.x, cy: hole.y, r: pocket.mouth * 0.55, class: 'pocket-hole' }, g);
};

/** The cloth in the throat, from the mouth to the fall line, drawn over the hole. */
const drawThroat = (pocket: Pocket, g: Element): void => {
  polygon([pocket.knuckles[0], pocket.fall.a, pocket.fall.b, pocket.knuckles[1]], 'cloth', g);
};

/** Build the table drawing into `svg`, replacing what was there. Returns the layer for balls. */
export const drawTable = (svg: SVGSVGElement, table: Table): SVGGElement => {
  svg.replaceChildren();
  const outer = CUSHION_WIDTH + RAIL_WIDTH;
  svg.setAttribute('viewBox', `${-outer} ${-outer} ${table.length + 2 * outer} ${table.width + 2 * outer}`);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  const bed = el('g', { class: 'bed' }, svg);
  el(
    'rect',
    {
      x: -outer,
      y: -outer,
      width: table.length + 2 * outer,
      height: table.width + 2 * outer,
      rx: 40,
      class: 'rail',
    },
    bed,
  );
  el(
    'rect',
    {
      x: -CUSHION_WIDTH,
      y: -CUSHION_WIDTH,
      width: table.length + 2 * CUSHION_WIDTH,
      height: table.width + 2 * CUSHION_WIDTH,
      class: 'cushion',
    },
    bed,
  );
  for (const p of table.pockets) drawPocket(p, bed);
  el(
    'rect',
    { x: 0, y: 0, width: table.length, height: table.width, class: 'cloth', id: 'playing-area' },
    bed,
  );
  for (const p of table.pockets) drawThroat(p, bed);
  for (const c of table.cushions) line(c, 'cushion-nose', bed);
  const m = table.markings;
  if (m) {
    const marks = el('g', { class: 'markings' }, bed);
    line({ a: { x: 0, y: m.baulkLine }, b: { x: table.width, y: m.baulkLine } }, 'baulk-line', marks);
    // The D: the semicircle on the baulk side of the baulk line (WPBSA Section 1, 1(e)).
    const top = toScreen({ x: m.d.centre.x - m.d.radius, y: m.d.centre.y });
    const bottom = toScreen({ x: m.d.centre.x + m.d.radius, y: m.d.centre.y });
    el(
      'path',
      {
        d: `M ${top.x} ${top.y} A ${m.d.radius} ${m.d.radius} 0 0 0 ${bottom.x} ${bottom.y}`,
        class: 'd-line',
        id: 'the-d',
      },
      marks,
    );
    for (const [colour, spot] of Object.entries(m.spots)) {
      const s = toScreen(spot);
      el('circle', { cx: s.x, cy: s.y, r: 6, class: 'spot', 'data-spot': colour }, marks);
    }
  }
  return el('g', { class: 'balls' }, svg);
};
