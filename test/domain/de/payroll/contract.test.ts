/** The wire contract is the single source of truth: it must yield JSON Schema (for OpenAPI) and describe the responses we send. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { germanPayrollRequest, germanPayrollResponse } from '../../../../src/service/contracts/germany-payroll.js';
import { calculateGermanPayroll } from '../../../../src/service/use-cases/germany-payroll.js';
import { body } from './helpers.js';

describe('germany payroll contract', () => {
  it('generates JSON Schema for the request (input side) and the response', () => {
    const request = z.toJSONSchema(germanPayrollRequest, { io: 'input' }) as Record<string, any>;
    const text = JSON.stringify(request);
    for (const field of ['pay_cycle', 'payroll_group', 'tax_class', 'health_insurance_additional_rate', 'private_care_insurance_monthly', 'is_parent', 'u1_rate', 'u2_rate', 'date_of_birth', 'do_grossup']) {
      expect(text).toContain(`"${field}"`);
    }
    expect(text).toContain('Nordrhein-Westfalen');
    const response = JSON.stringify(z.toJSONSchema(germanPayrollResponse));
    for (const field of ['total_burden', 'net_pay', 'solidarity_tax_assessment_base', 'execution_history', 'warnings']) expect(response).toContain(`"${field}"`);
  });

  it('every response matches the response schema, with and without execution history', () => {
    const variants: Record<string, Record<string, unknown>>[] = [
      {},
      { employee_details: { is_mini_job: true }, pay_details: { earnings: [{ amount: '450' }] } },
      { insurance_details: { is_midi_job: true }, pay_details: { earnings: [{ amount: '1200' }] } },
      { insurance_details: { private_insurance_monthly: '700', private_care_insurance_monthly: '80' }, pay_details: { earnings: [{ amount: '8000' }] } },
      { pay_details: { earnings: [{ amount: '2500', do_grossup: true }], benefits: [{ name: 'car', value: '300' }], deductions: [{ amount: 50 }], reimbursements: [{ name: 'travel', amount: 20 }] } },
    ];
    for (const variant of variants) {
      for (const includeExecutionHistory of [false, true]) {
        const response = calculateGermanPayroll(body({}, variant), { includeExecutionHistory });
        expect(() => germanPayrollResponse.parse(response)).not.toThrow();
        expect('execution_history' in response.payslips[0]!).toBe(includeExecutionHistory);
      }
    }
  });

  it('sums the employer blocks into the summary', () => {
    const request = body();
    const group = (request.payroll_group as Record<string, any>[])[0]!;
    const second = structuredClone(group);
    second.employee_details.employee_id = 'e2';
    second.pay_details.earnings[0].amount = '5100.55';
    request.payroll_group = [group, second];
    const response = calculateGermanPayroll(request, {});
    for (const [field, total] of Object.entries(response.summary!.employer)) {
      const parts = response.payslips.map((p) => Number((p.current_pay_period.employer as Record<string, string>)[field]) * 100);
      expect(Math.round(Number(total) * 100)).toBe(Math.round(parts[0]! + parts[1]!));
    }
  });
});
