/**
 * The PAP generator's command line (its composition root): the BMF's XML on stdin, the output on stdout, no
 * file-system access of its own. See ./generate.ts for how to add a year.
 *
 *   --mode fast        (default) the scaled-integer edition, src/domain/de/lohnsteuer/lohnsteuer<year>.ts (./fast.ts)
 *   --mode bigdecimal  the BigDecimal edition, src/domain/de/lohnsteuer/lohnsteuer<year>-bigdecimal.ts (./generate.ts)
 *   --mode ranges      the proof of range of the fast edition, docs/pap-ranges-<year>.md (./ranges.ts)
 *   --mode java        the Java class the BMF's pseudo-code describes: the wage-tax bench's JVM anchor (./java.ts)
 */
import { generateFastEdition, generateRangeReport } from './fast.js';
import { generateEdition } from './generate.js';
import { generateJavaEdition } from './java.js';

const modeAt = process.argv.indexOf('--mode');
const mode = modeAt >= 0 ? process.argv[modeAt + 1] : 'fast';
const generate = { fast: generateFastEdition, bigdecimal: generateEdition, ranges: generateRangeReport, java: generateJavaEdition }[mode ?? ''];
if (!generate) {
  process.stderr.write(`unknown --mode ${String(mode)}; use fast, bigdecimal, ranges or java\n`);
  process.exit(2);
}

let xml = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  xml += chunk;
});
process.stdin.on('end', () => {
  process.stdout.write(generate(xml));
});
