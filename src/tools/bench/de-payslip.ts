/**
 * German payslips per second on one core: a whole POST /germany/payroll item (validation, SV, PAP,
 * church tax, net pay, employer block, wire strings). A fixed, seeded mix of 2,048 employees: both
 * years, every tax class, regular/midijob/minijob, statutory and private insurance, children,
 * church, Saxony; a few net-to-gross items are timed apart because each solves many payslips.
 * Requests are built once; the timed loops only calculate.
 */
import { calculateGermanPayroll } from '../../service/use-cases/germany-payroll.js';
import { lcg, pick } from './random.js';
import { paramsForYear } from '../../domain/de/params/index.js';

const STATES = ['Bayern', 'Baden-Württemberg', 'Nordrhein-Westfalen', 'Sachsen', 'Berlin', 'Hessen', 'Niedersachsen', 'Thüringen'];
const RATES = ['2.5', '2.9', '2.45', '2.69', '3.29', '3.78', '4.4'];

export function sampleBodies(count: number, seed = 20260331, grossup = false): unknown[] {
  const random = lcg(seed);
  const bodies: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    const year = random() < 0.5 ? 2025 : 2026;
    const kind = random();
    const mini = kind < 0.1;
    const midi = !mini && kind < 0.25;
    const wage = mini ? 50 + random() * 500 : midi ? 620 + random() * 1370 : 2000 + random() * 10000;
    const privateInsured = !mini && !midi && wage > 6500 && random() < 0.4;
    const children = Math.floor(random() * 4);
    const birthYear = 1960 + Math.floor(random() * 45);
    bodies.push({
      pay_cycle: 'Month',
      pay_date: `${year}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-28`,
      payroll_group: [
        {
          employee_details: {
            employee_id: `bench-${i}`,
            year_of_birth: birthYear,
            date_of_birth: `${birthYear}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
            is_mini_job: mini,
            mini_job_details: { pension_exemption: random() < 0.3, flat_rate_paid_by_employee: random() < 0.3 },
          },
          tax_attributes: {
            tax_class: 1 + Math.floor(random() * 6),
            is_factor: false,
            child_allowances: String(children / 2),
            is_church_member: random() < 0.4,
            tax_state: pick(STATES, random()),
          },
          insurance_details: {
            health_insurance_additional_rate: pick(RATES, random()),
            private_insurance_monthly: privateInsured ? (400 + random() * 600).toFixed(2) : '0',
            private_care_insurance_monthly: privateInsured ? (30 + random() * 50).toFixed(2) : '0',
            care_insurance_children: children,
            is_parent: children > 0,
            is_midi_job: midi,
            u1_rate: mini ? paramsForYear(year).minijob.u1Rate.mul(100).toString() : '1.6',
            u2_rate: mini ? '0.22' : '0.44',
          },
          pay_details: {
            earnings: [{ earning_type: 'salary', amount: wage.toFixed(2), earning_frequency: 'Month', is_lumpsum: false, do_grossup: grossup }],
            benefits: [],
            deductions: [],
            reimbursements: [],
          },
        },
      ],
    });
  }
  return bodies;
}

/**
 * Times `rounds` rounds of `seconds` each after a warm-up and prints the best and the median round:
 * the best round is the figure least disturbed by other processes on a shared machine.
 */
function time(label: string, bodies: readonly unknown[], seconds: number, rounds = 5): void {
  // Warm-up: let the JIT settle before timing.
  const warmUntil = performance.now() + 1000;
  for (let i = 0; performance.now() < warmUntil; i += 1) calculateGermanPayroll(bodies[i % bodies.length], {});
  const rates: number[] = [];
  let done = 0;
  for (let round = 0; round < rounds; round += 1) {
    let count = 0;
    const start = performance.now();
    const stop = start + seconds * 1000;
    while (performance.now() < stop) {
      for (let i = 0; i < 16; i += 1) {
        calculateGermanPayroll(bodies[done % bodies.length], {});
        done += 1;
        count += 1;
      }
    }
    rates.push(count / ((performance.now() - start) / 1000));
  }
  rates.sort((a, b) => a - b);
  const best = rates[rates.length - 1]!;
  const median = rates[Math.floor(rates.length / 2)]!;
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
  process.stdout.write(`${label.padEnd(44)} ${fmt(best).padStart(8)} payslips/s best (${(1e6 / best).toFixed(1)} µs each), median ${fmt(median)}/s over ${rounds} × ${seconds} s\n`);
}

export async function run(): Promise<void> {
  time('whole payslip (request → response), 1 core', sampleBodies(2048), 1);
  time('net-to-gross payslip (exact gross-up)', sampleBodies(64, 7, true), 1, 3);
}
