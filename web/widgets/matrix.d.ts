// The matrix types the elements take and give (types only: no module of
// its own). Re-exported by index.d.ts.

/** A row-major matrix, as the attnscope core uses. */
export interface Matrix {
  data: Float32Array;
  /** [rows, cols] */
  shape: number[];
}

/** Anything a matrix property accepts: a 2-D tensor or a 2-D array of numbers. */
export type MatrixLike = Matrix | number[][];
