// Colour by wavelength, for lamps whose spectrum has gaps (render.ts AltLamplight): a pigment's sRGB
// colour is taken for what it looks like in daylight (CIE D65) and given a smooth reflectance spectrum
// that looks so — a sigmoid of a quadratic in the wavelength (Jakob and Hanika's form: bounded in 0..1,
// smooth, a broad plateau or a sharp edge as a paint's), fitted by Levenberg–Marquardt — and that
// spectrum is lit by the lamps' and seen by a camera meeting the Luther condition (its sensitivities, after
// its colour matrix, the CIE 1931 observer's through sRGB's primaries: Wyman, Sloan and Shirley's fit of
// the colour-matching functions), white-balanced to the lamps by a von Kries adaptation in CAT02's cone
// space: a white stays white, and each pigment moves as its spectrum meets the lamps' (two pigments apart
// in daylight may come nearer where the lamps lack the light that told them apart).
import type { AltLamplight, Srgb8 } from './render.ts';

/** The wavelengths sampled, nm: 400 to 700 every 10. */
const NM = Array.from({ length: 31 }, (_, i) => 400 + 10 * i);

/** CIE D65's relative spectral power at NM. */
const D65 = [
  82.75, 91.49, 93.43, 86.68, 104.86, 117.01, 117.81, 114.86, 115.92, 108.81, 109.35, 107.8, 104.79, 107.69,
  104.41, 104.05, 100, 96.33, 95.79, 88.69, 90.01, 89.6, 87.7, 83.29, 83.7, 80.03, 80.21, 82.28, 78.28, 69.72,
  71.61,
];

/** A Gaussian of two widths (σ below the peak, σ above), as Wyman et al.'s fit uses. */
const lobe = (l: number, peak: number, below: number, above: number): number =>
  Math.exp(-0.5 * ((l - peak) / (l < peak ? below : above)) ** 2);

/** The CIE 1931 colour-matching functions x̄, ȳ, z̄ at NM (Wyman, Sloan and Shirley, 2013). */
const CMF = [
  NM.map(
    (l) =>
      1.056 * lobe(l, 599.8, 37.9, 31) + 0.362 * lobe(l, 442, 16, 26.7) - 0.065 * lobe(l, 501.1, 20.4, 26.2),
  ),
  NM.map((l) => 0.821 * lobe(l, 568.8, 46.9, 40.5) + 0.286 * lobe(l, 530.9, 16.3, 31.1)),
  NM.map((l) => 1.217 * lobe(l, 437, 11.8, 36) + 0.681 * lobe(l, 459, 26, 13.8)),
] as const;

type M3 = readonly [
  readonly [number, number, number],
  readonly [number, number, number],
  readonly [number, number, number],
];
type V3 = [number, number, number];

/** XYZ to linear sRGB. */
const XYZ_TO_RGB: M3 = [
  [3.2406, -1.5372, -0.4986],
  [-0.9689, 1.8758, 0.0415],
  [0.0557, -0.204, 1.057],
];
/** XYZ to CAT02's cone space. */
const CAT02: M3 = [
  [0.7328, 0.4296, -0.1624],
  [-0.7036, 1.6975, 0.0061],
  [0.003, 0.0136, 0.9834],
];

const times = (m: M3, v: readonly number[]): V3 => [
  m[0][0] * (v[0] as number) + m[0][1] * (v[1] as number) + m[0][2] * (v[2] as number),
  m[1][0] * (v[0] as number) + m[1][1] * (v[1] as number) + m[1][2] * (v[2] as number),
  m[2][0] * (v[0] as number) + m[2][1] * (v[1] as number) + m[2][2] * (v[2] as number),
];

const inverse = (m: M3): M3 => {
  const [[a, b, c], [d, e, f], [g, h, k]] = m;
  const A = e * k - f * h;
  const B = f * g - d * k;
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [
    [A / det, (c * h - b * k) / det, (b * f - c * e) / det],
    [B / det, (a * k - c * g) / det, (c * d - a * f) / det],
    [C / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
};
const CAT02_INVERSE = inverse(CAT02);

/** The lamps' relative spectral power at NM: their emitters' bands, each a Gaussian of its FWHM. */
export const lampSpectrum = (light: AltLamplight): number[] =>
  NM.map((l) =>
    light.emitters.reduce(
      (sum, e) => sum + e.power * Math.exp(-4 * Math.LN2 * ((l - e.peak) / e.width) ** 2),
      0,
    ),
  );

/** A reflectance spectrum's XYZ under a light (at NM). */
const xyzOf = (reflectance: readonly number[], light: readonly number[]): V3 => {
  const out: V3 = [0, 0, 0];
  for (let i = 0; i < NM.length; i++) {
    const p = (reflectance[i] as number) * (light[i] as number);
    out[0] += (CMF[0][i] as number) * p;
    out[1] += (CMF[1][i] as number) * p;
    out[2] += (CMF[2][i] as number) * p;
  }
  return out;
};

const WHITE = NM.map(() => 1);

/**
 * The camera's view of a light: a reflectance spectrum's linear sRGB (each channel over a perfect white's
 * in daylight), the camera balanced to the light (von Kries in CAT02's space, to D65's white).
 */
const viewUnder = (light: readonly number[]): ((reflectance: readonly number[]) => V3) => {
  const daylight = times(CAT02, xyzOf(WHITE, D65));
  const here = times(CAT02, xyzOf(WHITE, light));
  const adapt = [0, 1, 2].map((j) => (daylight[j] as number) / (here[j] as number));
  const raw = (r: readonly number[], a: readonly number[]): V3 => {
    const lms = times(CAT02, xyzOf(r, light));
    return times(
      XYZ_TO_RGB,
      times(
        CAT02_INVERSE,
        lms.map((x, j) => x * (a[j] as number)),
      ),
    );
  };
  const white = times(XYZ_TO_RGB, times(CAT02_INVERSE, daylight));
  return (r) => {
    const v = raw(r, adapt);
    return [v[0] / white[0], v[1] / white[1], v[2] / white[2]];
  };
};
const inDaylight = viewUnder(D65);

/** A sigmoid of a quadratic in (λ − 550) / 150: a reflectance spectrum at NM. */
const sigmoidSpectrum = (c: readonly number[]): number[] =>
  NM.map((l) => {
    const t = (l - 550) / 150;
    return 1 / (1 + Math.exp(-((c[0] as number) + (c[1] as number) * t + (c[2] as number) * t * t)));
  });

const srgbToLinear = (v: number): number => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);

/** Solves a 3 × 3 system (Cramer's rule). */
const solve3 = (A: M3, b: readonly number[]): V3 => {
  const i = inverse(A);
  return times(i, b);
};

/**
 * A pigment's reflectance spectrum (at NM, 400 to 700 nm every 10) that looks as its sRGB colour does in
 * daylight, and its linear sRGB as the fit sees it there.
 */
export const pigmentSpectrum = (c: Srgb8): { readonly reflectance: number[]; readonly daylight: V3 } => {
  const target = [srgbToLinear(c[0] / 255), srgbToLinear(c[1] / 255), srgbToLinear(c[2] / 255)];
  const misfit = (k: readonly number[]): { r: V3; e: number } => {
    const v = inDaylight(sigmoidSpectrum(k));
    const r: V3 = [v[0] - (target[0] as number), v[1] - (target[1] as number), v[2] - (target[2] as number)];
    return { r, e: r[0] * r[0] + r[1] * r[1] + r[2] * r[2] };
  };
  let k = [0, 0, 0];
  let at = misfit(k);
  let damping = 1e-2;
  for (let it = 0; it < 200 && at.e > 1e-14; it++) {
    // The Jacobian by forward differences, then a damped Gauss–Newton step.
    const J = [0, 1, 2].map((p) => {
      const k2 = k.slice();
      k2[p] = (k2[p] as number) + 1e-6;
      const r2 = misfit(k2).r;
      return [0, 1, 2].map((ch) => ((r2[ch] as number) - (at.r[ch] as number)) / 1e-6);
    });
    // J[p][ch]: the normal equations (JᵀJ + damping diag) dk = −Jᵀr.
    const dot = (p: number, q: number): number =>
      [0, 1, 2].reduce((s, ch) => s + (J[p]?.[ch] as number) * (J[q]?.[ch] as number), 0);
    const A = [0, 1, 2].map((p) =>
      [0, 1, 2].map((q) => dot(p, q) + (p === q ? damping * (1 + dot(p, p)) : 0)),
    ) as unknown as M3;
    const g = [0, 1, 2].map(
      (p) => -[0, 1, 2].reduce((s, ch) => s + (J[p]?.[ch] as number) * (at.r[ch] as number), 0),
    );
    const dk = solve3(A, g);
    const k2 = k.map((x, p) => x + (dk[p] as number));
    const next = misfit(k2);
    if (Number.isFinite(next.e) && next.e < at.e) {
      k = k2;
      at = next;
      damping = Math.max(1e-9, damping / 3);
    } else damping *= 4;
  }
  const reflectance = sigmoidSpectrum(k);
  return { reflectance, daylight: inDaylight(reflectance) };
};

/**
 * Each pigment (sRGB, as in daylight) in linear light as the camera balanced to `light` sees it under it:
 * its spectrum's view there, plus what the fit missed of its colour in daylight (so that a D65 lamp would
 * leave every colour as it is), none below black. Memoised by colour.
 */
export const pigmentsUnder = (light: AltLamplight): ((c: Srgb8) => [number, number, number]) => {
  const view = viewUnder(lampSpectrum(light));
  const seen = new Map<string, [number, number, number]>();
  return (c) => {
    const key = c.join(',');
    const known = seen.get(key);
    if (known) return [...known];
    const { reflectance, daylight } = pigmentSpectrum(c);
    const v = view(reflectance);
    const out: [number, number, number] = [0, 0, 0];
    for (let j = 0; j < 3; j++)
      out[j] = Math.max(0, (v[j] as number) + srgbToLinear((c[j] as number) / 255) - (daylight[j] as number));
    seen.set(key, out);
    return [...out];
  };
};
