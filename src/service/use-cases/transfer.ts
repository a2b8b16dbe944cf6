import { createHash } from 'node:crypto';
import { DomainError, type FieldIssue, validationError } from '../../domain/errors.js';
import { ORG_TABLES } from '../../store/org-tables.js';
import { upgradeExportedGbTables } from '../../store/gb-payslip-figures.js';
import { advanceSerialPastMax, findRowByKey, insertRow, payrollRunExists, readOrgRows, tableColumns as readTableColumns, updateRowByKey } from '../../store/repositories/transfer.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportDocument, exportDocument, type ImportReport, importOptions } from '../contracts/transfer.js';
import { storedRowIssues } from '../contracts/transfer-rows.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { canAccessOrg, type Db, inTransaction, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';

export interface TransferUseCases {
  /** Everything an organization holds, as a versioned JSON document. */
  exportOrganization(orgId: string): Promise<ExportDocument>;
  /** Reads an export back: idempotent (rows are matched by key), `dry_run` reports what would change. */
  importOrganization(body: unknown, options?: unknown): Promise<ImportReport>;
}

type Row = Record<string, string | number | boolean | null>;

function normalize(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const key of Object.keys(row).sort()) {
    const value = row[key];
    out[key] = typeof value === 'bigint' ? Number(value) : (value as Row[string]);
  }
  return out;
}

export function transferUseCases(ctx: ServiceContext): TransferUseCases {
  return {
    async exportOrganization(orgId) {
      requireScope(ctx, 'payroll:read');
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      const tables: Record<string, Row[]> = {};
      for (const t of ORG_TABLES) {
        const rows = await readOrgRows(db, t, orgId);
        tables[t.name] = rows.map(normalize);
      }
      const objects: Record<string, string> = {};
      for (const doc of tables.documents ?? []) {
        // A payslip still to be rendered on first read has no file yet: it travels as its record (render_json
        // included) and is rendered by the store it is imported into (decision RENDER1). An export reads only.
        if ((doc.status === 'active' || doc.status === 'archived') && (doc.render_json === null || doc.render_json === undefined)) {
          try {
            objects[String(doc.object_store_path)] = Buffer.from(await ctx.objects.get(String(doc.object_store_path))).toString('base64');
          } catch {
            // bytes missing on disk: the export still carries the record; import will report it
          }
        }
      }
      return { format: EXPORT_FORMAT, format_version: EXPORT_FORMAT_VERSION, exported_at: nowIso(ctx), organization_id: orgId, tables, objects };
    },

    async importOrganization(body, options) {
      requireScope(ctx, 'payroll:write');
      const doc = parseOrThrow(exportDocument, body);
      try {
        // An export written before migration 0007 holds payslip figures version 1: brought to this build's version
        // exactly as the migration converts a store, so importing it again changes nothing.
        upgradeExportedGbTables(doc.tables as Record<string, Record<string, unknown>[]>);
      } catch {
        // a row that cannot be read is reported by the checks below
      }
      const { dry_run: dryRun } = parseOrThrow(importOptions, options ?? {}, ['query']);
      const orgId = doc.organization_id;
      const columns = await tableColumns(ctx);
      const issues = documentIssues(doc, columns);
      if (issues.length > 0) throw validationError(issues, 'IMPORT.INVALID');
      if (!canAccessOrg(ctx.actor, orgId)) throw new DomainError('not_found', 'ORGANIZATION.NOT_FOUND', `organization ${orgId} was not found`);

      const report: ImportReport = { organization_id: orgId, dry_run: dryRun, tables: {}, objects_written: 0, changed: false };
      // Document files this import created. They are written inside the transaction, before its commit makes
      // their documents active, and removed again when it rolls back (issue 12 point 5): a crash after the
      // files and before the commit leaves only files no active document names, never an active document
      // without its file.
      const created = new Set<string>();
      const apply = async (db: Db): Promise<void> => {
        report.objects_written = 0;
        const insertedRuns = new Set<string>();
        // Files first: a row below can still fail, and the rollback then removes them (see `created`).
        for (const [path, base64] of Object.entries(doc.objects)) {
          const bytes = Buffer.from(base64, 'base64');
          let stored: Buffer | null = null;
          try {
            stored = Buffer.from(await ctx.objects.get(path));
          } catch {
            stored = null;
          }
          if (stored !== null && !stored.equals(bytes)) {
            throw new DomainError('conflict', 'IMPORT.CONFLICT', `import refused: the document file ${path} in this store differs from the one in the file; a stored document's bytes never change (upload a new document instead); nothing was imported`, { details: { object: path } });
          }
          if (stored === null || created.has(path)) {
            report.objects_written += 1;
            if (!dryRun && stored === null) {
              created.add(path);
              await ctx.objects.put(path, bytes);
            }
          }
        }
        for (const t of ORG_TABLES) {
          const rows = doc.tables[t.name] ?? [];
          const counts = { inserted: 0, updated: 0, unchanged: 0, kept: 0 };
          for (const [index, row] of rows.entries()) {
            const found = await findRowByKey(db, t, row);
            const record: RecordRef = { table: t.name, key: t.key.map((k) => String(row[k])).join('/'), index: index + 1 };
            if (found && found[t.orgColumn] !== orgId) {
              // Never say whose it is (issue 20 F1: serial ids were enumerable across tenants this way): the key is
              // simply not this organization's to use.
              throw new DomainError('conflict', 'IMPORT.KEY_TAKEN', `${t.name} record ${record.index} (key ${record.key}) cannot be imported into this organization: the key is not free in this store; give the record a new key; nothing was imported`, { details: { table: t.name, record: record.index } });
            }
            if (!found) {
              const runTable = RUN_OF_PAYSLIPS[t.name];
              if (runTable && !insertedRuns.has(String(row.run_id))) {
                if (await payrollRunExists(db, runTable, String(row.run_id))) throw importConflict(record, 'run_id', `payroll run ${String(row.run_id)} is in this store without this payslip; a run's payslips are the engine's output and an import never adds to them`);
              }
              counts.inserted += 1;
              if (t.name === 'gb_payroll_runs' || t.name === 'de_payroll_runs') insertedRuns.add(String(row.id));
              if (!dryRun) await insertRow(db, t, row);
              continue;
            }
            const decision = decide(record, normalize(found), row);
            if (decision === 'unchanged') counts.unchanged += 1;
            else if (decision === 'kept') counts.kept += 1;
            else {
              counts.updated += 1;
              if (!dryRun) await updateRowByKey(db, t, row, decision);
            }
          }
          report.tables[t.name] = counts;
          if (!dryRun && t.serialKey && ctx.store.dialect === 'postgres' && rows.length > 0) {
            // Explicit ids do not advance a Postgres sequence: move it past the highest imported id.
            await advanceSerialPastMax(db, { ...t, serialKey: t.serialKey });
          }
        }
        // One row for the whole import, with its counts (decision AU4). The audit trail is not part of the export
        // and an import never writes, changes or removes audit rows (AU5): this row is the import's own.
        if (!dryRun) await audit(ctx, db, { orgId, resourceType: 'organization', resourceId: orgId, action: 'import', detail: { tables: report.tables, objects_written: report.objects_written } });
      };
      if (dryRun) await apply(ctx.store.db);
      else {
        try {
          await inTransaction(ctx, apply);
        } catch (error) {
          for (const path of created) await ctx.objects.remove(path).catch(() => undefined);
          throw error;
        }
      }
      report.changed = report.objects_written > 0 || Object.values(report.tables).some((c) => c.inserted + c.updated > 0);
      return report;
    },
  };
}

interface RecordRef {
  table: string;
  key: string;
  /** Position in the file's list of the table, counted from 1. */
  index: number;
}

function importConflict(record: RecordRef, fields: string | string[], why: string, code = 'IMPORT.CONFLICT'): DomainError {
  const list = typeof fields === 'string' ? [fields] : fields;
  return new DomainError('conflict', code, `import refused: ${record.table} ${record.key} (record ${record.index} of ${record.table}) differs from this store in ${list.join(', ')}: ${why}; nothing was imported`, {
    details: { table: record.table, key: record.key, record: record.index, field: list[0], fields: list },
  });
}

/** Each payslip table's run table (an import never adds a payslip to a run the store holds). */
const RUN_OF_PAYSLIPS: Record<string, 'gb_payroll_runs' | 'de_payroll_runs'> = { gb_payslips: 'gb_payroll_runs', de_payslips: 'de_payroll_runs' };

/** Columns the run lifecycle sets after the run is created (approve, pay, discard, fail); everything else is fixed. */
const RUN_LIFECYCLE_COLUMNS = new Set(['status', 'slot_key', 'totals_json', 'warnings_json', 'failure_reason', 'worker', 'updated_at', 'calculated_at', 'approved_at', 'approved_by', 'paid_at', 'paid_by', 'discarded_at', 'discarded_by']);
/** For each run status, the statuses a run passed through before reaching it (spec "Payroll run status"). */
const EARLIER_STATUSES: Record<string, string[]> = {
  processing: [],
  draft: ['processing'],
  failed: ['processing'],
  approved: ['processing', 'draft'],
  paid: ['processing', 'draft', 'approved'],
  discarded: ['processing', 'draft'],
};

function differingColumns(stored: Row, imported: Row): string[] {
  const names = [...new Set([...Object.keys(stored), ...Object.keys(imported)])].sort();
  return names.filter((name) => JSON.stringify(stored[name] ?? null) !== JSON.stringify(imported[name] ?? null));
}

/**
 * What import does with a record the store already holds (issue 12 point 1; docs/decisions.md I1):
 * - identical: unchanged;
 * - a record with `row_version` (organizations, employees): applied only when the file's version is not older than
 *   the store's (the store then moves past both versions); an older version is refused as stale;
 * - a record the store holds in a LATER state of its lifecycle (a run approved or paid since the export, year to
 *   date moved on by a later approval, a pension membership or scheme version closed by a later one): kept as it
 *   is, and counted as kept;
 * - anything else that differs (payslips, runs, every record without a version): refused as a conflict naming it.
 */
function decide(record: RecordRef, stored: Row, imported: Row): 'unchanged' | 'kept' | Row {
  const diff = differingColumns(stored, imported);
  if (diff.length === 0) return 'unchanged';
  if ('row_version' in stored) {
    const content = diff.filter((c) => c !== 'row_version' && c !== 'updated_at');
    if (content.length === 0) return 'unchanged';
    const mine = Number(stored.row_version);
    const theirs = Number(imported.row_version);
    if (!(theirs >= mine)) {
      throw importConflict(record, content, `the file holds row_version ${theirs} and this store ${mine}, a later edit; an import never reverts a later edit (export again, or change it with its own command)`, 'IMPORT.STALE_VERSION');
    }
    return { ...imported, row_version: Math.max(theirs, mine + 1) };
  }
  const field = diff[0] as string;
  switch (record.table) {
    case 'gb_payroll_runs':
    case 'de_payroll_runs': {
      const fixed = diff.filter((c) => !RUN_LIFECYCLE_COLUMNS.has(c));
      if (fixed.length > 0) throw importConflict(record, fixed, 'a payroll run keeps what it was created with');
      if ((EARLIER_STATUSES[String(stored.status)] ?? []).includes(String(imported.status))) return 'kept';
      throw importConflict(record, diff.includes('status') ? ['status', ...diff.filter((c) => c !== 'status')] : diff, `this store holds it ${String(stored.status)} and the file ${String(imported.status)}; a run changes only through its own commands (approve, pay, discard) and approved, paid and corrected runs never change`);
    }
    case 'gb_ytd':
      if (String(imported.updated_at) < String(stored.updated_at)) return 'kept';
      throw importConflict(record, diff, 'year-to-date figures are derived from approved payslips and change only when a run is approved');
    case 'gb_pension_memberships':
    case 'gb_pension_scheme_versions':
      if (diff.length === 1 && field === 'valid_to' && imported.valid_to === null && stored.valid_to !== null) return 'kept';
      throw importConflict(record, diff, 'a version of this history is fixed once recorded (a later version only closes it)');
    case 'gb_payslips':
    case 'de_payslips':
      throw importConflict(record, diff, "a payslip is the engine's output and never changes once calculated");
    default:
      throw importConflict(record, diff, 'this record has no row_version that could tell which edit is later, so an import never overwrites it (change it with its own command)');
  }
}

/** Everything wrong with an export document before anything is written: each issue names table, record (from 1) and field. */
function documentIssues(doc: ExportDocument, columns: Map<string, Set<string>>): FieldIssue[] {
  const orgId = doc.organization_id;
  const known = new Map(ORG_TABLES.map((t) => [t.name, t]));
  const issues: FieldIssue[] = Object.keys(doc.tables)
    .filter((name) => !known.has(name))
    .map((name) => ({ loc: ['body', 'tables', name], msg: `is not a table this build knows (${[...known.keys()].join(', ')})`, type: 'unknown_table' }));
  const orgRows = doc.tables.organizations ?? [];
  if (orgRows.length !== 1 || orgRows[0]?.id !== orgId) issues.push({ loc: ['body', 'tables', 'organizations'], msg: 'must hold exactly the exported organization', type: 'organization_row' });
  const country = typeof orgRows[0]?.country === 'string' ? orgRows[0].country : null;
  for (const [name, rows] of Object.entries(doc.tables)) {
    const t = known.get(name);
    if (!t) continue;
    const allowed = columns.get(name);
    const seen = new Map<string, number>();
    rows.forEach((row, index) => {
      const at = (...fields: (string | number)[]): (string | number)[] => ['body', 'tables', name, String(index + 1), ...fields];
      const prefix = `record ${index + 1} of ${name}: `;
      if (row[t.orgColumn] !== orgId) issues.push({ loc: at(t.orgColumn), msg: `${prefix}must be the exported organization ${orgId}`, type: 'foreign_row' });
      for (const column of Object.keys(row)) {
        if (allowed && !allowed.has(column)) issues.push({ loc: at(column), msg: `${prefix}is not a column of this table in this build`, type: 'unknown_column' });
      }
      const missing = t.key.find((k) => row[k] === undefined || row[k] === null);
      if (missing) issues.push({ loc: at(missing), msg: `${prefix}is required (part of the key)`, type: 'required' });
      else {
        const key = JSON.stringify(t.key.map((k) => row[k]));
        const first = seen.get(key);
        if (first !== undefined) issues.push({ loc: at(t.key[0] as string), msg: `${prefix}repeats the key of record ${first} of ${name}; each record appears once`, type: 'duplicate_key' });
        else seen.set(key, index + 1);
      }
      for (const issue of storedRowIssues(name, row, { country })) issues.push({ ...issue, loc: at(...issue.loc), msg: `${prefix}${issue.msg}` });
    });
  }
  // A document file travels only with the document that names it, and must be the bytes that document recorded.
  const documents = new Map((doc.tables.documents ?? []).map((d) => [String(d.object_store_path), d]));
  for (const [path, base64] of Object.entries(doc.objects)) {
    const owner = documents.get(path);
    const at = ['body', 'objects', path];
    if (!owner) {
      issues.push({ loc: at, msg: 'is named by no document of the export', type: 'orphan_object' });
      continue;
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
      issues.push({ loc: at, msg: 'must be base64', type: 'base64' });
      continue;
    }
    const bytes = Buffer.from(base64, 'base64');
    if (typeof owner.sha256 === 'string' && createHash('sha256').update(bytes).digest('hex') !== owner.sha256) issues.push({ loc: at, msg: `is not the file its document ${String(owner.id)} recorded (sha256 differs)`, type: 'object_checksum' });
  }
  return issues;
}

/** Column names per table, read from the database itself so import refuses columns this build lacks. */
async function tableColumns(ctx: ServiceContext): Promise<Map<string, Set<string>>> {
  return readTableColumns(ctx.store.db, ctx.store.schema);
}
