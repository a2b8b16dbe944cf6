/**
 * German wage tax (Lohnsteuer, Solidaritätszuschlag, church-tax base) by the BMF Programmablaufplan.
 *
 * Each edition lives in its own generated module (lohnsteuer2025.ts, lohnsteuer2026.ts), a one-to-one
 * translation of the BMF's XML pseudo-code with the PAP's names; see tools/pap-generator. This module picks
 * the edition, checks the inputs that have no sensible default and, when asked, traces the steps.
 * Pure: no I/O, no clock, no environment.
 */
import { validationError } from '../../errors.js';
import * as E2025 from './lohnsteuer2025.js';
import * as E2026 from './lohnsteuer2026.js';
import type { PapInput, PapOutput, PapTrace, PapYear } from './types.js';

export type { PapAmount, PapInput, PapOutput, PapTrace, PapYear } from './types.js';

/** The years for which an edition of the PAP is implemented. */
export const PAP_YEARS: readonly PapYear[] = [2025, 2026];

/** What every generated edition class offers. */
interface PapProgram {
  LZZ: number;
  STKL: number;
  setInputs(input: Partial<PapInput>): unknown;
  MAIN(): void;
  getOutputs(): PapOutput;
}

/**
 * A subclass of an edition whose every step first reports itself to the trace. The untraced
 * classes stay untouched, so a calculation without a trace runs no tracing code at all.
 */
function withTrace(Base: new () => PapProgram, flow: string, steps: readonly string[]): new (trace: PapTrace) => PapProgram {
  class Traced extends Base {
    readonly trace: PapTrace;
    constructor(trace: PapTrace) {
      super();
      this.trace = trace;
    }
  }
  const base = Base.prototype as unknown as Record<string, () => void>;
  const traced = Traced.prototype as unknown as Record<string, () => void>;
  for (const step of steps) {
    const original = base[step];
    if (typeof original !== 'function') throw new Error(`${flow} has no step ${step}`);
    traced[step] = function (this: Traced): void {
      this.trace(flow, step);
      original.call(this);
    };
  }
  return Traced;
}

const Traced2025 = withTrace(E2025.Lohnsteuer2025, E2025.FLOW, E2025.STEPS);
const Traced2026 = withTrace(E2026.Lohnsteuer2026, E2026.FLOW, E2026.STEPS);

function program(year: PapYear, trace: PapTrace | undefined): PapProgram {
  switch (year) {
    case 2025:
      return trace ? new Traced2025(trace) : new E2025.Lohnsteuer2025();
    case 2026:
      return trace ? new Traced2026(trace) : new E2026.Lohnsteuer2026();
    default:
      throw validationError([{ loc: ['year'], msg: `no PAP edition for ${String(year)}; known: ${PAP_YEARS.join(', ')}`, type: 'pap_year' }], 'DE.LOHNSTEUER.NO_EDITION');
  }
}

/**
 * Runs the PAP of `year` for one case. Amounts are cents as the BMF defines them; absent inputs are 0
 * (f is 1); LZZ (1–4) and STKL (1–6) are required. `trace`, when given, hears every step executed.
 */
export function calculateLohnsteuer(year: PapYear, input: Partial<PapInput>, trace?: PapTrace): PapOutput {
  const pap = program(year, trace);
  pap.setInputs(input);
  if (!(pap.LZZ >= 1 && pap.LZZ <= 4)) {
    throw validationError([{ loc: ['input', 'LZZ'], msg: 'LZZ must be 1 (year), 2 (month), 3 (week) or 4 (day)', type: 'enum' }]);
  }
  if (!(pap.STKL >= 1 && pap.STKL <= 6)) {
    throw validationError([{ loc: ['input', 'STKL'], msg: 'STKL must be a tax class from 1 to 6', type: 'enum' }]);
  }
  pap.MAIN();
  return pap.getOutputs();
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The PAP edition for a payment date (YYYY-MM-DD): the edition of that calendar year. */
export function papYearForPayDate(payDate: string): PapYear {
  const m = typeof payDate === 'string' ? DATE.exec(payDate) : null;
  const year = Number(m?.[1]);
  const month = Number(m?.[2]);
  const day = Number(m?.[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (!m || days === undefined || day < 1 || day > days) {
    throw validationError([{ loc: ['pay_date'], msg: `"${String(payDate)}" is not a date (YYYY-MM-DD)`, type: 'date' }]);
  }
  if (year === 2025 || year === 2026) return year;
  throw validationError(
    [{ loc: ['pay_date'], msg: `no wage-tax edition (PAP) for ${year}; known: ${PAP_YEARS.join(', ')}`, type: 'pap_year' }],
    'DE.LOHNSTEUER.NO_EDITION',
  );
}
