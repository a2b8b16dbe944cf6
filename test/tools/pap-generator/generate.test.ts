/**
 * The committed editions are exactly what the PAP generator (src/tools/pap-generator) makes of the BMF's XML (no hand edits), and
 * the generator stops on Java it does not know instead of translating it wrongly.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateEdition } from '../../../src/tools/pap-generator/generate.js';
import { referencePath } from '../../support/reference.js';

const SRC = fileURLToPath(new URL('../../../src/domain/de/lohnsteuer/', import.meta.url));

describe('generated editions', () => {
  it.each([2025, 2026])('lohnsteuer%i.ts is the translation of that year’s BMF XML, byte for byte', (year) => {
    const xml = readFileSync(referencePath('de', 'bmf-pap', `Lohnsteuer${year}.xml`), 'utf8');
    expect(generateEdition(xml)).toBe(readFileSync(`${SRC}lohnsteuer${year}.ts`, 'utf8'));
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
