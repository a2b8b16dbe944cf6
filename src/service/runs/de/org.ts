import { fieldError } from '../../../domain/errors.js';
import type { OrganizationTable } from '../../../store/schema.js';
import { type Db, requireOrg, type ServiceContext } from '../../context.js';

/** The organization, which must be a German one (German runs and payroll accounts). */
export async function requireDeOrg(ctx: ServiceContext, db: Db, orgId: string): Promise<OrganizationTable> {
  const org = await requireOrg(ctx, db, orgId);
  if (org.country !== 'DE') throw fieldError(['path', 'organization_id'], `is a ${org.country} organization; German payroll runs are for DE organizations only`, 'country_mismatch');
  return org;
}
