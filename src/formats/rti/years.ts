/**
 * What the tax year decides in an RTI message: the schema namespaces (HMRC RTI Release Information Pack, one
 * schema per year: FullPaymentSubmission/EmployerPaymentSummary "25-26/1" for 2025-26, "26-27/1" for 2026-27),
 * RelatedTaxYear, the date range the schema allows for payment dates, and the items that exist only in some years
 * (fixtures/reference/gb/rti/SOURCES.md, "What changed from 2025-26 to 2026-27"):
 * - StudentLoanRecovered/@PlanType "05" (Plan 5 loans, deductions from 6 April 2026) only from 2026-27;
 * - Payment/SPBPNIREYTD, MiscarriageNIRE, EmployeeWorkplacePostcodeNIRE and the EPS's SPBP recovery items for
 *   Northern Ireland only from 2026-27;
 * - the EPS DeMinimisStateAid group (required with an Employment Allowance claim, EPS rule 7940) only up to 2025-26.
 */
import { fieldError } from '../../domain/errors.js';

export const RTI_TAX_YEARS = ['2025-26', '2026-27'] as const;
export type RtiTaxYear = (typeof RTI_TAX_YEARS)[number];

export interface RtiYear {
  readonly taxYear: RtiTaxYear;
  /** "25-26": RelatedTaxYear of FPS and EPS. */
  readonly relatedTaxYear: string;
  readonly fpsNamespace: string;
  readonly epsNamespace: string;
  /** 6 April and 5 April: the tax year's first and last day (PmtDate range of the FPS schema). */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly studentLoanPlanTypes: readonly string[];
  readonly northernIrelandSpbp: boolean;
  readonly deMinimisStateAid: boolean;
}

const RTI = 'http://www.govtalk.gov.uk/taxation/PAYE/RTI';

function year(taxYear: RtiTaxYear, plan5: boolean): RtiYear {
  const first = Number(taxYear.slice(0, 4));
  const short = `${String(first).slice(2)}-${String(first + 1).slice(2)}`;
  return {
    taxYear,
    relatedTaxYear: short,
    fpsNamespace: `${RTI}/FullPaymentSubmission/${short}/1`,
    epsNamespace: `${RTI}/EmployerPaymentSummary/${short}/1`,
    firstDay: `${first}-04-06`,
    lastDay: `${first + 1}-04-05`,
    studentLoanPlanTypes: plan5 ? ['01', '02', '04', '05'] : ['01', '02', '04'],
    northernIrelandSpbp: plan5,
    deMinimisStateAid: !plan5,
  };
}

const YEARS: Record<RtiTaxYear, RtiYear> = {
  '2025-26': year('2025-26', false),
  '2026-27': year('2026-27', true),
};

export function isRtiTaxYear(value: string): value is RtiTaxYear {
  return (RTI_TAX_YEARS as readonly string[]).includes(value);
}

/** The year's schema facts, or a validation error naming the years this build has schemas for. */
export function rtiYear(taxYear: string, path: (string | number)[] = ['tax_year']): RtiYear {
  if (!isRtiTaxYear(taxYear)) throw fieldError(path, `no RTI schemas for tax year ${taxYear}: this build writes FPS and EPS for ${RTI_TAX_YEARS.join(' and ')}`, 'rti_tax_year_unsupported');
  return YEARS[taxYear];
}
