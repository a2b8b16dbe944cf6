/**
 * Every validation rule of the POST /germany/payroll request rejects a bad value with the spec's
 * error shape: a validation DomainError whose issues are {loc, msg, type}, loc starting with "body".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../../src/domain/errors.js';
import { calculateGermanPayroll } from '../../../../src/service/use-cases/germany-payroll.js';
import { body } from './helpers.js';

type Body = Record<string, any>;
const ITEM = ['body', 'payroll_group', '0'];

function issuesOf(request: unknown): { loc: (string | number)[]; msg: string; type: string }[] {
  try {
    calculateGermanPayroll(request, {});
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('validation');
    return (error as DomainError).issues;
  }
  throw new Error('the request was accepted');
}

/** [rule, how to break the body, loc of the issue, type of the issue] */
const RULES: [string, (b: Body) => void, (string | number)[], string][] = [
  ['pay_cycle is required', (b) => delete b.pay_cycle, ['body', 'pay_cycle'], 'invalid_value'],
  ['pay_cycle is one of Year, Month, Week, Day', (b) => (b.pay_cycle = 'Monthly'), ['body', 'pay_cycle'], 'invalid_value'],
  ['pay_date is a date', (b) => (b.pay_date = '2026-02-30'), ['body', 'pay_date'], 'invalid_date'],
  ['pay_date falls in a year with figures', (b) => (b.pay_date = '2024-12-31'), ['body', 'pay_date'], 'date_out_of_range'],
  ['payroll_group is required', (b) => delete b.payroll_group, ['body', 'payroll_group'], 'invalid_type'],
  ['payroll_group holds an employee', (b) => (b.payroll_group = []), ['body', 'payroll_group'], 'less_than_minimum'],
  ['employee_details is required', (b) => delete b.payroll_group[0].employee_details, [...ITEM, 'employee_details'], 'invalid_type'],
  ['employee_id is required', (b) => delete b.payroll_group[0].employee_details.employee_id, [...ITEM, 'employee_details', 'employee_id'], 'invalid_type'],
  ['employee_id is not empty', (b) => (b.payroll_group[0].employee_details.employee_id = ''), [...ITEM, 'employee_details', 'employee_id'], 'less_than_minimum'],
  ['employee_ids are unique', (b) => b.payroll_group.push(structuredClone(b.payroll_group[0])), ['body', 'payroll_group', '1', 'employee_details', 'employee_id'], 'duplicate'],
  ['year_of_birth is an integer', (b) => (b.payroll_group[0].employee_details.year_of_birth = 1990.5), [...ITEM, 'employee_details', 'year_of_birth'], 'invalid_type'],
  ['year_of_birth is a number', (b) => (b.payroll_group[0].employee_details.year_of_birth = '1990'), [...ITEM, 'employee_details', 'year_of_birth'], 'invalid_type'],
  ['year_of_birth is 1900 or later', (b) => (b.payroll_group[0].employee_details.year_of_birth = 1800), [...ITEM, 'employee_details', 'year_of_birth'], 'less_than_minimum'],
  ['date_of_birth is a date', (b) => (b.payroll_group[0].employee_details.date_of_birth = '1990-02-30'), [...ITEM, 'employee_details', 'date_of_birth'], 'invalid_date'],
  ['year_of_birth agrees with date_of_birth', (b) => (b.payroll_group[0].employee_details.year_of_birth = 1991), [...ITEM, 'employee_details', 'year_of_birth'], 'value_error'],
  ['is_mini_job is a boolean', (b) => (b.payroll_group[0].employee_details.is_mini_job = 'yes'), [...ITEM, 'employee_details', 'is_mini_job'], 'invalid_type'],
  ['pension_exemption is a boolean', (b) => (b.payroll_group[0].employee_details.mini_job_details = { pension_exemption: 1 }), [...ITEM, 'employee_details', 'mini_job_details', 'pension_exemption'], 'invalid_type'],
  ['agreed_work_hours_per_week is a decimal', (b) => (b.payroll_group[0].employee_details.agreed_work_hours_per_week = 'forty'), [...ITEM, 'employee_details', 'agreed_work_hours_per_week'], 'decimal_parsing'],
  ['agreed_work_hours_per_week is above 0', (b) => (b.payroll_group[0].employee_details.agreed_work_hours_per_week = '0'), [...ITEM, 'employee_details', 'agreed_work_hours_per_week'], 'greater_than'],
  ['agreed_work_hours_per_week is at most 168', (b) => (b.payroll_group[0].employee_details.agreed_work_hours_per_week = '169'), [...ITEM, 'employee_details', 'agreed_work_hours_per_week'], 'less_than_equal'],
  ['tax_class is at least 1', (b) => (b.payroll_group[0].tax_attributes.tax_class = 0), [...ITEM, 'tax_attributes', 'tax_class'], 'less_than_minimum'],
  ['tax_class is at most 6', (b) => (b.payroll_group[0].tax_attributes.tax_class = 7), [...ITEM, 'tax_attributes', 'tax_class'], 'greater_than_maximum'],
  ['tax_class is an integer', (b) => (b.payroll_group[0].tax_attributes.tax_class = 2.5), [...ITEM, 'tax_attributes', 'tax_class'], 'invalid_type'],
  ['is_factor is a boolean', (b) => (b.payroll_group[0].tax_attributes.is_factor = 'true'), [...ITEM, 'tax_attributes', 'is_factor'], 'invalid_type'],
  ['factor is required with is_factor', (b) => Object.assign(b.payroll_group[0].tax_attributes, { is_factor: true, tax_class: 4 }), [...ITEM, 'tax_attributes', 'factor'], 'missing'],
  ['the factor method needs tax class 4', (b) => Object.assign(b.payroll_group[0].tax_attributes, { is_factor: true, factor: 0.9, tax_class: 3 }), [...ITEM, 'tax_attributes', 'tax_class'], 'value_error'],
  ['factor is below 1', (b) => Object.assign(b.payroll_group[0].tax_attributes, { is_factor: true, factor: 1.2, tax_class: 4 }), [...ITEM, 'tax_attributes', 'factor'], 'less_than'],
  ['factor is above 0', (b) => Object.assign(b.payroll_group[0].tax_attributes, { is_factor: true, factor: 0, tax_class: 4 }), [...ITEM, 'tax_attributes', 'factor'], 'greater_than'],
  ['factor has three decimals at most', (b) => Object.assign(b.payroll_group[0].tax_attributes, { is_factor: true, factor: '0.9125', tax_class: 4 }), [...ITEM, 'tax_attributes', 'factor'], 'decimal_max_places'],
  ['child_allowances come in steps of 0.5', (b) => (b.payroll_group[0].tax_attributes.child_allowances = '0.3'), [...ITEM, 'tax_attributes', 'child_allowances'], 'multiple_of'],
  ['child_allowances are not negative', (b) => (b.payroll_group[0].tax_attributes.child_allowances = '-1'), [...ITEM, 'tax_attributes', 'child_allowances'], 'greater_than_equal'],
  ['child_allowances are a decimal', (b) => (b.payroll_group[0].tax_attributes.child_allowances = 'two'), [...ITEM, 'tax_attributes', 'child_allowances'], 'decimal_parsing'],
  ['child_allowances are a number or string', (b) => (b.payroll_group[0].tax_attributes.child_allowances = true), [...ITEM, 'tax_attributes', 'child_allowances'], 'invalid_union'],
  ['is_church_member is a boolean', (b) => (b.payroll_group[0].tax_attributes.is_church_member = 'no'), [...ITEM, 'tax_attributes', 'is_church_member'], 'invalid_type'],
  ['tax_state is a known federal state', (b) => (b.payroll_group[0].tax_attributes.tax_state = 'Bavaria2'), [...ITEM, 'tax_attributes', 'tax_state'], 'invalid_value'],
  ['health_insurer_agency_code is an 8-digit Betriebsnummer', (b) => (b.payroll_group[0].insurance_details.health_insurer_agency_code = '1234567'), [...ITEM, 'insurance_details', 'health_insurer_agency_code'], 'invalid_regex'],
  ['health_insurance_additional_rate is a decimal', (b) => (b.payroll_group[0].insurance_details.health_insurance_additional_rate = '2,5'), [...ITEM, 'insurance_details', 'health_insurance_additional_rate'], 'decimal_parsing'],
  ['health_insurance_additional_rate is at most 10 %', (b) => (b.payroll_group[0].insurance_details.health_insurance_additional_rate = '11'), [...ITEM, 'insurance_details', 'health_insurance_additional_rate'], 'less_than_equal'],
  ['private_insurance_monthly is not negative', (b) => (b.payroll_group[0].insurance_details.private_insurance_monthly = '-5'), [...ITEM, 'insurance_details', 'private_insurance_monthly'], 'greater_than_equal'],
  ['private_insurance_monthly has two decimals at most', (b) => (b.payroll_group[0].insurance_details.private_insurance_monthly = '500.123'), [...ITEM, 'insurance_details', 'private_insurance_monthly'], 'decimal_max_places'],
  ['private_care_insurance_monthly is a decimal', (b) => (b.payroll_group[0].insurance_details.private_care_insurance_monthly = '12e'), [...ITEM, 'insurance_details', 'private_care_insurance_monthly'], 'decimal_parsing'],
  ['care_insurance_children is not negative', (b) => (b.payroll_group[0].insurance_details.care_insurance_children = -1), [...ITEM, 'insurance_details', 'care_insurance_children'], 'less_than_minimum'],
  ['care_insurance_children is whole', (b) => (b.payroll_group[0].insurance_details.care_insurance_children = 1.5), [...ITEM, 'insurance_details', 'care_insurance_children'], 'invalid_type'],
  ['is_parent is a boolean', (b) => (b.payroll_group[0].insurance_details.is_parent = 'yes'), [...ITEM, 'insurance_details', 'is_parent'], 'invalid_type'],
  ['is_midi_job is a boolean', (b) => (b.payroll_group[0].insurance_details.is_midi_job = 0), [...ITEM, 'insurance_details', 'is_midi_job'], 'invalid_type'],
  ['u1_rate is at most 100 %', (b) => (b.payroll_group[0].insurance_details.u1_rate = '101'), [...ITEM, 'insurance_details', 'u1_rate'], 'less_than_equal'],
  ['u2_rate is not negative', (b) => (b.payroll_group[0].insurance_details.u2_rate = '-0.1'), [...ITEM, 'insurance_details', 'u2_rate'], 'greater_than_equal'],
  ['earnings is an array', (b) => (b.payroll_group[0].pay_details.earnings = {}), [...ITEM, 'pay_details', 'earnings'], 'invalid_type'],
  ['earning amount is required', (b) => delete b.payroll_group[0].pay_details.earnings[0].amount, [...ITEM, 'pay_details', 'earnings', '0', 'amount'], 'invalid_union'],
  ['earning amount is a decimal', (b) => (b.payroll_group[0].pay_details.earnings[0].amount = '3.000,00'), [...ITEM, 'pay_details', 'earnings', '0', 'amount'], 'decimal_parsing'],
  ['earning amount is not negative', (b) => (b.payroll_group[0].pay_details.earnings[0].amount = -1), [...ITEM, 'pay_details', 'earnings', '0', 'amount'], 'greater_than_equal'],
  ['earning amount has two decimals at most', (b) => (b.payroll_group[0].pay_details.earnings[0].amount = 10.005), [...ITEM, 'pay_details', 'earnings', '0', 'amount'], 'decimal_max_places'],
  ['earning_frequency is one of Year, Month, Week, Day', (b) => (b.payroll_group[0].pay_details.earnings[0].earning_frequency = 'monthly'), [...ITEM, 'pay_details', 'earnings', '0', 'earning_frequency'], 'invalid_value'],
  ['is_lumpsum is a boolean', (b) => (b.payroll_group[0].pay_details.earnings[0].is_lumpsum = 'no'), [...ITEM, 'pay_details', 'earnings', '0', 'is_lumpsum'], 'invalid_type'],
  ['do_grossup is a boolean', (b) => (b.payroll_group[0].pay_details.earnings[0].do_grossup = null), [...ITEM, 'pay_details', 'earnings', '0', 'do_grossup'], 'invalid_type'],
  ['benefit value is not negative', (b) => (b.payroll_group[0].pay_details.benefits = [{ name: 'car', value: -3 }]), [...ITEM, 'pay_details', 'benefits', '0', 'value'], 'greater_than_equal'],
  ['benefit additional_payments is a decimal', (b) => (b.payroll_group[0].pay_details.benefits = [{ name: 'car', value: 300, additional_payments: 'x' }]), [...ITEM, 'pay_details', 'benefits', '0', 'additional_payments'], 'decimal_parsing'],
  ['benefit private_trip is not negative', (b) => (b.payroll_group[0].pay_details.benefits = [{ name: 'car', value: 300, private_trip: '-1' }]), [...ITEM, 'pay_details', 'benefits', '0', 'private_trip'], 'greater_than_equal'],
  ['deduction amount is not negative', (b) => (b.payroll_group[0].pay_details.deductions = [{ amount: -10 }]), [...ITEM, 'pay_details', 'deductions', '0', 'amount'], 'greater_than_equal'],
  ['reimbursement amount is a decimal', (b) => (b.payroll_group[0].pay_details.reimbursements = [{ name: 'travel', amount: 'ten' }]), [...ITEM, 'pay_details', 'reimbursements', '0', 'amount'], 'decimal_parsing'],
  ['reimbursement name is a string', (b) => (b.payroll_group[0].pay_details.reimbursements = [{ name: 5, amount: 10 }]), [...ITEM, 'pay_details', 'reimbursements', '0', 'name'], 'invalid_type'],
];

describe('request validation', () => {
  it('accepts the valid base body', () => {
    expect(calculateGermanPayroll(body(), {}).payslips).toHaveLength(1);
  });

  it.each(RULES)('%s', (_rule, breakIt, loc, type) => {
    const request = structuredClone(body()) as Body;
    breakIt(request);
    const issues = issuesOf(request);
    const issue = issues.find((i) => JSON.stringify(i.loc) === JSON.stringify(loc));
    expect(issue, `issues: ${JSON.stringify(issues)}`).toBeDefined();
    expect(issue!.type).toBe(type);
    expect(typeof issue!.msg).toBe('string');
    expect(issue!.msg.length).toBeGreaterThan(0);
    for (const i of issues) expect(Object.keys(i).sort()).toEqual(['loc', 'msg', 'type']);
  });

  it('rejects a body that is not an object', () => {
    for (const bad of [null, [], 'payroll', 42]) expect(issuesOf(bad)[0]!.loc).toEqual(['body']);
  });

  it('reports every faulty field at once', () => {
    const request = structuredClone(body()) as Body;
    request.pay_cycle = 'Fortnight';
    request.payroll_group[0].tax_attributes.tax_class = 9;
    request.payroll_group[0].pay_details.earnings[0].amount = 'lots';
    expect(issuesOf(request)).toHaveLength(3);
  });

  it('rejects any tax_class outside 1–6 and accepts every one inside', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (taxClass) => {
        const request = structuredClone(body()) as Body;
        request.payroll_group[0].tax_attributes.tax_class = taxClass;
        if (taxClass >= 1 && taxClass <= 6) expect(calculateGermanPayroll(request, {}).payslips).toHaveLength(1);
        else expect(issuesOf(request)[0]!.loc).toEqual([...ITEM, 'tax_attributes', 'tax_class']);
      }),
      { numRuns: 100 },
    );
  });

  it('accepts child allowances exactly in steps of 0.5', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), (tenths) => {
        const request = structuredClone(body()) as Body;
        request.payroll_group[0].tax_attributes.child_allowances = (tenths / 10).toFixed(1);
        if (tenths % 5 === 0) expect(calculateGermanPayroll(request, {}).payslips).toHaveLength(1);
        else expect(issuesOf(request)[0]!.type).toBe('multiple_of');
      }),
      { numRuns: 100 },
    );
  });

  it('accepts the extension fields, German state names, English names and ISO codes, numbers or strings for amounts', () => {
    for (const state of ['Sachsen', 'Saxony', 'SN', 'DE-SN']) {
      const request = structuredClone(body()) as Body;
      request.payroll_group[0].tax_attributes.tax_state = state;
      request.payroll_group[0].pay_details.earnings[0].amount = 3000;
      const slip = calculateGermanPayroll(request, {}).payslips[0]!;
      expect(slip.current_pay_period.employer.care_insurance_contribution).toBe('39.00'); // Saxony employer 1.3 %
    }
  });
});
