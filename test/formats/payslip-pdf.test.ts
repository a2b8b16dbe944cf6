import { describe, expect, it } from 'vitest';
import { renderGbPayslipPdf, spacedNiNumber } from '../../src/formats/payslip/gb-pdf.js';
import { renderDeEntgeltbescheinigungPdf, spacedSvNumber } from '../../src/formats/payslip/de-pdf.js';
import { FONTS } from './fonts.js';
import { pdfText } from './pdf-text.js';
import { SAMPLE_GB_VIEW } from './gb-view.sample.js';
import { SAMPLE_DE_VIEW } from './de-view.sample.js';

const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('GB payslip PDF (ERA 1996 s8 itemised pay statement)', () => {
  it('is an A4 PDF whose text layer carries the employer, employee, period, every line, net pay and year to date', async () => {
    const bytes = await renderGbPayslipPdf(SAMPLE_GB_VIEW, FONTS);
    expect(ascii(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(ascii(bytes)).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = await pdfText(bytes);
    for (const expected of [
      'Brightwater Analytics Ltd',
      'Employer PAYE reference 120/BA45678',
      'Siobhán O’Connor-Łukasiewicz',
      'GB-0042',
      'AB 12 34 56 C',
      '1257L',
      'Cumulative',
      'Month 7, tax year 2025-26',
      '6 October 2025 – 5 November 2025',
      '31 October 2025',
      // the period in ISO form too (footer), for a reader that looks for the API's dates
      'Pay period 2025-10-06 to 2025-11-05 (tax year 2025-26, month 7), paid on 2025-10-31.',
      // hours × rate of pay that varies with time worked (s8(2)(e))
      '151.50',
      '14.215',
      '2153.57',
      'Income tax (PAYE)',
      '372.40',
      'National Insurance (employee)',
      '161.13',
      'Student loan (plan 2)',
      'Postgraduate loan',
      'Pension contribution',
      'Union subscription',
      '£2909.41',
      '£779.48',
      '£2172.53',
      'Employer National Insurance',
      '361.46',
      'Employer pension contribution',
      '57.87',
      'Year to date, tax year 2025-26',
      '19120.55',
      '14101.17',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('gives the same bytes for the same payslip, and different bytes (and file id) for another', async () => {
    const a = await renderGbPayslipPdf(SAMPLE_GB_VIEW, FONTS);
    const b = await renderGbPayslipPdf(structuredClone(SAMPLE_GB_VIEW), FONTS);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(ascii(a)).toContain('(D:20251103091500Z)');
    const other = await renderGbPayslipPdf({ ...SAMPLE_GB_VIEW, payslipId: 'another' }, FONTS);
    const id = (s: string) => /\/ID \[<([0-9a-f]+)>/.exec(s)?.[1];
    expect(id(ascii(other))).not.toBe(id(ascii(a)));
  });

  it('goes on to a second page when the lines do not fit on one', async () => {
    const payments = Array.from({ length: 70 }, (_, i) => ({ description: `Shift ${i + 1}`, hours: '7.5', rate: '12.00', amount: '90.00' }));
    const text = await pdfText(await renderGbPayslipPdf({ ...SAMPLE_GB_VIEW, payments }, FONTS));
    expect(text).toContain('Shift 70');
    expect(text).toContain('page 2');
    expect(text).toContain('£2172.53');
  });

  it('prints NI numbers in HMRC’s groups', () => {
    expect(spacedNiNumber('ab123456c')).toBe('AB 12 34 56 C');
    expect(spacedNiNumber('not one')).toBe('not one');
  });
});

describe('German Entgeltbescheinigung PDF (EntgBV § 1)', () => {
  it('carries every § 1 field in German: parties, numbers, tax and SV attributes, gross, taxes, SV, net, payout, year values', async () => {
    const bytes = await renderDeEntgeltbescheinigungPdf(SAMPLE_DE_VIEW, FONTS);
    const text = await pdfText(bytes);
    for (const expected of [
      'Entgeltbescheinigung',
      'Muster GmbH',
      'Musterstraße 12',
      'Jürgen Weiß',
      'Hauptstraße 5',
      '15.03.1984',
      '15 150384 W 012',
      '86095742719',
      '01.04.2021',
      'November 2026',
      'SV-Tage',
      '4 mit Faktor 0,912',
      'Kinderfreibeträge',
      'rk (römisch-katholisch)',
      'Personengruppe',
      '101',
      'Beitragsgruppe',
      '1111',
      'Techniker Krankenkasse',
      '2,45 %',
      'Weihnachtsgeld',
      'einmalig',
      'Gesamtbrutto',
      '6.500,00',
      'Steuerbrutto',
      'Lohnsteuer',
      '1.321,50',
      'Solidaritätszuschlag',
      '35,12',
      'Kirchensteuer',
      '105,72',
      'Krankenversicherung',
      '5.812,50',
      '494,06',
      'Pflegeversicherung',
      '104,63',
      'Rentenversicherung',
      '604,50',
      'Arbeitslosenversicherung',
      '84,50',
      'Nettoentgelt',
      '3.749,97',
      'Vorschuss (Rückzahlung)',
      '-200,00',
      'Auszahlungsbetrag',
      '3.549,97 €',
      'Kumulierte Jahreswerte 2026',
      '51.500,00',
      '9.812,40',
    ]) {
      expect(text).toContain(expected);
    }
    expect(ascii(bytes)).toContain('/Lang (de-DE)');
  });

  it('is deterministic', async () => {
    const a = await renderDeEntgeltbescheinigungPdf(SAMPLE_DE_VIEW, FONTS);
    const b = await renderDeEntgeltbescheinigungPdf(structuredClone(SAMPLE_DE_VIEW), FONTS);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('prints the Versicherungsnummer in its groups', () => {
    expect(spacedSvNumber('15150384W012')).toBe('15 150384 W 012');
  });
});
