import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { PayrollService } from '../service/ports.js';
import { defaultObjectRoot, localActor, openLocalService } from '../service/local.js';
import { withRuntime } from './command-kit.js';
import { dataDir } from './config.js';
import { printGermanPayroll } from './commands/run-de.js';
import { ORG_COLUMNS } from './commands/org.js';
import type { Runtime } from './runtime.js';

/**
 * `payroll demo` (npm run demo): the README's main job. Builds a British and a German employer from
 * fixtures/demo on a fresh embedded SQLite database, shows them, and runs their payroll.
 */
const FIXTURES = new URL('../../fixtures/demo/', import.meta.url);

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}

const EMPLOYEE_COLUMNS = [
  { header: 'payroll no.', value: 'payroll_number' },
  { header: 'name', value: (e: Record<string, unknown>) => `${String(e.first_name)} ${String(e.last_name)}` },
  { header: 'born', value: 'date_of_birth' },
  { header: 'started', value: 'start_date' },
  { header: 'tax', value: (e: Record<string, unknown>) => ((e.gb as Record<string, unknown> | null)?.tax_code ?? `class ${String((e.de as Record<string, unknown> | null)?.tax_class)}`) },
];

async function createEmployees(service: PayrollService, orgId: string, file: string): Promise<string[]> {
  const ids: string[] = [];
  for (const body of fixture<unknown[]>(file)) ids.push((await service.createEmployee(orgId, body)).id);
  return ids;
}

export async function runDemo(runtime: Runtime, service: PayrollService, options: { period: string }): Promise<void> {
  const heading = (text: string) => runtime.info(`\n== ${text}`);

  heading('German employer');
  const de = await service.createOrganization(fixture('de-organization.json'));
  await createEmployees(service, de.id, 'de-employees.json');
  runtime.print([de], ORG_COLUMNS);
  runtime.print((await service.listEmployees(de.id, { size: 100, sort_by: 'payroll_number' })).items, EMPLOYEE_COLUMNS);

  heading(`German payroll for ${options.period} (PAP ${options.period.slice(0, 4)}, social insurance, employer cost)`);
  printGermanPayroll(runtime, await service.runGermanPayrollForOrganization(de.id, { period: options.period }));

  heading('British employer');
  const gb = await service.createOrganization(fixture('gb-organization.json'));
  await createEmployees(service, gb.id, 'gb-employees.json');
  runtime.print([gb], ORG_COLUMNS);
  runtime.print((await service.listEmployees(gb.id, { size: 100, sort_by: 'payroll_number' })).items, EMPLOYEE_COLUMNS);

  runtime.info(`\nExplore it: payroll --db ${runtime.options.db ?? '<demo database>'} org list`);
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('create a GB and a DE demo employer on a fresh embedded SQLite database and run their payroll')
    .option('--period <YYYY-MM>', 'the month to pay', '2026-11')
    .action(
      withRuntime(async (runtime, options: { period: string }) => {
        const database = runtime.options.db ?? join(dataDir(runtime.env), 'demo.db');
        // The demo always starts from nothing, so running it twice shows the same thing.
        for (const suffix of ['', '-wal', '-shm']) if (existsSync(database + suffix)) rmSync(database + suffix);
        rmSync(`${database}.objects`, { recursive: true, force: true });
        runtime.options.db = database;
        const service = await openLocalService(database, { actor: localActor('demo'), objectRoot: defaultObjectRoot(database, dataDir(runtime.env)) });
        try {
          runtime.info(`demo database: ${database}`);
          await runDemo(runtime, service, options);
        } finally {
          await service.close();
        }
      }),
    );
}
