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
  /** Read blank at the tile's cut though some place stands out of the face around it: read again on
   * its own (`pips`, `standard`: that reading; not standard where it found no clear pattern). */
  readonly faint: boolean;
}

export interface TileReading {
  readonly halves: readonly [HalfReading, HalfReading];
  /** The strongest pip's contrast, 8-bit levels (0 where there is none). */
  readonly contrast: number;
}

const GRID = [-1, 0, 1] as const;
/** Smallest contrast (8-bit levels) that can be a pip. */
const FLOOR = 22;
/** Most a place of a blank half stands out of its face (8-bit levels; tuning sets: 99 % of 739 true
 * blank halves within 6, every pip of a half misread blank 8 and more). */
const BLANK_NOISE = 10;
/** The ring around a place, in grid pitches: eight points half a pitch away (between the places). */
const RING = [
  [0.5, 0],
  [-0.5, 0],
  [0, 0.5],
  [0, -0.5],
  [0.36, 0.36],
  [0.36, -0.36],
  [-0.36, 0.36],
  [-0.36, -0.36],
] as const;

/** A place's brightness (a grid of `pitch` mm): its centre twice and four points 0.175 pitch around. */
const spot = (
  at: (along: number, across: number) => number,
  pitch: number,
  along: number,
  across: number,
): number => {
  const r = 0.35 * pitch * 0.5;
  const u = along * pitch;
  const v = across * pitch;
  return (2 * at(u, v) + at(u + r, v) + at(u - r, v) + at(u, v + r) + at(u, v - r)) / 6;
};

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
  const contrast: number[][] = [];
  const levels: number[] = [];
  const samplers: ((along: number, across: number) => number)[] = [];
  for (const c of [a, b]) {
    const at = (along: number, across: number): number => {
      const x = c.x + ux * along - uy * across;
      const y = c.y + uy * along + ux * across;
      return sample(x, y);
    };
    samplers.push(at);
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
        const v = spot(at, pitch, along, across);
        half.push(dark ? face - v : v - face);
      }
    contrast.push(half);
  }
  const strongest = Math.max(0, ...contrast.flat().filter(Number.isFinite));
  const cut = Math.max(FLOOR, strongest / 2);
  const placesOver = (half: readonly number[], over: number): PipPlace[] => {
    const places: PipPlace[] = [];
    half.forEach((v, i) => {
      if (v > over)
        places.push({ along: GRID[(i / 3) | 0] as -1 | 0 | 1, across: GRID[i % 3] as -1 | 0 | 1 });
    });
    return places;
  };
  const read = (k: 0 | 1): HalfReading => {
    const half = contrast[k] as number[];
    const face = levels[k] as number;
    let places = placesOver(half, cut);
    let standard = STANDARD.has(key(places));
    let faint = false;
    // A half read blank where some place stands out of its face all the same is not trusted blank:
    // its pips may be fainter than the other half's (a warm lamp, JPEG, the edge of a hand's shadow
    // over them: tuning seeds 1014's [3, 5] and 1020's [3, 5] read [0, 5] and [3, 0]) or partly
    // hidden (9508's [1, 3] read [1, 0], its 3 half 80 % in view). Each place is then measured
    // against the face just around it (a smooth fall of the light across the half, or the straight
    // edge of a shadow or a hand, stands out of the half's face level but not of its own ring), and
    // the half read again on its own: a standard pattern of clear pips stands; faint or partial
    // ones leave the half unread (not standard), so the tile is not reported rather than wrong.
    if (places.length === 0 && Math.max(...half.filter(Number.isFinite), 0) > BLANK_NOISE) {
      const at = samplers[k] as (along: number, across: number) => number;
      const local: number[] = [];
      for (const along of GRID)
        for (const across of GRID) {
          const ring = RING.map(([p, q]) => at((along + p) * pitch, (across + q) * pitch)).sort(
            (p, q) => p - q,
          );
          const around = ((ring[3] as number) + (ring[4] as number)) / 2;
          const v = spot(at, pitch, along, across);
          local.push(dark ? around - v : v - around);
        }
      const top = Math.max(0, ...local.filter(Number.isFinite));
      if (top > BLANK_NOISE) {
        faint = true;
        places = top >= FLOOR ? placesOver(local, top / 2) : [];
        standard = places.length > 0 && STANDARD.has(key(places));
      }
    }
    return { pips: places.length, standard, face, faint };
  };
  return {
    halves: [read(0), read(1)],
    contrast: strongest >= FLOOR ? strongest : 0,
  };
};
