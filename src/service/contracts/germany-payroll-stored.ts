import { z } from 'zod';
import { isoDate } from './common.js';

/** Extension request: German payroll for the stored employees of a German organization in one month. */
export const storedGermanPayrollInput = z
  .object({
    period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month in the form YYYY-MM' }),
    pay_date: isoDate.optional().describe('defaults to the last day of the month'),
    employee_ids: z.array(z.string()).max(10_000).optional().describe('only these employees (default: everyone employed in the month)'),
  })
  .strict()
  .meta({ id: 'StoredGermanPayrollRequest' });
