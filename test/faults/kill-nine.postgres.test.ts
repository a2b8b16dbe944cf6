/** kill -9 fault injection on PostgreSQL (the trials: kill-nine.ts); skipped with a notice without PAYROLL_TEST_PG_URL. */
import { defineKillNineTrials } from './kill-nine.js';

defineKillNineTrials('postgres');
