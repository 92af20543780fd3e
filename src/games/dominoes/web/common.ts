// What the three dominoes pages share: the chain drawn over the table's outline (tiles with their pips,
// doubles crosswise), the clock counted down from the view, names and words, and the pages' own styles
// (the shell's table.css is for every game; these are dominoes' only).
export { $, button, beep } from '../../../web/dom.ts';
import type { DominoesSurface } from '../equipment.ts';
import { drawTable, svgEl } from '../../../web/table-svg.ts';
import type { ChainTileView, DominoesPageView } from '../view.ts';

export const el = <K extends keyof HTMLElementTagNameMap>(
  name: K,
  text = '',
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] => {
  const e = document.createElement(name);
  if (text) e.textContent = text;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

/** A player's name as the match has it (players 0…3 are shown as 1…4). */
export const playerName = (v: DominoesPageView, p: number): string => v.players[p] ?? `Player ${p + 1}`;

export const pairName = (v: DominoesPageView, t: number): string =>
  `${playerName(v, t)} & ${playerName(v, t + 2)}`;

export const tileText = (t: readonly number[]): string => `[${t[0]}|${t[1]}]`;

/** Seconds left on the clock now (negative once it has run out); null when not counting. */
export const secondsLeft = (v: DominoesPageView, now = Date.now()): number | null => {
  const c = v.clock;
  if (!c || c.since === null) return null;
  return c.seconds - (now - c.since) / 1000;
};

export const clockText = (v: DominoesPageView, now = Date.now()): string => {
  const c = v.clock;
  if (!c) return '—';
  const left = secondsLeft(v, now);
  if (left === null) return `${c.seconds} s`;
  return left >= 0 ? `${Math.ceil(left)} s` : `+${Math.floor(-left)} s over`;
};

// ---------------------------------------------------------------------------------------------------
// The chain

/** Pip positions on a half, as fractions of its side (0…1), for 0…6. */
const PIPS: readonly (readonly [number, number][])[] = [
  [],
  [[0.5, 0.5]],
  [
    [0.25, 0.25],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.25],
    [0.5, 0.5],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.75],
  ],
  [
    [0.25, 0.2],
    [0.75, 0.2],
    [0.25, 0.5],
    [0.75, 0.5],
    [0.25, 0.8],
    [0.75, 0.8],
  ],
];

const drawHalf = (g: Element, pips: number, x: number, y: number, side: number): void => {
  for (const [fx, fy] of PIPS[pips] ?? [])
    svgEl('circle', { cx: x + fx * side, cy: y + fy * side, r: side * 0.1, class: 'pip' }, g);
};

/**
 * One tile at (x, y) (its top-left corner, screen mm): lengthwise along the row, its first half
 * towards `forward` (the chain's direction in this row), or crosswise for a double.
 */
const drawTile = (
  layer: Element,
  t: ChainTileView,
  x: number,
  y: number,
  size: { length: number; width: number },
  forward: 1 | -1,
  latest: boolean,
): void => {
  const g = svgEl('g', { class: `tile${t.double ? ' double' : ''}${latest ? ' latest' : ''}` }, layer);
  g.dataset.tile = `${t.tile[0]}:${t.tile[1]}`;
  g.dataset.move = String(t.move);
  const w = size.width;
  const l = size.length;
  if (t.double) {
    svgEl('rect', { x, y, width: w, height: l, rx: 3, class: 'tile-face' }, g);
    svgEl('line', { x1: x + 2, y1: y + w, x2: x + w - 2, y2: y + w, class: 'tile-bar' }, g);
    drawHalf(g, t.tile[0], x, y, w);
    drawHalf(g, t.tile[1], x, y + w, w);
    return;
  }
  svgEl('rect', { x, y: y + (l - w) / 2, width: l, height: w, rx: 3, class: 'tile-face' }, g);
  svgEl(
    'line',
    { x1: x + w, y1: y + (l - w) / 2 + 2, x2: x + w, y2: y + (l + w) / 2 - 2, class: 'tile-bar' },
    g,
  );
  const [first, second] = forward === 1 ? [t.tile[0], t.tile[1]] : [t.tile[1], t.tile[0]];
  drawHalf(g, first, x, y + (l - w) / 2, w);
  drawHalf(g, second, x + w, y + (l - w) / 2, w);
};

/**
 * The chain laid out on the table as a snake: rows across the table, the next row back the other
 * way, so a long chain fits; each tile in the order played from the left end to the right end.
 */
export const drawChain = (
  layer: SVGGElement,
  chain: readonly ChainTileView[],
  table: { width: number; length: number },
  tile: { length: number; width: number },
): void => {
  layer.replaceChildren();
  if (chain.length === 0) return;
  const margin = tile.length;
  const across = table.length - 2 * margin; // screen x is the table's y
  const gap = 2;
  const rows: ChainTileView[][] = [[]];
  let used = 0;
  for (const t of chain) {
    const along = (t.double ? tile.width : tile.length) + gap;
    if (used + along > across && (rows.at(-1)?.length ?? 0) > 0) {
      rows.push([]);
      used = 0;
    }
    rows.at(-1)?.push(t);
    used += along;
  }
  const rowHeight = tile.length + 3 * gap;
  const top = table.width / 2 - (rows.length * rowHeight) / 2;
  const latest = Math.max(...chain.map((t) => t.move));
  rows.forEach((row, i) => {
    const forward: 1 | -1 = i % 2 === 0 ? 1 : -1;
    const width = row.reduce((s, t) => s + (t.double ? tile.width : tile.length) + gap, -gap);
    let x = forward === 1 ? table.length / 2 - width / 2 : table.length / 2 + width / 2;
    const y = top + i * rowHeight;
    for (const t of row) {
      const along = t.double ? tile.width : tile.length;
      const left = forward === 1 ? x : x - along;
      drawTile(layer, t, left, y, tile, forward, t.move === latest);
      x += forward * (along + gap);
    }
  });
};

/** The table's outline and a layer for the chain; the tile's size from the table the server sends. */
export const setUpTable = async (
  svg: SVGSVGElement,
): Promise<{
  chain: SVGGElement;
  draw: (chain: readonly ChainTileView[]) => void;
  table: DominoesSurface;
}> => {
  const table = (await (await fetch('/api/table')).json()) as DominoesSurface;
  const chain = drawTable(svg, table);
  chain.setAttribute('class', 'chain');
  const tile = table.dominoes.tile;
  return { chain, table, draw: (tiles) => drawChain(chain, tiles, table, tile) };
};

const STYLE = `
.tile-face { fill: #f4f0e4; stroke: #333; stroke-width: 1; }
.tile.latest .tile-face { stroke: #f2c300; stroke-width: 3; }
.tile-bar { stroke: #555; stroke-width: 1; }
.pip { fill: #111; }
.clock { font-size: 2.2rem; font-weight: bold; font-variant-numeric: tabular-nums; }
.clock.short { color: #f2c300; }
.clock.overrun { color: #ff5a4e; animation: flash 0.6s ease-in-out 3; }
.teams { display: grid; grid-template-columns: 1fr auto 1fr; gap: 1rem; padding: 0.25rem 1rem; align-items: center; }
.team .score { font-size: 1.8rem; font-weight: bold; }
.team[data-team='1'] { text-align: right; }
.seat { display: inline-block; margin-right: 0.8rem; }
.seat.to-move { color: #f2c300; font-weight: bold; }
.seat.to-move::before { content: '▶ '; }
.card-yellow { background: #e8c100; color: #000; padding: 0 0.3rem; border-radius: 3px; }
.card-red { background: #c0262d; padding: 0 0.3rem; border-radius: 3px; }
.card-black { background: #000; border: 1px solid #888; padding: 0 0.3rem; border-radius: 3px; }
#alerts li { background: #5a1d1a; margin: 0.2rem 0; padding: 0.25rem 0.6rem; list-style: none; }
#alerts li[data-kind='passToConfirm'], #alerts li[data-kind='unsigned'], #alerts li[data-kind='awaitingHands'] { background: #4a3d10; }
#alerts { padding: 0 1rem; margin: 0.3rem 0; }
#notice { padding: 0 1rem; margin: 0.2rem 0; color: #6fd08c; }
table.sheet { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
table.sheet th, table.sheet td { border: 1px solid #444; padding: 0.2rem 0.4rem; text-align: left; vertical-align: top; }
.sig.valid { color: #6fd08c; }
.sig.void { color: #ff8a80; text-decoration: line-through; }
.entry select, .entry input { font: inherit; }
.tile-picker { display: grid; grid-template-columns: repeat(7, auto); gap: 0.15rem; }
.tile-picker button { padding: 0.1rem 0.25rem; font-family: monospace; }
.tile-picker button.chosen { background: #2e6b3f; }
.tile-picker button.down { opacity: 0.3; }
body.overlay .teams { background: rgba(10, 12, 16, 0.8); border-radius: 6px; font-size: 1.3rem; display: inline-grid; }
body.overlay .chain-only .bed { visibility: hidden; }
`;

export const injectStyle = (): void => {
  const s = document.createElement('style');
  s.textContent = STYLE;
  document.head.append(s);
};
