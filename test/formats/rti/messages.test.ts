/**
 * The FPS and EPS encoders on their own (formats/rti): messages for 2025-26 and 2026-27 validated against HMRC's
 * XSDs of their year (the GovTalk envelope through its local signature-schema copy, the body against the FPS/EPS
 * schema) and HMRC's Schematron business rules; the year's differences (Plan 5, de minimis State aid); the
 * refusals; and the checks themselves catching broken messages.
 */
import { describe, expect, it } from 'vitest';
import { employerPaymentSummary, type EpsInput, fullPaymentSubmission, type FpsEmployee, type FpsInput, irmarkOf } from '../../../src/formats/rti/index.js';
import { isDomainError } from '../../../src/domain/errors.js';
import { runRtiSchematron, schematronAssertIds, validateRtiXsd } from '../../support/rti-validation.js';

const employer = { officeNumber: '123', payeReference: 'AB45678', accountsOfficeReference: '123PA00045678', saUtr: null, corporationTaxReference: '2234567890', sender: 'Employer' } as const;
const channel = { vendorId: null, product: 'payroll', version: '0.1.0' };
const zeroStatutory = { smp: '0', spp: '0', sap: '0', shpp: '0', spbp: '0', sncp: '0' };

function employee(year: '2025-26' | '2026-27', overrides: Partial<FpsEmployee> = {}, payment: Partial<FpsEmployee['payment']> = {}): FpsEmployee {
  const first = Number(year.slice(0, 4));
  return {
    nino: 'AB123456C',
    forenames: ['Zoë', 'Anne'],
    surname: 'O’Brien-Smith',
    address: { lines: ['12 High Street', 'Little Snoring', 'Norfolk'], ukPostcode: 'NR21 0AA', foreignCountry: null },
    birthDate: '1990-05-17',
    gender: 'F',
    director: null,
    starter: { startDate: `${first}-05-01`, declaration: 'A', studentLoan: true, postgraduateLoan: false },
    workplacePostcode: null,
    payrollId: 'E-0001',
    irregularEmployment: false,
    leavingDate: null,
    ytd: { taxablePay: '5000.00', tax: '580.40', studentLoans: '64', postgraduateLoans: null, benefitsTaxedViaPayroll: '0', pensionNetPay: '0', pensionNotNetPay: '120.00' },
    payment: {
      frequency: 'M1',
      paymentDate: `${first}-06-27`,
      period: { kind: 'month', number: 3 },
      periodsCovered: 1,
      afterLeaving: false,
      hours: 'D',
      taxCode: '1257L',
      week1Month1: false,
      taxablePay: '2500.00',
      nonTaxOrNicPayments: '25.50',
      deductionsFromNetPay: '60.00',
      payAfterStatutoryDeductions: '2016.14',
      benefitsTaxedViaPayroll: '0',
      pensionNetPay: '0',
      pensionNotNetPay: '60.00',
      studentLoan: { plan: '02', amount: '32' },
      postgraduateLoan: '0',
      taxDeductedOrRefunded: '290.20',
      statutoryYtd: { ...zeroStatutory, smp: '1123.08' },
      ...payment,
    },
    niLetters: [{ letter: 'A', grossEarningsInPeriod: '2500.00', grossEarningsYtd: '5000.00', atLelYtd: '1084', lelToPtYtd: '174.00', ptToUelYtd: '3742.00', employerNicInPeriod: '290.25', employerNicYtd: '580.50', employeeNicInPeriod: '149.68', employeeNicYtd: '299.36' }],
    ...overrides,
  };
}

function fps(year: '2025-26' | '2026-27', employees: FpsEmployee[], extra: Partial<FpsInput> = {}): FpsInput {
  return { taxYear: year, employer, employees, finalSubmission: null, gatewayTest: false, channel, ...extra };
}

const recovered = (smp: string) => ({ smp, spp: '0', sap: '0', shpp: '0', spbp: '0', sncp: '0' });

function eps(year: '2025-26' | '2026-27', extra: Partial<EpsInput> = {}): EpsInput {
  return {
    taxYear: year,
    employer,
    noPayment: null,
    employmentAllowance: true,
    stateAidSector: 'not_applicable',
    recoverable: { taxMonth: 3, recovered: recovered('1033.23'), compensation: recovered('0') },
    apprenticeshipLevy: { taxMonth: 3, levyDueYtd: '1234', annualAllowance: '15000.00' },
    finalSubmission: null,
    gatewayTest: true,
    channel,
    ...extra,
  };
}

/** The call fails with a validation error whose first issue is at `loc` (dot-joined). */
function expectDomainError(call: () => unknown, kind: string, loc: string): void {
  try {
    call();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    expect(error.kind, error.message).toBe(kind);
    expect(error.issues[0]?.loc.join('.'), error.message).toBe(loc);
    return;
  }
  throw new Error(`expected a ${kind} error at ${loc}, but the call succeeded`);
}

async function expectValid(xml: string, year: string, kind: 'fps' | 'eps', today: string) {
  const xsd = await validateRtiXsd(xml, year, kind);
  expect(xsd).toEqual({ envelopeErrors: [], bodyErrors: [] });
  expect(runRtiSchematron(xml, year, kind, today)).toEqual([]);
}

describe('FPS encoder', () => {
  for (const year of ['2025-26', '2026-27'] as const) {
    const first = Number(year.slice(0, 4));
    it(`${year}: a starter, a leaver paid after leaving and a director validate against the year's XSD and Schematron`, async () => {
      const leaver = employee(year, { nino: 'CE654321A', gender: 'M', starter: null, leavingDate: `${first}-05-31`, forenames: ['Tom'], surname: 'Leaver', payrollId: null }, { afterLeaving: true, taxCode: '0T', week1Month1: true, hours: 'E', studentLoan: { plan: null, amount: '0' }, statutoryYtd: zeroStatutory });
      const director = employee(year, { nino: 'JK111111D', gender: 'M', starter: null, forenames: ['Dee'], surname: 'Rector', director: { nicBasis: 'AN', appointedInTaxWeek: 10 }, ytd: { ...employee(year).ytd, studentLoans: null } }, { taxCode: 'SK100', studentLoan: { plan: null, amount: '0' }, postgraduateLoan: '12', statutoryYtd: zeroStatutory });
      const message = fullPaymentSubmission(fps(year, [employee(year), leaver, director]));
      await expectValid(message.xml, year, 'fps', `${first}-06-27`);
      expect(message.xml).toContain(`<RelatedTaxYear>${year.slice(2, 4)}-${year.slice(5, 7)}</RelatedTaxYear>`);
      expect(message.xml).toContain(`<IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/${year.slice(2, 4)}-${year.slice(5, 7)}/1">`);
      expect(message.xml).toContain(`<IRmark Type="generic">${message.irmark.base64}</IRmark>`);
      expect(irmarkOf(message.xml)).toEqual(message.irmark);
      // Names in the FPS character set: accents dropped, the typographic apostrophe made plain.
      expect(message.xml).toContain('<Fore>Zoe</Fore>');
      expect(message.xml).toContain("<Sur>O'Brien-Smith</Sur>");
      expect(message.xml).toContain('<TaxCode TaxRegime="S">K100</TaxCode>');
      expect(message.xml).toContain('<TaxCode BasisNonCumulative="yes">0T</TaxCode>');
      expect(message.xml).toContain('<StudentLoanRecovered PlanType="02">32.00</StudentLoanRecovered>');
      expect(message.xml).toContain('<SMPYTD>1123.08</SMPYTD>');
    });

    it(`${year}: the final FPS of the year`, async () => {
      const message = fullPaymentSubmission(fps(year, [employee(year, { starter: null })], { finalSubmission: { forYear: true, schemeCeasedOn: null } }));
      await expectValid(message.xml, year, 'fps', `${first}-06-27`);
      expect(message.xml).toMatch(/<FinalSubmission>\s*<ForYear>yes<\/ForYear>\s*<\/FinalSubmission>\s*<\/FullPaymentSubmission>/);
    });
  }

  it('Plan 5 exists from 2026-27 only: refused on a 2025-26 FPS, valid on a 2026-27 one', async () => {
    const plan5 = { studentLoan: { plan: '05' as const, amount: '10' } };
    expectDomainError(() => fullPaymentSubmission(fps('2025-26', [employee('2025-26', {}, plan5)])), 'validation', 'employees.0.payment.student_loan_plan');
    await expectValid(fullPaymentSubmission(fps('2026-27', [employee('2026-27', {}, plan5)])).xml, '2026-27', 'fps', '2026-06-27');
  });

  it('refuses a payment date outside the tax year, pence in a loan, a name without letters and an empty FPS', () => {
    expectDomainError(() => fullPaymentSubmission(fps('2025-26', [employee('2025-26', {}, { paymentDate: '2026-04-06' })])), 'validation', 'employees.0.payment.payment_date');
    expectDomainError(() => fullPaymentSubmission(fps('2025-26', [employee('2025-26', {}, { studentLoan: { plan: '02', amount: '32.50' } })])), 'validation', 'employees.0.payment.student_loan');
    expectDomainError(() => fullPaymentSubmission(fps('2025-26', [employee('2025-26', { surname: '李' })])), 'validation', 'employees.0.last_name');
    expectDomainError(() => fullPaymentSubmission(fps('2025-26', [])), 'validation', 'employees');
    expectDomainError(() => fullPaymentSubmission(fps('2024-25' as '2025-26', [])), 'validation', 'tax_year');
  });
});

describe('EPS encoder', () => {
  it('2025-26: Employment Allowance with the de minimis State aid sector, recoveries and the levy validate', async () => {
    const message = employerPaymentSummary(eps('2025-26'));
    await expectValid(message.xml, '2025-26', 'eps', '2025-07-10');
    // The 2025-26 rules (HMRC's 2026-27 EPS Schematron a year back, with the State aid rules of the 2025-26 spec)
    // catch a claim without its sector and a sector without a claim.
    expect(runRtiSchematron(message.xml.replace(/<DeMinimisStateAid>[\s\S]*?<\/DeMinimisStateAid>/, ''), '2025-26', 'eps', '2025-07-10').map((f) => f.id)).toEqual(['r7940']);
    expect(runRtiSchematron(message.xml.replace('<EmpAllceInd>yes</EmpAllceInd>', '<EmpAllceInd>no</EmpAllceInd>'), '2025-26', 'eps', '2025-07-10').map((f) => f.id)).toEqual(['r7942']);
    expect(schematronAssertIds('2025-26', 'eps')).toEqual(expect.arrayContaining(['a_TAXMONTH.3', 'r7940', 'r7941', 'r7947']));
    expect(message.xml).toMatch(/<EmpAllceInd>yes<\/EmpAllceInd>\s*<DeMinimisStateAid>\s*<NA>yes<\/NA>/);
    expect(message.xml).toContain('<GatewayTest>1</GatewayTest>');
  });

  it('2026-27: no de minimis State aid (removed from the schema); valid against the XSD and the Schematron', async () => {
    const message = employerPaymentSummary(eps('2026-27'));
    await expectValid(message.xml, '2026-27', 'eps', '2026-07-10');
    expect(message.xml).not.toContain('DeMinimisStateAid');
  });

  it('a month without payments and the final submission', async () => {
    const message = employerPaymentSummary(eps('2026-27', { noPayment: { from: '2026-06-06', to: '2026-07-05' }, employmentAllowance: null, recoverable: null, apprenticeshipLevy: null, finalSubmission: { forYear: true, schemeCeasedOn: null } }));
    await expectValid(message.xml, '2026-27', 'eps', '2026-07-10');
    expect(message.xml).toMatch(/<NoPaymentForPeriod>yes<\/NoPaymentForPeriod>\s*<NoPaymentDates>\s*<From>2026-06-06<\/From>\s*<To>2026-07-05<\/To>/);
  });

  it('refuses an EPS with nothing to say (rule 7913), a 2025-26 claim without its State aid sector (rule 7940) and bad no-payment dates', () => {
    expectDomainError(() => employerPaymentSummary(eps('2026-27', { employmentAllowance: null, recoverable: null, apprenticeshipLevy: null })), 'validation', 'eps');
    expectDomainError(() => employerPaymentSummary(eps('2025-26', { stateAidSector: null })), 'validation', 'employment_allowance.state_aid_sector');
    expectDomainError(() => employerPaymentSummary(eps('2026-27', { noPayment: { from: '2026-06-01', to: '2026-07-05' } })), 'validation', 'no_payment');
  });
});

describe('the checks themselves', () => {
  it('the XSD check rejects Plan 5 in the 2025-26 namespace and an element out of order', async () => {
    const good = fullPaymentSubmission(fps('2026-27', [employee('2026-27', {}, { studentLoan: { plan: '05', amount: '10' } })])).xml;
    const as2526 = good.replaceAll('/26-27/1', '/25-26/1').replaceAll('2026-', '2025-');
    const result = await validateRtiXsd(as2526, '2025-26', 'fps');
    expect(result.bodyErrors.join('\n')).toMatch(/PlanType.*05|'05' is not an element of the set/);
    const swapped = good.replace(/(<Sur>[^<]*<\/Sur>)/, '').replace('<Fore>Zoe</Fore>', '<Fore>Zoe</Fore><Sur>X</Sur><Sur>Y</Sur>');
    const swappedResult = await validateRtiXsd(swapped, '2026-27', 'fps');
    expect(swappedResult.bodyErrors.length).toBeGreaterThan(0);
    // The envelope's Body is processed laxly: with the FPS schema beside the envelope's, the body is checked too.
    expect(swappedResult.envelopeErrors.length).toBeGreaterThan(0);
    expect((await validateRtiXsd(good.replace('<Qualifier>request</Qualifier>', '<Qualifier>ask</Qualifier>'), '2026-27', 'fps')).envelopeErrors.join('\n')).toMatch(/Qualifier/);
  });

  it('the Schematron run catches broken business rules: a key that differs from the GovTalk header, a repeated NI letter, a future start date, a bad COTAX reference', () => {
    const good = fullPaymentSubmission(fps('2026-27', [employee('2026-27')])).xml;
    const broken = good
      .replace('<PayeRef>AB45678</PayeRef>', '<PayeRef>AB45679</PayeRef>')
      .replace(/(<NIlettersAndValues>[\s\S]*?<\/NIlettersAndValues>)/, '$1$1')
      .replace('<COTAXRef>2234567890</COTAXRef>', '<COTAXRef>2234567891</COTAXRef>');
    const ids = runRtiSchematron(broken, '2026-27', 'fps', '2026-06-27').map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['a_EMPLOYERPAYEREF.0', 'a_NILETTER.1', 'a_UTR.0.0']));
    expect(runRtiSchematron(good, '2026-27', 'fps', '2026-03-01').map((f) => f.id)).toContain('a_STARTDATE.0');
    expect(schematronAssertIds('2026-27', 'fps')).toHaveLength(54);
  });

  it('the EPS tax month is checked against the day of submission (rules 7918–7929)', () => {
    const xml = employerPaymentSummary(eps('2026-27')).xml;
    expect(runRtiSchematron(xml, '2026-27', 'eps', '2026-07-19')).toEqual([]);
    expect(runRtiSchematron(xml, '2026-27', 'eps', '2026-07-20').map((f) => f.id)).toEqual(['a_TAXMONTH.3']);
  });
});
