import { z } from 'zod';
import { GB_TAX_YEARS } from '../../domain/gb/editions.js';

/**
 * P60 end-of-year certificates (issue 16 point 4; extension routes): the list of a tax year's P60s
 * (`GET /gb/organizations/{organization_id}/p60s?tax_year=2025-26`) and one employee's P60 PDF
 * (`GET /gb/organizations/{organization_id}/p60s/{employee_id}/pdf?tax_year=2025-26`). Rendered from the settled
 * payslips, not stored: the same bytes every time.
 */
export const p60Query = z
  .object({
    tax_year: z.enum(GB_TAX_YEARS as unknown as [string, ...string[]], { error: `must be a tax year this build calculates (${GB_TAX_YEARS.join(', ')})` }),
  })
  .strict()
  .meta({ id: 'GbP60Query' });

export const p60List = z
  .object({
    tax_year: z.string(),
    /** The employees employed on 5 April with pay in the year, one P60 each. */
    p60s: z.array(z.object({ employee_id: z.string(), file_name: z.string() })),
  })
  .meta({ id: 'GbP60List' });

export type P60List = z.infer<typeof p60List>;
