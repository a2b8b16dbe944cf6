import { describe, expect, it } from 'vitest';
import { encodeBacs18 } from '../../src/formats/payments/bacs18.js';
import { encodeBacsCsv } from '../../src/formats/payments/bacs-csv.js';
import { bacsText, julian } from '../../src/formats/payments/bacs-text.js';
import type { BacsBatch } from '../../src/formats/payments/bacs-view.js';
import { encodeSepaPain001, sepaText } from '../../src/formats/payments/sepa-pain001.js';
import type { SepaBatch } from '../../src/formats/payments/sepa-view.js';
import { validatePain001 } from './xsd.js';

const BATCH: BacsBatch = {
  serviceUserNumber: '123456',
  serialNumber: '000042',
  processingDate: '2025-10-30',
  createdOn: '2025-10-27',
  originator: { sortCode: '200000', accountNumber: '55779911', name: 'Brightwater Analytics Ltd' },
  reference: 'PAY 2025-26 M07',
  credits: [
    { sortCode: '401276', accountNumber: '12345678', name: 'Siobhán O’Connor', amount: '2172.53' },
    { sortCode: '090128', accountNumber: '00012345', name: 'Jürgen Weiß-Øster', amount: '0.01' },
  ],
};

describe('Bacs Standard 18 (DAILY)', () => {
  const text = encodeBacs18(BATCH);
  const lines = text.split('\n').slice(0, -1);

  it('has the labels, 100-character data records and the trailers, in order', () => {
    expect(text.endsWith('\n')).toBe(true);
    expect(lines.map((l) => l.slice(0, 4))).toEqual(['VOL1', 'HDR1', 'HDR2', 'UHL1', '4012', '0901', '2000', 'EOF1', 'EOF2', 'UTL1']);
    expect(lines.map((l) => l.length)).toEqual([80, 80, 80, 80, 100, 100, 100, 80, 80, 80]);
    expect(lines.every((l) => /^[A-Z0-9.&/\- ]+$/.test(l))).toBe(true);
  });

  it('lays a credit out field by field (positions 1-based)', () => {
    const r = lines[4] as string;
    const at = (from: number, to: number) => r.slice(from - 1, to);
    expect(at(1, 6)).toBe('401276');
    expect(at(7, 14)).toBe('12345678');
    expect(at(15, 15)).toBe('0');
    expect(at(16, 17)).toBe('99');
    expect(at(18, 23)).toBe('200000');
    expect(at(24, 31)).toBe('55779911');
    expect(at(32, 35)).toBe('    ');
    expect(at(36, 46)).toBe('00000217253');
    expect(at(47, 64)).toBe('BRIGHTWATER ANALYT');
    expect(at(65, 82)).toBe('PAY 2025-26 M07   ');
    expect(at(83, 100)).toBe('SIOBHAN OCONNOR   ');
    expect((lines[5] as string).slice(82)).toBe('JURGEN WEISS-OSTER');
  });

  it('balances the credits with a debit contra and totals them in UTL1', () => {
    const contra = lines[6] as string;
    expect(contra.slice(0, 14)).toBe('20000055779911');
    expect(contra.slice(15, 17)).toBe('17');
    expect(contra.slice(35, 46)).toBe('00000217254');
    expect(contra.slice(64, 82).trim()).toBe('CONTRA');
    const utl = lines[9] as string;
    expect(utl.slice(4, 17)).toBe('0000000217254');
    expect(utl.slice(17, 30)).toBe('0000000217254');
    expect(utl.slice(30, 37)).toBe('0000001');
    expect(utl.slice(37, 44)).toBe('0000002');
  });

  it('names the service user, serial and dates in the labels', () => {
    expect(lines[0]?.slice(41, 47)).toBe('123456');
    expect(lines[0]?.slice(4, 10)).toBe('000042');
    expect(lines[1]?.slice(4, 21)).toBe('A123456S   123456');
    expect(lines[1]?.slice(41, 47)).toBe(' 25300');
    expect(lines[3]?.slice(4, 10)).toBe(' 25303');
    expect(lines[3]?.slice(28, 37)).toBe('1 DAILY  ');
    expect(lines[7]?.slice(4)).toBe(lines[1]?.slice(4));
  });

  it('refuses what it cannot encode', () => {
    expect(() => encodeBacs18({ ...BATCH, serviceUserNumber: '12345' })).toThrow(/6 digits/);
    expect(() => encodeBacs18({ ...BATCH, credits: [{ ...BATCH.credits[0]!, amount: '0.00' }] })).toThrow(/positive/);
    expect(() => encodeBacs18({ ...BATCH, credits: [{ ...BATCH.credits[0]!, amount: '1.005' }] })).toThrow(/penny/);
    expect(() => encodeBacs18({ ...BATCH, credits: [] })).toThrow(/at least one/);
  });

  it('writes Julian dates as " YYDDD" and text in the Bacs character set', () => {
    expect(julian('2025-01-01')).toBe(' 25001');
    expect(julian('2024-12-31')).toBe(' 24366');
    expect(bacsText('Zoë & Co. (UK) Ltd – payroll')).toBe('ZOE & CO. UK LTD PAYROLL');
  });
});

describe('Bacs CSV (PayGate payment editor layout)', () => {
  it('one CRLF row per credit, no header, pounds with two decimals', () => {
    const csv = encodeBacsCsv(BATCH);
    expect(csv.split('\r\n')).toEqual([
      '401276,12345678,SIOBHAN OCONNOR,2172.53,99,200000,55779911,BRIGHTWATER ANALYT,PAY 2025-26 M07,30/10/2025',
      '090128,00012345,JURGEN WEISS-OSTER,0.01,99,200000,55779911,BRIGHTWATER ANALYT,PAY 2025-26 M07,30/10/2025',
      '',
    ]);
  });
});

const SEPA: SepaBatch = {
  messageId: 'PAYROLL-0198f0a27c1e70008000000000000001',
  createdAt: '2026-11-25T10:00:00.123Z',
  initiatingParty: 'Muster GmbH',
  paymentInformationId: 'PAY-2026-11',
  executionDate: '2026-11-27',
  debtor: { name: 'Muster GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  credits: [
    { endToEndId: 'E1-2026-11', amount: '3549.97', name: 'Jürgen Weiß', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', remittance: 'Lohn/Gehalt November 2026' },
    { endToEndId: 'E2-2026-11', amount: '1200.10', name: 'Zoë <Łopez> & Søn', iban: 'AT611904300234573201', bic: null, remittance: 'Lohn/Gehalt November 2026' },
    { endToEndId: 'E3-2026-11', amount: '0.20', name: 'Anna Schmidt', iban: 'DE02500105170137075030', bic: null, remittance: 'Lohn/Gehalt November 2026' },
  ],
};

describe('SEPA credit transfer pain.001.001.09 (DK variant)', () => {
  it('validates against pain.001.001.09_GBIC_4.xsd with control sums equal to the credits’ total', async () => {
    const xml = encodeSepaPain001(SEPA);
    const result = await validatePain001(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml.match(/<CtrlSum>([^<]+)<\/CtrlSum>/g)).toEqual(['<CtrlSum>4750.27</CtrlSum>', '<CtrlSum>4750.27</CtrlSum>']);
    expect(xml.match(/<NbOfTxs>3<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml).toContain('<CreDtTm>2026-11-25T10:00:00Z</CreDtTm>');
    expect(xml).toContain('<Cdtr><Nm>Zoe Lopez &amp; Son</Nm></Cdtr>');
    expect(xml).toContain('<Cdtr><Nm>Jürgen Weiß</Nm></Cdtr>');
    // No creditor BIC: the agent is left out (IBAN only); the debtor's BIC is given.
    expect(xml.match(/<CdtrAgt>/g)).toHaveLength(1);
    expect(xml).toContain('<BICFI>COBADEFFXXX</BICFI>');
  });

  it('is refused by the schema when broken (the validator really validates)', async () => {
    const xml = encodeSepaPain001(SEPA).replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>DD</PmtMtd>');
    expect((await validatePain001(xml)).valid).toBe(false);
  });

  it('keeps the German banks’ character set', () => {
    expect(sepaText('Zoë <Łopez> & Søn', 70)).toBe('Zoe Lopez &amp; Son');
    expect(sepaText('Jürgen Weiß', 70)).toBe('Jürgen Weiß');
  });

  it('refuses amounts SEPA cannot carry', () => {
    expect(() => encodeSepaPain001({ ...SEPA, credits: [{ ...SEPA.credits[0]!, amount: '0.00' }] })).toThrow(/0\.01/);
  });
});
