import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * What a repository function runs against: the store itself or an open transaction. Use cases pass it
 * through without spelling a query; every query lives in store/repositories (architecture.md, "store").
 */
export type Db = Kysely<Database> | Transaction<Database>;
