import type { CompiledQuery, DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

/**
 * Wraps any Kysely dialect so every error the engine raises passes through `translate` once, at the
 * one place all queries go through (connect, statement, begin/commit/rollback). Reads outside a
 * transaction, migrations and use cases then all report an unreachable or locked database the
 * same way (availability.ts), without each caller remembering to catch it.
 */
export type ErrorTranslator = (error: unknown) => unknown;

export class GuardedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly translate: ErrorTranslator,
  ) {}

  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver(), this.translate);
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector { // eslint-disable-line @typescript-eslint/no-explicit-any
    return this.inner.createIntrospector(db);
  }
}

let lastYield = Date.now();

/**
 * better-sqlite3 answers synchronously, so a long use case (an import, a payroll run) is one chain
 * of already-resolved promises that never returns to the event loop: Node delivers signals there,
 * so Ctrl-C waited until the work had committed and then exited 130 over saved data. Every 50 ms
 * of work a query first lets the loop run once; an interrupt then ends the process mid-transaction,
 * which SQLite rolls back (the commit record was never written). Postgres queries wait on the
 * network and so yield anyway.
 */
async function yieldNow(): Promise<void> {
  if (Date.now() - lastYield < 50) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  lastYield = Date.now();
}

/** The connection handed to Kysely; the driver's own connection stays inside (drivers keep private state on it). */
class GuardedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly translate: ErrorTranslator,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    await yieldNow();
    try {
      return await this.inner.executeQuery<R>(compiledQuery);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(compiledQuery, chunkSize);
    } catch (error) {
      throw this.translate(error);
    }
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof GuardedConnection ? connection.inner : connection;
}

class GuardedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly translate: ErrorTranslator,
  ) {}

  private async guard<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      throw this.translate(error);
    }
  }

  init(): Promise<void> {
    return this.guard(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.guard(() => this.inner.acquireConnection());
    return new GuardedConnection(connection, this.translate);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.guard(() => this.inner.beginTransaction(unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.inner.commitTransaction(unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.guard(() => this.inner.rollbackTransaction(unwrap(connection)));
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('this database driver does not support savepoints');
    await this.guard(() => this.inner.savepoint!(unwrap(connection), name, compileQuery));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('this database driver does not support savepoints');
    await this.guard(() => this.inner.rollbackToSavepoint!(unwrap(connection), name, compileQuery));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('this database driver does not support savepoints');
    await this.guard(() => this.inner.releaseSavepoint!(unwrap(connection), name, compileQuery));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
