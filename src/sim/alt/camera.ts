// Cameras mounted otherwise than calibration/demo.json's (straight over the middle of the bed, 2.77 m
// up, a moderate lens), which every split drew its frames with until held-out 27: where a club hangs or
// stands its camera, where it points it and what lens it fits, built from the table's geometry into the
// Calibration a variant's frames are drawn with and the vision is given. Apart from the styles
// (style.ts): the renderer takes the camera beside the style, not in it, and the bench builds its
// Detector from the camera alone.
import {
  pixelToPlane,
  validateCalibration,
  type Calibration,
  type ImageSize,
  type Intrinsics,
  type Mat3,
  type TableSpec,
  type Vec3,
} from '../../camera/index.ts';
import { mm, pointPx } from '../../core/units.ts';
import type { Table } from '../../equipment/index.ts';
import type { AltVariant } from './style.ts';

/** The frame a mount's lens is given for (1080p; 4K is the same camera scaled, as demo's is). */
export const ALT_MOUNT_IMAGE: ImageSize = { width: 1920, height: 1080 };

/** A camera as a club mounts it over or beside a table. */
export interface AltMount {
  /** The lens's optical centre, table frame (docs/formats.md §1), mm: z is its height over the bed. */
  readonly at: Vec3;
  /** Where its optical axis meets the bed's plane, table frame, mm. */
  readonly aim: { readonly x: number; readonly y: number };
  /**
   * The table direction it shows upwards in the image (laid on the image plane): the camera's roll. A
   * direction a little off the table's axes is a camera mounted a little crooked.
   */
  readonly up: Vec3;
  /** Its lens at ALT_MOUNT_IMAGE's size, pixels (OpenCV's model, as calibration files give it). */
  readonly lens: Intrinsics;
}

const unit = (v: Vec3): Vec3 => {
  const n = Math.hypot(v.x, v.y, v.z);
  return { x: v.x / n, y: v.y / n, z: v.z / n };
};
const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});

/** How far apart along the frame's edges a mount's rays are checked to meet the bed's plane, px. */
const EDGE_STEP = 8;

/**
 * The calibration of a mount over `t` (which `tableSpec` names), through the calibration file's checks
 * (a rotation, a lens that does not fold back inside the image, the bed in front of the camera and in
 * the image), and seeing nothing above the horizon: the renderer draws the bed's plane (the floor
 * round the table) behind every pixel, and a ray that never meets it would be drawn as nonsense. The
 * frame's edge is checked, every EDGE_STEP px (for a camera above the plane, the rays furthest up lie
 * on it). A mount that fails is a mistake in its numbers, thrown.
 */
export const mountCalibration = (t: Table, tableSpec: TableSpec, m: AltMount): Calibration<Table> => {
  // The camera's axes in the table frame (OpenCV's: x right, y down, z forward), R's rows.
  const z = unit({ x: m.aim.x - m.at.x, y: m.aim.y - m.at.y, z: -m.at.z });
  const along = dot(m.up, z);
  const down = unit({ x: along * z.x - m.up.x, y: along * z.y - m.up.y, z: along * z.z - m.up.z });
  const right = cross(down, z);
  const R: Mat3 = [
    [right.x, right.y, right.z],
    [down.x, down.y, down.z],
    [z.x, z.y, z.z],
  ];
  const c = validateCalibration({
    table: t,
    tableSpec,
    image: ALT_MOUNT_IMAGE,
    camera: m.lens,
    pose: { R, t: [-dot(right, m.at), -dot(down, m.at), -dot(z, m.at)] },
  });
  if (!c.ok) throw new Error(`mount: ${c.error.message}`);
  const { width, height } = ALT_MOUNT_IMAGE;
  for (let s = 0; s <= width + height; s += EDGE_STEP) {
    const along = Math.min(s, width - 1);
    const down = Math.min(Math.max(s - width, 0), height - 1);
    for (const p of [pointPx(along, down), pointPx(width - 1 - along, height - 1 - down)])
      if (!pixelToPlane(c.value, p, mm(0)))
        throw new Error(`mount: the pixel (${p.u}, ${p.v}) sees above the horizon, where no floor is drawn`);
  }
  return c.value;
};

/**
 * An ultra-wide action camera hung low (1.95 m over the bed; demo's is 2.8 m) from a games room's low
 * ceiling, straight down over the middle of the bed, a little off it (5 mm across, 45 mm towards the
 * baulk end), the table's length across the frame as demo's. So low, it needs the wide lens (a 107°
 * horizontal field, 114° corner to corner) to see the whole bed, and its strong barrel distortion (k1
 * −0.34) squeezes the bed towards the frame's edges: the cushions bowed, a ball at an end squashed
 * along the table to two thirds of the middle's size (9.3 against 13.9 px). The focal length is set
 * for the table's width, which the 16:9 frame makes the tighter: the side pockets' holes 61 and 43 px
 * inside the top and bottom edges (the ends' 210 px inside theirs). k2 and k3 keep the model from
 * folding back over the frame (it folds 3.2 times as far from the principal point as the corners
 * are); the principal point lies 8.5 px left of and 6.5 px below the frame's middle.
 */
const ultrawideOverhead = (t: Table): AltMount => ({
  at: { x: t.width / 2 - 5, y: t.length / 2 - 45, z: 1950 },
  aim: { x: t.width / 2 - 5, y: t.length / 2 - 45 },
  up: { x: -1, y: 0, z: 0 },
  lens: { fx: 1020, fy: 1020.6, cx: 951, cy: 546, k1: -0.34, k2: 0.11, p1: 0.0006, p2: -0.0004, k3: -0.008 },
});

/**
 * A camera on a stand 0.4 m beyond the baulk end's cushion, 15 mm to one side of the middle line, 2.15
 * m over the bed, tilted 33.5° from straight down to look along the table (its axis meets the bed 1.02
 * m in), mounted 0.9° crooked, the far end at the top of the frame: the near end's balls seen from
 * almost above (12.7 px their radius), the far end's from 61° off vertical and twice as far (6.5 px).
 * A wide but ordinary lens (a 95° horizontal field, 60° vertical, mild barrel distortion) set so that
 * the far end's pockets are 30 px inside the top edge and the near end's 80 px inside the bottom; the
 * bed's near end spans 820 of the 1920 columns, its far end 420. The frame's top corners look 73° off
 * vertical, at the floor well short of the horizon.
 */
const standAtBaulk = (t: Table): AltMount => {
  const height = 2150;
  const back = 400;
  const tilt = (33.5 * Math.PI) / 180;
  return {
    at: { x: t.width / 2 + 15, y: -back, z: height },
    aim: { x: t.width / 2 + 15, y: -back + height * Math.tan(tilt) },
    up: { x: 0.015, y: 1, z: 0 },
    lens: { fx: 960, fy: 960.9, cx: 957.8, cy: 543.4, k1: -0.09, k2: 0.015, p1: 0.0004, p2: -0.0003, k3: 0 },
  };
};

/**
 * A club's camera over one table of a row laid end to end, hung higher (3.4 m over the bed; demo's is
 * 2.77 m) and with a shorter lens (fx 1100 px at 1080p against demo's 1275: an 82° horizontal field, 88°
 * with its barrel distortion, k1 −0.12), straight down, its axis 1165 mm beyond the bed's middle towards
 * the far end, the table's length across the frame as demo's: the whole table in the left of the frame
 * (its rail's outer edge 31 px inside the left edge at the near end, 1219 px in at the far end) and,
 * past the far rail, 2.48 m of floor and the next table at the frame's middle row (pureblue-neighbour:
 * the next bed's edge 1746 px across at a gap of 1.6 m, 1850 at 2 m). A ball at the middle of the bed
 * 8.4 px in radius (demo's 12.1).
 */
const overTheRow = (t: Table): AltMount => ({
  at: { x: t.width / 2, y: t.length / 2 + 1165, z: 3400 },
  aim: { x: t.width / 2, y: t.length / 2 + 1165 },
  up: { x: -1, y: 0, z: 0 },
  lens: { fx: 1100, fy: 1100.4, cx: 958.6, cy: 541.2, k1: -0.12, k2: 0.02, p1: 0.0003, p2: -0.0002, k3: 0 },
});

/**
 * An older club camera with a 4:3 sensor (its picture 1440 × 1080), hung as demo's is (2.77 m over the
 * bed, straight down, 6 mm across and 20 mm towards the baulk end off its middle, 0.2° crooked, the
 * table's length across the picture), its picture carried pillarboxed in the 16:9 stream's 1920 × 1080
 * frame (menthol-pillarbox, style.ts's AltPillarbox): the calibration the 4:3 camera's with its principal
 * point in the frame's middle (240 px of bar to the picture's left, 961.4 = 240 + 721.4), its focal
 * length (fx 1040 px, against demo's 1275) fitting the table into the picture: the rails' outer edges 55
 * px inside the left bar's edge and 40 inside the right's, 168 and 173 px inside the top and bottom; a
 * ball at the middle of the bed 10.0 px in radius (demo's 12.1). A moderate barrel distortion (k1 −0.16).
 */
const fourByThree = (t: Table): AltMount => ({
  at: { x: t.width / 2 + 6, y: t.length / 2 - 20, z: 2770 },
  aim: { x: t.width / 2 + 6, y: t.length / 2 - 20 },
  up: { x: -1, y: 0.004, z: 0 },
  lens: { fx: 1040, fy: 1040.6, cx: 961.4, cy: 538.3, k1: -0.16, k2: 0.025, p1: 0.0003, p2: -0.0002, k3: 0 },
});

/** The variants drawn with a camera of their own; every other is drawn with the split's (demo's). */
const MOUNTS: Partial<Readonly<Record<AltVariant, (t: Table) => AltMount>>> = {
  'periwinkle-ultrawide': ultrawideOverhead,
  'khaki-stand': standAtBaulk,
  'pureblue-neighbour': overTheRow,
  'menthol-pillarbox': fourByThree,
};

/**
 * A variant's own camera over `t` at ALT_MOUNT_IMAGE's size, or undefined where the variant is drawn
 * with the split's camera.
 */
export const altCamera = (
  t: Table,
  tableSpec: TableSpec,
  variant: AltVariant,
): Calibration<Table> | undefined => {
  const mount = MOUNTS[variant];
  return mount ? mountCalibration(t, tableSpec, mount(t)) : undefined;
};
