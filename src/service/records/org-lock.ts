import type { ServiceContext, Db } from '../context.js';

/**
 * Serializes writers of one organization for read-then-write rules (no duplicate IBAN per owner,
 * one mandate reference per creditor, no overlapping insurance windows): on Postgres the
 * organization row is locked (SELECT … FOR NO KEY UPDATE: writers of the row wait, inserts that only
 * reference it do not) until the transaction ends, so a second writer reads what the first committed;
 * SQLite's write transactions already run one at a time.
 */
export async function lockOrganization(ctx: ServiceContext, trx: Db, orgId: string): Promise<void> {
  if (ctx.store.dialect !== 'postgres') return;
  await trx.selectFrom('organizations').select('id').where('id', '=', orgId).forNoKeyUpdate().execute();
}
