/** `payroll verify` (cli.md "Verification against official data"): vectors, mismatches, runners. */

export interface Vector {
  kind: string;
  id: string;
  [field: string]: unknown;
}

export interface Mismatch {
  id: string;
  /** Dot path of the compared field, e.g. `LSTLZZ` or `periods.3.expected.tax`. */
  field: string;
  expected: unknown;
  got: unknown;
}

/** Runs one vector of its kind and returns every mismatch (none when it passes). */
export type VectorRunner = (vector: Vector) => Promise<Mismatch[]> | Mismatch[];
