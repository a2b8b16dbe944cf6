import { type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, PostgresDialect, type PostgresDialectConfig, type SchemaMetadata, sql, type TableMetadata } from 'kysely';

/**
 * A Postgres store lives in one schema (database.ts). Kysely's introspector reads the columns of
 * every table in every schema, calling pg_get_serial_sequence(name) per column: when another store
 * (another tenant, another test) drops its schema at that moment, the name no longer resolves and
 * the whole introspection fails with `schema "…" does not exist`, and it grows slower with every
 * schema on the server. The migrator and the import both introspect, so the store introspects
 * only its own schema.
 */
export class SchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<any>): DatabaseIntrospector { // eslint-disable-line @typescript-eslint/no-explicit-any
    return new SchemaIntrospector(db, this.schema);
  }
}

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ nspname: string }>`select nspname from pg_catalog.pg_namespace`.execute(this.db);
    return rows.map((row) => ({ name: row.nspname }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables ? sql`true` : sql`c.relname not in ('kysely_migration', 'kysely_migration_lock')`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
             c.relname as table, c.relkind as table_type, typ.typname as type, dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
       where ns.nspname = ${this.schema}
         and c.relkind in ('r', 'v', 'p')
         and a.attnum >= 0 and not a.attisdropped
         and ${internal}
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: this.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing !== null,
        ...(row.column_description ? { comment: row.column_description } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
