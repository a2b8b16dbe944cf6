import { CompiledQuery, type DatabaseConnection, type DialectAdapter, type Driver, SqliteAdapter, SqliteDialect, type SqliteDialectConfig, SqliteDriver, type TransactionSettings } from 'kysely';

/**
 * SQLite shared by several processes (a clerk's shell scripts, `payroll serve` beside a CLI).
 *
 * Kysely's SqliteDriver begins a transaction with a plain (DEFERRED) BEGIN: the transaction reads
 * under a shared lock and upgrades to the write lock at its first write. If another process wrote
 * in between, SQLite cannot upgrade without breaking the snapshot and fails at once with
 * SQLITE_BUSY: the busy timeout does not help (https://www.sqlite.org/lang_transaction.html,
 * https://www.sqlite.org/rescode.html#busy_snapshot). Every read-then-write use case
 * (updateOrganization reads row_version, then updates) would fail under concurrency.
 *
 * BEGIN IMMEDIATE takes the write lock up front, waiting on busy_timeout like any other lock, so
 * write transactions of all processes simply queue; each then reads the latest committed data. A
 * transaction asked for with `accessMode: 'read only'` keeps the deferred BEGIN (readers never block
 * in WAL mode).
 */
export class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings?.accessMode === 'read only' ? 'begin deferred' : 'begin immediate'));
  }

  /**
   * Some errors end the transaction inside SQLite already (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM:
   * https://www.sqlite.org/lang_transaction.html "Response To Errors Within A Transaction"). Kysely's
   * ROLLBACK then fails with "cannot rollback - no transaction is active", and that error would
   * replace the one that explains what happened (disk full). Nothing is left to undo then.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (/no transaction is active/i.test((error as Error | null)?.message ?? '')) return;
      throw error;
    }
  }
}

/**
 * Kysely runs SQLite migrations outside a transaction (its adapter says DDL is not transactional,
 * a caution for PRAGMA-based table rebuilds). Our migrations are portable schema-builder steps, which
 * SQLite runs inside a transaction fine; running them in one makes a migration all-or-nothing and,
 * with BEGIN IMMEDIATE, makes two processes opening a fresh file at once migrate it one after the
 * other instead of both creating the same tables.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
