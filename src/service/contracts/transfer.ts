import { z } from 'zod';

/**
 * The organization export document (`payroll export`): versioned, self-describing, and exactly what
 * the store holds, so import → export → import gives identical data. Document bytes travel base64.
 */
export const EXPORT_FORMAT = 'payroll.organization-export';
export const EXPORT_FORMAT_VERSION = 1;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const exportDocument = z
  .object({
    format: z.literal(EXPORT_FORMAT, { error: `must be "${EXPORT_FORMAT}"` }),
    format_version: z.literal(EXPORT_FORMAT_VERSION, { error: `must be ${EXPORT_FORMAT_VERSION} (this build reads version ${EXPORT_FORMAT_VERSION})` }),
    exported_at: z.string(),
    organization_id: z.string().min(1),
    tables: z.record(z.string(), z.array(z.record(z.string(), cell))),
    objects: z.record(z.string(), z.string()).default({}),
  })
  .strict()
  .meta({ id: 'OrganizationExport' });

export type ExportDocument = z.infer<typeof exportDocument>;

export const importOptions = z.object({ dry_run: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false) });

export const importReport = z
  .object({
    organization_id: z.string(),
    dry_run: z.boolean(),
    tables: z.record(
      z.string(),
      z.object({
        inserted: z.number().int(),
        updated: z.number().int(),
        unchanged: z.number().int(),
        /** Records the store holds in a later state than the file (a run paid since the export, year to date moved on): left as they are. */
        kept: z.number().int(),
      }),
    ),
    objects_written: z.number().int(),
    changed: z.boolean(),
  })
  .meta({ id: 'ImportReport' });

export type ImportReport = z.infer<typeof importReport>;
