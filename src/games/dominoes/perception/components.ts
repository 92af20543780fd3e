// Connected pieces of a mask (4-connected, flood fill from each unvisited cell), with the moments the
// next stage fits squares and rectangles to: area, centroid, second moments.
export interface Piece {
  readonly area: number;
  /** Centroid, plan cells. */
  readonly cx: number;
  readonly cy: number;
  /** Central second moments, cells². */
  readonly sxx: number;
  readonly sxy: number;
  readonly syy: number;
}

/**
 * Pieces of `mask` (cols × rows) with `minArea` … `maxArea` cells; `stack`: scratch of the mask's
 * size; `starts`: where pieces may start (each piece is found from any of its cells), by default
 * every cell; `cells`: called with each piece kept and its cells (the first `n` of `stack`, valid
 * only during the call).
 */
export const pieces = (
  mask: Uint8Array,
  cols: number,
  rows: number,
  minArea: number,
  maxArea: number,
  stack: Int32Array = new Int32Array(mask.length),
  starts: (visit: (i: number) => void) => void = (visit) => {
    for (let i = 0; i < mask.length; i++) visit(i);
  },
  cells?: (piece: Piece, stack: Int32Array, n: number) => void,
): Piece[] => {
  // A cell is cleared from the mask as it is taken: the mask is used up.
  const out: Piece[] = [];
  starts((start) => {
    if (!mask[start]) return;
    let top = 0;
    let n = 0;
    stack[top++] = start;
    mask[start] = 0;
    let read = 0;
    while (read < top) {
      const i = stack[read++] as number;
      n++;
      const x = i % cols;
      const y = (i / cols) | 0;
      if (x > 0 && mask[i - 1]) {
        mask[i - 1] = 0;
        stack[top++] = i - 1;
      }
      if (x + 1 < cols && mask[i + 1]) {
        mask[i + 1] = 0;
        stack[top++] = i + 1;
      }
      if (y > 0 && mask[i - cols]) {
        mask[i - cols] = 0;
        stack[top++] = i - cols;
      }
      if (y + 1 < rows && mask[i + cols]) {
        mask[i + cols] = 0;
        stack[top++] = i + cols;
      }
    }
    if (n < minArea || n > maxArea) return;
    // The moments of the pieces kept only: most pieces are specks, turned down by their area.
    const piece = pieceOf(stack.subarray(0, n), cols);
    out.push(piece);
    cells?.(piece, stack, n);
  });
  return out;
};

/** The moments of a piece given as its cells (indices into a grid `cols` wide). */
export const pieceOf = (cells: Int32Array, cols: number): Piece => {
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  const n = cells.length;
  for (let j = 0; j < n; j++) {
    const i = cells[j] as number;
    const x = i % cols;
    const y = (i / cols) | 0;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
  }
  const cx = sx / n;
  const cy = sy / n;
  return { area: n, cx, cy, sxx: sxx / n - cx * cx, sxy: sxy / n - cx * cy, syy: syy / n - cy * cy };
};

/**
 * A piece's cells (indices into a grid `cols` wide) on a grid of their own: the piece's bounding box
 * and `border` empty cells round it; (x0, y0) is the local grid's first cell in the big grid.
 */
const localGrid = (
  cells: Int32Array,
  cols: number,
  border: number,
): { x0: number; y0: number; w: number; h: number; inPiece: Uint8Array } => {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of cells) {
    const x = i % cols;
    const y = (i / cols) | 0;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const w = x1 - x0 + 1 + 2 * border;
  const h = y1 - y0 + 1 + 2 * border;
  const inPiece = new Uint8Array(w * h);
  for (const i of cells) inPiece[(((i / cols) | 0) - y0 + border) * w + (i % cols) - x0 + border] = 1;
  return { x0: x0 - border, y0: y0 - border, w, h, inPiece };
};

/**
 * A piece (its cells, indices into a grid `cols` wide) cut where it is thin: the cells left after
 * `k` steps of erosion (4-neighbours), in their connected parts, each grown back by `k` steps within
 * the piece. Strips up to 2k cells wide joining the parts are cut, and so are strips hanging off
 * them; [] when that leaves fewer than two parts (nothing was cut).
 */
export const openPiece = (cells: Int32Array, cols: number, k: number): Int32Array[] => {
  // A local grid with a border of one empty cell.
  const { x0, y0, w, h, inPiece } = localGrid(cells, cols, 1);
  let core = inPiece;
  for (let s = 0; s < k; s++) {
    const next = new Uint8Array(w * h);
    for (let j = w; j < w * (h - 1); j++)
      if (core[j] && core[j - 1] && core[j + 1] && core[j - w] && core[j + w]) next[j] = 1;
    core = next;
  }
  // Label the core's parts, then grow them back together, breadth first, k steps within the piece.
  const label = new Int32Array(w * h);
  let parts = 0;
  let queue: number[] = [];
  for (let j = 0; j < w * h; j++) {
    if (!core[j] || label[j]) continue;
    parts++;
    label[j] = parts;
    const stack = [j];
    while (stack.length > 0) {
      const c = stack.pop() as number;
      queue.push(c);
      for (let q = 0; q < 4; q++) {
        const d = q === 0 ? c - 1 : q === 1 ? c + 1 : q === 2 ? c - w : c + w;
        if (core[d] && !label[d]) {
          label[d] = parts;
          stack.push(d);
        }
      }
    }
  }
  if (parts < 2) return [];
  for (let s = 0; s < k; s++) {
    const next: number[] = [];
    for (const c of queue)
      for (let q = 0; q < 4; q++) {
        const d = q === 0 ? c - 1 : q === 1 ? c + 1 : q === 2 ? c - w : c + w;
        if (inPiece[d] && !label[d]) {
          label[d] = label[c] as number;
          next.push(d);
        }
      }
    queue = next;
  }
  const out: number[][] = Array.from({ length: parts }, () => []);
  for (let j = 0; j < w * h; j++) {
    const l = label[j] as number;
    if (l > 0) (out[l - 1] as number[]).push((((j / w) | 0) + y0) * cols + (j % w) + x0);
  }
  return out.map((p) => Int32Array.from(p));
};

/**
 * A piece's cells (indices into a grid `cols` wide) with its holes: the cells `may` allows that have
 * piece within `reach` cells on both sides in each of four directions (across, down and both
 * diagonals). A seam cut through the piece has piece on both sides across it but not along it, so it
 * stays out.
 */
export const withHoles = (
  cells: Int32Array,
  cols: number,
  reach: number,
  may: (i: number) => boolean,
): Int32Array => {
  if (cells.length === 0) return cells;
  const { x0, y0, w, h, inPiece } = localGrid(cells, cols, 0);
  const at = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < w && y < h && inPiece[y * w + x] === 1;
  const near = (x: number, y: number, dx: number, dy: number): boolean => {
    for (let s = 1; s <= reach; s++) if (at(x + s * dx, y + s * dy)) return true;
    return false;
  };
  const holes: number[] = [];
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (inPiece[y * w + x]) continue;
      const i = (y + y0) * cols + x + x0;
      if (!may(i)) continue;
      let enclosed = true;
      for (const [dx, dy] of DIRECTIONS)
        if (!near(x, y, dx, dy) || !near(x, y, -dx, -dy)) {
          enclosed = false;
          break;
        }
      if (enclosed) holes.push(i);
    }
  if (holes.length === 0) return cells;
  const out = new Int32Array(cells.length + holes.length);
  out.set(cells);
  out.set(holes, cells.length);
  return out;
};

const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;
