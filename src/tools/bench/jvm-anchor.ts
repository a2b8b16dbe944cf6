/**
 * The JVM anchor of `npm run bench -- de-lohnsteuer` (issue 19: "wage tax ≥ 1.0× the JVM anchor: the Java classes
 * generated from the same PAP XML, JIT-warm, over the bench's own case mix"). When a JDK is on the machine
 * (`javac` and `java` on PATH), the bench writes the Java classes of both PAP years with the PAP generator
 * (tools/pap-generator/java.ts), compiles them with ./jvm/PapHarness.java, and runs the harness over the same cases
 * the TypeScript engine ran: first to check the results are identical, then to time them the same way (per CPU
 * second of the whole process, after a JIT warm-up). Without a JDK the bench says so and prints its own figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Decimal } from '../../domain/money.js';
import { calculateLohnsteuer, type PapInput, type PapYear } from '../../domain/de/lohnsteuer/index.js';
import { generateJavaEdition } from '../pap-generator/java.js';

const REPOSITORY = new URL('../../../', import.meta.url);
const HARNESS = fileURLToPath(new URL('src/tools/bench/jvm/PapHarness.java', REPOSITORY));
const papXml = (year: PapYear) => fileURLToPath(new URL(`fixtures/reference/de/bmf-pap/Lohnsteuer${year}.xml`, REPOSITORY));

export type AnchorCase = readonly [PapYear, Partial<PapInput>];

/** Whether `javac` and `java` run here. */
export function hasJdk(): boolean {
  return ['javac', 'java'].every((tool) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0);
}

/**
 * One case as the harness reads it. The TypeScript engine takes an absent `af` as 0 (types.ts: ELStAM delivers the
 * factor method as af = 1 with f), the BMF's class as 1: every case names af, so both compute the same case.
 */
function caseLine([year, input]: AnchorCase): string {
  const values: Record<string, unknown> = { af: 0, ...input };
  return `${year}\t${Object.entries(values)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(';')}`;
}

export interface JvmAnchor {
  /** The outputs of the first `count` cases, one record per case, by the PAP's output names. */
  outputs(cases: readonly AnchorCase[], count: number): Record<string, string>[];
  /** Calculations per CPU second and per wall-clock second for the 2025 cases, the 2026 cases and both interleaved. */
  rates(cases: readonly AnchorCase[], seconds: number): Map<string, { cpu: number; wall: number }>;
  close(): void;
}

function run(args: string[], cwd: string): string {
  const result = spawnSync(args[0] as string, args.slice(1), { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${String(result.status)}: ${result.stderr}`);
  return result.stdout;
}

/** Writes and compiles the Java classes of both PAP years and the harness in a temporary folder. */
export function buildJvmAnchor(years: readonly PapYear[]): JvmAnchor {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-jvm-anchor-'));
  const sources = years.map((year) => {
    const file = join(dir, `Lohnsteuer${year}.java`);
    writeFileSync(file, generateJavaEdition(readFileSync(papXml(year), 'utf8')));
    return file;
  });
  writeFileSync(join(dir, 'PapHarness.java'), readFileSync(HARNESS, 'utf8'));
  run(['javac', '-nowarn', '-encoding', 'UTF-8', '-d', dir, ...sources, join(dir, 'PapHarness.java')], dir);
  const casesFile = (cases: readonly AnchorCase[]) => {
    const file = join(dir, 'cases.tsv');
    writeFileSync(file, `${cases.map(caseLine).join('\n')}\n`);
    return file;
  };
  return {
    outputs(cases, count) {
      const lines = run(['java', '-cp', dir, 'PapHarness', 'verify', casesFile(cases), String(count)], dir).trim().split('\n');
      return lines.map((line) => Object.fromEntries(line.split(';').map((pair) => pair.split('=', 2) as [string, string])));
    },
    rates(cases, seconds) {
      const out = new Map<string, { cpu: number; wall: number }>();
      for (const line of run(['java', '-cp', dir, 'PapHarness', 'bench', casesFile(cases), String(seconds)], dir).trim().split('\n')) {
        const [label, cpu, wall] = line.split('\t');
        out.set(label as string, { cpu: Number(cpu), wall: Number(wall) });
      }
      return out;
    },
    close() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The cases among `cases[0, count)` on which the TypeScript engine and the generated Java disagree in any output the
 * Java class has, with the first differing output (empty: identical).
 */
export function differences(anchor: JvmAnchor, cases: readonly AnchorCase[], count: number): string[] {
  const java = anchor.outputs(cases, count);
  const found: string[] = [];
  java.forEach((outputs, i) => {
    const [year, input] = cases[i] as AnchorCase;
    const ours = calculateLohnsteuer(year, input) as unknown as Record<string, Decimal | number | undefined>;
    for (const [name, value] of Object.entries(outputs)) {
      const mine = ours[name];
      if (mine === undefined || !new Decimal(String(mine)).eq(value)) {
        found.push(`case ${i} (${year} ${JSON.stringify(input)}): ${name} is ${String(mine)} here and ${value} in the generated Java`);
        return;
      }
    }
  });
  return found;
}
