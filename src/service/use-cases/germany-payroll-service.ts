import { DomainError, fieldError } from '../../domain/errors.js';
import { money } from '../../domain/money.js';
import { type DeStatutory } from '../contracts/employee.js';
import { storedGermanPayrollInput } from '../contracts/germany-payroll-stored.js';
import { MAX_EMPLOYEES, READ_SCOPE_MAX_EMPLOYEES } from '../contracts/germany-payroll.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { parseJson, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { listEmployeesEmployedBetween } from '../../store/repositories/germany-payroll.js';
import { lastDayOfMonth, monthlyPay } from '../runs/de/employment.js';
import { calculateGermanPayrollInSlices, type GermanPayrollOptions, type GermanPayrollResponse } from './germany-payroll.js';

export interface GermanPayrollUseCases {
  /** Endpoint 20: POST /germany/payroll. A pure calculation over the request; nothing is stored. */
  calculateGermanPayroll(body: unknown, options?: GermanPayrollOptions): Promise<GermanPayrollResponse>;
  /** Extension: the same calculation for the stored employees of a German organization in one month. */
  runGermanPayrollForOrganization(orgId: string, body: unknown, options?: GermanPayrollOptions): Promise<GermanPayrollResponse>;
}

interface StoredPay {
  basis: 'salary' | 'hourly';
  annual_salary?: string | null;
  hourly_rate?: string | null;
  hours_per_week?: string | null;
}

// The month's regular pay (Kalendertagemethode in a month of entry or exit) is the stored German run's
// (runs/de/employment.ts): both ways of paying a month pay the same.
export { monthlyPay };

/**
 * Employees per `POST /germany/payroll` for a caller holding only `payroll:read`
 * (docs/decisions.md H23). The endpoint needs only the read scope,
 * which reporting and integration clients hold; a bulk calculation of a whole workforce belongs to a
 * payroll operator, who holds `payroll:write` and gets the contract's 10,000. A gross-up costs
 * milliseconds per employee: 500 bounds a read-only request to seconds of work, done in slices.
 */
export { READ_SCOPE_MAX_EMPLOYEES };

/** Counted before the body is parsed, so an over-limit request costs nothing. */
function checkSizeForScope(ctx: ServiceContext, body: unknown): void {
  if (ctx.actor.scopes.has('payroll:write')) return;
  const group = body && typeof body === 'object' ? (body as { payroll_group?: unknown }).payroll_group : undefined;
  if (Array.isArray(group) && group.length > READ_SCOPE_MAX_EMPLOYEES) {
    throw new DomainError('validation', 'DE.PAYROLL.TOO_MANY_FOR_SCOPE', `payroll_group holds ${group.length} employees; a caller with only the payroll:read scope may send at most ${READ_SCOPE_MAX_EMPLOYEES} per request (payroll:write: ${MAX_EMPLOYEES})`, {
      issues: [{ loc: ['body', 'payroll_group'], msg: `must hold at most ${READ_SCOPE_MAX_EMPLOYEES} employees for a caller with only the payroll:read scope`, type: 'too_many_for_scope' }],
      details: { limit: READ_SCOPE_MAX_EMPLOYEES, scope: 'payroll:read' },
    });
  }
}

export function germanPayrollUseCases(ctx: ServiceContext): GermanPayrollUseCases {
  return {
    async calculateGermanPayroll(body, options = {}) {
      // A calculation reads and writes no organization's data: the read scope suffices (docs/decisions.md D9).
      requireScope(ctx, 'payroll:read');
      checkSizeForScope(ctx, body);
      return calculateGermanPayrollInSlices(body, options);
    },

    async runGermanPayrollForOrganization(orgId, body, options = {}) {
      requireScope(ctx, 'payroll:read');
      const input = parseOrThrow(storedGermanPayrollInput, body);
      const org = await requireOrg(ctx, ctx.store.db, orgId);
      if (org.country !== 'DE') throw fieldError(['path', 'organization_id'], `is a ${org.country} organization; German payroll needs a DE organization`, 'country_mismatch');
      const monthStart = `${input.period}-01`;
      const monthEnd = lastDayOfMonth(input.period);
      const employees = await listEmployeesEmployedBetween(ctx.store.db, orgId, monthStart, monthEnd, input.employee_ids ?? null);
      if (input.employee_ids) {
        const found = new Set(employees.map((e) => e.id));
        const missing = input.employee_ids.map((id, index) => ({ id, index })).filter((e) => !found.has(e.id));
        if (missing.length > 0) {
          throw new DomainError('validation', 'DE.PAYROLL.EMPLOYEE_UNKNOWN', `not employed by this organization in ${input.period}: ${missing.map((m) => m.id).join(', ')}`, {
            issues: missing.map((m) => ({ loc: ['body', 'employee_ids', m.index], msg: `employee ${m.id} is not employed by this organization in ${input.period}`, type: 'employee_unknown' })),
          });
        }
      }
      if (employees.length === 0) throw fieldError(['body', 'period'], `no employees of this organization are employed in ${input.period}`, 'no_employees');
      const payroll_group = employees.map((employee) => {
        const de = parseJson<DeStatutory>(employee.statutory_json);
        const pay = parseJson<StoredPay>(employee.pay_json);
        if (!de || !('tax_class' in de)) throw fieldError(['employees', employee.id, 'de'], 'has no German statutory data', 'statutory_missing');
        if (!pay) throw fieldError(['employees', employee.id, 'pay'], 'has no standing pay (pay.basis with annual_salary or hourly_rate)', 'pay_missing');
        return {
          employee_details: {
            employee_id: employee.id,
            ...(employee.date_of_birth ? { year_of_birth: Number(employee.date_of_birth.slice(0, 4)), date_of_birth: employee.date_of_birth } : {}),
            is_mini_job: de.is_mini_job,
            mini_job_details: { pension_exemption: de.mini_job_details?.pension_exemption ?? false, flat_rate_paid_by_employee: de.mini_job_details?.flat_rate_paid_by_employee ?? false },
            ...(de.agreed_work_hours_per_week ? { agreed_work_hours_per_week: de.agreed_work_hours_per_week } : {}),
          },
          tax_attributes: {
            tax_class: de.tax_class,
            is_factor: Boolean(de.factor),
            ...(de.factor ? { factor: de.factor } : {}),
            child_allowances: de.child_allowances,
            is_church_member: de.is_church_member,
            tax_state: de.federal_state,
          },
          insurance_details: {
            ...(de.health_insurer_agency_code ? { health_insurer_agency_code: de.health_insurer_agency_code } : {}),
            ...(de.health_insurance_additional_rate ? { health_insurance_additional_rate: de.health_insurance_additional_rate } : {}),
            private_insurance_monthly: de.private_insurance_monthly ?? '0.00',
            private_care_insurance_monthly: de.private_care_insurance_monthly ?? '0.00',
            care_insurance_children: de.care_insurance_children,
            is_parent: de.is_parent,
            is_midi_job: de.is_midi_job,
            ...(de.u1_rate ? { u1_rate: de.u1_rate } : {}),
            ...(de.u2_rate ? { u2_rate: de.u2_rate } : {}),
          },
          pay_details: {
            earnings: [{ earning_type: 'salary', amount: money(monthlyPay(pay, input.period, employee.start_date, employee.leave_date)), earning_frequency: 'Month', is_lumpsum: false, do_grossup: false }],
            benefits: [],
            deductions: [],
            reimbursements: [],
          },
        };
      });
      return calculateGermanPayrollInSlices({ pay_cycle: 'Month', pay_date: input.pay_date ?? monthEnd, payroll_group }, options);
    },
  };
}
