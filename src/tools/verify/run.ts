import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import './kinds.js';
import { knownKinds, loadRunner } from './registry.js';
import type { Mismatch, Vector, VectorRunner } from './types.js';

export interface VerifyReport {
  passed: number;
  failed: number;
  mismatches: Mismatch[];
  /** Vectors left out because verify has no runner for their kind (only with `skipUnknownKinds`), per file and kind. */
  skipped: SkippedKind[];
}

export interface SkippedKind {
  file: string;
  kind: string;
  count: number;
}

export interface VerifyProgress {
  onVector?(id: string, ok: boolean, mismatches: Mismatch[]): void;
}

export interface VerifyOptions {
  /**
   * Leave out vectors of kinds verify cannot run yet and list them in `report.skipped` instead of failing them.
   * For the bundled reference data, which holds kinds whose engines are still to come; a file the user names
   * keeps the strict rule (an unknown kind is a failure).
   */
  skipUnknownKinds?: boolean;
}

/** Reads JSON Lines vectors from each file and runs every one through the runner of its kind. */
export async function verifyFiles(files: readonly string[], progress: VerifyProgress = {}, options: VerifyOptions = {}): Promise<VerifyReport> {
  const report: VerifyReport = { passed: 0, failed: 0, mismatches: [], skipped: [] };
  const runners = new Map<string, VectorRunner | undefined>();
  for (const file of files) {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let lineNumber = 0;
    for await (const line of lines) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      let vector: Vector;
      try {
        vector = JSON.parse(line) as Vector;
      } catch (error) {
        record(`${file}:${lineNumber}`, [{ id: `${file}:${lineNumber}`, field: '(line)', expected: 'a JSON object', got: (error as Error).message }]);
        continue;
      }
      const id = typeof vector.id === 'string' ? vector.id : `${file}:${lineNumber}`;
      if (!runners.has(vector.kind)) runners.set(vector.kind, await loadRunner(vector.kind));
      const runner = runners.get(vector.kind);
      if (!runner && options.skipUnknownKinds && typeof vector.kind === 'string') {
        const entry = report.skipped.find((s) => s.file === file && s.kind === vector.kind);
        if (entry) entry.count += 1;
        else report.skipped.push({ file, kind: vector.kind, count: 1 });
        continue;
      }
      if (!runner) {
        record(id, [{ id, field: 'kind', expected: `one of ${knownKinds().join(', ')}`, got: vector.kind }]);
        continue;
      }
      let mismatches: Mismatch[];
      try {
        mismatches = await runner(vector);
      } catch (error) {
        mismatches = [{ id, field: '(error)', expected: 'a result', got: error instanceof Error ? error.message : String(error) }];
      }
      record(id, mismatches);
    }
  }
  return report;

  function record(id: string, mismatches: Mismatch[]): void {
    const ok = mismatches.length === 0;
    if (ok) report.passed += 1;
    else {
      report.failed += 1;
      report.mismatches.push(...mismatches);
    }
    progress.onVector?.(id, ok, mismatches);
  }
}
