/**
 * Random wage-tax cases over the whole input space of the PAP, and the comparison of the scaled-integer editions
 * (lohnsteuer<year>.ts) with their BigDecimal twins (lohnsteuer<year>-bigdecimal.ts) on them: the equivalence check
 * behind issue 19 (test/domain/de/lohnsteuer/equivalence.test.ts runs a sample, `npm run bench --
 * de-lohnsteuer-equivalence` a million cases per year). Not a bench itself.
 *
 * The cases cover every tax class and pay period, the factor method, pensions (Versorgungsbezüge with their years
 * and months, Sterbegeld), the age relief, one-off payments with compensation (SONSTB, SONSTENT, JRE4, JRE4ENT,
 * JVBEZ, VBS), allowances and additions for the period and the year, private insurance with and without subsidy,
 * children, church, Saxony, the childless surcharge, the pension- and unemployment-insurance markers, and amounts
 * from nothing to the proof's bound (and a few beyond it, which the BigDecimal edition takes).
 */
import { DE_EDITIONS, type DeTaxYear } from '../../domain/de/editions.js';
import type { PapInput, PapOutput } from '../../domain/de/lohnsteuer/types.js';

type Rnd = () => number;

/** An amount in cents, spread over orders of magnitude (most of them wages, some tiny, some huge). */
function cents(rnd: Rnd, max = 10_000_000_000): number {
  const r = rnd();
  if (r < 0.05) return 0;
  if (r < 0.15) return Math.floor(rnd() * 10_000); // below 100 €
  if (r < 0.85) return Math.floor(rnd() * 1_500_000); // wages up to 15,000 €
  if (r < 0.97) return Math.floor(rnd() * 50_000_000); // up to 500,000 €
  return Math.floor(rnd() * max);
}

export function randomPapCase(rnd: Rnd, year: DeTaxYear): Partial<PapInput> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const maybe = (p: number): boolean => rnd() < p;
  const STKL = 1 + Math.floor(rnd() * 6);
  const LZZ = 1 + Math.floor(rnd() * 4);
  const input: Partial<PapInput> = {
    LZZ,
    STKL,
    RE4: cents(rnd),
    R: maybe(0.4) ? pick([1, 2, 3]) : 0,
    PVS: maybe(0.1) ? 1 : 0,
    PVZ: maybe(0.3) ? 1 : 0,
    PVA: maybe(0.2) ? pick([0, 1, 2, 3, 4]) : 0,
    KRV: maybe(0.1) ? 1 : 0,
    ALV: maybe(0.1) ? 1 : 0,
    ZKF: maybe(0.35) ? pick([0.5, 1, 1.5, 2, 2.5, 3, 4, 7.5]) : 0,
  };
  if (maybe(0.85)) input.KVZ = pick([0, 1.7, 2.18, 2.5, 2.69, 2.9, 3.29, 4.39, 2.4567, 9.9999]);
  if (maybe(0.15)) {
    const subsidised = maybe(0.6);
    input.PKV = DE_EDITIONS[year].pap.privateSubsidy === 'PKV-2' ? (subsidised ? 2 : 1) : 1;
    input.PKPV = Math.floor(rnd() * 150_000);
    if (subsidised) input.PKPVAGZ = Math.floor(rnd() * 60_000);
  }
  if (STKL === 4 && maybe(0.3)) {
    input.af = 1;
    input.f = pick([0.001, 0.5, 0.712, 0.845, 0.9, 0.963, 0.999, 1]);
  } else if (maybe(0.05)) {
    input.af = 0;
    input.f = 0.8; // ignored without af = 1
  }
  if (maybe(0.15)) {
    input.ALTER1 = 1;
    input.AJAHR = pick([2000, 2005, 2006, 2010, 2018, 2024, 2025, 2026, 2040, 2057, 2058, 2070]);
  }
  if (maybe(0.2)) {
    input.VBEZ = Math.floor((input.RE4 as number) * rnd());
    input.VBEZM = Math.floor(rnd() * 600_000);
    if (maybe(0.3)) input.VBEZS = Math.floor(rnd() * 1_000_000);
    input.VJAHR = pick([1999, 2005, 2006, 2010, 2016, 2023, 2025, 2026, 2040, 2057, 2058, 2099]);
    if (LZZ === 1 || maybe(0.3)) input.ZMVB = Math.floor(rnd() * 13);
  }
  if (maybe(0.1)) input.LZZFREIB = cents(rnd, 100_000_000);
  if (maybe(0.05)) input.LZZHINZU = cents(rnd, 100_000_000);
  if (maybe(0.3)) {
    input.SONSTB = cents(rnd);
    input.JRE4 = cents(rnd);
    if (maybe(0.2)) input.SONSTENT = Math.floor((input.SONSTB as number) * rnd());
    if (maybe(0.2)) input.JRE4ENT = Math.floor((input.JRE4 as number) * rnd());
    if (maybe(0.15)) input.JVBEZ = Math.floor((input.JRE4 as number) * rnd());
    if (maybe(0.1)) {
      input.VBS = Math.floor((input.SONSTB as number) * rnd());
      if (maybe(0.5)) input.STERBE = Math.floor((input.VBS as number) * rnd());
    }
    if (maybe(0.1)) input.JFREIB = cents(rnd, 100_000_000);
    if (maybe(0.05)) input.JHINZU = cents(rnd, 100_000_000);
  }
  if (maybe(0.05)) input.MBV = cents(rnd, 100_000_000);
  return input;
}

export interface EquivalenceReport {
  cases: number;
  /** Cases the scaled-integer edition took (inputs within its bounds). */
  fast: number;
  differences: number;
  /** The first few differing cases, with both outputs as text. */
  examples: { input: Partial<PapInput>; fast: Record<string, string>; exact: Record<string, string> }[];
}

const text = (o: PapOutput): Record<string, string> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.toFixed()]));

/**
 * Runs `count` random cases (seeded) through both editions of `year` and compares every output. A case outside the
 * scaled edition's bounds counts as taken by the BigDecimal edition and is not compared (there is nothing to compare).
 */
export function compareEditions(year: DeTaxYear, count: number, rnd: Rnd): EquivalenceReport {
  const { program: Fast, exact: Exact } = DE_EDITIONS[year].pap;
  const report: EquivalenceReport = { cases: 0, fast: 0, differences: 0, examples: [] };
  for (let i = 0; i < count; i++) {
    const input = randomPapCase(rnd, year);
    report.cases++;
    const fast = new Fast();
    if (fast.setInputs(input) !== true) continue;
    report.fast++;
    fast.MAIN();
    const exact = new Exact();
    exact.setInputs(input);
    exact.MAIN();
    const a = text(fast.getOutputs());
    const b = text(exact.getOutputs());
    let same = Object.keys(a).length === Object.keys(b).length;
    for (const k of Object.keys(b)) if (a[k] !== b[k]) same = false;
    if (!same) {
      report.differences++;
      if (report.examples.length < 5) report.examples.push({ input, fast: a, exact: b });
    }
  }
  return report;
}
