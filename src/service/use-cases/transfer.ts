import { sql } from 'kysely';
import { DomainError, validationError } from '../../domain/errors.js';
import { ORG_TABLES } from '../../store/org-tables.js';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportDocument, exportDocument, type ImportReport, importOptions } from '../contracts/transfer.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { canAccessOrg, type Db, inTransaction, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';

export interface TransferUseCases {
  /** Everything an organization holds, as a versioned JSON document. */
  exportOrganization(orgId: string): Promise<ExportDocument>;
  /** Reads an export back: idempotent (rows are matched by key), `dry_run` reports what would change. */
  importOrganization(body: unknown, options?: unknown): Promise<ImportReport>;
}

type Row = Record<string, string | number | boolean | null>;

/* eslint-disable @typescript-eslint/no-explicit-any */
function table(db: Db, name: string): any {
  return (db as any).selectFrom(name);
}

function normalize(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const key of Object.keys(row).sort()) {
    const value = row[key];
    out[key] = typeof value === 'bigint' ? Number(value) : (value as Row[string]);
  }
  return out;
}

function sameRow(a: Row, b: Row): boolean {
  return JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));
}

export function transferUseCases(ctx: ServiceContext): TransferUseCases {
  return {
    async exportOrganization(orgId) {
      requireScope(ctx, 'payroll:read');
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      const tables: Record<string, Row[]> = {};
      for (const t of ORG_TABLES) {
        const rows = (await table(db, t.name).selectAll().where(t.orgColumn, '=', orgId).orderBy(t.key[0]).execute()) as Record<string, unknown>[];
        tables[t.name] = rows.map(normalize);
      }
      const objects: Record<string, string> = {};
      for (const doc of tables.documents ?? []) {
        if (doc.status === 'active' || doc.status === 'archived') {
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
      const { dry_run: dryRun } = parseOrThrow(importOptions, options ?? {}, ['query']);
      const orgId = doc.organization_id;
      const known = new Map(ORG_TABLES.map((t) => [t.name, t]));
      const issues = Object.keys(doc.tables)
        .filter((name) => !known.has(name))
        .map((name) => ({ loc: ['body', 'tables', name], msg: `is not a table this build knows (${[...known.keys()].join(', ')})`, type: 'unknown_table' }));
      const orgRows = doc.tables.organizations ?? [];
      if (orgRows.length !== 1 || orgRows[0]?.id !== orgId) issues.push({ loc: ['body', 'tables', 'organizations'], msg: 'must hold exactly the exported organization', type: 'organization_row' });
      for (const [name, rows] of Object.entries(doc.tables)) {
        const t = known.get(name);
        if (!t) continue;
        rows.forEach((row, index) => {
          if (row[t.orgColumn] !== orgId) issues.push({ loc: ['body', 'tables', name, String(index), t.orgColumn], msg: `must be the exported organization ${orgId}`, type: 'foreign_row' });
        });
      }
      if (issues.length > 0) throw validationError(issues, 'IMPORT.INVALID');
      if (!canAccessOrg(ctx.actor, orgId)) throw new DomainError('not_found', 'ORGANIZATION.NOT_FOUND', `organization ${orgId} was not found`);

      const columns = await tableColumns(ctx);
      const report: ImportReport = { organization_id: orgId, dry_run: dryRun, tables: {}, objects_written: 0, changed: false };
      const apply = async (db: Db): Promise<void> => {
        for (const t of ORG_TABLES) {
          const rows = doc.tables[t.name] ?? [];
          const counts = { inserted: 0, updated: 0, unchanged: 0 };
          const allowed = columns.get(t.name);
          for (const [index, row] of rows.entries()) {
            const unknownColumn = Object.keys(row).find((c) => allowed && !allowed.has(c));
            if (unknownColumn) throw validationError([{ loc: ['body', 'tables', t.name, index, unknownColumn], msg: 'is not a column of this table in this build', type: 'unknown_column' }], 'IMPORT.INVALID');
            let existingQuery = table(db, t.name).selectAll();
            for (const k of t.key) existingQuery = existingQuery.where(k, '=', row[k]);
            const existing = (await existingQuery.executeTakeFirst()) as Record<string, unknown> | undefined;
            if (existing && existing[t.orgColumn] !== orgId) {
              throw new DomainError('conflict', 'IMPORT.KEY_TAKEN', `${t.name} ${t.key.map((k) => row[k]).join('/')} belongs to another organization`);
            }
            if (!existing) {
              counts.inserted += 1;
              if (!dryRun) await (db as any).insertInto(t.name).values(row).execute();
            } else if (!sameRow(normalize(existing), row)) {
              counts.updated += 1;
              if (!dryRun) {
                let update = (db as any).updateTable(t.name).set(row);
                for (const k of t.key) update = update.where(k, '=', row[k]);
                await update.execute();
              }
            } else counts.unchanged += 1;
          }
          report.tables[t.name] = counts;
          if (!dryRun && t.serialKey && ctx.store.dialect === 'postgres' && rows.length > 0) {
            // Explicit ids do not advance a Postgres sequence: move it past the highest imported id.
            await sql`select setval(pg_get_serial_sequence(${t.name}, ${t.serialKey}), greatest((select max(${sql.ref(t.serialKey)}) from ${sql.table(t.name)}), 1))`.execute(db);
          }
        }
      };
      // Document files go in place BEFORE the commit that makes their records active, and are taken back when the
      // transaction fails: written after it, a process killed in between left active documents without their files
      // (issue 12). A kill before the commit leaves only files no record names yet, which nothing reads.
      const files: { path: string; bytes: Buffer; previous: Uint8Array | null }[] = [];
      for (const [path, base64] of Object.entries(doc.objects)) {
        let previous: Uint8Array | null = null;
        try {
          previous = await ctx.objects.get(path);
        } catch {
          previous = null;
        }
        if (previous === null || Buffer.from(previous).toString('base64') !== base64) files.push({ path, bytes: Buffer.from(base64, 'base64'), previous });
      }
      report.objects_written = files.length;
      if (dryRun) await apply(ctx.store.db);
      else {
        const written: typeof files = [];
        try {
          for (const file of files) {
            await ctx.objects.put(file.path, file.bytes);
            written.push(file);
          }
          await inTransaction(ctx, apply);
        } catch (error) {
          for (const file of written.reverse()) {
            try {
              if (file.previous === null) await ctx.objects.remove(file.path);
              else await ctx.objects.put(file.path, file.previous);
            } catch {
              // best effort: the error that stopped the import is the one to report
            }
          }
          throw error;
        }
      }
      report.changed = report.objects_written > 0 || Object.values(report.tables).some((c) => c.inserted + c.updated > 0);
      return report;
    },
  };
}

/** Column names per table, read from the database itself so import refuses columns this build lacks. */
async function tableColumns(ctx: ServiceContext): Promise<Map<string, Set<string>>> {
  const tables = await ctx.store.db.introspection.getTables();
  const own = tables.filter((t) => ctx.store.schema === null || t.schema === ctx.store.schema);
  return new Map(own.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
}
