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
 * Hears the PAP's own variables, by their BMF names, after a step that sets them (issue 18 point 7: a stored run
 * explains its wage tax from these, never from a second calculation). Values are the PAP's as computed: euros for
 * the annual working figures (ZRE4J, ZVE, ST …), cents for the outputs (LSTLZZ, SOLZLZZ, BK …), as the BMF defines.
 */
export type PapObserver = (flow: string, step: string, values: Readonly<Record<string, string>>) => void;

/**
 * The variables each step of the PAP sets that explain the tax, read from the program's own fields after the step
 * (a field an edition does not have is left out). Names and meanings: the PAP's "Interne Felder" and outputs.
 */
export const PAP_STEP_FIELDS: Readonly<Record<string, readonly string[]>> = {
  MPARA: ['BBGRVALV', 'BBGKVPV', 'RVSATZAN', 'AVSATZAN', 'KVSATZAN', 'PVSATZAN', 'GFB', 'SOLZFREI'],
  MRE4JL: ['RE4', 'LZZ', 'STKL', 'ZKF', 'ZRE4J', 'ZVBEZJ', 'JLFREIB', 'JLHINZU'],
  MRE4: ['FVB', 'FVBZ'],
  MRE4ALTE: ['ALTE'],
  MRE4ABZ: ['ZRE4', 'ZVBEZ', 'ZRE4VP'],
  MZTABFB: ['ANP', 'EFA', 'SAP', 'KFB', 'KZTAB', 'ZTABFB'],
  UPEVP: ['ZRE4VPR', 'VSPR', 'VSPKVPV', 'VSPALV', 'VSPN', 'VSP'],
  MLSTJAHR: ['ZRE4', 'ZTABFB', 'VSP', 'ZVE', 'X', 'ST'],
  UPLSTLZZ: ['f', 'LSTJAHR', 'LSTLZZ'],
  MSOLZ: ['JBMG', 'SOLZFREI', 'SOLZJ', 'SOLZLZZ', 'BK'],
  MSONST: ['SONSTB', 'LSTOSO', 'LSTSO', 'STS', 'SOLZS', 'BKS'],
};

function fieldText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (value !== null && typeof value === 'object' && typeof (value as { toString?: unknown }).toString === 'function') return String(value);
  return undefined;
}

/** The named fields of a program as text. */
function snapshot(pap: PapProgram, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  const record = pap as unknown as Record<string, unknown>;
  for (const field of fields) {
    if (!(field in record)) continue;
    const text = fieldText(record[field]);
    if (text !== undefined) values[field] = text;
  }
  return values;
}

/**
 * A subclass of an edition whose every step first reports itself to the trace and, with an observer, reports the
 * variables it set afterwards (PAP_STEP_FIELDS). The untraced classes stay untouched, so a calculation without a
 * trace runs no tracing code at all.
 */
function withTrace(Base: new () => PapProgram, flow: string, steps: readonly string[]): new (trace: PapTrace | undefined, observe: PapObserver | undefined) => PapProgram {
  class Traced extends Base {
    readonly trace: PapTrace | undefined;
    readonly observe: PapObserver | undefined;
    constructor(trace: PapTrace | undefined, observe: PapObserver | undefined) {
      super();
      this.trace = trace;
      this.observe = observe;
    }
  }
  const base = Base.prototype as unknown as Record<string, () => void>;
  const traced = Traced.prototype as unknown as Record<string, () => void>;
  for (const step of steps) {
    const original = base[step];
    if (typeof original !== 'function') throw new Error(`${flow} has no step ${step}`);
    const fields = PAP_STEP_FIELDS[step];
    traced[step] = function (this: Traced): void {
      this.trace?.(flow, step);
      original.call(this);
      if (this.observe && fields) this.observe(flow, step, snapshot(this, fields));
    };
  }
  return Traced;
}

interface Programs {
  plain: new () => PapProgram;
  traced: new (trace: PapTrace | undefined, observe: PapObserver | undefined) => PapProgram;
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
 * (f is 1); LZZ (1–4) and STKL (1–6) are required. `trace`, when given, hears every step executed; `observe`
 * hears the BMF-named variables each explaining step set (PAP_STEP_FIELDS).
 *
 * The scaled-integer edition takes every case whose inputs lie within the bounds its proof of range covers
 * (docs/pap-ranges-<year>.md: whole cents up to 100 million € a period, the contract's places for rates and
 * factors); any other case, and any invalid input (which it reports), goes to the same plan on BigDecimal.
 * Both compute the BMF's BigDecimal results exactly, so the choice changes the speed, never a result. An observer
 * reads the PAP's variables by their BMF names as BigDecimal values, so an observed case runs on the BigDecimal
 * edition (the same results, proven by the equivalence test), whose fields hold the PAP's own values.
 */
export function calculateLohnsteuer(year: PapYear, input: Partial<PapInput>, trace?: PapTrace, observe?: PapObserver): PapOutput {
  const programs = edition(year);
  let pap: PapProgram;
  if (observe) {
    pap = new programs.exact.traced(trace, observe);
    pap.setInputs(input);
  } else {
    pap = trace ? new programs.fast.traced(trace, undefined) : new programs.fast.plain();
    if (pap.setInputs(input) !== true) {
      pap = trace ? new programs.exact.traced(trace, undefined) : new programs.exact.plain();
      pap.setInputs(input);
    }
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
