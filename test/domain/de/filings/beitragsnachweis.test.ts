/**
 * Issue 17: the Beitragsnachweis from month records made by the month engine: groups per Einzugsstelle, a voluntary
 * member (Beitragsgruppe 9111) in the Firmenzahler fields, an employee without an insurer in a statement of its own,
 * the BW02 amount fields at their positions (BW02-Beitragsnachweis.md), and the refusal of a record without the
 * filing figures.
 */
import { describe, expect, it } from 'vitest';
import { beitragsnachweise } from '../../../../src/domain/de/filings/beitragsnachweis.js';
import type { FilingEmployee, FilingEmployer, FilingMonth } from '../../../../src/domain/de/filings/types.js';
import { calculateDeMonth } from '../../../../src/domain/de/run/month.js';
import { DomainError } from '../../../../src/domain/errors.js';
import { Decimal } from '../../../../src/domain/money.js';
import { d, item } from '../payroll/helpers.js';

const employer: FilingEmployer = { id: 'org', legalName: 'Muster GmbH', betriebsnummer: '87654321', steuernummer: null, address: { street: 'Musterstraße 12', postcode: '10115', city: 'Berlin' } };
const employment = { entryDate: '2020-01-01', exitDate: null, previousEmploymentPay: d('0.00'), previousEmploymentMonths: 0 };

function month(id: string, insurer: string | undefined, wage: string): FilingMonth {
  const person = item({ employee: { employeeId: id }, tax: { taxClass: 1, state: 'BE' }, insurance: { ...(insurer ? { insurerCode: insurer } : {}), additionalRatePercent: d('2.69'), u1RatePercent: d('2.8'), u2RatePercent: d('0.5') }, pay: { earnings: [{ type: 'salary', amount: d(wage), frequency: 'Month', isLumpsum: false, doGrossup: false }] } });
  const { record } = calculateDeMonth({ month: '2026-06', employment, item: person, history: [] });
  return { employeeId: id, month: '2026-06', payDate: '2026-06-30', runId: 'run', payslipId: `p-${id}`, correctsRunId: null, record };
}

function employee(id: string, beitragsgruppe: string | null): FilingEmployee {
  return { id, firstName: id, lastName: 'Test', payrollNumber: null, dateOfBirth: null, startDate: '2020-01-01', leaveDate: null, address: null, taxId: null, socialInsuranceNumber: null, personengruppe: null, beitragsgruppe, taetigkeitsschluessel: null, isChurchMember: false, churchDenomination: null, taxClass: 1, factor: null, childAllowances: null, federalState: 'Berlin', miniJob: false, privateHealth: false, pensionExemption: false, insurer: null, previousEmploymentPayPresented: true };
}

const input = (months: FilingMonth[], employees: FilingEmployee[]) => ({ month: '2026-06', employer, employees: new Map(employees.map((e) => [e.id, e])), months, insurerName: () => null, createdAt: '2026-07-01T08:00:00.000Z' });

describe('Beitragsnachweis from month records', () => {
  it('puts a voluntary member (9111) in the Firmenzahler fields and writes BW02 ZWS and SUM at their positions', () => {
    const regular = month('a', '15027365', '4000.00');
    const voluntary = month('b', '15027365', '7000.00');
    const [s] = beitragsnachweise(input([regular, voluntary], [employee('a', '1111'), employee('b', '9111')]));
    const g = (code: string) => s?.groups.find((x) => x.code === code);
    const fig = (m: FilingMonth, key: string) => new Decimal(m.record.figures[key] as string);
    const bAdditional = m2(voluntary.record.filing?.additional.employee);
    expect(g('9000')?.employee).toBe(fig(voluntary, 'employee.insurance.health_insurance').minus(bAdditional).toFixed(2));
    expect(g('ZBF')?.employer).toBe(voluntary.record.filing?.additional.employer);
    expect(g('PVF')?.total).toBe(fig(voluntary, 'employee.insurance.care_insurance').plus(fig(voluntary, 'employer.care_insurance_contribution')).toFixed(2));
    expect(g('1000')?.employee).toBe(fig(regular, 'employee.insurance.health_insurance').minus(m2(regular.record.filing?.additional.employee)).toFixed(2));
    expect(g('0100')?.total).toBe(fig(regular, 'employee.insurance.pension_insurance').mul(2).plus(fig(voluntary, 'employee.insurance.pension_insurance').mul(2)).toFixed(2));
    const record = s?.record as string;
    expect(record).toHaveLength(678);
    const field = (from: number, to: number) => record.slice(from - 1, to);
    const cents = (v: Decimal) => `+${v.mul(100).toFixed(0).padStart(11, '0')}`;
    const voluntaryTotal = new Decimal(g('9000')?.total as string).plus(g('PVF')?.total as string).plus(g('ZBF')?.total as string);
    expect(field(318, 329)).toBe(cents(new Decimal(s?.total as string).minus(voluntaryTotal)));
    expect(field(330, 341)).toBe(cents(new Decimal(g('9000')?.total as string)));
    expect(field(402, 413)).toBe(cents(new Decimal(s?.total as string)));
    expect(field(450, 479).trim()).toBe('Muster GmbH');
    expect(field(543, 552).trim()).toBe('10115');
    expect(field(629, 632)).toBe('1729');
    expect(field(42, 61)).toBe('20260701080000000000');
  });

  it('keeps an employee without an insurer in a statement of its own, with the problem and no record', () => {
    const statements = beitragsnachweise(input([month('a', '15027365', '4000.00'), month('c', undefined, '3000.00')], [employee('a', null), employee('c', null)]));
    expect(statements.map((s) => s.einzugsstelle.betriebsnummer)).toEqual(['15027365', null]);
    expect(statements[1]?.record).toBeNull();
    expect(statements[1]?.problems[0]).toContain('de.health_insurer_agency_code');
  });

  it('refuses a month record without the filing figures, naming the run to correct', () => {
    const old = month('a', '15027365', '4000.00');
    delete old.record.filing;
    try {
      beitragsnachweise(input([old], [employee('a', null)]));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('DE.FILINGS.MONTH_WITHOUT_FILING_FIGURES');
      expect((error as DomainError).message).toContain('run run');
    }
  });
});

function m2(value: string | undefined): Decimal {
  return new Decimal(value ?? 'NaN');
}
