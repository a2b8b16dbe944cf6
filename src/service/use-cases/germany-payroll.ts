/**
 * Endpoint 20, `POST /germany/payroll`, as a use case: parse the body with the wire contract, compute
 * every payslip with the pure domain engine, and sum the employer blocks into the summary.
 * Each payslip depends only on its own payroll_group item, never on its position or neighbours.
 */
import { validationError } from '../../domain/errors.js';
import { Decimal, ZERO } from '../../domain/money.js';
import { amountText as money, decimalOfText, fromCents, toCents } from '../../domain/de/cents.js';
import { stateCodeOf } from '../../domain/de/params/index.js';
import { calculatePayslip, EMPLOYER_FIELDS, type EmployerBlock, type PayCycle, type Payslip, type PayslipItem, type TaxClass } from '../../domain/de/payslip.js';
import { decimalText, germanPayrollRequest, MAX_EMPLOYEES, payrollGroupItem, type GermanPayrollRequest, type GermanPayrollResponse, type GermanPayslip, type PayrollGroupItem } from '../contracts/germany-payroll.js';
import { zodIssuesToFieldIssues } from '../contracts/zod-issues.js';

export type { GermanPayrollResponse } from '../contracts/germany-payroll.js';

export interface GermanPayrollOptions {
  /** X-Include-Execution-History: return the steps taken with every payslip. */
  includeExecutionHistory?: boolean;
}

/** Parses, validates and computes a German payroll. Throws a validation DomainError (loc starting with "body"). */
export function calculateGermanPayroll(body: unknown, options: GermanPayrollOptions = {}): GermanPayrollResponse {
  const { request, context } = parseRequest(body, options);
  const payslips = request.payroll_group.map((item, index) => computeItem(item, index, request, context));
  return respond(payslips);
}

/**
 * Longest stretch the calculation runs before it gives the event loop a turn (docs/decisions.md
 * H23): a gross-up costs milliseconds per employee, so 9,000 of them
 * held the server's only thread for ~20 s and every other request waited.
 */
export const CALCULATION_SLICE_MS = 10;

/**
 * The same calculation, giving way to the event loop every CALCULATION_SLICE_MS: other requests are
 * answered between two slices, and the figures are those of calculateGermanPayroll (each payslip
 * depends only on its own item). The service uses this one; tools and tests may use either.
 */
export async function calculateGermanPayrollInSlices(body: unknown, options: GermanPayrollOptions = {}): Promise<GermanPayrollResponse> {
  let sliceStart = performance.now();
  const giveWay = async () => {
    if (performance.now() - sliceStart < CALCULATION_SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  // Parsing a full 1 MiB body costs hundreds of milliseconds too: items are parsed one by one between
  // turns. Any fault falls back to the whole-request parse, so the errors are exactly the contract's.
  const group = body && typeof body === 'object' ? (body as { payroll_group?: unknown }).payroll_group : undefined;
  const envelope = germanPayrollRequest.pick({ pay_cycle: true, pay_date: true }).safeParse(body);
  if (!envelope.success || !Array.isArray(group) || group.length < 1 || group.length > MAX_EMPLOYEES) return calculateGermanPayroll(body, options);
  const items: PayrollGroupItem[] = [];
  const seen = new Set<string>();
  for (const raw of group as unknown[]) {
    await giveWay();
    const parsed = payrollGroupItem.safeParse(raw);
    if (!parsed.success || seen.has(parsed.data.employee_details.employee_id)) return calculateGermanPayroll(body, options);
    seen.add(parsed.data.employee_details.employee_id);
    items.push(parsed.data);
  }
  const request: GermanPayrollRequest = { ...envelope.data, payroll_group: items };
  const context = contextOf(request, options);
  const payslips: Payslip[] = [];
  for (const [index, item] of items.entries()) {
    await giveWay();
    payslips.push(computeItem(item, index, request, context));
  }
  return respond(payslips);
}

function contextOf(request: GermanPayrollRequest, options: GermanPayrollOptions): CalculationContext {
  return { payCycle: request.pay_cycle as PayCycle, ...(request.pay_date ? { payDate: request.pay_date } : {}), includeExecutionHistory: options.includeExecutionHistory === true };
}

type CalculationContext = Parameters<typeof calculatePayslip>[1];

function parseRequest(body: unknown, options: GermanPayrollOptions): { request: GermanPayrollRequest; context: CalculationContext } {
  const parsed = germanPayrollRequest.safeParse(body);
  if (!parsed.success) throw validationError(zodIssuesToFieldIssues(parsed.error, ['body']), 'DE.PAYROLL.VALIDATION');
  const request: GermanPayrollRequest = parsed.data;
  return { request, context: contextOf(request, options) };
}

function computeItem(item: PayrollGroupItem, index: number, request: GermanPayrollRequest, context: CalculationContext): Payslip {
  try {
    return calculatePayslip(toPayslipItem(item, request.pay_cycle as PayCycle), context);
  } catch (error) {
    // A domain limit hit by one item (e.g. an unsolvable gross-up) names that item.
    if (error instanceof RangeError) throw validationError([{ loc: ['body', 'payroll_group', index], msg: error.message, type: 'value_error' }], 'DE.PAYROLL.UNCOMPUTABLE');
    throw error;
  }
}

function respond(payslips: Payslip[]): GermanPayrollResponse {
  const summary = sumEmployerBlocks(payslips.map((p) => p.employer));
  return { payslips: payslips.map(toWire), summary: { employer: employerToWire(summary) } };
}

// A plain amount's Decimal is built from its cents (the same Decimal, several times cheaper than parsing it).
const dec = (value: number | string): Decimal => decimalOfText(decimalText(value));
const optionalDec = (value: number | string | null | undefined): Decimal | undefined => (value === null || value === undefined ? undefined : dec(value));

/** The parsed wire item as the domain's normalized input. */
export function toPayslipItem(item: PayrollGroupItem, payCycle: PayCycle): PayslipItem {
  const e = item.employee_details;
  const t = item.tax_attributes;
  const i = item.insurance_details;
  const p = item.pay_details;
  const state = t.tax_state ? stateCodeOf(t.tax_state) : undefined;
  return {
    employee: {
      employeeId: e.employee_id,
      ...(e.year_of_birth !== null && e.year_of_birth !== undefined ? { yearOfBirth: e.year_of_birth } : {}),
      ...(e.date_of_birth ? { dateOfBirth: e.date_of_birth } : {}),
      isMiniJob: e.is_mini_job,
      pensionExemption: e.mini_job_details?.pension_exemption ?? false,
      flatRatePaidByEmployee: e.mini_job_details?.flat_rate_paid_by_employee ?? false,
      ...(e.agreed_work_hours_per_week !== null && e.agreed_work_hours_per_week !== undefined ? { agreedWorkHoursPerWeek: dec(e.agreed_work_hours_per_week) } : {}),
    },
    tax: {
      ...(t.tax_class !== null && t.tax_class !== undefined ? { taxClass: t.tax_class as TaxClass } : {}),
      isFactor: t.is_factor,
      ...(t.factor !== null && t.factor !== undefined ? { factor: dec(t.factor) } : {}),
      childAllowances: dec(t.child_allowances),
      isChurchMember: t.is_church_member,
      ...(state ? { state } : {}),
    },
    insurance: {
      ...(i.health_insurer_agency_code ? { insurerCode: i.health_insurer_agency_code } : {}),
      ...(optionalDec(i.health_insurance_additional_rate) ? { additionalRatePercent: dec(i.health_insurance_additional_rate as number | string) } : {}),
      privateHealthMonthly: dec(i.private_insurance_monthly),
      privateCareMonthly: dec(i.private_care_insurance_monthly),
      children: i.care_insurance_children,
      ...(i.is_parent !== null && i.is_parent !== undefined ? { isParent: i.is_parent } : {}),
      isMidiJob: i.is_midi_job,
      ...(optionalDec(i.u1_rate) ? { u1RatePercent: dec(i.u1_rate as number | string) } : {}),
      ...(optionalDec(i.u2_rate) ? { u2RatePercent: dec(i.u2_rate as number | string) } : {}),
    },
    pay: {
      earnings: p.earnings.map((earning) => ({
        type: earning.earning_type,
        amount: dec(earning.amount),
        frequency: (earning.earning_frequency ?? payCycle) as PayCycle,
        isLumpsum: earning.is_lumpsum,
        doGrossup: earning.do_grossup,
      })),
      benefits: p.benefits.map((benefit) => ({
        name: benefit.name,
        value: dec(benefit.value),
        additionalPayments: optionalDec(benefit.additional_payments) ?? ZERO,
        privateTrip: optionalDec(benefit.private_trip) ?? ZERO,
      })),
      deductions: p.deductions.map((deduction) => ({ name: deduction.name, amount: dec(deduction.amount) })),
      reimbursements: p.reimbursements.map((reimbursement) => ({ name: reimbursement.name, amount: dec(reimbursement.amount) })),
    },
  };
}

/** The summary: field-by-field sum of the payslips' employer blocks (order-independent). */
export function sumEmployerBlocks(blocks: readonly EmployerBlock[]): EmployerBlock {
  const total = {} as EmployerBlock;
  for (const field of EMPLOYER_FIELDS) {
    // Whole cents (every payslip figure is) are summed as integers; anything else as Decimals.
    let cents: number | undefined = 0;
    for (const block of blocks) {
      const value = toCents(block[field]);
      if (value === undefined || cents + value > Number.MAX_SAFE_INTEGER) {
        cents = undefined;
        break;
      }
      cents += value;
    }
    if (cents !== undefined) {
      total[field] = fromCents(cents);
    } else {
      let sum = ZERO;
      for (const block of blocks) sum = sum.plus(block[field]);
      total[field] = sum;
    }
  }
  return total;
}

function employerToWire(e: EmployerBlock): GermanPayslip['current_pay_period']['employer'] {
  return {
    pension_contribution: money(e.pensionContribution),
    health_insurance_contribution: money(e.healthInsuranceContribution),
    care_insurance_contribution: money(e.careInsuranceContribution),
    unemployment_insurance_contribution: money(e.unemploymentInsuranceContribution),
    sick_pay_insurance_contribution: money(e.sickPayInsuranceContribution),
    maternity_pay_insurance_contribution: money(e.maternityPayInsuranceContribution),
    insolvency_insurance_contribution: money(e.insolvencyInsuranceContribution),
    flat_rate_tax_mini_job: money(e.flatRateTaxMiniJob),
    private_insurance_subsidy: money(e.privateInsuranceSubsidy),
    total_burden: money(e.totalBurden),
  };
}

/** A percent rate as text with at least two decimals ("2.50", "2.125"). */
export function percentText(value: Decimal): string {
  return value.decimalPlaces() <= 2 ? value.toFixed(2) : value.toFixed();
}

function toWire(p: Payslip): GermanPayslip {
  const { totals, taxes, insurance } = p.employee;
  const wire: GermanPayslip = {
    employee_id: p.employeeId,
    payment_period: p.paymentPeriod,
    current_pay_period: {
      employee: {
        totals: {
          total_gross_wages: money(totals.totalGrossWages),
          taxable_gross_wages: money(totals.taxableGrossWages),
          net_wages: money(totals.netWages),
          total_deductions: money(totals.totalDeductions),
          total_reimbursements: money(totals.totalReimbursements),
          net_pay: money(totals.netPay),
          benefits_in_kind: money(p.employee.benefitsInKind),
          private_insurance_subsidy: money(p.employee.privateInsuranceSubsidy),
        },
        taxes: {
          income_tax_assessment_base: money(taxes.incomeTaxAssessmentBase),
          solidarity_tax_assessment_base: money(taxes.solidarityTaxAssessmentBase),
          income_tax: money(taxes.incomeTax),
          church_tax: money(taxes.churchTax),
          solidarity_tax: money(taxes.solidarityTax),
          flat_rate_tax_mini_job: money(taxes.flatRateTaxMiniJob),
          total_tax: money(taxes.totalTax),
        },
        insurance: {
          insurance_assessment_base: money(insurance.insuranceAssessmentBase),
          pension_assessment_base: money(insurance.pensionAssessmentBase),
          health_insurance_additional_rate: percentText(insurance.healthInsuranceAdditionalRate),
          pension_insurance: money(insurance.pensionInsurance),
          unemployment_insurance: money(insurance.unemploymentInsurance),
          health_insurance: money(insurance.healthInsurance),
          care_insurance: money(insurance.careInsurance),
          total_insurance: money(insurance.totalInsurance),
        },
        deductions: p.employee.deductions.map((d) => ({ name: d.name, amount: money(d.amount) })),
        reimbursements: p.employee.reimbursements.map((r) => ({ name: r.name, amount: money(r.amount) })),
      },
      employer: employerToWire(p.employer),
    },
    employment: p.employment,
    parameters: { year: p.year, edition: p.edition },
    warnings: p.warnings.map((w) => ({ code: w.code, message: w.message })),
  };
  if (p.executionHistory) wire.execution_history = p.executionHistory;
  return wire;
}
