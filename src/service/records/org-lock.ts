import { lockOrganization as lockOrganizationRow } from '../../store/repositories/organizations.js';
import { canAccessOrg, type Db, type ServiceContext } from '../context.js';

/**
 * Serializes writers of one organization for read-then-write rules (no duplicate IBAN per owner,
 * one mandate reference per creditor, no overlapping insurance windows): on Postgres the
 * organization row is locked (SELECT … FOR NO KEY UPDATE: writers of the row wait, inserts that only
 * reference it do not) until the transaction ends, so a second writer reads what the first committed;
 * SQLite's write transactions already run one at a time. A caller never holds the lock of an
 * organization it may not see: the call does nothing then, and the caller's requireOrg answers 404.
 */
export async function lockOrganization(ctx: ServiceContext, trx: Db, orgId: string): Promise<void> {
  if (ctx.store.dialect !== 'postgres' || !canAccessOrg(ctx.actor, orgId)) return;
  await lockOrganizationRow(trx, orgId);
}
