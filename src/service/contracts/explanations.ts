/**
 * The explanation of one figure of a stored payslip (issue 18 point 7): "why is my tax this much?" answered step by
 * step from the engine's own trace, stored with the payslip when it was calculated, never from a second calculation.
 * GB: GET /gb/organizations/{organization_id}/payrolls/{run_id}/employees/{employee}/explanation?figure=tax;
 * Germany: the same under /germany/organizations/… with figure=wage_tax, soli, church_tax, kv, pv, rv, av or levies.
 */
import { z } from 'zod';

/** The figures a GB payslip explains; the first is the default. */
export const GB_EXPLAINED_FIGURES = ['tax', 'ni', 'student_loan', 'postgraduate_loan', 'pension'] as const;
/** The figures a German payslip explains; the first is the default. */
export const DE_EXPLAINED_FIGURES = ['wage_tax', 'soli', 'church_tax', 'kv', 'pv', 'rv', 'av', 'levies'] as const;

export const explanationQuery = z
  .object({ figure: z.string().optional().describe(`GB: ${GB_EXPLAINED_FIGURES.join(', ')} (default tax); Germany: ${DE_EXPLAINED_FIGURES.join(', ')} (default wage_tax)`) })
  .describe('Which figure to explain');

export const explanationStep = z
  .object({
    /** 1, 2, … in the order the engine took the steps. */
    step: z.number().int(),
    /** The engine's flow and node (the execution history's names). */
    flow: z.string(),
    node: z.string(),
    /** The figure's official name: HMRC's (taxable_pay_to_date, PT, UEL …) or the BMF PAP's (ZRE4, ZVE, X, ST, LSTLZZ …); the node for a step without a figure. */
    name: z.string(),
    /** The figure as the engine had it (decimal string; PAP variables in the PAP's units), null for a step that only decides. */
    value: z.string().nullable(),
    /** What the figure is. */
    meaning: z.string(),
    /** The rule the step applies, with its source. */
    rule: z.string(),
  })
  .strict();

export const payslipExplanation = z
  .object({
    run_id: z.string(),
    employee_id: z.string(),
    payroll_number: z.string().nullable(),
    country: z.enum(['GB', 'DE']),
    figure: z.string(),
    /** Every figure this country's payslips explain. */
    figures: z.array(z.string()),
    /** The stored payslip's amount of the figure (what the steps arrive at). */
    payslip_value: z.string(),
    /** False for a payslip calculated before explanations were stored: `message` says so and `steps` is empty. */
    explained: z.boolean(),
    message: z.string().nullable(),
    steps: z.array(explanationStep),
  })
  .strict();

export type ExplanationStep = z.infer<typeof explanationStep>;
export type PayslipExplanation = z.infer<typeof payslipExplanation>;
