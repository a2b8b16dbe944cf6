/**
 * The explanation of a stored payslip's figure (issue 18 point 7), country-neutral: the steps of the engine's trace
 * stored with the payslip (store/gb-payslip-figures.ts, store/de-payslip-figures.ts: `trace`) that belong to the
 * figure, one row per figure a step worked with, each with its meaning and the rule the step applies (the
 * country's catalogue: gb/explain.ts, de/explain.ts). Nothing is recalculated: a payslip calculated before the
 * trace was stored says so (decision EX1).
 */
import { fieldError, notFound } from '../../domain/errors.js';
import type { Db } from '../../store/db.js';
import { findEmployee, findEmployeeByPayrollNumber } from '../../store/repositories/employees.js';
import type { ExplanationStep, PayslipExplanation } from '../contracts/explanations.js';

/** A stored trace step (both countries store the same shape). */
export interface StoredStep {
  flow: string;
  node: string;
  values?: Record<string, string>;
}

/** What a country says about its steps. */
export interface ExplanationCatalogue {
  country: 'GB' | 'DE';
  figures: readonly string[];
  /** Whether a step (and, for a step with figures, which of its figures) belongs to the explanation of `figure`. */
  includes(figure: string, step: StoredStep, name: string | null): boolean;
  /** What a figure of a step is; `name` null: what the step (a decision without figures) is. */
  meaning(step: StoredStep, name: string | null): string;
  /** The rule a step applies, with its source. */
  rule(step: StoredStep): string;
}

/** The figure asked for, or the country's default (its first); anything else is refused naming the valid ones. */
export function figureAsked(catalogue: ExplanationCatalogue, query: Record<string, unknown> | undefined): string {
  const asked = query?.figure;
  if (asked === undefined || asked === null || asked === '') return catalogue.figures[0] as string;
  if (typeof asked !== 'string' || !catalogue.figures.includes(asked)) {
    const country = catalogue.country === 'GB' ? 'a GB payslip' : 'a German payslip';
    throw fieldError(['figure'], `unknown figure ${JSON.stringify(asked)}; ${country} explains: ${catalogue.figures.join(', ')}`, 'figure_unknown');
  }
  return asked;
}

/** A step's node without its detail (`basis:cumulative` → `basis`). */
export function nodeKind(node: string): string {
  const colon = node.indexOf(':');
  return colon < 0 ? node : node.slice(0, colon);
}

/** The rows of the figure's explanation, in the order the engine took the steps. */
export function explanationSteps(catalogue: ExplanationCatalogue, figure: string, trace: readonly StoredStep[]): ExplanationStep[] {
  const rows: ExplanationStep[] = [];
  for (const step of trace) {
    if (step.values && Object.keys(step.values).length > 0) {
      const rule = catalogue.rule(step);
      for (const [name, value] of Object.entries(step.values)) {
        if (!catalogue.includes(figure, step, name)) continue;
        rows.push({ step: rows.length + 1, flow: step.flow, node: step.node, name, value, meaning: catalogue.meaning(step, name), rule });
      }
    } else if (catalogue.includes(figure, step, null)) {
      rows.push({ step: rows.length + 1, flow: step.flow, node: step.node, name: step.node, value: null, meaning: catalogue.meaning(step, null), rule: catalogue.rule(step) });
    }
  }
  return rows;
}

export interface ExplainedPayslip {
  runId: string;
  runStatus: string;
  employeeId: string;
  payrollNumber: string | null;
  payslipValue: string;
  trace: readonly StoredStep[] | undefined;
}

/** The explanation, or for a payslip without a stored trace the message that says why there is none. */
export function explanationOf(catalogue: ExplanationCatalogue, figure: string, p: ExplainedPayslip): PayslipExplanation {
  const base = {
    run_id: p.runId,
    employee_id: p.employeeId,
    payroll_number: p.payrollNumber,
    country: catalogue.country,
    figure,
    figures: [...catalogue.figures],
    payslip_value: p.payslipValue,
  };
  if (!p.trace) {
    const again =
      p.runStatus === 'draft'
        ? 'discard the draft and run the period again to calculate it with its steps'
        : 'the run is final; a correction run (corrects_run_id) is calculated with its steps';
    return {
      ...base,
      explained: false,
      message: `this run was calculated before explanations were stored; its payslip keeps the figures but not the steps that led to them, and they are not recalculated (a second calculation could disagree): ${again}`,
      steps: [],
    };
  }
  return { ...base, explained: true, message: null, steps: explanationSteps(catalogue, figure, p.trace) };
}

/**
 * The payslip of the employee a clerk names in a run, by employee id or by payroll number (issue 18: the CLI takes
 * either), with the employee's payroll number for the answer; 404 when the run has no payslip of that employee.
 */
export async function payslipOfEmployee<R extends { employee_id: string }>(db: Db, orgId: string, runId: string, payslips: readonly R[], employee: string): Promise<{ row: R; payrollNumber: string | null }> {
  let row = payslips.find((p) => p.employee_id === employee);
  let payrollNumber: string | null;
  if (!row) {
    const byNumber = await findEmployeeByPayrollNumber(db, orgId, employee);
    if (byNumber) row = payslips.find((p) => p.employee_id === byNumber.id);
    payrollNumber = byNumber?.payroll_number ?? null;
  } else {
    payrollNumber = (await findEmployee(db, orgId, row.employee_id))?.payroll_number ?? null;
  }
  if (!row) throw notFound('payslip of employee (id or payroll number) in run', `${employee} / ${runId}`, 'PAYSLIP.NOT_FOUND');
  return { row, payrollNumber };
}
