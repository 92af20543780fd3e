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
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    let read = 0;
    while (read < top) {
      const i = stack[read++] as number;
      n++;
      const x = i % cols;
      const y = (i / cols) | 0;
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      syy += y * y;
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
    const cx = sx / n;
    const cy = sy / n;
    const piece: Piece = {
      area: n,
      cx,
      cy,
      sxx: sxx / n - cx * cx,
      sxy: sxy / n - cx * cy,
      syy: syy / n - cy * cy,
    };
    out.push(piece);
    cells?.(piece, stack, n);
  });
  return out;
};
