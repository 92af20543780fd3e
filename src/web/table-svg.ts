// Draws a bed to scale as SVG, from the table model the server sends (src/equipment). Shared by every
// view. Screen orientation: the table lies along the screen with the baulk end on the left, as a
// camera over the table shows it on a landscape screen: screen right = table y, screen down = table x.
import { isBed, type Pocket, type Surface } from '../equipment/index.ts';

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

/** An SVG element with these attributes, appended to `parent` when given. */
export const svgEl = <K extends keyof SVGElementTagNameMap>(
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
  svgEl('polygon', { points: points(ps), class: cls }, parent);

const line = (s: { a: Pt; b: Pt }, cls: string, parent: Element): SVGLineElement => {
  const a = toScreen(s.a);
  const b = toScreen(s.b);
  return svgEl('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: cls }, parent);
};

/** The jaw gap (cut through cushion and rail) and the hole beyond the fall. */
const drawPocket = (pocket: Pocket, g: Element): void => {
  const [j1, j2] = pocket.jaws;
  polygon([j1.a, j1.b, j2.b, j2.a], 'pocket-hole', g).dataset.pocket = pocket.id;
  const hole = toScreen({
    x: (pocket.fall.a.x + pocket.fall.b.x) / 2 + pocket.axis.x * pocket.mouth * 0.45,
    y: (pocket.fall.a.y + pocket.fall.b.y) / 2 + pocket.axis.y * pocket.mouth * 0.45,
  });
  svgEl('circle', { cx: hole.x, cy: hole.y, r: pocket.mouth * 0.55, class: 'pocket-hole' }, g);
};

/** The cloth in the throat, from the mouth to the fall line, drawn over the hole. */
const drawThroat = (pocket: Pocket, g: Element): void => {
  polygon([pocket.knuckles[0], pocket.fall.a, pocket.fall.b, pocket.knuckles[1]], 'cloth', g);
};

/** Build the table drawing into `svg`, replacing what was there. Returns the layer for balls. */
export const drawTable = (svg: SVGSVGElement, table: Surface): SVGGElement => {
  svg.replaceChildren();
  // A flat surface (dominoes) is its playing area inside a plain frame: no pockets, noses or marks.
  const pockets = isBed(table) ? table.pockets : [];
  const outer = CUSHION_WIDTH + RAIL_WIDTH;
  svg.setAttribute('viewBox', `${-outer} ${-outer} ${table.length + 2 * outer} ${table.width + 2 * outer}`);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  const bed = svgEl('g', { class: 'bed' }, svg);
  svgEl(
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
  svgEl(
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
  for (const p of pockets) drawPocket(p, bed);
  svgEl(
    'rect',
    { x: 0, y: 0, width: table.length, height: table.width, class: 'cloth', id: 'playing-area' },
    bed,
  );
  for (const p of pockets) drawThroat(p, bed);
  if (!isBed(table)) return svgEl('g', { class: 'balls' }, svg);
  for (const c of table.cushions) line(c, 'cushion-nose', bed);
  const m = table.marks;
  if (m) {
    const marks = svgEl('g', { class: 'markings' }, bed);
    for (const l of m.lines) line(l, l.name, marks);
    for (const arc of m.arcs) {
      const from = toScreen({
        x: arc.centre.x + arc.radius * Math.cos(arc.from),
        y: arc.centre.y + arc.radius * Math.sin(arc.from),
      });
      const to = toScreen({
        x: arc.centre.x + arc.radius * Math.cos(arc.to),
        y: arc.centre.y + arc.radius * Math.sin(arc.to),
      });
      // The screen swaps x and y (a mirror), so a sweep of increasing table angle is SVG's sweep-flag 0.
      const large = arc.to - arc.from > Math.PI ? 1 : 0;
      svgEl(
        'path',
        {
          d: `M ${from.x} ${from.y} A ${arc.radius} ${arc.radius} 0 ${large} 0 ${to.x} ${to.y}`,
          class: `${arc.name}-line`,
          id: `the-${arc.name}`,
        },
        marks,
      );
    }
    for (const spot of m.spots) {
      const s = toScreen(spot.at);
      svgEl('circle', { cx: s.x, cy: s.y, r: 6, class: 'spot', 'data-spot': spot.name }, marks);
    }
  }
  return svgEl('g', { class: 'balls' }, svg);
};
