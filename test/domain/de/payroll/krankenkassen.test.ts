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

  // AAG levy rates are small percentages of the RV-liable wage (U1 about 1–5 %, U2 below 1 %); a value outside
  // these bounds is a typo (24 for 2.4) or a rate pasted into the wrong column.
  it('every U1 rate is a percent in (0, 10) and every U2 rate a percent in (0, 2)', () => {
    const rates = KRANKENKASSEN.flatMap((k) =>
      (['u1', 'u2'] as const).flatMap((kind) => Object.entries(k[kind]).map(([year, rate]) => ({ code: k.code, kind, year, rate: rate! }))),
    );
    expect(rates.length).toBeGreaterThanOrEqual(30);
    for (const { code, kind, year, rate } of rates) {
      expect(rate, `${code} ${kind} ${year}`).toMatch(/^\d+(\.\d+)?$/);
      const value = Number(rate);
      expect(value, `${code} ${kind} ${year}`).toBeGreaterThan(0);
      expect(value, `${code} ${kind} ${year}`).toBeLessThan(kind === 'u1' ? 10 : 2);
    }
  });

  it('every insurer with a U1 or U2 rate names a U* source key that krankenkassen-sources.md defines', () => {
    const sources = readFileSync(referencePath('de', 'krankenkassen-sources.md'), 'utf8');
    const defined = new Set([...sources.matchAll(/^\* \*\*(U\d+)\*\*/gm)].map((m) => m[1]!));
    const withRate = KRANKENKASSEN.filter((k) => Object.keys(k.u1).length + Object.keys(k.u2).length > 0);
    expect(withRate.length).toBeGreaterThanOrEqual(13);
    for (const k of withRate) {
      const keys = k.sources.split(/\s+/).filter((key) => /^U\d+$/.test(key));
      expect(keys.length, `${k.code} ${k.name}`).toBeGreaterThan(0);
      for (const key of keys) expect(defined.has(key), `${k.code}: ${key} defined in krankenkassen-sources.md`).toBe(true);
    }
  });

  it('carries the published standard-option rates (spot checks against the sources)', () => {
    // Knappschaft (U10): single 80 % option, 1.10 % → 0.80 % from 2026; U2 0.22 % both years.
    const knappschaft = findInsurer('98094032')!;
    expect([knappschaft.u1[2025], knappschaft.u1[2026], knappschaft.u2[2025], knappschaft.u2[2026]]).toEqual(['1.10', '0.80', '0.22', '0.22']);
    // hkk 2026 (U3): allgemein 60 % = 1.90 %, U2 0.50 %; no 2025 rate found.
    const hkk = findInsurer('20013461')!;
    expect([hkk.u1[2026], hkk.u2[2026], hkk.u1[2025]]).toEqual(['1.90', '0.50', undefined]);
    // AOK Bayern (U8): four U1 options, none named standard → no U1; U2 0.42 % → 0.49 %.
    const aokBayern = findInsurer('87880235')!;
    expect([aokBayern.u1[2025], aokBayern.u1[2026], aokBayern.u2[2025], aokBayern.u2[2026]]).toEqual([undefined, undefined, '0.42', '0.49']);
  });
});
