/**
 * Minijob (geringfügig entlohnte Beschäftigung, commercial sector): employer flat rates, the employee's
 * RV top-up with the 175 € minimum base, and the 2 % Pauschsteuer (contribution-rules.md 6).
 * Every amount is round(base × rate) half up to the cent (BVV § 1 / § 2 Abs. 1 S. 1–3);
 * the minimum-base case follows BVV § 2 Abs. 1 S. 5. No PAP run: LSt, Soli and KiSt are covered
 * by the flat tax.
 */
import { Decimal, ZERO } from '../money.js';
import type { DeSocialParams } from './params/index.js';

type Trace = (flow: string, node: string) => void;

export interface MinijobInput {
  /** The period's whole wage (current + one-off payments). */
  wage: Decimal;
  /** The period's current wage (one-off payments excluded): base of U1/U2. */
  currentWage: Decimal;
  /** SV days of the pay period (30 = one month); prorates the 175 € minimum base. */
  svDays: number;
  /** Statutorily health insured: only then is the 13 % KV flat rate due. */
  statutoryHealth: boolean;
  /** Exempt from RV on application (§ 6 Abs. 1b SGB VI): no employee top-up. */
  pensionExemption: boolean;
  /** The employer passes the 2 % flat tax on to the employee. */
  flatTaxPaidByEmployee: boolean;
  /** U1/U2 as fractions (Minijob-Zentrale rates unless the request overrides them). */
  u1Rate: Decimal;
  u2Rate: Decimal;
}

export interface MinijobResult {
  employeePension: Decimal;
  employerPension: Decimal;
  employerHealth: Decimal;
  u1: Decimal;
  u2: Decimal;
  u3: Decimal;
  /** 2 % flat tax borne by the employer (0 when passed on). */
  employerFlatTax: Decimal;
  /** 2 % flat tax deducted from the employee (0 unless passed on). */
  employeeFlatTax: Decimal;
  /** The RV base: the wage, or the prorated 175 € minimum when the top-up applies below it. */
  pensionBase: Decimal;
}

const roundCents = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export function minijobContributions(params: DeSocialParams, input: MinijobInput, trace?: Trace): MinijobResult {
  const p = params.minijob;
  const wage = input.wage;
  trace?.('SV', 'MINIJOB');
  // BVV § 2 Abs. 1 S. 2: employer-only contributions, each round(wage × rate) half up.
  const employerPension = roundCents(wage.mul(p.employerPensionRate));
  const employerHealth = input.statutoryHealth ? roundCents(wage.mul(p.employerHealthRate)) : ZERO;
  if (input.statutoryHealth) trace?.('SV', 'MINIJOB_KV_FLAT');
  // U1/U2 on the current wage, U3 on the whole wage (contribution-rules.md 7), each half up.
  const u1 = roundCents(input.currentWage.mul(input.u1Rate));
  const u2 = roundCents(input.currentWage.mul(input.u2Rate));
  const u3 = roundCents(wage.mul(params.levies.insolvencyRate));
  // § 40a Abs. 2 EStG: 2 % of the wage, half up.
  const flatTax = roundCents(wage.mul(p.flatTaxRate));
  trace?.('SV', input.flatTaxPaidByEmployee ? 'MINIJOB_FLAT_TAX_EMPLOYEE' : 'MINIJOB_FLAT_TAX_EMPLOYER');

  let employeePension = ZERO;
  let pensionBase = wage;
  if (!input.pensionExemption && wage.gt(0)) {
    // Minimum base prorated by SV days (175 € per month).
    const minimumBase = p.minimumPensionBaseMonthly.mul(input.svDays).div(30);
    if (wage.lt(minimumBase)) {
      // BVV § 2 Abs. 1 S. 5: total = round(minimum base × full RV rate); employee = total − employer's 15 % share.
      trace?.('SV', 'MINIJOB_RV_MINIMUM_BASE');
      pensionBase = minimumBase;
      employeePension = roundCents(minimumBase.mul(params.pension.rate)).minus(employerPension);
    } else {
      // BVV § 2 Abs. 1 S. 3: employee top-up = round(wage × 3.6 %) half up (contribution-rules.md convention 5).
      trace?.('SV', 'MINIJOB_RV_TOP_UP');
      employeePension = roundCents(wage.mul(p.employeePensionTopUpRate));
    }
  } else if (input.pensionExemption) {
    trace?.('SV', 'MINIJOB_RV_EXEMPT');
  }

  return {
    employeePension,
    employerPension,
    employerHealth,
    u1,
    u2,
    u3,
    employerFlatTax: input.flatTaxPaidByEmployee ? ZERO : flatTax,
    employeeFlatTax: input.flatTaxPaidByEmployee ? flatTax : ZERO,
    pensionBase,
  };
}
