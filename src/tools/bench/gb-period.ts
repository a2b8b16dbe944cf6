/**
 * GB per-period calculation on one core, exact decimals: the run's payslip pipeline (calculateRunPayslip: pension,
 * PAYE, NI, loans, net pay) for a bare period with one ordinary earning, the way verify replays the gb-period vectors.
 * A fixed, seeded mix of 4,096 employees: every frequency, cumulative / week 1 / week 53, suffix, K, BR/D/NT codes,
 * three regions, several NI letters, loans (one or two plans, PGL) and the three pension methods. Inputs are built
 * once; the timed loop only calculates. Target: ≥ 200,000 calculations per second.
 */
import { Decimal } from '../../domain/money.js';
import { bareGbPeriod, type GbPeriodInput } from '../../domain/gb/run/bare-period.js';
import { calculateRunPayslip, type RunPayslipResult } from '../../domain/gb/run/payslip.js';
import type { NiCategory, PayFrequency } from '../../domain/gb/ni/index.js';
import type { PensionArrangement } from '../../domain/gb/pension.js';
import type { StudentLoanPlan } from '../../domain/gb/student-loans.js';
import { lcg, pick } from './random.js';

const FREQUENCIES: readonly { frequency: PayFrequency; periods: number; perYear: number }[] = [
  { frequency: 'monthly', periods: 12, perYear: 12 },
  { frequency: 'weekly', periods: 53, perYear: 52 },
  { frequency: 'fortnightly', periods: 27, perYear: 26 },
  { frequency: 'four_weekly', periods: 14, perYear: 13 },
];
const CODES = ['1257L', 'S1257L', 'C1257L', '1100L', 'S944L', 'K100', 'SK556', 'CK27', 'BR', 'SD1', 'D0', '0T', 'NT', '1383M', '1257L W1'];
const CATEGORIES: readonly NiCategory[] = ['A', 'A', 'A', 'B', 'C', 'H', 'M', 'J', 'F', 'N', 'Z'];
const PLANS: readonly (readonly StudentLoanPlan[])[] = [[], [], ['1'], ['2'], ['4'], ['5'], ['1', '2'], ['2', '5']];
const PENSIONS: readonly (PensionArrangement | null)[] = [
  null,
  { method: 'net_pay', basis: 'qualifying_earnings', employeeRate: new Decimal('0.05'), employerRate: new Decimal('0.03') },
  { method: 'relief_at_source', basis: 'qualifying_earnings', employeeRate: new Decimal('0.05'), employerRate: new Decimal('0.03') },
  { method: 'salary_sacrifice', basis: 'pensionable_pay', employeeRate: new Decimal('0.06'), employerRate: new Decimal('0.04') },
];

export function sampleInputs(count: number, seed = 20250406): GbPeriodInput[] {
  const random = lcg(seed);
  const inputs: GbPeriodInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const { frequency, periods, perYear } = pick(FREQUENCIES, random());
    const period = 1 + Math.floor(random() * periods);
    const annual = 8000 + Math.floor(random() * 150000);
    const gross = new Decimal(((annual / perYear) * (0.8 + random() * 0.4)).toFixed(2));
    const weeksSoFar = frequency === 'monthly' ? period - 1 : (period - 1) * (52 / perYear);
    const previousPay = new Decimal(((annual / 52) * (frequency === 'monthly' ? (period - 1) * (52 / 12) : weeksSoFar)).toFixed(2));
    // 18 % of the pay so far, as a Decimal like every amount (no JS number holds money, even in a bench).
    const previousTax = previousPay.times('0.18').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    inputs.push({
      taxYear: random() < 0.5 ? '2025-26' : '2026-27',
      frequency,
      period,
      taxCode: pick(CODES, random()),
      week1Month1: random() < 0.1,
      grossPay: gross,
      payrolledBenefits: random() < 0.1 ? new Decimal('120.50') : new Decimal(0),
      taxablePayToDatePrevious: previousPay,
      taxPaidToDatePrevious: previousTax,
      niCategory: pick(CATEGORIES, random()),
      studentLoanPlans: pick(PLANS, random()),
      postgraduateLoan: random() < 0.15,
      pension: pick(PENSIONS, random()),
    });
  }
  return inputs;
}

/** What verify does per gb-period vector: the bare period stated as a run's payslip input, then the pipeline. */
function calculateGbPeriod(input: GbPeriodInput): RunPayslipResult {
  return calculateRunPayslip(bareGbPeriod(input));
}

export async function run(): Promise<void> {
  const inputs = sampleInputs(4096);
  const count = inputs.length;
  // Warm-up: fill the caches (free pay, band tables, thresholds) and let the JIT settle.
  for (let round = 0; round < 20; round += 1) for (let i = 0; i < count; i += 1) calculateGbPeriod(inputs[i] as GbPeriodInput);
  // Rates per second of CPU time used by this process (user + system), so a busy machine does not count
  // against the engine; the wall-clock rate is printed alongside.
  const samples: number[] = [];
  const wallSamples: number[] = [];
  let checksum = new Decimal(0);
  for (let sample = 0; sample < 5; sample += 1) {
    const cpuStart = process.cpuUsage();
    const started = process.hrtime.bigint();
    let done = 0;
    let cpuMicros = 0;
    while (cpuMicros < 1_000_000) {
      for (let i = 0; i < count; i += 1) calculateGbPeriod(inputs[i] as GbPeriodInput);
      done += count;
      const used = process.cpuUsage(cpuStart);
      cpuMicros = used.user + used.system;
    }
    samples.push(done / (cpuMicros / 1e6));
    wallSamples.push(done / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  for (let i = 0; i < 64; i += 1) checksum = checksum.plus(calculateGbPeriod(inputs[i] as GbPeriodInput).netPay);
  samples.sort((a, b) => a - b);
  wallSamples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] as number;
  const best = samples[samples.length - 1] as number;
  const wall = wallSamples[Math.floor(wallSamples.length / 2)] as number;
  const f = (n: number): string => Math.round(n).toLocaleString('en-GB');
  process.stdout.write(
    `gb-period: ${f(median)} calculations per CPU-second on one core (median of 5 one-second samples; best ${f(best)}; ` +
      `${(1e6 / median).toFixed(2)} µs each; wall clock ${f(wall)}/s; ${count} mixed inputs; checksum ${checksum.toFixed(2)})\n`,
  );
}
