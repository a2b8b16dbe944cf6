/**
 * Every amount on the wire is bounded (issue 12: 1e308 was accepted and stored): at most 12 digits
 * before the decimal point (contracts/common.ts, MAX_INTEGER_DIGITS), refused with a 422 naming the
 * field, nothing stored. Create and update share the same zod money schema, so both are checked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const huge = `1${'0'.repeat(308)}`;
const employee = (pay: Record<string, unknown>) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  start_date: '2025-04-06',
  gb: { ni_number: 'AB123456C', tax_code: '1257L', ni_category: 'A' },
  pay,
});

for (const backend of allBackends()) {
  describe(`amount limits [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let org: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      org = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
    });
    afterEach(async () => dispose());

    it('create: an annual salary of 10^308 or of 13 digits is a 422 naming the field, and nothing is stored', async () => {
      for (const annual_salary of [huge, '1000000000000', '-0001000000000000.5']) {
        const error = await expectDomainError(service.createEmployee(org, employee({ basis: 'salary', annual_salary })), 'validation');
        expect(error.issues).toContainEqual(expect.objectContaining({ loc: ['body', 'pay', 'annual_salary'], msg: expect.stringMatching(/less than 1,000,000,000,000/) }));
      }
      expect((await service.listEmployees(org, {})).items).toHaveLength(0);
      // The largest amount with 12 integer digits (leading zeros do not count) is accepted.
      const ok = await service.createEmployee(org, employee({ basis: 'salary', annual_salary: '000999999999999.99' }));
      expect(ok.pay).toMatchObject({ annual_salary: '000999999999999.99' });
    });

    it('update: an hourly rate beyond the limit is refused and the stored pay is unchanged', async () => {
      const created = await service.createEmployee(org, employee({ basis: 'hourly', hourly_rate: '12.50', hours_per_week: '37.5' }));
      const error = await expectDomainError(service.updateEmployee(org, created.id, { pay: { basis: 'hourly', hourly_rate: huge, hours_per_week: '37.5' }, row_version: created.row_version }), 'validation');
      expect(error.issues).toContainEqual(expect.objectContaining({ loc: ['body', 'pay', 'hourly_rate'] }));
      expect((await service.getEmployee(org, created.id)).pay).toMatchObject({ hourly_rate: '12.50' });
    });

    it('German payroll: an earning of 1e308 (a JSON number) is a 422 naming the earning', async () => {
      const body = {
        pay_cycle: 'Month',
        payroll_group: [{ employee_details: { employee_id: 'e1', year_of_birth: 1980, is_mini_job: false }, tax_attributes: { tax_class: 1, is_factor: false, child_allowances: '0', is_church_member: false, tax_state: 'Berlin' }, insurance_details: { care_insurance_children: 0, is_midi_job: false }, pay_details: { earnings: [{ earning_type: 'salary', amount: 1e308, earning_frequency: 'Month', is_lumpsum: false, do_grossup: false }] } }],
      };
      const error = await expectDomainError(service.calculateGermanPayroll(body), 'validation');
      expect(error.issues).toContainEqual(expect.objectContaining({ loc: ['body', 'payroll_group', '0', 'pay_details', 'earnings', '0', 'amount'], msg: expect.stringMatching(/less than 1,000,000,000,000/) }));
    });
  });
}
