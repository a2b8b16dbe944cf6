/**
 * A vector replayed through the store (`gb-run`, `de-run`): a fresh in-memory store and its local service for the
 * one vector, the replay's own steps, and any failure reported as a mismatch naming the step it happened in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalService, localActor } from '../../service/local.js';
import { createFolderObjectStore } from '../../service/object-store.js';
import type { PayrollService } from '../../service/ports.js';
import { openStore } from '../../store/database.js';
import type { Mismatch } from './types.js';

/** What a replay records as it goes: the step it is in (named in a failure's field) and the mismatches so far. */
export interface ReplayProgress {
  step: string;
  readonly mismatches: Mismatch[];
}

/** The mismatches the replay recorded, and a failure after them as one more naming its step. */
export async function replayThroughStore(vectorId: string, replay: (service: PayrollService, progress: ReplayProgress) => Promise<void>): Promise<Mismatch[]> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-verify-'));
  const store = await openStore(':memory:');
  const service = createLocalService(store, { actor: localActor('verify'), objects: createFolderObjectStore(dir), ownsStore: true });
  const progress: ReplayProgress = { step: 'set-up', mismatches: [] };
  try {
    await replay(service, progress);
    return progress.mismatches;
  } catch (error) {
    return [...progress.mismatches, { id: vectorId, field: `(error in ${progress.step})`, expected: 'a result', got: error instanceof Error ? error.message : String(error) }];
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
