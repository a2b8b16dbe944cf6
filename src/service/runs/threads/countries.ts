/** The countries whose runs a calculation thread (run-thread.ts) calculates: those with Jurisdiction.threads. */
import type { AnyJurisdiction } from '../jurisdiction.js';
import { gbJurisdiction } from '../gb/jurisdiction.js';

const THREAD_COUNTRIES: Readonly<Record<string, AnyJurisdiction>> = { GB: gbJurisdiction };

/** The country's jurisdiction and its thread capability (Jurisdiction.threads). */
export function threadJurisdiction(country: string): { jurisdiction: AnyJurisdiction; threads: NonNullable<AnyJurisdiction['threads']> } {
  const jurisdiction = THREAD_COUNTRIES[country];
  if (!jurisdiction?.threads) throw new Error(`${country} runs are not calculated in threads`);
  return { jurisdiction, threads: jurisdiction.threads };
}
