// Regenerates the KRANKENKASSEN array of src/domain/de/krankenkassen.ts from fixtures/reference/de/krankenkassen.csv
// (the insurer table is bundled, never read at run time). Run after editing the CSV:
//   node scripts/generate-krankenkassen.mjs
// Only the lines between `export const KRANKENKASSEN` and its closing `];` are rewritten; the module's comments and
// functions stay as they are. test/domain/de/payroll/krankenkassen.test.ts checks module against CSV.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const csvUrl = new URL('fixtures/reference/de/krankenkassen.csv', root);
const moduleUrl = new URL('src/domain/de/krankenkassen.ts', root);

function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const [header, ...rows] = parseCsv(readFileSync(csvUrl, 'utf8'));
const col = (name) => {
  const i = header.indexOf(name);
  if (i < 0) throw new Error(`krankenkassen.csv: column ${name} missing`);
  return i;
};
const value = (row, name) => (row[col(name)] ?? '').trim();
const years = (y2025, y2026) => {
  const parts = [];
  if (y2025 !== '') parts.push(`2025: '${y2025}'`);
  if (y2026 !== '') parts.push(`2026: '${y2026}'`);
  return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
};

const lines = rows
  .filter((row) => value(row, 'betriebsnummer') !== '')
  .map((row) => {
    const code = value(row, 'betriebsnummer');
    if (!/^\d{8}$/.test(code)) throw new Error(`krankenkassen.csv: Betriebsnummer ${code} is not 8 digits`);
    const name = value(row, 'name').replace(/\\/g, '\\\\').replace(/"/g, '\\"');
    return (
      `  { code: '${code}', name: "${name}", ` +
      `additionalRate: ${years(value(row, 'zusatzbeitrag_2025'), value(row, 'zusatzbeitrag_2026'))}, ` +
      `u1: ${years(value(row, 'u1_2025'), value(row, 'u1'))}, ` +
      `u2: ${years(value(row, 'u2_2025'), value(row, 'u2'))}, ` +
      `sources: '${value(row, 'source')}' },`
    );
  });

const module = readFileSync(moduleUrl, 'utf8');
const start = module.indexOf('export const KRANKENKASSEN: readonly InsurerRecord[] = [\n');
const end = module.indexOf('\n];\n', start);
if (start < 0 || end < 0) throw new Error('krankenkassen.ts: KRANKENKASSEN array not found');
const head = module.slice(0, module.indexOf('\n', start) + 1);
writeFileSync(moduleUrl, `${head}${lines.join('\n')}${module.slice(end)}`);
console.log(`krankenkassen.ts: ${lines.length} insurers written`);
