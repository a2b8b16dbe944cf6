import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localActor } from '../../src/service/local.js';
import { type ServiceContext, systemClock } from '../../src/service/context.js';
import { pooledUuidv7 } from '../../src/service/ids.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { Store } from '../../src/store/database.js';

export { inTransaction } from '../../src/service/context.js';

/** A use-case context over `store` for exercising the transaction helpers directly. */
export function localActorContext(store: Store): ServiceContext {
  return { store, clock: systemClock, ids: pooledUuidv7, actor: localActor('store-test'), objects: createFolderObjectStore(join(tmpdir(), 'payroll-store-objects')) };
}
