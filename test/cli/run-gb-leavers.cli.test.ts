/**
 * `payroll run-gb` on a terminal with a request that pays a leaver regular pay in a period after the leaving date
 * (issue 16 point 5): the clerk is asked, the default (Enter / no) leaves the leaver out, yes keeps them and the
 * run then warns; a lump sum after leaving is not asked about. In-process with scripted answers.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PromptPort, skipLeaversPaidAgain } from '../../src/cli/commands/run-gb-pay.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';

function answering(confirmations: boolean[]): PromptPort & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async input() {
      throw new Error('no free answer expected');
    },
    async select() {
      throw new Error('no choice expected');
    },
    async confirm(message, preset) {
      asked.push(message);
      expect(preset).toBe(false); // skipping is the default
      const answer = confirmations.shift();
      if (answer === undefined) throw new Error(`no scripted answer for: ${message}`);
      return answer;
    },
  };
}

describe('run-gb asks before paying a leaver again (skip by default)', () => {
  it('leaves out a leaver paid regular pay unless the clerk says yes; a lump sum is not asked about', async () => {
    const store = await openStore(':memory:');
    const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
    try {
      const org = await service.createOrganization({ legal_name: 'Leavers Ltd', country: 'GB' });
      const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
      const group = await service.createPayGroup(org.id, { name: 'Staff', pay_calendar_id: calendar.id });
      const make = async (first: string) => (await service.createEmployee(org.id, { first_name: first, last_name: 'Test', date_of_birth: '1985-06-15', start_date: '2020-01-06', gb: { tax_code: '1257L' } })).id;
      const stays = await make('Stella');
      const leo = await make('Leo');
      await service.assignEmployees(org.id, group.id, { employee_ids: [stays, leo] });
      await service.leaveEmployee(org.id, leo, { leave_date: '2026-03-31' });
      const body = (leoEarning: Record<string, unknown>) => ({
        pay_group_id: group.id,
        pay_calendar_id: calendar.id,
        pay_date: '2026-05-05',
        payroll_group: [
          { employee_id: stays, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '2000.00' }] } },
          { employee_id: leo, pay_details: { earnings: [leoEarning] } },
        ],
      });
      const regular = { wage_type_code: 'UK-E-001', amount: '1500.00' };

      const infos: string[] = [];
      const no = answering([false]);
      const skipped = await skipLeaversPaidAgain(service, org.id, body(regular), no, (m) => infos.push(m));
      expect(no.asked).toEqual([expect.stringMatching(/^Leo Test \(.*\) left on 2026-03-31, before this period \(2026-04-06 to 2026-05-05\), and is paid regular pay again: pay it anyway\?/)]);
      expect((skipped.payroll_group as { employee_id: string }[]).map((i) => i.employee_id)).toEqual([stays]);
      expect(infos).toEqual([expect.stringMatching(/^left out: Leo Test .* left on 2026-03-31, before this period/)]);

      const yes = answering([true]);
      const kept = await skipLeaversPaidAgain(service, org.id, body(regular), yes, () => undefined);
      expect((kept.payroll_group as unknown[]).length).toBe(2);
      const run = await service.getPayrollRun(org.id, (await service.runGbPayroll(org.id, kept)).payroll_status_id);
      expect(run.warnings).toContainEqual({ employee_id: leo, message: expect.stringContaining('is paid regular pay again') });
      await service.discardPayrollRun(org.id, run.id);

      const lump = answering([]);
      const holiday = await skipLeaversPaidAgain(service, org.id, body({ wage_type_code: 'UK-E-006', amount: '300.00', is_lumpsum: true }), lump, () => undefined);
      expect(lump.asked).toEqual([]);
      expect((holiday.payroll_group as unknown[]).length).toBe(2);
    } finally {
      await service.close();
      await store.close();
    }
  });
});
