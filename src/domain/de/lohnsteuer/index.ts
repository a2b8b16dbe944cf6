/**
 * German wage tax (Lohnsteuer, Solidaritätszuschlag, church-tax base) by the BMF Programmablaufplan.
 *
 * Each edition lives in its own generated modules (lohnsteuer<year>.ts on scaled integers and its twin
 * lohnsteuer<year>-bigdecimal.ts, registered in ../editions.ts), one-to-one translations of the BMF's XML
 * pseudo-code with the PAP's names; see tools/pap-generator. This module picks
 * the edition, checks the inputs that have no sensible default and, when asked, traces the steps.
 * Pure: no I/O, no clock, no environment.
 */
import { validationError } from '../../errors.js';
import { DE_EDITIONS, DE_TAX_YEARS, isDeTaxYear, type DeTaxYear, type PapProgram } from '../editions.js';
import type { PapInput, PapOutput, PapTrace } from './types.js';

export type { PapAmount, PapInput, PapOutput, PapTrace } from './types.js';

/** Calendar years for which a PAP edition is implemented: the edition registry's years. */
export type PapYear = DeTaxYear;

/** The years for which an edition of the PAP is implemented. */
export const PAP_YEARS: readonly PapYear[] = DE_TAX_YEARS;

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

interface Programs {
  plain: new () => PapProgram;
  traced: new (trace: PapTrace) => PapProgram;
}

/** Each registered edition's programs (scaled integers, and BigDecimal for the rest), untraced and traced, built once. */
const PROGRAMS = new Map<number, { fast: Programs; exact: Programs }>(
  DE_TAX_YEARS.map((year) => {
    const { program, exact, flow, steps } = DE_EDITIONS[year].pap;
    return [year, { fast: { plain: program, traced: withTrace(program, flow, steps) }, exact: { plain: exact, traced: withTrace(exact, flow, steps) } }];
  }),
);

function edition(year: PapYear): { fast: Programs; exact: Programs } {
  const programs = PROGRAMS.get(year);
  if (!programs) {
    throw validationError([{ loc: ['year'], msg: `no PAP edition for ${String(year)}; known: ${PAP_YEARS.join(', ')}`, type: 'pap_year' }], 'DE.LOHNSTEUER.NO_EDITION');
  }
  return programs;
}

/**
 * Runs the PAP of `year` for one case. Amounts are cents as the BMF defines them; absent inputs are 0
 * (f is 1); LZZ (1–4) and STKL (1–6) are required. `trace`, when given, hears every step executed.
 *
 * The scaled-integer edition takes every case whose inputs lie within the bounds its proof of range covers
 * (docs/pap-ranges-<year>.md: whole cents up to 100 million € a period, the contract's places for rates and
 * factors); any other case, and any invalid input (which it reports), goes to the same plan on BigDecimal.
 * Both compute the BMF's BigDecimal results exactly, so the choice changes the speed, never a result.
 */
export function calculateLohnsteuer(year: PapYear, input: Partial<PapInput>, trace?: PapTrace): PapOutput {
  const programs = edition(year);
  let pap = trace ? new programs.fast.traced(trace) : new programs.fast.plain();
  if (pap.setInputs(input) !== true) {
    pap = trace ? new programs.exact.traced(trace) : new programs.exact.plain();
    pap.setInputs(input);
  }
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
  if (isDeTaxYear(year)) return year;
  throw validationError(
    [{ loc: ['pay_date'], msg: `no wage-tax edition (PAP) for ${year}; known: ${PAP_YEARS.join(', ')}`, type: 'pap_year' }],
    'DE.LOHNSTEUER.NO_EDITION',
  );
}
