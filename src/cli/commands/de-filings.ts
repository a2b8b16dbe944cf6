import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { BeitragsnachweisReport, LohnsteuerbescheinigungReport, LohnsteueranmeldungReport, MeldungenReport, PayrollService } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import type { Runtime } from '../runtime.js';
import { usageError } from '../usage-error.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll de beitragsnachweis|lohnsteueranmeldung|meldungen|lohnsteuerbescheinigung --org ORG --period YYYY-MM |
 * --year YYYY`: the German employer filings from the approved runs (issue 17). JSON prints the report; table and CSV
 * one row per amount (per group, Kennzahl, notification or certificate line); `--pdf FILE` also writes the printable
 * PDF. Fixed-length records and identifiers print in full only with --reveal.
 */

interface FilingOptions {
  org?: string;
  period?: string;
  year?: string;
  employee?: string;
  pdf?: string;
  force?: boolean;
}

type Report = BeitragsnachweisReport | LohnsteueranmeldungReport | MeldungenReport | LohnsteuerbescheinigungReport;

interface FilingCommand<R extends Report> {
  name: string;
  description: string;
  yearOnly?: boolean;
  fetch(service: PayrollService, org: string, query: Record<string, unknown>): Promise<R>;
  rows(report: R): { rows: Record<string, unknown>[]; columns: Column[]; summary: string };
}

const beitragsnachweis: FilingCommand<BeitragsnachweisReport> = {
  name: 'beitragsnachweis',
  description: 'Beitragsnachweis (§ 28f SGB IV) per health insurer and month: employee and employer amounts per Beitragsgruppe',
  fetch: (service, org, query) => service.getGermanBeitragsnachweis(org, query),
  rows(report) {
    const rows: Record<string, unknown>[] = [];
    for (const s of report.statements) {
      const stelle = `${s.einzugsstelle.betriebsnummer ?? '(none)'}${s.einzugsstelle.name ? ` ${s.einzugsstelle.name}` : ''}`;
      for (const g of s.groups) if (g.total !== '0.00') rows.push({ month: s.month, einzugsstelle: stelle, group: g.code, label: g.label, employee: g.employee, employer: g.employer, total: g.total });
      rows.push({ month: s.month, einzugsstelle: stelle, group: 'SUM', label: 'Summe der Beiträge', employee: s.employee_total, employer: s.employer_total, total: s.total });
      if (s.flat_tax.total !== '0.00') rows.push({ month: s.month, einzugsstelle: stelle, group: 'ST', label: 'Einheitliche Pauschsteuer', employee: s.flat_tax.employee, employer: s.flat_tax.employer, total: s.flat_tax.total });
    }
    const columns: Column[] = ['month', 'einzugsstelle', 'group', 'label', 'employee', 'employer', 'total'].map((key) => ({ header: key, value: key }));
    return { rows, columns, summary: `${report.statements.length} Beitragsnachweis(e), ${report.from} to ${report.to}` };
  },
};

const lohnsteueranmeldung: FilingCommand<LohnsteueranmeldungReport> = {
  name: 'lohnsteueranmeldung',
  description: 'Lohnsteuer-Anmeldung (§ 41a EStG) per month: amounts per Kennzahl and the number of employees (Kz 86)',
  fetch: (service, org, query) => service.getGermanLohnsteueranmeldung(org, query),
  rows(report) {
    const rows: Record<string, unknown>[] = [];
    for (const r of report.returns) {
      rows.push({ month: r.month, kz: '86', label: 'Zahl der Arbeitnehmer', amount: String(r.employee_count) });
      for (const k of r.kennzahlen) rows.push({ month: r.month, kz: k.kz, label: k.label, amount: k.amount });
      for (const c of r.church_tax.filter((x) => x.kennzahl === null)) rows.push({ month: r.month, kz: '?', label: `Kirchensteuer ${c.label}`, amount: c.amount });
    }
    const columns: Column[] = ['month', 'kz', 'label', 'amount'].map((key) => ({ header: key, value: key }));
    return { rows, columns, summary: `${report.returns.length} Lohnsteuer-Anmeldung(en), ${report.from} to ${report.to}` };
  },
};

const meldungen: FilingCommand<MeldungenReport> = {
  name: 'meldungen',
  description: 'DEÜV notifications due: Anmeldung (10), Abmeldung (30), 40, Jahresmeldung (50), Sondermeldung (54)',
  fetch: (service, org, query) => service.getGermanMeldungen(org, query),
  rows(report) {
    const columns: Column[] = [
      { header: 'grund', value: 'abgabegrund' },
      { header: 'employee', value: 'employee_id' },
      { header: 'name', value: 'name' },
      { header: 'versicherungsnummer', value: 'versicherungsnummer' },
      { header: 'pgr', value: 'personengruppe' },
      { header: 'bgr', value: 'beitragsgruppe' },
      { header: 'taetigkeit', value: 'taetigkeitsschluessel' },
      { header: 'from', value: 'period_start' },
      { header: 'to', value: 'period_end' },
      { header: 'sv_entgelt', value: 'sv_entgelt' },
      { header: 'einzugsstelle', value: 'einzugsstelle_betriebsnummer' },
      { header: 'due_by', value: 'due_by' },
      { header: 'record', value: (item) => (item.record ? 'yes' : 'no') },
    ];
    return { rows: report.notifications as unknown as Record<string, unknown>[], columns, summary: `${report.notifications.length} notification(s) due, ${report.from} to ${report.to}` };
  },
};

const lohnsteuerbescheinigung: FilingCommand<LohnsteuerbescheinigungReport> = {
  name: 'lohnsteuerbescheinigung',
  description: 'Lohnsteuerbescheinigung (§ 41b EStG) per employee and year: the numbered lines from the payroll account',
  yearOnly: true,
  fetch: (service, org, query) => service.getGermanLohnsteuerbescheinigungen(org, query),
  rows(report) {
    const rows: Record<string, unknown>[] = [];
    for (const c of report.certificates) for (const l of c.lines) rows.push({ employee: c.employee_id, name: c.name, line: l.line, label: l.label, value: l.value });
    const columns: Column[] = ['employee', 'name', 'line', 'label', 'value'].map((key) => ({ header: key, value: key }));
    return { rows, columns, summary: `${report.certificates.length} Lohnsteuerbescheinigung(en) for ${report.year}` };
  },
};

function queryOf(options: FilingOptions, yearOnly: boolean): Record<string, unknown> {
  if (options.period !== undefined && options.year !== undefined) throw usageError('give --period YYYY-MM or --year YYYY, not both');
  if (yearOnly && options.period !== undefined) throw usageError('the Lohnsteuerbescheinigung is per calendar year: give --year YYYY');
  if (options.period === undefined && options.year === undefined) throw usageError(yearOnly ? 'missing --year YYYY' : 'missing --period YYYY-MM or --year YYYY');
  if (options.period !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(options.period)) throw usageError('--period must be a month such as 2026-03');
  if (options.year !== undefined && !/^\d{4}$/.test(options.year)) throw usageError('--year must be a calendar year such as 2026');
  const query: Record<string, unknown> = options.period !== undefined ? { period: options.period } : { year: options.year };
  if (options.employee !== undefined) {
    if (!yearOnly) throw usageError('--employee is for the lohnsteuerbescheinigung');
    query.employee_id = options.employee;
  }
  return query;
}

async function writePdf(runtime: Runtime, service: PayrollService, org: string, kind: string, query: Record<string, unknown>, options: FilingOptions): Promise<void> {
  const path = resolve(options.pdf as string);
  if (existsSync(path) && !options.force) throw usageError(`${path} exists: pass --force to overwrite it, or --pdf another path`);
  const pdf = await service.getGermanFilingPdf(org, kind, query);
  writeFileSync(path, pdf.bytes, { mode: 0o600 });
  runtime.info(`wrote ${pdf.bytes.byteLength} bytes to ${path}`);
}

function register<R extends Report>(group: Command, spec: FilingCommand<R>): void {
  const command = group
    .command(spec.name)
    .description(spec.description)
    .option('--org <id>', 'organization id (a German organization)')
    .option('--year <YYYY>', spec.yearOnly ? 'calendar year, e.g. 2026' : 'every month of a calendar year')
    .option('--pdf <file>', 'also write the printable PDF (A4, German) to FILE')
    .option('--force', 'overwrite the --pdf file');
  if (!spec.yearOnly) command.option('--period <YYYY-MM>', 'the month, e.g. 2026-03');
  else command.option('--period <YYYY-MM>', '(not for this filing: it is per year)').option('--employee <id>', 'one employee only');
  command.action(
    withRuntime(async (runtime, options: FilingOptions) => {
      const org = await orgIdFrom(runtime, options, 'DE');
      const query = queryOf(options, spec.yearOnly === true);
      const service = await runtime.service();
      const report = await spec.fetch(service, org, query);
      if (options.pdf !== undefined) await writePdf(runtime, service, org, spec.name, query, options);
      if (runtime.format !== 'table' && runtime.format !== 'csv') {
        runtime.print(report);
        return;
      }
      const { rows, columns, summary } = spec.rows(report);
      if (runtime.format === 'table') runtime.info(summary);
      runtime.print(rows, columns);
    }),
  );
}

export function registerDeFilingCommands(program: Command): void {
  const de = program.command('de').description('German employer filings from the approved runs: beitragsnachweis, lohnsteueranmeldung, meldungen, lohnsteuerbescheinigung');
  register(de, beitragsnachweis);
  register(de, lohnsteueranmeldung);
  register(de, meldungen);
  register(de, lohnsteuerbescheinigung);
}
