// A player at the table, as real photos of a club table have one (held-out 29's variants): addressing
// the cue ball, the cue laid over the table towards it, resting on the bridge hand on the cloth, the
// bridge arm running back from the hand past the cushion to the shoulder, the other hand on the butt
// beyond the cushion, its forearm rising from it. Placed from the case's seed among the balls where
// a player could stand so (parts.ts's rods and ellipsoids; render.ts draws them, their shadows, and
// says how much of each ball they leave in view). The player's head and body, further back over the
// floor, are not drawn.
import type { Table } from '../../equipment/index.ts';
import { makeRng, type Rng } from '../random.ts';
import { clearOf, prepare, type AltEllipsoid, type AltPart, type AltPoint, type AltRod } from './parts.ts';
import type { AltBall, AltPlayer, Srgb8 } from './render.ts';
import type { AltVariant } from './style.ts';

/** How a variant's player is dressed: the sleeves the camera sees of the shirt or jumper. */
interface AltPlayerLook {
  readonly sleeve: Srgb8;
}

/** The variants with a player at the table (held-out 29's), each in its own sleeves. */
const PLAYERS: Partial<Readonly<Record<AltVariant, AltPlayerLook>>> = {
  // A club league player in a white shirt (under a waistcoat; the camera sees the sleeves).
  'raspberry-player': { sleeve: [232, 232, 226] },
  // A navy jumper.
  'avocado-player': { sleeve: [34, 42, 66] },
};

/** Skin tones from light to dark (sRGB), one drawn a frame. */
const SKIN: readonly Srgb8[] = [
  [236, 196, 170],
  [222, 172, 140],
  [198, 146, 108],
  [164, 112, 78],
  [124, 84, 58],
  [88, 60, 44],
];

// A full-size cue, 1450 mm: a 9.5 mm tip chalked blue, an ivory ferrule, an ash shaft, an ebony butt
// spliced into it in four points.
const CUE_LENGTH = 1450;
const TIP_RADIUS = 4.75;
const BUTT_RADIUS = 14.5;
const CHALK: Srgb8 = [72, 108, 168];
const FERRULE: Srgb8 = [230, 222, 200];
const ASH: Srgb8 = [206, 170, 118];
const EBONY: Srgb8 = [44, 28, 22];
/** Where the hand on the butt holds it, mm from the tip. */
const GRIP = 1280;

/** How a player addresses the cue ball: the stroke's way and the stance, drawn for each try. */
interface Address {
  /** The way the cue ball is sent (a unit vector in plan). */
  readonly fx: number;
  readonly fy: number;
  /** The tip's gap behind the ball, mm; the tip's height over the ball's centre (a screw, a stun, a follow). */
  readonly gap: number;
  readonly lift: number;
  /** How far behind the ball's centre the cue rests on the bridge hand (plan, mm), and the cue's rise, radians. */
  readonly bridge: number;
  readonly rise: number;
  /** 1 for a right-handed player (the bridge hand the left, on the cue's left), −1 for a left-handed one. */
  readonly hand: 1 | -1;
}

/** A right-handed player most often. */
const RIGHT_HANDED = 0.85;

/** A player's parts by what they are, for the checks of where a player could stand. */
interface Stance {
  readonly cue: AltRod;
  /** The back of the bridge hand, its fingers and thumb. */
  readonly hand: readonly AltPart[];
  /** The wrist, the forearm and the upper arm, the last ending at the shoulder. */
  readonly arm: readonly AltRod[];
  /** The hand on the butt and its forearm. */
  readonly fist: AltEllipsoid;
  readonly forearm: AltRod;
}

/** A rod of one colour. */
export const rod = (
  a: AltPoint,
  b: AltPoint,
  ra: number,
  rb: number,
  colour: Srgb8,
  gloss: number,
): AltRod => ({
  kind: 'rod',
  a,
  b,
  ra,
  rb,
  bands: [{ to: Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z), colour }],
  gloss,
});

/**
 * A player addressing the cue ball at (cx, cy) as `a` says: the cue, the bridge hand (the back of the
 * hand, four fingers spread forward on the cloth, the thumb cocked up under the cue's other side to
 * cradle it), the wrist, the bridge arm (forearm and upper arm, in sleeves) back and out to the
 * shoulder, the hand on the butt and its forearm rising from it.
 */
const stance = (t: Table, cx: number, cy: number, a: Address, skin: Srgb8, sleeve: Srgb8): Stance => {
  const R = t.ballRadius;
  const lx = -a.fy * a.hand;
  const ly = a.fx * a.hand;
  /** A point `f` mm ahead of the cue ball's centre (behind, where negative), `l` mm to the bridge hand's side, z up. */
  const at = (f: number, l: number, z: number): AltPoint => ({
    x: cx + f * a.fx + l * lx,
    y: cy + f * a.fy + l * ly,
    z,
  });
  const cos = Math.cos(a.rise);
  const sin = Math.sin(a.rise);
  const tip = at(-(R + a.gap), 0, t.ballCentreHeight + a.lift);
  /** The cue's axis `s` mm from the tip. */
  const along = (s: number): AltPoint => ({
    x: tip.x - s * cos * a.fx,
    y: tip.y - s * cos * a.fy,
    z: tip.z + s * sin,
  });
  const cue: AltRod = {
    kind: 'rod',
    a: tip,
    b: along(CUE_LENGTH),
    ra: TIP_RADIUS,
    rb: BUTT_RADIUS,
    bands: [
      { to: 11, colour: CHALK },
      { to: 32, colour: FERRULE },
      { to: 1000, colour: ASH, points: 240 },
      { to: CUE_LENGTH, colour: EBONY },
    ],
    gloss: 0.35,
    grain: 0.06,
  };
  const yaw = Math.atan2(a.fy, a.fx);
  // The bridge hand, from the point on the bed under where the cue rests on it.
  const b = -a.bridge;
  const hand: AltPart[] = [
    {
      kind: 'ellipsoid',
      c: at(b - 45, 40, 22),
      yaw: yaw + a.hand * 0.2,
      rx: 56,
      ry: 45,
      rz: 15,
      colour: skin,
      gloss: 0.08,
    },
    rod(at(b - 8, 14, 28), at(b + 56, 24, 9), 10, 8.5, skin, 0.08),
    rod(at(b - 14, 32, 29), at(b + 62, 54, 9), 10.5, 8.5, skin, 0.08),
    rod(at(b - 22, 49, 27), at(b + 46, 80, 8.5), 10, 8, skin, 0.08),
    rod(at(b - 32, 64, 23), at(b + 16, 96, 7.5), 9, 7, skin, 0.08),
    rod(at(b - 62, 8, 18), at(b - 4, -10, 26), 11, 9, skin, 0.08),
  ];
  // The forearm 250 mm back and out (0.42 out a mm back) to the elbow, the upper arm 260 mm on, further
  // out (0.75), rising to the shoulder.
  const wf = b - 105;
  const wl = 50;
  const ef = wf - 250 / Math.hypot(1, 0.42);
  const el = wl + (0.42 * 250) / Math.hypot(1, 0.42);
  const wrist = at(wf, wl, 34);
  const elbow = at(ef, el, 115);
  const shoulder = at(ef - 260 / Math.hypot(1, 0.75), el + (0.75 * 260) / Math.hypot(1, 0.75), 300);
  const arm = [
    rod(at(b - 70, 42, 26), wrist, 27, 25, skin, 0.08),
    rod(wrist, elbow, 33, 40, sleeve, 0.03),
    rod(elbow, shoulder, 44, 52, sleeve, 0.03),
  ];
  const g = along(GRIP);
  return {
    cue,
    hand,
    arm,
    fist: {
      kind: 'ellipsoid',
      c: { ...g, z: g.z - 6 },
      yaw,
      rx: 48,
      ry: 42,
      rz: 44,
      colour: skin,
      gloss: 0.08,
    },
    forearm: rod(
      { x: g.x - 20 * a.fx, y: g.y - 20 * a.fy, z: g.z + 40 },
      { x: g.x - 60 * a.fx, y: g.y - 60 * a.fy, z: g.z + 330 },
      32,
      40,
      sleeve,
      0.03,
    ),
  };
};

const partsOf = (s: Stance): AltPart[] => [s.cue, ...s.hand, ...s.arm, s.fist, s.forearm];

/** How far out of the bed a plan point lies (mm beyond the nearest cushion's nose; negative inside it). */
export const outOfBed = (t: Table, x: number, y: number): number =>
  Math.max(-x, x - t.width, -y, y - t.length);

/** How far in over the bed a player's shoulder may lean, mm (stretching, one foot on the floor). */
export const LEAN = 300;

/** A cushion's top and the rail beside it, mm over the bed: a part crossing them clears this. */
const RAIL_TOP = 45;
/** The cushion and the rail's width together, mm. */
const RAIL_WIDTH = 190;

/** Whether a rod's underside clears the cushions and the rails wherever it crosses them (tried every 10 mm in plan). */
export const clearsRails = (t: Table, p: AltRod): boolean => {
  const n = Math.max(1, Math.ceil(Math.hypot(p.b.x - p.a.x, p.b.y - p.a.y) / 10));
  for (let i = 0; i <= n; i++) {
    const f = i / n;
    const out = outOfBed(t, p.a.x + f * (p.b.x - p.a.x), p.a.y + f * (p.b.y - p.a.y));
    const under = p.a.z + f * (p.b.z - p.a.z) - (p.ra + f * (p.rb - p.ra));
    if (out > 0 && out < RAIL_WIDTH + 20 && under < RAIL_TOP) return false;
  }
  return true;
};

/**
 * How nearly a player so placed could stand there: 4 where wholly (the hand on the butt beyond the
 * cushion, the bridge hand on the bed, the cue and the arms clear of the cushions and rails they
 * cross, the shoulder no more than LEAN in over the bed); 3 where only the rails or the shoulder fail;
 * 2 where the bridge hand lies off the bed too (on a rail, which is drawn flat in the bed's plane as a
 * rail bridge would be seen: the cue ball by a cushion or in a pocket's jaws); 1 where the hand on the
 * butt is over the bed (the player would be on the table); 0 where a part touches a ball (balls lie
 * under the raised cue and arm, never inside them).
 */
const standing = (t: Table, balls: readonly AltBall[], s: Stance): number => {
  const ready = partsOf(s).map(prepare);
  const R = t.ballRadius;
  if (!balls.every((b) => ready.every((q) => clearOf(q, b.x, b.y, t.ballCentreHeight, R, 1)))) return 0;
  if (outOfBed(t, s.fist.c.x, s.fist.c.y) < 20) return 1;
  const onBed = s.hand.every((p) =>
    (p.kind === 'rod' ? [p.a, p.b] : [p.c]).every((q) => outOfBed(t, q.x, q.y) < -8),
  );
  if (!onBed) return 2;
  const shoulder = (s.arm[s.arm.length - 1] as AltRod).b;
  const leans = outOfBed(t, shoulder.x, shoulder.y) >= -LEAN;
  const clear = [s.cue, ...s.arm, s.forearm].every((p) => clearsRails(t, p));
  return leans && clear && s.fist.c.z - s.fist.rz >= RAIL_TOP ? 4 : 3;
};

/**
 * How many balls a player's parts hide from a camera at `eye`: a ball whose centre is within a part's
 * radius and half a ball's of its axis (within an ellipsoid's outline), each part seen from the eye on
 * the plane of the balls' centres (a part 100 mm up near an end of the table is seen up to a ball's
 * width further out than it lies).
 */
const covered = (t: Table, balls: readonly AltBall[], s: Stance, eye: AltPoint): number => {
  const R = t.ballRadius;
  const zc = t.ballCentreHeight;
  /** A point seen from the eye on the balls' plane, and how much larger a size there is seen. */
  const seen = (p: AltPoint): [number, number, number] => {
    const k = (eye.z - zc) / (eye.z - p.z);
    return [eye.x + (p.x - eye.x) * k, eye.y + (p.y - eye.y) * k, k];
  };
  return balls.filter((b) =>
    partsOf(s).some((p) => {
      if (p.kind === 'ellipsoid') {
        const [x, y, k] = seen(p.c);
        const c = Math.cos(p.yaw);
        const n = Math.sin(p.yaw);
        const u = (c * (b.x - x) + n * (b.y - y)) / (k * p.rx);
        const v = (-n * (b.x - x) + c * (b.y - y)) / (k * p.ry);
        return u * u + v * v < 1;
      }
      const [ax, ay, ka] = seen(p.a);
      const [bx, by, kb] = seen(p.b);
      const ex = bx - ax;
      const ey = by - ay;
      const f = Math.min(1, Math.max(0, ((b.x - ax) * ex + (b.y - ay) * ey) / (ex * ex + ey * ey)));
      return (
        Math.hypot(b.x - ax - f * ex, b.y - ay - f * ey) < ka * p.ra + f * (kb * p.rb - ka * p.ra) + R / 2
      );
    }),
  ).length;
};

/**
 * The ways a player might send the cue ball: at each object ball, in a drawn order, three ways each,
 * from a full ball to a thin cut (the cue ball's path passing up to 0.95 of a ball's diameter from the
 * object ball's centre); and, for a frame where no player could stand for any of those, 40 ways at
 * random (a safety, a shot to nothing).
 */
const ways = (rng: Rng, cue: AltBall, balls: readonly AltBall[], R: number): [number, number][][] => {
  const aimed = balls
    .filter((b) => b !== cue)
    .map((b) => ({ b, key: rng.next() }))
    .sort((p, q) => p.key - q.key)
    .flatMap(({ b }) => {
      const d = Math.hypot(b.x - cue.x, b.y - cue.y);
      return Array.from({ length: 3 }, () => {
        const cut = rng.uniform(-1, 1) * Math.asin(Math.min(1, (1.9 * R) / d));
        const a = Math.atan2(b.y - cue.y, b.x - cue.x) + cut;
        return [Math.cos(a), Math.sin(a)] as [number, number];
      });
    });
  const random = Array.from({ length: 40 }, () => {
    const a = rng.uniform(0, 2 * Math.PI);
    return [Math.cos(a), Math.sin(a)] as [number, number];
  });
  return [aimed, random];
};

/**
 * A variant's player at the table among `balls`, from the case's seed, seen by a camera at `eye`:
 * undefined for a variant with none, or a frame with no cue ball. Each way (see ways) is tried with the
 * cue raised as little as it needs to clear the balls and rails (the stance's own rise, up to 8° more:
 * a cue jacked up over a ball). Of the ways at an object ball where a player could stand wholly
 * (standing 4), the one whose parts hide the most balls from the camera (covered), the first where
 * they tie; where none hides a ball (or none lets the player stand), the same among every way, the
 * random ones too (a safety, or a shot to nothing, over a ball), those nearest to standing first.
 * From overhead a player hides a ball only where a part lies right over it: the first way at a ball a
 * player could stand for hid one in none of held-out 29's 24 frames (in 7 of 78 drawn from its next
 * seeds), which this split is for; this choice, in 4 (22 of 78). Failing every way (a part touching a
 * ball at every rise), the first way as drawn.
 */
export const altPlayer = (
  t: Table,
  balls: readonly AltBall[],
  variant: AltVariant,
  seed: number,
  eye: AltPoint,
): AltPlayer | undefined => {
  const look = PLAYERS[variant];
  const cue = balls.find((b) => b.id === 'cue');
  if (!look || !cue) return undefined;
  const rng = makeRng(seed ^ 0x2b1a7e5);
  const skin = SKIN[rng.int(0, SKIN.length)] as Srgb8;
  const hand = rng.next() < RIGHT_HANDED ? 1 : -1;
  const drawn = {
    gap: rng.uniform(20, 50),
    lift: rng.uniform(-8, 8),
    bridge: rng.uniform(200, 300),
    rise: (rng.uniform(3.5, 6) * Math.PI) / 180,
  };
  const [aimed = [], random = []] = ways(rng, cue, balls, t.ballRadius);
  const place = ([fx, fy]: [number, number]): { s: Stance; level: number } => {
    let best = { s: stance(t, cue.x, cue.y, { ...drawn, fx, fy, hand }, skin, look.sleeve), level: 0 };
    for (const more of [0, 2, 4, 6, 8]) {
      const rise = drawn.rise + (more * Math.PI) / 180;
      const s = stance(t, cue.x, cue.y, { ...drawn, fx, fy, hand, rise }, skin, look.sleeve);
      const level = standing(t, balls, s);
      if (level > best.level) best = { s, level };
      if (level === 4) break;
    }
    return best;
  };
  /** Of a pool, the stance nearest to standing, covering the most balls, the first where they tie. */
  const pick = (
    pool: readonly { s: Stance; level: number }[],
  ): { s: Stance; level: number; cover: number } => {
    const top = Math.max(...pool.map((p) => p.level));
    const fit = pool.filter((p) => p.level === top);
    const cover = fit.map((p) => (top === 0 ? 0 : covered(t, balls, p.s, eye)));
    const most = Math.max(...cover);
    return { ...(fit[cover.indexOf(most)] as { s: Stance; level: number }), cover: most };
  };
  const atBalls = aimed.map(place);
  const aim = pick(atBalls);
  const chosen = aim.level === 4 && aim.cover > 0 ? aim : pick([...atBalls, ...random.map(place)]);
  return { parts: partsOf(chosen.s) };
};

/** Whether a variant has a player at the table. */
export const hasPlayer = (variant: AltVariant): boolean => PLAYERS[variant] !== undefined;
