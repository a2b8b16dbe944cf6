/**
 * GB payslip figures version 3 (decision FIG3-1): the trace and lines written compactly decode to exactly the
 * version 2 document, byte for byte once serialised, over traces the GB engine really produces (the reference
 * vectors and random periods through both pipelines, and real runs through the store) and hand-made steps and
 * lines the dictionary does not describe; stored rows are smaller; import checks a version 3 row as what it reads as.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trace } from '../../src/domain/gb/trace.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { storedRowIssues } from '../../src/service/contracts/transfer-rows.js';
import { inputOf } from '../../src/tools/verify/runners/gb-period.js';
import { openStore, type Store } from '../../src/store/database.js';
import { GB_PAYSLIP_FIGURES_WRITTEN, type GbPayslipFiguresV2, readGbPayslipFigures, type StoredTraceStep } from '../../src/store/gb-payslip-figures.js';
import { decodeFiguresV3, encodeFiguresV3, encodeTraceStep, traceDictionaryV3, ytdKeysV3 } from '../../src/store/gb-payslip-figures-v3.js';
import { calculateGbPeriod, calculateGbPeriodDecimal } from '../support/gb-period.js';
import { periodArb } from '../support/gb-period-arbitrary.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';
import { loadVectors } from '../domain/gb/vectors.js';

type Line = GbPayslipFiguresV2['lines'][number];

const YTD = Object.fromEntries(ytdKeysV3().ytdThisEmployment.map((k, i) => [k, `${i}.00`]));
const STATUTORY_YTD = Object.fromEntries(ytdKeysV3().statutoryYtd.map((k, i) => [k, `${i}.50`]));

/** A version 2 document around the given trace, lines and years to date (the other fields do not take part in the encoding). */
function documentOf(trace: unknown[] | undefined, lines: unknown[] = [], ytd: unknown = YTD, statutoryYtd: unknown = STATUTORY_YTD): GbPayslipFiguresV2 {
  const doc = { taxPeriod: 1, taxCode: '1257L', grossPay: '100.00', ytdThisEmployment: ytd, lines, statutoryYtd, pension: null } as unknown as GbPayslipFiguresV2;
  if (trace !== undefined) doc.trace = trace as StoredTraceStep[];
  return doc;
}

/** Version 2's JSON of a document, and what version 3's stored JSON of it reads back as, serialised. */
function roundTrip(doc: GbPayslipFiguresV2): { v2: string; v3: string; decoded: string } {
  const v2 = JSON.stringify(doc);
  const copy = JSON.parse(v2) as GbPayslipFiguresV2;
  // The writer encodes the engine's own objects (with undefined fields where the engine leaves them): encode those.
  const v3 = JSON.stringify(encodeFiguresV3({ ...doc, lines: [...doc.lines], ...(doc.trace ? { trace: [...doc.trace] } : {}) }));
  const decoded = JSON.stringify(readGbPayslipFigures(v3, 3));
  expect(readGbPayslipFigures(v3, 3)).toEqual(copy);
  return { v2, v3, decoded };
}

function tracedSteps(run: (trace: Trace) => unknown): StoredTraceStep[] {
  const steps: StoredTraceStep[] = [];
  run((flow, node, values) => steps.push(values ? { flow, node, values } : { flow, node }));
  return steps;
}

/** Valued steps the dictionary did not write positionally (it should know every step the engine writes). */
function unencoded(steps: readonly StoredTraceStep[]): string[] {
  return steps.filter((s) => s.values !== undefined && !Array.isArray(encodeTraceStep(s))).map((s) => `${s.flow}:${s.node} ${Object.keys(s.values ?? {}).join(',')}`);
}

describe('figures version 3: traces of real GB calculations', () => {
  const vectors = [...loadVectors('paye2526-vectors.jsonl'), ...loadVectors('paye2627-vectors.jsonl')];

  it('every reference period (both pipelines) round-trips exactly, each valued step written positionally', () => {
    const missed = new Set<string>();
    let steps = 0;
    for (const vector of vectors) {
      const input = inputOf(vector as Parameters<typeof inputOf>[0]);
      for (const calculate of [calculateGbPeriod, calculateGbPeriodDecimal]) {
        const trace = tracedSteps((t) => calculate(input, t));
        steps += trace.length;
        for (const m of unencoded(trace)) missed.add(m);
        const { v2, decoded } = roundTrip(documentOf(trace));
        expect(decoded).toBe(v2);
      }
    }
    expect(steps).toBeGreaterThan(vectors.length * 2 * 10);
    expect([...missed]).toEqual([]);
  });

  it('random periods (codes, loans, pensions, directors, both pipelines) round-trip exactly', () => {
    const missed = new Set<string>();
    fc.assert(
      fc.property(periodArb, fc.boolean(), (input, decimal) => {
        const trace = tracedSteps((t) => (decimal ? calculateGbPeriodDecimal : calculateGbPeriod)(input, t));
        for (const m of unencoded(trace)) missed.add(m);
        const { v2, decoded } = roundTrip(documentOf(trace));
        expect(decoded).toBe(v2);
      }),
      { numRuns: 1500 },
    );
    expect([...missed]).toEqual([]);
  });
});

describe('figures version 3: what the dictionary does not describe is kept whole', () => {
  const free = { flow: 'paye', node: 'free-pay', values: { code_number: '1257', period_one_value: '1048.26', free_pay: '1048.26', taxable_pay_rounded: '820' } };

  it('a known step is positional, a step without figures is "flow:node"', () => {
    expect(encodeTraceStep(free)).toEqual(['paye:free-pay', '1257', '1048.26', '1048.26', '820']);
    expect(encodeTraceStep({ flow: 'paye', node: 'code:L' })).toBe('paye:code:L');
    expect(encodeTraceStep({ flow: 'paye', node: 'band', values: { band: '0', tax_due: '0.00' } })).toEqual(['paye:band/nil', '0', '0.00']);
  });

  const odd: unknown[] = [
    { flow: 'paye', node: 'unknown-node', values: { a: '1' } },
    { flow: 'paye', node: 'free-pay', values: { period_one_value: '1048.26', code_number: '1257', free_pay: '1048.26', taxable_pay_rounded: '820' } },
    { flow: 'paye', node: 'free-pay', values: { code_number: '1257', period_one_value: '1048.26', free_pay: '1048.26' } },
    { flow: 'paye', node: 'free-pay', values: { code_number: '1257', period_one_value: '1048.26', free_pay: '1048.26', taxable_pay_rounded: '820', extra: '1' } },
    { flow: 'paye', node: 'free-pay', values: { code_number: 1257, period_one_value: '1048.26', free_pay: '1048.26', taxable_pay_rounded: '820' } },
    { flow: 'paye', node: 'free-pay', values: { code_number: null, period_one_value: '1048.26', free_pay: '1048.26', taxable_pay_rounded: '820' } },
    { flow: 'paye', node: 'free-pay', values: {} },
    { flow: 'paye', node: 'tax', values: { 2: 'x', tax: '1.00' } },
    { flow: 'a:b', node: 'c' },
    { flow: 'a:b', node: 'c', values: { x: '1' } },
    { flow: '', node: '' },
    { flow: 'ni', node: 'x:y:z' },
    { node: 'n', flow: 'f' },
    { flow: 'paye', node: 'tax-code', values: { tax_code: '1257L', week1_month1: 'no', tax_period: '1' }, note: 'extra field' },
    { flow: 'paye', node: 'no-tax', values: undefined },
    { flow: 'paye', values: { tax: '1' }, node: 'tax' },
    { flow: 1, node: 'n' },
  ];
  const oddLines: unknown[] = [
    { section: 'earnings', wageTypeCode: 'UK-E-001', name: 'Basic', amount: '100.00' },
    { section: 'earnings', wageTypeCode: null, name: 'Basic', amount: '100.00' },
    { section: 'earnings', wageTypeCode: 'UK-E-002', name: 'Hourly', amount: '100.00', hours: '10.00', rate: '10.00' },
    { section: 'earnings', wageTypeCode: 'UK-E-002', name: 'Hourly', amount: '100.00', hours: '10.00' },
    { section: 'earnings', wageTypeCode: 'UK-E-002', name: 'Hourly', amount: '100.00', rate: '10.00' },
    { section: 'earnings', wageTypeCode: 'UK-E-002', name: 'Hourly', amount: '100.00', hours: '10.00', rate: undefined },
    { wageTypeCode: 'UK-E-001', section: 'earnings', name: 'Basic', amount: '100.00' },
    { section: 'earnings', wageTypeCode: 'UK-E-001', name: 'Basic', amount: undefined },
    { section: 'earnings', wageTypeCode: 'UK-E-001', name: 'Basic', amount: 100 },
    { section: 'earnings', wageTypeCode: 'UK-E-001', name: 'Basic', amount: '1.00', note: 'x' },
  ];

  it('each odd step and line reads back as it was, in any mix with engine steps', () => {
    for (const step of odd) {
      const { v2, decoded } = roundTrip(documentOf([free, step, { flow: 'net_pay', node: 'gross-less-deductions' }]));
      expect(decoded).toBe(v2);
    }
    for (const line of oddLines) {
      const { v2, decoded } = roundTrip(documentOf([], [line, { section: 'deductions', wageTypeCode: 'UK-D-001', name: 'Tax', amount: '-1.00' }]));
      expect(decoded).toBe(v2);
    }
    const { v2, decoded } = roundTrip(documentOf(undefined, oddLines as Line[]));
    expect(decoded).toBe(v2);
    const { gross_pay: gross, ...rest } = YTD;
    const oddYtd: unknown[] = [{}, rest, { ...rest, gross_pay: gross }, { ...YTD, extra: '1.00' }, { ...YTD, tax: null }, { ...YTD, tax: 5 }, { ...YTD, tax: undefined }];
    for (const ytd of oddYtd) {
      for (const doc of [documentOf([], [], ytd), documentOf([], [], YTD, ytd)]) {
        const trip = roundTrip(doc);
        expect(trip.decoded).toBe(trip.v2);
      }
    }
  });

  it('a step or line that is not an object is refused by the writer (it would read back as a version 3 element)', () => {
    for (const step of ['paye:tax', ['paye:tax', '1', '2', '3'], null]) expect(() => encodeFiguresV3(documentOf([step]))).toThrow(/a trace step must be an object/);
    for (const line of [['earnings', null, 'Basic', '1.00'], 'line']) expect(() => encodeFiguresV3(documentOf(undefined, [line]))).toThrow(/a payslip line must be an object/);
  });

  it('random steps and lines round-trip exactly', () => {
    const key = fc.constantFrom('tax', 'tax_due', 'band', 'rate', 'code_number', 'free_pay', 'x', '1', '__proto__', 'values');
    const stepArb = fc.record(
      {
        flow: fc.constantFrom('paye', 'ni', 'pension', 'a:b', ''),
        node: fc.constantFrom('band', 'tax', 'free-pay', 'contributions', 'code:L', 'x'),
        values: fc.dictionary(key, fc.oneof(fc.string(), fc.constant('1.00')), { maxKeys: 7 }),
      },
      { requiredKeys: ['flow', 'node'] },
    );
    const lineArb = fc.record(
      { section: fc.string(), wageTypeCode: fc.option(fc.string(), { nil: null }), name: fc.string(), amount: fc.string(), hours: fc.string(), rate: fc.string() },
      { requiredKeys: ['section', 'wageTypeCode', 'name', 'amount'] },
    );
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 8 }), fc.array(lineArb, { maxLength: 5 }), (trace, lines) => {
        const { v2, decoded } = roundTrip(documentOf(trace, lines));
        expect(decoded).toBe(v2);
      }),
      { numRuns: 1000 },
    );
  });

  it('a version 3 element no writer makes is refused, not guessed', () => {
    expect(() => decodeFiguresV3({ lines: [], trace: [['paye:nowhere', '1']] })).toThrow(/is not in this build's figures version 3 dictionary/);
    expect(() => decodeFiguresV3({ lines: [], trace: [['paye:free-pay', '1257']] })).toThrow(/has 1 figures; its dictionary entry has 4/);
    expect(() => decodeFiguresV3({ lines: [], trace: ['no-colon'] })).toThrow(/names no flow/);
    expect(() => decodeFiguresV3({ lines: [['earnings', 'UK-E-001', 'Basic']], trace: [] })).toThrow(/3 fields/);
    expect(() => decodeFiguresV3({ ytdThisEmployment: ['1.00'], lines: [] })).toThrow(/a year to date of 1 figures/);
    expect(() => decodeFiguresV3({ statutoryYtd: ['1.00'], lines: [] })).toThrow(/a statutory year to date of 1 figures/);
  });

  it('the dictionary is frozen: its version 3 entries stay as they were (entries are only ever appended)', () => {
    const pinned: [string, string, string, string[]][] = [
      ['paye:tax-code', 'paye', 'tax-code', ['tax_code', 'week1_month1', 'tax_period']],
      ['paye:previous-employment-figures', 'paye', 'previous-employment-figures', ['previous_pay', 'previous_tax']],
      ['paye:taxable-pay', 'paye', 'taxable-pay', ['taxable_earnings', 'less_salary_sacrifice_and_net_pay_pension', 'less_pre_tax_deductions', 'plus_payrolled_benefits', 'plus_refunded_contributions', 'taxable_pay']],
      ['ni:niable-pay', 'ni', 'niable-pay', ['niable_earnings', 'less_salary_sacrifice', 'plus_returned_sacrifice', 'niable_pay']],
      ['ni:director-to-date', 'ni', 'director-to-date', ['niable_pay_to_date', 'employee_ni_to_date', 'employer_ni_to_date', 'employee_ni_to_date_previous', 'employer_ni_to_date_previous']],
      ['paye:pay', 'paye', 'pay', ['periods', 'taxable_pay', 'taxable_pay_to_date_previous', 'taxable_pay_to_date', 'pay_taxed']],
      ['paye:flat-rate', 'paye', 'flat-rate', ['whole_pounds', 'rate', 'tax_due']],
      ['paye:free-pay', 'paye', 'free-pay', ['code_number', 'period_one_value', 'free_pay', 'taxable_pay_rounded']],
      ['paye:additional-pay', 'paye', 'additional-pay', ['code_number', 'period_one_value', 'additional_pay', 'taxable_pay_rounded']],
      ['paye:band', 'paye', 'band', ['band', 'rate', 'band_starts_above', 'band_limit', 'tax_on_lower_bands', 'tax_due']],
      ['paye:band/nil', 'paye', 'band', ['band', 'tax_due']],
      ['paye:tax-due', 'paye', 'tax-due', ['tax_due', 'tax_paid_to_date_previous', 'tax_before_limit']],
      ['paye:overriding-limit', 'paye', 'overriding-limit', ['relevant_pay', 'rate', 'limit']],
      ['paye:tax', 'paye', 'tax', ['tax', 'tax_not_deducted', 'tax_paid_to_date']],
      ['ni:thresholds', 'ni', 'thresholds', ['LEL', 'PT', 'ST', 'UEL', 'relief_threshold', 'upper_secondary_threshold']],
      ['ni:rates', 'ni', 'rates', ['employee_pt_to_uel', 'employee_above_uel', 'employer_st_to_relief', 'employer_relief_to_upper', 'employer_above_upper']],
      ['ni:prior-pay', 'ni', 'prior-pay', ['prior_niable_pay', 'prior_employee_ni']],
      ['ni:prior-pay/pay', 'ni', 'prior-pay', ['prior_niable_pay']],
      ['ni:earnings', 'ni', 'earnings', ['niable_pay', 'earnings_at_lel', 'earnings_lel_to_pt', 'earnings_pt_to_uel', 'earnings_above_uel']],
      ['ni:contributions', 'ni', 'contributions', ['employee_ni', 'employer_ni']],
      ['student_loan:deduction', 'student_loan', 'deduction', ['earnings_for_nics', 'annual_threshold', 'period_threshold', 'earnings_above_threshold', 'rate', 'deduction']],
      ['postgraduate_loan:deduction', 'postgraduate_loan', 'deduction', ['earnings_for_nics', 'annual_threshold', 'period_threshold', 'earnings_above_threshold', 'rate', 'deduction']],
      ['pension:earnings', 'pension', 'earnings', ['earnings', 'lower_qualifying_earnings', 'upper_qualifying_earnings', 'qualifying_earnings']],
      ['pension:earnings/pensionable-pay', 'pension', 'earnings', ['pensionable_pay', 'pensionable_earnings']],
      ['pension:shares', 'pension', 'shares', ['employee_rate', 'employer_rate', 'employee_cap', 'employer_cap', 'employee_share', 'employer_share']],
      ['pension:contributions', 'pension', 'contributions', ['employee_gross', 'employee_deduction', 'employer', 'salary_sacrifice']],
    ];
    expect(ytdKeysV3()).toEqual({
      ytdThisEmployment: ['gross_pay', 'payrolled_benefits', 'taxable_pay', 'tax', 'niable_pay', 'employee_ni', 'employer_ni', 'ni_earnings_at_lel', 'ni_earnings_lel_to_pt', 'ni_earnings_pt_to_uel', 'student_loan', 'postgraduate_loan', 'pension_employee_gross', 'pension_employee_deduction', 'pension_employer', 'salary_sacrifice', 'net_pay'],
      statutoryYtd: ['ssp', 'smp', 'spp', 'sap', 'shpp', 'spbp', 'sncp'],
    });
    const entries = traceDictionaryV3().map((e) => [e.tag, e.flow, e.node, [...e.keys]]);
    expect(entries.slice(0, pinned.length)).toEqual(pinned);
    expect(new Set(entries.map((e) => e[0])).size).toBe(entries.length);
  });
});

describe('figures version 3 as a run stores it', () => {
  let dir: string;
  let store: Store;
  let service: PayrollService;
  let orgId: string;
  let rows: { id: string; figures_json: string; figures_version: number }[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-figures-v3-'));
    store = await openStore(':memory:');
    service = createLocalService(store, { actor: localActor('figures-v3-test'), objects: createFolderObjectStore(dir), ownsStore: false });
    const setup = await gbEmployer(service, { employees: 4 });
    orgId = setup.orgId;
    const [, k, loans, director] = setup.employeeIds as [string, string, string, string];
    await service.updateEmployee(orgId, k, { gb: { tax_code: 'K475', ni_category: 'A' } });
    await service.updateEmployee(orgId, loans, { gb: { tax_code: 'S1257L', ni_category: 'A', student_loan_plans: ['2'], postgraduate_loan: true } });
    await service.updateEmployee(orgId, director, { gb: { tax_code: 'BR', ni_category: 'A', is_director: true, director_appointment_date: '2020-01-06' } });
    await service.runGbPayroll(orgId, runBody(setup, 1, ['2000.00', '3500.00', '5200.00', '9000.00']));
    rows = (await store.db.selectFrom('gb_payslips').select(['id', 'figures_json', 'figures_version']).execute()) as typeof rows;
  });
  afterAll(async () => {
    await service.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes version 3, which re-encodes to itself and whose version 2 JSON is at least 1.7 times larger', () => {
    expect(rows).toHaveLength(4);
    let v2Bytes = 0;
    let v3Bytes = 0;
    for (const row of rows) {
      expect(Number(row.figures_version)).toBe(GB_PAYSLIP_FIGURES_WRITTEN);
      const figures = readGbPayslipFigures(row.figures_json, row.figures_version);
      expect(figures.trace?.length).toBeGreaterThan(10);
      expect(unencoded(figures.trace ?? [])).toEqual([]);
      const v2 = JSON.stringify(figures);
      expect(JSON.stringify(encodeFiguresV3(JSON.parse(v2) as GbPayslipFiguresV2))).toBe(row.figures_json);
      // The version 2 document reads the same under either version (every full element is valid version 3).
      expect(readGbPayslipFigures(v2, 3)).toEqual(readGbPayslipFigures(v2, 2));
      v2Bytes += Buffer.byteLength(v2);
      v3Bytes += Buffer.byteLength(row.figures_json);
    }
    expect(v2Bytes / v3Bytes).toBeGreaterThanOrEqual(1.7);
  });

  it('other versions are refused', () => {
    const row = rows[0] as (typeof rows)[number];
    expect(() => readGbPayslipFigures(row.figures_json, 1)).toThrow(/version 1 is not known to this build \(it reads versions 2 and 3\)/);
    expect(() => readGbPayslipFigures(row.figures_json, 4)).toThrow(/version 4 is not known/);
  });

  it('import checks a version 3 row as the version 2 document it reads as, and refuses one it cannot read', async () => {
    type Row = Parameters<typeof storedRowIssues>[1];
    const full = (await store.db.selectFrom('gb_payslips').selectAll().execute()) as unknown as Row[];
    for (const row of full) expect(storedRowIssues('gb_payslips', row, { country: 'GB' })).toEqual([]);
    const row = full[0] as Row;
    const stored = JSON.parse(String(row.figures_json)) as { lines: unknown[][]; trace: unknown[] };
    const v2 = JSON.stringify(readGbPayslipFigures(String(row.figures_json), 3));
    expect(storedRowIssues('gb_payslips', { ...row, figures_json: v2, figures_version: 2 }, { country: 'GB' })).toEqual([]);

    const issues = (figures: unknown, version = 3) => storedRowIssues('gb_payslips', { ...row, figures_json: JSON.stringify(figures), figures_version: version }, { country: 'GB' });
    const badAmount = structuredClone(stored);
    (badAmount.lines[0] as unknown[])[3] = 'lots';
    expect(issues(badAmount)).toEqual([expect.objectContaining({ loc: ['figures_json', 'lines', 0, 'amount'] })]);
    const badValue = structuredClone(stored);
    const valued = badValue.trace.findIndex((s) => Array.isArray(s));
    (badValue.trace[valued] as unknown[])[1] = 7;
    expect(issues(badValue)).toEqual([expect.objectContaining({ loc: ['figures_json', 'trace', valued, 'values', expect.any(String)] })]);
    const unknownTag = structuredClone(stored);
    unknownTag.trace[valued] = ['paye:nowhere', '1'];
    expect(issues(unknownTag)).toEqual([expect.objectContaining({ loc: ['figures_json'], type: 'figures_unreadable' })]);
    const shortLine = structuredClone(stored);
    shortLine.lines[0] = ['earnings'];
    expect(issues(shortLine)).toEqual([expect.objectContaining({ loc: ['figures_json'], type: 'figures_unreadable' })]);
    // A version 2 row's lines and steps are objects: lists in one are refused, and version 4 is not read.
    expect(issues(stored, 2).length).toBeGreaterThan(0);
    expect(issues(stored, 4)).toContainEqual(expect.objectContaining({ loc: ['figures_version'], msg: expect.stringContaining('must be 2 or 3') }));
    const badYtd = structuredClone(stored) as unknown as { ytdThisEmployment: string[] };
    badYtd.ytdThisEmployment[3] = '1.2.3';
    expect(issues(badYtd)).toEqual([expect.objectContaining({ loc: ['figures_json', 'ytdThisEmployment', 'tax'] })]);
  });
});
