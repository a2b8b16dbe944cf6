/**
 * The committed editions are exactly what the PAP generator (src/tools/pap-generator) makes of the BMF's XML (no hand edits), and
 * the generator stops on Java it does not know instead of translating it wrongly.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateFastEdition, generateRangeReport } from '../../../src/tools/pap-generator/fast.js';
import { generateEdition } from '../../../src/tools/pap-generator/generate.js';
import { referencePath } from '../../support/reference.js';

const SRC = fileURLToPath(new URL('../../../src/domain/de/lohnsteuer/', import.meta.url));
const DOCS = fileURLToPath(new URL('../../../docs/', import.meta.url));

describe('generated editions', () => {
  it.each([2025, 2026])('lohnsteuer%i-bigdecimal.ts is the BigDecimal translation of that year’s BMF XML, byte for byte', (year) => {
    const xml = readFileSync(referencePath('de', 'bmf-pap', `Lohnsteuer${year}.xml`), 'utf8');
    expect(generateEdition(xml)).toBe(readFileSync(`${SRC}lohnsteuer${year}-bigdecimal.ts`, 'utf8'));
  });

  it.each([2025, 2026])('lohnsteuer%i.ts is the scaled-integer translation, and docs/pap-ranges-<year>.md its current proof of range', (year) => {
    const xml = readFileSync(referencePath('de', 'bmf-pap', `Lohnsteuer${year}.xml`), 'utf8');
    expect(generateFastEdition(xml)).toBe(readFileSync(`${SRC}lohnsteuer${year}.ts`, 'utf8'));
    const report = generateRangeReport(xml);
    expect(report).toBe(readFileSync(`${DOCS}pap-ranges-${year}.md`, 'utf8'));
    // Every variable held as a number fits 2^53 − 1; the rest are BigInt, and the report says so.
    const variables = report.slice(report.indexOf('## Variables'), report.indexOf('## Operations'));
    const rows = variables.split('\n').filter((l) => /^\| [A-Za-z]\w* \| \d+ \|/.test(l));
    expect(rows.length).toBeGreaterThan(80);
    for (const row of rows) {
      const cells = row.split('|').map((c) => c.trim());
      const max = BigInt(cells[5]!);
      expect(cells[7]).toBe(max <= BigInt(Number.MAX_SAFE_INTEGER) ? 'number' : 'BigInt');
    }
  });

  it('its command line (tools/pap-generator/main.ts, built) turns the XML on stdin into the edition on stdout', () => {
    const main = fileURLToPath(new URL('../../../dist/tools/pap-generator/main.js', import.meta.url));
    const xml = readFileSync(referencePath('de', 'bmf-pap', 'Lohnsteuer2026.xml'), 'utf8');
    const run = spawnSync(process.execPath, [main], { input: xml, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(readFileSync(`${SRC}lohnsteuer2026.ts`, 'utf8'));
  });
});

describe('generator refuses what it cannot translate faithfully', () => {
  const pap = (body: string): string => `<PAP name="Lohnsteuer2099"><VARIABLES><INPUTS><INPUT name="RE4" type="BigDecimal"/></INPUTS>
    <OUTPUTS><OUTPUT name="LSTLZZ" type="BigDecimal"/></OUTPUTS><INTERNALS><INTERNAL name="N" type="int"/></INTERNALS></VARIABLES>
    <CONSTANTS><CONSTANT name="ZAHL100" type="BigDecimal" value="BigDecimal.valueOf(100)"/></CONSTANTS>
    <METHODS><MAIN><EXECUTE method="STEP"/></MAIN><METHOD name="STEP">${body}</METHOD></METHODS></PAP>`;

  it('the scaled-integer translation proves ranges from the input bounds, and computes in BigInt where they do not fit', () => {
    const ts = generateFastEdition(pap('<EVAL exec="LSTLZZ = RE4.divide (ZAHL100, 0, BigDecimal.ROUND_DOWN).multiply(BigDecimal.valueOf(1.5))"/>'));
    // RE4 ≤ 10^10 cents: RE4 / 100 at 0 places × 1.5 at scale 1 stays a number, with the rounding division of scaled.ts
    expect(ts).toContain('this.LSTLZZ = divDown(this.RE4, 100) * 15;');
    expect(ts).toMatch(/LSTLZZ: number = 0; \/\/ × 10\^1/);
    const big = generateFastEdition(pap('<EVAL exec="LSTLZZ = RE4.multiply(RE4).multiply(RE4)"/>'));
    expect(big).toMatch(/LSTLZZ: bigint = 0n;/); // up to 10^30: BigInt
    expect(big).toContain('this.LSTLZZ = (BigInt(this.RE4) * BigInt(this.RE4)) * BigInt(this.RE4);');
    // An exact division that may not terminate is refused (Java would throw for some inputs).
    expect(() => generateFastEdition(pap('<EVAL exec="LSTLZZ = RE4.divide(BigDecimal.valueOf(3))"/>'))).toThrow(/may not terminate/);
  });

  it('translates the known idioms', () => {
    const ts = generateEdition(pap('<EVAL exec="LSTLZZ = RE4.divide (ZAHL100, 0, BigDecimal.ROUND_DOWN).multiply(BigDecimal.valueOf(1.5))"/>'));
    expect(ts).toContain('this.LSTLZZ = this.RE4.divide(ZAHL100, 0, BigDecimal.ROUND_DOWN).multiply(D_1_5);');
    expect(ts).toContain("const D_1_5 = BigDecimal.parse('1.5');");
  });

  it.each([
    ['a rounding mode the engine does not implement', '<EVAL exec="LSTLZZ = RE4.setScale(0, BigDecimal.ROUND_HALF_UP)"/>'],
    ['an unknown variable', '<EVAL exec="LSTLZZ = RE5"/>'],
    ['an unknown BigDecimal method', '<EVAL exec="LSTLZZ = RE4.pow(2)"/>'],
    ['new BigDecimal(double), a binary fraction', '<EVAL exec="LSTLZZ = new BigDecimal(0.1)"/>'],
    ['arithmetic operators on BigDecimal', '<EVAL exec="LSTLZZ = RE4 + RE4"/>'],
    ['a BigDecimal assigned to an int', '<EVAL exec="N = RE4"/>'],
    ['a call of an unknown step', '<EXECUTE method="NOPE"/>'],
    ['an unknown statement', '<LOOP/>'],
  ])('%s', (_what, body) => {
    expect(() => generateEdition(pap(body))).toThrow();
  });
});
