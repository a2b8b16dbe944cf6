/**
 * Wage-tax calculations per second on one core: the BMF PAP over a realistic mix of cases.
 *
 * The mix (fixed seed, so runs compare): mostly monthly pay, some weekly, daily and annual; all six
 * tax classes weighted as in practice; statutory insurers with varying additional rates, about one in
 * ten privately insured; children, church members, the Saxony rule, the factor method in class IV,
 * a few pensioners (Versorgungsbezüge, Altersentlastungsbetrag) and about one case in twelve with a
 * one-off payment (sonstige Bezüge), which runs the PAP's second pass.
 */
import { calculateLohnsteuer, type PapInput, type PapYear } from '../../domain/de/lohnsteuer/index.js';
import { deEdition } from '../../domain/de/editions.js';
import { buildJvmAnchor, differences, hasJdk } from './jvm-anchor.js';
import { mulberry32 } from './random.js';

type Case = [PapYear, Partial<PapInput>];

export function mix(year: PapYear, size: number, seed: number): Case[] {
  const rnd = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const cases: Case[] = [];
  for (let i = 0; i < size; i++) {
    const STKL = pick([1, 1, 1, 1, 1, 2, 3, 3, 4, 4, 4, 5, 6]);
    const LZZ = pick([2, 2, 2, 2, 2, 2, 2, 3, 4, 1]);
    const monthly = Math.round(60000 + rnd() * rnd() * 1400000); // 600 € to 14,600 €, skewed low
    const RE4 = LZZ === 1 ? monthly * 12 : LZZ === 2 ? monthly : LZZ === 3 ? Math.round((monthly * 7) / 30) : Math.round(monthly / 30);
    const privatelyInsured = rnd() < 0.1;
    const input: Partial<PapInput> = {
      LZZ,
      STKL,
      RE4,
      KVZ: privatelyInsured ? 0 : pick([2.18, 2.5, 2.69, 2.9, 3.29, 4.39]),
      PKV: privatelyInsured ? (deEdition(year).pap.privateSubsidy === 'PKV-2' ? 2 : 1) : 0,
      PKPV: privatelyInsured ? Math.round(40000 + rnd() * 60000) : 0,
      PKPVAGZ: privatelyInsured ? 30000 : 0,
      PVZ: rnd() < 0.35 ? 1 : 0,
      PVA: rnd() < 0.15 ? pick([1, 2, 3]) : 0,
      PVS: rnd() < 0.05 ? 1 : 0,
      R: rnd() < 0.45 ? 1 : 0,
      ZKF: STKL <= 4 && rnd() < 0.35 ? pick([0.5, 1, 1.5, 2, 3]) : 0,
    };
    if (STKL === 4 && rnd() < 0.15) {
      input.af = 1;
      input.f = pick([0.712, 0.845, 0.9, 0.963]);
    }
    if (rnd() < 0.04) {
      input.ALTER1 = 1;
      input.AJAHR = pick([2008, 2012, 2018, 2024]);
      if (rnd() < 0.6) {
        input.VBEZ = Math.round(RE4 * 0.6);
        input.VBEZM = Math.round(monthly * 0.6);
        input.VJAHR = pick([2005, 2010, 2016, 2023]);
      }
    }
    if (rnd() < 0.08) {
      input.SONSTB = pick([100000, 250000, 500000, 1500000]);
      input.JRE4 = monthly * 12;
    }
    cases.push([year, input]);
  }
  return cases;
}

/**
 * Runs the cases round-robin for about `seconds` of wall time. Returns calculations per CPU-second of
 * this (single-threaded) process, which is the one-core figure even when other work shares the machine,
 * and per wall-clock second.
 */
function measure(cases: readonly Case[], seconds: number): { cpu: number; wall: number } {
  let sink = 0;
  for (let i = 0; i < 50000; i++) {
    const [year, input] = cases[i % cases.length]!;
    sink += calculateLohnsteuer(year, input).LSTLZZ.isZero() ? 0 : 1; // warm-up (JIT)
  }
  (globalThis as { gc?: () => void }).gc?.();
  const budget = BigInt(Math.round(seconds * 1e9));
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  let n = 0;
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < 1000; i++, n++) {
      const [year, input] = cases[n % cases.length]!;
      sink += calculateLohnsteuer(year, input).LSTLZZ.isZero() ? 0 : 1;
    }
    elapsed = process.hrtime.bigint() - start;
  }
  const cpu = process.cpuUsage(cpuStart);
  if (sink < 0) process.stdout.write(''); // keeps the results alive
  return { cpu: (n * 1e6) / (cpu.user + cpu.system), wall: (n * 1e9) / Number(elapsed) };
}

const format = (rate: number): string => Math.round(rate).toLocaleString('en-US');

export async function run(): Promise<void> {
  const m2025 = mix(2025, 4000, 2025);
  const m2026 = mix(2026, 4000, 2026);
  const both = m2025.flatMap((c, i) => [c, m2026[i]!]);
  const ours = new Map<string, number>();
  for (const [label, cases] of [
    ['2025 mix', m2025],
    ['2026 mix', m2026],
    ['2025 + 2026 mix', both],
  ] as const) {
    const rate = measure(cases, 2);
    ours.set(label, rate.cpu);
    process.stdout.write(`de-lohnsteuer: ${format(rate.cpu)} calculations/s (${label}; one core, per CPU-second; wall clock ${format(rate.wall)}/s)\n`);
  }
  // Issue 19's target: ≥ 1.0× the JVM anchor, the BMF's PAP as Java classes generated from the same XML, over the
  // same cases, measured the same way (jvm-anchor.ts).
  if (!hasJdk()) {
    process.stdout.write('de-lohnsteuer-jvm: skipped (no javac/java on PATH; the JVM anchor needs a JDK)\n');
    return;
  }
  const anchor = buildJvmAnchor([2025, 2026]);
  try {
    const cases = [...m2025, ...m2026];
    const wrong = differences(anchor, cases, cases.length);
    if (wrong.length > 0) throw new Error(`the generated Java and the engine disagree on ${wrong.length} of ${cases.length} cases; first: ${wrong[0]}`);
    process.stdout.write(`de-lohnsteuer-jvm: identical outputs on all ${format(cases.length)} cases (${format(m2025.length)} per year; every output of the PAP)\n`);
    const rates = anchor.rates(both, 2);
    for (const label of ['2025 mix', '2026 mix', '2025 + 2026 mix']) {
      const jvm = rates.get(label);
      if (!jvm) throw new Error(`the JVM anchor printed no figure for the ${label}`);
      const ratio = (ours.get(label) as number) / jvm.cpu;
      process.stdout.write(`de-lohnsteuer-jvm: ${format(jvm.cpu)} calculations/s (${label}; generated Java, JIT-warm, per CPU-second of the JVM process; wall clock ${format(jvm.wall)}/s); payroll ${ratio.toFixed(2)}× (target ≥ 1.0×) ${ratio >= 1 ? 'OK' : 'SLOW'}\n`);
    }
  } finally {
    anchor.close();
  }
}
