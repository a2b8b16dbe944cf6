import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { WAGE_TYPE_CATALOGUE } from '../../src/domain/gb/wage-types/catalogue.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const SPEC_FIELDS = [
  'id', 'wage_type_code', 'name', 'description', 'rti_payment_type', 'ni_employee_applies', 'is_class_1a_applicable', 'is_ae_qualifying', 'uses_ae_bands',
  'is_holiday_pay_included', 'is_salary_sacrifice_allowed', 'uses_official_interest_rate', 'valid_from', 'valid_to', 'calculation_variants', 'thresholds',
  'regularity_window_weeks', 'regularity_threshold_periods', 'legislative_source', 'owner', 'reviewer', 'last_reviewed_at', 'is_gross_up', 'is_notional',
  'deduction_tax_treatment', 'category', 'status', 'is_taxable', 'is_pensionable',
];

describe('wage-type catalogue (data)', () => {
  it('covers every category with every field, and unique ids', () => {
    const categories = new Set(WAGE_TYPE_CATALOGUE.map((w) => w.category));
    expect([...categories].sort()).toEqual(['adjustments', 'benefits', 'contributions', 'deductions', 'earnings', 'pension', 'reimbursements', 'statutory']);
    for (const w of WAGE_TYPE_CATALOGUE) for (const field of SPEC_FIELDS) expect(w, `${w.wage_type_code}.${field}`).toHaveProperty(field);
    expect(new Set(WAGE_TYPE_CATALOGUE.map((w) => w.id)).size).toBe(WAGE_TYPE_CATALOGUE.length);
  });

  it('has the statutory payments of both years, SNCP from 6 April 2025, and the three pension codes', () => {
    for (const code of ['UK-S-001', 'UK-S-002', 'UK-S-003', 'UK-S-004', 'UK-S-005', 'UK-S-006', 'UK-S-007']) {
      expect(WAGE_TYPE_CATALOGUE.filter((w) => w.wage_type_code === code).map((w) => w.valid_from)).toEqual(['2025-04-06', '2026-04-06']);
    }
    expect(WAGE_TYPE_CATALOGUE.find((w) => w.wage_type_code === 'UK-S-007')?.name).toMatch(/Neonatal/);
    for (const code of ['UK-P-001', 'UK-P-002', 'UK-P-003']) expect(WAGE_TYPE_CATALOGUE.find((w) => w.wage_type_code === code)?.category).toBe('pension');
  });
});

for (const backend of allBackends()) {
  describe(`wage types [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    it('lists in cursor pages of 10 by default, both ways, with the envelope of endpoint 12', async () => {
      const first = await service.listWageTypes({});
      expect(first.items).toHaveLength(10);
      expect(first.pagination).toMatchObject({ limit: 10, has_next: true, has_prev: false, prev_cursor: null });
      const visible = WAGE_TYPE_CATALOGUE.filter((w) => w.status !== 'deprecated');
      expect(first.pagination.total).toBe(visible.length);
      const second = await service.listWageTypes({ cursor: first.pagination.next_cursor });
      expect(second.items[0]?.id).toBe(visible[10]?.id);
      expect(second.pagination.has_prev).toBe(true);
      const back = await service.listWageTypes({ cursor: second.pagination.prev_cursor });
      expect(back.items.map((w) => w.id)).toEqual(first.items.map((w) => w.id));
      const all = await service.listWageTypes({ size: 100 });
      expect(all.items).toHaveLength(visible.length);
      expect(all.pagination).toMatchObject({ has_next: false, next_cursor: null });
    });

    it('hides deprecated types unless include_deprecated=true or status=deprecated', async () => {
      const codes = async (query: Record<string, unknown>) => (await service.listWageTypes({ size: 100, ...query })).items.map((w) => w.wage_type_code);
      expect(await codes({})).not.toContain('UK-D-010');
      expect(await codes({ include_deprecated: 'true' })).toContain('UK-D-010');
      expect(await codes({ include_deprecated: false })).not.toContain('UK-D-010');
      expect(await codes({ status: 'deprecated' })).toEqual(['UK-D-010']);
    });

    it('filters by category, status and the date the versions are in force', async () => {
      const pension = await service.listWageTypes({ category: 'pension', size: 100 });
      expect(pension.items.map((w) => w.wage_type_code)).toEqual(['UK-P-001', 'UK-P-002', 'UK-P-003', 'UK-P-004']);
      const drafts = await service.listWageTypes({ status: 'draft', size: 100 });
      expect(drafts.items.every((w) => w.status === 'draft')).toBe(true);
      expect(drafts.items.map((w) => w.wage_type_code)).toContain('UK-B-008');
      const ssp = async (date: string) => (await service.listWageTypes({ valid_on: date, category: 'statutory', size: 100 })).items.find((w) => w.wage_type_code === 'UK-S-001')?.thresholds.weekly_rate;
      expect(await ssp('2025-06-01')).toBe('118.75');
      expect(await ssp('2026-06-01')).toBe('123.25');
      expect(await ssp('2026-04-05')).toBe('118.75');
      expect((await service.listWageTypes({ valid_on: '2024-01-01', size: 100 })).items).toHaveLength(0);
    });

    it('reads one code: the version in force on valid_on', async () => {
      expect((await service.getWageType('UK-S-002', { valid_on: '2026-05-01' })).thresholds.weekly_rate).toBe('194.32');
      expect((await service.getWageType('uk-e-001')).name).toBe('Basic salary');
      await expectDomainError(service.getWageType('UK-X-999'), 'not_found');
      await expectDomainError(service.getWageType('UK-B-008', { valid_on: '2026-01-01' }), 'not_found');
    });

    it.each([
      [{ size: 0 }, 'pagination', 'size'],
      [{ size: 101 }, 'pagination', 'size'],
      [{ cursor: 'nope' }, 'pagination', 'cursor'],
      [{ status: 'active' }, 'validation', 'status'],
      [{ category: 'bonus' }, 'validation', 'category'],
      [{ valid_on: '2025-02-30' }, 'validation', 'valid_on'],
      [{ include_deprecated: 'maybe' }, 'validation', 'include_deprecated'],
    ] as const)('refuses %j (%s on %s)', async (query, kind, field) => {
      const error = await expectDomainError(service.listWageTypes(query), kind);
      if (kind === 'pagination') expect(error.details).toMatchObject({ field });
      else expect(error.issues[0]?.loc).toEqual(['query', field]);
    });

    it('accepts the page size bounds 1 and 100', async () => {
      expect((await service.listWageTypes({ size: 1 })).items).toHaveLength(1);
      expect((await service.listWageTypes({ size: '100' })).pagination.limit).toBe(100);
    });
  });
}
