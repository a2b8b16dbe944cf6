/**
 * Issue 19's equivalence check at full size: a million seeded random cases per year through the scaled-integer PAP
 * editions and their BigDecimal twins, every output compared (src/tools/bench/pap-cases.ts). Not part of the default
 * bench (it takes about a minute): `npm run bench -- de-lohnsteuer-equivalence`.
 */
import { DE_TAX_YEARS } from '../../domain/de/editions.js';
import { compareEditions } from './pap-cases.js';
import { mulberry32 } from './random.js';

const CASES = 1_000_000;

export async function run(): Promise<void> {
  let differences = 0;
  const taken: string[] = [];
  for (const year of DE_TAX_YEARS) {
    const report = compareEditions(year, CASES, mulberry32(year * 7919));
    differences += report.differences;
    taken.push(`${year}: ${report.fast.toLocaleString('en-US')} on the scaled path`);
    for (const example of report.examples) process.stdout.write(`difference ${year}: ${JSON.stringify(example)}\n`);
  }
  process.stdout.write(`de-lohnsteuer-equivalence: ${CASES} cases per year, ${differences} differences (${taken.join('; ')})\n`);
  if (differences > 0) process.exitCode = 1;
}
