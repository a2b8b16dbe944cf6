/** The bundled insurer table must say what fixtures/reference/de/krankenkassen.csv says. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KRANKENKASSEN, findInsurer } from '../../../../src/domain/de/krankenkassen.js';
import { referencePath } from '../../../support/reference.js';

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
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

describe('krankenkassen table', () => {
  const [header, ...rows] = parseCsv(readFileSync(referencePath('de', 'krankenkassen.csv'), 'utf8'));
  const col = (name: string): number => header!.indexOf(name);
  const records = rows.filter((r) => (r[col('betriebsnummer')] ?? '') !== '');

  it('holds every insurer of the CSV once, keyed by its 8-digit Betriebsnummer', () => {
    expect(KRANKENKASSEN.length).toBe(records.length);
    expect(new Set(KRANKENKASSEN.map((k) => k.code)).size).toBe(KRANKENKASSEN.length);
    for (const k of KRANKENKASSEN) expect(k.code).toMatch(/^\d{8}$/);
  });

  it.each(records.map((r) => [r[col('betriebsnummer')]!, r] as const))('%s matches the CSV', (code, r) => {
    const insurer = findInsurer(code)!;
    expect(insurer.name).toBe(r[col('name')]);
    const opt = (value: string | undefined): string | undefined => (value === undefined || value.trim() === '' ? undefined : value.trim());
    expect(insurer.additionalRate[2025]).toBe(opt(r[col('zusatzbeitrag_2025')]));
    expect(insurer.additionalRate[2026]).toBe(opt(r[col('zusatzbeitrag_2026')]));
    expect(insurer.u1[2025]).toBe(opt(r[col('u1_2025')]));
    expect(insurer.u1[2026]).toBe(opt(r[col('u1')]));
    expect(insurer.u2[2025]).toBe(opt(r[col('u2_2025')]));
    expect(insurer.u2[2026]).toBe(opt(r[col('u2')]));
  });
});
