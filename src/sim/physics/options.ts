// Every constant of the stroke physics is an option, so a test can switch an effect off (a frictionless
// cushion, a perfectly elastic ball) and a scenario can model another cloth. Units: millimetres,
// seconds, radians.

export interface PhysicsOptions {
  /** Gravitational acceleration, mm/s². */
  readonly gravity: number;
  /** Sliding friction of ball on cloth, μs: a sliding ball slows at μs·g (0.2 is the usual figure for cloth). */
  readonly slidingFriction: number;
  /**
   * Rolling resistance of ball on cloth, μr: a rolling ball slows at μr·g. With 0.012 (issue 3 asks for
   * 0.01–0.015) a ball rolled at 0.85 m/s runs 3.07 m, baulk line to top cushion.
   */
  readonly rollingFriction: number;
  /**
   * Spinning friction μsp: side spin (about the vertical) decays at 5·μsp·g / 2R, about 11 rad/s² on a
   * 52.5 mm ball (the figure pooltool derives from Marlow's measurements).
   */
  readonly spinFriction: number;
  /** Ball–ball coefficient of restitution (issue 3: ≈ 0.93 for phenolic resin balls). */
  readonly ballRestitution: number;
  /** Cushion restitution for a ball meeting it slowly … */
  readonly cushionRestitutionSlow: number;
  /** … falling towards this for a hard-hit ball … */
  readonly cushionRestitutionFast: number;
  /** … with this normal speed (mm/s) as the scale of the fall-off: e = fast + (slow − fast)·exp(−v/scale). */
  readonly cushionRestitutionSpeed: number;
  /** Ball–cushion friction: how much the rubber grips the ball's side spin and roll. */
  readonly cushionFriction: number;
  /**
   * Least speed (mm/s) at which two bodies part after a contact. A ball pushed along by another, or
   * driven back into a cushion by its own spin, would otherwise meet it again and again in ever
   * shorter intervals (a Zeno sequence); parting at this speed costs nothing visible (the ball moves
   * hundredths of a millimetre) and bounds the number of events.
   */
  readonly minSeparationSpeed: number;
  /** Two balls (or a ball and a cushion) this close (mm) are touching: contacts start this far out. */
  readonly contactTolerance: number;
  /** Guard against an endless event loop: a stroke with more events than this is cut short. */
  readonly maxEvents: number;
  /** Guard for one instant: at most this many rounds of simultaneous ball–ball contacts. */
  readonly maxContactRounds: number;
}

export const DEFAULT_PHYSICS: PhysicsOptions = {
  gravity: 9810,
  slidingFriction: 0.2,
  rollingFriction: 0.012,
  spinFriction: 0.0117,
  ballRestitution: 0.93,
  cushionRestitutionSlow: 0.9,
  cushionRestitutionFast: 0.75,
  cushionRestitutionSpeed: 2000,
  cushionFriction: 0.2,
  minSeparationSpeed: 5,
  contactTolerance: 1e-6,
  maxEvents: 20000,
  maxContactRounds: 500,
};

export const physicsOptions = (options: Partial<PhysicsOptions> = {}): PhysicsOptions => ({
  ...DEFAULT_PHYSICS,
  ...options,
});
