// A second, independent way of drawing an overhead frame of a table, for measuring the vision outside
// the style of src/sim/render (whose shading it was tuned on). Nothing of that renderer is used: each
// pixel's ray (the project's camera model, with its lens distortion, so the truth is exact) meets
// either a ball (a glossy Blinn-Phong sphere lit by two rectangular area lamps, with a Fresnel
// reflection of the cloth and the dark room) or the plane of the cloth: the bed (a nap texture, a
// slight colour gradient, chalk markings, soft contact shadows under the balls, the cushions' nose
// shadow), the cushions, the pockets' throats and holes, the wooden rail, the floor — and optionally
// a black box standing beside the table. Then a camera: exposure, white balance, a filmic tone curve,
// sensor noise, and (see jpeg.ts) JPEG compression. Ball colours come from the caller (id → sRGB), so
// any game's set can be drawn; a style may recolour some of them (another maker's set, a faded one).
// A lamp may hang in a shade that lets its light fall only on part of the bed (a hard edge of light),
// and have a colour of its own (daylight beside warm bulbs), or be a bare bulb lighting all round; a
// camera's lens may darken the corners (vignetting), and its rolling shutter may catch flickering
// lamps in bands across the frame. A lamp may shine through a window's venetian blind (stripes of light
// and shade across the bed and the balls), and a cheap camera may sharpen its frame (a light and a dark
// halo along every edge). A cloth may be worn (its nap rubbed lighter in soft blotches and along the
// places most played, chalk dust smudged near the spots), and the room may be hazy with smoke (a milky
// veil over the dark values, a bloom round the bright highlights). A player may stand at the table (the
// cue over the balls, the bridge hand on the cloth, the arms; parts.ts's rods and ellipsoids, placed by
// player.ts): the parts hide what is under them from the camera and the lamps, so they cast their
// shadows on the cloth, the balls and each other, and altInView says how much of each ball they leave
// in view. Balls may be rolling (a frame taken mid-stroke): a moving ball is drawn blurred over the
// camera's shutter time, its image and its shadow the mean of theirs at moments spread over the
// exposure, each moment shaded as a still ball is (the highlights stay with the lamps as it rolls).
// A ball may carry marks on its surface (a spotted cue ball's red dots, smudges of blue chalk), the
// cloth small dabs of blue chalk from cue tips; and a polished set may mirror the room (the cloth round
// each ball in its lower flanks, the lamps' canopy, a dark ceiling, a window's panes), more strongly
// towards the rim. A worn set may be scuffed (its highlights broken in fine streaks and dulled in matte
// patches). A lens may be a little out of focus (a disc blur) and magnify red and blue a little
// differently (lateral chromatic aberration: colour fringes growing toward the edges); a phone's
// processing may tone-map the frame locally (shadows lifted, highlights compressed), denoise it (the
// chroma smeared, fine low-contrast texture flattened) and sharpen it after. A cloth may be printed
// with a sponsor's emblem and lettering (ink in the nap, worn in places, under the balls and their
// shadows), and flickering LEDs' bands may differ in colour (their phosphor's light lags the die's). A
// freshly brushed cloth may show lanes of sheen down its length (lighter and darker as its nap lies,
// strongest towards the lamps' mirror directions), and people standing beside the table, out of the
// frame, may hide the lamps behind them from part of the bed and the balls (their soft shadows). A
// cheap webcam may see the table with a small sensor (a Bayer filter's colours filled in, no anti-alias
// filter), its stream coded as MJPEG and scaled up to the frame's size by the capture; an old analogue
// camera's composite video may be digitised by a capture card (its interlaced lines, its colour smeared
// across them, its subcarrier's dots beside sharp colour edges) and scaled up so. A referee's gloved
// hand may reach over the table (referee.ts), drawn as a player's parts are. A bright bulb just beyond
// the frame may flare in the lens (its veiling glare, and ghosts of the iris's shape on the line through
// the optical centre), and a capture may decode the camera's YCbCr video (4:2:0) by the wrong matrix
// and in the wrong range (the blacks lifted and the whites held, or the darks crushed and the lights
// clipped). A club may fit its lamps with polarising film and its camera with a filter crossed to it
// (the lamps' glare in the balls cut, what the balls mirror of the room dimmed or brightened round their
// rims as its plane of reflection turns, the films' cast), and an old CCD camera's full photosites may
// spill their charge along their columns (blooming: white streaks up and down from every highlight
// beyond its full well) and its vertical registers smear a column's light down its length. Cheap LED
// lamps may light the table with a spectrum full of gaps (spectrum.ts: each pigment's reflectance
// spectrum lit by it and seen by a camera balanced to it, a red and a brown nearer than in daylight),
// and a security camera may look through a tinted acrylic dome (a faint second image of the frame
// turned half round, reflected between its lens and the dome; arcs of scratches and dust that blur what
// lies behind them a little; the dome's bronze tint). A phone's or an action camera's wide lens may
// leave its colour shading uncorrected (its calibration table another module's: the corners darker and
// tinted magenta or green, the tint growing with the square of the distance from the optical centre),
// and an ageing sensor at a high gain may show its defects (hot and stuck photosites, fixed in place
// frame to frame; its columns' and rows' faint offsets; its readout amplifier's glow in one corner).
// A day/night camera's IR-cut filter may stick open under lamps rich in near infrared (every surface's
// near-infrared reflectance, its dye's, adding to red and a little to green and blue, the camera
// balanced to a white: the dyes bright in infrared washed pale and towards pink), and a projector may cast
// a club's logo through a coloured gobo on the cloth and the balls (a sharp-edged spot, moved between
// frames; the balls' sharp shadows of it). A CCTV camera may burn its on-screen display into the
// picture (a timestamp ticking on from frame to frame, the camera's name, in white or yellow bitmap
// text ringed dark), and a club's stream its graphics (a channel's logo, a score bug, half see-through
// over the table), both laid over the developed frame before it is coded.
// The frames before this one may be drawn where balls moved (AltStyle.earlier): a CCTV camera's
// temporal noise reduction blends each pixel with its past where it changed little (a moving ball's
// fading comet behind it, a ball just stopped half the cloth), and an IP camera's stream may lose
// packets, its decoder hiding the lost macroblocks with the previous frame's picture (a moved ball in
// its old place), a wrong shift of it, or a grey-green smear of the row above.
import { pixelRay, project, type Calibration } from '../../camera/index.ts';
import type { RgbImage } from '../../core/image.ts';
import { markDistance, type Table } from '../../equipment/index.ts';
import { mm, pointPx } from '../../core/units.ts';
import { makeRng, type Rng } from '../random.ts';
import { FRAME_INTERVAL } from './motion.ts';
import { pigmentsUnder } from './spectrum.ts';
import {
  hitPart,
  nearPart,
  partContact,
  partSeen,
  prepare,
  sphereHit,
  type AltPart,
  type AltRod,
  type Prepared,
} from './parts.ts';

/** An sRGB colour as 8-bit code values. */
export type Srgb8 = readonly [number, number, number];

export interface AltBall {
  readonly id: string;
  /** Where it is at the middle of the exposure, mm on the bed (what a tracker wants of a moving ball). */
  readonly x: number;
  readonly y: number;
  /** Its velocity on the bed then, mm/s (still, the default); drawn blurred over the style's shutter. */
  readonly vx?: number;
  readonly vy?: number;
}

/** A rectangular lamp above the table, facing down. */
export interface AltLamp {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Half sizes along x and y, mm. */
  readonly hx: number;
  readonly hy: number;
  readonly power: number;
  /**
   * How much brighter its mirror image on a ball is than a shaded lamp's of the same power (1, the
   * default): a small bare source (an LED downlight, a fluorescent tube) is far brighter a square mm.
   */
  readonly glare?: number;
  /**
   * A bare bulb, whose light goes out all round alike; otherwise (the default) a lamp facing down, a
   * diffuser or a reflector, whose light falls off with the cosine of the angle from straight down.
   */
  readonly bare?: boolean;
  /** Its shade, where the shade's skirt cuts the light off the bed outside its footprint. */
  readonly shade?: AltShade;
  /**
   * The colour of its light: linear RGB multipliers of its power (white, 1 each, the default), for a
   * room lit by lamps of more than one colour temperature (daylight through a window beside warm
   * bulbs), the bed's and the balls' colour changing with which lamp lights them most.
   */
  readonly colour?: readonly [number, number, number];
  /** A venetian blind between it and the table (the sun through a window's blind): its light in stripes. */
  readonly slats?: AltSlats;
  /**
   * A projector's gobo in front of it (a spotlight casting a logo): its light only in the gobo's spot,
   * coloured by its glass (the lamp's `colour` unused).
   */
  readonly gobo?: AltGobo;
  /**
   * A window between it and the table (the sun through a roof window): its light only where the ray
   * from a point to it passes through the window, a sharp-edged patch.
   */
  readonly aperture?: AltAperture;
  /**
   * A lamp facing down that leans (a pendant swinging on its cord, AltSway): its axis's horizontal
   * components (x, y; their length the sine of its lean), the cosine fall-off of its light taken from
   * that axis, not from straight down (straight down, the default).
   */
  readonly tilt?: { readonly x: number; readonly y: number };
}

/**
 * A roof window (a parallelogram in a plane at any slope: an attic's roof light in the roof's pitch),
 * its corner at (x, y, z) over the bed's plane and its two edges u and v from there, mm. A lamp with one
 * lights a point only where the ray from the point to the lamp crosses it: the sun through it lies on
 * the bed as a parallelogram (the window's projection along the sun's rays), with the balls' sharp
 * shadows in it. Each edge of the patch is as soft as the lamp's width seen from the point, laid on the
 * window's plane (the sun's disc, half a degree: 35 mm of penumbra 4 m from the window).
 */
export interface AltAperture {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly u: { readonly x: number; readonly y: number; readonly z: number };
  readonly v: { readonly x: number; readonly y: number; readonly z: number };
}

/**
 * How much of a lamp's light reaches a point (x, y, z) through its window (AltAperture): 1 well inside
 * the window as seen from the point, 0 outside (and where the window is not between them), soft over
 * the lamp's width at the window across each edge.
 */
export const apertureAt = (l: AltLamp, a: AltAperture, x: number, y: number, z: number): number => {
  const dx = l.x - x;
  const dy = l.y - y;
  const dz = l.z - z;
  const { u, v } = a;
  const nx = u.y * v.z - u.z * v.y;
  const ny = u.z * v.x - u.x * v.z;
  const nz = u.x * v.y - u.y * v.x;
  const den = dx * nx + dy * ny + dz * nz;
  if (Math.abs(den) < 1e-9) return 0;
  // Where the ray meets the window's plane, a share of the way from the point to the lamp.
  const s = ((a.x - x) * nx + (a.y - y) * ny + (a.z - z) * nz) / den;
  if (s <= 0 || s >= 1) return 0;
  const wx = x + s * dx - a.x;
  const wy = y + s * dy - a.y;
  const wz = z + s * dz - a.z;
  const uu = u.x * u.x + u.y * u.y + u.z * u.z;
  const vv = v.x * v.x + v.y * v.y + v.z * v.z;
  const uv = u.x * v.x + u.y * v.y + u.z * v.z;
  const wu = wx * u.x + wy * u.y + wz * u.z;
  const wv = wx * v.x + wy * v.y + wz * v.z;
  const det = uu * vv - uv * uv;
  const al = (wu * vv - wv * uv) / det;
  const be = (wv * uu - wu * uv) / det;
  const lu = Math.sqrt(uu);
  const lv = Math.sqrt(vv);
  // The lamp's width as seen from the point, at the window.
  const w = Math.max(1e-3, 2 * Math.max(l.hx, l.hy) * s);
  return softInside(lu / 2, w, (al - 0.5) * lu) * softInside(lv / 2, w, (be - 0.5) * lv);
};

/**
 * A projector's gobo (a club's logo cast on the table): the lamp is the projector's lens, aimed at
 * (ax, ay) on the bed. A point's direction from the lens, at tangents (p, q) off the beam's axis (p level
 * across the axis, q square to both, the logo turned by `spin` about the axis), is lit where it falls in
 * the gobo's disc (radius `half`, a tangent): by the `logo` glass where inside the logo (a ring from
 * 0.8 to 0.92 of the radius, and a five-pointed star of tips at 0.62, its inner corners at 0.25),
 * elsewhere by the `ground` glass (linear RGB shares of the lamp's power); each edge soft over `edge` (a
 * tangent: the lens's focus), none outside the disc.
 */
export interface AltGobo {
  readonly ax: number;
  readonly ay: number;
  readonly half: number;
  readonly edge: number;
  readonly spin: number;
  readonly ground: readonly [number, number, number];
  readonly logo: readonly [number, number, number];
}

/**
 * A camera's IR-cut filter stuck open (a day/night camera's, or a full-spectrum one) under lamps rich
 * in near infrared (halogen, incandescent): each surface's near-infrared reflectance adds to its colour
 * `lamps` (the lamps' near infrared over their visible light, as the sensor's red sees them) times the
 * sensor's `response` in each channel (red 1; green's and blue's filters pass some too) times the
 * reflectance, then the camera balances to a white whose reflectance is `white`. Reflectances by
 * material: the cloth's dye, each ball's by id, the rail's wood, the floor's, and anything else's.
 */
export interface AltInfrared {
  readonly lamps: number;
  readonly response: readonly [number, number, number];
  readonly white: number;
  readonly cloth: number;
  readonly balls: Readonly<Record<string, number>>;
  readonly rail: number;
  readonly floor: number;
  readonly other: number;
}

/**
 * A colour as a camera with its IR-cut filter open sees it (see AltInfrared): its linear light (by
 * `base`, as without) plus its near-infrared reflectance `ir`'s signal, balanced to the white.
 */
export const infraredSeen =
  (f: AltInfrared, base: (c: Srgb8) => [number, number, number]) =>
  (c: Srgb8, ir: number = f.other): [number, number, number] => {
    const v = base(c);
    const seen = (ch: 0 | 1 | 2): number => {
      const k = f.lamps * f.response[ch];
      return (v[ch] + k * ir) / (1 + k * f.white);
    };
    return [seen(0), seen(1), seen(2)];
  };

/** A gobo's beam: the lens's axis towards its aim, and the two unit vectors across it (p, q). */
interface GoboBeam {
  readonly a: readonly [number, number, number];
  readonly p: readonly [number, number, number];
  readonly q: readonly [number, number, number];
}
const beams = new WeakMap<AltGobo, GoboBeam>();
const beamOf = (l: AltLamp, g: AltGobo): GoboBeam => {
  const had = beams.get(g);
  if (had) return had;
  const dx = g.ax - l.x;
  const dy = g.ay - l.y;
  const dz = -l.z;
  const n = Math.hypot(dx, dy, dz);
  const a = [dx / n, dy / n, dz / n] as const;
  // Across the beam, level (the axis is never vertical: the projector stands off the spot).
  const h = Math.hypot(a[0], a[1]);
  const p = [-a[1] / h, a[0] / h, 0] as const;
  const q = [a[1] * p[2] - a[2] * p[1], a[2] * p[0] - a[0] * p[2], a[0] * p[1] - a[1] * p[0]] as const;
  const beam = { a, p, q };
  beams.set(g, beam);
  return beam;
};

/** The star's ten corners (unit radius, a tip up), its tips at 0.62 and inner corners at 0.25 of the disc. */
const STAR = Array.from({ length: 10 }, (_, i) => {
  const r = i % 2 === 0 ? 0.62 : 0.25;
  const a = Math.PI / 2 + (i * Math.PI) / 5;
  return [r * Math.cos(a), r * Math.sin(a)] as const;
});

/** A point's signed distance (inside negative) to the gobo's star, in units of the disc's radius. */
export const starDistance = (x: number, y: number): number => {
  let best = Infinity;
  let inside = false;
  for (let i = 0, j = 9; i < 10; j = i++) {
    const [xi, yi] = STAR[i] as readonly [number, number];
    const [xj, yj] = STAR[j] as readonly [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    const ex = xj - xi;
    const ey = yj - yi;
    const s = Math.min(1, Math.max(0, ((x - xi) * ex + (y - yi) * ey) / (ex * ex + ey * ey)));
    best = Math.min(best, Math.hypot(x - xi - s * ex, y - yi - s * ey));
  }
  return inside ? -best : best;
};

/**
 * The gobo's colour on its beam at tangents (p, q) from the axis (see AltGobo), into `out`: the disc's
 * cover, and within it the logo's over the ground's.
 */
export const goboColour = (g: AltGobo, p: number, q: number, out: Float64Array): Float64Array => {
  const r = Math.hypot(p, q);
  const disc = Math.min(1, Math.max(0, (g.half - r) / g.edge + 0.5));
  if (disc <= 0) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    return out;
  }
  // In the disc's units, turned by the spin.
  const c = Math.cos(g.spin);
  const s = Math.sin(g.spin);
  const x = (c * p + s * q) / g.half;
  const y = (-s * p + c * q) / g.half;
  const e = g.edge / g.half;
  const ring = Math.min(1, Math.max(0, (0.06 - Math.abs(r / g.half - 0.86)) / e + 0.5));
  const star = Math.min(1, Math.max(0, -starDistance(x, y) / e + 0.5));
  const logo = Math.max(ring, star);
  for (let ch = 0; ch < 3; ch++)
    out[ch] = disc * ((g.ground[ch] as number) * (1 - logo) + (g.logo[ch] as number) * logo);
  return out;
};

/**
 * A gobo lamp's light towards a point (x, y, z), a share of its power in each channel, into `out` (the
 * point's tangents off the beam's axis, see AltGobo).
 */
export const goboAt = (
  l: AltLamp,
  g: AltGobo,
  x: number,
  y: number,
  z: number,
  out: Float64Array,
): Float64Array => {
  const b = beamOf(l, g);
  const dx = x - l.x;
  const dy = y - l.y;
  const dz = z - l.z;
  const along = dx * b.a[0] + dy * b.a[1] + dz * b.a[2];
  if (along <= 0) {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    return out;
  }
  const p = (dx * b.p[0] + dy * b.p[1] + dz * b.p[2]) / along;
  const q = (dx * b.q[0] + dy * b.q[1] + dz * b.q[2]) / along;
  return goboColour(g, p, q, out);
};
const goboTint = new Float64Array(3);
const goboSeen = new Float64Array(3);

/**
 * A window's venetian blind between a lamp outside it and the table: level slats in a vertical plane,
 * which pass the lamp's light only between them, so the light falls in stripes across the bed and the
 * balls, parallel to the window. A stripe's edge is as wide as the lamp seen from the point, at the
 * blind (a box over the lamp's width there): the further from the window, the softer.
 */
export interface AltSlats {
  /** A point of the window's plane, mm (on the bed's plane), and its level unit normal into the room. */
  readonly x: number;
  readonly y: number;
  readonly nx: number;
  readonly ny: number;
  /** The slats' pitch up the window, mm, and the share of it open to the light (0…1): from z = 0 up, each pitch. */
  readonly pitch: number;
  readonly open: number;
}

/**
 * A lamp's shade with a skirt (a pool hall's box light): the bed under the lamp, a rectangle centred
 * on it, gets its light; outside, only what the skirt and the ceiling spill, past a hard edge.
 */
export interface AltShade {
  /** Half sizes along x and y of the lit footprint on the bed, mm. */
  readonly hx: number;
  readonly hy: number;
  /** Width of the edge of light (its penumbra), mm. */
  readonly edge: number;
  /** Share of the lamp's light outside the footprint (0…1). */
  readonly spill: number;
}

/** An axis-aligned box standing on the floor plane (z from 0 to h), mm. */
export interface AltBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly h: number;
  readonly colour: Srgb8;
}

export interface AltStyle {
  readonly cloth: Srgb8;
  /** Relative change of the cloth's colour across the bed (a worn middle, a faded end). */
  readonly clothGradient: number;
  /** Strength of the nap's streaks and the weave's grain (relative brightness). */
  readonly nap: number;
  readonly lamps: readonly AltLamp[];
  /** Light from the room, relative to the lamps at the middle of the bed. */
  readonly ambient: number;
  /** Overall exposure and per-channel white balance. */
  readonly gain: number;
  readonly whiteBalance: readonly [number, number, number];
  /** Sensor noise, 8-bit levels at mid grey. */
  readonly noise: number;
  /** Ball gloss: Fresnel reflectance straight on, and the Blinn-Phong exponent of the sheen. */
  readonly f0: number;
  readonly shininess: number;
  /** How bright the lamps' mirror images are on the balls (1, the default: a polished set; less: worn). */
  readonly gloss?: number;
  /** A ball set's own colours by ball id, over the caller's palette: another maker's hues, a faded set. */
  readonly ballColours?: Readonly<Record<string, Srgb8>>;
  /** Share of the light the lens loses at the image's corners (vignetting; none, the default). */
  readonly vignette?: number;
  /**
   * How far from a ball its shadow is drawn, in its radii (4, the default: a lamp well above the
   * table); further for a low lamp off to the side, whose shadows are longer.
   */
  readonly shadowReach?: number;
  /** Bands of light across the frame where a rolling shutter catches the lamps' flicker (none, the default). */
  readonly flicker?: AltFlicker;
  /** The camera's own sharpening of the frame, an unsharp mask (none, the default). */
  readonly sharpen?: AltSharpen;
  /** A worn cloth's patches of lighter nap and chalk dust (an even cloth, the default). */
  readonly wear?: AltWear;
  /** Smoke in the room between the lamps, the table and the camera (clear air, the default). */
  readonly haze?: AltHaze;
  readonly box?: AltBox;
  /** A player at the table addressing the cue ball, or a referee's hand reaching over it (none, the default). */
  readonly player?: AltPlayer;
  /**
   * The camera's exposure time, s, over which a moving ball (AltBall.vx, vy) is drawn blurred along its
   * path (an instant, the default: every ball sharp where it is).
   */
  readonly shutter?: number;
  /**
   * Marks on balls' surfaces, by ball id (a spotted cue ball's dots, chalk smudged on it; none, the
   * default). A mark stays where it is in the room: a rolling ball's marks are drawn as if it slid (no
   * variant has both).
   */
  readonly ballMarks?: Readonly<Record<string, readonly AltBallMark[]>>;
  /** Blue chalk dabbed on the cloth by cue tips (none, the default). */
  readonly chalkDabs?: AltChalkDabs;
  /**
   * A polished set that mirrors the room; without it (the default) a ball reflects the cloth's flat
   * colour below its equator and a dark room above, besides the lamps.
   */
  readonly mirror?: AltMirror;
  /** A worn set's scuffs: its highlights broken and dulled (a set as it was made, the default). */
  readonly scuffs?: AltScuffs;
  /**
   * A lens a little out of focus: the frame's light spread over a disc of this radius, px at 1080 rows
   * (scaled with the frame's height; in focus, the default).
   */
  readonly defocus?: number;
  /**
   * A lens's lateral chromatic aberration: red magnified by 1 + this about the image's centre, blue by
   * 1 − this (none, the default): colour fringes, red on one side of an edge and blue on the other,
   * widening with the distance from the centre.
   */
  readonly lateralCA?: number;
  /** A phone's local tone mapping (none, the default). */
  readonly toneMap?: AltToneMap;
  /**
   * A phone's noise reduction (none, the default): the sensor's noise is then drawn before it, and any
   * sharpening comes after it.
   */
  readonly denoise?: AltDenoise;
  /** A sponsor's emblem and lettering printed in the cloth (a plain cloth, the default). */
  readonly print?: AltPrint;
  /** What lies on the bed and the rail that is not a ball (nothing, the default; clutter.ts places it). */
  readonly clutter?: AltClutter;
  /** Dust and a greasy smear on the lens's front glass (a clean lens, the default). */
  readonly lensDirt?: AltLensDirt;
  /** A freshly brushed cloth's lanes of sheen down the table's length (an even nap, the default). */
  readonly sheen?: AltSheen;
  /**
   * People standing beside the table, out of the frame, between it and lamps behind them: their
   * shadows on the bed and the balls (nobody, the default).
   */
  readonly onlookers?: readonly AltOnlooker[];
  /** A cheap webcam's small sensor and its stream, scaled up to the frame's size by the capture (none, the default). */
  readonly webcam?: AltWebcam;
  /**
   * An old analogue camera's composite video, digitised by a capture card and scaled up to the frame's
   * size (none, the default; no variant has both it and a webcam).
   */
  readonly analogue?: AltAnalogue;
  /**
   * A bright lamp just beyond the frame shining into the lens: its flare's ghosts and veiling glare (none,
   * the default).
   */
  readonly flare?: AltFlare;
  /**
   * A capture of the camera's YCbCr video (4:2:0) whose decoder takes it with the wrong matrix and range
   * (a frame decoded as it was coded, the default; no variant has both it and a webcam or an analogue
   * camera).
   */
  readonly capture?: AltCapture;
  /**
   * The lamps fitted with polarising film and the camera's lens with a polarising filter crossed to it
   * (no film and no filter, the default).
   */
  readonly polariser?: AltPolariser;
  /**
   * A CCD sensor whose full photosites spill their charge along their columns and whose vertical
   * registers smear (a sensor that clips each channel at its white and smears nothing, the default; no
   * variant has both it and a webcam or an analogue camera).
   */
  readonly ccd?: AltCcd;
  /**
   * The lamps' spectrum, where it has gaps (cheap LEDs'): every surface's colour is its pigment's
   * spectrum lit by it, seen by a camera balanced to it (daylight's colours, the default).
   */
  readonly lamplight?: AltLamplight;
  /** A CCTV dome over the camera (no dome, the default). */
  readonly dome?: AltDome;
  /** A wide lens's colour shading left uncorrected (the lens's light even across the frame, the default). */
  readonly shading?: AltShading;
  /**
   * An ageing sensor's defects: hot and stuck photosites, fixed-pattern offsets, an amplifier's glow (a
   * flawless sensor, the default; no variant has both it and a webcam or an analogue camera).
   */
  readonly sensor?: AltSensor;
  /** A camera's IR-cut filter stuck open under lamps rich in near infrared (an IR-cut filter, the default). */
  readonly infrared?: AltInfrared;
  /**
   * What the camera or the stream burns into the picture: a timestamp, a camera's name, a channel's
   * logo, a score bug (nothing, the default; no variant has both it and a webcam or an analogue camera).
   */
  readonly osd?: AltOsd;
  /**
   * The balls in the frames before this one, the last first (motion.ts altHistory; none, the default):
   * what a temporal noise reduction or a lost packet's concealment draws from. The balls of this frame
   * are the truth.
   */
  readonly earlier?: readonly (readonly AltBall[])[];
  /** A CCTV camera's temporal (3D) noise reduction over the frames before (none, the default). */
  readonly temporalNR?: AltTemporalNR;
  /** An IP camera's stream losing packets, its decoder concealing them (none, the default). */
  readonly packetLoss?: AltPacketLoss;
  /** A phone's or an action camera's HDR merge of a short exposure with this one (none, the default). */
  readonly hdrMerge?: AltHdrMerge;
  /** One lamp of the rig failing: dark or caught dim in this frame (every lamp lit, the default). */
  readonly lampFailure?: AltLampFailure;
  /** A camera's auto white balance hunting between two lights of a mixed rig (fixed, the default). */
  readonly awbHunt?: AltAwbHunt;
  /** The next table of the club's row, partly in a wide camera's frame (none, the default). */
  readonly neighbour?: AltNeighbour;
  /** RGB LED strips along the rails' inner edges and under them (none, the default). */
  readonly underglow?: AltUnderglow;
  /** The camera shaking on its mount over the exposure (held still, the default). */
  readonly shake?: AltShake;
  /** A repaired cloth's sewn patches in the bed (none, the default). */
  readonly repair?: AltRepair;
  /** The cushions' cloth where it differs from the bed's (a two-tone table; the bed's, the default). */
  readonly cushionCloth?: Srgb8;
  /** Tears in the bed darned closed with cross-stitches (none, the default). */
  readonly darning?: AltDarning;
  /** A 4:3 camera's picture pillarboxed in the 16:9 frame (the frame all picture, the default). */
  readonly pillarbox?: AltPillarbox;
  /** A pendant lamp swinging on its cord after a knock (every lamp still, the default). */
  readonly sway?: AltSway;
  /** Drinks spilled on the bed and dried into stains (none, the default). */
  readonly spills?: AltSpills;
  /** A table cover's folds pressed into the bed's cloth as creases (a smooth bed, the default). */
  readonly creases?: AltCreases;
}

/**
 * A club's RGB LED strips (its "underglow"): one along the inner edge of each rail, just behind the
 * cushion and `height` mm over the bed, its light going out all round across the bed; and one under
 * each rail's outer edge lighting the floor round the table. The strips along a long rail stop short of
 * its corner pockets and either side of its middle pocket, the ends' short of the corners (ALT_GLOW_RUNS).
 * The cushion's nose (`nose` mm high, CUSHION_WIDTH in front of the strip) hides the strip from the bed
 * close to it; past that the strips light a band of the bed along every cushion, falling off with the
 * distance, and the flanks of the balls that face them; each ball on the bed casts a long shadow fan
 * away from each strip. Its light is the strips' dies' (linear RGB, each 0 to 1, the controller's duty:
 * a rainbow cycle's colour in this frame).
 */
export interface AltUnderglow {
  readonly colour: readonly [number, number, number];
  /** The strip's height over the bed and the cushion's nose's, mm. */
  readonly height: number;
  readonly nose: number;
  /**
   * Its light on the bed ALT_GLOW_REFERENCE mm from a cushion's nose, from an endless strip, a die at full
   * duty, over the lamps' at the bed's middle.
   */
  readonly power: number;
  /** The strip's own light as the camera sees it along the rail's inner edge, over a white's under the lamps. */
  readonly radiance: number;
  /** The floor's light under the rails' outer edge, over the lamps' at the bed's middle (falling off past it). */
  readonly floor: number;
}

/** How far from a cushion's nose an AltUnderglow's `power` is given, mm. */
export const ALT_GLOW_REFERENCE = 200;
/** The strips' runs along each rail: how far short of a corner pocket's and a middle pocket's middle they stop, mm. */
export const ALT_GLOW_RUNS = { corner: 120, middle: 110 } as const;
/** The strip's width along the rail's inner edge, mm. */
const GLOW_STRIP = 10;

/**
 * The camera shaking on its mount over the exposure (a camera on a pole or a truss, set ringing by a
 * door, a footstep, a player leaning on the table): its image moves over the frame's exposure along a
 * piece of an ellipse, `amplitude` px at 1080 rows (scaled with the frame's height) along `angle` (from
 * the frame's u axis, radians) and `ratio` times that across it, at `frequency` Hz over `shutter` s,
 * from `phase`. The frame is the mean of the image over the exposure; the calibration the camera's mean
 * pose over it (the path's mean taken out), so the balls' truth is where their blur's middle is.
 */
export interface AltShake {
  readonly amplitude: number;
  readonly ratio: number;
  readonly angle: number;
  readonly frequency: number;
  readonly shutter: number;
  readonly phase: number;
}

/** An AltShake's path over the exposure, px (mean zero), at `n` moments evenly through it, for `H` rows. */
export const shakePath = (s: AltShake, H: number, n = 64): [number, number][] => {
  const a = (s.amplitude * H) / 1080;
  const cu = Math.cos(s.angle);
  const su = Math.sin(s.angle);
  const raw = Array.from({ length: n }, (_, i): [number, number] => {
    const w = 2 * Math.PI * s.frequency * s.shutter * ((i + 0.5) / n - 0.5) + s.phase;
    const p = a * Math.sin(w);
    const q = a * s.ratio * Math.cos(w);
    return [p * cu - q * su, p * su + q * cu];
  });
  const mu = raw.reduce((m, [x]) => m + x, 0) / n;
  const mv = raw.reduce((m, [, y]) => m + y, 0) / n;
  return raw.map(([x, y]) => [x - mu, y - mv]);
};

/**
 * A sewn patch in a repaired cloth (a club's mend of a cut or a burn): a rounded rectangle of new cloth
 * centred at (x, y) on the bed (mm), `a` by `b` mm either way of its middle along its own axes (turned
 * `angle` from the table's x axis, its corners rounded `corner` mm), let in flush with the bed and its
 * edge hemmed under: its colour the bed's times `tint` (linear, per channel: a newer piece, not yet faded
 * as the bed, or an older one, a shade off), its nap's streaks running `napAngle` off the bed's (the piece
 * cut across the roll); its edge a running stitch of `thread` (the bed's colour times it, linear) `inset`
 * mm inside it, stitches `pitch` mm apart each 0.6 of it long, `stitch` mm wide; the hem's ridge shading
 * the cloth `ridge` at the edge itself, falling off over a millimetre either side.
 */
export interface AltPatch {
  readonly x: number;
  readonly y: number;
  readonly a: number;
  readonly b: number;
  readonly angle: number;
  readonly corner: number;
  readonly tint: readonly [number, number, number];
  readonly napAngle: number;
  readonly thread: readonly [number, number, number];
  readonly inset: number;
  readonly pitch: number;
  readonly stitch: number;
  readonly ridge: number;
}

/** A repaired cloth: its sewn patches (AltPatch), drawn in order (a later one over an earlier). */
export interface AltRepair {
  readonly patches: readonly AltPatch[];
}

/** The offset (dx, dy) in axes turned `angle` from the bed's, into out[at] (along) and out[at + 1] (across). */
const turned = (angle: number, dx: number, dy: number, out: Float64Array, at: number): void => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  out[at] = dx * c + dy * s;
  out[at + 1] = -dx * s + dy * c;
};

/**
 * Where a bed point (x, y, mm) lies in a patch: its signed distance to the patch's edge (mm, negative
 * inside), the point in the patch's own frame turned by its nap (u, v: the streaks run along v), and how
 * far round its edge it is (mm, for the stitches), into out[0..3].
 */
export const patchAt = (p: AltPatch, x: number, y: number, out: Float64Array): void => {
  const dx = x - p.x;
  const dy = y - p.y;
  turned(p.angle, dx, dy, out, 0);
  const lx = out[0] as number;
  const ly = out[1] as number;
  const qx = Math.abs(lx) - p.a + p.corner;
  const qy = Math.abs(ly) - p.b + p.corner;
  out[0] = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - p.corner;
  turned(p.napAngle, dx, dy, out, 1);
  // Round the edge: along a long side by its x, along an end by its y (a stitch's place, near enough).
  out[3] = qx > qy ? ly + 2 * p.b : lx;
};

/**
 * A tear in the bed (a cue's tip or a dropped rest's slit) darned closed: a straight slit `length` mm long
 * through its middle (x, y, mm on the bed), running `angle` from the table's x axis (across the nap, as a
 * miscue tears it), gaping `gap` mm where the thread leaves it, the slate's dark grey seen in it; over it
 * a band of cross-stitches `width` mm across, reaching half that past either end of the slit: two rows of
 * diagonal stitches, each slanting across the band and back, a cross every `pitch` mm along, in a thread
 * the bed's colour times `thread` (linear, per channel), `stitch` mm thick; the darned band drawn
 * tighter than the cloth round it, puckered, shading the cloth by `pucker` along the slit, falling off
 * over the band's half-width.
 */
export interface AltDarn {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly length: number;
  readonly gap: number;
  readonly width: number;
  readonly pitch: number;
  readonly thread: readonly [number, number, number];
  readonly stitch: number;
  readonly pucker: number;
}

/** A cloth's darned tears (AltDarn), drawn in order (a later one over an earlier). */
export interface AltDarning {
  readonly darns: readonly AltDarn[];
}

/** The slate seen in a darned tear's slit, sRGB: a dark grey, in the slit's shadow. */
export const ALT_SLATE: Srgb8 = [52, 52, 55];

/** The part of a pixel `f` mm wide, `d` mm from a line's middle, that a line `w` mm thick covers. */
export const lineCover = (d: number, w: number, f: number): number =>
  Math.max(0, Math.min(d + w / 2, f / 2) - Math.max(d - w / 2, -f / 2)) / f;

/**
 * How a bed point (x, y, mm) seen by a pixel `f` mm wide lies in a darn, into out[0..3]: its distance
 * along the slit from its middle (mm) and across it; the part of the pixel the slit shows (the slate,
 * where no thread covers it) and the part the thread covers.
 */
export const darnAt = (d: AltDarn, x: number, y: number, f: number, out: Float64Array): void => {
  turned(d.angle, x - d.x, y - d.y, out, 0);
  const along = out[0] as number;
  const across = out[1] as number;
  const half = d.length / 2;
  const reach = half + d.width / 2;
  if (Math.abs(across) > d.width / 2 + f || Math.abs(along) > reach + f) {
    out[2] = 0;
    out[3] = 0;
    return;
  }
  // The stitches: two families of diagonals across the band, one up and one down, a pitch apart along
  // it; a point's distance to the nearest of each (its offset along the band to where one crosses its
  // row, times the diagonal's sine to the band).
  const w = d.width;
  const p = d.pitch;
  const sin = w / Math.hypot(p, w);
  const from = along + reach;
  const up = from - ((across + w / 2) * p) / w;
  const down = from - ((w / 2 - across) * p) / w;
  const near = (u: number): number => Math.abs(u - Math.round(u / p) * p) * sin;
  const a = lineCover(near(up), d.stitch, f);
  const b = lineCover(near(down), d.stitch, f);
  const band = Math.min(1, lineCover(across, w, f) * lineCover(along, 2 * reach, f));
  const thread = band * (1 - (1 - Math.min(1, a)) * (1 - Math.min(1, b)));
  const slit = Math.min(1, lineCover(across, d.gap, f) * lineCover(along, d.length, f));
  out[2] = slit * (1 - thread);
  out[3] = thread;
};

/**
 * A 4:3 camera's picture carried in a 16:9 stream (an older club camera, or a CCTV channel, put into a
 * broadcast frame): the picture `aspect` times as wide as the frame is high, in the middle of the frame's
 * columns, the bars either side of it a flat `black` (8-bit code value, every channel: the encoder's
 * padding, no sensor noise in it); the picture's edge blended into the bars over `soft` px at 1080 rows
 * (the scaler's or the camera's blanking's edge). The calibration is the 4:3 camera's, in the middle.
 */
export interface AltPillarbox {
  readonly aspect: number;
  readonly black: number;
  readonly soft: number;
}

/** The picture's columns in a W × H frame pillarboxed by `p`: the first and one past the last. */
export const pillarboxColumns = (p: AltPillarbox, W: number, H: number): [number, number] => {
  const width = Math.min(W, 2 * Math.round((H * p.aspect) / 2));
  const u0 = (W - width) / 2;
  return [u0, u0 + width];
};

/**
 * A pendant lamp swinging on its cord after a knock (a player's head, a cue's butt, a rest lifted
 * off its hooks): lamp `lamp` of AltStyle.lamps hangs from a pivot `cord` mm above it and swings as a
 * pendulum (period 2π √(cord / g)), `amplitude` mm either way along `direction` (radians from the
 * table's x axis) and `ratio` of that across it (a swing that is not quite flat traces an ellipse),
 * `phase` (radians) into its swing at the middle of the exposure. Where it is, it rises as the cord
 * swings up, and leans with the cord (its light's fall-off about the cord's line, not straight down):
 * its pool of light, the balls' shadows and their highlights of it move from frame to frame. Over the
 * `shutter` s the exposure is open the lamp moves on: it is drawn as `steps` lamps at moments spread
 * evenly over the exposure, each with that share of its power (the highlights and shadows smeared).
 */
export interface AltSway {
  readonly lamp: number;
  readonly cord: number;
  readonly amplitude: number;
  readonly ratio: number;
  readonly direction: number;
  readonly phase: number;
  readonly shutter: number;
  readonly steps: number;
}

/** Gravity's acceleration, mm/s². */
const GRAVITY = 9806.65;

/**
 * A swinging lamp (AltSway) `time` s from the middle of the exposure: where it hangs (its rise as the
 * cord swings up) and its lean, its power all its own (a moment's lamp).
 */
export const swayAt = (l: AltLamp, s: AltSway, time: number): AltLamp => {
  const w = s.phase + Math.sqrt(GRAVITY / s.cord) * time;
  const along = s.amplitude * Math.cos(w);
  const across = s.amplitude * s.ratio * Math.sin(w);
  const c = Math.cos(s.direction);
  const n = Math.sin(s.direction);
  const dx = along * c - across * n;
  const dy = along * n + across * c;
  const rise = s.cord - Math.sqrt(Math.max(0, s.cord * s.cord - dx * dx - dy * dy));
  return { ...l, x: l.x + dx, y: l.y + dy, z: l.z + rise, tilt: { x: dx / s.cord, y: dy / s.cord } };
};

/** The style's lamps with the swinging one as it moves over the exposure (AltSway's `steps` lamps). */
export const swayedLamps = (lamps: readonly AltLamp[], s: AltSway): AltLamp[] =>
  lamps.flatMap((l, i) =>
    i !== s.lamp
      ? [l]
      : Array.from({ length: s.steps }, (_, k) => {
          const m = swayAt(l, s, ((k + 0.5) / s.steps - 0.5) * s.shutter);
          return { ...m, power: l.power / s.steps };
        }),
  );

/**
 * A drink spilled on the bed and dried (a pint knocked off the rail, a cola set on the cushion): a
 * stain round (x, y, mm), its edge `radius` mm from there times 1 + Σ a cos(k θ + p) over its `lobes`
 * ([a, p] for k = 2, 3, …: a spill's irregular outline); inside, the cloth's colour times `tint` (linear,
 * per channel: darker, browned by what dried in it); at its edge a tide mark `rim` mm wide, where what
 * was dissolved gathered as it dried, the stain's colour there times `ring` more; over it a thin glossy
 * film of the dried sugars, reflecting `gloss` of each lamp's light where the lamp lies near the mirror
 * of the camera's ray (its lobe cos^`lobe`).
 */
export interface AltStain {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  readonly lobes: readonly (readonly [number, number])[];
  readonly tint: readonly [number, number, number];
  readonly rim: number;
  readonly ring: number;
  readonly gloss: number;
  readonly lobe: number;
}

/** A bed's dried spills (AltStain), drawn in order. */
export interface AltSpills {
  readonly stains: readonly AltStain[];
}

/**
 * How a bed point (x, y, mm) seen by a pixel `f` mm wide lies in a stain, into out[0..2]: the part of
 * the pixel inside the stain, the part in its tide mark, and the point's distance (mm) outside the
 * stain's edge (negative inside), along the edge's normal.
 */
export const stainAt = (s: AltStain, x: number, y: number, f: number, out: Float64Array): void => {
  const dx = x - s.x;
  const dy = y - s.y;
  const rho = Math.sqrt(dx * dx + dy * dy);
  const theta = Math.atan2(dy, dx);
  let r = 1;
  let dr = 0;
  for (let i = 0; i < s.lobes.length; i++) {
    const [a, p] = s.lobes[i] as readonly [number, number];
    const k = i + 2;
    r += a * Math.cos(k * theta + p);
    dr -= a * k * Math.sin(k * theta + p);
  }
  // The distance to the edge along its normal (the outline's slope, dr / r, leans it off the radius).
  const d = (rho - s.radius * r) / Math.sqrt(1 + (dr / r) * (dr / r));
  out[2] = d;
  out[0] = Math.min(1, Math.max(0, 0.5 - d / f));
  out[1] = lineCover(d + s.rim / 2, s.rim, f);
};

/**
 * A crease a table cover's fold pressed into the bed's cloth (the cover folded in half and in half again
 * for the night, or left on a week, its folds flattened into the nap): a straight ridge across the bed
 * through (x, y) at `angle` radians from the table's x axis, its height h(d) = H exp(−d² / 2σ²) across
 * it (d, mm, its signed distance along the line's normal (−sin angle, cos angle)), σ = `width` / 2 so
 * that its flanks are steepest `width` mm apart, H such that their slope there is `slope` (negative, a
 * valley: the fold the other way). Its height fades along it to 1 − `fade` of itself and back over
 * `period` mm (s mm along the line: 1 − fade (1 − cos(2π s / period + phase)) / 2; pressed harder in
 * places). The cloth is matte: each flank tilted towards a lamp is lit more by it, the one tilted away
 * less (Lambert's cosine about the tilted normal), so a crease shows lit on one side and shaded on the
 * other as the lamps lie; under a lamp straight above it, both flanks alike, a little darker (turned from
 * straight up).
 */
export interface AltCrease {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly width: number;
  readonly slope: number;
  readonly fade: number;
  readonly period: number;
  readonly phase: number;
}

/** A bed's creases (AltCrease): where two cross, their slopes add. */
export interface AltCreases {
  readonly creases: readonly AltCrease[];
}

/**
 * A crease's slope as a pixel `f` mm wide (its footprint on the bed, across the crease) sees it at a bed
 * point (x, y), added into out[0..1] (the bed's height's gradient, x and y): the slope across it averaged
 * over [d − f/2, d + f/2], (h(d + f/2) − h(d − f/2)) / f, the height h'(d) itself as f goes to 0 (the
 * lamps' light on a matte facet is linear in its normal's tilt, so a pixel wider than the crease sees its
 * lit and its shaded flank averaged, and a crease far narrower than a pixel hardly shows). Its fading
 * along the line is slow (hundreds of mm against a crease's few): its slope along it is left out.
 * Returns d, the point's signed distance from the line, mm.
 */
export const creaseSlope = (c: AltCrease, x: number, y: number, f: number, out: Float64Array): number => {
  const nx = -Math.sin(c.angle);
  const ny = Math.cos(c.angle);
  const dx = x - c.x;
  const dy = y - c.y;
  const d = dx * nx + dy * ny;
  const s = dx * ny - dy * nx;
  const sigma = c.width / 2;
  // Beyond eight σ and a pixel the crease is flat to the bit (e^−32 of its height).
  if (Math.abs(d) > 8 * sigma + f) return d;
  // Steepest at d = ±σ: h'(σ) = H e^(−1/2) / σ.
  const height =
    c.slope *
    sigma *
    Math.sqrt(Math.E) *
    (1 - (c.fade * (1 - Math.cos((2 * Math.PI * s) / c.period + c.phase))) / 2);
  const h = (t: number): number => height * Math.exp(-(t * t) / (2 * sigma * sigma));
  const slope =
    f > 1e-9
      ? (h(d + f / 2) - h(d - f / 2)) / f
      : (-height * d * Math.exp(-(d * d) / (2 * sigma * sigma))) / (sigma * sigma);
  out[0] = (out[0] as number) + slope * nx;
  out[1] = (out[1] as number) + slope * ny;
  return d;
};

/** The frame's 8-bit pixels with the bars either side of the picture (AltPillarbox). */
const pillarboxed = (W: number, H: number, data: Uint8Array, p: AltPillarbox): Uint8Array => {
  const out = new Uint8Array(data);
  const [u0, u1] = pillarboxColumns(p, W, H);
  const soft = Math.max(1e-3, (p.soft * H) / 1080);
  for (let u = 0; u < W; u++) {
    // The part of the column's pixel in the picture, its edge blended over `soft` px.
    const k = Math.min(1, Math.max(0, Math.min(u + 0.5 - u0, u1 - (u + 0.5)) / soft + 0.5));
    if (k === 1) continue;
    for (let v = 0; v < H; v++)
      for (let ch = 0; ch < 3; ch++) {
        const i = 3 * (v * W + u) + ch;
        out[i] = Math.round((data[i] as number) * k + p.black * (1 - k));
      }
  }
  return out;
};

/**
 * The strips as a frame draws them: each rail's (long rails first, then the ends) line across (x for a
 * long rail, y for an end), which way the bed lies from it, and its runs along it (from, to); their
 * light per mm; room for the stretches the balls hide.
 */
interface GlowRig {
  readonly g: AltUnderglow;
  readonly at: Float64Array;
  readonly inward: Float64Array;
  /** Each rail's runs: [from, to, from, to] for a long one (NaN-free: an end's second run empty). */
  readonly runs: Float64Array;
  readonly intensity: number;
  readonly hid: Float64Array;
  /** The balls near a point (their places, x then y), and its fade (see glowAt). */
  readonly near: Float64Array;
}

/**
 * How far from a point of the bed a ball's shadow from the strips is drawn, in radii: fully within
 * GLOW_SHADOW_FULL, fading to none at GLOW_SHADOW_REACH (a ball there hides R / a of a strip's light, a
 * few % of its share: the strips' far shadow fans are left out).
 */
const GLOW_SHADOW_FULL = 12;
const GLOW_SHADOW_REACH = 16;

const glowRig = (t: Table, g: AltUnderglow, balls = 0): GlowRig => {
  const { corner, middle } = ALT_GLOW_RUNS;
  const across = ALT_GLOW_REFERENCE + CUSHION_WIDTH;
  const long = [corner, t.length / 2 - middle, t.length / 2 + middle, t.length - corner];
  const end = [corner, t.width - corner, 0, 0];
  return {
    g,
    at: Float64Array.from([
      -CUSHION_WIDTH,
      t.width + CUSHION_WIDTH,
      -CUSHION_WIDTH,
      t.length + CUSHION_WIDTH,
    ]),
    inward: Float64Array.from([1, -1, 1, -1]),
    runs: Float64Array.from([...long, ...long, ...end, ...end]),
    // So that an endless strip gives `power` on the bed ALT_GLOW_REFERENCE mm from the nose (2 I h / r²
    // for a line radiating alike all round, r its distance).
    intensity: (g.power * (across * across + g.height * g.height)) / (2 * g.height),
    hid: new Float64Array(2 * balls),
    near: new Float64Array(3 * balls),
  };
};

/**
 * A run's light per unit of intensity at a point from t1 to t2 along it (relative to the point's own
 * place along it): ∫ n·d / |d|³ over the line where n·d > 0 (the part of the run in front of the
 * surface), `a` the normal's dot with the line's perpendicular from the point, `nt` the normal's part
 * along the line, `r2` the perpendicular's squared length.
 */
const runLight = (a: number, nt: number, r2: number, from: number, to: number): number => {
  // n·d = a + nt t: in front of the surface on one side of t = −a / nt.
  let t1 = from;
  let t2 = to;
  if (nt > 1e-12) t1 = Math.max(t1, -a / nt);
  else if (nt < -1e-12) t2 = Math.min(t2, -a / nt);
  else if (a <= 0) return 0;
  if (t2 <= t1) return 0;
  const q1 = Math.sqrt(r2 + t1 * t1);
  const q2 = Math.sqrt(r2 + t2 * t2);
  return (a * (t2 / q2 - t1 / q1)) / r2 - nt * (1 / q2 - 1 / q1);
};

/**
 * How much of a strip the cushion's nose leaves a point at height z `s` mm in front of the nose: 1 where
 * the ray to the strip passes over the nose, 0 under it, soft over 4 mm.
 */
const overNose = (g: AltUnderglow, s: number, z: number): number => {
  if (s < 0) return 0;
  const over = z + ((g.height - z) * s) / (s + CUSHION_WIDTH) - g.nose;
  return Math.min(1, Math.max(0, over / 4 + 0.5));
};

/** The light of a rail's runs between p and q (relative to the point's place along it). */
const runsLight = (
  runs: Float64Array,
  k: number,
  along: number,
  a: number,
  nt: number,
  r2: number,
  p: number,
  q: number,
): number =>
  runLight(
    a,
    nt,
    r2,
    Math.max(p, (runs[k] as number) - along),
    Math.min(q, (runs[k + 1] as number) - along),
  ) +
  runLight(
    a,
    nt,
    r2,
    Math.max(p, (runs[k + 2] as number) - along),
    Math.min(q, (runs[k + 3] as number) - along),
  );

/**
 * The strips' light at a point (x, y, z) with normal n, over the lamps' at the bed's middle (times the
 * strips' colour), past the cushions' noses; past the balls too where `balls` are given (a point of the
 * bed: each ball between it and a strip hides the stretch of the strip whose rays pass through the
 * ball's section parallel to the strip, a circle of R round its centre at zc; the stretches merged).
 */
const glowAt = (
  rig: GlowRig,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  balls?: readonly { readonly x: number; readonly y: number }[],
  zc = 0,
  R = 0,
): number => {
  const g = rig.g;
  const hid = rig.hid;
  const near = rig.near;
  // The balls whose shadows may reach the point, each with its fade (1 within GLOW_SHADOW_FULL radii).
  let m = 0;
  const reach2 = (GLOW_SHADOW_REACH * R) ** 2;
  if (balls)
    for (const b of balls) {
      const d2 = (b.x - x) * (b.x - x) + (b.y - y) * (b.y - y);
      if (d2 >= reach2) continue;
      const d = Math.sqrt(d2) / R;
      near[3 * m] = b.x;
      near[3 * m + 1] = b.y;
      near[3 * m + 2] = Math.min(1, (GLOW_SHADOW_REACH - d) / (GLOW_SHADOW_REACH - GLOW_SHADOW_FULL));
      m++;
    }
  let e = 0;
  for (let side = 0; side < 4; side++) {
    const alongX = side >= 2;
    const inward = rig.inward[side] as number;
    // The point's distance across to the strip, in front of the nose, and its place along the strip.
    const across = ((alongX ? y : x) - (rig.at[side] as number)) * inward;
    const vis = overNose(g, across - CUSHION_WIDTH, z);
    if (vis <= 0) continue;
    const along = alongX ? x : y;
    const up = g.height - z;
    const r2 = across * across + up * up;
    // The normal's dot with the perpendicular to the strip, and its part along it.
    const a = -(alongX ? ny : nx) * inward * across + nz * up;
    const nt = alongX ? nx : ny;
    const k = 4 * side;
    let lit = runsLight(rig.runs, k, along, a, nt, r2, -Infinity, Infinity);
    if (m > 0 && lit > 0) {
      let n = 0;
      for (let j = 0; j < m; j++) {
        const bx = near[3 * j] as number;
        const by = near[3 * j + 1] as number;
        const ba = (alongX ? y - by : x - bx) * inward;
        if (ba <= 0 || ba >= across) continue;
        const f = ba / across;
        const h = z + up * f - zc;
        const w2 = R * R - h * h;
        if (w2 <= 0) continue;
        const w = Math.sqrt(w2) * (near[3 * j + 2] as number);
        const c = (alongX ? bx : by) - along;
        // Kept in order of their starts (a few at most).
        let i = n;
        const lo = (c - w) / f;
        while (i > 0 && (hid[2 * i - 2] as number) > lo) {
          hid[2 * i] = hid[2 * i - 2] as number;
          hid[2 * i + 1] = hid[2 * i - 1] as number;
          i--;
        }
        hid[2 * i] = lo;
        hid[2 * i + 1] = (c + w) / f;
        n++;
      }
      if (n > 0) {
        let lo = hid[0] as number;
        let hi = hid[1] as number;
        for (let i = 1; i < n; i++) {
          const p = hid[2 * i] as number;
          const q = hid[2 * i + 1] as number;
          if (p > hi) {
            lit -= runsLight(rig.runs, k, along, a, nt, r2, lo, hi);
            lo = p;
            hi = q;
          } else if (q > hi) hi = q;
        }
        lit -= runsLight(rig.runs, k, along, a, nt, r2, lo, hi);
      }
    }
    if (lit > 0) e += rig.intensity * vis * lit;
  }
  return e;
};

/**
 * The strips' light (over the lamps' at the bed's middle, times their colour) at a point (x, y, z) with
 * normal n, past the cushions' noses and, where `shadowed` gives them, the balls (a point of the bed).
 */
export const underglowAt = (
  t: Table,
  g: AltUnderglow,
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  shadowed?: {
    readonly balls: readonly { readonly x: number; readonly y: number }[];
    readonly zc: number;
    readonly R: number;
  },
): number =>
  glowAt(
    glowRig(t, g, shadowed?.balls.length ?? 0),
    x,
    y,
    z,
    nx,
    ny,
    nz,
    shadowed?.balls,
    shadowed?.zc,
    shadowed?.R,
  );

/**
 * How much a point (x, y) on the rail or the floor glows (in the strips' colour): the strip itself along
 * the rail's inner edge (its `radiance`), the floor under the rail's outer edge (its `floor`, falling off
 * over 150 mm past it); 0 elsewhere.
 */
const glowOnRailOrFloor = (t: Table, g: AltUnderglow, x: number, y: number): number => {
  const out = Math.max(-x, x - t.width, -y, y - t.length);
  if (out >= CUSHION_WIDTH && out < CUSHION_WIDTH + GLOW_STRIP) {
    const along = out === -x || out === x - t.width ? y : x;
    const side = out === -x || out === x - t.width ? t.length : t.width;
    const inRun =
      side === t.length
        ? (along > ALT_GLOW_RUNS.corner && along < t.length / 2 - ALT_GLOW_RUNS.middle) ||
          (along > t.length / 2 + ALT_GLOW_RUNS.middle && along < t.length - ALT_GLOW_RUNS.corner)
        : along > ALT_GLOW_RUNS.corner && along < t.width - ALT_GLOW_RUNS.corner;
    return inRun ? g.radiance : 0;
  }
  const past = out - CUSHION_WIDTH - RAIL_WIDTH;
  return past >= 0 ? g.floor * Math.exp(-past / 150) : 0;
};

/**
 * The next table of a club's row, beyond this one's far end (tables laid end to end, `gap` mm between
 * their rails' outer edges), partly in the frame of a camera wide enough to see it: a table as this one
 * (its bed, cushions, pockets and rail), its bed's corner at (dx, dy) in this table's frame, in its own
 * cloth, lit by a rig as this one's hung over it (this table's lamps moved with it), its balls (ids of
 * the palette, their centres in this table's frame) each darkening the cloth at its foot, and a player's
 * arm reaching over it: a capsule of `radius` mm from the shoulder to the bridge hand (this table's frame,
 * z over the bed's plane), its sleeve for the first `sleeveTo` of it and the hand's skin beyond, shading
 * the cloth straight below. Nothing of it reaches this table's bed: it lies wholly beyond the far rail.
 */
export interface AltNeighbour {
  readonly dx: number;
  readonly dy: number;
  readonly cloth: Srgb8;
  readonly balls: readonly { readonly id: string; readonly x: number; readonly y: number }[];
  readonly arm: {
    readonly from: { readonly x: number; readonly y: number; readonly z: number };
    readonly to: { readonly x: number; readonly y: number; readonly z: number };
    readonly radius: number;
    readonly sleeveTo: number;
    readonly sleeve: Srgb8;
    readonly skin: Srgb8;
  };
}

/**
 * Where a ray (o + s d, s > 0) passes nearest a segment (a to b): the ray's s, the segment's fraction
 * along it (0…1) and their distance, into out[0..2].
 */
const raySegment = (
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  a: { readonly x: number; readonly y: number; readonly z: number },
  b: { readonly x: number; readonly y: number; readonly z: number },
  out: Float64Array,
): void => {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const ez = b.z - a.z;
  const wx = ox - a.x;
  const wy = oy - a.y;
  const wz = oz - a.z;
  const dd = dx * dx + dy * dy + dz * dz;
  const de = dx * ex + dy * ey + dz * ez;
  const ee = ex * ex + ey * ey + ez * ez;
  const dw = dx * wx + dy * wy + dz * wz;
  const ew = ex * wx + ey * wy + ez * wz;
  const den = dd * ee - de * de;
  let f = den > 1e-9 ? Math.min(1, Math.max(0, (dd * ew - de * dw) / den)) : 0;
  let s = Math.max(0, (de * f - dw) / dd);
  // The segment's fraction again for the ray's point (the clamps may have moved it).
  f = Math.min(1, Math.max(0, (ex * (wx + s * dx) + ey * (wy + s * dy) + ez * (wz + s * dz)) / ee));
  s = Math.max(0, (dx * (a.x + f * ex - ox) + dy * (a.y + f * ey - oy) + dz * (a.z + f * ez - oz)) / dd);
  out[0] = s;
  out[1] = f;
  out[2] = Math.hypot(ox + s * dx - a.x - f * ex, oy + s * dy - a.y - f * ey, oz + s * dz - a.z - f * ez);
};

/**
 * A camera's auto white balance hunting under mixed light (daylight from a window beside warm lamps):
 * unable to settle on one light, its estimate of the light swings frame to frame between the two
 * lights' colours, `cool` and `warm` (linear RGB multipliers of a lamp's power as the camera's fixed
 * balance sees them, green 1). In this frame it lies `at` of the way from cool (0) to warm (1), in log
 * light (a path near the blackbody's, as mireds are), and the camera takes `strength` of it out (a
 * camera's AWB leaves some of a cast, for the mood): its white balance times est^−strength a channel,
 * est = cool^(1 − at) · warm^at. Balanced towards the window, the lamps' light looks orange; towards the
 * lamps, the window's looks blue; the balls and the cloth turn with it from frame to frame.
 */
export interface AltAwbHunt {
  readonly cool: readonly [number, number, number];
  readonly warm: readonly [number, number, number];
  readonly at: number;
  readonly strength: number;
}

/** A hunting AWB's gains in this frame, a channel each (green 1 where both lights' greens are 1). */
export const awbGains = (a: AltAwbHunt): [number, number, number] => {
  const g = (ch: number): number => {
    const est = Math.pow(a.cool[ch] as number, 1 - a.at) * Math.pow(a.warm[ch] as number, a.at);
    return Math.pow(est, -a.strength);
  };
  return [g(0), g(1), g(2)];
};

/** The style with its hunting AWB's balance in this frame, on top of the camera's own. */
const withAwbHunt = (style: AltStyle, a: AltAwbHunt): AltStyle => {
  const k = awbGains(a);
  const [r, g, b] = style.whiteBalance;
  return { ...style, whiteBalance: [r * k[0], g * k[1], b * k[2]] };
};

/**
 * A phone's or an action camera's HDR merge: a short exposure taken `gap` ms before this frame's (its
 * balls that far back along their way to the last frame's places, AltStyle.earlier's first; its light
 * scaled up by the exposures' ratio to this one's) merged with it in linear light, the short's weight
 * `share` in the mid-tones (its noise averaged in) rising to 1 as the long exposure's exposed luma
 * climbs from `knee` to its clipping (1): a moving ball shows faint where it was in the short exposure
 * (a bright ball mostly there, its long exposure's image faint). Then the merge's global tone curve on
 * the merged light's luminance, each pixel's three channels scaled alike: mid-grey (0.25 exposed) kept,
 * Y' = 0.25 (Y / 0.25)^`flatten` (below 1: shadows lifted, highlights pulled down, the light flattened).
 */
export interface AltHdrMerge {
  readonly gap: number;
  readonly share: number;
  readonly knee: number;
  readonly flatten: number;
}

/**
 * One lamp of the rig failing (a tube at the end of its life, a driver cutting out): lamp `lamp` of
 * AltStyle.lamps gives `power` of its light in this frame (0 dark; between, the exposure caught it
 * flickering; 1 lit), and the camera's auto exposure makes up `compensation` of the light lost, in
 * stops (the gain times (lit / all)^-compensation, lit and all the rig's power summed).
 */
export interface AltLampFailure {
  readonly lamp: number;
  readonly power: number;
  readonly compensation: number;
}

/** A smoothstep from 0 at `a` to 1 at `b`. */
const smooth = (a: number, b: number, x: number): number => {
  const k = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return k * k * (3 - 2 * k);
};

/** Linear light's luma (Rec. 709). */
const lumaOf = (r: number, g: number, b: number): number => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The short exposure's weight in an HDR merge where the long one's exposed luma is `y` (clipping at 1). */
export const hdrShare = (m: AltHdrMerge, y: number): number => {
  const s = Math.min(1, Math.max(0, (y - m.knee) / (1 - m.knee)));
  return m.share + (1 - m.share) * s * s * (3 - 2 * s);
};

/** An HDR merge's global tone curve on the frame's linear light (W × H), in place: see AltHdrMerge. */
const hdrToned = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  m: AltHdrMerge,
  gain: number,
): void => {
  const MID = 0.25;
  for (let k = 0; k < W * H; k++) {
    const y = gain * lumaOf(lr[k] as number, lg[k] as number, lb[k] as number);
    if (y <= 0) continue;
    const f = Math.pow(y / MID, m.flatten - 1);
    lr[k] = (lr[k] as number) * f;
    lg[k] = (lg[k] as number) * f;
    lb[k] = (lb[k] as number) * f;
  }
};

/** The style with its failing lamp at its power in this frame and the auto exposure's answer to it. */
const withLampFailure = (style: AltStyle, f: AltLampFailure): AltStyle => {
  const all = style.lamps.reduce((a, l) => a + l.power, 0);
  const lamps = style.lamps.map((l, i) => (i === f.lamp ? { ...l, power: l.power * f.power } : l));
  const lit = lamps.reduce((a, l) => a + l.power, 0);
  return { ...style, lamps, gain: style.gain * Math.pow(lit / all, -f.compensation) };
};

/**
 * A CCTV camera's temporal (3D) noise reduction, a recursive filter run on the sensor's linear light,
 * frame by frame: each pixel's output the new frame's × (1 − w) plus the last output's × w, where w =
 * `keep` × max(0, 1 − d / `threshold`) and d = |Y_new − Y_last| / (Y_new + Y_last) (a change of luma
 * relative to its level, the filter's motion detector: a pixel that changed much taken as it is, one
 * that changed little blended). Run over `frames` frames before this one (the oldest taken as it is),
 * so a moving ball leaves a fading comet of itself behind, faint where it differs little from the
 * cloth, and a ball that has just stopped is half blended with the cloth it stopped on. Static pixels
 * are this frame's (their noise the filter's lesser share: the variant's sensor noise drawn lower).
 */
export interface AltTemporalNR {
  readonly frames: number;
  readonly keep: number;
  readonly threshold: number;
}

/**
 * An IP camera's stream losing packets: each lost slice a run of `blocks` macroblocks in raster order
 * from block (`column`, `row`) of the frame's grid of `size` × `size` px blocks (16 at 1080p; at 4K
 * H.264's 16 or H.265's 64-px coding tree units: `codec`), and hidden by the decoder as it can:
 * `copy`, the previous frame's picture (a ball that moved since shows in its old place); `shift`, the
 * previous frame's picture shifted `shift` px across (at 1080 rows: a wrong motion vector, the slice's
 * rows displaced); `smear`, each block row the row of pixels above it faded `fade` of the way to the
 * decoder's grey-green (a spatial concealment drawing down what it last decoded). Its row: `v` a
 * fraction of the frame's height, or `aimed` (undefined v): across the first ball that moved since the
 * last frame (a P-frame's bits, so its packets, crowd where the picture changed; the frame's middle
 * where none did). Laid over the 8-bit
 * picture, the previous frame's with its own sensor noise.
 */
export interface AltPacketLoss {
  readonly codec: 'h264' | 'h265';
  readonly slices: readonly AltLostSlice[];
}

export interface AltLostSlice {
  /** Its first block's column, a fraction of the grid's width, and its row's, of its height (aimed: none). */
  readonly u: number;
  readonly v?: number;
  /** Its length in blocks, at 1080p (at 4K the same share of the grid's blocks). */
  readonly blocks: number;
  readonly conceal: 'copy' | 'shift' | 'smear';
  readonly shift: number;
  readonly fade: number;
}

/** The decoder's grey-green a smear fades to (a chroma of zero decoded as colour: Y, Cb, Cr low). */
export const LOSS_GREY_GREEN: Srgb8 = [88, 124, 80];

/** A lost slice's block size, px, in a frame `H` rows high (16 at 1080p; at 4K by the codec). */
export const lossBlock = (loss: AltPacketLoss, H: number): number =>
  H > 1200 && loss.codec === 'h265' ? 64 : 16;

/** A lost slice's blocks in a W × H frame: its grid's width in blocks, its first block's index, its count. */
export const lostBlocks = (
  s: AltLostSlice,
  loss: AltPacketLoss,
  W: number,
  H: number,
  aimedRow: number,
): { size: number; cols: number; first: number; count: number } => {
  const size = lossBlock(loss, H);
  const cols = Math.ceil(W / size);
  const rows = Math.ceil(H / size);
  const row = s.v === undefined ? aimedRow : Math.floor(s.v * rows);
  const col = Math.min(cols - 1, Math.floor(s.u * cols));
  // At 4K the same share of the grid as at 1080p (120 × 68 blocks).
  const count = Math.max(1, Math.round((s.blocks * cols * rows) / (120 * 68)));
  return { size, cols, first: Math.max(0, Math.min(rows - 1, row)) * cols + col, count };
};

/**
 * A wide lens's shading as the camera leaves it, its lens-shading correction calibrated for another module
 * (another lens's chief-ray angles, another IR-cut filter's): at ρ, the distance from the optical centre
 * (u, v: fractions of the frame's width and height) over half the frame's diagonal, every channel's light
 * is 1 − fall·ρ² of itself (the luminance shading left over), and red's and blue's are further times
 * 1 + tint[0]·ρ² and 1 + tint[1]·ρ² (the colour shading: red and blue over green grow with ρ², both up for
 * magenta corners, both down for green ones).
 */
export interface AltShading {
  readonly u: number;
  readonly v: number;
  readonly fall: number;
  readonly tint: readonly [number, number];
}

/**
 * An ageing CMOS sensor's defects, at the frame's own exposure (raw: the light times the exposure, 1 its
 * white), under an RGGB Bayer filter (the frame's even rows red and green, odd rows green and blue). Where
 * they lie and each one's strength are the camera's (`seed`): the same in every frame it takes at its
 * size. Hot photosites (`hot` of all, a share) add their dark signal to their own filter's channel, log-
 * normal about `dark` (raw) with a spread `spread` (of its log), times `warmth`; stuck ones (`stuck`) read
 * their full well, whatever falls on them. Each column's readout adds an offset drawn about 0 with a
 * spread of `columns` (raw), each row's one of `rows`. The readout amplifier's glow in corner `glow.corner`
 * (0 top left, 1 top right, 2 bottom right, 3 bottom left): `glow.strength` (raw, times `warmth`) at the
 * corner, falling as exp(−d / (glow.reach · H)), d its distance in px, in the channels by `glow.colour`.
 * `warmth` is the frame's own: its dark current over the camera's usual (the sensor's temperature).
 */
export interface AltSensor {
  readonly seed: number;
  readonly hot: number;
  readonly dark: number;
  readonly spread: number;
  readonly stuck: number;
  readonly columns: number;
  readonly rows: number;
  readonly glow: AltGlow;
  readonly warmth: number;
}

/** A sensor's amplifier glow (see AltSensor). */
export interface AltGlow {
  readonly corner: 0 | 1 | 2 | 3;
  readonly strength: number;
  readonly reach: number;
  readonly colour: readonly [number, number, number];
}

/**
 * A sensor's defective photosites (see AltSensor), as the camera's seed places them on a W × H frame: each
 * one's pixel, its channel (its Bayer site's filter), and its raw signal (a hot one's dark signal before
 * the frame's warmth; a stuck one's, its full well, Infinity). Drawn from the seed alone, in this order: the
 * hot photosites, the stuck ones, the columns' offsets, the rows'.
 */
export const sensorDefects = (
  s: AltSensor,
  W: number,
  H: number,
): {
  readonly pixels: Int32Array;
  readonly channels: Uint8Array;
  readonly signals: Float64Array;
  readonly columns: Float64Array;
  readonly rows: Float64Array;
} => {
  const rng = makeRng(s.seed);
  const nHot = Math.round(s.hot * W * H);
  const n = nHot + Math.round(s.stuck * W * H);
  const pixels = new Int32Array(n);
  const channels = new Uint8Array(n);
  const signals = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const k = Math.floor(rng.next() * W * H);
    const odd = (Math.floor(k / W) % 2) + ((k % W) % 2);
    pixels[i] = k;
    channels[i] = odd;
    signals[i] = i < nHot ? s.dark * Math.exp(s.spread * rng.normal()) : Infinity;
  }
  const columns = Float64Array.from({ length: W }, () => rng.normal(0, s.columns));
  const rows = Float64Array.from({ length: H }, () => rng.normal(0, s.rows));
  return { pixels, channels, signals, columns, rows };
};

/**
 * A CCTV dome camera's bubble of tinted (smoked) acrylic in front of its lens. Its tint: what it passes of
 * red, green and blue, the exposure making up its grey (green 1), a slight bronze. Its ghost: the light
 * that the lens's front element reflects back out, reflected again by the bubble's inner surface (a
 * concave mirror about the lens, centred near it) back into the lens: a faint second image of the frame,
 * turned half round about the point `pole` (where the bubble's centre is seen, the lens being a little
 * off it; fractions of the frame's width and height), `ghost` of its light (the front element's
 * reflectance times the acrylic's, about 4 %), out of focus (a Gaussian of `ghostBlur` px at 1080 rows):
 * the balls' highlights' ghosts are faint spots elsewhere on the table. Its scratches and dust: arcs left
 * by wiping it round and round (`arcs`), where its surface scatters a share of the light through a small
 * angle (the frame there mixed by `depth` towards itself blurred by a Gaussian of `scatter` px at 1080
 * rows).
 */
export interface AltDome {
  readonly tint: readonly [number, number, number];
  readonly pole: { readonly u: number; readonly v: number };
  readonly ghost: number;
  readonly ghostBlur: number;
  readonly arcs: readonly AltArc[];
  readonly scatter: number;
}

/**
 * A scratched or dusty arc of a dome: about (u, v) (fractions of the frame's width and height), its
 * radius and its width in px at 1080 rows, from angle `from` to `to` (rad, image axes, u right and v
 * down), `depth` the share of the light its middle scatters.
 */
export interface AltArc {
  readonly u: number;
  readonly v: number;
  readonly radius: number;
  readonly width: number;
  readonly from: number;
  readonly to: number;
  readonly depth: number;
}

/**
 * The light of lamps of a poor colour rendering (cheap LED panels: a blue die's narrow band and a
 * phosphor's broader one, with little deep red), as a sum of emitters' bands, relative powers, and the
 * camera balanced to it (spectrum.ts): each pigment's colour (its sRGB taken as in daylight) becomes its
 * reflectance spectrum's under this light, so pigments that daylight tells apart by light the lamps lack
 * move nearer each other (a red and a brown both dull brick), while a white stays white.
 */
export interface AltLamplight {
  readonly emitters: readonly AltEmitter[];
}

/** An emitter's band: its peak and its full width at half its peak, nm, and its power (relative). */
export interface AltEmitter {
  readonly peak: number;
  readonly width: number;
  readonly power: number;
}

/**
 * Crossed polarisers, as a club fits them against its lamps' glare on a streamed table (a studio's
 * cross-polarised light): polarising film under every lamp, its transmission axis `axis` radians from
 * the bed's +x axis in the bed's plane, and a polarising filter on the camera's lens at right angles to it
 * (the horizontal direction across the film's axis, taken across each ray seen). The lamps' light a ball
 * mirrors keeps its polarisation by Fresnel's equations (the ball's refractive index from its reflectance
 * straight on, f0), so the filter stops nearly all of it where the reflection is near normal; light that
 * a surface scatters (the cloth, a ball's colour, the room's walls lit by the lamps) is depolarised, and
 * the filter passes half of it, as much as the camera's exposure makes up for (the diffuse light is
 * unchanged). What a ball mirrors of the room and the cloth is polarised by its reflection, more so
 * towards its rim: the filter passes Rs of it where the plane of reflection lies across the filter's
 * axis and Rp where along it (over their mean: up to twice as bright and down to near nothing at the
 * rim, unchanged in the middle). Each film passes `leak` of the light polarised across its axis (its
 * extinction, red, green, blue: a film leaks most at the spectrum's ends, so what is left of the glare
 * is violet); the two films' own colour, `tint`, casts the whole frame (green 1).
 */
export interface AltPolariser {
  readonly axis: number;
  readonly leak: readonly [number, number, number];
  readonly tint: readonly [number, number, number];
}

/**
 * An interline CCD with a weak overflow drain, as old security cameras had: a photosite holds
 * `fullWell` of the exposure's light (the light times the exposure, before the white balance; the tone
 * curve's white at 1) in each colour; beyond it, the drain takes `drain` of the excess, and the rest
 * spills into the photosites above and below it along its column, half each way, filling each one it
 * reaches (its three colours towards full well, each by its own room: a filled photosite is white) before
 * going on, and lost beyond the frame's first and last rows. The charge is the mosaic's, colour-blind: a
 * streak is as white as the white balance leaves a full photosite. While the charges are shifted out, the
 * vertical registers catch light too (smear): every pixel of a column gains `smear` times the column's
 * mean light, a faint stripe the frame's height through each bright highlight.
 */
export interface AltCcd {
  readonly fullWell: number;
  readonly drain: number;
  readonly smear: number;
}

/**
 * A bright lamp just beyond the frame (a bare bulb, a wall light) shining into the lens, whose light the
 * lens's surfaces reflect back and forth onto the sensor: its ghosts, each the aperture's shape (a
 * polygon of `blades` sides turned `turn` radians, as the iris's blades leave it) centred on the line
 * from the image's optical centre (the principal point) through the lamp's image, at `k` times the lamp's
 * image's offset from it (k < 0: beyond the centre, opposite the lamp), `radius` of the focal length
 * across (its circumradius), its edge soft over `soft` of that, adding `light` (linear, the bed's middle
 * lit at 1) times its coating's `tint` times the lamp's `colour`; and its veiling glare, light scattered
 * by the glass and the barrel over the whole frame: `veil` · (1 + (d / (spread · f))²)⁻¹ + `floor`, d the
 * distance from the lamp's image, of the lamp's colour. The lamp's image lies `off` radians off the
 * optical axis (beyond the frame's edge), towards `azimuth` radians from the frame's +u axis (towards +v).
 * Sizes and distances are in the focal length, so a window of the frame (its principal point moved) and a
 * frame of twice the focal length draw the same flare.
 */
export interface AltFlare {
  readonly off: number;
  readonly azimuth: number;
  readonly colour: readonly [number, number, number];
  readonly veil: number;
  readonly spread: number;
  readonly floor: number;
  readonly blades: number;
  readonly turn: number;
  readonly ghosts: readonly AltGhost[];
}

/** A flare's ghost (see AltFlare). */
export interface AltGhost {
  readonly k: number;
  readonly radius: number;
  readonly soft: number;
  readonly light: number;
  readonly tint: readonly [number, number, number];
}

/**
 * A camera's video sent as YCbCr, coded by BT.709's matrix, its chroma halved both ways (4:2:0, each 2 × 2
 * block of pixels one mean Cb and Cr, the blocks from the window's first pixel), 8 bits, and decoded by a
 * capture whose software takes it by BT.601's matrix (reds and greens shifted in hue and weight) and in
 * the wrong range, each 2 × 2 block's chroma given to its four pixels: `washed`, the camera sends limited
 * range (Y' 16…235, C 16…240) and the capture reads it as full (black lifted to 16, white held to 235,
 * the colours weaker); `crushed`, the camera sends full range and the capture reads it as limited (the
 * levels stretched by 255/219: below 16 black, above 235 white, the colours stronger, every 7th level or
 * so missing).
 */
export interface AltCapture {
  readonly range: 'washed' | 'crushed';
}

/**
 * A cheap webcam whose stream the capture scales up to the frame's size: its sensor `rows` high (the
 * frame's aspect), each photosite the mean of the light over it, behind an RGGB Bayer filter and no
 * anti-alias filter, its colours filled in bilinearly (zipper and colour fringes on sharp edges, colour
 * moiré on fine texture); developed at that size (its noise on its own pixels), coded as MJPEG at
 * `quality` (1…100: YCbCr, the chroma halved across as a UVC webcam's 4:2:2 is, 8 × 8 DCT blocks
 * quantised by the IJG tables), then scaled bilinearly to the frame's size.
 */
export interface AltWebcam {
  readonly rows: number;
  readonly quality: number;
}

/**
 * An old analogue CCTV camera (PAL) seen through a capture card, its frame scaled up to the frame's size:
 * the camera's `rows` lines (two interlaced fields of half as many) across the frame's width in samples
 * `aspect` times as wide as a line is high (PAL's anamorphic 16:9, 64/45: BT.601's 720 samples a line at
 * 13.5 MHz across a 16:9 frame), each the mean of the light over it, developed there (the camera's noise on
 * its own pixels); sent as composite video, the luma and the chroma modulated on the colour subcarrier
 * (PAL's 4.43 MHz: PAL_CARRIER cycles a sample, its phase turning three quarters of a cycle from one line
 * of a field to the next, V's sign switched every other one) in one signal, the chroma limited first to the
 * camera's band (a Gaussian of `cameraChroma` samples across a line); decoded by a cheap card: the chroma
 * demodulated from the whole signal and limited to the card's narrower band (`cardChroma` samples: fine
 * luma detail near the carrier's frequency is taken for colour), averaged with the field's line before
 * (PAL's delay line), the luma the signal less the chroma so decoded remodulated (a notch: where the chroma
 * changes faster than the card's band, at sharp colour edges, what is left of the carrier stays in the luma
 * as a pattern of dots, crawling from line to line as the carrier's phase turns), then through the card's
 * sharp low-pass at PAL's 5 MHz; the two fields woven together (`weave`: every line) or one field's lines
 * alone, those between them filled in (`bob`: half the rows' detail); scaled bilinearly to the frame's
 * size.
 */
export interface AltAnalogue {
  readonly rows: number;
  readonly aspect: number;
  readonly cameraChroma: number;
  readonly cardChroma: number;
  readonly deinterlace: 'weave' | 'bob';
}

/**
 * A cloth brushed and ironed in lanes down the table's length, each `width` mm across (lane i from
 * x = i · width), brushed alternately towards one end and the other: its nap's fibres lie one way or
 * the other, so each lane's cloth is lighter or darker by its `lanes` lift (−1…1) times `amount`.
 * The fibres' sheen is a broad lobe round the mirror direction: where a lamp lies near the mirror of
 * the camera's ray about the bed, the lanes differ by all of it (cos^`lobe` of the angle between them),
 * elsewhere by `floor` of it. Neighbouring lanes blend over `edge` mm (the brush's strokes overlap).
 * Under the balls and their shadows, as the nap is.
 */
export interface AltSheen {
  readonly lanes: readonly number[];
  readonly width: number;
  readonly amount: number;
  readonly floor: number;
  readonly lobe: number;
  readonly edge: number;
}

/**
 * A person standing beside a long side, facing the table in the plane x = `x` (beyond the rail, out of
 * the frame), across from y = `y`: as the lamps behind them see the table, a body `shoulder` mm either
 * side of y up to `height` mm over the bed and a head `head` mm in radius over it, hiding those lamps
 * from what lies in their shadow (soft over each lamp's size seen past them).
 */
export interface AltOnlooker {
  readonly x: number;
  readonly y: number;
  readonly shoulder: number;
  readonly height: number;
  readonly head: number;
}

/**
 * What lies on a club table that is not a ball, each thing clear of every ball (clutter.ts places it):
 * drawn in the plane z = 0 where it lies (a 22 mm chalk cube's top is seen under a centimetre from where
 * it is drawn at the frame's edges, a ball radius being 26 mm: that parallax is not drawn), and casting
 * its shadow from its height as the balls do theirs (soft over each lamp's size).
 */
export interface AltClutter {
  readonly items: readonly AltClutterItem[];
}

/**
 * A thing on the bed or the rail, in table mm:
 * - chalk: a cube of chalk `size` mm each way centred at (x, y), turned `angle` radians, its top cupped
 *   by cue tips (a darker hollow `hollow` mm across in its middle, its rim a little darker too);
 * - rest: a rest lying on the cloth, its dark shaft `width` mm thick from its butt (x0, y0) to (x1, y1),
 *   a brass ferrule 30 mm long at that end and its cross head beyond: two brass bars `head` mm long and
 *   10 mm wide crossing at right angles 40 mm past the ferrule, each at 45° to the shaft;
 * - dust: chalk dust spilled on the cloth, a soft blotch of radius `r`, `amount` of the cloth hidden at
 *   its middle, broken into specks by value noise from `seed` (flat: no shadow);
 * - coaster: a round card beer mat of radius `r`, 3 mm thick, a printed ring of `ring` colour in it.
 */
export type AltClutterItem =
  | {
      readonly kind: 'chalk';
      readonly x: number;
      readonly y: number;
      readonly angle: number;
      readonly size: number;
      readonly hollow: number;
      readonly colour: Srgb8;
    }
  | {
      readonly kind: 'rest';
      readonly x0: number;
      readonly y0: number;
      readonly x1: number;
      readonly y1: number;
      readonly width: number;
      readonly head: number;
      readonly colour: Srgb8;
      readonly brass: Srgb8;
    }
  | {
      readonly kind: 'dust';
      readonly x: number;
      readonly y: number;
      readonly r: number;
      readonly amount: number;
      readonly seed: number;
      readonly colour: Srgb8;
    }
  | {
      readonly kind: 'coaster';
      readonly x: number;
      readonly y: number;
      readonly r: number;
      readonly colour: Srgb8;
      readonly ring: Srgb8;
    };

/**
 * A dirty lens: dust on its front glass, each speck far out of focus, so a soft dark disc fixed in the
 * frame wherever the scene behind it moves; and a greasy smear (a fingerprint) over one region, which
 * scatters the light through it: the region's contrast lowered (its light mixed towards its
 * surroundings' mean) and its highlights blooming.
 */
export interface AltLensDirt {
  readonly specks: readonly AltSpeck[];
  readonly smear?: AltSmear;
}

/**
 * A speck's shadow: its middle at (u, v) as shares of the frame's width and height, `radius` px across
 * at 1080 rows (scaled with the frame's height), taking `depth` of the light at its middle; its edge
 * falls off smoothly over `soft` of its radius (centred on the radius).
 */
export interface AltSpeck {
  readonly u: number;
  readonly v: number;
  readonly radius: number;
  readonly depth: number;
  readonly soft: number;
}

/**
 * A greasy smear: its middle at (u, v) as shares of the frame's width and height, half axes rx and ry
 * px at 1080 rows, turned `angle` radians; its strength falls off as exp(−q²) with q the distance from
 * its middle over its half axes. At its middle `veil` of the light is mixed towards the mean of the
 * light round it (a Gaussian `spread` px at 1080 rows), and the light over `threshold`, times `bloom`,
 * is spread by a Gaussian `glow` px and added.
 */
export interface AltSmear {
  readonly u: number;
  readonly v: number;
  readonly rx: number;
  readonly ry: number;
  readonly angle: number;
  readonly veil: number;
  readonly spread: number;
  readonly bloom: number;
  readonly threshold: number;
  readonly glow: number;
}

/**
 * A sponsor's print in the cloth's nap: its marks, each over those before it, the bed's colour mixed
 * towards each mark's ink by its cover (its opacity inside it, the ink thinner on some fibres than on
 * others, so the nap shows through). Play has rubbed up to `worn` of the ink off, in soft patches
 * `grain` mm across (value noise from `seed`). The ink's edges spread `bleed` mm into the nap (each
 * edge then also softened over a pixel's footprint on the bed, as a camera's pixel averages it). Lit,
 * shaded and hidden by the balls as the cloth is.
 */
export interface AltPrint {
  readonly marks: readonly AltPrintMark[];
  readonly bleed: number;
  readonly worn: number;
  readonly grain: number;
  readonly seed: number;
}

/**
 * A mark of a print, in bed mm: an oval centred at (x, y), half axes rx along x and ry along y, filled
 * or (where `ring`) only a ring that wide inside its rim; or block lettering, a bitmap (`rows`, '#' where
 * inked) of square cells `cell` mm across, its first row's first cell's outer corner at (x, y), its
 * columns running at `angle` radians from the x axis and its rows at `angle` − π/2 (so that, the bed's
 * axes right-handed with z up, a word reads the right way round from above).
 */
export type AltPrintMark =
  | {
      readonly kind: 'oval';
      readonly x: number;
      readonly y: number;
      readonly rx: number;
      readonly ry: number;
      readonly ring?: number;
      readonly ink: Srgb8;
      readonly opacity: number;
    }
  | {
      readonly kind: 'letters';
      readonly x: number;
      readonly y: number;
      readonly angle: number;
      readonly cell: number;
      readonly rows: readonly string[];
      readonly ink: Srgb8;
      readonly opacity: number;
    };

/**
 * A worn set's scuffs, on every ball: its highlights (the lamps' images, their sheen, what it mirrors)
 * broken by fine scuffs, streaks `grain` mm across and `length` mm long each ball's own way, taking up
 * to `fine` of them; and `patches` matte patches a ball (their radii `size` mm along the surface, their
 * edges soft over a third of it) where `depth` of them is gone. Where on each ball, and its streaks'
 * way, drawn from `seed` and the ball's place in the list.
 */
export interface AltScuffs {
  readonly fine: number;
  readonly grain: number;
  readonly length: number;
  readonly patches: number;
  readonly size: readonly [number, number];
  readonly depth: number;
  readonly seed: number;
}

/**
 * A phone's local tone mapping (HDR) on the frame's linear light, after the exposure: each pixel times
 * exp(−strength · (B − B̄)), B its neighbourhood's log luminance (a Gaussian of `radius` px at 1080 rows,
 * scaled with the frame's height), B̄ the frame's mean of it: a region darker than the frame's mean is
 * lifted, a brighter one compressed, the detail within each kept.
 */
export interface AltToneMap {
  readonly strength: number;
  readonly radius: number;
}

/**
 * A phone's noise reduction on the graded frame (code values, before its 8 bits): its chroma (B − Y,
 * R − Y) blurred by a Gaussian of `chroma` px (a watercolour's smear: colour bleeding over edges luma
 * keeps), its luma's detail cored, d · d² / (d² + luma²) where d is its difference from a Gaussian blur of
 * `radius` px (fine low-contrast texture and noise flattened, edges kept). Sizes at 1080 rows, scaled
 * with the frame's height.
 */
export interface AltDenoise {
  readonly chroma: number;
  readonly luma: number;
  readonly radius: number;
}

/**
 * A mark on a ball's surface: a round patch centred where the ball's outward unit normal is (nx, ny,
 * nz), in the room's axes, `radius` mm across the surface from its middle (along the arc), its edge
 * fading over `soft` mm, of `colour` covering `opacity` (0…1) of the ball's own.
 */
export interface AltBallMark {
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  readonly radius: number;
  readonly soft: number;
  readonly colour: Srgb8;
  readonly opacity: number;
}

/**
 * Chalk dabbed on the cloth by cue tips: each dab a patch round a short wipe (AltWornPlace: `lift` its
 * share of chalk at its middle), flat-topped with a soft edge, `lift` · exp(−(d / half)⁴) at distance d
 * (a dab of powder, not a blur: about 2.2 half widths across), its powder uneven in grains about a mm
 * across (value noise from `seed`).
 */
export interface AltChalkDabs {
  readonly colour: Srgb8;
  readonly dabs: readonly AltWornPlace[];
  readonly seed: number;
}

/**
 * What polished balls mirror beyond the lamps' own images: the bed and what lies round it where a
 * reflected ray goes down (the cloth as it is lit and shaded there, the cushions, the rail), and where
 * it goes up a window's panes, the lamps' canopy, or else the dark ceiling and walls. Each is weighed
 * by Schlick's Fresnel with the exponent `fresnel` (5 for bare resin; less for a lacquered set, whose
 * reflection reaches further in from the rim). Radiances are linear, the bed's middle lit at 1.
 */
export interface AltMirror {
  readonly fresnel: number;
  readonly room: readonly [number, number, number];
  /** The canopy's underside round the lamps: a level rectangle at height z (half sizes hx, hy). */
  readonly canopy: {
    readonly x: number;
    readonly y: number;
    readonly z: number;
    readonly hx: number;
    readonly hy: number;
    readonly radiance: readonly [number, number, number];
  };
  /**
   * A window in the wall x = `x` beside the table, from y0 to y1 along it and z0 to z1 up: cols × rows
   * panes between glazing bars `bar` mm wide, each pane of `radiance`.
   */
  readonly window?: {
    readonly x: number;
    readonly y0: number;
    readonly y1: number;
    readonly z0: number;
    readonly z1: number;
    readonly cols: number;
    readonly rows: number;
    readonly bar: number;
    readonly radiance: readonly [number, number, number];
  };
}

/**
 * Someone at the table: the parts of them the camera may see (a player's cue, hands and arms, player.ts;
 * a referee's gloved hand and sleeve, referee.ts).
 */
export interface AltPlayer {
  readonly parts: readonly AltPart[];
}

/**
 * A worn cloth: its nap rubbed flat in places, which then look lighter than the cloth round them. The
 * bed's colour is times 1 + amount · w, w (0…1) the union of large soft blotches (value noise `patch`
 * mm across, from `seed`) and the worn places; chalk dust is smudged on in small soft patches, as the
 * chalk markings are drawn but fainter.
 */
export interface AltWear {
  /** The most the nap's wear lightens the cloth (relative: 0.12 is 12 %). */
  readonly amount: number;
  /** The blotches' size, mm (a few hundred), and the seed of where they fall. */
  readonly patch: number;
  readonly seed: number;
  /** Places worn more than the rest (round a spot, along a line): w there as `lift` at most. */
  readonly places: readonly AltWornPlace[];
  /** Chalk dust smudged on the cloth: its share of chalk at a smudge's middle as `lift`. */
  readonly smudges: readonly AltWornPlace[];
}

/**
 * A soft patch round the segment from (ax, ay) to (bx, by) on the bed, mm (a round patch where the two
 * ends are one point): `lift` · exp(−(d / half)²) at distance d from it.
 */
export interface AltWornPlace {
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
  readonly half: number;
  readonly lift: number;
}

/**
 * Smoke between the lamps, the table and the camera (a smoky bar): light scattered into every ray
 * lifts the dark values towards the haze's colour (veiling glare: the frame's mean luminance times
 * `veil`, of `colour`, added as each ray's own light is dimmed by `veil`), and the light of every highlight
 * brighter than `threshold` (linear, the bed's middle lit at 1) spreads round it in a soft bloom: that
 * excess times `bloom` blurred by a Gaussian `radius` px (its sigma at 1080 rows, scaled with the
 * frame's height).
 */
export interface AltHaze {
  readonly veil: number;
  readonly colour: readonly [number, number, number];
  readonly bloom: number;
  readonly threshold: number;
  readonly radius: number;
}

/**
 * A rolling shutter under lamps that flicker with the mains: each row of the frame is read out a
 * little later than the one above, so its exposure catches the light at another moment of the
 * lamps' cycle. Row v's exposure is times 1 + depth · sin(2π v / (period · height) + phase).
 */
export interface AltFlicker {
  /** The bands' amplitude, relative (what the shutter's time leaves of the lamps' flicker). */
  readonly depth: number;
  /** One cycle of bands, as a share of the frame's height (the flicker's period over the readout's time). */
  readonly period: number;
  /** Where the cycle starts at the top row, radians: the bands roll from frame to frame. */
  readonly phase: number;
  /**
   * Each channel's share of `depth` (red, green, blue; 1 each, the default: grey bands). A white LED's
   * blue die follows its driver's ripple while its phosphors' light lags and is smoothed by their decay:
   * the bright bands bluer, the dark ones warmer.
   */
  readonly hue?: readonly [number, number, number];
}

/**
 * A cheap camera's in-camera sharpening: an unsharp mask on the frame's luma (BT.601) after the tone
 * curve, before the 8 bits are stored: each pixel plus `amount` times its difference from a Gaussian blur
 * of `radius` px (its sigma, at 1080 rows; scaled with the frame's height), leaving a light and a dark
 * halo along every edge.
 */
export interface AltSharpen {
  readonly amount: number;
  readonly radius: number;
}

const srgbToLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const lin = (c: Srgb8): [number, number, number] => [
  srgbToLinear(c[0] / 255),
  srgbToLinear(c[1] / 255),
  srgbToLinear(c[2] / 255),
];

/** Rays of a calibration on a grid every GRID px, interpolated for every pixel and sub-pixel sample. */
const GRID = 4;
interface RayGrid {
  readonly gw: number;
  readonly gh: number;
  readonly dir: Float64Array;
  readonly ox: number;
  readonly oy: number;
  readonly oz: number;
}
const grids = new WeakMap<Calibration<Table>, RayGrid>();
const rayGrid = (c: Calibration<Table>): RayGrid => {
  const hit = grids.get(c);
  if (hit) return hit;
  const gw = Math.ceil(c.image.width / GRID) + 2;
  const gh = Math.ceil(c.image.height / GRID) + 2;
  const dir = new Float64Array(gw * gh * 3);
  let origin = { x: 0, y: 0, z: 0 };
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const r = pixelRay(c, pointPx(i * GRID, j * GRID));
      origin = r.origin;
      const k = 3 * (j * gw + i);
      dir[k] = r.dir.x;
      dir[k + 1] = r.dir.y;
      dir[k + 2] = r.dir.z;
    }
  }
  const g = { gw, gh, dir, ox: origin.x, oy: origin.y, oz: origin.z };
  grids.set(c, g);
  return g;
};

/** The unit ray direction at image point (u, v) (pixel centres at integers), into `out`. */
const rayAt = (g: RayGrid, u: number, v: number, out: Float64Array): void => {
  const fu = Math.min(Math.max(u / GRID, 0), g.gw - 1.001);
  const fv = Math.min(Math.max(v / GRID, 0), g.gh - 1.001);
  const i = Math.floor(fu);
  const j = Math.floor(fv);
  const tx = fu - i;
  const ty = fv - j;
  const k00 = 3 * (j * g.gw + i);
  const k10 = k00 + 3;
  const k01 = k00 + 3 * g.gw;
  const k11 = k01 + 3;
  const d = g.dir;
  let n = 0;
  for (let c = 0; c < 3; c++) {
    const top = (d[k00 + c] as number) * (1 - tx) + (d[k10 + c] as number) * tx;
    const bot = (d[k01 + c] as number) * (1 - tx) + (d[k11 + c] as number) * tx;
    const x = top * (1 - ty) + bot * ty;
    out[c] = x;
    n += x * x;
  }
  n = 1 / Math.sqrt(n);
  out[0] = (out[0] as number) * n;
  out[1] = (out[1] as number) * n;
  out[2] = (out[2] as number) * n;
};

/** A cheap hash of integer coordinates → [0, 1). */
const hash2 = (x: number, y: number, seed: number): number => {
  let h = Math.imul(x | 0, 374761393) ^ Math.imul(y | 0, 668265263) ^ Math.imul(seed | 0, 1442695041);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};
/** Smooth value noise at (x, y) (units of its cells), 0…1. */
const valueNoise = (x: number, y: number, seed: number): number => {
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash2(i, j, seed);
  const b = hash2(i + 1, j, seed);
  const c = hash2(i, j + 1, seed);
  const d = hash2(i + 1, j + 1, seed);
  return (a * (1 - sx) + b * sx) * (1 - sy) + (c * (1 - sx) + d * sx) * sy;
};

/** What the plane z = 0 shows at a table point. */
const Surface = { bed: 0, throat: 1, hole: 2, cushion: 3, rail: 4, floor: 5 } as const;

const CUSHION_WIDTH = 50;
const RAIL_WIDTH = 140;

const surfaceAt = (t: Table, x: number, y: number): number => {
  for (const p of t.pockets) {
    const dx = x - p.mouthCentre.x;
    const dy = y - p.mouthCentre.y;
    const depth = dx * p.axis.x + dy * p.axis.y;
    if (depth < -5) continue;
    const lateral = Math.abs(-dx * p.axis.y + dy * p.axis.x);
    const fall = p.fallDepth;
    if (depth > fall && depth < fall + 110 && lateral < p.mouth / 2 + (depth - fall) * 0.2)
      return Surface.hole;
    if (depth >= 0 && depth <= fall && lateral < p.mouth / 2 - depth * 0.05) return Surface.throat;
  }
  const out = Math.max(-x, x - t.width, -y, y - t.length);
  if (out <= 0) return Surface.bed;
  if (out < CUSHION_WIDTH) return Surface.cushion;
  if (out < CUSHION_WIDTH + RAIL_WIDTH) return Surface.rail;
  return Surface.floor;
};

/** Distance (mm) from a bed point to the nearest cushion nose, and to the nearest pocket mouth. */
const noseDistance = (t: Table, x: number, y: number): number => Math.min(x, t.width - x, y, t.length - y);
const pocketDistance = (t: Table, x: number, y: number): number => {
  let d2 = Infinity;
  for (const p of t.pockets) d2 = Math.min(d2, (x - p.mouthCentre.x) ** 2 + (y - p.mouthCentre.y) ** 2);
  return Math.sqrt(d2);
};

const chalkLine = (d: number, w: number): number => Math.max(0, 1 - Math.abs(d) / w);

/**
 * Chalk markings: how much the cloth is lightened at a bed point (0…1), for a table's marks. A point
 * outside every mark's box (grown by the chalk's 1.2 mm and a millimetre more) is 1.2 mm or more
 * from every mark, so unchalked: the box test gives the same 0 that the distance to each mark would,
 * without measuring it (the distances were a fifth of a frame's drawing).
 */
const chalkOf = (t: Table): ((x: number, y: number) => number) => {
  const marks = t.marks;
  if (!marks) return () => 0;
  const grow = 1.2 + 1;
  // Each mark's box, x0, y0, x1, y1 in a row: a line's ends, an arc's whole circle, a spot's ink
  // (2 mm round its point, markDistance's spotRadius below).
  const boxes = Float64Array.from(
    [
      ...marks.lines.map((l) => [l.a.x, l.a.y, l.b.x, l.b.y]),
      ...marks.arcs.map((a) => [
        a.centre.x - a.radius,
        a.centre.y - a.radius,
        a.centre.x + a.radius,
        a.centre.y + a.radius,
      ]),
      ...marks.spots.map((p) => [p.at.x - 2, p.at.y - 2, p.at.x + 2, p.at.y + 2]),
    ].flatMap(([ax = 0, ay = 0, bx = 0, by = 0]) => [
      Math.min(ax, bx) - grow,
      Math.min(ay, by) - grow,
      Math.max(ax, bx) + grow,
      Math.max(ay, by) + grow,
    ]),
  );
  return (x, y) => {
    for (let k = 0; k < boxes.length; k += 4)
      if (
        x >= (boxes[k] as number) &&
        y >= (boxes[k + 1] as number) &&
        x <= (boxes[k + 2] as number) &&
        y <= (boxes[k + 3] as number)
      )
        return 0.35 * chalkLine(Math.max(0, markDistance(marks, x, y, 0, 2)), 1.2);
    return 0;
  };
};

/** A lamp's colour when it has none of its own (its power times 1 in every channel: as before lamps had colours). */
const WHITE: readonly [number, number, number] = [1, 1, 1];

export interface AltFrame {
  readonly image: RgbImage;
  /** Every ball drawn, with its id and centre (mm) on the table. */
  readonly truth: readonly AltBall[];
}

/**
 * A lamp's direct light on a surface at squared distance `d2` from it, the ray to it at `cosS` to the
 * surface's normal and at `cosUp` to the vertical: a lamp facing down gives its light times the
 * cosine of the angle below it, a bare bulb all round alike.
 */
const directLight = (l: AltLamp, cosS: number, cosUp: number, d2: number): number =>
  (l.power * cosS * (l.bare ? 1 : cosUp)) / d2;

/**
 * A leaning lamp's axis (its horizontal components `tilt`, pointing down) against the ray (dx, dy, dz)
 * from a point to the lamp, times the ray's length: none where the point lies behind the lamp's face.
 */
const leaningDown = (
  tilt: { readonly x: number; readonly y: number },
  dx: number,
  dy: number,
  dz: number,
): number =>
  Math.max(0, dz * Math.sqrt(Math.max(0, 1 - tilt.x * tilt.x - tilt.y * tilt.y)) - dx * tilt.x - dy * tilt.y);

/**
 * Irradiance from the lamps at (x, y, z), normal n = up or a sphere's, per channel into `out`; through
 * their blinds where `blinds` (a frame with any lamp behind one: asked once a frame, not of every lamp
 * at every point, which cost the styles without blinds 3 % of their time); past a player's parts where
 * `occ` is given (but part `skip`, the one the point is on).
 */
const lampDiffuse = (
  lamps: readonly AltLamp[],
  x: number,
  y: number,
  z: number,
  nx: number,
  ny: number,
  nz: number,
  out: Float64Array,
  blinds: boolean,
  occ?: Occluders,
  skip = -1,
): Float64Array => {
  let r = 0;
  let g = 0;
  let b = 0;
  for (let li = 0; li < lamps.length; li++) {
    const l = lamps[li] as AltLamp;
    const dx = l.x - x;
    const dy = l.y - y;
    const dz = l.z - z;
    const d2 = dx * dx + dy * dy + dz * dz;
    const d = Math.sqrt(d2);
    const cosS = (dx * nx + dy * ny + dz * nz) / d;
    if (cosS <= 0) continue;
    // A leaning lamp's fall-off about its axis (the ray from it to the point against it).
    const cosUp = l.tilt ? leaningDown(l.tilt, dx, dy, dz) / d : dz / d;
    const direct = directLight(l, cosS, cosUp, d2);
    const shaded = l.shade ? direct * shadeAt(l.shade, x - l.x, y - l.y) : direct;
    const slatted = blinds && l.slats ? shaded * slatsAt(l, l.slats, x, y, z) : shaded;
    const striped = blinds && l.aperture ? slatted * apertureAt(l, l.aperture, x, y, z) : slatted;
    const e = occ ? striped * occ.seen(li, x, y, z, skip) : striped;
    const c = blinds && l.gobo ? goboAt(l, l.gobo, x, y, z, goboTint) : (l.colour ?? WHITE);
    r += e * c[0];
    g += e * c[1];
    b += e * c[2];
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
  return out;
};

/**
 * How far inside a soft-edged band of half size `half` a point `d` from its middle lies: 1 well inside,
 * 0 well outside, linear across an edge `edge` wide centred on the band's border.
 */
const softInside = (half: number, edge: number, d: number): number =>
  Math.min(1, Math.max(0, (half - Math.abs(d)) / edge + 0.5));

/** Length of the overlap of the intervals [a0, a1] and [b0, b1] (0 where apart). */
const overlap = (a0: number, a1: number, b0: number, b1: number): number =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * How much of a lamp's light reaches a point (x, y, z) between the slats of a blind: the share of the
 * lamp's width, seen from the point and laid on the window's plane, that falls in the open bands there
 * (1 where the lamp is not behind the window as seen from the point).
 */
const slatsAt = (l: AltLamp, s: AltSlats, x: number, y: number, z: number): number => {
  const dx = l.x - x;
  const dy = l.y - y;
  const dz = l.z - z;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  // How far into the room the point is, and the cosine at which the ray to the lamp leaves it.
  const inside = (x - s.x) * s.nx + (y - s.y) * s.ny;
  const out = -(dx * s.nx + dy * s.ny) / d;
  if (inside <= 0 || out <= 0) return 1;
  const along = inside / out;
  const height = z + (along * dz) / d;
  // The lamp's width at the window as seen from the point (a box), at most a pitch: a wider one
  // evens the stripes out to the open share.
  const w = Math.min(s.pitch, Math.max(1e-3, (2 * Math.max(l.hx, l.hy) * along) / d));
  const half = (s.open * s.pitch) / 2;
  // Where the ray meets the window, from the middle of the nearest open band.
  const u = height - half;
  const m = u - s.pitch * Math.round(u / s.pitch);
  const lit =
    overlap(m - w / 2, m + w / 2, -s.pitch - half, -s.pitch + half) +
    overlap(m - w / 2, m + w / 2, -half, half) +
    overlap(m - w / 2, m + w / 2, s.pitch - half, s.pitch + half);
  return lit / w;
};

/** The squared distance (mm²) from a bed point (x, y) to the segment from (ax, ay) to (bx, by). */
export const segmentDistance2 = (
  ax: number,
  ay: number,
  bx: number,
  by: number,
  x: number,
  y: number,
): number => {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const s = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
  return (x - ax - s * dx) ** 2 + (y - ay - s * dy) ** 2;
};

/** The squared distance (mm²) from a bed point (x, y) to a place's segment, over its half width squared. */
const placeDistance2 = (p: AltWornPlace, x: number, y: number): number =>
  segmentDistance2(p.ax, p.ay, p.bx, p.by, x, y) / (p.half * p.half);

/** How near a bed point (x, y) lies to a worn place: exp(−(d / half)²), d its distance from it. */
const nearPlace = (p: AltWornPlace, x: number, y: number): number => Math.exp(-placeDistance2(p, x, y));

/**
 * A worn cloth at a bed point, into `out`: how worn its nap is (0…1; the blotches' and the places'
 * union), and its share of chalk dust.
 */
const wearAt = (w: AltWear, x: number, y: number, out: Float64Array): void => {
  // Two octaves of value noise, the blotches where it is high, their edges soft.
  const n =
    0.65 * valueNoise(x / w.patch, y / w.patch, w.seed) +
    0.35 * valueNoise((2.3 * x) / w.patch, (2.3 * y) / w.patch, w.seed + 1);
  const b = Math.min(1, Math.max(0, (n - 0.45) / 0.3));
  let bare = 1 - b * b * (3 - 2 * b);
  for (const p of w.places) bare *= 1 - p.lift * nearPlace(p, x, y);
  let dust = 0;
  for (const p of w.smudges) dust = Math.max(dust, p.lift * nearPlace(p, x, y));
  out[0] = 1 - bare;
  out[1] = dust;
};

/** A brushed cloth's lane lift at x (its `lanes`' lift, blended into its neighbour's over `edge` mm). */
const laneLift = (s: AltSheen, x: number): number => {
  const n = s.lanes.length;
  // The nearest border between two lanes, j − 1 and j, and the point's distance past it.
  const j = Math.round(x / s.width);
  const a = s.lanes[Math.min(n - 1, Math.max(0, j - 1))] as number;
  const b = s.lanes[Math.min(n - 1, Math.max(0, j))] as number;
  const w = Math.min(1, Math.max(0, (x - j * s.width) / s.edge + 0.5));
  return a + (b - a) * w * w * (3 - 2 * w);
};

/**
 * The share of lamp l's light reaching (x, y, z) past a person beside the table (1 where they are not
 * between): their outline where the ray to the lamp's middle crosses their plane, its edges soft over
 * the lamp's size seen from the point and laid on that plane.
 */
const onlookerSeen = (o: AltOnlooker, l: AltLamp, x: number, y: number, z: number): number => {
  const s = (o.x - x) / (l.x - x);
  if (!(s > 0 && s < 1)) return 1;
  const across = y + s * (l.y - y) - o.y;
  const up = z + s * (l.z - z);
  const edge = 2 * Math.max(l.hx, l.hy) * s + 1;
  const body = softInside(o.shoulder, edge, across) * Math.min(1, Math.max(0, (o.height - up) / edge + 0.5));
  const head = Math.min(
    1,
    Math.max(0, (o.head - Math.hypot(across, up - o.height - 0.8 * o.head)) / edge + 0.5),
  );
  return 1 - Math.max(body, head);
};

/**
 * A box in plan (x0, y0, x1, y1) outside which an onlooker hides none of any lamp's light from a point
 * up to a ball's top (60 mm): round their outline's place and where the rays from each lamp's middle
 * past its top corners (its soft edge's reach included) meet the plane and the height of 60 mm. The
 * points a lamp's light reaches past them lie between their plane and there (their outline reaches
 * down to the floor, below the bed).
 */
const onlookerBox = (
  o: AltOnlooker,
  lamps: readonly AltLamp[],
): readonly [number, number, number, number] => {
  let x0 = o.x;
  let x1 = o.x;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const l of lamps) {
    // Their outline's reach on their plane, its soft edge's half (at most the lamp's size) round it.
    const edge = Math.max(l.hx, l.hy) + 1;
    const top = o.height + 1.8 * o.head + edge;
    const half = Math.max(o.shoulder, o.head) + edge;
    if (l.z <= top + 1) return [-Infinity, -Infinity, Infinity, Infinity];
    // From the lamp past the outline's top corners to the plane and to 60 mm over it, and the corners.
    for (const dy of [-half, half]) {
      y0 = Math.min(y0, o.y + dy);
      y1 = Math.max(y1, o.y + dy);
      for (const z of [0, 60]) {
        const t = (l.z - z) / (l.z - top);
        const x = l.x + t * (o.x - l.x);
        const y = l.y + t * (o.y + dy - l.y);
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  return [x0, y0, x1, y1];
};

/** How much of a shaded lamp's light reaches a point (dx, dy) mm from under the lamp: 1 inside the footprint, its spill outside. */
const shadeAt = (s: AltShade, dx: number, dy: number): number =>
  s.spill + (1 - s.spill) * softInside(s.hx, s.edge, dx) * softInside(s.hy, s.edge, dy);

/**
 * Share of the lamps' light (0…1, weighted) not blocked by the balls for a bed point, per channel into
 * `out` (a lamp of its own colour casts a shadow of the other lamps' colour): soft shadows, from the
 * balls within `reach` radii of the point, and from a player's parts where `occ` is given (with the
 * shade where they lie on the cloth); through the lamps' blinds where `blinds` (see lampDiffuse).
 */
const shadowAt = (
  lamps: readonly AltLamp[],
  balls: readonly AltBall[],
  R: number,
  reach: number,
  x: number,
  y: number,
  out: Float64Array,
  blinds: boolean,
  occ?: Occluders,
): void => {
  let lit0 = 0;
  let lit1 = 0;
  let lit2 = 0;
  let all0 = 0;
  let all1 = 0;
  let all2 = 0;
  for (let li = 0; li < lamps.length; li++) {
    const l = lamps[li] as AltLamp;
    let vis = occ ? occ.seen(li, x, y, 0, -1) : 1;
    const lx = l.x - x;
    const ly = l.y - y;
    const lz = l.z;
    const ln = Math.sqrt(lx * lx + ly * ly + lz * lz);
    // Penumbra grows with the lamp's size seen from the point.
    const pen = (Math.max(l.hx, l.hy) / ln) * 1.0;
    for (const b of balls) {
      const bx = b.x - x;
      const by = b.y - y;
      if (bx * bx + by * by > reach * reach * R * R) continue;
      const t = (bx * lx + by * ly + R * lz) / (ln * ln);
      if (t <= 0) continue;
      const cx = bx - t * lx;
      const cy = by - t * ly;
      const cz = R - t * lz;
      const dist = Math.sqrt(cx * cx + cy * cy + cz * cz);
      const w = pen * t * ln + 0.5;
      const s = Math.min(1, Math.max(0, (dist - (R - w)) / (2 * w)));
      vis *= s;
    }
    // A lamp behind a blind is weighed by the light it gives the point, slats and all: in a stripe of
    // shade the balls cast none of its shadow, and in its light their shadows are lit by the room alone.
    const weight =
      blinds && l.slats
        ? directLight(l, lz / ln, lz / ln, ln * ln) * slatsAt(l, l.slats, x, y, 0)
        : blinds && l.aperture
          ? directLight(l, lz / ln, lz / ln, ln * ln) * apertureAt(l, l.aperture, x, y, 0)
          : l.power / (ln * ln);
    const c = blinds && l.gobo ? goboAt(l, l.gobo, x, y, 0, goboTint) : (l.colour ?? WHITE);
    lit0 += vis * weight * c[0];
    lit1 += vis * weight * c[1];
    lit2 += vis * weight * c[2];
    all0 += weight * c[0];
    all1 += weight * c[1];
    all2 += weight * c[2];
  }
  // Contact darkening right under a ball (ambient occlusion).
  let ao = 1;
  for (const b of balls) {
    const d2 = (b.x - x) ** 2 + (b.y - y) ** 2;
    if (d2 < 4 * R * R) ao *= 1 - 0.55 * Math.exp(-d2 / (0.3025 * R * R));
  }
  if (occ) ao *= occ.contact(x, y);
  out[0] = (all0 > 0 ? lit0 / all0 : 1) * ao;
  out[1] = (all1 > 0 ? lit1 / all1 : 1) * ao;
  out[2] = (all2 > 0 ? lit2 / all2 : 1) * ao;
};

/**
 * The balls that may shade points near (x, y): shadowAt skips a ball farther than `reach` radii from
 * the point and darkens under none farther than 2, so it gives the same light, to the bit, from the
 * balls of the point's cell of a grid (those within max(reach, 2) radii and a millimetre of the cell,
 * in their order) as from them all; most of the bed is far from every ball and looks at none.
 */
const ballsNear = (
  balls: readonly AltBall[],
  R: number,
  reach: number,
): ((x: number, y: number) => readonly AltBall[]) => {
  const near = Math.max(reach, 2) * R + 1;
  const cell = 2 * R;
  const none: readonly AltBall[] = [];
  if (balls.length === 0) return () => none;
  const x0 = Math.min(...balls.map((b) => b.x)) - near;
  const y0 = Math.min(...balls.map((b) => b.y)) - near;
  const nx = Math.ceil((Math.max(...balls.map((b) => b.x)) + near - x0) / cell) + 1;
  const ny = Math.ceil((Math.max(...balls.map((b) => b.y)) + near - y0) / cell) + 1;
  const cells: AltBall[][] = Array.from({ length: nx * ny }, () => []);
  for (const b of balls)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        // How far the ball's centre lies from the cell's rectangle.
        const dx = Math.max(0, x0 + i * cell - b.x, b.x - (x0 + (i + 1) * cell));
        const dy = Math.max(0, y0 + j * cell - b.y, b.y - (y0 + (j + 1) * cell));
        if (dx * dx + dy * dy <= near * near) (cells[j * nx + i] as AltBall[]).push(b);
      }
  return (x, y) => {
    const i = Math.floor((x - x0) / cell);
    const j = Math.floor((y - y0) / cell);
    return i < 0 || j < 0 || i >= nx || j >= ny ? none : (cells[j * nx + i] as readonly AltBall[]);
  };
};

/** A player's parts and the people beside the table as a frame's lamps see them. */
interface Occluders {
  readonly parts: readonly Prepared[];
  /** The share (0…1) of lamp `li`'s light that reaches (x, y, z) past every part but part `skip`. */
  seen(li: number, x: number, y: number, z: number, skip: number): number;
  /** The shade on the bed at (x, y) where parts lie on it or just over it (partContact's, all of them). */
  contact(x: number, y: number): number;
  /**
   * Whether anything may shade the plane at (x, y) from a lamp: anywhere a player's parts are (their
   * boxes are a lamp's each), only inside an onlooker's box for onlookers alone.
   */
  shades(x: number, y: number): boolean;
}

/** A rod's two ends or an ellipsoid's centre, each with the radius of the sphere round it there. */
const ends = (p: Prepared): (readonly [number, number, number, number])[] =>
  p.part.kind === 'rod'
    ? [
        [p.part.a.x, p.part.a.y, p.part.a.z, p.part.ra],
        [p.part.b.x, p.part.b.y, p.part.b.z, p.part.rb],
      ]
    : [[p.ax, p.ay, p.az, p.reach]];

/**
 * A box in plan (x0, y0, x1, y1) outside which a part casts none of a lamp's shadow on any point from
 * the bed up to the part: round the part itself and round its shadow on the bed, the shadow of the
 * spheres round its ends seen from the lamp's centre, grown by the lamp's penumbra there and by the
 * stretch of a slanting ray (a convex part's shadow on the bed lies in the hull of its ends'). Everywhere,
 * where the lamp hangs no higher than the part.
 */
const shadowBox = (p: Prepared, l: AltLamp): [number, number, number, number] => {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const grow = (x: number, y: number, r: number): void => {
    box[0] = Math.min(box[0], x - r);
    box[1] = Math.min(box[1], y - r);
    box[2] = Math.max(box[2], x + r);
    box[3] = Math.max(box[3], y + r);
  };
  const half = Math.max(l.hx, l.hy);
  for (const [x, y, z, r] of ends(p)) {
    const top = z + r;
    if (top >= l.z - 1) return [-Infinity, -Infinity, Infinity, Infinity];
    const f = l.z / (l.z - top);
    const slant = Math.hypot(x - l.x, y - l.y, z - l.z) / (l.z - z);
    grow(x, y, r);
    grow(
      l.x + (x - l.x) * (l.z / (l.z - z)),
      l.y + (y - l.y) * (l.z / (l.z - z)),
      (r * f + (half * top) / (l.z - top)) * slant + 2,
    );
  }
  return box;
};

const occluders = (
  player: AltPlayer | undefined,
  onlookers: readonly AltOnlooker[],
  lamps: readonly AltLamp[],
): Occluders => {
  const parts = (player?.parts ?? []).map(prepare);
  const n = parts.length;
  const boxes = new Float64Array(lamps.length * n * 4);
  lamps.forEach((l, li) => parts.forEach((p, j) => boxes.set(shadowBox(p, l), 4 * (li * n + j))));
  // The parts whose underside comes within 20 mm of the bed, each with its box in plan grown by 40 mm.
  const lying = parts.flatMap((p) => {
    const e = ends(p);
    const low = Math.min(...e.map(([, , z, r]) => z - (p.part.kind === 'rod' ? r : p.part.rz)));
    if (low > 20) return [];
    const xs = e.map(([x, , , r]) => [x - r - 40, x + r + 40]).flat();
    const ys = e.map(([, y, , r]) => [y - r - 40, y + r + 40]).flat();
    return [{ p, x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }];
  });
  // Each onlooker's box in plan (x0, y0, x1, y1) outside which they hide no lamp from any point from
  // the plane up to a ball's top: their shadows' reach from every lamp, grown by a head.
  const besides = onlookers.map((o) => onlookerBox(o, lamps));
  return {
    parts,
    seen: (li, x, y, z, skip) => {
      const l = lamps[li] as AltLamp;
      const half = Math.max(l.hx, l.hy);
      let v = 1;
      for (let j = 0; j < n; j++) {
        const k = 4 * (li * n + j);
        if (j === skip) continue;
        if (x < (boxes[k] as number) || y < (boxes[k + 1] as number)) continue;
        if (x > (boxes[k + 2] as number) || y > (boxes[k + 3] as number)) continue;
        v *= partSeen(parts[j] as Prepared, x, y, z, l.x, l.y, l.z, half);
      }
      for (let i = 0; i < onlookers.length; i++) {
        const b = besides[i] as readonly [number, number, number, number];
        if (x >= b[0] && y >= b[1] && x <= b[2] && y <= b[3])
          v *= onlookerSeen(onlookers[i] as AltOnlooker, l, x, y, z);
      }
      return v;
    },
    shades: (x, y) => n > 0 || besides.some((b) => x >= b[0] && y >= b[1] && x <= b[2] && y <= b[3]),
    contact: (x, y) => {
      let v = 1;
      for (const q of lying)
        if (x >= q.x0 && x <= q.x1 && y >= q.y0 && y <= q.y1) v *= partContact(q.p, x, y);
      return v;
    },
  };
};

/**
 * A frame's balls over its exposure, where some move and the shutter is open for a while: each ball's
 * path (x0, y0, x1, y1: where it is as the shutter opens and as it closes; undefined for a still
 * ball), and the balls at K moments, the middles of K equal slices of the exposure. K is a multiple of
 * 4 (each moment takes 4 of a pixel's 4 × 4 samples, in turn) and at least twice the longest path's
 * length in pixels, so that a ball moves at most half a pixel from one moment to the next: its streak
 * smooth, not a row of discs, and a thin highlight's (a tube's) a smooth streak, not a row of dots (at
 * one moment a pixel apart, 4 samples a moment left a tube's glint speckled).
 */
interface Exposure {
  readonly paths: readonly (readonly [number, number, number, number] | undefined)[];
  readonly at: readonly (readonly AltBall[])[];
}

/** The exposure's moments, or undefined where every ball is drawn sharp (none moves, or an instant's shutter). */
const exposureOf = (
  c: Calibration<Table>,
  balls: readonly AltBall[],
  shutter: number | undefined,
): Exposure | undefined => {
  if (shutter === undefined || shutter <= 0) return undefined;
  const half = shutter / 2;
  const paths = balls.map((b) => {
    const vx = b.vx ?? 0;
    const vy = b.vy ?? 0;
    return vx === 0 && vy === 0
      ? undefined
      : ([b.x - vx * half, b.y - vy * half, b.x + vx * half, b.y + vy * half] as const);
  });
  if (paths.every((p) => p === undefined)) return undefined;
  const zc = c.table.ballCentreHeight;
  let longest = 0;
  for (const p of paths) {
    if (!p) continue;
    const a = projectPx(c, p[0], p[1], zc);
    const e = projectPx(c, p[2], p[3], zc);
    longest = Math.max(longest, Math.hypot(e[0] - a[0], e[1] - a[1]));
  }
  const K = 4 * Math.max(1, Math.ceil(longest / 2));
  const at = Array.from({ length: K }, (_, k) => {
    const f = (k + 0.5) / K;
    return balls.map((b, i) => {
      const p = paths[i];
      return p ? { ...b, x: p[0] + f * (p[2] - p[0]), y: p[1] + f * (p[3] - p[1]) } : b;
    });
  });
  return { paths, at };
};

/**
 * Draw a frame: the balls (id → sRGB base colour from `palette`) on the table of the calibration,
 * in a style, with the sensor's noise seeded by `seed`.
 */
export const renderAlt = (
  c: Calibration<Table>,
  palette: Readonly<Record<string, Srgb8>>,
  balls: readonly AltBall[],
  given: AltStyle,
  seed: number,
): AltFrame => {
  // A failing lamp: the rig as it was lit in this frame, the auto exposure's gain.
  // A hunting AWB: the white balance it gives this frame.
  const failed = given.lampFailure ? withLampFailure(given, given.lampFailure) : given;
  const hunted = given.awbHunt ? withAwbHunt(failed, given.awbHunt) : failed;
  // A swinging lamp: where it is over the exposure (the exposure's reference the rig at rest, below).
  const style = given.sway ? { ...hunted, lamps: swayedLamps(hunted.lamps, given.sway) } : hunted;
  const W = c.image.width;
  const H = c.image.height;
  const t = c.table;
  const R = t.ballRadius;
  const zc = t.ballCentreHeight;
  const grid = rayGrid(c);
  const { ox, oy, oz } = grid;
  const rng: Rng = makeRng(seed);
  // Each surface's colour in linear light: as in daylight, or as the camera sees it under lamps whose
  // spectrum has gaps (its pigment's spectrum lit by theirs).
  // Seen through an IR-cut filter stuck open, each material's near infrared adds to it.
  const daylit = style.lamplight ? pigmentsUnder(style.lamplight) : lin;
  const ir = style.infrared;
  const pigment: (c: Srgb8, reflects?: number) => [number, number, number] = ir
    ? infraredSeen(ir, daylit)
    : daylit;
  const cloth = pigment(style.cloth, ir?.cloth);
  const lamps = style.lamps;
  const reach = style.shadowReach ?? 4;
  // Any lamp masked: behind a blind, a projector's gobo, or the sun through a roof window.
  const blinds = lamps.some((l) => l.slats !== undefined || l.gobo !== undefined || l.aperture !== undefined);
  // The exposure's reference: the light at the middle of the bed, its green where lamps have colours,
  // as if no blind striped it (the exposure does not hang on where the stripes fall).
  const irr = new Float64Array(3);
  // A projector's spot is no part of it (the camera exposes for the table's lamps); a failing lamp's
  // rig is referred to as it was installed, every lamp lit (the auto exposure's answer is in the gain);
  // nor is the sun's patch through a roof window (the camera exposes for the lamps: the patch is bright).
  const lit = given.lamps.filter((l) => l.gobo === undefined && l.aperture === undefined);
  const norm = 1 / (lampDiffuse(lit, t.width / 2, t.length / 2, 0, 0, 0, 1, irr, false)[1] as number);
  const gradAngle = rng.uniform(0, 2 * Math.PI);
  const gx = Math.cos(gradAngle) / Math.max(t.width, t.length);
  const gy = Math.sin(gradAngle) / Math.max(t.width, t.length);
  const napSeed = rng.int(1, 1 << 30);
  const rail = pigment([92, 50, 26], ir?.rail);
  const floor = pigment([46, 44, 42], ir?.floor);
  const box = style.box;
  const wear = style.wear;
  const rub = new Float64Array(2);
  const boxColour = box ? pigment(box.colour) : cloth;
  const occ =
    style.player || style.onlookers ? occluders(style.player, style.onlookers ?? [], lamps) : undefined;
  const moving = exposureOf(c, balls, style.shutter);
  const chalkAt = chalkOf(t);
  // The club's LED strips, and the balls that hide them from the bed (where they lie mid-exposure).
  const glow = style.underglow;
  const rig = glow ? glowRig(t, glow, balls.length) : undefined;

  const lr = new Float32Array(W * H);
  const lg = new Float32Array(W * H);
  const lb = new Float32Array(W * H);
  const dir = new Float64Array(3);

  // Where a ray meets the box (its parametric distance), or Infinity: the slabs' overlap.
  const boxHit = (dx: number, dy: number, dz: number): number => {
    if (!box) return Infinity;
    let t0 = 0;
    let t1 = Infinity;
    const o = [ox, oy, oz];
    const d = [dx, dy, dz];
    const lo = [box.x0, box.y0, 0];
    const hi = [box.x1, box.y1, box.h];
    for (let a = 0; a < 3; a++) {
      const oa = o[a] as number;
      const da = d[a] as number;
      if (Math.abs(da) < 1e-12) {
        if (oa < (lo[a] as number) || oa > (hi[a] as number)) return Infinity;
        continue;
      }
      let p = ((lo[a] as number) - oa) / da;
      let q = ((hi[a] as number) - oa) / da;
      if (p > q) [p, q] = [q, p];
      t0 = Math.max(t0, p);
      t1 = Math.min(t1, q);
      if (t0 > t1) return Infinity;
    }
    return t0;
  };

  // The light on a point of the plane and its share past the balls' shadows, in each channel.
  const light = new Float64Array(3);
  const shadow = new Float64Array(3);
  // The balls' shadows at a bed point, into `out`: at the moment `now` where given; otherwise over the
  // exposure, the mean of its moments' where a moving ball's shadow or contact shade may reach the point
  // (a rolling ball's shadow is blurred as the ball is), the balls' as they lie elsewhere.
  const smear2 = (Math.max(reach, 2) * R) ** 2;
  const nearBalls = ballsNear(balls, R, reach);
  // Each moment of the exposure's grid, in the moments' order.
  const nearAt = new Map((moving?.at ?? []).map((at) => [at, ballsNear(at, R, reach)] as const));
  const nearOf = (now: readonly AltBall[]): ((x: number, y: number) => readonly AltBall[]) =>
    nearAt.get(now) ?? ballsNear(now, R, reach);
  const ballShadow = (x: number, y: number, out: Float64Array, now: readonly AltBall[] | undefined): void => {
    if (
      now !== undefined ||
      !moving?.paths.some((p) => p !== undefined && segmentDistance2(p[0], p[1], p[2], p[3], x, y) <= smear2)
    ) {
      shadowAt(lamps, (now ? nearOf(now) : nearBalls)(x, y), R, reach, x, y, out, blinds, occ);
      return;
    }
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (const near of nearAt.values()) {
      shadowAt(lamps, near(x, y), R, reach, x, y, out, blinds, occ);
      s0 += out[0] as number;
      s1 += out[1] as number;
      s2 += out[2] as number;
    }
    out[0] = s0 / moving.at.length;
    out[1] = s1 / moving.at.length;
    out[2] = s2 / moving.at.length;
  };
  // The next table of the row: its cloth, its balls' colours, its arm's, and the box in plan (x0, y0,
  // x1, y1) outside which a ray's point on the bed's plane sees none of it (its rail, and its arm's
  // reach as it is seen from this camera, past the rail by the arm's height's parallax).
  const next = style.neighbour;
  const nextCloth = next ? pigment(next.cloth) : cloth;
  const nextBalls = (next?.balls ?? []).map((b) => ({
    ...b,
    ink: pigment(palette[b.id] ?? [128, 128, 128]),
  }));
  const sleeve = next ? pigment(next.arm.sleeve) : cloth;
  const skin = next ? pigment(next.arm.skin) : cloth;
  const nextBox = next
    ? (() => {
        const m = CUSHION_WIDTH + RAIL_WIDTH;
        const { from, to, radius } = next.arm;
        const reachOf = (p: { x: number; y: number; z: number }): number =>
          (Math.hypot(p.x - ox, p.y - oy) * p.z) / Math.max(1, oz - p.z) + radius + p.z;
        const far = Math.max(reachOf(from), reachOf(to));
        return [
          Math.min(next.dx - m, from.x - far, to.x - far),
          Math.min(next.dy - m, from.y - far, to.y - far),
          Math.max(next.dx + t.width + m, from.x + far, to.x + far),
          Math.max(next.dy + t.length + m, from.y + far, to.y + far),
        ] as const;
      })()
    : ([0, 0, 0, 0] as const);
  const near = new Float64Array(3);
  const nextLight = new Float64Array(3);
  /** The light falling on the next table's bed at (x, y) (its own rig, as this one's over this table). */
  const nextLit = (x: number, y: number, out: Float64Array): void => {
    const n = next as AltNeighbour;
    lampDiffuse(lamps, x - n.dx, y - n.dy, 0, 0, 0, 1, irr, false);
    for (let ch = 0; ch < 3; ch++) out[ch] = (irr[ch] as number) * norm + style.ambient;
  };
  /**
   * The next table along a ray (meeting the bed's plane at s), into out[0..2]: its player's arm, else
   * its balls, else its bed, cushions, pockets and rail; false where the ray sees none of it.
   */
  const nextAt = (dx: number, dy: number, dz: number, s: number, out: Float64Array): boolean => {
    const n = next as AltNeighbour;
    const px = ox + s * dx;
    const py = oy + s * dy;
    if (px < nextBox[0] || py < nextBox[1] || px > nextBox[2] || py > nextBox[3]) return false;
    // The arm: a capsule, its surface's slope across it from how near the ray passes its axis.
    const arm = n.arm;
    raySegment(ox, oy, oz, dx, dy, dz, arm.from, arm.to, near);
    const miss = (near[2] as number) / arm.radius;
    if (miss < 1) {
      const f = near[1] as number;
      const hx = arm.from.x + f * (arm.to.x - arm.from.x);
      const hy = arm.from.y + f * (arm.to.y - arm.from.y);
      nextLit(hx, hy, nextLight);
      // Lit from above: the capsule's top (the ray's nearest pass) at its brightest, its sides darker.
      const facing = 0.35 + 0.65 * Math.sqrt(1 - miss * miss);
      const ink = f < arm.sleeveTo ? sleeve : skin;
      for (let ch = 0; ch < 3; ch++) out[ch] = (ink[ch] as number) * facing * (nextLight[ch] as number);
      return true;
    }
    // Its balls: spheres resting on its bed, lit from its lamps overhead, a highlight of them on top.
    let hit = -1;
    let hitS = Infinity;
    for (let i = 0; i < nextBalls.length; i++) {
      const b = nextBalls[i] as (typeof nextBalls)[number];
      const wx = ox - b.x;
      const wy = oy - b.y;
      const wz = oz - zc;
      const dd = dx * dx + dy * dy + dz * dz;
      const bh = wx * dx + wy * dy + wz * dz;
      const disc = bh * bh - dd * (wx * wx + wy * wy + wz * wz - R * R);
      if (disc < 0) continue;
      const sh = (-bh - Math.sqrt(disc)) / dd;
      if (sh > 0 && sh < hitS) {
        hitS = sh;
        hit = i;
      }
    }
    if (hit >= 0) {
      const b = nextBalls[hit] as (typeof nextBalls)[number];
      const nz = (oz + hitS * dz - zc) / R;
      const nx = (ox + hitS * dx - b.x) / R;
      const ny = (oy + hitS * dy - b.y) / R;
      nextLit(b.x, b.y, nextLight);
      const dn = Math.hypot(dx, dy, dz);
      // The half-way vector between straight up (the lamps) and towards the camera.
      const hx = -dx / dn;
      const hy = -dy / dn;
      const hz = 1 - dz / dn;
      const hn = Math.hypot(hx, hy, hz);
      const spec = 0.06 * Math.pow(Math.max(0, (nx * hx + ny * hy + nz * hz) / hn), 80);
      const diffuse = 0.3 + 0.7 * Math.max(0, nz);
      for (let ch = 0; ch < 3; ch++)
        out[ch] = ((b.ink[ch] as number) * diffuse + spec) * (nextLight[ch] as number);
      return true;
    }
    const surf = surfaceAt(t, px - n.dx, py - n.dy);
    if (surf === Surface.floor) return false;
    nextLit(px, py, nextLight);
    if (surf === Surface.hole) {
      out[0] = out[1] = out[2] = 0.004;
      return true;
    }
    if (surf === Surface.rail) {
      const k = 0.85 + 0.3 * valueNoise(px / 3, py / 60, napSeed + 11);
      for (let ch = 0; ch < 3; ch++) out[ch] = (rail[ch] as number) * k * (nextLight[ch] as number);
      return true;
    }
    // Its cloth: the balls' contact shadows and the arm's, straight below it (its lamps overhead).
    let shade = surf === Surface.cushion ? 0.72 : surf === Surface.throat ? 0.55 : 1;
    for (const b of nextBalls) {
      const d = Math.hypot(px - b.x, py - b.y) / R;
      if (d < 2) shade *= 0.4 + 0.6 * smooth(0.4, 1.5, d);
    }
    raySegment(px, py, 0, 0, 0, 1, arm.from, arm.to, near);
    const w = arm.radius + 0.25 * (arm.from.z + (near[1] as number) * (arm.to.z - arm.from.z));
    shade *= 1 - 0.35 * (1 - smooth(0.5 * w, 1.5 * w, near[2] as number));
    const nap = 1 + style.nap * (hash2(Math.floor(px * 1.3), Math.floor(py * 1.3), napSeed + 13) - 0.5);
    for (let ch = 0; ch < 3; ch++)
      out[ch] = (nextCloth[ch] as number) * nap * shade * (nextLight[ch] as number);
    return true;
  };
  /**
   * Linear radiance of the cloth plane (or the box) along a ray, into out[0..2]: with the balls' shadows
   * at the moment `now`, or over the exposure (see ballShadow).
   */
  const background = (
    dx: number,
    dy: number,
    dz: number,
    out: Float64Array,
    now?: readonly AltBall[],
  ): void => {
    const s = -oz / dz;
    const tb = boxHit(dx, dy, dz);
    if (tb < s) {
      const hz = oz + tb * dz;
      const top = Math.abs(hz - (box as AltBox).h) < 1e-3;
      const k = top ? 0.9 : 0.35;
      lampDiffuse(lamps, ox + tb * dx, oy + tb * dy, hz, 0, 0, 1, irr, blinds, occ);
      for (let ch = 0; ch < 3; ch++)
        out[ch] = (boxColour[ch] as number) * (k * (irr[ch] as number) * norm + style.ambient);
      return;
    }
    if (next && nextAt(dx, dy, dz, s, out)) return;
    planeAt(ox + s * dx, oy + s * dy, out, now);
  };
  const dabs = style.chalkDabs;
  const dabColour = dabs ? pigment(dabs.colour) : cloth;
  // Each dab's box on the bed (x0, y0, x1, y1), beyond which it adds under 1e-4 of chalk (2 half widths).
  const dabBoxes = (dabs?.dabs ?? []).map((d) => {
    const r = 2 * d.half;
    return [
      Math.min(d.ax, d.bx) - r,
      Math.min(d.ay, d.by) - r,
      Math.max(d.ax, d.bx) + r,
      Math.max(d.ay, d.by) + r,
    ];
  });
  /** The share of blue chalk on the bed at (x, y): the dabs' union, times its powder's grain. */
  const dabbed = (d: AltChalkDabs, x: number, y: number): number => {
    let bare = 1;
    d.dabs.forEach((p, i) => {
      const b = dabBoxes[i] as number[];
      if (x < (b[0] as number) || y < (b[1] as number) || x > (b[2] as number) || y > (b[3] as number))
        return;
      bare *= 1 - p.lift * Math.exp(-(placeDistance2(p, x, y) ** 2));
    });
    if (bare === 1) return 0;
    return Math.min(1, (1 - bare) * (0.55 + 0.9 * valueNoise(x / 1.2, y / 1.2, d.seed)));
  };
  // A pixel's footprint on the bed at the image's middle: what a patch's, a darn's, a stain's, a
  // crease's, a print's and a thing's edges are averaged over.
  const foot = bedFootprint(grid, W, H);
  // A repaired cloth's patches: each one's cloth and thread in linear light; its edges and stitches
  // softened over a pixel's footprint on the bed (at least half a millimetre).
  const repair = style.repair;
  const patchInks = (repair?.patches ?? []).map((p) => ({
    cloth: cloth.map((v, ch) => v * (p.tint[ch] as number)),
    thread: cloth.map((v, ch) => v * (p.thread[ch] as number)),
  }));
  const patchSoft = repair ? Math.max(0.5, foot / 2) : 0;
  const inPatch = new Float64Array(4);
  const mended = new Float64Array(3);
  // A cloth's darned tears: each darn's thread in linear light, the slate in its slit; a pixel's
  // footprint on the bed (at the image's middle) over which its stitches and slit are averaged.
  const darning = style.darning;
  const darnInks = (darning?.darns ?? []).map((d) => cloth.map((v, ch) => v * (d.thread[ch] as number)));
  const slate = darning ? pigment(ALT_SLATE) : [0, 0, 0];
  const inDarn = new Float64Array(4);
  const darned = new Float64Array(3);
  // A bed's dried spills: a pixel's footprint on the bed over which a stain's edge and tide mark are
  // averaged; each stain's colour multipliers, and its film's reflection of the lamps.
  const spills = style.spills;
  const inStain = new Float64Array(3);
  const stainTint = new Float64Array(3);
  const gleam = new Float64Array(3);
  /** Each lamp's light on the bed at (x, y) times its cosine to the mirror of the camera's ray, to the `lobe`, into gleam. */
  const gleamAt = (lobe: number, x: number, y: number, weight: number): void => {
    const rx = x - ox;
    const ry = y - oy;
    const rn = Math.sqrt(rx * rx + ry * ry + oz * oz);
    for (const l of lamps) {
      const lx = l.x - x;
      const ly = l.y - y;
      const ln = Math.sqrt(lx * lx + ly * ly + l.z * l.z);
      const cos = Math.max(0, (rx * lx + ry * ly + oz * l.z) / (rn * ln));
      const e = weight * cos ** lobe * ((l.power * l.z) / (ln * ln * ln)) * norm;
      const c = l.colour ?? WHITE;
      for (let ch = 0; ch < 3; ch++) gleam[ch] = (gleam[ch] as number) + e * (c[ch] as number);
    }
  };
  // A cover's creases in the bed: a pixel's footprint across them (over which their slope is averaged),
  // the bed's tilted gradient there, the lamps' light on it and its share of the flat bed's.
  const creases = style.creases;
  const tilt = new Float64Array(2);
  const tiltedIrr = new Float64Array(3);
  const tilted = new Float64Array(3);
  // A two-tone table's cushions, their own cloth in linear light.
  const cushionCloth = style.cushionCloth ? pigment(style.cushionCloth, ir?.cloth) : undefined;
  // A sponsor's print: its marks' inks in linear light, each mark's box on the bed (beyond which it
  // covers nothing), and its edges' width, the ink's bleed and a pixel's footprint on the bed at the
  // image's middle together.
  const print = style.print;
  const inks = (print?.marks ?? []).map((m) => pigment(m.ink));
  const printEdge = print ? Math.hypot(print.bleed, foot) : 0;
  const markBoxes = (print?.marks ?? []).map((m) => markBox(m, printEdge));
  const printed = new Float64Array(3);
  /** The bed's colour at (x, y) where printed, into `out`: the cloth under each mark's ink by its cover. */
  const printedAt = (p: AltPrint, x: number, y: number, grain: number, out: Float64Array): void => {
    out[0] = cloth[0];
    out[1] = cloth[1];
    out[2] = cloth[2];
    let left = -1;
    p.marks.forEach((m, i) => {
      const b = markBoxes[i] as readonly [number, number, number, number];
      if (x < b[0] || y < b[1] || x > b[2] || y > b[3]) return;
      const cover = m.kind === 'oval' ? ovalCover(m, x, y, printEdge) : lettersCover(m, x, y, printEdge);
      if (cover <= 0) return;
      if (left < 0) {
        // What play has left of the ink here: two octaves of value noise, worn where it is high.
        const n =
          0.65 * valueNoise(x / p.grain, y / p.grain, p.seed) +
          0.35 * valueNoise((2.3 * x) / p.grain, (2.3 * y) / p.grain, p.seed + 1);
        const w = Math.min(1, Math.max(0, (n - 0.4) / 0.3));
        left = 1 - p.worn * w * w * (3 - 2 * w);
      }
      // The ink thinner on some fibres than on others (the nap's grain), so the nap shows through.
      const c = Math.min(1, m.opacity * (1 + 0.4 * grain)) * cover * left;
      const ink = inks[i] as readonly [number, number, number];
      for (let ch = 0; ch < 3; ch++) out[ch] = (out[ch] as number) * (1 - c) + (ink[ch] as number) * c;
    });
  };
  // Things on the table that are not balls: each one's boxes on the plane (grown by its shadow's reach
  // and its edges; a point outside every box is untouched by them), their colours in linear light, their
  // tops' edges a pixel's footprint on the bed.
  const items = style.clutter?.items ?? [];
  // Each box's x0, y0, x1, y1 and its thing's index, a thing's boxes one after another.
  const itemBoxes = Float64Array.from(
    items.flatMap((it, i) => clutterBoxes(it, foot).flatMap((b) => [...b, i])),
  );
  const itemInks = items.map(
    (it) =>
      [
        pigment(it.colour),
        pigment(it.kind === 'rest' ? it.brass : it.kind === 'coaster' ? it.ring : it.colour),
      ] as const,
  );
  // The things whose boxes hold the point planeAt is at: the first `nearCount` of `nearItems`.
  const nearItems = new Int32Array(items.length);
  let nearCount = 0;
  const itemShade = new Float64Array(3);
  const itemTop = new Float64Array(3);
  /**
   * The share of each channel's lamp light the things near (x, y) (`nearItems`) leave a point of the
   * plane, into `out`: for each lamp, each thing's plan at three heights up its side seen from the point
   * towards the lamp (where the ray from the point to the lamp passes through it there), soft over the
   * lamp's size as the balls' shadows are (the room's light is left unshaded where it is used).
   */
  const clutterShade = (x: number, y: number, out: Float64Array): void => {
    let lit0 = 0;
    let lit1 = 0;
    let lit2 = 0;
    let all0 = 0;
    let all1 = 0;
    let all2 = 0;
    for (const l of lamps) {
      const lx = l.x - x;
      const ly = l.y - y;
      const ln = Math.sqrt(lx * lx + ly * ly + l.z * l.z);
      const pen = Math.max(l.hx, l.hy) / ln;
      let vis = 1;
      for (let n = 0; n < nearCount; n++) {
        const it = items[nearItems[n] as number] as AltClutterItem;
        const h = clutterHeight(it);
        if (h === 0) continue;
        let hidden = 0;
        for (const f of SHADOW_HEIGHTS) {
          const z = f * h;
          const w = (pen * z * ln) / l.z + 0.5;
          hidden = Math.max(hidden, clutterCover(it, x + (lx * z) / l.z, y + (ly * z) / l.z, w));
        }
        vis *= 1 - hidden;
      }
      const weight = l.power / (ln * ln);
      const c = l.colour ?? WHITE;
      lit0 += vis * weight * c[0];
      lit1 += vis * weight * c[1];
      lit2 += vis * weight * c[2];
      all0 += weight * c[0];
      all1 += weight * c[1];
      all2 += weight * c[2];
    }
    out[0] = all0 > 0 ? lit0 / all0 : 1;
    out[1] = all1 > 0 ? lit1 / all1 : 1;
    out[2] = all2 > 0 ? lit2 / all2 : 1;
  };
  /**
   * A brushed cloth's share of its light at a bed point (x, y): its lane's lift, the strongest where a
   * lamp lies near the mirror of the camera's ray there (r, the ray from the camera mirrored in the bed).
   */
  const sheenAt = (sh: AltSheen, x: number, y: number): number => {
    const rx = x - ox;
    const ry = y - oy;
    const rn = Math.sqrt(rx * rx + ry * ry + oz * oz);
    // The nearest lamp's cosine to the mirrored ray (its lobe, cos^lobe, rises with it).
    let most = 0;
    for (const l of lamps) {
      const lx = l.x - x;
      const ly = l.y - y;
      most = Math.max(most, (rx * lx + ry * ly + oz * l.z) / Math.sqrt(lx * lx + ly * ly + l.z * l.z));
    }
    const glint = (most / rn) ** sh.lobe;
    return 1 + sh.amount * laneLift(sh, x) * (sh.floor + (1 - sh.floor) * glint);
  };
  /**
   * Linear radiance of the plane z = 0 at (x, y) (the bed, the cushions, the pockets, the rail, the
   * floor), into out[0..2]: with the balls' shadows at the moment `now`, or over the exposure.
   */
  const planeAt = (x: number, y: number, out: Float64Array, now?: readonly AltBall[]): void => {
    const surf = surfaceAt(t, x, y);
    if (items.length > 0) {
      nearCount = 0;
      for (let k = 0; k < itemBoxes.length; k += 5) {
        const i = itemBoxes[k + 4] as number;
        if (nearCount > 0 && nearItems[nearCount - 1] === i) continue;
        if (
          x >= (itemBoxes[k] as number) &&
          y >= (itemBoxes[k + 1] as number) &&
          x <= (itemBoxes[k + 2] as number) &&
          y <= (itemBoxes[k + 3] as number)
        )
          nearItems[nearCount++] = i;
      }
    }
    lampDiffuse(lamps, x, y, 0, 0, 0, 1, irr, blinds);
    // The light falling on the plane, the lamps' and the room's, in each channel.
    for (let ch = 0; ch < 3; ch++) light[ch] = (irr[ch] as number) * norm + style.ambient;
    if (surf === Surface.bed || surf === Surface.throat || surf === Surface.cushion) {
      const streak = valueNoise(x / 90, y / 900, napSeed) - 0.5;
      const grain = hash2(Math.floor(x * 1.3), Math.floor(y * 1.3), napSeed) - 0.5;
      let nap = 1 + style.nap * (1.2 * streak + 0.6 * grain);
      // A repaired cloth's patches: their own colour and nap's streaks, the stitches round their edges,
      // the hems' ridges shading the cloth along them.
      let ridge = 1;
      let patched = false;
      if (repair && surf === Surface.bed) {
        for (let i = 0; i < repair.patches.length; i++) {
          const p = repair.patches[i] as AltPatch;
          patchAt(p, x, y, inPatch);
          const d = inPatch[0] as number;
          if (d > 3 + patchSoft) continue;
          ridge *= 1 - p.ridge * Math.exp(-d * d);
          const w = smooth(patchSoft, -patchSoft, d);
          if (w <= 0) continue;
          if (!patched) for (let ch = 0; ch < 3; ch++) mended[ch] = cloth[ch] as number;
          patched = true;
          const ink = patchInks[i] as { cloth: number[]; thread: number[] };
          const own =
            valueNoise((inPatch[1] as number) / 90, (inPatch[2] as number) / 900, napSeed + 41) - 0.5;
          nap = nap * (1 - w) + (1 + style.nap * (1.2 * own + 0.6 * grain)) * w;
          // The running stitch: on its line, in its stitches (0.6 of the pitch), softened as the edge is.
          const off = Math.abs(d + p.inset) - p.stitch / 2;
          const run = ((((inPatch[3] as number) / p.pitch) % 1) + 1) % 1;
          const along = Math.min(smooth(0, 0.1, run), smooth(0.6, 0.5, run));
          const thread = w * smooth(patchSoft, -patchSoft, off) * along;
          for (let ch = 0; ch < 3; ch++)
            mended[ch] =
              ((mended[ch] as number) * (1 - w) + (ink.cloth[ch] as number) * w) * (1 - thread) +
              (ink.thread[ch] as number) * thread;
        }
      }
      // A darned tear: the slate in its slit, the cross-stitches over it, the band puckered round it.
      let pucker = 1;
      let darnedHere = false;
      if (darning && surf === Surface.bed) {
        for (let i = 0; i < darning.darns.length; i++) {
          const d = darning.darns[i] as AltDarn;
          darnAt(d, x, y, foot, inDarn);
          const along = Math.abs(inDarn[0] as number);
          const across = inDarn[1] as number;
          const reach = d.length / 2 + d.width / 2;
          if (along > reach + foot || Math.abs(across) > 2 * d.width) continue;
          const h = d.width / 2;
          pucker *= 1 - d.pucker * Math.exp(-(across * across) / (h * h)) * smooth(reach, reach - h, along);
          const gap = inDarn[2] as number;
          const thread = inDarn[3] as number;
          if (gap <= 0 && thread <= 0) continue;
          if (!darnedHere) {
            const from = patched ? mended : cloth;
            for (let ch = 0; ch < 3; ch++) darned[ch] = from[ch] as number;
          }
          darnedHere = true;
          const ink = darnInks[i] as number[];
          for (let ch = 0; ch < 3; ch++)
            darned[ch] =
              (darned[ch] as number) * (1 - gap - thread) +
              (slate[ch] as number) * gap +
              (ink[ch] as number) * thread;
        }
      }
      // A brushed cloth's lanes, on the bed alone (1 times, to the bit, without them).
      const brushed = style.sheen && surf === Surface.bed ? sheenAt(style.sheen, x, y) : 1;
      const grad = 1 + style.clothGradient * ((x - t.width / 2) * gx + (y - t.length / 2) * gy) * 2;
      const marked = surf === Surface.bed ? chalkAt(x, y) : 0;
      const worn = wear !== undefined && surf === Surface.bed;
      if (worn) wearAt(wear, x, y, rub);
      const chalk = worn ? marked + (1 - marked) * (rub[1] as number) : marked;
      const rubbed = worn ? 1 + wear.amount * (rub[0] as number) : 1;
      // Blue chalk from cue tips over the cloth and its markings, lit and shaded as they are.
      const blue = dabs && surf === Surface.bed ? dabbed(dabs, x, y) : 0;
      // Chalk dust spilled on the cloth, lit and shaded as it is.
      let spilled = 0;
      let spilledInk: readonly number[] = cloth;
      if (surf === Surface.bed)
        for (let n = 0; n < nearCount; n++) {
          const i = nearItems[n] as number;
          const it = items[i] as AltClutterItem;
          if (it.kind !== 'dust') continue;
          spilled = dustAt(it, x, y);
          spilledInk = (itemInks[i] as readonly [readonly number[], readonly number[]])[0];
          if (spilled > 0) break;
        }
      // The bed's own colour, where a sponsor's print is in it the print's.
      if (print && surf === Surface.bed) printedAt(print, x, y, grain, printed);
      // A dried spill: the cloth browned and darkened inside it, more at its tide mark, its film's gleam.
      let stained = false;
      if (spills && surf === Surface.bed) {
        for (const s of spills.stains) {
          if (Math.abs(x - s.x) > 2 * s.radius + foot || Math.abs(y - s.y) > 2 * s.radius + foot) continue;
          stainAt(s, x, y, foot, inStain);
          const inside = inStain[0] as number;
          if (inside <= 0) continue;
          if (!stained) {
            stainTint.fill(1);
            gleam.fill(0);
          }
          stained = true;
          const rim = inStain[1] as number;
          for (let ch = 0; ch < 3; ch++)
            stainTint[ch] =
              (stainTint[ch] as number) *
              (1 - inside + (s.tint[ch] as number) * (inside - rim * (1 - s.ring)));
          if (s.gloss > 0) gleamAt(s.lobe, x, y, s.gloss * inside);
        }
      }
      // A cover's creases: the bed's slope across them, and the lamps' light on the tilted cloth (the
      // room's light, from all round, left as it is), as a share of their light on the flat bed.
      let creased = false;
      if (creases && surf === Surface.bed) {
        tilt.fill(0);
        for (const c of creases.creases) {
          const d = creaseSlope(c, x, y, foot, tilt);
          if (Math.abs(d) < 4 * c.width + foot) creased = true;
        }
        if (creased) {
          const gx = tilt[0] as number;
          const gy = tilt[1] as number;
          const n = Math.sqrt(1 + gx * gx + gy * gy);
          lampDiffuse(lamps, x, y, 0, -gx / n, -gy / n, 1 / n, tiltedIrr, blinds);
          // (Where no light falls on the flat bed, none falls on the tilted one either: left as it is.)
          for (let ch = 0; ch < 3; ch++)
            tilted[ch] =
              (light[ch] as number) > 0
                ? ((tiltedIrr[ch] as number) * norm + style.ambient) / (light[ch] as number)
                : 1;
        }
      }
      const bed = darnedHere
        ? darned
        : patched
          ? mended
          : surf === Surface.cushion && cushionCloth
            ? cushionCloth
            : print && surf === Surface.bed
              ? printed
              : cloth;
      // Off the cushion: the balls' shadows; the cushion nose shades the cloth beside it, the pocket's
      // jaws shade its mouth. On it, a player's and onlookers' shadows alone.
      let nose = 1;
      let jaws = 1;
      const bedGlow = rig && surf !== Surface.cushion ? glowAt(rig, x, y, 0, 0, 0, 1, balls, zc, R) : 0;
      if (surf !== Surface.cushion) {
        ballShadow(x, y, shadow, now);
        nose = 1 - 0.4 * Math.exp(-Math.max(0, noseDistance(t, x, y)) / 9);
        jaws = 1 - 0.45 * Math.exp(-pocketDistance(t, x, y) / 45);
      } else if (occ?.shades(x, y)) shadowAt(lamps, [], R, reach, x, y, shadow, blinds, occ);
      else shadow.fill(1);
      for (let ch = 0; ch < 3; ch++) {
        let k = nap * brushed * grad * rubbed * (light[ch] as number);
        if (patched || ridge !== 1) k *= ridge;
        if (pucker !== 1) k *= pucker;
        if (creased) k *= tilted[ch] as number;
        if (surf === Surface.cushion) k *= occ ? 0.72 * (shadow[ch] as number) : 0.72;
        else {
          k *= nose;
          k *= jaws;
          if (surf === Surface.throat) k *= 0.55;
          k *= shadow[ch] as number;
        }
        const paint = (bed[ch] as number) * (1 - chalk) + 0.8 * chalk;
        const dabbedPaint = blue > 0 ? paint * (1 - blue) + (dabColour[ch] as number) * blue : paint;
        const seen =
          spilled > 0 ? dabbedPaint * (1 - spilled) + (spilledInk[ch] as number) * spilled : dabbedPaint;
        out[ch] = seen * k;
        // A dried spill's colour, and its film's reflection of the lamps (shaded by the balls too).
        if (stained)
          out[ch] =
            (out[ch] as number) * (stainTint[ch] as number) + (gleam[ch] as number) * (shadow[ch] as number);
        // The strips' light, past the cushions' noses and the balls (its own shadows), as the lamps' is
        // shaded by the cloth's nap and a pocket's jaws.
        if (bedGlow > 0)
          out[ch] =
            (out[ch] as number) +
            seen *
              nap *
              brushed *
              grad *
              rubbed *
              jaws *
              (surf === Surface.throat ? 0.55 : 1) *
              bedGlow *
              ((glow as AltUnderglow).colour[ch] as number);
      }
      out[1] = (out[1] as number) * (1 - 0.04 * style.clothGradient);
    } else if (surf === Surface.hole) {
      out[0] = out[1] = out[2] = 0.004;
    } else {
      const k = surf === Surface.rail ? 0.85 + 0.3 * valueNoise(x / 3, y / 60, napSeed + 7) : 0.5;
      const base = surf === Surface.rail ? rail : floor;
      for (let ch = 0; ch < 3; ch++) out[ch] = (base[ch] as number) * k * (light[ch] as number);
      // A player's and onlookers' shadows on the rail and the floor (drawn, as they are, in the bed's plane).
      if (occ?.shades(x, y)) {
        shadowAt(lamps, [], R, reach, x, y, shadow, blinds, occ);
        for (let ch = 0; ch < 3; ch++) out[ch] = (out[ch] as number) * (shadow[ch] as number);
      }
      // The LED strip along the rail's inner edge, seen; the floor lit by the one under its outer edge.
      if (glow) {
        const e = glowOnRailOrFloor(t, glow, x, y);
        if (e > 0)
          for (let ch = 0; ch < 3; ch++)
            out[ch] =
              (out[ch] as number) +
              (surf === Surface.rail ? e : (floor[ch] as number) * k * e) * (glow.colour[ch] as number);
      }
    }
    // The things on the table near the point: their shadows, then their tops (lit as the plane is).
    if (nearCount > 0) {
      clutterShade(x, y, itemShade);
      let top = 0;
      for (let n = 0; n < nearCount; n++) {
        const i = nearItems[n] as number;
        const inks = itemInks[i] as readonly [readonly number[], readonly number[]];
        top = clutterTopAt(items[i] as AltClutterItem, x, y, foot, inks[0], inks[1], itemTop);
        if (top > 0) break;
      }
      for (let ch = 0; ch < 3; ch++) {
        // The lamps' share of the light shaded, the room's not (a thin thing's shadow is not black).
        const l = light[ch] as number;
        const shaded =
          (out[ch] as number) * (((itemShade[ch] as number) * (l - style.ambient) + style.ambient) / l);
        out[ch] = shaded * (1 - top) + (itemTop[ch] as number) * (light[ch] as number) * top;
      }
    }
  };

  // 1. The plane behind everything, one ray a pixel.
  const bg = new Float64Array(3);
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      rayAt(grid, u, v, dir);
      background(dir[0] as number, dir[1] as number, dir[2] as number, bg);
      const k = v * W + u;
      lr[k] = bg[0] as number;
      lg[k] = bg[1] as number;
      lb[k] = bg[2] as number;
    }
  }

  // 2. The balls, 4 × 4 samples a pixel over each ball's box; the nearest ball along each sample wins.
  const clothRef = [
    cloth[0] * (1 + style.ambient),
    cloth[1] * (1 + style.ambient),
    cloth[2] * (1 + style.ambient),
  ];
  const albedo = balls.map((b) =>
    pigment(style.ballColours?.[b.id] ?? palette[b.id] ?? [128, 128, 128], ir?.balls[b.id]),
  );
  const done = new Uint8Array(W * H);
  const S = 4;
  const col = new Float64Array(3);
  const onBall = new Float64Array(3);
  // Each ball's marks, with their colours in linear light.
  const marksOf = balls.map((b) => (style.ballMarks?.[b.id] ?? []).map((m) => ({ m, c: pigment(m.colour) })));
  const polish = style.mirror;
  const seen = new Float64Array(3);
  // Crossed polarisers: the balls' refractive index from their reflectance straight on, and each
  // reflection's share through them (1, 1, 1 without them).
  const pol = style.polariser;
  const refraction = (1 + Math.sqrt(style.f0)) / (1 - Math.sqrt(style.f0));
  const share = Float64Array.of(1, 1, 1);
  // Each ball's scuffs: its streaks' way and noise, its matte patches, from the seed and its place.
  const scuffs = style.scuffs;
  const scuffOf = balls.map((_, bi) => {
    if (!scuffs) return undefined;
    const r = makeRng(scuffs.seed + 1000 * (bi + 1));
    const way = r.uniform(0, Math.PI);
    const noise = r.int(1, 1 << 30);
    const patches = Array.from({ length: scuffs.patches }, () => {
      const z = r.uniform(-1, 1);
      const az = r.uniform(0, 2 * Math.PI);
      const across = Math.sqrt(1 - z * z);
      return {
        nx: across * Math.cos(az),
        ny: across * Math.sin(az),
        nz: z,
        radius: r.uniform(...scuffs.size),
      };
    });
    return { cos: Math.cos(way), sin: Math.sin(way), noise, patches };
  });
  /** What a scuffed ball's scuffs leave of its highlights at the normal (nx, ny, nz): 1 where unscuffed. */
  const unscuffed = (s: AltScuffs, bi: number, nx: number, ny: number, nz: number): number => {
    const o = scuffOf[bi] as NonNullable<(typeof scuffOf)[number]>;
    const along = R * (nx * o.cos + ny * o.sin);
    const across = R * (ny * o.cos - nx * o.sin);
    let left = 1 - s.fine * valueNoise(along / s.length, across / s.grain, o.noise);
    for (const p of o.patches) {
      const arc = R * Math.acos(Math.min(1, Math.max(-1, nx * p.nx + ny * p.ny + nz * p.nz)));
      left *= 1 - s.depth * softInside(p.radius, p.radius / 3, arc);
    }
    return left;
  };
  /**
   * What a polished ball mirrors along the reflected ray (rx, ry, rz) from (hx, hy, hz), into `out`: the
   * plane below as it is drawn, else the nearer of the window (a pane, or a glazing bar as dark as the
   * room) and the canopy where the ray meets them, else the room.
   */
  const mirrorSees = (
    m: AltMirror,
    hx: number,
    hy: number,
    hz: number,
    rx: number,
    ry: number,
    rz: number,
    out: Float64Array,
  ): void => {
    if (rz < 0) {
      const s = -hz / rz;
      planeAt(hx + s * rx, hy + s * ry, out);
      return;
    }
    let near = Infinity;
    let radiance = m.room;
    const c = m.canopy;
    const sc = rz > 0 ? (c.z - hz) / rz : Infinity;
    if (Math.abs(hx + sc * rx - c.x) < c.hx && Math.abs(hy + sc * ry - c.y) < c.hy) {
      near = sc;
      radiance = c.radiance;
    }
    const w = m.window;
    const sw = w && rx !== 0 ? (w.x - hx) / rx : -1;
    if (w && sw > 0 && sw < near) {
      const y = hy + sw * ry;
      const z = hz + sw * rz;
      if (y > w.y0 && y < w.y1 && z > w.z0 && z < w.z1) {
        // Where in its pane's cell the ray meets the window: on a bar within half a bar of the cell's edge.
        const cw = (w.y1 - w.y0) / w.cols;
        const ch = (w.z1 - w.z0) / w.rows;
        const cy = (y - w.y0) % cw;
        const cz = (z - w.z0) % ch;
        const h = w.bar / 2;
        radiance = cy > h && cy < cw - h && cz > h && cz < ch - h ? w.radiance : m.room;
      }
    }
    out[0] = radiance[0];
    out[1] = radiance[1];
    out[2] = radiance[2];
  };
  // Ball bi as seen along a ray that meets it at tt, where it is (b: at a moment of the exposure for a
  // moving one; the highlights stay with the lamps as it rolls).
  const shadeBall = (
    bi: number,
    dx: number,
    dy: number,
    dz: number,
    tt: number,
    out: Float64Array,
    b = balls[bi] as AltBall,
  ): void => {
    const own = albedo[bi] as [number, number, number];
    const hx = ox + tt * dx;
    const hy = oy + tt * dy;
    const hz = oz + tt * dz;
    const nx = (hx - b.x) / R;
    const ny = (hy - b.y) / R;
    const nz = (hz - zc) / R;
    let a = own;
    const marks = marksOf[bi] as { m: AltBallMark; c: [number, number, number] }[];
    if (marks.length > 0) {
      // Its marks over its own colour where they cover the point (the arc from each mark's middle).
      for (const { m, c } of marks) {
        const arc = R * Math.acos(Math.min(1, Math.max(-1, nx * m.nx + ny * m.ny + nz * m.nz)));
        const cover = m.opacity * softInside(m.radius, m.soft, arc);
        if (cover > 0)
          a = [
            a[0] * (1 - cover) + c[0] * cover,
            a[1] * (1 - cover) + c[1] * cover,
            a[2] * (1 - cover) + c[2] * cover,
          ];
      }
    }
    const cosV = Math.max(0, -(dx * nx + dy * ny + dz * nz));
    const fres = style.f0 + (1 - style.f0) * (1 - cosV) ** (polish?.fresnel ?? 5);
    // Reflected ray.
    const dn = dx * nx + dy * ny + dz * nz;
    const rx = dx - 2 * dn * nx;
    const ry = dy - 2 * dn * ny;
    const rz = dz - 2 * dn * nz;
    let env0 = 0.01;
    let env1 = 0.01;
    let env2 = 0.012;
    let spec0 = 0;
    let spec1 = 0;
    let spec2 = 0;
    for (let li = 0; li < lamps.length; li++) {
      if (rz <= 0) break;
      const l = lamps[li] as AltLamp;
      // A projector's highlight is the colour its gobo casts towards the ball.
      const c = blinds && l.gobo ? goboAt(l, l.gobo, hx, hy, hz, goboSeen) : (l.colour ?? WHITE);
      // A player's part between the ball and the lamp hides its highlight (1 times, to the bit, without one).
      const seen = occ ? occ.seen(li, hx, hy, hz, -1) : 1;
      const s = (l.z - hz) / rz;
      const px = hx + s * rx - l.x;
      const py = hy + s * ry - l.y;
      // A soft-edged rectangle: the area lamp's mirror image (highlight).
      const ex = softInside(l.hx, 0.15 * l.hx, px);
      const ey = softInside(l.hy, 0.15 * l.hy, py);
      const unslatted = ex * ey * 6 * (style.gloss ?? 1) * l.power * 1e-6 * norm * (l.glare ?? 1);
      const slatted = blinds && l.slats ? unslatted * slatsAt(l, l.slats, hx, hy, hz) : unslatted;
      // The sun through a roof window lights the ball, its glint and its sheen, only in its patch.
      const through = blinds && l.aperture ? apertureAt(l, l.aperture, hx, hy, hz) : 1;
      const mirror = (blinds && l.aperture ? slatted * through : slatted) * seen;
      // The sheen around it: Blinn-Phong towards the lamp's centre.
      const lx = l.x - hx;
      const ly = l.y - hy;
      const lz = l.z - hz;
      const ln = Math.hypot(lx, ly, lz);
      const hhx = lx / ln - dx;
      const hhy = ly / ln - dy;
      const hhz = lz / ln - dz;
      const hn = Math.hypot(hhx, hhy, hhz);
      const nh = Math.max(0, (nx * hhx + ny * hhy + nz * hhz) / hn);
      const sheened = 0.25 * nh ** style.shininess * seen;
      const sheen = blinds && l.aperture ? sheened * through : sheened;
      // Crossed polarisers pass of the lamp's mirrored light what its reflection off the microfacet
      // between the lamp and the camera turns into the filter's axis (1 times, to the bit, without them).
      if (pol)
        polarisedShare(
          pol,
          refraction,
          -lx / ln,
          -ly / ln,
          -lz / ln,
          hhx / hn,
          hhy / hn,
          hhz / hn,
          -dx,
          -dy,
          -dz,
          true,
          share,
        );
      spec0 += mirror * c[0] * (share[0] as number);
      spec1 += mirror * c[1] * (share[1] as number);
      spec2 += mirror * c[2] * (share[2] as number);
      spec0 += sheen * c[0] * (share[0] as number);
      spec1 += sheen * c[1] * (share[1] as number);
      spec2 += sheen * c[2] * (share[2] as number);
    }
    if (polish) {
      mirrorSees(polish, hx, hy, hz, rx, ry, rz, seen);
      env0 = seen[0] as number;
      env1 = seen[1] as number;
      env2 = seen[2] as number;
    } else if (rz < 0) {
      // The cloth, seen in the ball's side.
      env0 = clothRef[0] as number;
      env1 = clothRef[1] as number;
      env2 = clothRef[2] as number;
    }
    if (pol) {
      // What it mirrors of the room and the cloth, unpolarised light, through the camera's filter.
      polarisedShare(pol, refraction, -rx, -ry, -rz, nx, ny, nz, -dx, -dy, -dz, false, share);
      env0 *= share[0] as number;
      env1 *= share[1] as number;
      env2 *= share[2] as number;
    }
    if (scuffs) {
      // Its scuffs break and dull what it mirrors, the lamps and the room alike.
      const left = unscuffed(scuffs, bi, nx, ny, nz);
      env0 *= left;
      env1 *= left;
      env2 *= left;
      spec0 *= left;
      spec1 *= left;
      spec2 *= left;
    }
    lampDiffuse(lamps, hx, hy, hz, nx, ny, nz, onBall, blinds, occ);
    // The club's LED strips light the flanks that face them (past the cushions' noses).
    if (glow && rig) {
      const e = glowAt(rig, hx, hy, hz, nx, ny, nz) / norm;
      for (let ch = 0; ch < 3; ch++) onBall[ch] = (onBall[ch] as number) + e * (glow.colour[ch] as number);
    }
    const room = style.ambient * (0.6 + 0.4 * nz);
    out[0] = (1 - fres) * a[0] * ((onBall[0] as number) * norm + room) + fres * (env0 + spec0);
    out[1] = (1 - fres) * a[1] * ((onBall[1] as number) * norm + room) + fres * (env1 + spec1);
    out[2] = (1 - fres) * a[2] * ((onBall[2] as number) * norm + room) + fres * (env2 + spec2);
  };
  // A part's surface: its colour (a rod's band, its splice, its grain) and the light on it, the lamps'
  // past the other parts, the room's, and the lamps' sheen (Blinn-Phong towards each lamp's middle).
  const partColours = occ
    ? occ.parts.map((q) =>
        q.part.kind === 'rod' ? q.part.bands.map((b) => pigment(b.colour)) : [pigment(q.part.colour)],
      )
    : [];
  const onPart = new Float64Array(3);
  const tint = new Float64Array(3);
  const shadePart = (
    j: number,
    dx: number,
    dy: number,
    dz: number,
    tt: number,
    hit: Float64Array,
    out: Float64Array,
  ): void => {
    const o = occ as Occluders;
    const q = o.parts[j] as Prepared;
    const hx = ox + tt * dx;
    const hy = oy + tt * dy;
    const hz = oz + tt * dz;
    const nx = hit[1] as number;
    const ny = hit[2] as number;
    const nz = hit[3] as number;
    const colours = partColours[j] as [number, number, number][];
    if (q.part.kind === 'rod') rodAlbedo(q, q.part, colours, hit, napSeed, tint);
    else tint.set(colours[0] as [number, number, number]);
    lampDiffuse(lamps, hx, hy, hz, nx, ny, nz, onPart, blinds, o, j);
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (let li = 0; li < lamps.length; li++) {
      const l = lamps[li] as AltLamp;
      const lx = l.x - hx;
      const ly = l.y - hy;
      const lz = l.z - hz;
      const d2 = lx * lx + ly * ly + lz * lz;
      const ln = Math.sqrt(d2);
      const hhx = lx / ln - dx;
      const hhy = ly / ln - dy;
      const hhz = lz / ln - dz;
      const nh = (nx * hhx + ny * hhy + nz * hhz) / Math.hypot(hhx, hhy, hhz);
      if (nh <= 0 || nx * lx + ny * ly + nz * lz <= 0) continue;
      const e = ((q.part.gloss * nh ** 30 * l.power) / d2) * o.seen(li, hx, hy, hz, j);
      const c = blinds && l.gobo ? goboAt(l, l.gobo, hx, hy, hz, goboSeen) : (l.colour ?? WHITE);
      s0 += e * c[0];
      s1 += e * c[1];
      s2 += e * c[2];
    }
    const room = style.ambient * (0.6 + 0.4 * nz);
    out[0] = (tint[0] as number) * ((onPart[0] as number) * norm + room) + s0 * norm;
    out[1] = (tint[1] as number) * ((onPart[1] as number) * norm + room) + s1 * norm;
    out[2] = (tint[2] as number) * ((onPart[2] as number) * norm + room) + s2 * norm;
  };
  // Sample (si, sj) of the S × S over pixel (u, v): its ray, and the nearest of the balls `near` (indices
  // into `at`: the balls where they lie, or where they are at a moment of the exposure) that it meets, its
  // index (−1 where none) and distance, into `ray` (a scratch, not an object a sample: every pass over
  // the balls asks this of every sample of every ball's box).
  const ray = { dx: 0, dy: 0, dz: 0, ball: -1, t: Infinity };
  const sample = (
    u: number,
    v: number,
    si: number,
    sj: number,
    at: readonly AltBall[],
    near: readonly number[],
  ): void => {
    rayAt(grid, u - 0.5 + (si + 0.5) / S, v - 0.5 + (sj + 0.5) / S, dir);
    const dx = dir[0] as number;
    const dy = dir[1] as number;
    const dz = dir[2] as number;
    let best = Infinity;
    let which = -1;
    for (const q of near) {
      const b = at[q] as AltBall;
      const tt = sphereHit(ox, oy, oz, dx, dy, dz, b.x, b.y, zc, R);
      if (tt < best) {
        best = tt;
        which = q;
      }
    }
    ray.dx = dx;
    ray.dy = dy;
    ray.dz = dz;
    ray.ball = which;
    ray.t = best;
  };
  // Each ball's box in the image; a moving ball's over its whole path (the hull of its boxes where the
  // shutter opens and closes holds every box between).
  const boxes = balls.map((b, i) => {
    const p = moving?.paths[i];
    if (!p) return ballBox(c, b);
    const a = ballBox(c, { ...b, x: p[0], y: p[1] });
    const e = ballBox(c, { ...b, x: p[2], y: p[3] });
    return [Math.min(a[0], e[0]), Math.min(a[1], e[1]), Math.max(a[2], e[2]), Math.max(a[3], e[3])] as const;
  });
  const streaks = moving ? boxes.filter((_, i) => moving.paths[i] !== undefined) : [];

  // 2a. A player, where there is one: 4 × 4 samples a pixel wherever a part passes within a few
  // pixels, the nearest of the parts, the balls and the box along each sample winning; the balls' pass
  // leaves these pixels as they are drawn here (the balls as they lie at the middle of the exposure: no
  // variant has both a player and balls in motion).
  if (occ) {
    const parts = occ.parts;
    const hit = new Float64Array(4);
    const pixel = pixelAngle(c);
    const T = 16;
    for (let tv = 0; tv < H; tv += T) {
      for (let tu = 0; tu < W; tu += T) {
        // A tile's middle ray, with a margin as wide as the tile's half diagonal and three pixels.
        rayAt(grid, tu + T / 2 - 0.5, tv + T / 2 - 0.5, dir);
        const tile = (T * Math.SQRT1_2 + 3) * pixel;
        const inTile = parts.filter((q) =>
          nearPart(q, ox, oy, oz, dir[0] as number, dir[1] as number, dir[2] as number, tile),
        );
        if (inTile.length === 0) continue;
        for (let v = tv; v < Math.min(H, tv + T); v++) {
          for (let u = tu; u < Math.min(W, tu + T); u++) {
            rayAt(grid, u, v, dir);
            const d0 = dir[0] as number;
            const d1 = dir[1] as number;
            const d2 = dir[2] as number;
            if (!inTile.some((q) => nearPart(q, ox, oy, oz, d0, d1, d2, 3 * pixel))) continue;
            const k = v * W + u;
            done[k] = 1;
            const near = balls
              .map((_, bi) => bi)
              .filter((bi) => {
                const o = boxes[bi] as readonly [number, number, number, number];
                return u >= o[0] && u <= o[2] && v >= o[1] && v <= o[3];
              });
            let r = 0;
            let g = 0;
            let bl = 0;
            for (let sj = 0; sj < S; sj++) {
              for (let si = 0; si < S; si++) {
                sample(u, v, si, sj, balls, near);
                const { dx, dy, dz, ball, t: tBall } = ray;
                let part = Infinity;
                let which = -1;
                parts.forEach((q, j) => {
                  const tt = hitPart(q, ox, oy, oz, dx, dy, dz);
                  if (tt < part) {
                    part = tt;
                    which = j;
                  }
                });
                const boxed = boxHit(dx, dy, dz);
                if (which >= 0 && part < tBall && part < boxed) {
                  hitPart(parts[which] as Prepared, ox, oy, oz, dx, dy, dz, hit);
                  shadePart(which, dx, dy, dz, part, hit, col);
                } else if (ball >= 0 && tBall <= boxed) shadeBall(ball, dx, dy, dz, tBall, col);
                else {
                  col[0] = lr[k] as number;
                  col[1] = lg[k] as number;
                  col[2] = lb[k] as number;
                }
                r += col[0] as number;
                g += col[1] as number;
                bl += col[2] as number;
              }
            }
            lr[k] = r / (S * S);
            lg[k] = g / (S * S);
            lb[k] = bl / (S * S);
          }
        }
      }
    }
  }

  // A pixel a moving ball passes over: at each moment of the exposure, 4 of its 4 × 4 samples (a 2 × 2
  // spread over the pixel, each sample taken once in every 4 moments), the nearest of the balls `near`
  // where they are then winning each, the plane behind where none (the balls' shadows where they are
  // then); the mean of all. Where no sample meets a ball, the plane's mean over the exposure is left.
  const centre = new Float64Array(3);
  const then = new Float64Array(3);
  const blurred = (u: number, v: number, k: number, near: readonly number[], m: Exposure): void => {
    rayAt(grid, u, v, centre);
    let r = 0;
    let g = 0;
    let bl = 0;
    let nHit = 0;
    m.at.forEach((now, i) => {
      let plane = false;
      for (let sj = (i >> 1) & 1; sj < S; sj += 2) {
        for (let si = i & 1; si < S; si += 2) {
          sample(u, v, si, sj, now, near);
          const { dx, dy, dz, ball: which, t: best } = ray;
          if (which < 0 || boxHit(dx, dy, dz) < best) {
            if (!plane) {
              background(centre[0] as number, centre[1] as number, centre[2] as number, then, now);
              plane = true;
            }
            r += then[0] as number;
            g += then[1] as number;
            bl += then[2] as number;
            continue;
          }
          nHit++;
          shadeBall(which, dx, dy, dz, best, col, now[which]);
          r += col[0] as number;
          g += col[1] as number;
          bl += col[2] as number;
        }
      }
    });
    if (nHit === 0) return;
    const n = (S * S * m.at.length) / 4;
    lr[k] = r / n;
    lg[k] = g / n;
    lb[k] = bl / n;
  };

  balls.forEach((_, bi) => {
    const [u0, v0, u1, v1] = boxes[bi] as readonly [number, number, number, number];
    const near = balls
      .map((_, k) => k)
      .filter((k) => {
        const o = boxes[k] as readonly [number, number, number, number];
        return !(o[0] > u1 || o[2] < u0 || o[1] > v1 || o[3] < v0);
      });
    for (let v = v0; v <= v1; v++) {
      for (let u = u0; u <= u1; u++) {
        const k = v * W + u;
        if (done[k]) continue;
        done[k] = 1;
        if (moving && streaks.some((o) => u >= o[0] && u <= o[2] && v >= o[1] && v <= o[3])) {
          blurred(u, v, k, near, moving);
          continue;
        }
        let r = 0;
        let g = 0;
        let bl = 0;
        let nHit = 0;
        for (let sj = 0; sj < S; sj++) {
          for (let si = 0; si < S; si++) {
            sample(u, v, si, sj, balls, near);
            const { dx, dy, dz, ball: which, t: best } = ray;
            if (which < 0 || boxHit(dx, dy, dz) < best) {
              r += lr[k] as number;
              g += lg[k] as number;
              bl += lb[k] as number;
              continue;
            }
            nHit++;
            shadeBall(which, dx, dy, dz, best, col);
            r += col[0] as number;
            g += col[1] as number;
            bl += col[2] as number;
          }
        }
        if (nHit === 0) continue;
        lr[k] = r / (S * S);
        lg[k] = g / (S * S);
        lb[k] = bl / (S * S);
      }
    }
  });

  // The frames before this one where a ball has moved since (AltStyle.earlier): each pixel a moved ball's
  // shadow may reach, then or now, drawn as it was then (4 × 4 samples, the balls where they were, their
  // shadows then), for the temporal noise reduction's recursion or the previous frame's picture a lost
  // slice is hidden with.
  const earlier = style.earlier ?? [];
  const nr = style.temporalNR;
  const loss = style.packetLoss;
  const hdr = style.hdrMerge;
  // The noise reduction recurs over its frames; a lost slice's picture and a short exposure are one back.
  const frames = nr
    ? Math.min(nr.frames, earlier.length)
    : (loss && loss.slices.length > 0) || hdr
      ? Math.min(1, earlier.length)
      : 0;
  const before = loss && frames > 0 ? [lr.slice(), lg.slice(), lb.slice()] : undefined;
  const block = loss ? lossBlock(loss, H) : 16;
  // A lost slice aimed at a ball that moved, where none did: at the frame's middle.
  let aimedRow = Math.floor(H / 2 / block) - 1;
  if (frames > 0) {
    // An HDR merge's short exposure: the balls `gap` ms back along their way to the last frame's places.
    const back = hdr ? hdr.gap / 1000 / FRAME_INTERVAL : 0;
    const past = hdr
      ? [
          balls.map((b, i) => {
            const e = earlier[0]?.[i];
            return e ? { ...b, x: b.x + (e.x - b.x) * back, y: b.y + (e.y - b.y) * back } : b;
          }),
        ]
      : earlier.slice(0, frames);
    const movedBall = balls.map((b, i) => past.some((at) => at[i]?.x !== b.x || at[i]?.y !== b.y));
    // Where the first ball that moved since the last frame lies, between there and here (a lost slice aimed at it).
    const first = balls.findIndex((b, i) => past[0]?.[i]?.x !== b.x || past[0]?.[i]?.y !== b.y);
    if (first >= 0) {
      const a = projectPx(c, balls[first]?.x as number, balls[first]?.y as number, zc);
      const e = projectPx(c, past[0]?.[first]?.x as number, past[0]?.[first]?.y as number, zc);
      aimedRow = Math.floor((a[1] + e[1]) / 2 / block) - 1;
    }
    const pastBoxes = past.map((at) => at.map((b) => ballBox(c, b)));
    for (const at of past) nearAt.set(at, ballsNear(at, R, reach));
    // The region: every moved ball's box now and then, widened by its shadows' reach.
    const region = new Uint8Array(W * H);
    // (A box is a ball's width and a little; its shadows reach `reach` radii from its middle.)
    const grow = (Math.max(reach, 2) - 1) / 2;
    for (const bx of [boxes, ...pastBoxes])
      bx.forEach((o, i) => {
        if (!movedBall[i]) return;
        const du = Math.ceil((o[2] - o[0]) * grow);
        const dv = Math.ceil((o[3] - o[1]) * grow);
        for (let v = Math.max(0, o[1] - dv); v <= Math.min(H - 1, o[3] + dv); v++)
          region.fill(1, v * W + Math.max(0, o[0] - du), v * W + Math.min(W - 1, o[2] + du) + 1);
      });
    const centreRay = new Float64Array(3);
    const thenCol = new Float64Array(3);
    // Pixel (u, v) as it was at frame j back (1 the last), into `out`.
    const pictureThen = (u: number, v: number, j: number, out: Float64Array): void => {
      const at = past[j - 1] as readonly AltBall[];
      const bx = pastBoxes[j - 1] as (readonly [number, number, number, number])[];
      const near = at
        .map((_, q) => q)
        .filter((q) => {
          const o = bx[q] as readonly [number, number, number, number];
          return u >= o[0] && u <= o[2] && v >= o[1] && v <= o[3];
        });
      rayAt(grid, u, v, centreRay);
      background(centreRay[0] as number, centreRay[1] as number, centreRay[2] as number, thenCol, at);
      if (near.length === 0) {
        out.set(thenCol);
        return;
      }
      let r = 0;
      let g = 0;
      let bl = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          sample(u, v, si, sj, at, near);
          const { dx, dy, dz, ball: which, t: best } = ray;
          if (which < 0 || boxHit(dx, dy, dz) < best) {
            r += thenCol[0] as number;
            g += thenCol[1] as number;
            bl += thenCol[2] as number;
            continue;
          }
          shadeBall(which, dx, dy, dz, best, col, at[which]);
          r += col[0] as number;
          g += col[1] as number;
          bl += col[2] as number;
        }
      }
      out[0] = r / (S * S);
      out[1] = g / (S * S);
      out[2] = bl / (S * S);
    };
    const was = new Float64Array(3);
    for (let k = 0; k < W * H; k++) {
      if (!region[k]) continue;
      const u = k % W;
      const v = (k - u) / W;
      if (before) {
        pictureThen(u, v, 1, was);
        for (let ch = 0; ch < 3; ch++) (before[ch] as Float32Array)[k] = was[ch] as number;
        continue;
      }
      if (hdr) {
        // The short exposure merged in: its share by the long one's exposed luma.
        pictureThen(u, v, 1, was);
        const a = hdrShare(hdr, style.gain * lumaOf(lr[k] as number, lg[k] as number, lb[k] as number));
        lr[k] = (lr[k] as number) * (1 - a) + (was[0] as number) * a;
        lg[k] = (lg[k] as number) * (1 - a) + (was[1] as number) * a;
        lb[k] = (lb[k] as number) * (1 - a) + (was[2] as number) * a;
        continue;
      }
      if (!nr) continue;
      // The recursion from the oldest frame to this one.
      pictureThen(u, v, frames, was);
      let o0 = was[0] as number;
      let o1 = was[1] as number;
      let o2 = was[2] as number;
      for (let j = frames - 1; j >= 0; j--) {
        if (j > 0) pictureThen(u, v, j, was);
        else {
          was[0] = lr[k] as number;
          was[1] = lg[k] as number;
          was[2] = lb[k] as number;
        }
        const w = temporalWeight(nr, o0, o1, o2, was[0] as number, was[1] as number, was[2] as number);
        o0 = (was[0] as number) * (1 - w) + o0 * w;
        o1 = (was[1] as number) * (1 - w) + o1 * w;
        o2 = (was[2] as number) * (1 - w) + o2 * w;
      }
      lr[k] = o0;
      lg[k] = o1;
      lb[k] = o2;
    }
  }

  // The HDR merge's global tone curve, over the whole frame.
  if (hdr) hdrToned(W, H, lr, lg, lb, hdr, style.gain);

  // The haze between the scene and the lens, where the room is smoky.
  if (style.haze) hazed(W, H, lr, lg, lb, style.haze);
  // The lamps' film and the camera's polarising filter: their cast over everything.
  if (pol)
    [lr, lg, lb].forEach((p, ch) => {
      const t = pol.tint[ch] as number;
      for (let k = 0; k < W * H; k++) p[k] = (p[k] as number) * t;
    });
  // A security camera's dome in front of the lens: its ghost, its scratches, its tint.
  if (style.dome) domed(W, H, lr, lg, lb, style.dome);
  // The camera shaking on its mount: the image's mean over its path through the exposure.
  if (style.shake) {
    const taps = shakeTaps(shakePath(style.shake, H));
    for (const p of [lr, lg, lb]) p.set(convolved(p, W, H, taps));
  }
  // The lens: a little out of focus, and red and blue magnified a little differently, where it is so.
  if (style.defocus) for (const p of [lr, lg, lb]) p.set(defocused(p, W, H, (style.defocus * H) / 1080));
  if (style.lateralCA) {
    lr.set(magnified(lr, W, H, 1 + style.lateralCA));
    lb.set(magnified(lb, W, H, 1 - style.lateralCA));
  }
  // A bright lamp beyond the frame: its flare's ghosts and veiling glare.
  if (style.flare) flared(c, lr, lg, lb, style.flare);
  // A dirty lens: its smear's veil and bloom, then its dust's shadows.
  if (style.lensDirt) dirtied(W, H, lr, lg, lb, style.lensDirt);
  // The rolling shutter's bands' colour, where the lamps' channels flicker unequally: each row's red,
  // green and blue times their own band over the bands' common one (which the exposure takes, below).
  const hue = style.flicker?.hue;
  if (style.flicker && hue) {
    const f = style.flicker;
    for (let v = 0; v < H; v++) {
      const sv = Math.sin((2 * Math.PI * v) / (f.period * H) + f.phase);
      const common = 1 + f.depth * sv;
      [lr, lg, lb].forEach((p, ch) => {
        const r = (1 + f.depth * (hue[ch] as number) * sv) / common;
        for (let k = v * W; k < (v + 1) * W; k++) p[k] = (p[k] as number) * r;
      });
    }
  }

  // A wide lens's colour shading, its correction another module's: the corners darker and tinted.
  if (style.shading) shaded(W, H, lr, lg, lb, style.shading);
  // A CCD's full photosites spilling along their columns, and its registers' smear.
  if (style.ccd) bloomed(W, H, lr, lg, lb, style.ccd, style.gain);
  // An ageing sensor's hot and stuck photosites, its columns' and rows' offsets, its amplifier's glow.
  if (style.sensor) aged(W, H, lr, lg, lb, style.sensor, style.gain);

  // 3. The camera: exposure, white balance, a filmic curve, its sharpening, noise, 8 bits; a webcam's
  // at its own sensor's size, its frame coded and scaled up to the capture's.
  const noiseSeed = rng.int(1, 1 << 30);
  const truth = balls.map((b) => ({ ...b }));
  const cam = style.webcam;
  const tv = style.analogue;
  if (tv) {
    const h = tv.rows;
    const w = Math.round((W * h) / H / tv.aspect);
    const [sr, sg, sb] = [lr, lg, lb].map((p) => areaAveraged(p, W, H, w, h)) as [
      Float32Array,
      Float32Array,
      Float32Array,
    ];
    const video = compositeCoded(w, h, developed(w, h, sr, sg, sb, style, noiseSeed), tv);
    return { image: { width: W, height: H, data: bilinearUp(video, w, h, W, H) }, truth };
  }
  if (!cam) {
    const developedData = developed(W, H, lr, lg, lb, style, noiseSeed);
    // A lost packet's slices, hidden with the previous frame's picture (its own noise) or a smear.
    const decoded =
      loss && before
        ? concealed(
            W,
            H,
            developedData,
            developed(
              W,
              H,
              before[0] as Float32Array,
              before[1] as Float32Array,
              before[2] as Float32Array,
              style,
              noiseSeed ^ 0x5a5a5,
            ),
            loss,
            aimedRow,
          )
        : developedData;
    // A camera's or a stream's on-screen display, burned in before the video is coded.
    const data = style.osd ? burnedIn(W, H, decoded, style.osd) : decoded;
    const capturedData = style.capture ? captured(W, H, data, style.capture) : data;
    // A 4:3 camera's picture put into the 16:9 stream: the bars either side of it.
    return {
      image: {
        width: W,
        height: H,
        data: style.pillarbox ? pillarboxed(W, H, capturedData, style.pillarbox) : capturedData,
      },
      truth,
    };
  }
  const h = cam.rows;
  const w = Math.round((W * h) / H);
  const [sr, sg, sb] = [lr, lg, lb].map((p) => areaAveraged(p, W, H, w, h)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  demosaiced(w, h, sr, sg, sb);
  const coded = mjpegCoded(w, h, developed(w, h, sr, sg, sb, style, noiseSeed), cam.quality);
  return { image: { width: W, height: H, data: bilinearUp(coded, w, h, W, H) }, truth };
};

/**
 * The camera's development of the frame's linear light (W × H, planes lr, lg, lb): exposure, white
 * balance, a filmic curve, a phone's tone mapping and noise reduction, sharpening, noise (seeded by
 * `noiseSeed`), 8 bits.
 */
const developed = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  style: AltStyle,
  noiseSeed: number,
): Uint8Array => {
  const data = new Uint8Array(W * H * 3);
  const [wr, wg, wb] = style.whiteBalance;
  const gain = style.gain;
  const curve = (x: number): number => {
    // Highlights rolled off (not clipped hard), then a display gamma of 2.2 and a little toe.
    const y = (x * 1.25) / (1 + 0.25 * x);
    const s = Math.pow(Math.max(0, y), 1 / 2.2);
    return 255 * (s < 0.04 ? s * 0.85 : s);
  };
  const LUT = 4096;
  const table = Float32Array.from({ length: LUT + 1 }, (_, i) => curve((4 * i) / LUT));
  const encode = (x: number): number => {
    const f = Math.min(LUT, Math.max(0, (x / 4) * LUT));
    return table[Math.round(f)] as number;
  };
  const noise = style.noise;
  // Vignetting: the exposure falls with the square of the distance from the image's centre, by
  // `vignette` at the corners.
  const vignette = style.vignette ?? 0;
  const cu = (W - 1) / 2;
  const cv = (H - 1) / 2;
  const corner2 = cu * cu + cv * cv;
  // The flicker's bands: each row's share of the exposure.
  const flicker = style.flicker;
  const band = flicker
    ? Float64Array.from(
        { length: H },
        (_, v) => 1 + flicker.depth * Math.sin((2 * Math.PI * v) / (flicker.period * H) + flicker.phase),
      )
    : undefined;
  /** Pixel k's exposure through the lens (its vignetting) and the rolling shutter (its band). */
  const exposureAt = (k: number): number => {
    const unbanded =
      vignette === 0
        ? gain
        : gain * (1 - (vignette * (((k % W) - cu) ** 2 + (Math.floor(k / W) - cv) ** 2)) / corner2);
    return band ? unbanded * (band[Math.floor(k / W)] as number) : unbanded;
  };
  // A phone's local tone mapping: each pixel's exposure times its neighbourhood's factor.
  const toned = style.toneMap
    ? toneMapped(
        W,
        H,
        (k) =>
          exposureAt(k) *
          (0.2126 * (lr[k] as number) * wr +
            0.7152 * (lg[k] as number) * wg +
            0.0722 * (lb[k] as number) * wb),
        style.toneMap,
      )
    : undefined;
  const exposed = toned ? (k: number): number => exposureAt(k) * (toned[k] as number) : exposureAt;
  // A sharpening or denoising camera's frame is graded by the tone curve itself, not its table: the
  // table's steps, up to 5 levels near black, would be edges for the mask to ring round (contours across
  // a dim frame).
  const exact = (x: number): number => curve(Math.min(4, Math.max(0, x)));
  const graded = (k: number, out: Float64Array): void => {
    const g = exposed(k);
    out[0] = exact((lr[k] as number) * g * wr);
    out[1] = exact((lg[k] as number) * g * wg);
    out[2] = exact((lb[k] as number) * g * wb);
  };
  // A phone's frame: its sensor's noise drawn before its noise reduction, as a phone takes it.
  const phone = style.denoise
    ? denoised(
        W,
        H,
        (k, out) => {
          graded(k, out);
          const n =
            noise * Math.sqrt(0.3 + ((out[0] as number) + (out[1] as number) + (out[2] as number)) / 383);
          for (let c = 0; c < 3; c++) out[c] = (out[c] as number) + n * gauss(k, noiseSeed + c);
        },
        style.denoise,
      )
    : undefined;
  const sharp = style.sharpen
    ? sharpened(
        W,
        H,
        phone
          ? (k, out) => {
              out[0] = phone[3 * k] as number;
              out[1] = phone[3 * k + 1] as number;
              out[2] = phone[3 * k + 2] as number;
            }
          : graded,
        style.sharpen,
      )
    : phone;
  for (let k = 0; k < W * H; k++) {
    let vr: number;
    let vg: number;
    let vb: number;
    if (sharp) {
      vr = sharp[3 * k] as number;
      vg = sharp[3 * k + 1] as number;
      vb = sharp[3 * k + 2] as number;
    } else {
      const g = exposed(k);
      vr = encode((lr[k] as number) * g * wr);
      vg = encode((lg[k] as number) * g * wg);
      vb = encode((lb[k] as number) * g * wb);
    }
    if (phone) {
      data[3 * k] = clamp8(vr);
      data[3 * k + 1] = clamp8(vg);
      data[3 * k + 2] = clamp8(vb);
      continue;
    }
    const n = noise * Math.sqrt(0.3 + (vr + vg + vb) / 383);
    data[3 * k] = clamp8(vr + n * gauss(k, noiseSeed));
    data[3 * k + 1] = clamp8(vg + n * gauss(k, noiseSeed + 1));
    data[3 * k + 2] = clamp8(vb + n * gauss(k, noiseSeed + 2));
  }
  return data;
};

/**
 * What a camera or a stream burns into its picture (AltStyle.osd): panels (a score bug's ground, a
 * logo's plate), then lines of text over them, each laid over the camera's 8-bit frame after its
 * development, before any coding (a CCTV camera's on-screen display is written into its video by its
 * own encoder, a stream's graphics by its mixer). Everything is placed as fractions of the frame and
 * sized in px at 1080 rows (scaled with the frame's height and rounded to whole pixels: an OSD
 * generator's font is a bitmap, drawn at its own integer scale; at 4K every pixel of its 1080p self four).
 */
export interface AltOsd {
  readonly panels: readonly AltOsdPanel[];
  readonly texts: readonly AltOsdText[];
}

/** A flat rectangle laid over the frame: colour × alpha over the picture × (1 − alpha). */
export interface AltOsdPanel {
  /** Its top left corner, fractions of the frame's width and height. */
  readonly u: number;
  readonly v: number;
  /** Its width and height, px at 1080 rows. */
  readonly w: number;
  readonly h: number;
  readonly colour: Srgb8;
  readonly alpha: number;
}

/**
 * A line of text in the generator's 5 × 7 bitmap font (OSD_FONT; each character cell 6 font pixels
 * wide, a column of space after each glyph), each font pixel `scale` px square (at 1080 rows), its
 * strokes in `colour` ringed by an `outline` of `edge` px (at 1080 rows, at least 1; every pixel within
 * that many of a stroke's pixel, up, down, across or diagonally, that is not a stroke's), both laid over
 * the picture at `alpha`.
 */
export interface AltOsdText {
  readonly text: string;
  /** Its cell's top left corner (the first glyph's), fractions of the frame's width and height. */
  readonly u: number;
  readonly v: number;
  readonly scale: number;
  readonly colour: Srgb8;
  readonly outline: Srgb8;
  readonly edge: number;
  readonly alpha: number;
}

/**
 * An OSD generator's 5 × 7 font: each glyph seven rows of five, '#' a stroke. The characters a camera's
 * name, a date and time, a channel's logo and a score bug need; any other is a blank.
 */
export const OSD_FONT: Readonly<Record<string, readonly string[]>> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  A: [' ### ', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  B: ['#### ', '#   #', '#   #', '#### ', '#   #', '#   #', '#### '],
  C: [' ### ', '#   #', '#    ', '#    ', '#    ', '#   #', ' ### '],
  D: ['###  ', '#  # ', '#   #', '#   #', '#   #', '#  # ', '###  '],
  E: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#####'],
  F: ['#####', '#    ', '#    ', '#### ', '#    ', '#    ', '#    '],
  G: [' ### ', '#   #', '#    ', '# ###', '#   #', '#   #', ' ####'],
  H: ['#   #', '#   #', '#   #', '#####', '#   #', '#   #', '#   #'],
  I: [' ### ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  J: ['  ###', '   # ', '   # ', '   # ', '   # ', '#  # ', ' ##  '],
  K: ['#   #', '#  # ', '# #  ', '##   ', '# #  ', '#  # ', '#   #'],
  L: ['#    ', '#    ', '#    ', '#    ', '#    ', '#    ', '#####'],
  M: ['#   #', '## ##', '# # #', '# # #', '#   #', '#   #', '#   #'],
  N: ['#   #', '#   #', '##  #', '# # #', '#  ##', '#   #', '#   #'],
  O: [' ### ', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  P: ['#### ', '#   #', '#   #', '#### ', '#    ', '#    ', '#    '],
  Q: [' ### ', '#   #', '#   #', '#   #', '# # #', '#  # ', ' ## #'],
  R: ['#### ', '#   #', '#   #', '#### ', '# #  ', '#  # ', '#   #'],
  S: [' ####', '#    ', '#    ', ' ### ', '    #', '    #', '#### '],
  T: ['#####', '  #  ', '  #  ', '  #  ', '  #  ', '  #  ', '  #  '],
  U: ['#   #', '#   #', '#   #', '#   #', '#   #', '#   #', ' ### '],
  V: ['#   #', '#   #', '#   #', '#   #', '#   #', ' # # ', '  #  '],
  W: ['#   #', '#   #', '#   #', '# # #', '# # #', '# # #', ' # # '],
  X: ['#   #', '#   #', ' # # ', '  #  ', ' # # ', '#   #', '#   #'],
  Y: ['#   #', '#   #', ' # # ', '  #  ', '  #  ', '  #  ', '  #  '],
  Z: ['#####', '    #', '   # ', '  #  ', ' #   ', '#    ', '#####'],
  ':': ['     ', '  #  ', '  #  ', '     ', '  #  ', '  #  ', '     '],
  '-': ['     ', '     ', '     ', '#####', '     ', '     ', '     '],
  '/': ['    #', '    #', '   # ', '  #  ', ' #   ', '#    ', '#    '],
  '.': ['     ', '     ', '     ', '     ', '     ', ' ##  ', ' ##  '],
  '(': ['   # ', '  #  ', ' #   ', ' #   ', ' #   ', '  #  ', '   # '],
  ')': [' #   ', '  #  ', '   # ', '   # ', '   # ', '  #  ', ' #   '],
};

/** Whether font pixel (i across, j down) of a line of text is a stroke's (outside every glyph: not). */
export const osdStroke = (text: string, i: number, j: number): boolean => {
  if (i < 0 || j < 0 || j >= 7) return false;
  const n = Math.floor(i / 6);
  const col = i - 6 * n;
  if (n >= text.length || col >= 5) return false;
  const glyph = OSD_FONT[text[n] as string];
  return glyph !== undefined && (glyph[j] as string)[col] === '#';
};

/**
 * A place on the frame (px) on the OSD generator's grid: its pixels at 1080 rows, each round(H / 1080)
 * of the frame's (at least 1), so that a 4K frame's OSD is its 1080p one's, each pixel four.
 */
const osdGrid = (x: number, H: number): number => {
  const k = Math.max(1, Math.round(H / 1080));
  return k * Math.round(x / k);
};

/** A text's size in px in a frame `H` rows high: its font pixel's, its outline's, its box's (cells and outline). */
export const osdTextBox = (
  s: AltOsdText,
  W: number,
  H: number,
): { px: number; edge: number; u0: number; v0: number; w: number; h: number } => {
  const px = Math.max(1, Math.round((s.scale * H) / 1080));
  const edge = Math.max(1, Math.round((s.edge * H) / 1080));
  return {
    px,
    edge,
    u0: osdGrid(s.u * W, H),
    v0: osdGrid(s.v * H, H),
    w: (6 * s.text.length - 1) * px,
    h: 7 * px,
  };
};

/** A box on a W × H frame, px: columns u0 … u1 − 1, rows v0 … v1 − 1. */
export interface OsdBox {
  readonly u0: number;
  readonly v0: number;
  readonly u1: number;
  readonly v1: number;
}

/** The pixels a panel covers on a W × H frame, clipped to it. */
const panelBox = (p: AltOsdPanel, W: number, H: number): OsdBox => ({
  u0: Math.max(0, osdGrid(p.u * W, H)),
  v0: Math.max(0, osdGrid(p.v * H, H)),
  u1: Math.min(W, osdGrid(p.u * W, H) + Math.round((p.w * H) / 1080)),
  v1: Math.min(H, osdGrid(p.v * H, H) + Math.round((p.h * H) / 1080)),
});

/**
 * Every box an OSD draws on over a W × H frame, clipped to it: each panel, and each text's cells with
 * their outline: what a person installing the camera sees drawn over the table.
 */
export const osdBoxes = (osd: AltOsd, W: number, H: number): OsdBox[] => [
  ...osd.panels.map((p) => panelBox(p, W, H)),
  ...osd.texts.map((s) => {
    const b = osdTextBox(s, W, H);
    return {
      u0: Math.max(0, b.u0 - b.edge),
      v0: Math.max(0, b.v0 - b.edge),
      u1: Math.min(W, b.u0 + b.w + b.edge),
      v1: Math.min(H, b.v0 + b.h + b.edge),
    };
  }),
];
/**
 * The temporal noise reduction's weight of its last output (AltTemporalNR), from that output's linear
 * light and the new frame's: `keep` where the luma has not changed, falling to none at `threshold`.
 */
export const temporalWeight = (
  nr: AltTemporalNR,
  o0: number,
  o1: number,
  o2: number,
  n0: number,
  n1: number,
  n2: number,
): number => {
  const yo = 0.2126 * o0 + 0.7152 * o1 + 0.0722 * o2;
  const yn = 0.2126 * n0 + 0.7152 * n1 + 0.0722 * n2;
  const d = Math.abs(yn - yo) / Math.max(1e-6, yn + yo);
  return nr.keep * Math.max(0, 1 - d / nr.threshold);
};

/**
 * The decoded frame (W × H, 8-bit RGB) with a lost packet's slices hidden (AltPacketLoss), in place:
 * `previous` the previous frame's decoded picture. Slices in their order; a smear draws down from the
 * row above each block row, concealed already where that was lost too.
 */
const concealed = (
  W: number,
  H: number,
  data: Uint8Array,
  previous: Uint8Array,
  loss: AltPacketLoss,
  aimedRow: number,
): Uint8Array => {
  const g = LOSS_GREY_GREEN;
  for (const s of loss.slices) {
    const { size, cols, first, count } = lostBlocks(s, loss, W, H, aimedRow);
    const shift = Math.round((s.shift * H) / 1080);
    for (let b = first; b < first + count; b++) {
      const bu = (b % cols) * size;
      const bv = Math.floor(b / cols) * size;
      if (bv >= H) break;
      for (let v = bv; v < Math.min(H, bv + size); v++)
        for (let u = bu; u < Math.min(W, bu + size); u++) {
          const k = 3 * (v * W + u);
          if (s.conceal === 'smear') {
            // The row above the block row (the frame's first row where there is none), faded to grey-green.
            const a = 3 * (Math.max(0, bv - 1) * W + u);
            for (let ch = 0; ch < 3; ch++)
              data[k + ch] = clamp8((data[a + ch] as number) * (1 - s.fade) + (g[ch] as number) * s.fade);
            continue;
          }
          const from = s.conceal === 'shift' ? Math.min(W - 1, Math.max(0, u - shift)) : u;
          const q = 3 * (v * W + from);
          data[k] = previous[q] as number;
          data[k + 1] = previous[q + 1] as number;
          data[k + 2] = previous[q + 2] as number;
        }
    }
  }
  return data;
};

/** The frame (W × H, 8-bit RGB) with the OSD's panels and texts laid over it, in place. */
const burnedIn = (W: number, H: number, data: Uint8Array, osd: AltOsd): Uint8Array => {
  const over = (k: number, c: Srgb8, a: number): void => {
    for (let ch = 0; ch < 3; ch++)
      data[3 * k + ch] = clamp8((data[3 * k + ch] as number) * (1 - a) + (c[ch] as number) * a);
  };
  for (const p of osd.panels) {
    const { u0, v0, u1, v1 } = panelBox(p, W, H);
    for (let v = v0; v < v1; v++) for (let u = u0; u < u1; u++) over(v * W + u, p.colour, p.alpha);
  }
  for (const s of osd.texts) {
    const b = osdTextBox(s, W, H);
    const { px, edge } = b;
    // Each pixel's font pixel, and whether it or any within `edge` px is a stroke's.
    const stroke = (u: number, v: number): boolean =>
      osdStroke(s.text, Math.floor((u - b.u0) / px), Math.floor((v - b.v0) / px));
    for (let v = Math.max(0, b.v0 - edge); v < Math.min(H, b.v0 + b.h + edge); v++)
      for (let u = Math.max(0, b.u0 - edge); u < Math.min(W, b.u0 + b.w + edge); u++) {
        if (stroke(u, v)) {
          over(v * W + u, s.colour, s.alpha);
          continue;
        }
        let ringed = false;
        for (let dv = -edge; dv <= edge && !ringed; dv++)
          for (let du = -edge; du <= edge && !ringed; du++) ringed = stroke(u + du, v + dv);
        if (ringed) over(v * W + u, s.outline, s.alpha);
      }
  }
  return data;
};

/**
 * For a line of n pixels averaged down to m, each new pixel's old ones and their shares of it (their
 * overlap over its width; the shares of each new pixel sum to 1), as (new, old, share) triples.
 */
const spans = (n: number, m: number): Float64Array => {
  const f = n / m;
  const out: number[] = [];
  for (let i = 0; i < m; i++) {
    const a = i * f;
    const b = (i + 1) * f;
    for (let j = Math.floor(a); j < Math.min(n, Math.ceil(b)); j++) {
      const o = Math.min(b, j + 1) - Math.max(a, j);
      if (o > 1e-9) out.push(i, j, o / f);
    }
  }
  return Float64Array.from(out);
};

/** A W × H plane averaged down to w × h: each new pixel the mean of the light over it (a photosite's). */
const areaAveraged = (plane: Float32Array, W: number, H: number, w: number, h: number): Float32Array => {
  const across = spans(W, w);
  const down = spans(H, h);
  const rows = new Float32Array(w * H);
  for (let v = 0; v < H; v++)
    for (let q = 0; q < across.length; q += 3) {
      const k = v * w + (across[q] as number);
      rows[k] =
        (rows[k] as number) +
        (plane[v * W + (across[q + 1] as number)] as number) * (across[q + 2] as number);
    }
  const out = new Float32Array(w * h);
  for (let q = 0; q < down.length; q += 3) {
    const to = (down[q] as number) * w;
    const from = (down[q + 1] as number) * w;
    const share = down[q + 2] as number;
    for (let u = 0; u < w; u++) out[to + u] = (out[to + u] as number) + (rows[from + u] as number) * share;
  }
  return out;
};

/**
 * A sensor's light through an RGGB Bayer filter, its colours filled in again bilinearly, in place: each
 * photosite keeps its own filter's channel, each other channel the mean of that channel's photosites
 * round it (the two beside it in a row or a column, or the four beside or across from it; the edges
 * mirrored, which keeps the filter's pattern).
 */
const demosaiced = (w: number, h: number, lr: Float32Array, lg: Float32Array, lb: Float32Array): void => {
  // Red on even rows' even columns, blue on odd rows' odd ones, green elsewhere.
  const raw = new Float32Array(w * h);
  for (let v = 0; v < h; v++)
    for (let u = 0; u < w; u++) {
      const k = v * w + u;
      raw[k] =
        ((u & 1) | (v & 1)) === 0
          ? (lr[k] as number)
          : u & 1 & (v & 1)
            ? (lb[k] as number)
            : (lg[k] as number);
    }
  for (let v = 0; v < h; v++) {
    const up = (v > 0 ? v - 1 : 1) * w;
    const down = (v < h - 1 ? v + 1 : h - 2) * w;
    for (let u = 0; u < w; u++) {
      const left = u > 0 ? u - 1 : 1;
      const right = u < w - 1 ? u + 1 : w - 2;
      const k = v * w + u;
      const own = raw[k] as number;
      const across = ((raw[v * w + left] as number) + (raw[v * w + right] as number)) / 2;
      const along = ((raw[up + u] as number) + (raw[down + u] as number)) / 2;
      const cross = (across + along) / 2;
      const diagonal =
        ((raw[up + left] as number) +
          (raw[up + right] as number) +
          (raw[down + left] as number) +
          (raw[down + right] as number)) /
        4;
      const odd = v & 1;
      if ((u & 1) === odd) {
        // A red (even row) or a blue (odd row) photosite: green from the four beside it.
        lg[k] = cross;
        lr[k] = odd ? diagonal : own;
        lb[k] = odd ? own : diagonal;
      } else {
        // A green one: red from its row's pair on a red row, its column's on a blue row; blue the other.
        lg[k] = own;
        lr[k] = odd ? along : across;
        lb[k] = odd ? across : along;
      }
    }
  }
};

/** The IJG's base quantisation tables (JPEG's Annex K), luma's and chroma's, in row order. */
const JPEG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const JPEG_CHROMA = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];
/** The 8-point DCT's basis, DCT_BASIS[8 · f + x]: its f-th frequency at sample x (orthonormal). */
const DCT_BASIS = Float64Array.from({ length: 64 }, (_, i) => {
  const f = i >> 3;
  const x = i & 7;
  return (f === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * f * Math.PI) / 16);
});

/**
 * A plane (w × h, level-shifted values) through JPEG's lossy step, in place: each 8 × 8 block (the edge
 * blocks' missing samples the edge's own, as an encoder pads) transformed, each coefficient rounded to
 * a multiple of its quantiser, transformed back.
 */
const dctQuantised = (plane: Float64Array, w: number, h: number, q: readonly number[]): void => {
  const block = new Float64Array(64);
  const tmp = new Float64Array(64);
  for (let by = 0; by < h; by += 8)
    for (let bx = 0; bx < w; bx += 8) {
      for (let y = 0; y < 8; y++)
        for (let x = 0; x < 8; x++)
          block[8 * y + x] = plane[Math.min(h - 1, by + y) * w + Math.min(w - 1, bx + x)] as number;
      // Rows, then columns: F = B X Bᵀ.
      for (let y = 0; y < 8; y++)
        for (let f = 0; f < 8; f++) {
          let a = 0;
          for (let x = 0; x < 8; x++) a += (DCT_BASIS[8 * f + x] as number) * (block[8 * y + x] as number);
          tmp[8 * y + f] = a;
        }
      for (let g = 0; g < 8; g++)
        for (let f = 0; f < 8; f++) {
          let a = 0;
          for (let y = 0; y < 8; y++) a += (DCT_BASIS[8 * g + y] as number) * (tmp[8 * y + f] as number);
          const step = q[8 * g + f] as number;
          block[8 * g + f] = Math.round(a / step) * step;
        }
      for (let g = 0; g < 8; g++)
        for (let x = 0; x < 8; x++) {
          let a = 0;
          for (let f = 0; f < 8; f++) a += (DCT_BASIS[8 * f + x] as number) * (block[8 * g + f] as number);
          tmp[8 * g + x] = a;
        }
      for (let y = 0; y < 8 && by + y < h; y++)
        for (let x = 0; x < 8 && bx + x < w; x++) {
          let a = 0;
          for (let g = 0; g < 8; g++) a += (DCT_BASIS[8 * g + y] as number) * (tmp[8 * g + x] as number);
          plane[(by + y) * w + bx + x] = a;
        }
    }
};

/**
 * An 8-bit frame (w × h) through MJPEG's loss at `quality`: JFIF's YCbCr, the chroma averaged over each
 * two pixels of a row (4:2:2), each plane's blocks quantised by the IJG tables scaled to the quality, the chroma
 * spread back over its pixels, RGB again, 8 bits.
 */
const mjpegCoded = (w: number, h: number, data: Uint8Array, quality: number): Uint8Array => {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  const table = (base: readonly number[]): number[] =>
    base.map((b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
  const y = new Float64Array(w * h);
  const cw = Math.ceil(w / 2);
  const chh = h;
  const cb = new Float64Array(cw * chh);
  const cr = new Float64Array(cw * chh);
  const count = new Float64Array(cw * chh);
  for (let v = 0; v < h; v++)
    for (let u = 0; u < w; u++) {
      const k = 3 * (v * w + u);
      const r = data[k] as number;
      const g = data[k + 1] as number;
      const b = data[k + 2] as number;
      y[v * w + u] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
      const c = v * cw + (u >> 1);
      cb[c] = (cb[c] as number) - 0.168736 * r - 0.331264 * g + 0.5 * b;
      cr[c] = (cr[c] as number) + 0.5 * r - 0.418688 * g - 0.081312 * b;
      count[c] = (count[c] as number) + 1;
    }
  for (let c = 0; c < cb.length; c++) {
    cb[c] = (cb[c] as number) / (count[c] as number);
    cr[c] = (cr[c] as number) / (count[c] as number);
  }
  dctQuantised(y, w, h, table(JPEG_LUMA));
  dctQuantised(cb, cw, chh, table(JPEG_CHROMA));
  dctQuantised(cr, cw, chh, table(JPEG_CHROMA));
  const out = new Uint8Array(3 * w * h);
  for (let v = 0; v < h; v++)
    for (let u = 0; u < w; u++) {
      const l = (y[v * w + u] as number) + 128;
      const c = v * cw + (u >> 1);
      const b = cb[c] as number;
      const r = cr[c] as number;
      const k = 3 * (v * w + u);
      out[k] = clamp8(l + 1.402 * r);
      out[k + 1] = clamp8(l - 0.344136 * b - 0.714136 * r);
      out[k + 2] = clamp8(l + 1.772 * b);
    }
  return out;
};

/** PAL's colour subcarrier, 4.43361875 MHz, in cycles a sample of BT.601's 13.5 MHz. */
const PAL_CARRIER = 4.43361875 / 13.5;
/** PAL's luma bandwidth, 5 MHz, in cycles a sample. */
const PAL_LUMA = 5 / 13.5;

/**
 * A line's low-pass FIR at `cutoff` cycles a sample: a sinc windowed by a wider one (Lanczos, 8 taps
 * either side), its taps summing to 1. Sharp, so a step rings beside it (Gibbs's overshoot).
 */
const lanczosTaps = (cutoff: number): Float64Array => {
  const sinc = (x: number): number => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));
  const taps = Float64Array.from({ length: 17 }, (_, i) => sinc(2 * cutoff * (i - 8)) * sinc((i - 8) / 8));
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((x) => x / sum);
};

/** A line (n samples) through a FIR's taps (centred), into `out`; its ends held. */
const filtered = (line: Float64Array, taps: Float64Array, out: Float64Array): void => {
  const n = line.length;
  const r = (taps.length - 1) / 2;
  for (let u = 0; u < n; u++) {
    let acc = 0;
    for (let i = -r; i <= r; i++)
      acc += (taps[i + r] as number) * (line[Math.min(n - 1, Math.max(0, u + i))] as number);
    out[u] = acc;
  }
};

/** A Gaussian's taps of `sigma` samples (out to 3 sigma), summing to 1. */
const gaussTaps = (sigma: number): Float64Array => {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const taps = Float64Array.from({ length: 2 * r + 1 }, (_, i) =>
    Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)),
  );
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((x) => x / sum);
};

/**
 * An 8-bit frame (w × h, the camera's lines) through composite video and a cheap capture card, as
 * AltAnalogue says: each line coded (Y'UV, the chroma band-limited and modulated on the subcarrier,
 * added to the luma) and decoded (the chroma demodulated, band-limited and averaged with the field's
 * line before; the luma the signal less the chroma remodulated, then low-passed at 5 MHz), RGB again;
 * deinterlaced; 8 bits.
 */
const compositeCoded = (w: number, h: number, data: Uint8Array, a: AltAnalogue): Uint8Array => {
  const sent = gaussTaps(a.cameraChroma);
  const chroma = gaussTaps(a.cardChroma);
  const luma = lanczosTaps(PAL_LUMA);
  const line = (): Float64Array => new Float64Array(w);
  // A line's luma, its chroma, the signal, the chroma decoded, scratch; the carrier at each sample.
  const [y, u, v, c, lu, lv, tmp, s, sin, cos] = [
    line(),
    line(),
    line(),
    line(),
    line(),
    line(),
    line(),
    line(),
    line(),
    line(),
  ];
  const Y = new Float64Array(w * h);
  const U = new Float64Array(w * h);
  const V = new Float64Array(w * h);
  for (let row = 0; row < h; row++) {
    // The row's line in its field (rows 0, 2, 4 … the first field's, 1, 3, 5 … the second's): the
    // carrier's phase at its start and its V switch.
    const n = row >> 1;
    const phase = 0.75 * n + 0.5 * (row & 1);
    const vs = n % 2 === 0 ? 1 : -1;
    for (let q = 0; q < w; q++) {
      const k = 3 * (row * w + q);
      const r = data[k] as number;
      const g = data[k + 1] as number;
      const b = data[k + 2] as number;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      y[q] = l;
      tmp[q] = 0.492 * (b - l);
      s[q] = 0.877 * (r - l);
      const p = 2 * Math.PI * (PAL_CARRIER * q + phase);
      sin[q] = Math.sin(p);
      cos[q] = vs * Math.cos(p);
    }
    filtered(tmp, sent, u);
    filtered(s, sent, v);
    // The composite signal, and the chroma demodulated from all of it, band-limited.
    for (let q = 0; q < w; q++) {
      const x =
        (y[q] as number) + (u[q] as number) * (sin[q] as number) + (v[q] as number) * (cos[q] as number);
      c[q] = x;
      tmp[q] = 2 * x * (sin[q] as number);
      s[q] = 2 * x * (cos[q] as number);
    }
    filtered(tmp, chroma, lu);
    filtered(s, chroma, lv);
    // The luma: the signal less the chroma as decoded, then the card's low-pass.
    for (let q = 0; q < w; q++)
      tmp[q] =
        (c[q] as number) - (lu[q] as number) * (sin[q] as number) - (lv[q] as number) * (cos[q] as number);
    filtered(tmp, luma, s);
    const o = row * w;
    Y.set(s, o);
    U.set(lu, o);
    V.set(lv, o);
  }
  /** PAL's delay line: a row's chroma the mean of its line's and its field's line before's. */
  const delayed = (P: Float64Array, row: number, q: number): number =>
    row >= 2
      ? ((P[row * w + q] as number) + (P[(row - 2) * w + q] as number)) / 2
      : (P[row * w + q] as number);
  const out = new Uint8Array(3 * w * h);
  for (let row = 0; row < h; row++) {
    // Bob: the second field's rows the mean of the first field's either side (the last, the one above).
    const bob = a.deinterlace === 'bob' && (row & 1) === 1;
    const r0 = bob ? row - 1 : row;
    const r1 = bob && row + 1 < h ? row + 1 : r0;
    for (let q = 0; q < w; q++) {
      const l = ((Y[r0 * w + q] as number) + (Y[r1 * w + q] as number)) / 2;
      const cu = (delayed(U, r0, q) + delayed(U, r1, q)) / 2;
      const cv = (delayed(V, r0, q) + delayed(V, r1, q)) / 2;
      const k = 3 * (row * w + q);
      out[k] = clamp8(l + 1.14 * cv);
      out[k + 1] = clamp8(l - 0.395 * cu - 0.581 * cv);
      out[k + 2] = clamp8(l + 2.032 * cu);
    }
  }
  return out;
};

/** An 8-bit frame (w × h) scaled bilinearly to W × H, the pixels' middles aligned. */
const bilinearUp = (data: Uint8Array, w: number, h: number, W: number, H: number): Uint8Array => {
  const out = new Uint8Array(3 * W * H);
  for (let v = 0; v < H; v++) {
    const fv = Math.min(h - 1, Math.max(0, ((v + 0.5) * h) / H - 0.5));
    const j0 = Math.floor(fv);
    const j1 = Math.min(h - 1, j0 + 1);
    const ty = fv - j0;
    for (let u = 0; u < W; u++) {
      const fu = Math.min(w - 1, Math.max(0, ((u + 0.5) * w) / W - 0.5));
      const i0 = Math.floor(fu);
      const i1 = Math.min(w - 1, i0 + 1);
      const tx = fu - i0;
      for (let ch = 0; ch < 3; ch++) {
        const a =
          (data[3 * (j0 * w + i0) + ch] as number) * (1 - tx) + (data[3 * (j0 * w + i1) + ch] as number) * tx;
        const b =
          (data[3 * (j1 * w + i0) + ch] as number) * (1 - tx) + (data[3 * (j1 * w + i1) + ch] as number) * tx;
        out[3 * (v * W + u) + ch] = clamp8(a * (1 - ty) + b * ty);
      }
    }
  }
  return out;
};

/**
 * A rod's colour where a ray met it (hit as hitPart gives it: s along the axis, the normal), into `out`:
 * its band there, the bands' ends running back in four points round it where they have points (one
 * of them on its top, as a cue lies), darkened and lightened in streaks along it by its grain.
 */
const rodAlbedo = (
  q: Prepared,
  rod: AltRod,
  colours: readonly (readonly [number, number, number])[],
  hit: Float64Array,
  seed: number,
  out: Float64Array,
): void => {
  const s = hit[0] as number;
  // The angle round the axis, from a level direction square to it.
  const h = Math.hypot(q.ux, q.uy);
  const [e1x, e1y] = h > 1e-6 ? [q.uy / h, -q.ux / h] : [1, 0];
  const nx = hit[1] as number;
  const ny = hit[2] as number;
  const nz = hit[3] as number;
  const phi = Math.atan2(
    h > 1e-6 ? (nx * q.uz * q.ux + ny * q.uz * q.uy) / h - nz * h : ny,
    nx * e1x + ny * e1y,
  );
  const turn = (2 * phi) / Math.PI + 0.5;
  const point = 1 - Math.abs(2 * (turn - Math.floor(turn)) - 1);
  let i = 0;
  while (
    i < rod.bands.length - 1 &&
    s >
      (rod.bands[i] as AltRod['bands'][number]).to -
        ((rod.bands[i] as AltRod['bands'][number]).points ?? 0) * point
  )
    i++;
  const c = colours[i] as readonly [number, number, number];
  const grain = rod.grain ? 1 + 2 * rod.grain * (valueNoise(s / 70, phi * 2, seed + 11) - 0.5) : 1;
  out[0] = c[0] * grain;
  out[1] = c[1] * grain;
  out[2] = c[2] * grain;
};

/** A ball's box in the image (u0, v0, u1, v1: pixels, inclusive), from a few points on its outline, generously. */
const ballBox = (c: Calibration<Table>, b: AltBall): readonly [number, number, number, number] => {
  const R = c.table.ballRadius;
  const zc = c.table.ballCentreHeight;
  let u0 = Infinity;
  let v0 = Infinity;
  let u1 = -Infinity;
  let v1 = -Infinity;
  for (let a = 0; a < 16; a++) {
    for (const z of [0, zc, 2 * R]) {
      const q = projectPx(
        c,
        b.x + R * 1.05 * Math.cos((a * Math.PI) / 8),
        b.y + R * 1.05 * Math.sin((a * Math.PI) / 8),
        z,
      );
      u0 = Math.min(u0, q[0]);
      v0 = Math.min(v0, q[1]);
      u1 = Math.max(u1, q[0]);
      v1 = Math.max(v1, q[1]);
    }
  }
  return [
    Math.max(0, Math.floor(u0) - 2),
    Math.max(0, Math.floor(v0) - 2),
    Math.min(c.image.width - 1, Math.ceil(u1) + 2),
    Math.min(c.image.height - 1, Math.ceil(v1) + 2),
  ] as const;
};

/**
 * A pixel's angle at its widest, radians: the lens's at its middle, half as wide again for the barrel
 * distortion at the corners (a margin, not a measure).
 */
const pixelAngle = (c: Calibration<Table>): number => 1.5 / Math.min(c.camera.fx, c.camera.fy);

/**
 * Each ball's share in view (0…1) past a player's parts, from the camera of `c`: of the 4 × 4 samples
 * a pixel over its box (the rays the renderer draws it with) whose ray meets the ball, the share that
 * meets no part before it. Another ball in front of it is not counted (as tests/vision-scenes' truth
 * does not). 1, exactly, for every ball without a player and for every ball no part comes near.
 */
export const altInView = (
  c: Calibration<Table>,
  balls: readonly AltBall[],
  player: AltPlayer | undefined,
): number[] => {
  if (!player) return balls.map(() => 1);
  const grid = rayGrid(c);
  const { ox, oy, oz } = grid;
  const parts = player.parts.map(prepare);
  const R = c.table.ballRadius;
  const zc = c.table.ballCentreHeight;
  const pixel = pixelAngle(c);
  const dir = new Float64Array(3);
  const S = 4;
  return balls.map((b) => {
    const [u0, v0, u1, v1] = ballBox(c, b);
    rayAt(grid, (u0 + u1) / 2, (v0 + v1) / 2, dir);
    const reach = (Math.hypot(u1 - u0, v1 - v0) / 2 + 3) * pixel;
    const near = parts.filter((q) =>
      nearPart(q, ox, oy, oz, dir[0] as number, dir[1] as number, dir[2] as number, reach),
    );
    if (near.length === 0) return 1;
    let all = 0;
    let seen = 0;
    for (let v = v0; v <= v1; v++)
      for (let u = u0; u <= u1; u++)
        for (let sj = 0; sj < S; sj++)
          for (let si = 0; si < S; si++) {
            rayAt(grid, u - 0.5 + (si + 0.5) / S, v - 0.5 + (sj + 0.5) / S, dir);
            const dx = dir[0] as number;
            const dy = dir[1] as number;
            const dz = dir[2] as number;
            const tb = sphereHit(ox, oy, oz, dx, dy, dz, b.x, b.y, zc, R);
            if (tb === Infinity) continue;
            all++;
            if (!near.some((q) => hitPart(q, ox, oy, oz, dx, dy, dz) < tb)) seen++;
          }
    return all > 0 ? seen / all : 1;
  });
};

/**
 * A smoky room's haze over the frame's linear light, in place: the veil (each pixel dimmed by `veil`,
 * the frame's mean luminance times `veil` of the haze's colour added), then the bloom (each channel's light
 * over the threshold, times `bloom`, blurred and added). The bloom is blurred at a quarter of the
 * frame's size (blockBlurred, each 4 × 4 block's sum): a highlight's excess is a few pixels wide.
 */
const hazed = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  h: AltHaze,
): void => {
  const planes = [lr, lg, lb] as const;
  const n = W * H;
  const F = 4;
  const sigma = (h.radius * H) / 1080 / F;
  let sum = 0;
  for (let k = 0; k < n; k++)
    sum += 0.2126 * (lr[k] as number) + 0.7152 * (lg[k] as number) + 0.0722 * (lb[k] as number);
  planes.forEach((plane, ch) => {
    const air = (h.veil * (h.colour[ch] as number) * sum) / n;
    blockBlurred(
      W,
      H,
      F,
      sigma,
      false,
      (k) => {
        const e = (plane[k] as number) - h.threshold;
        return e > 0 ? e : 0;
      },
      (k, g) => {
        // A block's sum spread over its F² pixels.
        plane[k] = (plane[k] as number) * (1 - h.veil) + air + (h.bloom * g) / (F * F);
      },
    );
  });
};

/**
 * A plane blurred at 1 / F of its size: each F × F block's sum of value(k) (or its mean, where `mean`),
 * blurred by a Gaussian of `sigma` blocks, then read back at every pixel k, bilinearly between the
 * nearest blocks' middles, as put(k, g). What is blurred is a few pixels wide or wider than a block,
 * and a wide blur at full size costs seconds a frame. Every pixel's value is taken before any is put.
 */
const blockBlurred = (
  W: number,
  H: number,
  F: number,
  sigma: number,
  mean: boolean,
  value: (k: number) => number,
  put: (k: number, g: number) => void,
): void => {
  const w = Math.ceil(W / F);
  const hh = Math.ceil(H / F);
  const blocks = new Float32Array(w * hh);
  for (let v = 0; v < H; v++)
    for (let u = 0; u < W; u++) {
      const b = Math.floor(v / F) * w + Math.floor(u / F);
      blocks[b] = (blocks[b] as number) + value(v * W + u);
    }
  if (mean)
    for (let j = 0; j < hh; j++)
      for (let i = 0; i < w; i++)
        blocks[j * w + i] =
          (blocks[j * w + i] as number) /
          ((Math.min(W, (i + 1) * F) - i * F) * (Math.min(H, (j + 1) * F) - j * F));
  const glow = gaussianBlur(blocks, w, hh, sigma);
  for (let v = 0; v < H; v++) {
    // The block's middle is at (F − 1) / 2 of its pixels: bilinear between the nearest blocks' middles.
    const fv = Math.min(hh - 1, Math.max(0, (v - (F - 1) / 2) / F));
    const j0 = Math.floor(fv);
    const j1 = Math.min(hh - 1, j0 + 1);
    const ty = fv - j0;
    for (let u = 0; u < W; u++) {
      const fu = Math.min(w - 1, Math.max(0, (u - (F - 1) / 2) / F));
      const i0 = Math.floor(fu);
      const i1 = Math.min(w - 1, i0 + 1);
      const tx = fu - i0;
      const g =
        ((glow[j0 * w + i0] as number) * (1 - tx) + (glow[j0 * w + i1] as number) * tx) * (1 - ty) +
        ((glow[j1 * w + i0] as number) * (1 - tx) + (glow[j1 * w + i1] as number) * tx) * ty;
      put(v * W + u, g);
    }
  }
};

/**
 * A phone's local tone mapping: each pixel's factor on its exposure, exp(−strength · (B − B̄)), from the
 * exposed frame's luminance (lum(k), linear): B the log luminance round it (a Gaussian of `radius` px at
 * 1080 rows, blurred at a quarter of the frame's size), B̄ the frame's mean log luminance.
 */
const toneMapped = (W: number, H: number, lum: (k: number) => number, m: AltToneMap): Float32Array => {
  const n = W * H;
  const logs = new Float32Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    // A floor well under the darkest code value's light, so that a hole's black is not lifted without end.
    logs[k] = Math.log(Math.max(1e-3, lum(k)));
    sum += logs[k] as number;
  }
  const middle = sum / n;
  const F = 4;
  const factor = new Float32Array(n);
  blockBlurred(
    W,
    H,
    F,
    (m.radius * H) / 1080 / F,
    true,
    (k) => logs[k] as number,
    (k, b) => {
      factor[k] = Math.exp(-m.strength * (b - middle));
    },
  );
  return factor;
};

/**
 * A phone's noise reduction on its graded frame (code values, 3 a pixel, as noisy(k, out) gives them,
 * its sensor's noise in them): luma's detail cored, chroma blurred at half the frame's size (a phone
 * keeps its chroma at half size, 4:2:0), each pixel's red, green and blue made again from them.
 */
const denoised = (
  W: number,
  H: number,
  noisy: (k: number, out: Float64Array) => void,
  d: AltDenoise,
): Float32Array => {
  const n = W * H;
  const y = new Float32Array(n);
  const cb = new Float32Array(n);
  const cr = new Float32Array(n);
  const px = new Float64Array(3);
  for (let k = 0; k < n; k++) {
    noisy(k, px);
    const l = 0.299 * (px[0] as number) + 0.587 * (px[1] as number) + 0.114 * (px[2] as number);
    y[k] = l;
    cb[k] = (px[2] as number) - l;
    cr[k] = (px[0] as number) - l;
  }
  const base = gaussianBlur(y, W, H, (d.radius * H) / 1080);
  const t2 = d.luma * d.luma;
  for (let k = 0; k < n; k++) {
    const b = base[k] as number;
    const e = (y[k] as number) - b;
    y[k] = b + (e * e * e) / (e * e + t2);
  }
  const out = new Float32Array(3 * n);
  const F = 2;
  const sigma = (d.chroma * H) / 1080 / F;
  blockBlurred(
    W,
    H,
    F,
    sigma,
    true,
    (k) => cr[k] as number,
    (k, g) => {
      out[3 * k] = (y[k] as number) + g;
    },
  );
  blockBlurred(
    W,
    H,
    F,
    sigma,
    true,
    (k) => cb[k] as number,
    (k, g) => {
      out[3 * k + 2] = (y[k] as number) + g;
    },
  );
  for (let k = 0; k < n; k++)
    out[3 * k + 1] =
      ((y[k] as number) - 0.299 * (out[3 * k] as number) - 0.114 * (out[3 * k + 2] as number)) / 0.587;
  return out;
};

/** The distance on the bed (mm) between the points two neighbouring pixels at the image's middle see. */
const bedFootprint = (g: RayGrid, W: number, H: number): number => {
  const d = new Float64Array(3);
  const at = (u: number): [number, number] => {
    rayAt(g, u, (H - 1) / 2, d);
    const s = -g.oz / (d[2] as number);
    return [g.ox + s * (d[0] as number), g.oy + s * (d[1] as number)];
  };
  const [ax, ay] = at((W - 1) / 2);
  const [bx, by] = at((W + 1) / 2);
  return Math.hypot(bx - ax, by - ay);
};

/** A thing's height over the plane, mm: what its shadow falls from (spilled dust has none). */
const clutterHeight = (it: AltClutterItem): number =>
  it.kind === 'chalk' ? it.size : it.kind === 'rest' ? it.width : it.kind === 'coaster' ? 3 : 0;

/** The shares of a thing's height at which its plan is seen from a point towards each lamp (its shadow). */
const SHADOW_HEIGHTS = [0.35, 0.7, 1] as const;

/** How far a rest's cross head's middle lies past its shaft's end (its ferrule and the head's stem), mm. */
const REST_STEM = 40;

/** A box on the plane: x0, y0, x1, y1. */
type PlaneBox = readonly [number, number, number, number];

/**
 * A thing's boxes on the plane (a rest's shaft's and its head's; one for anything else), grown by its
 * edges' width and by how far its shadow may reach (twice its height and 10 mm: no lamp is lower than
 * half its distance in plan from a point); a point outside them is untouched by it.
 */
const clutterBoxes = (it: AltClutterItem, edge: number): readonly PlaneBox[] => {
  const grow = 2 * clutterHeight(it) + 10 + edge;
  const round = (x: number, y: number, r: number): PlaneBox => [x - r, y - r, x + r, y + r];
  if (it.kind === 'rest') {
    const len = Math.hypot(it.x1 - it.x0, it.y1 - it.y0);
    const hx = it.x1 + ((it.x1 - it.x0) / len) * REST_STEM;
    const hy = it.y1 + ((it.y1 - it.y0) / len) * REST_STEM;
    const g = grow + it.width / 2;
    return [
      [
        Math.min(it.x0, it.x1) - g,
        Math.min(it.y0, it.y1) - g,
        Math.max(it.x0, it.x1) + g,
        Math.max(it.y0, it.y1) + g,
      ],
      round(hx, hy, grow + Math.max(it.head / 2, REST_STEM)),
    ];
  }
  return [round(it.x, it.y, (it.kind === 'chalk' ? it.size * Math.SQRT1_2 : it.r) + grow)];
};

/** A point (x, y) in a chalk cube's own frame: from its middle along its sides, mm. */
const chalkFrame = (
  it: AltClutterItem & { kind: 'chalk' },
  x: number,
  y: number,
): readonly [number, number] => {
  const c = Math.cos(it.angle);
  const s = Math.sin(it.angle);
  return [(x - it.x) * c + (y - it.y) * s, -(x - it.x) * s + (y - it.y) * c];
};

/** A rest's parts round a point: along and across its shaft from the butt, and its length. */
const restFrame = (
  it: AltClutterItem & { kind: 'rest' },
  x: number,
  y: number,
): { along: number; across: number; len: number; dx: number; dy: number } => {
  const len = Math.hypot(it.x1 - it.x0, it.y1 - it.y0);
  const dx = (it.x1 - it.x0) / len;
  const dy = (it.y1 - it.y0) / len;
  const px = x - it.x0;
  const py = y - it.y0;
  return { along: px * dx + py * dy, across: -px * dy + py * dx, len, dx, dy };
};

/** How much of a rest's cross head covers (x, y): two bars at ±45° to the shaft, crossing REST_STEM past its end. */
const restHead = (
  it: AltClutterItem & { kind: 'rest' },
  along: number,
  across: number,
  edge: number,
): number => {
  const a = along - restFrame(it, it.x1, it.y1).along - REST_STEM;
  let cover = 0;
  for (const sign of [1, -1]) {
    const u = (a + sign * across) * Math.SQRT1_2;
    const v = (-sign * a + across) * Math.SQRT1_2;
    cover = Math.max(cover, softInside(it.head / 2, edge, u) * softInside(5, edge, v));
  }
  // The stem from the ferrule to the crossing.
  return Math.max(
    cover,
    softInside(REST_STEM / 2, edge, a + REST_STEM / 2) * softInside(it.width * 0.3, edge, across),
  );
};

/** How much of a point (x, y) of the plane a thing's plan covers (0…1), its edges `edge` mm wide; dust none. */
const clutterCover = (it: AltClutterItem, x: number, y: number, edge: number): number => {
  switch (it.kind) {
    case 'chalk': {
      const [a, b] = chalkFrame(it, x, y);
      return softInside(it.size / 2, edge, a) * softInside(it.size / 2, edge, b);
    }
    case 'rest': {
      const f = restFrame(it, x, y);
      const shaft =
        softInside(f.len / 2, edge, f.along - f.len / 2) * softInside(it.width / 2, edge, f.across);
      return Math.max(shaft, restHead(it, f.along, f.across, edge));
    }
    case 'coaster':
      return softInside(it.r, edge, Math.hypot(x - it.x, y - it.y));
    case 'dust':
      return 0;
  }
};

/**
 * A thing's top at (x, y): how much of the point it covers (0…1, returned), and its colour there as
 * lit by the plane's light, into `out` (its own ink `a`, its second `b`: a rest's brass, a mat's ring),
 * shaded by its shape: a chalk cube's rim a little darker and its cupped hollow darker still; a rest's
 * round shaft darker towards its sides with a varnish's highlight along it, its brass ferrule and head
 * polished; a mat's card flat.
 */
const clutterTopAt = (
  it: AltClutterItem,
  x: number,
  y: number,
  edge: number,
  a: readonly number[],
  b: readonly number[],
  out: Float64Array,
): number => {
  const cover = clutterCover(it, x, y, edge);
  if (cover <= 0) return 0;
  let mix = 0;
  let shade = 1;
  if (it.kind === 'chalk') {
    const [u, v] = chalkFrame(it, x, y);
    const rim = Math.min(1, Math.max(0, (Math.max(Math.abs(u), Math.abs(v)) - (it.size / 2 - 2.5)) / 2.5));
    const d = Math.hypot(u, v);
    const hollow = softInside(it.hollow / 2, 2 + edge, d);
    // The cup deepest in its middle: darker there than at its lip.
    const deep = Math.max(0, 1 - d / (it.hollow / 2));
    shade = (1 - 0.2 * rim) * (1 - hollow * (0.35 + 0.25 * deep));
  } else if (it.kind === 'rest') {
    const f = restFrame(it, x, y);
    const onShaft = f.along <= f.len;
    const half = onShaft ? it.width / 2 : it.width * 0.3;
    const n = Math.min(1, Math.abs(f.across) / half);
    // A round bar lit from above: its top facing the lamps, its sides turned away; a highlight along it.
    shade =
      0.5 + 0.5 * Math.sqrt(1 - n * n) + 0.6 * Math.exp(-(((f.across + 0.2 * half) / (0.25 * half)) ** 2));
    mix = onShaft && f.along < f.len - 30 ? 0 : 1;
  } else if (it.kind === 'coaster') {
    const d = Math.hypot(x - it.x, y - it.y);
    mix = softInside(0.06 * it.r, edge, d - 0.72 * it.r);
  }
  for (let ch = 0; ch < 3; ch++) out[ch] = ((a[ch] as number) * (1 - mix) + (b[ch] as number) * mix) * shade;
  return cover;
};

/** How much of the cloth spilled chalk dust hides at (x, y) (0…1): a soft blotch broken into specks. */
const dustAt = (it: AltClutterItem & { kind: 'dust' }, x: number, y: number): number => {
  const d2 = ((x - it.x) ** 2 + (y - it.y) ** 2) / (it.r * it.r);
  if (d2 >= 4) return 0;
  const specks = Math.min(1, Math.max(0, (valueNoise(x / 3, y / 3, it.seed) - 0.3) / 0.4));
  const patches = 0.5 + 0.5 * valueNoise(x / 12, y / 12, it.seed + 1);
  return it.amount * Math.exp(-1.5 * d2) * specks * patches;
};

/**
 * A dirty lens over the frame's linear light, in place: the smear first (its veil mixing each pixel's
 * light towards the mean round it, its bloom spreading the light over the threshold, both by the
 * smear's strength there), then each speck's shadow (the light times 1 − its depth × its soft disc).
 * Sizes are px at 1080 rows, scaled with the frame's height.
 */
const dirtied = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  d: AltLensDirt,
): void => {
  const scale = H / 1080;
  const planes = [lr, lg, lb] as const;
  const sm = d.smear;
  if (sm) smeared(W, H, planes, sm, scale);
  for (const p of d.specks) {
    const r = p.radius * scale;
    const outer = r * (1 + p.soft / 2);
    const inner = r * (1 - p.soft / 2);
    const cu = p.u * W;
    const cv = p.v * H;
    for (let v = Math.max(0, Math.floor(cv - outer)); v <= Math.min(H - 1, Math.ceil(cv + outer)); v++)
      for (let u = Math.max(0, Math.floor(cu - outer)); u <= Math.min(W - 1, Math.ceil(cu + outer)); u++) {
        const e = Math.min(1, Math.max(0, (Math.hypot(u - cu, v - cv) - inner) / (outer - inner)));
        const k = v * W + u;
        const keep = 1 - p.depth * (1 - e * e * (3 - 2 * e));
        for (const plane of planes) plane[k] = (plane[k] as number) * keep;
      }
  }
};

/**
 * A greasy smear over the frame's linear light, in place (see AltSmear). Both of its blurs, of each
 * channel's light (its mean round a pixel) and of its excess over the threshold (its glow), are taken
 * at an eighth of the frame's size (what they spread is tens of px wide), the six block planes summed
 * in one pass over the frame and read back bilinearly in another, and only where the smear's strength
 * is over 1e-6 (q² < 14): blockBlurred's two passes a plane for each blur cost a 1080p frame 1.3 s.
 */
const smeared = (
  W: number,
  H: number,
  planes: readonly [Float32Array, Float32Array, Float32Array],
  sm: AltSmear,
  scale: number,
): void => {
  const F = 8;
  const w = Math.ceil(W / F);
  const hh = Math.ceil(H / F);
  // The blocks' sums: each channel's light (0 to 2) and its excess over the threshold (3 to 5).
  const sums = Array.from({ length: 6 }, () => new Float32Array(w * hh));
  for (let v = 0; v < H; v++)
    for (let u = 0; u < W; u++) {
      const b = Math.floor(v / F) * w + Math.floor(u / F);
      const k = v * W + u;
      for (let ch = 0; ch < 3; ch++) {
        const x = (planes[ch] as Float32Array)[k] as number;
        const light = sums[ch] as Float32Array;
        light[b] = (light[b] as number) + x;
        if (x > sm.threshold) {
          const over = sums[3 + ch] as Float32Array;
          over[b] = (over[b] as number) + x - sm.threshold;
        }
      }
    }
  // The light's blocks to their means; the excess's spread over its blocks' pixels when read back.
  for (let j = 0; j < hh; j++)
    for (let i = 0; i < w; i++) {
      const n = (Math.min(W, (i + 1) * F) - i * F) * (Math.min(H, (j + 1) * F) - j * F);
      for (let ch = 0; ch < 3; ch++) {
        const light = sums[ch] as Float32Array;
        light[j * w + i] = (light[j * w + i] as number) / n;
      }
    }
  // Each blurred twice by a Gaussian √2 narrower: one Gaussian cut off at 3σ leaves a white ball's glow
  // a disc with a hard rim; two, their cut rims smoothed by each other, fade it out.
  const blurred = sums.map((p, i) => {
    const sigma = ((i < 3 ? sm.spread : sm.glow) * scale) / F / Math.SQRT2;
    return gaussianBlur(gaussianBlur(p, w, hh, sigma), w, hh, sigma);
  });
  const c = Math.cos(sm.angle);
  const s = Math.sin(sm.angle);
  const cu = sm.u * W;
  const cv = sm.v * H;
  for (let v = 0; v < H; v++) {
    const fv = Math.min(hh - 1, Math.max(0, (v - (F - 1) / 2) / F));
    const j0 = Math.floor(fv);
    const j1 = Math.min(hh - 1, j0 + 1);
    const ty = fv - j0;
    for (let u = 0; u < W; u++) {
      const a = ((u - cu) * c + (v - cv) * s) / (sm.rx * scale);
      const b = (-(u - cu) * s + (v - cv) * c) / (sm.ry * scale);
      const q2 = a * a + b * b;
      if (q2 >= 14) continue;
      const strength = Math.exp(-q2);
      const fu = Math.min(w - 1, Math.max(0, (u - (F - 1) / 2) / F));
      const i0 = Math.floor(fu);
      const i1 = Math.min(w - 1, i0 + 1);
      const tx = fu - i0;
      const w00 = (1 - tx) * (1 - ty);
      const w01 = tx * (1 - ty);
      const w10 = (1 - tx) * ty;
      const w11 = tx * ty;
      const b00 = j0 * w + i0;
      const b01 = j0 * w + i1;
      const b10 = j1 * w + i0;
      const b11 = j1 * w + i1;
      const k = v * W + u;
      const m = sm.veil * strength;
      const lift = (sm.bloom * strength) / (F * F);
      for (let ch = 0; ch < 3; ch++) {
        const plane = planes[ch] as Float32Array;
        const g = blurred[ch] as Float32Array;
        const e = blurred[3 + ch] as Float32Array;
        const mean =
          (g[b00] as number) * w00 +
          (g[b01] as number) * w01 +
          (g[b10] as number) * w10 +
          (g[b11] as number) * w11;
        const glow =
          (e[b00] as number) * w00 +
          (e[b01] as number) * w01 +
          (e[b10] as number) * w10 +
          (e[b11] as number) * w11;
        plane[k] = (plane[k] as number) * (1 - m) + mean * m + lift * glow;
      }
    }
  }
};

/** A print's mark's box on the bed (x0, y0, x1, y1), grown by its edges' width, beyond which it covers nothing. */
const markBox = (m: AltPrintMark, edge: number): readonly [number, number, number, number] => {
  if (m.kind === 'oval') return [m.x - m.rx - edge, m.y - m.ry - edge, m.x + m.rx + edge, m.y + m.ry + edge];
  const cols = Math.max(...m.rows.map((r) => r.length));
  const ux = Math.cos(m.angle) * cols * m.cell;
  const uy = Math.sin(m.angle) * cols * m.cell;
  const vx = Math.sin(m.angle) * m.rows.length * m.cell;
  const vy = -Math.cos(m.angle) * m.rows.length * m.cell;
  const xs = [m.x, m.x + ux, m.x + vx, m.x + ux + vx];
  const ys = [m.y, m.y + uy, m.y + vy, m.y + uy + vy];
  return [Math.min(...xs) - edge, Math.min(...ys) - edge, Math.max(...xs) + edge, Math.max(...ys) + edge];
};

/**
 * How much of a bed point (x, y) an oval's ink covers (0…1), its edges `edge` mm wide: by the point's
 * distance from the rim (the oval's level set's value over its gradient, near enough where the edge is
 * small beside the oval), inside it or (a ring) in a band that wide inside it.
 */
const ovalCover = (m: AltPrintMark & { kind: 'oval' }, x: number, y: number, edge: number): number => {
  const ex = (x - m.x) / m.rx;
  const ey = (y - m.y) / m.ry;
  const q = Math.hypot(ex, ey);
  if (q === 0) return m.ring === undefined ? 1 : 0;
  const slope = Math.hypot(ex / m.rx, ey / m.ry) / q;
  const out = (q - 1) / slope;
  return m.ring === undefined
    ? Math.min(1, Math.max(0, 0.5 - out / edge))
    : softInside(m.ring / 2, edge, out + m.ring / 2);
};

/**
 * How much of a bed point (x, y) a block of lettering's ink covers (0…1): the sum over the inked cells
 * round it of each cell's soft-edged square (edges `edge` mm wide: neighbouring cells' edges add to 1,
 * so a letter's stroke is even across its cells).
 */
const lettersCover = (m: AltPrintMark & { kind: 'letters' }, x: number, y: number, edge: number): number => {
  const c = Math.cos(m.angle);
  const s = Math.sin(m.angle);
  const along = (x - m.x) * c + (y - m.y) * s;
  const down = (x - m.x) * s - (y - m.y) * c;
  const i = Math.floor(along / m.cell);
  const j = Math.floor(down / m.cell);
  const half = m.cell / 2;
  let cover = 0;
  for (let jj = j - 1; jj <= j + 1; jj++) {
    const row = m.rows[jj];
    if (row === undefined) continue;
    for (let ii = i - 1; ii <= i + 1; ii++) {
      if (row[ii] !== '#') continue;
      cover +=
        softInside(half, edge, along - (ii + 0.5) * m.cell) *
        softInside(half, edge, down - (jj + 0.5) * m.cell);
    }
  }
  return Math.min(1, cover);
};

/**
 * A plane seen through a lens out of focus: each pixel the mean over a disc of `radius` px round it
 * (each pixel's share the part of its square inside the disc, 8 × 8 points a pixel), its edges held.
 */
const defocused = (plane: Float32Array, W: number, H: number, radius: number): Float32Array => {
  const reach = Math.ceil(radius + 0.5);
  const SUB = 8;
  const taps: [number, number, number][] = [];
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++) {
      let inside = 0;
      for (let j = 0; j < SUB; j++)
        for (let i = 0; i < SUB; i++)
          if ((dx + (i + 0.5) / SUB - 0.5) ** 2 + (dy + (j + 0.5) / SUB - 0.5) ** 2 <= radius * radius)
            inside++;
      if (inside > 0) taps.push([dx, dy, inside]);
    }
  const total = taps.reduce((a, t) => a + t[2], 0);
  const out = new Float32Array(W * H);
  for (const [dx, dy, inside] of taps) {
    const w = inside / total;
    for (let v = 0; v < H; v++) {
      const row = Math.min(H - 1, Math.max(0, v + dy)) * W;
      const o = v * W;
      for (let u = 0; u < W; u++)
        out[o + u] =
          (out[o + u] as number) + w * (plane[row + Math.min(W - 1, Math.max(0, u + dx))] as number);
    }
  }
  return out;
};

/**
 * A shaking camera's path (px, moments evenly through the exposure) as taps: each moment's image's
 * offset shared bilinearly between the four whole-pixel offsets round it, [du, dv, weight], weights
 * summing to 1.
 */
const shakeTaps = (path: readonly (readonly [number, number])[]): [number, number, number][] => {
  const w = new Map<string, [number, number, number]>();
  const add = (du: number, dv: number, x: number): void => {
    const key = `${du},${dv}`;
    const tap = w.get(key);
    if (tap) tap[2] += x;
    else w.set(key, [du, dv, x]);
  };
  for (const [pu, pv] of path) {
    const u0 = Math.floor(pu);
    const v0 = Math.floor(pv);
    const fu = pu - u0;
    const fv = pv - v0;
    const share = 1 / path.length;
    add(u0, v0, share * (1 - fu) * (1 - fv));
    add(u0 + 1, v0, share * fu * (1 - fv));
    add(u0, v0 + 1, share * (1 - fu) * fv);
    add(u0 + 1, v0 + 1, share * fu * fv);
  }
  return [...w.values()].filter((t) => t[2] > 0);
};

/**
 * A plane as the image moved by each tap's offset (du, dv) in its share of the time: each pixel the
 * sum over the taps of its weight times what lay (du, dv) before it, the frame's edges held.
 */
const convolved = (
  plane: Float32Array,
  W: number,
  H: number,
  taps: readonly [number, number, number][],
): Float32Array => {
  const out = new Float32Array(W * H);
  for (const [du, dv, w] of taps)
    for (let v = 0; v < H; v++) {
      const row = Math.min(H - 1, Math.max(0, v - dv)) * W;
      const o = v * W;
      for (let u = 0; u < W; u++)
        out[o + u] =
          (out[o + u] as number) + w * (plane[row + Math.min(W - 1, Math.max(0, u - du))] as number);
    }
  return out;
};

/**
 * A plane magnified by m about the image's centre (a lens's lateral chromatic aberration in one
 * channel): each pixel what lay at 1 / m of its distance from the centre, bilinearly, its edges held.
 */
const magnified = (plane: Float32Array, W: number, H: number, m: number): Float32Array => {
  const cu = (W - 1) / 2;
  const cv = (H - 1) / 2;
  const out = new Float32Array(W * H);
  for (let v = 0; v < H; v++) {
    const sv = Math.min(H - 1, Math.max(0, cv + (v - cv) / m));
    const j0 = Math.min(H - 2, Math.floor(sv));
    const ty = sv - j0;
    for (let u = 0; u < W; u++) {
      const su = Math.min(W - 1, Math.max(0, cu + (u - cu) / m));
      const i0 = Math.min(W - 2, Math.floor(su));
      const tx = su - i0;
      const a = j0 * W + i0;
      out[v * W + u] =
        ((plane[a] as number) * (1 - tx) + (plane[a + 1] as number) * tx) * (1 - ty) +
        ((plane[a + W] as number) * (1 - tx) + (plane[a + W + 1] as number) * tx) * ty;
    }
  }
  return out;
};

/**
 * A lamp's flare added to the frame's linear light, in place (see AltFlare): its veiling glare over every
 * pixel, then each ghost over the box round it.
 */
const flared = (
  c: Calibration<Table>,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  fl: AltFlare,
): void => {
  const W = c.image.width;
  const H = c.image.height;
  const f = c.camera.fy;
  const { cx, cy } = c.camera;
  const reach = f * Math.tan(fl.off);
  const su = cx + reach * Math.cos(fl.azimuth);
  const sv = cy + reach * Math.sin(fl.azimuth);
  const [cr, cg, cb] = fl.colour;
  const s2 = (fl.spread * f) ** 2;
  for (let v = 0; v < H; v++)
    for (let u = 0; u < W; u++) {
      const k = v * W + u;
      const g = fl.veil / (1 + ((u - su) ** 2 + (v - sv) ** 2) / s2) + fl.floor;
      lr[k] = (lr[k] as number) + g * cr;
      lg[k] = (lg[k] as number) + g * cg;
      lb[k] = (lb[k] as number) + g * cb;
    }
  const sector = (2 * Math.PI) / fl.blades;
  const apothem = Math.cos(Math.PI / fl.blades);
  for (const gh of fl.ghosts) {
    const gu = cx + gh.k * (su - cx);
    const gv = cy + gh.k * (sv - cy);
    const rho = gh.radius * f;
    const edge = Math.max(0.5, gh.soft * rho);
    const u0 = Math.max(0, Math.floor(gu - rho - edge));
    const u1 = Math.min(W - 1, Math.ceil(gu + rho + edge));
    const v0 = Math.max(0, Math.floor(gv - rho - edge));
    const v1 = Math.min(H - 1, Math.ceil(gv + rho + edge));
    const [tr, tg, tb] = [gh.tint[0] * cr, gh.tint[1] * cg, gh.tint[2] * cb].map((x) => x * gh.light) as [
      number,
      number,
      number,
    ];
    for (let v = v0; v <= v1; v++)
      for (let u = u0; u <= u1; u++) {
        const du = u - gu;
        const dv = v - gv;
        const d = Math.hypot(du, dv);
        // The polygon's outline at this angle: its apothem over the cosine from the nearest side's normal.
        const a = Math.atan2(dv, du) - fl.turn;
        const w = a - sector * Math.floor(a / sector) - sector / 2;
        const outline = (rho * apothem) / Math.cos(w);
        const q = (outline - d) / edge + 0.5;
        if (q <= 0) continue;
        const cover = q >= 1 ? 1 : q * q * (3 - 2 * q);
        const k = v * W + u;
        lr[k] = (lr[k] as number) + cover * tr;
        lg[k] = (lg[k] as number) + cover * tg;
        lb[k] = (lb[k] as number) + cover * tb;
      }
  }
};

/**
 * What crossed polarisers (AltPolariser) pass of light mirrored by a surface of refractive index `n`,
 * arriving along (kx, ky, kz) (unit, the way it travels) and leaving along (vx, vy, vz) (unit, towards the
 * camera) off a (micro)facet of normal (hx, hy, hz), as a share of what a bare camera records of it (the
 * exposure making up for what the films take of scattered light), into out[0..2]: a lamp's light, polarised
 * by its film (`lamp`), or unpolarised light (the room's and the cloth's, scattered). By Fresnel's
 * amplitudes rs, rp (each field's s part along k × h, its p part along s × its way: a normal reflection
 * returns the field as it came).
 */
const polarisedShare = (
  pol: AltPolariser,
  n: number,
  kx: number,
  ky: number,
  kz: number,
  hx: number,
  hy: number,
  hz: number,
  vx: number,
  vy: number,
  vz: number,
  lamp: boolean,
  out: Float64Array,
): void => {
  const cosI = -(kx * hx + ky * hy + kz * hz);
  if (cosI <= 0) {
    out.fill(1);
    return;
  }
  const cosT = Math.sqrt(Math.max(0, 1 - (1 - cosI * cosI) / (n * n)));
  const rs = (cosI - n * cosT) / (cosI + n * cosT);
  const rp = (n * cosI - cosT) / (n * cosI + cosT);
  const Rs = rs * rs;
  const Rp = rp * rp;
  // s: across the plane of reflection (any way across the ray, at normal incidence).
  let sx = ky * hz - kz * hy;
  let sy = kz * hx - kx * hz;
  let sz = kx * hy - ky * hx;
  let sn = Math.hypot(sx, sy, sz);
  if (sn < 1e-9) {
    sx = 0;
    sy = kz;
    sz = -ky;
    sn = Math.hypot(sy, sz);
    if (sn < 1e-9) {
      sx = -kz;
      sy = 0;
      sz = kx;
      sn = Math.hypot(sx, sz);
    }
  }
  sx /= sn;
  sy /= sn;
  sz /= sn;
  // p after the reflection, s × v.
  const px = sy * vz - sz * vy;
  const py = sz * vx - sx * vz;
  const pz = sx * vy - sy * vx;
  // The camera's filter's axis: the horizontal across the film's, taken across the ray to the camera.
  const c = Math.cos(pol.axis);
  const sa = Math.sin(pol.axis);
  const dot = -sa * vx + c * vy;
  let ax = -sa - dot * vx;
  let ay = c - dot * vy;
  let az = -dot * vz;
  const an = Math.hypot(ax, ay, az);
  ax /= an;
  ay /= an;
  az /= an;
  const sA = sx * ax + sy * ay + sz * az;
  const pA = px * ax + py * ay + pz * az;
  if (!lamp) {
    // Unpolarised: Rs along s, Rp along p, the filter passing its axis's share of each and `leak` of the rest.
    for (let ch = 0; ch < 3; ch++) {
      const leak = pol.leak[ch] as number;
      const pass = Rs * sA * sA + Rp * pA * pA + leak * (Rs * (1 - sA * sA) + Rp * (1 - pA * pA));
      out[ch] = ((2 / (1 + leak)) * pass) / (Rs + Rp);
    }
    return;
  }
  // The lamp's film's field along its axis, across the way the light travels, and the field across it.
  const dq = c * kx + sa * ky;
  let ex = c - dq * kx;
  let ey = sa - dq * ky;
  let ez = -dq * kz;
  const en = Math.hypot(ex, ey, ez);
  ex /= en;
  ey /= en;
  ez /= en;
  const fx = ky * ez - kz * ey;
  const fy = kz * ex - kx * ez;
  const fz = kx * ey - ky * ex;
  // p before the reflection, s × k.
  const qx = sy * kz - sz * ky;
  const qy = sz * kx - sx * kz;
  const qz = sx * ky - sy * kx;
  /** A unit field's light through the filter after the reflection: its axis's part and `leak` of the rest. */
  const through = (e0: number, e1: number, e2: number, leak: number): number => {
    const es = e0 * sx + e1 * sy + e2 * sz;
    const ep = e0 * qx + e1 * qy + e2 * qz;
    const onAxis = rs * es * sA + rp * ep * pA;
    const all = Rs * es * es + Rp * ep * ep;
    return onAxis * onAxis + leak * (all - onAxis * onAxis);
  };
  for (let ch = 0; ch < 3; ch++) {
    const leak = pol.leak[ch] as number;
    const passed = 0.5 * through(ex, ey, ez, leak) + 0.5 * leak * through(fx, fy, fz, leak);
    out[ch] = ((4 / (1 + leak) ** 2) * passed) / (Rs + Rp);
  }
};

/**
 * A dome over the lens (see AltDome), in place on the frame's linear light: its ghost (the frame turned
 * half round about the pole, out of focus, `ghost` of it, nothing where it comes from beyond the frame)
 * added, then its arcs' scatter (each pixel mixed towards the frame blurred round it by the arcs' depth
 * there), then its tint. The blurs are taken at a quarter of the frame's size (blockBlurred).
 */
const domed = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  d: AltDome,
): void => {
  const scale = H / 1080;
  const planes = [lr, lg, lb] as const;
  const F = 4;
  // Where each pixel's ghost comes from: the pixel turned half round about the pole.
  const pu = 2 * d.pole.u * W - 1;
  const pv = 2 * d.pole.v * H - 1;
  const from = (k: number): number => {
    const u = Math.round(pu - (k % W));
    const v = Math.round(pv - Math.floor(k / W));
    return u >= 0 && u < W && v >= 0 && v < H ? v * W + u : -1;
  };
  // The arcs' scatter at each pixel (their depth, summed, at most 1), over each arc's box.
  const mask = new Float32Array(W * H);
  for (const a of d.arcs) {
    const cu = a.u * W;
    const cv = a.v * H;
    const r = a.radius * scale;
    const half = (a.width * scale) / 2;
    const span = a.to - a.from;
    const soft = Math.min(0.3, span / 4);
    const reach = r + 2 * half;
    for (let v = Math.max(0, Math.floor(cv - reach)); v <= Math.min(H - 1, Math.ceil(cv + reach)); v++)
      for (let u = Math.max(0, Math.floor(cu - reach)); u <= Math.min(W - 1, Math.ceil(cu + reach)); u++) {
        const q = (Math.hypot(u - cu, v - cv) - r) / half;
        if (q * q > 4) continue;
        // Its angle past the arc's start, within its span, soft at both ends.
        let t = Math.atan2(v - cv, u - cu) - a.from;
        t -= 2 * Math.PI * Math.floor(t / (2 * Math.PI));
        if (t > span) continue;
        const ends = Math.min(1, t / soft, (span - t) / soft);
        const k = v * W + u;
        mask[k] = Math.min(1, (mask[k] as number) + a.depth * Math.exp(-q * q) * ends);
      }
  }
  planes.forEach((plane, ch) => {
    if (d.ghost > 0)
      blockBlurred(
        W,
        H,
        F,
        (d.ghostBlur * scale) / F,
        true,
        (k) => {
          const j = from(k);
          return j < 0 ? 0 : (plane[j] as number);
        },
        (k, g) => {
          plane[k] = (plane[k] as number) + d.ghost * g;
        },
      );
    if (d.arcs.length > 0)
      blockBlurred(
        W,
        H,
        F,
        (d.scatter * scale) / F,
        true,
        (k) => plane[k] as number,
        (k, g) => {
          const m = mask[k] as number;
          if (m > 0) plane[k] = (plane[k] as number) * (1 - m) + g * m;
        },
      );
    const t = d.tint[ch] as number;
    for (let k = 0; k < W * H; k++) plane[k] = (plane[k] as number) * t;
  });
};

/**
 * A wide lens's shading (see AltShading), in place on the frame's linear light: each channel times its
 * share at the pixel's ρ.
 */
const shaded = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  s: AltShading,
): void => {
  const cu = s.u * W - 0.5;
  const cv = s.v * H - 0.5;
  const half2 = (W * W + H * H) / 4;
  const [tr, tb] = s.tint;
  for (let v = 0; v < H; v++)
    for (let u = 0; u < W; u++) {
      const k = v * W + u;
      const r2 = ((u - cu) ** 2 + (v - cv) ** 2) / half2;
      const g = Math.max(0, 1 - s.fall * r2);
      lr[k] = (lr[k] as number) * g * Math.max(0, 1 + tr * r2);
      lg[k] = (lg[k] as number) * g;
      lb[k] = (lb[k] as number) * g * Math.max(0, 1 + tb * r2);
    }
};

/**
 * An ageing sensor's defects (see AltSensor), in place on the frame's linear light (raw over the exposure
 * `gain`): the columns' and rows' offsets and the amplifier's glow added to every pixel (none below black),
 * then each hot photosite's dark signal added to its channel and each stuck one's channel set to its full
 * well.
 */
const aged = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  s: AltSensor,
  gain: number,
): void => {
  const planes = [lr, lg, lb] as const;
  const d = sensorDefects(s, W, H);
  const g = s.glow;
  const gu = g.corner === 1 || g.corner === 2 ? W - 1 : 0;
  const gv = g.corner >= 2 ? H - 1 : 0;
  const reach = g.reach * H;
  for (let v = 0; v < H; v++)
    for (let u = 0; u < W; u++) {
      const k = v * W + u;
      const offset = (d.columns[u] as number) + (d.rows[v] as number);
      const glow = g.strength * s.warmth * Math.exp(-Math.hypot(u - gu, v - gv) / reach);
      planes.forEach((p, ch) => {
        p[k] = Math.max(0, (p[k] as number) + (offset + glow * (g.colour[ch] as number)) / gain);
      });
    }
  for (let i = 0; i < d.pixels.length; i++) {
    const p = planes[d.channels[i] as number] as Float32Array;
    const k = d.pixels[i] as number;
    const signal = d.signals[i] as number;
    p[k] = signal === Infinity ? 1 / gain : (p[k] as number) + (signal * s.warmth) / gain;
  }
};

/**
 * A CCD's charge (see AltCcd), in place on the frame's linear light: each column's photosites beyond
 * their full well (fullWell / gain of light) clipped to it, the excess less the drain's share spilled half
 * down and half up the column, filling each photosite it reaches before passing on (down first, then
 * up, each into the room the other left); then each pixel of a column given `smear` times the column's
 * mean light as it fell (before any clipping).
 */
const bloomed = (
  W: number,
  H: number,
  lr: Float32Array,
  lg: Float32Array,
  lb: Float32Array,
  ccd: AltCcd,
  gain: number,
): void => {
  const full = ccd.fullWell / gain;
  const half = (1 - ccd.drain) / 2;
  const excess = new Float64Array(H);
  const planes = [lr, lg, lb] as const;
  /** Pixel k filled towards full well with up to `charge`: what it took. */
  const fill = (k: number, charge: number): number => {
    const r0 = Math.max(0, full - (lr[k] as number));
    const r1 = Math.max(0, full - (lg[k] as number));
    const r2 = Math.max(0, full - (lb[k] as number));
    const room = r0 + r1 + r2;
    if (room <= 0) return 0;
    const took = Math.min(charge, room);
    const f = took / room;
    lr[k] = (lr[k] as number) + r0 * f;
    lg[k] = (lg[k] as number) + r1 * f;
    lb[k] = (lb[k] as number) + r2 * f;
    return took;
  };
  for (let u = 0; u < W; u++) {
    const smear = [0, 0, 0];
    let any = false;
    for (let v = 0; v < H; v++) {
      const k = v * W + u;
      let e = 0;
      planes.forEach((p, ch) => {
        const x = p[k] as number;
        smear[ch] = (smear[ch] as number) + x;
        if (x > full) {
          e += x - full;
          p[k] = full;
        }
      });
      excess[v] = e;
      if (e > 0) any = true;
    }
    if (any) {
      let carry = 0;
      for (let v = 0; v < H; v++) {
        if (carry > 0) carry -= fill(v * W + u, carry);
        carry += half * (excess[v] as number);
      }
      carry = 0;
      for (let v = H - 1; v >= 0; v--) {
        if (carry > 0) carry -= fill(v * W + u, carry);
        carry += half * (excess[v] as number);
      }
    }
    if (ccd.smear > 0)
      planes.forEach((p, ch) => {
        const add = (ccd.smear * (smear[ch] as number)) / H;
        for (let v = 0; v < H; v++) p[v * W + u] = (p[v * W + u] as number) + add;
      });
  }
};

/**
 * A frame's code values (3 a pixel) coded as the camera sends them and decoded as the capture takes
 * them (see AltCapture): a new frame.
 */
const captured = (W: number, H: number, data: Uint8Array, cap: AltCapture): Uint8Array => {
  const out = new Uint8Array(W * H * 3);
  const limited = cap.range === 'washed';
  // The camera's BT.709 coding of each pixel: Y' and the colour differences, 0…1 and −0.5…0.5.
  const Y = new Float64Array(W * H);
  const Cb = new Float64Array(W * H);
  const Cr = new Float64Array(W * H);
  for (let k = 0; k < W * H; k++) {
    const r = (data[3 * k] as number) / 255;
    const g = (data[3 * k + 1] as number) / 255;
    const b = (data[3 * k + 2] as number) / 255;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    Y[k] = y;
    Cb[k] = (b - y) / 1.8556;
    Cr[k] = (r - y) / 1.5748;
  }
  /** A code value the camera sends: 8 bits, in its range. */
  const yCode = (y: number): number => clamp8(limited ? 16 + 219 * y : 255 * y);
  const cCode = (c: number): number => clamp8(128 + (limited ? 224 : 255) * c);
  /** What the capture takes a code value for: in the range it assumes (the other one). */
  const yRead = (q: number): number => (limited ? q / 255 : (q - 16) / 219);
  const cRead = (q: number): number => (limited ? (q - 128) / 255 : (q - 128) / 224);
  for (let v0 = 0; v0 < H; v0 += 2)
    for (let u0 = 0; u0 < W; u0 += 2) {
      let sb = 0;
      let sr = 0;
      let n = 0;
      for (let v = v0; v < Math.min(H, v0 + 2); v++)
        for (let u = u0; u < Math.min(W, u0 + 2); u++) {
          sb += Cb[v * W + u] as number;
          sr += Cr[v * W + u] as number;
          n++;
        }
      const pb = cRead(cCode(sb / n));
      const pr = cRead(cCode(sr / n));
      for (let v = v0; v < Math.min(H, v0 + 2); v++)
        for (let u = u0; u < Math.min(W, u0 + 2); u++) {
          const k = v * W + u;
          const y = yRead(yCode(Y[k] as number));
          // BT.601's matrix, full swing.
          out[3 * k] = clamp8(255 * (y + 1.402 * pr));
          out[3 * k + 1] = clamp8(255 * (y - 0.344136 * pb - 0.714136 * pr));
          out[3 * k + 2] = clamp8(255 * (y + 1.772 * pb));
        }
    }
  return out;
};

/**
 * The graded frame's code values (3 a pixel) after a camera's unsharp mask on its luma, each held to
 * 0…255 as the camera's 8 bits hold them before its noise is drawn.
 */
const sharpened = (
  W: number,
  H: number,
  graded: (k: number, out: Float64Array) => void,
  s: AltSharpen,
): Float32Array => {
  const out = new Float32Array(W * H * 3);
  const luma = new Float32Array(W * H);
  const px = new Float64Array(3);
  for (let k = 0; k < W * H; k++) {
    graded(k, px);
    out[3 * k] = px[0] as number;
    out[3 * k + 1] = px[1] as number;
    out[3 * k + 2] = px[2] as number;
    luma[k] = 0.299 * (px[0] as number) + 0.587 * (px[1] as number) + 0.114 * (px[2] as number);
  }
  const sigma = (s.radius * H) / 1080;
  const blur = gaussianBlur(luma, W, H, sigma);
  for (let k = 0; k < W * H; k++) {
    const lift = s.amount * ((luma[k] as number) - (blur[k] as number));
    for (let c = 3 * k; c < 3 * k + 3; c++) out[c] = Math.min(255, Math.max(0, (out[c] as number) + lift));
  }
  return out;
};

/** A plane blurred by a Gaussian of `sigma` px, rows then columns, its edges held. */
const gaussianBlur = (plane: Float32Array, W: number, H: number, sigma: number): Float32Array => {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const kernel = Float64Array.from({ length: 2 * r + 1 }, (_, i) =>
    Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)),
  );
  const sum = kernel.reduce((a, b) => a + b, 0);
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] as number) / sum;
  const rows = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let acc = 0;
      for (let i = -r; i <= r; i++)
        acc += (kernel[i + r] as number) * (plane[y * W + Math.min(W - 1, Math.max(0, x + i))] as number);
      rows[y * W + x] = acc;
    }
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let acc = 0;
      for (let i = -r; i <= r; i++)
        acc += (kernel[i + r] as number) * (rows[Math.min(H - 1, Math.max(0, y + i)) * W + x] as number);
      out[y * W + x] = acc;
    }
  return out;
};

/** Near-Gaussian noise (unit variance: a sum of four hashed uniforms), for pixel k. */
const gauss = (k: number, seed: number): number =>
  (hash2(k, 0, seed) + hash2(k, 1, seed) + hash2(k, 2, seed) + hash2(k, 3, seed) - 2) * 1.7320508;

const clamp8 = (x: number): number => (x <= 0 ? 0 : x >= 255 ? 255 : Math.round(x));

/** A table point (mm, at height z) to its pixel. */
const projectPx = (c: Calibration<Table>, x: number, y: number, z: number): [number, number] => {
  const p = project(c, { x: mm(x), y: mm(y), z: mm(z) });
  return [p.u, p.v];
};
