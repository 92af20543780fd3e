// munkres-js ships no types. It takes a cost matrix (rows × columns, padded to square with
// `padValue`) and returns the [row, column] pairs of a least-cost assignment.
declare module 'munkres-js' {
  export default function computeMunkres(
    costMatrix: readonly (readonly number[])[],
    options?: { padValue?: number },
  ): [number, number][];
}
