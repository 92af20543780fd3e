// Pips per half, read where the standard patterns put them (pips.ts): at each of the nine places of
// the half's 3 × 3 grid, how much darker (ivory; lighter on a black tile) than the face between the
// places the camera sees it. A place is a pip when it stands out by more than half the tile's
// strongest pip (and by a floor, so a blank half reads blank). The places found should make one of the
// patterns (or its quarter turn); where they do not, the count stands with a lower confidence.
import { PIP_PATTERNS, PIP_PITCH, type PipPlace } from '../pips.ts';
import { PIPS } from '../tiles.ts';
import type { FaceSampler } from './sample.ts';

export interface HalfReading {
  readonly pips: number;
  /** The places found make a standard pattern. */
  readonly standard: boolean;
  /** The face's brightness between the pips' places. */
  readonly face: number;
}

export interface TileReading {
  readonly halves: readonly [HalfReading, HalfReading];
  /** The strongest pip's contrast, 8-bit levels (0 where there is none). */
  readonly contrast: number;
}

const GRID = [-1, 0, 1] as const;
/** Smallest contrast (8-bit levels) that can be a pip. */
const FLOOR = 22;

const key = (places: readonly PipPlace[]): string =>
  places
    .map((p) => `${p.along},${p.across}`)
    .sort()
    .join(' ');
const STANDARD = new Set(
  PIPS.flatMap((n) => [
    key(PIP_PATTERNS[n]),
    key(PIP_PATTERNS[n].map((p) => ({ along: p.across, across: p.along }))),
  ]),
);

/**
 * Read both halves of a face-up tile whose halves' centres are a and b (mm) and whose width is `w`;
 * `dark`: pips darker than the face (ivory).
 */
export const readPips = (
  sample: FaceSampler,
  a: { x: number; y: number },
  b: { x: number; y: number },
  w: number,
  dark: boolean,
): TileReading => {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const pitch = PIP_PITCH * w;
  const r = 0.35 * pitch * 0.5;
  const contrast: number[][] = [];
  const levels: number[] = [];
  for (const c of [a, b]) {
    const at = (along: number, across: number): number => {
      const x = c.x + ux * along - uy * across;
      const y = c.y + uy * along + ux * across;
      return sample(x, y);
    };
    const faces = [
      at(0.5 * pitch, 0.5 * pitch),
      at(-0.5 * pitch, 0.5 * pitch),
      at(0.5 * pitch, -0.5 * pitch),
      at(-0.5 * pitch, -0.5 * pitch),
    ].sort((p, q) => p - q);
    const face = ((faces[1] as number) + (faces[2] as number)) / 2;
    levels.push(face);
    const half: number[] = [];
    for (const along of GRID)
      for (const across of GRID) {
        const s =
          (2 * at(along * pitch, across * pitch) +
            at(along * pitch + r, across * pitch) +
            at(along * pitch - r, across * pitch) +
            at(along * pitch, across * pitch + r) +
            at(along * pitch, across * pitch - r)) /
          6;
        half.push(dark ? face - s : s - face);
      }
    contrast.push(half);
  }
  const strongest = Math.max(0, ...contrast.flat().filter(Number.isFinite));
  const cut = Math.max(FLOOR, strongest / 2);
  const read = (half: readonly number[], face: number): HalfReading => {
    const places: PipPlace[] = [];
    half.forEach((v, i) => {
      if (v > cut) places.push({ along: GRID[(i / 3) | 0] as -1 | 0 | 1, across: GRID[i % 3] as -1 | 0 | 1 });
    });
    return { pips: places.length, standard: STANDARD.has(key(places)), face };
  };
  return {
    halves: [
      read(contrast[0] as number[], levels[0] as number),
      read(contrast[1] as number[], levels[1] as number),
    ],
    contrast: strongest >= FLOOR ? strongest : 0,
  };
};
