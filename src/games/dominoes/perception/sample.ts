// Reading the camera's pixels at points of the face plane: a point (mm, table frame, at the faces'
// height) projected through the calibration and read bilinearly, as brightness (r + 2g + b) / 4.
import { project, type Calibration } from '../../../camera/index.ts';
import type { RgbImage } from '../../../core/image.ts';
import { mm } from '../../../core/units.ts';

export type FaceSampler = (x: number, y: number) => number;

export const faceSampler = (c: Calibration, image: RgbImage, z: number): FaceSampler => {
  const { width, height, data } = image;
  const at = (u: number, v: number): number => {
    const i = (v * width + u) * 3;
    return ((data[i] as number) + 2 * (data[i + 1] as number) + (data[i + 2] as number)) / 4;
  };
  return (x, y) => {
    const p = project(c, { x: mm(x), y: mm(y), z: mm(z) });
    const u0 = Math.floor(p.u);
    const v0 = Math.floor(p.v);
    if (!(u0 >= 0 && v0 >= 0 && u0 + 1 < width && v0 + 1 < height)) return NaN;
    const fu = p.u - u0;
    const fv = p.v - v0;
    return (
      (1 - fv) * ((1 - fu) * at(u0, v0) + fu * at(u0 + 1, v0)) +
      fv * ((1 - fu) * at(u0, v0 + 1) + fu * at(u0 + 1, v0 + 1))
    );
  };
};
