/**
 * A scripted German year for the employer filings (issue 17 acceptance), made through the service: a Berlin employer
 * with a Betriebsnummer and Steuernummer; Anna (TK, church ev, Weihnachtsgeld in November), Bernd (BARMER, church rk,
 * leaves on 30 September), Clara (TK, starts on 15 April) and Dora (a minijob at the Minijob-Zentrale); every month of
 * 2026 run and approved. A second employer, Erik (TK, hired 1 December 2025), has a February bonus that falls under the
 * Märzklausel (§ 23a Abs. 4 SGB IV).
 */
import type { PayrollService } from '../../src/service/ports.js';

export const TK = '15027365';
export const BARMER = '42938966';
export const MINIJOB_ZENTRALE = '98000006';

export interface FilingYear {
  orgId: string;
  anna: string;
  bernd: string;
  clara: string;
  dora: string;
  /** The approved run of each month, by 'YYYY-MM'. */
  runs: Record<string, string>;
  insurerOf: Record<string, string>;
}

const regular = { tax_class: 1, child_allowances: '0', federal_state: 'Berlin', u1_rate: '2.8', u2_rate: '0.5' };

export async function filingYear(service: PayrollService, months = 12): Promise<FilingYear> {
  const org = await service.createOrganization({
    legal_name: 'Muster GmbH',
    country: 'DE',
    address: { address: 'Musterstraße 12, 10115 Berlin', content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } },
    insurance_data: { company_number: '87654321' },
    tax_identifiers: { tax_data: { country: 'DE', tax_number: '1121081508150' } },
  });
  const create = async (body: Record<string, unknown>) => (await service.createEmployee(org.id, body)).id;
  const anna = await create({
    first_name: 'Anna',
    last_name: 'Becker',
    payroll_number: 'P-001',
    date_of_birth: '1985-03-17',
    start_date: '2024-08-01',
    pay: { basis: 'salary', annual_salary: '60000.00', currency: 'EUR' },
    de: { ...regular, tax_id: '86095742719', social_insurance_number: '65170839J003', health_insurer_agency_code: TK, is_church_member: true, church_denomination: 'ev', personengruppe: '101', beitragsgruppe: '1111', taetigkeitsschluessel: '434124111' },
  });
  const bernd = await create({
    first_name: 'Bernd',
    last_name: 'Schmidt',
    date_of_birth: '1970-07-06',
    start_date: '2025-06-01',
    pay: { basis: 'salary', annual_salary: '48000.00', currency: 'EUR' },
    de: { ...regular, tax_id: '65929970489', social_insurance_number: '15070649C103', health_insurer_agency_code: BARMER, is_church_member: true, church_denomination: 'rk', is_parent: true, care_insurance_children: 1 },
  });
  const clara = await create({
    first_name: 'Clara',
    last_name: 'Wagner',
    date_of_birth: '1999-11-02',
    start_date: '2026-04-15',
    pay: { basis: 'salary', annual_salary: '42000.00', currency: 'EUR' },
    de: { ...regular, tax_id: '36574261809', health_insurer_agency_code: TK, personengruppe: '101', beitragsgruppe: '1111' },
  });
  const dora = await create({
    first_name: 'Dora',
    last_name: 'Klein',
    date_of_birth: '1960-01-20',
    start_date: '2025-01-01',
    pay: { basis: 'salary', annual_salary: '6000.00', currency: 'EUR' },
    de: { tax_class: 1, federal_state: 'Berlin', is_mini_job: true, mini_job_details: { pension_exemption: false, flat_rate_paid_by_employee: false }, personengruppe: '109', beitragsgruppe: '6100' },
  });
  await service.leaveEmployee(org.id, bernd, { leave_date: '2026-09-30' });
  const runs: Record<string, string> = {};
  for (let m = 1; m <= months; m += 1) {
    const month = `2026-${String(m).padStart(2, '0')}`;
    const items = m === 11 ? [{ employee_id: anna, earnings: [{ earning_type: 'christmas_bonus', amount: '3000.00', is_lumpsum: true }] }] : [];
    const result = await service.createGermanPayrollRun(org.id, { period: month, items });
    await service.approveGermanPayrollRun(org.id, result.payroll_status_id);
    runs[month] = result.payroll_status_id;
  }
  return { orgId: org.id, anna, bernd, clara, dora, runs, insurerOf: { [anna]: TK, [bernd]: BARMER, [clara]: TK, [dora]: MINIJOB_ZENTRALE } };
}

/** Erik: 4,000 € a month in December 2025, 7,000 € from January 2026 (above the KV ceiling), a 3,000 € bonus in February. */
export async function maerzklauselEmployer(service: PayrollService): Promise<{ orgId: string; erik: string; runs: Record<string, string> }> {
  const org = await service.createOrganization({ legal_name: 'Vorjahr AG', country: 'DE', insurance_data: { company_number: '87654321' } });
  const erik = (
    await service.createEmployee(org.id, {
      first_name: 'Erik',
      last_name: 'Vogel',
      date_of_birth: '1980-02-02',
      start_date: '2025-12-01',
      pay: { basis: 'salary', annual_salary: '48000.00', currency: 'EUR' },
      de: { ...regular, social_insurance_number: '65170839J003', health_insurer_agency_code: TK },
    })
  ).id;
  const runs: Record<string, string> = {};
  const run = async (month: string, items: unknown[] = []) => {
    const result = await service.createGermanPayrollRun(org.id, { period: month, items });
    await service.approveGermanPayrollRun(org.id, result.payroll_status_id);
    runs[month] = result.payroll_status_id;
  };
  await run('2025-12');
  await service.updateEmployee(org.id, erik, { pay: { basis: 'salary', annual_salary: '84000.00', currency: 'EUR' } });
  await run('2026-01');
  await run('2026-02', [{ employee_id: erik, earnings: [{ earning_type: 'bonus', amount: '3000.00', is_lumpsum: true }] }]);
  return { orgId: org.id, erik, runs };
}
