/**
 * GB payslip figures version 3 (issue 19, decision FIG3-1): the version 2 document with its bulkiest parts, the
 * engine's trace, the payslip lines and the years to date, written compactly. Decoding gives back exactly the
 * version 2 document (the same JSON, key for key), so every reader keeps working on version 2's shape
 * (readGbPayslipFigures).
 *
 * A trace step is written as
 * - `"flow:node"` when it has no figures (and its flow holds no colon: the first colon splits it);
 * - `[tag, value, …]` when its figures' keys are, in order, those of a dictionary entry (TRACE_STEPS_V3): the
 *   values positionally, the keys and the flow and node named by the entry's tag;
 * - else the step itself, as version 2 writes it (a node the dictionary does not know, other keys or order, extra
 *   fields): the encoding never loses anything, and the dictionary need not be complete.
 * A line is written as `[section, wageTypeCode, name, amount]` (or with `hours, rate` after them, both present),
 * else as the line itself. The years to date (of the employment, of the statutory payments) are written as their
 * values alone when their keys are the fixed lists below, else as they are.
 *
 * Every element a version 2 document holds in full is also a valid version 3 element: a version 2 document reads
 * the same as version 3.
 */
import type { GbPayslipFiguresV2, StoredTraceStep } from './gb-payslip-figures.js';

type Line = GbPayslipFiguresV2['lines'][number];

/** A trace step as version 3 stores it. */
export type StoredTraceStepV3 = string | readonly [tag: string, ...values: string[]] | StoredTraceStep;
/** A payslip line as version 3 stores it. */
export type StoredLineV3 = readonly [section: string, wageTypeCode: string | null, name: string, amount: string] | readonly [section: string, wageTypeCode: string | null, name: string, amount: string, hours: string, rate: string] | Line;

/** The stored version 3 document: version 2 with its lines, trace and years to date written compactly. */
export interface GbPayslipFiguresV3 extends Omit<GbPayslipFiguresV2, 'lines' | 'trace' | 'ytdThisEmployment' | 'statutoryYtd'> {
  lines: StoredLineV3[];
  trace?: StoredTraceStepV3[];
  ytdThisEmployment: string[] | Record<string, string>;
  statutoryYtd: string[] | Record<string, string>;
}

/**
 * The year-to-date figures of the employment (domain/gb/run/ytd.ts YTD_FIELDS) and of the statutory payments
 * (STATUTORY_PAYMENT_TYPES), in the order the engine writes them: stored as their values alone when the keys are
 * exactly these. FROZEN with version 3, as the trace dictionary (a copy, not the domain's lists, for that reason).
 */
const YTD_KEYS_V3: readonly string[] = [
  'gross_pay',
  'payrolled_benefits',
  'taxable_pay',
  'tax',
  'niable_pay',
  'employee_ni',
  'employer_ni',
  'ni_earnings_at_lel',
  'ni_earnings_lel_to_pt',
  'ni_earnings_pt_to_uel',
  'student_loan',
  'postgraduate_loan',
  'pension_employee_gross',
  'pension_employee_deduction',
  'pension_employer',
  'salary_sacrifice',
  'net_pay',
];
const STATUTORY_YTD_KEYS_V3: readonly string[] = ['ssp', 'smp', 'spp', 'sap', 'shpp', 'spbp', 'sncp'];

/** The fixed key lists of the years to date, for the test that pins them. */
export function ytdKeysV3(): { ytdThisEmployment: readonly string[]; statutoryYtd: readonly string[] } {
  return { ytdThisEmployment: YTD_KEYS_V3, statutoryYtd: STATUTORY_YTD_KEYS_V3 };
}

/** A record of `keys` as its values alone, else (other keys or order, a value not a string) as it is. */
function encodeRecord(values: Record<string, string>, keys: readonly string[]): string[] | Record<string, string> {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) throw new Error(`a year to date must be an object, not ${JSON.stringify(values)}`);
  if (!sameKeys(values, keys)) return values;
  return keys.map((key) => values[key] as string);
}

function decodeRecord(stored: unknown[], keys: readonly string[], what: string): unknown {
  if (stored.length !== keys.length) throw new Error(`${what} of ${stored.length} figures is not a figures version 3 ${what} (${keys.length})`);
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i += 1) out[keys[i] as string] = stored[i];
  return out;
}

interface DictionaryEntry {
  tag: string;
  flow: string;
  node: string;
  keys: readonly string[];
}

/**
 * The figures each valued step of the GB engine reports (src/domain/gb: paye.ts, ni/index.ts, student-loans.ts,
 * pension.ts, run/payslip.ts, run/employee-payslip.ts), in the order the engine writes them. A step with another
 * set of keys (bandValues' nil band, a prior payment without prior NI, the pension's two bases) has an entry of its
 * own with a tag of its own.
 *
 * FROZEN with version 3: a stored row names its entry by tag for ever. Entries may be appended (a new tag: older
 * builds refuse to read a row that names it only if they meet one, as with any newer version), never changed or
 * removed; when the engine changes a step's keys, add an entry with a new tag. A test pins the entries.
 */
const TRACE_STEPS_V3: readonly DictionaryEntry[] = [
  // run/employee-payslip.ts
  { tag: 'paye:tax-code', flow: 'paye', node: 'tax-code', keys: ['tax_code', 'week1_month1', 'tax_period'] },
  { tag: 'paye:previous-employment-figures', flow: 'paye', node: 'previous-employment-figures', keys: ['previous_pay', 'previous_tax'] },
  // run/payslip.ts
  { tag: 'paye:taxable-pay', flow: 'paye', node: 'taxable-pay', keys: ['taxable_earnings', 'less_salary_sacrifice_and_net_pay_pension', 'less_pre_tax_deductions', 'plus_payrolled_benefits', 'plus_refunded_contributions', 'taxable_pay'] },
  { tag: 'ni:niable-pay', flow: 'ni', node: 'niable-pay', keys: ['niable_earnings', 'less_salary_sacrifice', 'plus_returned_sacrifice', 'niable_pay'] },
  { tag: 'ni:director-to-date', flow: 'ni', node: 'director-to-date', keys: ['niable_pay_to_date', 'employee_ni_to_date', 'employer_ni_to_date', 'employee_ni_to_date_previous', 'employer_ni_to_date_previous'] },
  // paye.ts
  { tag: 'paye:pay', flow: 'paye', node: 'pay', keys: ['periods', 'taxable_pay', 'taxable_pay_to_date_previous', 'taxable_pay_to_date', 'pay_taxed'] },
  { tag: 'paye:flat-rate', flow: 'paye', node: 'flat-rate', keys: ['whole_pounds', 'rate', 'tax_due'] },
  { tag: 'paye:free-pay', flow: 'paye', node: 'free-pay', keys: ['code_number', 'period_one_value', 'free_pay', 'taxable_pay_rounded'] },
  { tag: 'paye:additional-pay', flow: 'paye', node: 'additional-pay', keys: ['code_number', 'period_one_value', 'additional_pay', 'taxable_pay_rounded'] },
  { tag: 'paye:band', flow: 'paye', node: 'band', keys: ['band', 'rate', 'band_starts_above', 'band_limit', 'tax_on_lower_bands', 'tax_due'] },
  { tag: 'paye:band/nil', flow: 'paye', node: 'band', keys: ['band', 'tax_due'] },
  { tag: 'paye:tax-due', flow: 'paye', node: 'tax-due', keys: ['tax_due', 'tax_paid_to_date_previous', 'tax_before_limit'] },
  { tag: 'paye:overriding-limit', flow: 'paye', node: 'overriding-limit', keys: ['relevant_pay', 'rate', 'limit'] },
  { tag: 'paye:tax', flow: 'paye', node: 'tax', keys: ['tax', 'tax_not_deducted', 'tax_paid_to_date'] },
  // ni/index.ts (contributions also from run/payslip.ts, a director's)
  { tag: 'ni:thresholds', flow: 'ni', node: 'thresholds', keys: ['LEL', 'PT', 'ST', 'UEL', 'relief_threshold', 'upper_secondary_threshold'] },
  { tag: 'ni:rates', flow: 'ni', node: 'rates', keys: ['employee_pt_to_uel', 'employee_above_uel', 'employer_st_to_relief', 'employer_relief_to_upper', 'employer_above_upper'] },
  { tag: 'ni:prior-pay', flow: 'ni', node: 'prior-pay', keys: ['prior_niable_pay', 'prior_employee_ni'] },
  { tag: 'ni:prior-pay/pay', flow: 'ni', node: 'prior-pay', keys: ['prior_niable_pay'] },
  { tag: 'ni:earnings', flow: 'ni', node: 'earnings', keys: ['niable_pay', 'earnings_at_lel', 'earnings_lel_to_pt', 'earnings_pt_to_uel', 'earnings_above_uel'] },
  { tag: 'ni:contributions', flow: 'ni', node: 'contributions', keys: ['employee_ni', 'employer_ni'] },
  // student-loans.ts
  { tag: 'student_loan:deduction', flow: 'student_loan', node: 'deduction', keys: ['earnings_for_nics', 'annual_threshold', 'period_threshold', 'earnings_above_threshold', 'rate', 'deduction'] },
  { tag: 'postgraduate_loan:deduction', flow: 'postgraduate_loan', node: 'deduction', keys: ['earnings_for_nics', 'annual_threshold', 'period_threshold', 'earnings_above_threshold', 'rate', 'deduction'] },
  // pension.ts
  { tag: 'pension:earnings', flow: 'pension', node: 'earnings', keys: ['earnings', 'lower_qualifying_earnings', 'upper_qualifying_earnings', 'qualifying_earnings'] },
  { tag: 'pension:earnings/pensionable-pay', flow: 'pension', node: 'earnings', keys: ['pensionable_pay', 'pensionable_earnings'] },
  { tag: 'pension:shares', flow: 'pension', node: 'shares', keys: ['employee_rate', 'employer_rate', 'employee_cap', 'employer_cap', 'employee_share', 'employer_share'] },
  { tag: 'pension:contributions', flow: 'pension', node: 'contributions', keys: ['employee_gross', 'employee_deduction', 'employer', 'salary_sacrifice'] },
];

/** The dictionary's entries (tag, flow, node, keys), for the test that pins them. */
export function traceDictionaryV3(): readonly DictionaryEntry[] {
  return TRACE_STEPS_V3;
}

const byTag = new Map<string, DictionaryEntry>(TRACE_STEPS_V3.map((e) => [e.tag, e]));
/** Entries by flow, then node (two lookups rather than a joined key: a run encodes some 25 steps per payslip). */
const byStep = new Map<string, Map<string, DictionaryEntry[]>>();
for (const entry of TRACE_STEPS_V3) {
  let nodes = byStep.get(entry.flow);
  if (!nodes) byStep.set(entry.flow, (nodes = new Map()));
  const list = nodes.get(entry.node);
  if (list) list.push(entry);
  else nodes.set(entry.node, [entry]);
}

/**
 * Whether `values` holds exactly `keys`, in that order (JSON's order: its own enumerable keys), each a string.
 * Object.keys rather than for…in: V8 answers it from the object's cached key list, measurably faster per step.
 */
function sameKeys(values: Readonly<Record<string, unknown>>, keys: readonly string[]): boolean {
  const own = Object.keys(values);
  if (own.length !== keys.length) return false;
  for (let i = 0; i < own.length; i += 1) {
    const key = own[i] as string;
    if (key !== keys[i] || typeof values[key] !== 'string') return false;
  }
  return true;
}

/** Whether a step has only `flow`, `node` and (when `withValues`) `values`, in that order. */
function plainStep(step: object, withValues: boolean): boolean {
  const own = Object.keys(step);
  return own.length === (withValues ? 3 : 2) && own[0] === 'flow' && own[1] === 'node' && (!withValues || own[2] === 'values');
}

/** One step as version 3 stores it. */
export function encodeTraceStep(step: StoredTraceStep): StoredTraceStepV3 {
  // A list or a text would read back as a version 3 element: what the writer is given is a step, or it refuses.
  if (step === null || typeof step !== 'object' || Array.isArray(step)) throw new Error(`a trace step must be an object, not ${JSON.stringify(step)}`);
  const { flow, node, values } = step;
  if (typeof flow !== 'string' || typeof node !== 'string') return step;
  if (values === undefined) {
    // A step written with `values: undefined` is the same JSON as one without.
    return !flow.includes(':') && (plainStep(step, false) || plainStep(step, true)) ? `${flow}:${node}` : step;
  }
  if (values === null || typeof values !== 'object' || !plainStep(step, true)) return step;
  const entries = byStep.get(flow)?.get(node);
  if (!entries) return step;
  for (const entry of entries) {
    if (!sameKeys(values, entry.keys)) continue;
    const keys = entry.keys;
    const out = new Array<string>(keys.length + 1);
    out[0] = entry.tag;
    for (let i = 0; i < keys.length; i += 1) out[i + 1] = values[keys[i] as string] as string;
    return out as unknown as StoredTraceStepV3;
  }
  return step;
}

/** One stored step read back as version 2 has it; throws on an element no version 3 writer makes. */
export function decodeTraceStep(stored: unknown): unknown {
  if (typeof stored === 'string') {
    const colon = stored.indexOf(':');
    if (colon < 0) throw new Error(`trace step "${stored}" names no flow (flow:node)`);
    return { flow: stored.slice(0, colon), node: stored.slice(colon + 1) };
  }
  if (!Array.isArray(stored)) return stored;
  const tag: unknown = stored[0];
  const entry = typeof tag === 'string' ? byTag.get(tag) : undefined;
  // A tag appended by a later build (FIG3-2) reads there, not here: as with any newer version, upgrade.
  if (!entry) throw new Error(`trace step ${JSON.stringify(tag)} is not in this build's figures version 3 dictionary (written by a newer payroll? upgrade it)`);
  if (stored.length !== entry.keys.length + 1) throw new Error(`trace step "${entry.tag}" has ${stored.length - 1} figures; its dictionary entry has ${entry.keys.length}`);
  const values: Record<string, unknown> = {};
  for (let i = 0; i < entry.keys.length; i += 1) values[entry.keys[i] as string] = stored[i + 1];
  return { flow: entry.flow, node: entry.node, values };
}

/**
 * Whether a line is `section, wageTypeCode, name, amount`, then `hours, rate` or neither, in that order, each a
 * string (the code also null): what a tuple gives back exactly (an undefined field would come back null).
 */
function plainLine(line: Line): boolean {
  const own = Object.keys(line);
  if (own.length !== 4 && own.length !== 6) return false;
  for (let i = 0; i < own.length; i += 1) {
    const key = own[i] as keyof Line;
    if (key !== LINE_KEYS[i]) return false;
    const value: unknown = line[key];
    if (typeof value !== 'string' && !(i === 1 && value === null)) return false;
  }
  return true;
}
const LINE_KEYS = ['section', 'wageTypeCode', 'name', 'amount', 'hours', 'rate'] as const;

/** One line as version 3 stores it. */
export function encodeLine(line: Line): StoredLineV3 {
  // A list would read back as a version 3 line: what the writer is given is a line, or it refuses.
  if (line === null || typeof line !== 'object' || Array.isArray(line)) throw new Error(`a payslip line must be an object, not ${JSON.stringify(line)}`);
  if (!plainLine(line)) return line;
  return line.hours === undefined ? [line.section, line.wageTypeCode, line.name, line.amount] : [line.section, line.wageTypeCode, line.name, line.amount, line.hours, line.rate as string];
}

/** One stored line read back as version 2 has it; throws on an array no version 3 writer makes. */
export function decodeLine(stored: unknown): unknown {
  if (!Array.isArray(stored)) return stored;
  if (stored.length !== 4 && stored.length !== 6) throw new Error(`a payslip line of ${stored.length} fields is not a figures version 3 line (4 or 6)`);
  const line: Record<string, unknown> = { section: stored[0], wageTypeCode: stored[1], name: stored[2], amount: stored[3] };
  if (stored.length === 6) {
    line.hours = stored[4];
    line.rate = stored[5];
  }
  return line;
}

/**
 * A version 2 document as version 3 (the document is the caller's: its lines and trace are replaced in place, its
 * other fields are written as they are).
 */
export function encodeFiguresV3(figures: GbPayslipFiguresV2): GbPayslipFiguresV3 {
  const out = figures as unknown as GbPayslipFiguresV3;
  out.ytdThisEmployment = encodeRecord(figures.ytdThisEmployment, YTD_KEYS_V3);
  out.lines = figures.lines.map(encodeLine);
  out.statutoryYtd = encodeRecord(figures.statutoryYtd, STATUTORY_YTD_KEYS_V3);
  if (figures.trace !== undefined) out.trace = figures.trace.map(encodeTraceStep);
  return out;
}

/**
 * A parsed version 3 document as version 2 (in place). Lines and steps that are not arrays (nor strings) are left
 * as they are: a document whose parts are not lists is left for the caller's checks (import's schema) to refuse.
 */
export function decodeFiguresV3(document: unknown): unknown {
  if (document === null || typeof document !== 'object') return document;
  const d = document as { ytdThisEmployment?: unknown; lines?: unknown; statutoryYtd?: unknown; trace?: unknown };
  if (Array.isArray(d.ytdThisEmployment)) d.ytdThisEmployment = decodeRecord(d.ytdThisEmployment, YTD_KEYS_V3, 'a year to date');
  if (Array.isArray(d.lines)) d.lines = d.lines.map(decodeLine);
  if (Array.isArray(d.statutoryYtd)) d.statutoryYtd = decodeRecord(d.statutoryYtd, STATUTORY_YTD_KEYS_V3, 'a statutory year to date');
  if (Array.isArray(d.trace)) d.trace = d.trace.map(decodeTraceStep);
  return document;
}
