// A referee's hand over the table, as a match's frames have it between shots (held-out 36's
// maroon-referee): reaching in from beyond a cushion to respot a colour or to take the cue ball to clean
// it, the hand in a white cotton glove hovering palm down 70 to 150 mm over the cloth, the fingers
// curled a little towards it, the glove's cuff over the wrist, the forearm and the upper arm in a dark
// sleeve rising back past the cushion to the shoulder. Placed from the case's seed where each part is
// a ball radius or more clear of every ball in plan (so the hand holds, touches and hides no ball; the
// truth has no entry for it); drawn as a player's parts are (render.ts, parts.ts), with their soft
// shadows on the cloth and the balls.
import type { Calibration } from '../../camera/index.ts';
import type { Table } from '../../equipment/index.ts';
import { makeRng } from '../random.ts';
import { clearOf, prepare, type AltEllipsoid, type AltPart, type AltPoint } from './parts.ts';
import { clearsRails, LEAN, outOfBed, rod } from './player.ts';
import { altInView, type AltBall, type AltPlayer, type Srgb8 } from './render.ts';
import type { AltVariant } from './style.ts';

/** The variants with a referee's hand over the table. */
const REFEREED: readonly AltVariant[] = ['maroon-referee'];

// A white cotton glove (matte) and a referee's dark jacket sleeve.
const GLOVE: Srgb8 = [238, 238, 232];
const SLEEVE: Srgb8 = [30, 30, 36];

/** The share of frames with the hand over the table (the others between its reaches). */
const SHARE = 0.7;
/** How many places are tried for the hand (the frame is left without it where none fits). */
const TRIES = 80;
/** How high over the bed a part is kept clear of a ball's plan, mm (the arm's top is below it). */
const COLUMN = 600;

/**
 * A hand reaching in from the cushion on `side` (0: x = 0, 1: x = width, 2: y = 0, 3: y = length),
 * `along` mm along it, its back's middle `reach` mm in from the cushion's nose and `z` mm over the bed,
 * turned `turn` radians from straight in; `hand` 1 a right hand (its thumb on its left), −1 a left;
 * the forearm rising back from the wrist at `rise` radians.
 */
const reaching = (
  t: Table,
  side: number,
  along: number,
  reach: number,
  z: number,
  turn: number,
  hand: 1 | -1,
  rise: number,
): AltPart[] => {
  const [nx, ny] = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ][side] as [number, number];
  const [x0, y0] =
    side === 0 ? [0, along] : side === 1 ? [t.width, along] : side === 2 ? [along, 0] : [along, t.length];
  const fx = nx * Math.cos(turn) - ny * Math.sin(turn);
  const fy = nx * Math.sin(turn) + ny * Math.cos(turn);
  const hx = x0 + reach * fx;
  const hy = y0 + reach * fy;
  /** A point `f` mm ahead of the back's middle, `l` mm to its left, `h` mm over the bed. */
  const at = (f: number, l: number, h: number): AltPoint => ({
    x: hx + f * fx - l * fy,
    y: hy + f * fy + l * fx,
    z: h,
  });
  const glove = (a: AltPoint, b: AltPoint, ra: number, rb: number): AltPart => rod(a, b, ra, rb, GLOVE, 0.03);
  // The fingers from the knuckles, curled down towards the cloth (a glove's are a little thicker): the
  // little finger's, the ring finger's, the middle one's and the index finger's, beside the thumb.
  const fingers = (
    [
      [-27, 48],
      [-9, 62],
      [9, 68],
      [27, 60],
    ] as const
  ).map(([l, len]) => glove(at(30, hand * l, z - 4), at(30 + len, hand * l * 1.2, z - 32), 10.5, 9));
  // The forearm rising back from the wrist at `rise`, the upper arm on to the shoulder, steeper.
  const wrist = at(-105, 0, z + 10);
  const elbow = at(-105 - 250 * Math.cos(rise), 0, z + 10 + 250 * Math.sin(rise));
  const shoulder = at(-105 - 250 * Math.cos(rise) - 170, 0, z + 10 + 250 * Math.sin(rise) + 230);
  return [
    {
      kind: 'ellipsoid',
      c: at(0, 0, z),
      yaw: Math.atan2(fy, fx),
      rx: 52,
      ry: 44,
      rz: 17,
      colour: GLOVE,
      gloss: 0.03,
    },
    ...fingers,
    glove(at(-12, hand * 40, z - 4), at(36, hand * 62, z - 28), 11, 9),
    glove(at(-45, 0, z + 2), wrist, 30, 33),
    rod(wrist, elbow, 36, 42, SLEEVE, 0.04),
    rod(elbow, shoulder, 46, 54, SLEEVE, 0.04),
  ];
};

/**
 * A variant's referee's hand over the table among `balls`, from the case's seed, seen by camera c:
 * undefined for a variant with none, in the frames between its reaches (SHARE), and where no place
 * tried fits. Of the places that fit, the one whose glove's back is nearest a ball (the referee reaching
 * for a ball to respot it or to clean it, the hand beside it). A place fits where the hand's back and fingers are over the bed, the sleeves clear the
 * cushions and the rails they cross, the shoulder no more than LEAN in over the bed, every part a ball
 * radius or more clear of every ball in plan (of the column over it up to COLUMN mm) and hiding no
 * ball from the camera (altInView's share 1 for each).
 */
export const altReferee = (
  c: Calibration<Table>,
  balls: readonly AltBall[],
  variant: AltVariant,
  seed: number,
): AltPlayer | undefined => {
  if (!REFEREED.includes(variant)) return undefined;
  const t = c.table;
  const R = t.ballRadius;
  const rng = makeRng(seed ^ 0x7e1f5a3);
  if (rng.next() >= SHARE) return undefined;
  let best: { player: AltPlayer; near: number } | undefined;
  for (let i = 0; i < TRIES; i++) {
    const side = rng.int(0, 4);
    const along = side < 2 ? rng.uniform(300, t.length - 300) : rng.uniform(250, t.width - 250);
    const parts = reaching(
      t,
      side,
      along,
      rng.uniform(150, 450),
      rng.uniform(70, 150),
      rng.uniform(-0.4, 0.4),
      rng.next() < 0.85 ? 1 : -1,
      (rng.uniform(22, 34) * Math.PI) / 180,
    );
    // The back, the fingers and the thumb; the cuff and the sleeves.
    const glove = parts.slice(0, 6);
    const [cuff, forearm, upper] = parts.slice(6);
    if (cuff?.kind !== 'rod' || forearm?.kind !== 'rod' || upper?.kind !== 'rod') continue;
    const overBed = glove.every((p) =>
      (p.kind === 'rod' ? [p.a, p.b] : [p.c]).every((q) => outOfBed(t, q.x, q.y) < -10),
    );
    if (!overBed || outOfBed(t, upper.b.x, upper.b.y) < -LEAN) continue;
    if (![cuff, forearm, upper].every((p) => clearsRails(t, p))) continue;
    const ready = parts.map(prepare);
    const clear = balls.every((b) =>
      ready.every((q) => {
        for (let z: number = t.ballCentreHeight; z <= COLUMN; z += R / 2)
          if (!clearOf(q, b.x, b.y, z, R, R)) return false;
        return true;
      }),
    );
    if (!clear) continue;
    const player = { parts };
    if (!altInView(c, balls, player).every((s) => s === 1)) continue;
    const back = parts[0] as AltEllipsoid;
    const near = Math.min(Infinity, ...balls.map((b) => Math.hypot(b.x - back.c.x, b.y - back.c.y)));
    if (!best || near < best.near) best = { player, near };
  }
  return best?.player;
};

/** Whether a variant has a referee's hand over the table. */
export const hasReferee = (variant: AltVariant): boolean => REFEREED.includes(variant);
