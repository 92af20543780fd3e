import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveContacts } from '../src/sim/physics/collide.ts';
import { segmentFrom, kinematicsAt, struck, type Kinematics } from '../src/sim/physics/motion.ts';
import { firstClosing, rootsIn } from '../src/sim/physics/poly.ts';
import {
  DEFAULT_PHYSICS,
  cushionRestitution,
  fallTime,
  simulateStroke,
  type SimBall,
  type SimEvent,
  type StrokeResult,
} from '../src/sim/physics/index.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';

/** The value, or a failed test if it is missing. */
const must = <T>(v: T | null | undefined): T => {
  if (v === null || v === undefined) throw new Error('expected a value');
  return v;
};

const table = snookerTable();
const R = table.ballRadius;
const D = table.ballDiameter;
const g = DEFAULT_PHYSICS.gravity;
const muS = DEFAULT_PHYSICS.slidingFriction;
const muR = DEFAULT_PHYSICS.rollingFriction;
const e = DEFAULT_PHYSICS.ballRestitution;

const cue = (x: number, y: number): SimBall => ({ track: 'cue', id: 'cue', x, y });
const red = (n: number, x: number, y: number): SimBall => ({ track: `red${n}`, id: 'red', x, y });
const sampleOf = (r: StrokeResult, t: number, track: string) => {
  const s = r.at(t).find((b) => b.track === track);
  if (!s) throw new Error(`no ${track}`);
  return s;
};
const ofType = <T extends SimEvent['type']>(r: StrokeResult, type: T) =>
  r.events.filter((ev): ev is Extract<SimEvent, { type: T }> => ev.type === type);

describe('root finding (poly.ts)', () => {
  it('finds the three roots of (t − 0.5)(t − 1.5)(t − 2.5) inside (0, 3)', () => {
    // expanded: t³ − 4.5t² + 5.75t − 1.875
    const roots = rootsIn([-1.875, 5.75, -4.5, 1], 0, 3);
    expect(roots).toHaveLength(3);
    [0.5, 1.5, 2.5].forEach((r, k) => expect(roots[k]).toBeCloseTo(r, 12));
  });
  it('a gap (t − 1)(t − 3) closes at t = 1', () => {
    expect(firstClosing([3, -4, 1], 0, 10)).toBeCloseTo(1, 12);
  });
  it('a gap that opens and never closes again gives null', () => {
    expect(firstClosing([0, 1, 0.5], 0, 10)).toBeNull();
  });
  it('a touching gap that turns and closes is caught at the turn', () => {
    // starts touching (0), opens a hair (t − t²): closes again after its peak at 0.5 and is ≤ 0 at 1
    expect(firstClosing([0, 1, -1], 1e-9, 10)).toBeCloseTo(1, 6);
  });
  it('a quartic gap that dips below zero twice is caught at the first dip', () => {
    // (t − 1)(t − 2)(t − 3)(t − 4) = t⁴ − 10t³ + 35t² − 50t + 24
    expect(firstClosing([24, -50, 35, -10, 1], 0, 5)).toBeCloseTo(1, 12);
    expect(firstClosing([24, -50, 35, -10, 1], 0, 0.5)).toBeNull();
  });
});

describe('motion on the cloth (Leckie & Greenspan)', () => {
  it('a ball struck in the centre slides, then rolls at 5/7 of its speed after 2v/7μs·g', () => {
    const s = segmentFrom(struck(0, 0, 0, 1000, 0, 0, R), 0, R, DEFAULT_PHYSICS);
    expect(s.mode).toBe('sliding');
    expect(s.t1).toBeCloseTo((2 * 1000) / (7 * muS * g), 12);
    const end = kinematicsAt(s, s.t1, R);
    expect(end.vy).toBeCloseTo((5 / 7) * 1000, 9);
    expect(end.vy + R * end.wx).toBeCloseTo(0, 9); // no slip left
  });
  it('struck at 2/5 of a radius above centre (7/10 of its height) it rolls at once', () => {
    expect(segmentFrom(struck(0, 0, 700, 0, 0, 0.4, R), 0, R, DEFAULT_PHYSICS).mode).toBe('rolling');
  });
  it('a ball rolling at 2.5 m/s runs v²/2μr·g before it stops', () => {
    const s = segmentFrom(struck(0, 0, 2500, 0, 0, 0.4, R), 0, R, DEFAULT_PHYSICS);
    const stop = kinematicsAt(s, s.t1, R);
    expect(stop.x).toBeCloseTo(2500 ** 2 / (2 * muR * g), 6);
    expect(stop.x).toBeGreaterThan(3000); // several metres
    expect(Math.hypot(stop.vx, stop.vy)).toBeCloseTo(0, 9);
  });
  it('side spin decays at 5μsp·g/2R and stops at zero', () => {
    const s = segmentFrom(struck(0, 0, 1000, 0, 0.5, 0, R), 0, R, DEFAULT_PHYSICS);
    const w0 = ((5 * 1000) / (2 * R)) * 0.5;
    const rate = (5 * DEFAULT_PHYSICS.spinFriction * g) / (2 * R);
    expect(kinematicsAt(s, 0, R).wz).toBeCloseTo(w0, 9);
    expect(kinematicsAt(s, 0.1, R).wz).toBeCloseTo(w0 - 0.1 * rate, 9);
    const spinning = segmentFrom({ x: 0, y: 0, vx: 0, vy: 0, wx: 0, wy: 0, wz: -20 }, 0, R, DEFAULT_PHYSICS);
    expect(spinning.mode).toBe('still');
    expect(kinematicsAt(spinning, 1, R).wz).toBeCloseTo(-20 + rate, 9);
    expect(kinematicsAt(spinning, 1e3, R).wz).toBe(0);
  });
});

describe('ball–ball contacts', () => {
  const energy = (ks: readonly Kinematics[]) => ks.reduce((s, k) => s + 0.5 * (k.vx ** 2 + k.vy ** 2), 0);
  const contactOptions = { diameter: D, restitution: e, minSeparation: 0, tolerance: 1e-6, maxRounds: 10 };

  it('conserve momentum and lose (1 − e²)/4 of the closing speed squared (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 10, max: 10000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        (angle, speed, bvx, bvy) => {
          const nx = Math.cos(angle);
          const ny = Math.sin(angle);
          const a: Kinematics = {
            x: 0,
            y: 0,
            vx: speed * nx + bvx,
            vy: speed * ny + bvy,
            wx: 0,
            wy: 0,
            wz: 0,
          };
          const b: Kinematics = { x: D * nx, y: D * ny, vx: bvx, vy: bvy, wx: 0, wy: 0, wz: 0 };
          const before = [{ ...a }, { ...b }];
          const ks = [a, b];
          resolveContacts(ks, [true, true], contactOptions);
          const scale = speed + Math.hypot(bvx, bvy);
          expect(Math.abs(a.vx + b.vx - (must(before[0]).vx + must(before[1]).vx))).toBeLessThan(
            scale * 1e-12,
          );
          expect(Math.abs(a.vy + b.vy - (must(before[0]).vy + must(before[1]).vy))).toBeLessThan(
            scale * 1e-12,
          );
          const lost = energy(before) - energy(ks);
          expect(lost).toBeCloseTo(((1 - e * e) / 4) * speed * speed, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a straight full-ball hit with a sliding, spinless cue ball stops it (stun) and sends the object ball on at (1 + e)/2', () => {
    const v0 = 2000;
    const gap = 300;
    const aS = muS * g;
    // The slide takes tc to cover the gap; back spin of (5μs·g/2R)·tc wears off exactly then, which a
    // tip height of −μs·g·tc/v0 gives (ω = 5v·height/2R): the cue ball arrives sliding without spin.
    const tc = (v0 - Math.sqrt(v0 * v0 - 2 * aS * gap)) / aS;
    const height = (-aS * tc) / v0;
    const r = simulateStroke(table, [cue(889, 700), red(1, 889, 700 + D + gap)], { vx: 0, vy: v0, height });
    const contact = ofType(r, 'contact')[0];
    if (!contact) throw new Error('no contact');
    expect(contact.t).toBeCloseTo(tc * 1000, 4);
    const vIn = v0 - aS * tc;
    const after = r.at(contact.t);
    // contact is taken 1e-6 mm before the surfaces meet (contactTolerance), 5e-10 s early: hence 1e-4
    const vCue = ((1 - e) / 2) * vIn;
    expect(must(after[0]).vy).toBeCloseTo(vCue, 4);
    expect(must(after[1]).vy).toBeCloseTo(((1 + e) / 2) * vIn, 4);
    // all the cue ball keeps is (1 − e)/2 of its speed, without spin: it slides to 5/7 of that, rolls, stops
    const vRoll = (5 / 7) * vCue;
    const creep = (vCue ** 2 - vRoll ** 2) / (2 * aS) + vRoll ** 2 / (2 * muR * g);
    const stopped = r.rest.find((b) => b.track === 'cue');
    expect(must(stopped).y - (700 + gap)).toBeCloseTo(creep, 3);
    expect(creep).toBeLessThan(15); // a stun: it stays (nearly) where it struck
  });

  it('a rolling cue ball follows through after a full-ball hit', () => {
    const r = simulateStroke(table, [cue(889, 700), red(1, 889, 1000)], { vx: 0, vy: 1500, height: 0.4 });
    const stopped = r.rest.find((b) => b.track === 'cue');
    expect(must(stopped).y - (1000 - D)).toBeGreaterThan(200);
  });

  it('first contact is at the time computed by hand (slide, then roll) to under 0.01 ms', () => {
    const v0 = 1000;
    const gap = 300 - D;
    const r = simulateStroke(table, [cue(889, 700), red(1, 889, 1000)], { vx: 0, vy: v0 });
    // sliding: decelerates at μs·g until it rolls at 5/7·v0, after 2v0/7μs·g
    const aS = muS * g;
    const tS = (2 * v0) / (7 * aS);
    const dS = v0 * tS - 0.5 * aS * tS * tS;
    // then rolling at μr·g over the rest of the gap
    const aR = muR * g;
    const v1 = v0 - aS * tS;
    const tR = (v1 - Math.sqrt(v1 * v1 - 2 * aR * (gap - dS))) / aR;
    const expected = (tS + tR) * 1000;
    const contact = ofType(r, 'contact')[0];
    expect(Math.abs(must(contact).t - expected)).toBeLessThan(0.01);
    expect(r.firstContact).toEqual(['red']);
  });

  it('a cue ball driven into two touching balls symmetrically touches both at once: two ids, mirror-image paths', () => {
    const r = simulateStroke(
      table,
      [cue(889, 700), red(1, 889 - R, 1100), { track: 'blue', id: 'blue', x: 889 + R, y: 1100 }],
      { vx: 0, vy: 2000 },
    );
    expect(r.firstContact).toEqual(['red', 'blue']);
    const [c1, c2] = ofType(r, 'contact');
    expect(Math.abs(must(c1).t - must(c2).t)).toBeLessThan(1);
    for (const t of [must(c1).t + 1, must(c1).t + 500]) {
      const [c, a, b] = r.at(t);
      expect(must(c).x).toBeCloseTo(889, 6);
      expect(must(a).x + must(b).x).toBeCloseTo(2 * 889, 6);
      expect(must(a).y).toBeCloseTo(must(b).y, 6);
    }
  });

  it('momentum runs down a line of touching balls as in Newton’s cradle: the last takes ((1 + e)/2)³', () => {
    const y0 = 1000;
    const balls = [cue(889, 900), red(1, 889, y0), red(2, 889, y0 + D), red(3, 889, y0 + 2 * D)];
    const r = simulateStroke(table, balls, { vx: 0, vy: 1000 });
    const t = must(ofType(r, 'contact')[0]).t;
    const instant = ofType(r, 'contact').filter((c) => c.t === t);
    expect(instant.map((c) => [c.ta, c.tb])).toEqual([
      ['cue', 'red1'],
      ['red1', 'red2'],
      ['red2', 'red3'],
    ]);
    const vIn = Math.sqrt(1000 ** 2 - 2 * muS * g * (100 - D));
    const last = sampleOf(r, t, 'red3');
    expect(last.vy).toBeCloseTo(((1 + e) / 2) ** 3 * vIn, 4);
    expect(sampleOf(r, t, 'red1').vy).toBeLessThan(0.05 * vIn);
  });
});

describe('cushions', () => {
  it('restitution falls with speed: about 0.9 slow, towards 0.75 hard', () => {
    expect(cushionRestitution(0, DEFAULT_PHYSICS)).toBeCloseTo(0.9, 12);
    expect(cushionRestitution(300, DEFAULT_PHYSICS)).toBeGreaterThan(0.85);
    expect(cushionRestitution(6000, DEFAULT_PHYSICS)).toBeLessThan(0.76);
    expect(cushionRestitution(1000, DEFAULT_PHYSICS)).toBeLessThan(cushionRestitution(500, DEFAULT_PHYSICS));
  });

  const intoBottomCushion = (side: number, friction = DEFAULT_PHYSICS.cushionFriction) => {
    // rolling (struck at 7/10 height) down and to the right at 45°, into the bottom cushion (y = 0)
    const v = 1200 * Math.SQRT1_2;
    const r = simulateStroke(
      table,
      [cue(600, 400)],
      { vx: v, vy: -v, side, height: 0.4 },
      { cushionFriction: friction },
    );
    const hit = ofType(r, 'cushion')[0];
    if (!hit) throw new Error('no cushion');
    return { r, hit, before: sampleOf(r, hit.t - 1e-6, 'cue'), after: sampleOf(r, hit.t, 'cue') };
  };

  it('without friction the angle of reflection is atan(vt / e·vn), e at the ball’s normal speed', () => {
    const { before, after } = intoBottomCushion(0, 0);
    const vn = -before.vy;
    expect(after.vx).toBeCloseTo(before.vx, 6);
    expect(after.vy).toBeCloseTo(cushionRestitution(vn, DEFAULT_PHYSICS) * vn, 6);
    expect(Math.atan2(after.vx, after.vy)).toBeCloseTo(
      Math.atan2(before.vx, cushionRestitution(vn, DEFAULT_PHYSICS) * vn),
      9,
    );
  });

  it('the ball touches the cushion nose exactly: its centre one radius off it', () => {
    const { hit, r } = intoBottomCushion(0);
    expect(sampleOf(r, hit.t, 'cue').y).toBeCloseTo(R, 5);
  });

  it('side spin changes the rebound: running side widens the angle, check side narrows it', () => {
    const angle = (side: number) => {
      const { after } = intoBottomCushion(side);
      return Math.atan2(after.vx, after.vy); // from the cushion's normal
    };
    // moving down and to the right into the bottom cushion, clockwise spin seen from above (left-hand
    // side, side < 0) turns the ball's face along the cushion the way it is going: running side
    const plain = angle(0);
    expect(angle(-0.5)).toBeGreaterThan(plain + 0.05);
    expect(angle(0.5)).toBeLessThan(plain - 0.05);
  });
});

describe('pockets: jaws, knuckles, fall line', () => {
  const s = Math.SQRT1_2;
  it('a ball rolled at a corner pocket’s centre drops: pot event, falling with z dropping, then potted', () => {
    const r = simulateStroke(table, [cue(400, 400)], { vx: -800 * s, vy: -800 * s, height: 0.4 });
    expect(r.potted).toEqual([{ id: 'cue', track: 'cue', pocket: 'BL' }]);
    const pot = must(ofType(r, 'pot')[0]);
    expect(ofType(r, 'jaw')).toEqual([]);
    const drop = fallTime(R, g) * 1000;
    expect(r.duration).toBeCloseTo(pot.t + drop, 6);
    const mid = sampleOf(r, pot.t + drop / 2, 'cue');
    expect(mid.state).toBe('falling');
    expect(mid.z).toBeLessThan(R);
    expect(mid.z).toBeGreaterThan(-R);
    const end = sampleOf(r, r.duration, 'cue');
    expect(end.state).toBe('potted');
    expect(end.z).toBe(-R);
    expect(r.rest).toEqual([]);
  });

  it('a ball rolled at a middle pocket square on drops', () => {
    const r = simulateStroke(table, [cue(300, 1784.5)], { vx: -1000, vy: 0, height: 0.4 });
    expect(r.potted.map((p) => p.pocket)).toEqual(['ML']);
  });

  it('a ball aimed at the jaw knuckle bounces off it and stays out', () => {
    // straight down the table at the knuckle where the bottom cushion turns into the BL jaw
    const r = simulateStroke(table, [cue(60.8, 500)], { vx: 0, vy: -2000, height: 0.4 });
    expect(r.potted).toEqual([]);
    const jaw = ofType(r, 'jaw')[0];
    expect(jaw?.pocket).toBe('BL');
    expect(r.rest).toHaveLength(1);
  });

  it('a ball can rattle between the jaws and stay out', () => {
    // into the left middle pocket at 55° to the cushion: jaw, jaw, jaw, and out
    const a = (55 * Math.PI) / 180;
    const r = simulateStroke(table, [cue(300, 1784.5 - 300 * Math.tan(a))], {
      vx: -1500,
      vy: 1500 * Math.tan(a),
    });
    expect(ofType(r, 'jaw').length).toBeGreaterThanOrEqual(2);
    expect(r.potted).toEqual([]);
  });

  it('a ball entering a corner pocket off line hits a jaw and may still drop', () => {
    const r = simulateStroke(table, [cue(400 + 20 * s, 400 - 20 * s)], { vx: -1500 * s, vy: -1500 * s });
    expect(ofType(r, 'jaw').length).toBeGreaterThan(0);
    expect(r.potted.map((p) => p.pocket)).toEqual(['BL']);
  });
});

describe('the event loop', () => {
  it('is deterministic: the same input gives the same result, bit for bit', () => {
    const balls = [
      cue(800, 700),
      red(1, 889, 2730),
      red(2, 889 - R, 2730 + D * 0.866),
      red(3, 889 + R, 2730 + D * 0.866),
    ];
    const run = () => simulateStroke(table, balls, { vx: 40, vy: 3000, side: 0.2, height: -0.3 });
    const a = run();
    const b = run();
    expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
    expect(JSON.stringify(a.rest)).toBe(JSON.stringify(b.rest));
    for (const t of [0, 123.4, a.duration / 2, a.duration]) expect(a.at(t)).toEqual(b.at(t));
  });

  it('stops a stroke at the event limit, every ball still where it stood', () => {
    const balls = [cue(800, 700), red(1, 889, 2730)];
    const r = simulateStroke(table, balls, { vx: 40, vy: 3000 }, { maxEvents: 2 });
    expect(r.truncated).toBe(true);
    expect(r.events.length).toBeLessThanOrEqual(3);
    expect(r.at(r.duration).every((b) => b.vx === 0 && b.vy === 0)).toBe(true);
    expect(r.rest).toHaveLength(2);
  });

  it('orders events by time and keeps at() inside [0, duration]', () => {
    const r = simulateStroke(table, [cue(800, 700), red(1, 900, 1500)], { vx: 150, vy: 2500 });
    const times = r.events.map((ev) => ev.t);
    expect(times).toEqual([...times].sort((p, q) => p - q));
    expect(r.at(-10)).toEqual(r.at(0));
    expect(r.at(r.duration + 1e6)).toEqual(r.at(r.duration));
    expect(ofType(r, 'rest').length).toBe(2);
  });
});
