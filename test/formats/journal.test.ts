import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import { accountMapping, DEFAULT_ACCOUNTS } from '../../src/formats/journal/accounts.js';
import { DATEV_COLUMNS, encodeDatev, windows1252 } from '../../src/formats/journal/datev.js';
import { dePostings } from '../../src/formats/journal/de-postings.js';
import { gbPostings } from '../../src/formats/journal/gb-postings.js';
import { buildJournal, type Posting } from '../../src/formats/journal/journal.js';
import { encodeJournalCsv } from '../../src/formats/journal/journal-csv.js';

const HEADER = { runId: 'run-1', postingDate: '2026-11-27', periodStart: '2026-11-01', periodEnd: '2026-11-30', currency: 'EUR' as const, description: 'Lohn November 2026' };

interface DeVector {
  id: string;
  months: { month: string; expected: Record<string, string | number | null> }[];
}

function deVectors(): DeVector[] {
  return ['run2025-vectors.jsonl', 'run2026-vectors.jsonl'].flatMap((file) =>
    readFileSync(new URL(`../../fixtures/reference/de/${file}`, import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as DeVector),
  );
}

describe('journal of German months (SKR03)', () => {
  const skr03 = accountMapping('SKR03');

  it('balances for every month of every de-run vector, with gross on 4120 and the payout on 1740', () => {
    let months = 0;
    for (const v of deVectors()) {
      for (const m of v.months) {
        const figures = m.expected;
        const journal = buildJournal(HEADER, dePostings({ employeeId: v.id, employeeName: v.id, figures, healthInsurer: 'AOK' }), skr03, 'summary');
        expect(journal.totalDebit, `${v.id} ${m.month}`).toBe(journal.totalCredit);
        const on = (account: string, side: 'debit' | 'credit') => journal.lines.filter((l) => l.account === account).reduce((s, l) => s.plus(l[side]), new Decimal(0)).toFixed(2);
        expect(on('4120', 'debit')).toBe(new Decimal(String(figures['employee.totals.total_gross_wages'])).toFixed(2));
        expect(on('1740', 'credit')).toBe(new Decimal(String(figures['employee.totals.net_pay'])).toFixed(2));
        months += 1;
      }
    }
    expect(months).toBeGreaterThan(100);
  });

  it('keeps one liability line per health insurer', () => {
    const figures = deVectors()[0]!.months[0]!.expected;
    const a = dePostings({ employeeId: 'a', employeeName: 'A', figures, healthInsurer: 'AOK Bayern' });
    const b = dePostings({ employeeId: 'b', employeeName: 'B', figures, healthInsurer: 'Techniker Krankenkasse' });
    const journal = buildJournal(HEADER, [...a, ...b], skr03, 'summary');
    const sv = journal.lines.filter((l) => l.account === '1742');
    expect(sv.map((l) => l.party).sort()).toEqual(['AOK Bayern', 'Techniker Krankenkasse']);
    expect(sv[0]?.credit).toBe(sv[1]?.credit);
  });
});

describe('journal of a GB payslip (nominal codes)', () => {
  const lines = [
    { section: 'earnings', wageTypeCode: 'UK-E-001', name: 'Basic salary', amount: '3000.00' },
    { section: 'reimbursements', wageTypeCode: 'UK-R-001', name: 'Business expenses', amount: '40.00' },
    { section: 'deductions', wageTypeCode: 'UK-D-005', name: 'Union', amount: '10.00' },
    { section: 'statutory_deductions', wageTypeCode: null, name: 'Income tax (PAYE)', amount: '348.60' },
    { section: 'statutory_deductions', wageTypeCode: null, name: 'National Insurance (employee)', amount: '159.44' },
    { section: 'pension', wageTypeCode: 'UK-P-001', name: 'Pension contribution', amount: '120.00' },
    { section: 'employer', wageTypeCode: 'UK-C-002', name: 'Employer pension contribution', amount: '72.00' },
    { section: 'employer', wageTypeCode: 'UK-C-001', name: 'Employer National Insurance', amount: '378.00' },
  ];
  const view = { employeeId: 'e1', employeeName: 'Ann Lee', lines, tax: '348.60', studentLoan: '0.00', postgraduateLoan: '0.00', employeeNi: '159.44', employerNi: '378.00', netPay: '2401.96', pensionParty: 'Nest' };

  it('books pay, expenses, HMRC, pension, other deductions and net pay, balanced', () => {
    const journal = buildJournal({ ...HEADER, currency: 'GBP' }, gbPostings(view), accountMapping('GB_NOMINAL'), 'summary');
    const by = Object.fromEntries(journal.lines.map((l) => [`${l.account} ${l.debit !== '0.00' ? 'Dr' : 'Cr'}`, l.debit !== '0.00' ? l.debit : l.credit]));
    expect(by).toEqual({
      '7000 Dr': '3000.00',
      '7400 Dr': '40.00',
      '2240 Cr': '10.00',
      '2230 Cr': '192.00',
      '7007 Dr': '72.00',
      '2210 Cr': '348.60',
      '2211 Cr': '537.44',
      '7006 Dr': '378.00',
      '2220 Cr': '2401.96',
    });
    expect(journal.totalDebit).toBe('3490.00');
    expect(journal.totalCredit).toBe('3490.00');
  });

  it('refuses to balance what does not (a wrong net pay) and says by how much', () => {
    expect(() => buildJournal({ ...HEADER, currency: 'GBP' }, gbPostings({ ...view, netPay: '2401.95' }), accountMapping('GB_NOMINAL'), 'summary')).toThrow(/does not balance: debits 3490\.00, credits 3489\.99 \(difference 0\.01\)/);
  });

  it('takes an organization’s own accounts over the chart’s', () => {
    const mapping = accountMapping('GB_NOMINAL', { wages_expense: { number: '7001', name: 'Salaries' } });
    expect(mapping.wages_expense).toEqual({ number: '7001', name: 'Salaries' });
    expect(mapping.net_pay_payable).toEqual(DEFAULT_ACCOUNTS.GB_NOMINAL.net_pay_payable);
  });

  it('keeps one line per employee and posting with detail=employee, still balanced', () => {
    const other: Posting[] = gbPostings({ ...view, employeeId: 'e2', employeeName: 'Bo Chan' });
    const journal = buildJournal({ ...HEADER, currency: 'GBP' }, [...gbPostings(view), ...other], accountMapping('GB_NOMINAL'), 'employee');
    expect(journal.lines.filter((l) => l.account === '7000').map((l) => [l.employeeId, l.text])).toEqual([
      ['e1', 'Basic salary – Ann Lee'],
      ['e2', 'Basic salary – Bo Chan'],
    ]);
    expect(journal.totalDebit).toBe('6980.00');
  });
});

describe('DATEV Buchungsstapel and CSV', () => {
  const journal = buildJournal(HEADER, [
    { employeeId: 'e', employeeName: 'Jürgen Weiß', account: 'wages_expense', side: 'debit', amount: '4500.00', text: 'Gehalt "November"' },
    { employeeId: 'e', employeeName: 'Jürgen Weiß', account: 'wage_tax_payable', side: 'credit', amount: '812.33', text: 'Lohnsteuer', party: 'Finanzamt' },
    { employeeId: 'e', employeeName: 'Jürgen Weiß', account: 'net_pay_payable', side: 'credit', amount: '3687.67', text: 'Auszahlung' },
  ], accountMapping('SKR03'), 'employee');
  const settings = { consultantNumber: '29098', clientNumber: '55003', fiscalYearStartMonth: 1, accountLength: 4, chart: '03', clearingAccount: '1755', createdAt: '2026-11-25T14:04:40.439Z' };

  it('writes the EXTF header, the 125 column names and one booking per line against the clearing account', () => {
    const lines = encodeDatev(journal, settings).split('\r\n');
    expect(lines[0]).toBe('"EXTF";700;21;"Buchungsstapel";13;20261125140440439;;"RE";"payroll";"";29098;55003;20260101;4;20261101;20261130;"Lohn 2026-11";"";1;0;0;"EUR";;"";;;"03";;;"";""');
    expect(lines[0]?.split(';')).toHaveLength(31);
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(lines[1]?.startsWith('Umsatz (ohne Soll/Haben-Kz);Soll/Haben-Kennzeichen;WKZ Umsatz;Kurs;')).toBe(true);
    const first = lines[2]?.split(';') as string[];
    expect(first).toHaveLength(125);
    expect(first.slice(0, 14)).toEqual(['4500,00', '"S"', '"EUR"', '', '', '', '4120', '1755', '', '2711', '"run-1"', '""', '', '"Gehalt ""November"" – Jürgen Weiß"']);
    expect(lines[3]?.split(';').slice(0, 8)).toEqual(['812,33', '"H"', '"EUR"', '', '', '', '1741', '1755']);
    expect(lines.at(-1)).toBe('');
    expect(windows1252('Weiß – €')).toEqual(new Uint8Array([0x57, 0x65, 0x69, 0xdf, 0x20, 0x96, 0x20, 0x80]));
  });

  it('starts the financial year where the organization’s does', () => {
    expect(encodeDatev(journal, { ...settings, fiscalYearStartMonth: 12 }).split(';')[12]).toBe('20251201');
    expect(encodeDatev(journal, { ...settings, fiscalYearStartMonth: 4 }).split(';')[12]).toBe('20260401');
    expect(encodeDatev({ ...journal, postingDate: '2027-02-26' }, { ...settings, fiscalYearStartMonth: 4 }).split(';')[12]).toBe('20260401');
  });

  it('refuses without the Beraternummer or Mandantennummer', () => {
    expect(() => encodeDatev(journal, { ...settings, consultantNumber: '' })).toThrow(/Beraternummer/);
    expect(() => encodeDatev(journal, { ...settings, clientNumber: '0' })).toThrow(/Mandantennummer/);
  });

  it('writes plain CSV with a header row, quoting what needs it', () => {
    const csv = encodeJournalCsv(journal).split('\r\n');
    expect(csv[0]).toBe('date,run_id,account,account_name,debit,credit,currency,text,party,employee_id');
    expect(csv[1]).toBe('2026-11-27,run-1,4120,Gehälter,4500.00,0.00,EUR,"Gehalt ""November"" – Jürgen Weiß",,e');
    expect(csv[2]).toBe('2026-11-27,run-1,1741,Verbindlichkeiten aus Lohn- und Kirchensteuer,0.00,812.33,EUR,Lohnsteuer – Jürgen Weiß,Finanzamt,e');
  });
});
