/** Which SQL engine backs the store. Repositories are shared; only column types differ in migrations. */
export type StoreDialect = 'sqlite' | 'postgres';
