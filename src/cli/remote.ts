import { DomainError } from '../domain/errors.js';
import type { PayrollService } from '../service/ports.js';
import type { Where } from './runtime.js';

/** Remote mode: the PayrollService over HTTPS with a client-credentials token (issue 6). */
export async function openRemoteService(where: Where, _env: NodeJS.ProcessEnv): Promise<PayrollService> {
  throw new DomainError('unavailable', 'REMOTE.NOT_BUILT', `remote mode (${where.remote}) is not part of this build yet`);
}
