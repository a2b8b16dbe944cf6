/**
 * GB absences (issue 16 point 1) on every backend: the kinds and the fields each carries, defaults, dates inside the
 * employment, no overlapping absences, ending an open absence once, the page-style list with its filters, and an
 * export/import round trip that keeps an absence ended after the export.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { gbEmployer } from '../domain/gb/run/fixtures.js';

for (const backend of allBackends()) {
  describe(`GB absences [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let employeeId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      const setup = await gbEmployer(service, { startDate: '2020-01-06' });
      orgId = setup.orgId;
      employeeId = setup.employeeIds[0]!;
    });
    afterEach(async () => dispose());

    it('records sickness with qualifying days Monday–Friday by default and SSP as its payment', async () => {
      const absence = await service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-02', last_day: '2025-06-13', average_weekly_earnings: '300.00' });
      expect(absence).toMatchObject({ employee_id: employeeId, kind: 'sickness', statutory_payment: 'ssp', qualifying_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], average_weekly_earnings: '300.00', weeks: null, row_version: 0, created_by: 'local:contract-test' });
      expect(await service.getAbsence(orgId, absence.id)).toEqual(absence);
    });

    it('records each family leave with its payment and the weeks the statute fixes', async () => {
      const cases = [
        [{ kind: 'maternity', due_date: '2025-09-20' }, 'smp', 39],
        [{ kind: 'paternity', due_date: '2025-09-20' }, 'spp', 2],
        [{ kind: 'shared_parental', due_date: '2025-09-20', weeks: 10 }, 'shpp', 10],
        [{ kind: 'adoption', event_date: '2025-05-01' }, 'sap', 39],
        [{ kind: 'parental_bereavement', event_date: '2025-05-01' }, 'spbp', 2],
        [{ kind: 'neonatal_care', event_date: '2025-05-01', weeks: 4 }, 'sncp', 4],
      ] as const;
      let first = 1;
      for (const [body, payment, weeks] of cases) {
        const day = `2026-${String(first).padStart(2, '0')}-01`;
        const absence = await service.createAbsence(orgId, employeeId, { ...body, first_day: day, last_day: day });
        expect([absence.statutory_payment, absence.weeks, absence.qualifying_days]).toEqual([payment, weeks, null]);
        first += 1;
      }
    });

    it.each([
      ['unknown kind', { kind: 'holiday', first_day: '2025-06-02' }, 'kind'],
      ['last day before first', { kind: 'sickness', first_day: '2025-06-02', last_day: '2025-06-01' }, 'last_day'],
      ['no qualifying days', { kind: 'sickness', first_day: '2025-06-02', qualifying_days: [] }, 'qualifying_days'],
      ['a weekday twice', { kind: 'sickness', first_day: '2025-06-02', qualifying_days: ['Monday', 'Monday'] }, 'qualifying_days'],
      ['not a weekday', { kind: 'sickness', first_day: '2025-06-02', qualifying_days: ['Mon'] }, 'qualifying_days.0'],
      ['negative AWE', { kind: 'sickness', first_day: '2025-06-02', average_weekly_earnings: '-1' }, 'average_weekly_earnings'],
      ['weeks on sickness', { kind: 'sickness', first_day: '2025-06-02', weeks: 2 }, 'weeks'],
      ['maternity without due date', { kind: 'maternity', first_day: '2025-06-02' }, 'due_date'],
      ['adoption without matching date', { kind: 'adoption', first_day: '2025-06-02' }, 'event_date'],
      ['SMP over 39 weeks', { kind: 'maternity', first_day: '2025-06-02', due_date: '2025-06-20', weeks: 40 }, 'weeks'],
      ['ShPP without weeks', { kind: 'shared_parental', first_day: '2025-06-02', due_date: '2025-06-20' }, 'weeks'],
      ['AWE on maternity', { kind: 'maternity', first_day: '2025-06-02', due_date: '2025-06-20', average_weekly_earnings: '300' }, 'average_weekly_earnings'],
      ['before the employment', { kind: 'sickness', first_day: '2019-06-03' }, 'first_day'],
    ])('refuses %s, naming the field', async (_name, body, field) => {
      const error = await expectDomainError(service.createAbsence(orgId, employeeId, body), 'validation');
      expect(error.issues.map((i) => i.loc.join('.'))).toContain(`body.${field}`);
      expect((await service.listAbsences(orgId, {})).meta.total).toBe(0);
    });

    it('refuses absences that share a day, open ones included; ends an open absence once', async () => {
      const open = await service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-02' });
      const clash = await expectDomainError(service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-09-01', last_day: '2025-09-05' }), 'conflict');
      expect(clash.code).toBe('ABSENCE.OVERLAP');
      const ended = await service.endAbsence(orgId, open.id, { last_day: '2025-06-06' });
      expect([ended.last_day, ended.row_version]).toEqual(['2025-06-06', 1]);
      expect((await expectDomainError(service.endAbsence(orgId, open.id, { last_day: '2025-06-07' }), 'conflict')).code).toBe('ABSENCE.ALREADY_ENDED');
      await service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-07', last_day: '2025-06-07' });
      expect((await expectDomainError(service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-06', last_day: '2025-06-06' }), 'conflict')).code).toBe('ABSENCE.OVERLAP');
    });

    it('ending refuses a last day before the first and a stale row_version', async () => {
      const open = await service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-02' });
      await expectDomainError(service.endAbsence(orgId, open.id, { last_day: '2025-06-01' }), 'validation');
      expect((await expectDomainError(service.endAbsence(orgId, open.id, { last_day: '2025-06-03', row_version: 5 }), 'conflict')).code).toBe('ABSENCE.STALE_VERSION');
      expect((await service.getAbsence(orgId, open.id)).last_day).toBeNull();
    });

    it('lists by first day with employee and kind filters; unknown ids are not found', async () => {
      await service.createAbsence(orgId, employeeId, { kind: 'maternity', first_day: '2025-09-01', last_day: '2026-05-31', due_date: '2025-09-20' });
      await service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-02', last_day: '2025-06-03' });
      const all = await service.listAbsences(orgId, {});
      expect(all.items.map((a) => a.first_day)).toEqual(['2025-06-02', '2025-09-01']);
      expect((await service.listAbsences(orgId, { kind: 'maternity' })).items.map((a) => a.kind)).toEqual(['maternity']);
      expect((await service.listAbsences(orgId, { employee_id: 'nobody' })).meta.total).toBe(0);
      await expectDomainError(service.listAbsences(orgId, { kind: 'holiday' }), 'pagination');
      expect((await expectDomainError(service.getAbsence(orgId, 'nope'), 'not_found')).code).toBe('ABSENCE.NOT_FOUND');
      expect((await expectDomainError(service.createAbsence(orgId, 'nope', { kind: 'sickness', first_day: '2025-06-02' }), 'not_found')).code).toBe('EMPLOYEE.NOT_FOUND');
    });

    it('is for GB organizations only', async () => {
      const de = await service.createOrganization({ legal_name: 'Muster GmbH', country: 'DE' });
      const error = await expectDomainError(service.listAbsences(de.id, {}), 'validation');
      expect(error.issues[0]?.loc).toEqual(['path', 'organization_id']);
    });

    it('travels with the export; an import of an older export is refused as stale and changes nothing', async () => {
      const open = await service.createAbsence(orgId, employeeId, { kind: 'sickness', first_day: '2025-06-02' });
      const exported = await service.exportOrganization(orgId);
      expect((exported.tables as Record<string, unknown[]>).gb_absences).toHaveLength(1);
      await service.endAbsence(orgId, open.id, { last_day: '2025-06-06' });
      await expectDomainError(service.importOrganization(exported, {}), 'conflict');
      expect((await service.getAbsence(orgId, open.id)).last_day).toBe('2025-06-06');
    });
  });
}
