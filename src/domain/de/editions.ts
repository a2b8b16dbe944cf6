/**
 * The German editions: one line per calendar year with the year's social-insurance and church-tax figures
 * (params/<year>.ts) and the BMF Programmablaufplan generated for that year (lohnsteuer/lohnsteuer<year>.ts, with its
 * BigDecimal twin lohnsteuer<year>-bigdecimal.ts).
 *
 * A new year is its figures file, its generated PAP module and one line here; the year type, the list of
 * supported years, the API contract's year enum and the conformance suite (test/conformance/editions.test.ts)
 * all derive from this table. The figures in force are those of the calendar year the wage is paid for
 * (Entstehungsprinzip, § 22 Abs. 1 SGB IV; § 38a Abs. 1 S. 2 EStG), which the request names by its pay date.
 */
import { params2025 } from './params/2025.js';
import { params2026 } from './params/2026.js';
import type { DeSocialParams } from './params/types.js';
import * as pap2025 from './lohnsteuer/lohnsteuer2025.js';
import * as pap2026 from './lohnsteuer/lohnsteuer2026.js';
import * as exact2025 from './lohnsteuer/lohnsteuer2025-bigdecimal.js';
import * as exact2026 from './lohnsteuer/lohnsteuer2026-bigdecimal.js';
import type { PapInput, PapOutput } from './lohnsteuer/types.js';

/**
 * What every generated PAP edition class offers (see tools/pap-generator). setInputs answers whether the inputs lie
 * within the bounds the edition is proven for: always for the BigDecimal editions (which throw on invalid inputs),
 * for the scaled-integer ones only within docs/pap-ranges-<year>.md.
 */
export interface PapProgram {
  LZZ: number;
  STKL: number;
  setInputs(input: Partial<PapInput>): unknown;
  MAIN(): void;
  getOutputs(): PapOutput;
}

/**
 * How an edition of the PAP takes the employer's subsidy to a private health and care insurance:
 * - `PKV-2`: PKV = 2 means "private with employer subsidy" and the PAP computes the subsidy itself (PAP 2025);
 * - `PKPVAGZ`: PKV = 1 and the subsidy is passed in as PKPVAGZ (PAP 2026 on: the Vorsorgepauschale as restructured
 *   by the JStG 2020, JStG 2022 and the Kreditzweitmarktförderungsgesetz, per the BMF letter in params-2026.md A).
 */
export type PapPrivateSubsidy = 'PKV-2' | 'PKPVAGZ';

export interface DeEdition {
  /** Social-insurance and church-tax figures of the year. */
  readonly social: DeSocialParams;
  /**
   * The year's generated PAP modules: the program class (scaled integers, lohnsteuer<year>.ts), the same plan on
   * BigDecimal (lohnsteuer<year>-bigdecimal.ts) for inputs beyond the scaled edition's proven bounds, the flow name
   * and the steps (for tracing; both classes have the same).
   */
  readonly pap: {
    readonly program: new () => PapProgram;
    readonly exact: new () => PapProgram;
    readonly flow: string;
    readonly steps: readonly string[];
    readonly privateSubsidy: PapPrivateSubsidy;
  };
}

const edition = (
  social: DeSocialParams,
  module: { FLOW: string; STEPS: readonly string[] },
  program: new () => PapProgram,
  exact: new () => PapProgram,
  privateSubsidy: PapPrivateSubsidy,
): DeEdition => ({
  social,
  pap: { program, exact, flow: module.FLOW, steps: module.STEPS, privateSubsidy },
});

/** The registry: calendar year → edition. */
export const DE_EDITIONS = {
  2025: edition(params2025, pap2025, pap2025.Lohnsteuer2025, exact2025.Lohnsteuer2025, 'PKV-2'),
  2026: edition(params2026, pap2026, pap2026.Lohnsteuer2026, exact2026.Lohnsteuer2026, 'PKPVAGZ'),
} as const satisfies Readonly<Record<number, DeEdition>>;

/** A calendar year for which Germany has figures and a PAP edition. */
export type DeTaxYear = keyof typeof DE_EDITIONS;

/** The registered years, ascending. */
export const DE_TAX_YEARS: readonly DeTaxYear[] = Object.keys(DE_EDITIONS)
  .map(Number)
  .sort((a, b) => a - b) as DeTaxYear[];

/**
 * The year whose figures apply to a request without a pay date: 2025, the edition the interface
 * specification's examples are computed with (spec "German payroll", pay_date optional).
 */
export const DE_DEFAULT_TAX_YEAR: DeTaxYear = 2025;

export function isDeTaxYear(year: unknown): year is DeTaxYear {
  return typeof year === 'number' && Object.hasOwn(DE_EDITIONS, year);
}

export function deEdition(year: DeTaxYear): DeEdition {
  return DE_EDITIONS[year];
}
