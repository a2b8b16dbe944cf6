/**
 * One employee's German payslip for one pay period: the request item mapped to the BMF PAP
 * (request-mapping.md), social insurance (social-insurance.ts), church tax, net wages, net pay,
 * employer cost, warnings, and optionally the steps taken.
 *
 * Pure: no I/O, no clock. The caller passes a normalized item (Decimals, enums); the service layer
 * builds it from the wire request. All amounts are euros as Decimal; rounding sites name their rule.
 */
import { Decimal, ZERO } from '../money.js';
import { calculateLohnsteuer, type PapInput, type PapObserver, type PapOutput, type PapYear } from './lohnsteuer/index.js';
import { isSupportedYear, paramsForYear, type DeSocialParams, type DeTaxYear, type StateCode } from './params/index.js';
import { DE_DEFAULT_TAX_YEAR, deEdition } from './editions.js';
import { findInsurer, insurerRate, MINIJOB_ZENTRALE_CODE } from './krankenkassen.js';
import { fieldError } from '../errors.js';
import {
  calculateSocialInsurance,
  privateSubsidy,
  periodCeiling,
  roundCents,
  type EmployeeContributions,
  type EmployerContributions,
  type EmploymentKind,
  type SocialInsuranceResult,
} from './social-insurance.js';
import { inMidijobBand, midijobBand, type MidijobBand } from './midijob.js';
import { netOf, payslipTotals, taxSums } from './payslip-sums.js';

// ---------------------------------------------------------------------------------------------
// Input

export type PayCycle = 'Year' | 'Month' | 'Week' | 'Day';
export type TaxClass = 1 | 2 | 3 | 4 | 5 | 6;

export interface PayslipEarning {
  type: string;
  amount: Decimal;
  /** The period the amount refers to; converted to the pay cycle (current earnings only). */
  frequency: PayCycle;
  /** A one-off payment (sonstiger Bezug): taxed via SONSTB/JRE4, never converted. */
  isLumpsum: boolean;
  /** `amount` is a net target: solve the gross that adds exactly this much net. */
  doGrossup: boolean;
}

export interface PayslipBenefit {
  name: string;
  /** Monetary value of the benefit in kind for the period. */
  value: Decimal;
  /** Employee co-payments for the benefit (Zuzahlungen): reduce the taxable value. */
  additionalPayments: Decimal;
  /** Value of private use (e.g. private trips with a company car): added to the taxable value. */
  privateTrip: Decimal;
}

export interface PayslipItem {
  employee: {
    employeeId: string;
    yearOfBirth?: number;
    /** ISO date YYYY-MM-DD. */
    dateOfBirth?: string;
    isMiniJob: boolean;
    pensionExemption: boolean;
    flatRatePaidByEmployee: boolean;
    agreedWorkHoursPerWeek?: Decimal;
  };
  tax: {
    taxClass?: TaxClass;
    isFactor: boolean;
    factor?: Decimal;
    childAllowances: Decimal;
    isChurchMember: boolean;
    state?: StateCode;
  };
  insurance: {
    insurerCode?: string;
    /** Zusatzbeitragssatz in percent (2.5 = 2.5 %); overrides the insurer table. */
    additionalRatePercent?: Decimal;
    privateHealthMonthly: Decimal;
    privateCareMonthly: Decimal;
    /** Children under 25 (care insurance). */
    children: number;
    isParent?: boolean;
    isMidiJob: boolean;
    /** U1/U2 in percent; override the insurer table / Minijob-Zentrale rates. */
    u1RatePercent?: Decimal;
    u2RatePercent?: Decimal;
  };
  pay: {
    earnings: PayslipEarning[];
    benefits: PayslipBenefit[];
    deductions: { name: string; amount: Decimal }[];
    reimbursements: { name: string; amount: Decimal }[];
  };
}

export interface PayslipContext {
  payCycle: PayCycle;
  /** ISO date YYYY-MM-DD; chooses the year's figures and dates the ages. */
  payDate?: string;
  includeExecutionHistory?: boolean;
  /** Keep the engine's steps with their figures (Payslip.trace): a stored run explains its figures from them. */
  explain?: boolean;
}

/**
 * What the German payroll account's month engine (domain/de/run) knows and a single stateless period does not:
 * the year so far. Endpoint 20 passes none of these, and its figures stay exactly as before.
 */
export interface PayslipOverrides {
  /**
   * A month the employment starts or ends within (pay cycle Month only). Wage tax: the Teillohnzahlungszeitraum
   * by the day table (R 39b.5 Abs. 2 LStR, PAP LZZ 4) over `taxDays` calendar days; SV: `svDays` SV-Tage and the
   * month's ceiling pro-rated to them (§ 223 Abs. 2–3 SGB V).
   */
  partialMonth?: { taxDays: number; svDays: number };
  /**
   * § 23a Abs. 3 SGB IV: the contributory part of the month's one-off per branch group (KV/PV, RV/AV), from the
   * pro-rated annual ceiling; it is added to the capped regular base. Without it the one-off counts against
   * the period's ceiling (the stateless endpoint).
   */
  oneOffBases?: { healthCare: Decimal; pensionUnemployment: Decimal };
  /** § 39b Abs. 3 EStG: the expected annual wage (euros, whole cents) for the one-off's wage tax (PAP JRE4). */
  jre4?: Decimal;
  /**
   * Contributions on a one-off allocated to an earlier pay period (§ 23a Abs. 4 SGB IV, Märzklausel), computed
   * with that period's figures and deducted on this payslip (run-rules.md convention
   * `maerzklausel_prior_year_rounded_separately`). Added per branch; the bases of this payslip stay this year's.
   */
  allocatedContributions?: {
    employee: Omit<EmployeeContributions, 'total'>;
    employer: Pick<EmployerContributions, 'health' | 'care' | 'pension' | 'unemployment' | 'insolvency'>;
    /** The Zusatzbeitrag part of the allocated health contributions (SocialInsuranceResult.additional). */
    additional?: { employee: Decimal; employer: Decimal };
  };
  /** Stored runs: an unknown U1/U2 rate is refused (naming the field to set) instead of charged at 0 %. */
  requireLevyRates?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Output

export interface PayslipWarning {
  code: string;
  message: string;
}

export interface ExecutionStep {
  flow: string;
  node: string;
}

/** A step of the engine with the figures it used: BMF names for the PAP's variables, SV figures by their names. */
export interface TraceStep {
  flow: string;
  node: string;
  values?: Readonly<Record<string, string>>;
}

/** Hears a step and, when it has them, its figures. */
type StepTrace = (flow: string, node: string, values?: Readonly<Record<string, string>>) => void;

export interface Payslip {
  employeeId: string;
  paymentPeriod: string;
  year: DeTaxYear;
  edition: string;
  employee: {
    totals: {
      totalGrossWages: Decimal;
      taxableGrossWages: Decimal;
      netWages: Decimal;
      totalDeductions: Decimal;
      totalReimbursements: Decimal;
      netPay: Decimal;
    };
    taxes: {
      incomeTaxAssessmentBase: Decimal;
      solidarityTaxAssessmentBase: Decimal;
      incomeTax: Decimal;
      churchTax: Decimal;
      solidarityTax: Decimal;
      /** Minijob flat tax passed on to the employee (0 otherwise). */
      flatRateTaxMiniJob: Decimal;
      totalTax: Decimal;
    };
    insurance: {
      insuranceAssessmentBase: Decimal;
      pensionAssessmentBase: Decimal;
      /** Applied Zusatzbeitragssatz in percent. */
      healthInsuranceAdditionalRate: Decimal;
      pensionInsurance: Decimal;
      unemploymentInsurance: Decimal;
      healthInsurance: Decimal;
      careInsurance: Decimal;
      totalInsurance: Decimal;
    };
    deductions: { name: string; amount: Decimal }[];
    reimbursements: { name: string; amount: Decimal }[];
    /** Benefits in kind: part of gross, not paid out. */
    benefitsInKind: Decimal;
    /** § 257 SGB V / § 61 SGB XI subsidy paid out with the net pay. */
    privateInsuranceSubsidy: Decimal;
  };
  employer: EmployerBlock;
  employment: EmploymentKind;
  warnings: PayslipWarning[];
  executionHistory?: ExecutionStep[];
  /** The engine's steps with their figures, when the context asked to explain (issue 18 point 7). */
  trace?: TraceStep[];
}

export interface EmployerBlock {
  pensionContribution: Decimal;
  healthInsuranceContribution: Decimal;
  careInsuranceContribution: Decimal;
  unemploymentInsuranceContribution: Decimal;
  sickPayInsuranceContribution: Decimal;
  maternityPayInsuranceContribution: Decimal;
  insolvencyInsuranceContribution: Decimal;
  flatRateTaxMiniJob: Decimal;
  /** Extension: the private-insurance subsidy (part of total_burden). */
  privateInsuranceSubsidy: Decimal;
  totalBurden: Decimal;
}

export const EMPLOYER_FIELDS = [
  'pensionContribution',
  'healthInsuranceContribution',
  'careInsuranceContribution',
  'unemploymentInsuranceContribution',
  'sickPayInsuranceContribution',
  'maternityPayInsuranceContribution',
  'insolvencyInsuranceContribution',
  'flatRateTaxMiniJob',
  'privateInsuranceSubsidy',
  'totalBurden',
] as const satisfies readonly (keyof EmployerBlock)[];

/** A payslip with the figures behind it that the month engine records (one-off taxes, the attributes applied). */
export interface PayslipCalculation {
  payslip: Payslip;
  /** The social insurance of the month, allocated contributions included. */
  sv: SocialInsuranceResult;
  /** The wage tax on the one-off (PAP STS), its Soli (SOLZS) and church tax (floor(BKS × rate)); zero without one. */
  oneOffTax: { incomeTax: Decimal; solidarity: Decimal; church: Decimal };
  /** Teillohnzahlungszeitraum: the daily wage the day table was read with (PAP RE4 for LZZ 4), euros. */
  dailyWage?: Decimal;
  /**
   * PAP editions up to 2025: the private basic health and care contributions the wage tax took into account (VKVLZZ
   * + VKVSONST, "ggf. auch die Mindestvorsorgepauschale"), euros; null in later editions and without a PAP run.
   */
  privateVorsorge: Decimal | null;
  /** The attributes applied (the Märzklausel reuses December's, § 23a Abs. 4 SGB IV). */
  applied: {
    statutoryHealth: boolean;
    /** Zusatzbeitrag as a fraction. */
    additionalRate: Decimal;
    saxony: boolean;
    childlessSurcharge: boolean;
    childReductions: number;
    /** Regular (current) wage of the month, benefits in kind included. */
    currentWage: Decimal;
    /** One-off payments of the month. */
    lumpsum: Decimal;
    /** The part of the one-offs that is severance (not Arbeitsentgelt). */
    severance: Decimal;
    /** Whether any earning asked for a gross-up. */
    grossup: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// Pay cycles

/** SV days per pay cycle (a month counts 30 SV days, a year 360; § 223 SGB V). */
export const SV_DAYS: Record<PayCycle, number> = { Year: 360, Month: 30, Week: 7, Day: 1 };
/** PAP LZZ per pay cycle. */
export const LZZ: Record<PayCycle, number> = { Year: 1, Month: 2, Week: 3, Day: 4 };

/** An amount for `from` converted to `to` by SV days (Month→Week × 7/30), half up to the cent. */
export function convertToCycle(amount: Decimal, from: PayCycle, to: PayCycle): Decimal {
  if (from === to) return amount;
  return roundCents(amount.mul(SV_DAYS[to]).div(SV_DAYS[from]));
}

const DEFAULT_YEAR: DeTaxYear = DE_DEFAULT_TAX_YEAR;

/** The year whose figures apply: the pay date's year; the registry's default edition (the spec's) without a pay date. */
export function payslipYear(payDate: string | undefined): DeTaxYear {
  if (payDate === undefined) return DEFAULT_YEAR;
  const year = Number(payDate.slice(0, 4));
  if (!isSupportedYear(year)) throw new RangeError(`no German payroll figures for ${year}`);
  return year;
}

/** "2025-03" (Month), "2025" (Year), "2025-W13" (Week, ISO 8601), "2025-03-31" (Day). */
export function paymentPeriod(payCycle: PayCycle, payDate: string | undefined, year: number): string {
  if (payDate === undefined) return String(year);
  switch (payCycle) {
    case 'Year':
      return payDate.slice(0, 4);
    case 'Month':
      return payDate.slice(0, 7);
    case 'Day':
      return payDate;
    case 'Week': {
      const { isoYear, week } = isoWeek(payDate);
      return `${isoYear}-W${String(week).padStart(2, '0')}`;
    }
  }
}

function isoWeek(isoDate: string): { isoYear: number; week: number } {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const isoYear = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(isoYear, 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  const week1Monday = firstThursday.getTime() - firstWeekday * 86_400_000;
  return { isoYear, week: Math.floor((thursday.getTime() - week1Monday) / (7 * 86_400_000)) + 1 };
}

// ---------------------------------------------------------------------------------------------
// Ages

interface BirthDate {
  year: number;
  month: number;
  day: number;
  assumed: boolean;
}

/**
 * The birth date, or, with only year_of_birth, 31 December of that year (the latest possible date:
 * ages and the ALTER1 test then never anticipate a birthday that may not have happened yet).
 */
function birthDate(item: PayslipItem): BirthDate | undefined {
  const iso = item.employee.dateOfBirth;
  if (iso !== undefined) return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)), assumed: false };
  if (item.employee.yearOfBirth !== undefined) return { year: item.employee.yearOfBirth, month: 12, day: 31, assumed: true };
  return undefined;
}

/** Completed years on a reference date (a birthday counts from the day itself). */
function ageOn(birth: BirthDate, year: number, month: number, day: number): number {
  const before = month < birth.month || (month === birth.month && day < birth.day);
  return year - birth.year - (before ? 1 : 0);
}

/**
 * ALTER1/AJAHR (§ 24a EStG): 1 if the 64th year of life was completed before 1 January of the pay
 * year. A year of life is completed the day before the birthday, so someone born on 1 January
 * (Y−64) qualifies. AJAHR = the calendar year following that completion.
 */
function altersentlastung(birth: BirthDate | undefined, year: number): { ALTER1: number; AJAHR: number } {
  if (!birth) return { ALTER1: 0, AJAHR: 0 };
  const completionYear = birth.month === 1 && birth.day === 1 ? birth.year + 63 : birth.year + 64;
  return completionYear < year ? { ALTER1: 1, AJAHR: completionYear + 1 } : { ALTER1: 0, AJAHR: 0 };
}

// ---------------------------------------------------------------------------------------------
// The calculation

/** The parts of a payslip that do not depend on the grossed-up amount. */
interface Prepared {
  params: DeSocialParams;
  year: DeTaxYear;
  papYear: PapYear;
  cycle: PayCycle;
  svDays: number;
  /** The Übergangsbereich of the period (midijob.ts), once per payslip: a gross-up evaluates many times. */
  band: MidijobBand;
  warnings: PayslipWarning[];
  taxClass: TaxClass;
  employmentRequested: EmploymentKind;
  statutoryHealth: boolean;
  additionalRate: Decimal; // fraction
  u1Rate: Decimal;
  u2Rate: Decimal;
  saxony: boolean;
  childlessSurcharge: boolean;
  childReductions: number;
  alter: { ALTER1: number; AJAHR: number };
  zkf: Decimal;
  isFactor: boolean;
  factor: Decimal | undefined;
  churchMember: boolean;
  churchRate: Decimal;
  privateHealthMonthly: Decimal;
  privateCareMonthly: Decimal;
  pensionExemption: boolean;
  flatRatePaidByEmployee: boolean;
  /** Fixed parts of the pay (not grossed up). */
  currentCash: Decimal;
  benefits: Decimal;
  lumpsum: Decimal;
  severance: Decimal;
  grossupCurrentTarget: Decimal;
  grossupLumpsumTarget: Decimal;
  deductions: { name: string; amount: Decimal }[];
  reimbursements: { name: string; amount: Decimal }[];
  overrides: PayslipOverrides | undefined;
}

/** The figures of one evaluation at given gross amounts. */
interface Evaluation {
  sv: SocialInsuranceResult;
  pap?: PapOutput;
  gross: Decimal;
  taxable: Decimal;
  currentWage: Decimal;
  lumpsum: Decimal;
  incomeTax: Decimal;
  solidarity: Decimal;
  church: Decimal;
  oneOffTax: { incomeTax: Decimal; solidarity: Decimal; church: Decimal };
  dailyWage?: Decimal;
  solidarityBase: Decimal;
  netWages: Decimal;
  /** PAP up to 2025: VKVLZZ (× the days of a Teillohnzahlungszeitraum) + VKVSONST in euros; null from 2026. */
  privateVorsorge?: Decimal | null;
}

/** Earning types taxed as compensation (§ 24 Nr. 1 EStG, Fünftelregelung via SONSTENT) and free of SV. */
const SEVERANCE_TYPES = new Set(['severance', 'severance_pay', 'abfindung', 'compensation']);

export function calculatePayslip(item: PayslipItem, context: PayslipContext): Payslip {
  return calculatePayslipWith(item, context).payslip;
}

/**
 * The payslip with the year-so-far overrides of the month engine (domain/de/run/month.ts) and the figures behind
 * it. Without overrides this is exactly calculatePayslip.
 */
export function calculatePayslipWith(item: PayslipItem, context: PayslipContext, overrides?: PayslipOverrides): PayslipCalculation {
  if (overrides?.partialMonth && context.payCycle !== 'Month') throw new RangeError('a partial month needs the pay cycle Month');
  const prepared = prepare(item, context, overrides);
  const warnings = prepared.warnings;

  // Gross-up (net-to-gross): current earnings first, then one-off payments on top of them.
  let grossCurrent = ZERO;
  let grossLumpsum = ZERO;
  if (prepared.grossupCurrentTarget.gt(0)) {
    grossCurrent = solveGross(prepared.grossupCurrentTarget, (g) => evaluate(prepared, g, ZERO).netWages, warnings, 'current');
  }
  if (prepared.grossupLumpsumTarget.gt(0)) {
    grossLumpsum = solveGross(prepared.grossupLumpsumTarget, (g) => evaluate(prepared, grossCurrent, g).netWages, warnings, 'one-off');
  }

  const history: ExecutionStep[] | undefined = context.includeExecutionHistory ? [] : undefined;
  const steps: TraceStep[] | undefined = context.explain ? [] : undefined;
  // The execution history hears the steps; the explanation also their figures and the PAP's variables (observe).
  const trace: StepTrace | undefined =
    history || steps
      ? (flow, node, values) => {
          history?.push({ flow, node });
          steps?.push(values ? { flow, node, values } : { flow, node });
        }
      : undefined;
  const observe: PapObserver | undefined = steps ? (flow, node, values) => void steps.push({ flow, node, values }) : undefined;
  // The PAP's steps go to the execution history; the explanation has them with their variables (observe).
  const papTrace = history ? (flow: string, node: string): void => void history.push({ flow, node }) : undefined;
  trace?.('PAYSLIP', `EMPLOYMENT_${prepared.employmentRequested.toUpperCase()}`);
  if (grossCurrent.gt(0) || grossLumpsum.gt(0)) trace?.('PAYSLIP', 'GROSSUP');
  const result = evaluate(prepared, grossCurrent, grossLumpsum, trace, { trace: papTrace, observe });
  trace?.('PAYSLIP', 'NET', {
    gross: result.gross.toFixed(2),
    income_tax: result.incomeTax.toFixed(2),
    solidarity: result.solidarity.toFixed(2),
    church: result.church.toFixed(2),
    social_insurance_employee: result.sv.employee.total.toFixed(2),
    net_wages: result.netWages.toFixed(2),
  });

  const sv = result.sv;
  checkEmploymentBands(prepared, result, warnings);
  const benefitsInKind = prepared.benefits;
  const e = sv.employer;
  // Paid out: net wages − benefits in kind (already received) − deductions + tax-free reimbursements + PKV subsidy;
  // total_burden (README): every employer amount on the payslip (contributions, levies, flat tax, subsidy), gross excluded.
  const { subsidy, totalDeductions, totalReimbursements, netPay, totalBurden, totalTax } = payslipTotals({
    netWages: result.netWages,
    benefitsInKind,
    deductions: prepared.deductions.map((d) => d.amount),
    reimbursements: prepared.reimbursements.map((r) => r.amount),
    privateHealthSubsidy: e.privateHealthSubsidy,
    privateCareSubsidy: e.privateCareSubsidy,
    employerItems: [e.pension, e.health, e.care, e.unemployment, e.sickPay, e.maternity, e.insolvency, e.flatTax],
    taxes: [result.incomeTax, result.solidarity, result.church, sv.employeeFlatTax],
  });
  if (netPay.lt(0)) warnings.push({ code: 'NET_PAY_NEGATIVE', message: `net pay is negative (${netPay.toFixed(2)}): deductions and benefits in kind exceed the net wages` });

  const employer: EmployerBlock = {
    pensionContribution: e.pension,
    healthInsuranceContribution: e.health,
    careInsuranceContribution: e.care,
    unemploymentInsuranceContribution: e.unemployment,
    sickPayInsuranceContribution: e.sickPay,
    maternityPayInsuranceContribution: e.maternity,
    insolvencyInsuranceContribution: e.insolvency,
    flatRateTaxMiniJob: e.flatTax,
    privateInsuranceSubsidy: subsidy,
    totalBurden,
  };

  const payslip: Payslip = {
    employeeId: item.employee.employeeId,
    paymentPeriod: paymentPeriod(prepared.cycle, context.payDate, prepared.year),
    year: prepared.year,
    edition: prepared.params.edition,
    employee: {
      totals: {
        totalGrossWages: result.gross,
        taxableGrossWages: result.taxable,
        netWages: result.netWages,
        totalDeductions,
        totalReimbursements,
        netPay,
      },
      taxes: {
        incomeTaxAssessmentBase: result.taxable,
        solidarityTaxAssessmentBase: result.solidarityBase,
        incomeTax: result.incomeTax,
        churchTax: result.church,
        solidarityTax: result.solidarity,
        flatRateTaxMiniJob: sv.employeeFlatTax,
        totalTax,
      },
      insurance: {
        insuranceAssessmentBase: sv.healthBase,
        pensionAssessmentBase: sv.pensionBase,
        healthInsuranceAdditionalRate: sv.appliedEmployment !== 'minijob' && prepared.statutoryHealth ? prepared.additionalRate.mul(100) : ZERO,
        pensionInsurance: sv.employee.pension,
        unemploymentInsurance: sv.employee.unemployment,
        healthInsurance: sv.employee.health,
        careInsurance: sv.employee.care,
        totalInsurance: sv.employee.total,
      },
      deductions: prepared.deductions,
      reimbursements: prepared.reimbursements,
      benefitsInKind,
      privateInsuranceSubsidy: subsidy,
    },
    employer,
    employment: sv.appliedEmployment,
    warnings,
  };
  if (history) payslip.executionHistory = history;
  if (steps) payslip.trace = steps;
  return {
    payslip,
    sv,
    oneOffTax: result.oneOffTax,
    ...(result.dailyWage ? { dailyWage: result.dailyWage } : {}),
    privateVorsorge: result.privateVorsorge ?? null,
    applied: {
      statutoryHealth: prepared.statutoryHealth,
      additionalRate: prepared.additionalRate,
      saxony: prepared.saxony,
      childlessSurcharge: prepared.childlessSurcharge,
      childReductions: prepared.childReductions,
      currentWage: result.currentWage,
      lumpsum: result.lumpsum,
      severance: prepared.severance,
      grossup: prepared.grossupCurrentTarget.gt(0) || prepared.grossupLumpsumTarget.gt(0),
    },
  };
}

function prepare(item: PayslipItem, context: PayslipContext, overrides: PayslipOverrides | undefined): Prepared {
  const warnings: PayslipWarning[] = [];
  const warn = (code: string, message: string): void => void warnings.push({ code, message });

  if (context.payDate === undefined) warn('PAY_DATE_MISSING', `no pay_date: the ${DEFAULT_YEAR} figures apply and ages are taken on 1 January ${DEFAULT_YEAR}`);
  const year = payslipYear(context.payDate);
  const params = paramsForYear(year);
  const papYear: PapYear = year;
  const cycle = context.payCycle;
  // A partial month counts its SV-Tage (run-rules.md §2); otherwise the cycle's.
  const svDays = overrides?.partialMonth?.svDays ?? SV_DAYS[cycle];
  const refMonth = context.payDate ? Number(context.payDate.slice(5, 7)) : 1;

  // Tax class: ELStAM; absent → I with a warning (request-mapping.md: the request lacks it).
  const taxClass: TaxClass = item.tax.taxClass ?? 1;
  if (item.tax.taxClass === undefined) warn('TAX_CLASS_DEFAULTED', 'tax_attributes.tax_class is missing: tax class I assumed');

  // Employment kind: the request's flags, checked against the period's bands.
  const { employment, statutoryHealth } = employmentOf(item, warn);

  // Ages: completed years on the first day of the pay month (contribution-rules.md 4).
  const birth = birthDate(item);
  if (!birth) warn('BIRTH_DATE_MISSING', 'neither date_of_birth nor year_of_birth given: treated as aged 23 to 63 (childless surcharge applies to the childless, no Altersentlastungsbetrag)');
  else if (birth.assumed) warn('BIRTH_DATE_ASSUMED', `no date_of_birth: born 31 December ${birth.year} assumed for ages`);
  const age = birth ? ageOn(birth, year, refMonth, 1) : 30;
  const alter = altersentlastung(birth, year);

  // Care insurance: parent status, children under 25, surcharge from 23 unless born before 1940.
  const children = item.insurance.children;
  const isParent = children > 0 || item.insurance.isParent === true;
  if (item.insurance.isParent === false && children > 0) warn('PARENT_STATUS_IMPLIED', 'care_insurance_children > 0 implies parent status although is_parent is false');
  const bornFrom1940 = birth ? birth.year >= params.care.childlessSurchargeBornFrom : true;
  const childlessSurcharge = !isParent && age >= params.care.childlessSurchargeFromAge && bornFrom1940;
  const childReductions = isParent ? Math.min(Math.max(children - 1, 0), params.care.maxChildReductions) : 0;

  // State: church-tax rate and the Saxony PV split (tax_state stands for the workplace, request-mapping.md).
  const state = item.tax.state;
  const saxony = state === 'SN';
  if (state === undefined && item.tax.isChurchMember) warn('TAX_STATE_MISSING', 'tax_state is missing: church tax at 9 % (the rate outside Bayern and Baden-Württemberg)');
  const churchRate = state ? params.churchTaxRate[state] : new Decimal('0.09');

  // Child allowances count only in classes I–IV (request-mapping.md ZKF).
  let zkf = item.tax.childAllowances;
  if (taxClass >= 5 && zkf.gt(0)) {
    warn('CHILD_ALLOWANCES_IGNORED', `child_allowances ${zkf.toString()} ignored in tax class ${taxClass === 5 ? 'V' : 'VI'}`);
    zkf = ZERO;
  }
  if (item.tax.isFactor && taxClass !== 4) {
    warn('FACTOR_IGNORED', 'the factor method applies only in tax class IV: factor ignored');
  }

  // Zusatzbeitrag: request override → insurer table → average with a warning.
  const additionalRate = additionalRateOf(item, params, year, statutoryHealth && employment !== 'minijob', warn);
  const { u1Rate, u2Rate } = levyRatesOf(item, params, year, employment, warn, overrides?.requireLevyRates === true);

  // Pay components, converted to the pay cycle.
  let currentCash = ZERO;
  let lumpsum = ZERO;
  let severance = ZERO;
  let grossupCurrentTarget = ZERO;
  let grossupLumpsumTarget = ZERO;
  for (const earning of item.pay.earnings) {
    // One-off payments are paid once: never converted. Current earnings: SV-day conversion, half up.
    const amount = earning.isLumpsum ? earning.amount : convertToCycle(earning.amount, earning.frequency, cycle);
    if (earning.doGrossup) {
      if (earning.isLumpsum) grossupLumpsumTarget = grossupLumpsumTarget.plus(amount);
      else grossupCurrentTarget = grossupCurrentTarget.plus(amount);
      continue;
    }
    if (earning.isLumpsum) {
      lumpsum = lumpsum.plus(amount);
      if (SEVERANCE_TYPES.has(earning.type.toLowerCase())) severance = severance.plus(amount);
    } else {
      currentCash = currentCash.plus(amount);
    }
  }
  if ((lumpsum.gt(0) || grossupLumpsumTarget.gt(0)) && overrides?.jre4 === undefined) {
    warn('ONE_OFF_WITHOUT_YEAR_TO_DATE', 'one-off payments: the expected annual wage (JRE4) is the current wage of this period annualized, and SV takes them in this period up to its ceiling (no year-to-date data in the request)');
  }
  // Benefits in kind: value − co-payments + private use, never below zero.
  let benefits = ZERO;
  for (const benefit of item.pay.benefits) {
    const taxable = benefit.value.minus(benefit.additionalPayments).plus(benefit.privateTrip);
    benefits = benefits.plus(Decimal.max(taxable, ZERO));
  }

  if (item.employee.agreedWorkHoursPerWeek && item.employee.agreedWorkHoursPerWeek.gt(0)) {
    // Hours in the period: weekly hours × SV days / 7 (a month = 30/7 weeks ≈ 13/3 weeks).
    const hours = item.employee.agreedWorkHoursPerWeek.mul(svDays).div(7);
    const fixedWage = currentCash.plus(grossupCurrentTarget);
    const perHour = fixedWage.div(hours);
    if (grossupCurrentTarget.eq(0) && perHour.lt(params.minijob.minimumWagePerHour)) {
      warn('BELOW_MINIMUM_WAGE', `${perHour.toFixed(2)} € per hour is below the statutory minimum wage of ${params.minijob.minimumWagePerHour.toFixed(2)} €`);
    }
  }

  return {
    params,
    year,
    papYear,
    cycle,
    svDays,
    band: midijobBand(params, svDays),
    warnings,
    taxClass,
    employmentRequested: employment,
    statutoryHealth,
    additionalRate,
    u1Rate,
    u2Rate,
    saxony,
    childlessSurcharge,
    childReductions,
    alter,
    zkf,
    isFactor: item.tax.isFactor && taxClass === 4 && item.tax.factor !== undefined,
    factor: item.tax.factor,
    churchMember: item.tax.isChurchMember,
    churchRate,
    privateHealthMonthly: statutoryHealth ? ZERO : item.insurance.privateHealthMonthly,
    privateCareMonthly: statutoryHealth ? ZERO : item.insurance.privateCareMonthly,
    pensionExemption: item.employee.pensionExemption,
    flatRatePaidByEmployee: item.employee.flatRatePaidByEmployee,
    currentCash,
    benefits,
    lumpsum,
    severance,
    grossupCurrentTarget,
    grossupLumpsumTarget,
    deductions: item.pay.deductions,
    reimbursements: item.pay.reimbursements,
    overrides,
  };
}

function employmentOf(item: PayslipItem, warn: (code: string, message: string) => void): { employment: EmploymentKind; statutoryHealth: boolean } {
  const privateHealth = item.insurance.privateHealthMonthly.gt(0);
  if (!privateHealth && item.insurance.privateCareMonthly.gt(0)) {
    warn('PRIVATE_CARE_WITHOUT_HEALTH', 'private_care_insurance_monthly without private_insurance_monthly: statutory KV and PV apply, the private care premium is ignored');
  }
  if (privateHealth && item.insurance.privateCareMonthly.eq(0)) {
    warn('PRIVATE_CARE_MISSING', 'privately health insured without a private care premium: no care-insurance subsidy');
  }
  if (item.employee.isMiniJob && item.insurance.isMidiJob) {
    warn('MINI_AND_MIDI', 'both is_mini_job and is_midi_job are set: computed as a minijob');
  }
  // The flags decide; calculatePayslip checks them against the final wage and warns on a mismatch.
  const employment: EmploymentKind = item.employee.isMiniJob ? 'minijob' : item.insurance.isMidiJob ? 'midijob' : 'regular';
  return { employment, statutoryHealth: !privateHealth };
}

function additionalRateOf(
  item: PayslipItem,
  params: DeSocialParams,
  year: DeTaxYear,
  needed: boolean,
  warn: (code: string, message: string) => void,
): Decimal {
  const average = params.health.averageAdditionalRate;
  if (item.insurance.additionalRatePercent !== undefined) return item.insurance.additionalRatePercent.div(100);
  const code = item.insurance.insurerCode;
  if (code === undefined) {
    if (needed) warn('INSURER_MISSING', `neither health_insurer_agency_code nor health_insurance_additional_rate given: the average Zusatzbeitrag ${average.mul(100).toString()} % applies`);
    return average;
  }
  const insurer = findInsurer(code);
  if (!insurer) {
    if (needed) warn('INSURER_UNKNOWN', `health insurer ${code} is not in the insurer table: the average Zusatzbeitrag ${average.mul(100).toString()} % applies`);
    return average;
  }
  const rate = insurerRate(insurer, 'additionalRate', year);
  if (rate === undefined) {
    if (needed && code !== MINIJOB_ZENTRALE_CODE) warn('INSURER_RATE_UNKNOWN', `no ${year} Zusatzbeitrag known for ${insurer.name} (${code}): the average ${average.mul(100).toString()} % applies`);
    return average;
  }
  return rate;
}

function levyRatesOf(
  item: PayslipItem,
  params: DeSocialParams,
  year: DeTaxYear,
  employment: EmploymentKind,
  warn: (code: string, message: string) => void,
  required: boolean,
): { u1Rate: Decimal; u2Rate: Decimal } {
  const insurer = item.insurance.insurerCode ? findInsurer(item.insurance.insurerCode) : undefined;
  const pick = (kind: 'u1' | 'u2', override: Decimal | undefined, minijobRate: Decimal): Decimal => {
    if (override !== undefined) return override.div(100);
    // Minijobs: the Minijob-Zentrale collects U1/U2 at its own rates.
    if (employment === 'minijob') return minijobRate;
    const fromTable = insurer ? insurerRate(insurer, kind, year) : undefined;
    if (fromTable !== undefined) return fromTable;
    if (required) {
      // Stored runs (issue point U1/U2): charging 0 % would under-declare the levy; the clerk sets the rate.
      const field = `de.${kind}_rate`;
      const insurerText = insurer ? `${insurer.name} (${insurer.code})` : item.insurance.insurerCode ? `insurer ${item.insurance.insurerCode} (not in the insurer table)` : 'no health insurer given';
      throw fieldError(
        ['employees', item.employee.employeeId, 'de', `${kind}_rate`],
        `employee ${item.employee.employeeId}: no ${kind.toUpperCase()} rate for ${year} is known for ${insurerText}; set ${field} (percent, AAG) on the employee`,
        'levy_rate_unknown',
      );
    }
    warn(kind === 'u1' ? 'U1_RATE_UNKNOWN' : 'U2_RATE_UNKNOWN', `no ${kind}_rate given and none known for the insurer: ${kind.toUpperCase()} taken as 0`);
    return ZERO;
  };
  return { u1Rate: pick('u1', item.insurance.u1RatePercent, params.minijob.u1Rate), u2Rate: pick('u2', item.insurance.u2RatePercent, params.minijob.u2Rate) };
}

const HUNDRED = new Decimal(100);
const toCents = (euros: Decimal): Decimal => euros.mul(HUNDRED);
const fromCents = (cents: Decimal): Decimal => cents.div(HUNDRED);

/** Periods per year, to annualize the current wage for JRE4 (PAP: week = 7/360, day = 1/360 of a year). */
const PERIODS_PER_YEAR: Record<PayCycle, Decimal> = { Year: new Decimal(1), Month: new Decimal(12), Week: new Decimal(360).div(7), Day: new Decimal(360) };

function evaluate(p: Prepared, grossupCurrent: Decimal, grossupLumpsum: Decimal, trace?: StepTrace, pap?: { trace: ((flow: string, node: string) => void) | undefined; observe: PapObserver | undefined }): Evaluation {
  const currentCash = p.currentCash.plus(grossupCurrent);
  const lumpsum = p.lumpsum.plus(grossupLumpsum);
  const currentWage = currentCash.plus(p.benefits);
  const gross = currentWage.plus(lumpsum);
  // SV: severance pay (Abfindung for the loss of the job) is not Arbeitsentgelt.
  const oneOffWage = lumpsum.minus(p.severance);

  let employment = p.employmentRequested;
  if (employment === 'midijob' && !inMidijobBand(currentWage.plus(oneOffWage), p.band)) employment = 'regular';

  const overrides = p.overrides;
  const computed = calculateSocialInsurance(
    p.params,
    {
      svDays: p.svDays,
      currentWage,
      oneOffWage,
      ...(overrides?.oneOffBases ? { oneOffBases: overrides.oneOffBases } : {}),
      employment,
      statutoryHealth: p.statutoryHealth,
      additionalRate: p.additionalRate,
      saxony: p.saxony,
      childlessSurcharge: p.childlessSurcharge,
      childReductions: p.childReductions,
      u1Rate: p.u1Rate,
      u2Rate: p.u2Rate,
      privateHealthMonthly: p.privateHealthMonthly,
      privateCareMonthly: p.privateCareMonthly,
      minijob: { pensionExemption: p.pensionExemption, flatTaxPaidByEmployee: p.flatRatePaidByEmployee },
    },
    trace,
  );
  const sv = overrides?.allocatedContributions ? withAllocated(computed, overrides.allocatedContributions) : computed;
  const noOneOffTax = { incomeTax: ZERO, solidarity: ZERO, church: ZERO };

  if (employment === 'minijob') {
    // § 40a Abs. 2 EStG: the 2 % flat tax replaces LSt, Soli and KiSt; no PAP run.
    const netWages = netOf(gross, [sv.employee.total, sv.employeeFlatTax]);
    return { sv, gross, taxable: gross, currentWage, lumpsum, incomeTax: ZERO, solidarity: ZERO, church: ZERO, oneOffTax: noOneOffTax, solidarityBase: ZERO, netWages };
  }

  const taxDays = overrides?.partialMonth?.taxDays;
  const papResult = calculateLohnsteuer(p.papYear, papInput(p, currentWage, lumpsum), pap?.trace, pap?.observe);
  // Teillohnzahlungszeitraum (run-rules.md §2, R 39b.5 Abs. 2 LStR): the day table's amounts (LZZ 4) times the
  // calendar days; the one-off's STS/SOLZS/BKS are annual amounts and are not multiplied.
  const times = taxDays === undefined ? 1 : taxDays;
  // PAP outputs are whole cents (UPANTEIL cuts to cents): LSt = LSTLZZ + STS, Soli = SOLZLZZ + SOLZS; church tax
  // (contribution-rules.md 8): BK (and BKS) × 8/9 %, fractions of a cent dropped, each base on its own (payslip-sums.ts).
  const taxes = taxSums(papResult, times, p.churchMember ? p.churchRate : undefined);
  const { incomeTax, solidarity, church } = taxes;
  // PAP outputs in cents → the payslip's euros: LSt = LSTLZZ (× tax days) + STS, Soli = SOLZLZZ (× tax days) + SOLZS.
  trace?.('PAYSLIP', 'WAGE_TAX', { LSTLZZ: papResult.LSTLZZ.toString(), STS: papResult.STS.toString(), Steuertage: String(times), Lohnsteuer: incomeTax.toFixed(2) });
  trace?.('PAYSLIP', 'SOLIDARITY', { SOLZLZZ: papResult.SOLZLZZ.toString(), SOLZS: papResult.SOLZS.toString(), Steuertage: String(times), Solidaritaetszuschlag: solidarity.toFixed(2) });
  if (p.churchMember) {
    trace?.('PAYSLIP', 'CHURCH_TAX', { BK: papResult.BK.toString(), BKS: papResult.BKS.toString(), Kirchensteuersatz: p.churchRate.toString(), Kirchensteuer: church.toFixed(2) });
  }
  const oneOffTax = taxes.oneOff;
  const solidarityBase = taxes.solidarityBase;
  const taxable = currentWage.plus(lumpsum);
  const netWages = netOf(gross, [incomeTax, solidarity, church, sv.employee.total]);
  const evaluation: Evaluation = { sv, pap: papResult, gross, taxable, currentWage, lumpsum, incomeTax, solidarity, church, oneOffTax, solidarityBase, netWages };
  if (taxDays !== undefined) evaluation.dailyWage = fromCents(dailyWageCents(currentWage, taxDays));
  // The private KV/PV contributions the PAP took into account (Lohnsteuerbescheinigung line 28 up to 2025): the
  // outputs VKVLZZ of each period and VKVSONST are added up (PAP 2025, Ausgabeparameter).
  evaluation.privateVorsorge = papResult.VKVLZZ === undefined ? null : fromCents(papResult.VKVLZZ.mul(times).plus(papResult.VKVSONST ?? ZERO));
  return evaluation;
}

/**
 * The day table's wage for a Teillohnzahlungszeitraum: the partial month's wage / calendar days in whole cents, cut
 * (run-rules.md convention `partial_month_day_table_daily_wage_cut_to_cent`: the BMF interface takes cents, and
 * cutting follows the PAP's own ROUND_DOWN of wages and never taxes more than was paid).
 */
function dailyWageCents(currentWage: Decimal, taxDays: number): Decimal {
  return toCents(currentWage).div(taxDays).toDecimalPlaces(0, Decimal.ROUND_DOWN);
}

/** Adds contributions allocated to an earlier period (§ 23a Abs. 4 SGB IV) to the month's, branch by branch. */
function withAllocated(sv: SocialInsuranceResult, allocated: NonNullable<PayslipOverrides['allocatedContributions']>): SocialInsuranceResult {
  const employee = {
    health: sv.employee.health.plus(allocated.employee.health),
    care: sv.employee.care.plus(allocated.employee.care),
    pension: sv.employee.pension.plus(allocated.employee.pension),
    unemployment: sv.employee.unemployment.plus(allocated.employee.unemployment),
  };
  const additional = allocated.additional ?? { employee: ZERO, employer: ZERO };
  return {
    ...sv,
    additional: { employee: sv.additional.employee.plus(additional.employee), employer: sv.additional.employer.plus(additional.employer) },
    employee: { ...employee, total: employee.health.plus(employee.care).plus(employee.pension).plus(employee.unemployment) },
    employer: {
      ...sv.employer,
      health: sv.employer.health.plus(allocated.employer.health),
      care: sv.employer.care.plus(allocated.employer.care),
      pension: sv.employer.pension.plus(allocated.employer.pension),
      unemployment: sv.employer.unemployment.plus(allocated.employer.unemployment),
      insolvency: sv.employer.insolvency.plus(allocated.employer.insolvency),
    },
  };
}

function papInput(p: Prepared, currentWage: Decimal, lumpsum: Decimal): Partial<PapInput> {
  const taxDays = p.overrides?.partialMonth?.taxDays;
  const re4 = taxDays === undefined ? toCents(currentWage) : dailyWageCents(currentWage, taxDays);
  const input: Partial<PapInput> = {
    // A partial month is a Teillohnzahlungszeitraum read from the day table (LZZ 4).
    LZZ: taxDays === undefined ? LZZ[p.cycle] : LZZ.Day,
    STKL: p.taxClass,
    RE4: re4,
    ZKF: p.zkf,
    // R = 1 always: the PAP then returns BK (the Soli/church base with child allowances) for every
    // employee; R changes nothing else in the PAP, and church tax is charged only to members.
    R: 1,
    ALTER1: p.alter.ALTER1,
    AJAHR: p.alter.AJAHR,
    KRV: 0,
    ALV: 0,
    PVS: p.saxony ? 1 : 0,
    PVZ: p.childlessSurcharge ? 1 : 0,
    PVA: p.childReductions,
  };
  if (p.isFactor && p.factor) {
    input.af = 1;
    input.f = p.factor;
  }
  if (p.statutoryHealth) {
    // KVZ: the full Zusatzbeitrag in percent (2.50 for 2.5 %).
    input.KVZ = p.additionalRate.mul(100);
    input.PKV = 0;
  } else {
    // PKPV/PKPVAGZ are monthly amounts whatever the LZZ (PAP input comments).
    input.PKPV = toCents(p.privateHealthMonthly.plus(p.privateCareMonthly));
    const monthlySubsidy = monthlySubsidyOf(p, currentWage);
    if (deEdition(p.papYear).pap.privateSubsidy === 'PKV-2') {
      // PAP 2025: PKV 2 = private with employer subsidy (the PAP computes it), 1 = without.
      input.PKV = monthlySubsidy.gt(0) ? 2 : 1;
    } else {
      input.PKV = 1;
      input.PKPVAGZ = toCents(monthlySubsidy);
    }
  }
  if (lumpsum.gt(0)) {
    input.SONSTB = toCents(lumpsum);
    if (p.severance.gt(0)) input.SONSTENT = toCents(p.severance);
    // JRE4: the month engine's § 39b Abs. 3 EStG figure; without year-to-date data (the request) the period's
    // current wage annualized, whole cents half up.
    const jre4 = p.overrides?.jre4;
    input.JRE4 = jre4 !== undefined ? toCents(jre4) : re4.mul(PERIODS_PER_YEAR[p.cycle]).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  }
  return input;
}

/** The monthly § 257/§ 61 subsidy, for PKPVAGZ: the period's wage scaled to a month. */
function monthlySubsidyOf(p: Prepared, currentWage: Decimal): Decimal {
  const monthlyWage = p.svDays === 30 ? currentWage : currentWage.mul(30).div(p.svDays);
  const s = privateSubsidy(p.params, { privateHealthMonthly: p.privateHealthMonthly, privateCareMonthly: p.privateCareMonthly, svDays: 30, saxony: p.saxony }, monthlyWage, periodCeiling(p.params.ceilings.healthCareAnnual, 30));
  return s.health.plus(s.care);
}

/** Warns when the employment flags and the period's contributory wage disagree (the flags still decide, except a midijob outside the band). */
function checkEmploymentBands(p: Prepared, result: Evaluation, warnings: PayslipWarning[]): void {
  const band = p.band;
  const wage = result.sv.appliedEmployment === 'minijob' ? result.gross : result.gross.minus(p.severance);
  const limit = band.lower.toFixed(2);
  if (p.employmentRequested === 'midijob' && result.sv.appliedEmployment !== 'midijob') {
    warnings.push({ code: 'MIDIJOB_OUTSIDE_BAND', message: `is_midi_job is set but ${wage.toFixed(2)} € lies outside the Übergangsbereich ${limit}–${band.upper.toFixed(2)} €: regular contributions apply` });
  } else if (p.employmentRequested === 'regular' && inMidijobBand(wage, band)) {
    warnings.push({ code: 'MIDIJOB_NOT_FLAGGED', message: `${wage.toFixed(2)} € lies in the Übergangsbereich but is_midi_job is false: regular contributions apply` });
  } else if (p.employmentRequested === 'minijob' && wage.gt(band.lower)) {
    warnings.push({ code: 'MINIJOB_ABOVE_LIMIT', message: `is_mini_job is set but ${wage.toFixed(2)} € exceeds the minijob limit of ${limit} € for the period: minijob flat rates applied as requested` });
  }
}

/**
 * Net-to-gross. Finds the gross G, in whole cents, whose net wages exceed the net without it by exactly
 * `target`. Net wages rise with gross at the scale of euros but not cent by cent (the PAP cuts the
 * annual tax to whole euros and rounds the Vorsorgepauschale up; SV rounds per branch), so:
 *   1. bracket, then bisect for the first G with gain(G) ≥ target, as if the gain were monotone;
 *   2. scan around it: downward until the gain is more than GROSSUP_MARGIN below the target, and,
 *      if no exact hit was seen, upward until it is more than GROSSUP_MARGIN above it;
 *   3. answer the smallest scanned G whose gain equals the target to the cent (ties: the least gross);
 *      if the gain jumps over that cent, the smallest scanned G whose gain exceeds the target, with a
 *      warning stating the difference: the employee never receives less than the agreed net.
 */
export const GROSSUP_MARGIN = new Decimal('0.25');
const GROSSUP_MAX_CENTS = 1e11;

function solveGross(target: Decimal, netAt: (gross: Decimal) => Decimal, warnings: PayslipWarning[], label: string): Decimal {
  const cache = new Map<number, Decimal>();
  const base = netAt(ZERO);
  const gain = (cents: number): Decimal => {
    let value = cache.get(cents);
    if (value === undefined) {
      value = netAt(new Decimal(cents).div(100)).minus(base);
      cache.set(cents, value);
    }
    return value;
  };
  let lo = 0;
  let hi = Math.max(1, target.mul(100).toDecimalPlaces(0, Decimal.ROUND_UP).toNumber());
  while (gain(hi).lt(target)) {
    lo = hi;
    hi *= 2;
    if (hi > GROSSUP_MAX_CENTS) throw new RangeError(`gross-up: no gross up to ${GROSSUP_MAX_CENTS / 100} € yields a net of ${target.toFixed(2)} €`);
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (gain(mid).gte(target)) hi = mid;
    else lo = mid;
  }
  let exact: number | undefined;
  let over: number | undefined;
  const consider = (cents: number): Decimal => {
    const g = gain(cents);
    if (g.eq(target)) exact = exact === undefined ? cents : Math.min(exact, cents);
    else if (g.gt(target)) over = over === undefined ? cents : Math.min(over, cents);
    return g;
  };
  const low = target.minus(GROSSUP_MARGIN);
  for (let cents = hi; cents >= 0; cents--) {
    if (consider(cents).lt(low)) break;
  }
  if (exact === undefined) {
    const high = target.plus(GROSSUP_MARGIN);
    for (let cents = hi + 1; cents <= GROSSUP_MAX_CENTS; cents++) {
      if (consider(cents).gt(high)) break;
    }
  }
  if (exact !== undefined) return new Decimal(exact).div(100);
  const chosen = over ?? hi;
  warnings.push({
    code: 'GROSSUP_NET_UNREACHABLE',
    message: `no gross yields a ${label} net of exactly ${target.toFixed(2)} €; the least gross above it adds ${gain(chosen).toFixed(2)} € net`,
  });
  return new Decimal(chosen).div(100);
}
