/**
 * A stored German payslip rendered for the wire: endpoint 20's payslip (contracts/germany-payroll.ts, GermanPayslip)
 * from the store's figures document (store/de-payslip-figures.ts), with where it belongs and the payroll account's
 * month figures (the DeMonthRecord's `figures`).
 */
import { Decimal } from '../../../domain/money.js';
import type { DeMonthRecord } from '../../../domain/de/run/month-types.js';
import { type DePayslipFiguresV1, readDePayslipFigures } from '../../../store/de-payslip-figures.js';
import type { DePayslipTable } from '../../../store/schema.js';
import type { GermanRunPayslip } from '../../contracts/germany-payroll-runs.js';
import type { GermanPayslip } from '../../contracts/germany-payroll.js';
import { percentText } from '../../use-cases/germany-payroll.js';

export function renderGermanPayslip(employeeId: string, f: DePayslipFiguresV1): GermanPayslip {
  const e = f.employer;
  const wire: GermanPayslip = {
    employee_id: employeeId,
    payment_period: f.paymentPeriod,
    current_pay_period: {
      employee: {
        totals: {
          total_gross_wages: f.grossWages,
          taxable_gross_wages: f.taxableWages,
          net_wages: f.netWages,
          total_deductions: f.totalDeductions,
          total_reimbursements: f.totalReimbursements,
          net_pay: f.netPay,
          benefits_in_kind: f.benefitsInKind,
          private_insurance_subsidy: f.privateInsuranceSubsidy,
        },
        taxes: {
          income_tax_assessment_base: f.incomeTaxBase,
          solidarity_tax_assessment_base: f.solidarityTaxBase,
          income_tax: f.incomeTax,
          church_tax: f.churchTax,
          solidarity_tax: f.solidarityTax,
          flat_rate_tax_mini_job: f.employeeFlatTax,
          total_tax: f.totalTax,
        },
        insurance: {
          insurance_assessment_base: f.healthBase,
          pension_assessment_base: f.pensionBase,
          health_insurance_additional_rate: percentText(new Decimal(f.healthAdditionalRatePercent)),
          pension_insurance: f.pensionInsurance,
          unemployment_insurance: f.unemploymentInsurance,
          health_insurance: f.healthInsurance,
          care_insurance: f.careInsurance,
          total_insurance: f.totalInsurance,
        },
        deductions: f.deductions.map((d) => ({ name: d.name, amount: d.amount })),
        reimbursements: f.reimbursements.map((r) => ({ name: r.name, amount: r.amount })),
      },
      employer: {
        pension_contribution: e.pension,
        health_insurance_contribution: e.health,
        care_insurance_contribution: e.care,
        unemployment_insurance_contribution: e.unemployment,
        sick_pay_insurance_contribution: e.sickPay,
        maternity_pay_insurance_contribution: e.maternity,
        insolvency_insurance_contribution: e.insolvency,
        flat_rate_tax_mini_job: e.flatTax,
        private_insurance_subsidy: e.privateInsuranceSubsidy,
        total_burden: e.totalBurden,
      },
    },
    employment: f.employment as GermanPayslip['employment'],
    parameters: { year: f.year, edition: f.edition },
    warnings: f.warnings.map((w) => ({ code: w.code, message: w.message })),
  };
  if (f.executionHistory) wire.execution_history = f.executionHistory.map((h) => ({ flow: h.flow, node: h.node }));
  return wire;
}

export function recordOf(row: Pick<DePayslipTable, 'record_json'>): DeMonthRecord {
  return JSON.parse(row.record_json) as DeMonthRecord;
}

export function dePayslipWire(row: DePayslipTable): GermanRunPayslip {
  const payslip = renderGermanPayslip(row.employee_id, readDePayslipFigures(row.figures_json, row.figures_version));
  return { id: row.id, run_id: row.run_id, month: row.month, pay_date: row.pay_date, ...payslip, figures: { ...recordOf(row).figures } };
}
