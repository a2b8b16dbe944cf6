import type { MigrationDb } from './column-types.js';

/**
 * A British employer's settings for its RTI submissions and the P32 (issue 16 point 3): the Accounts Office
 * reference, the Self Assessment / Corporation Tax UTR, Employment Allowance claims, small employers' relief and the
 * levy allowance share per tax year (service/contracts/organization.ts, `gb`). One JSON column on the organization,
 * empty for German employers and for every organization stored before.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('gb_json', 'text').execute();
}
