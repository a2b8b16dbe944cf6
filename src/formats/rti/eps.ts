/**
 * The Employer Payment Summary (HMRC RTI EPS schema of the tax year: EmployerPaymentSummary-2026-v1-0.xsd for
 * 2025-26, -2027-v1-0.xsd for 2026-27): a tax month with no payments, the Employment Allowance indicator (with the
 * de minimis State aid sector in 2025-26, rule 7940), statutory payments recovered and the NIC compensation year
 * to date, the Apprenticeship Levy year to date with the annual allowance, and the final submission flag. Element
 * order follows the schema's sequence.
 */
import { fieldError } from '../../domain/errors.js';
import type { FpsInput, RtiEmployer, RtiMessage } from './fps.js';
import { empRefs, finalSubmissionElement, irHeader } from './fps.js';
import { type Channel, govTalkMessage } from './govtalk.js';
import { withIrmark } from './irmark.js';
import { amount, isNonZero, wholePounds } from './values.js';
import { el, xmlDocument, type XmlElement } from './xml.js';
import { rtiYear } from './years.js';

export type StateAidSector = 'agriculture' | 'fisheries_aquaculture' | 'road_transport' | 'industrial' | 'not_applicable';

const STATE_AID_ELEMENT: Record<StateAidSector, string> = {
  agriculture: 'Agri',
  fisheries_aquaculture: 'FisheriesAqua',
  road_transport: 'RoadTrans',
  industrial: 'Indust',
  not_applicable: 'NA',
};

/** The recoverable payments of the EPS, each recovered and its NIC compensation (all year to date). */
export const EPS_RECOVERABLE = ['smp', 'spp', 'sap', 'shpp', 'spbp', 'sncp'] as const;
export type EpsRecoverable = (typeof EPS_RECOVERABLE)[number];

const RECOVERED_ELEMENT: Record<EpsRecoverable, [recovered: string, compensation: string]> = {
  smp: ['SMPRecovered', 'NICCompensationOnSMP'],
  spp: ['SPPRecovered', 'NICCompensationOnSPP'],
  sap: ['SAPRecovered', 'NICCompensationOnSAP'],
  shpp: ['ShPPRecovered', 'NICCompensationOnShPP'],
  spbp: ['SPBPRecovered', 'NICCompensationOnSPBP'],
  sncp: ['SNCPRecovered', 'NICCompensationOnSNCP'],
};

export interface EpsInput {
  readonly taxYear: string;
  readonly employer: RtiEmployer;
  /** No employee paid in these tax months (NoPaymentForPeriod with NoPaymentDates: from a 6th to a 5th). */
  readonly noPayment: { readonly from: string; readonly to: string } | null;
  /** EmpAllceInd: true claims Employment Allowance, false withdraws a claim, null says nothing. */
  readonly employmentAllowance: boolean | null;
  /** 2025-26: the sector for de minimis State aid, required with a claim (rule 7940); not on the 2026-27 schema. */
  readonly stateAidSector: StateAidSector | null;
  /** Year to date up to the tax month, or null when nothing was ever recovered this year. */
  readonly recoverable: { readonly taxMonth: number; readonly recovered: Readonly<Record<EpsRecoverable, string>>; readonly compensation: Readonly<Record<EpsRecoverable, string>> } | null;
  readonly apprenticeshipLevy: { readonly taxMonth: number; readonly levyDueYtd: string; readonly annualAllowance: string } | null;
  readonly finalSubmission: FpsInput['finalSubmission'];
  readonly gatewayTest: boolean;
  readonly channel: Channel;
}

function taxMonthText(month: number, path: (string | number)[]): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw fieldError(path, `a tax month is 1 to 12, not ${month}`, 'tax_month');
  return String(month);
}

function recoverableElement(input: NonNullable<EpsInput['recoverable']>): XmlElement | null {
  const at = (kind: string, type: EpsRecoverable) => ['recoverable', kind, type];
  const value = (v: string, path: (string | number)[]) => amount(v, path, { min: '0', max: '99999999.99' });
  const recovered = EPS_RECOVERABLE.filter((t) => isNonZero(input.recovered[t])).map((t) => el(RECOVERED_ELEMENT[t][0], value(input.recovered[t], at('recovered', t))));
  const compensation = EPS_RECOVERABLE.filter((t) => isNonZero(input.compensation[t])).map((t) => el(RECOVERED_ELEMENT[t][1], value(input.compensation[t], at('compensation', t))));
  // Rule 7912: the group carries at least one amount.
  if (recovered.length === 0 && compensation.length === 0) return null;
  return el('RecoverableAmountsYTD', [el('TaxMonth', taxMonthText(input.taxMonth, ['recoverable', 'tax_month'])), ...recovered, ...compensation]);
}

/** The complete GovTalk message of an EPS, with its IRmark. */
export function employerPaymentSummary(input: EpsInput): RtiMessage {
  const year = rtiYear(input.taxYear);
  const noPayment = input.noPayment;
  if (noPayment) {
    if (!/-06$/.test(noPayment.from) || !/-05$/.test(noPayment.to) || noPayment.from >= noPayment.to || noPayment.from < year.firstDay || noPayment.to > year.lastDay) {
      throw fieldError(['no_payment'], `no-payment dates run from a 6th to a later 5th within tax year ${year.taxYear}, not ${noPayment.from} to ${noPayment.to}`, 'rti_no_payment_dates');
    }
  }
  let stateAid: XmlElement | null = null;
  if (input.employmentAllowance === true && year.deMinimisStateAid) {
    if (!input.stateAidSector) throw fieldError(['employment_allowance', 'state_aid_sector'], `a ${year.taxYear} Employment Allowance claim names the de minimis State aid sector (EPS rule 7940): agriculture, fisheries_aquaculture, road_transport, industrial or not_applicable`, 'required');
    stateAid = el('DeMinimisStateAid', [el(STATE_AID_ELEMENT[input.stateAidSector], 'yes')]);
  }
  const levy = input.apprenticeshipLevy;
  const parts: (XmlElement | null)[] = [
    noPayment ? el('NoPaymentForPeriod', 'yes') : null,
    noPayment ? el('NoPaymentDates', [el('From', noPayment.from), el('To', noPayment.to)]) : null,
    input.employmentAllowance === null ? null : el('EmpAllceInd', input.employmentAllowance ? 'yes' : 'no'),
    stateAid,
    input.recoverable ? recoverableElement(input.recoverable) : null,
    levy
      ? el('ApprenticeshipLevy', [
          el('LevyDueYTD', wholePounds(levy.levyDueYtd, ['apprenticeship_levy', 'levy_due_ytd'], { min: '0', max: '99999999' })),
          el('TaxMonth', taxMonthText(levy.taxMonth, ['apprenticeship_levy', 'tax_month'])),
          el('AnnualAllce', amount(levy.annualAllowance, ['apprenticeship_levy', 'annual_allowance'], { min: '0', max: '15000' })),
        ])
      : null,
  ];
  const final = finalSubmissionElement(year, input.finalSubmission, ['final_submission']);
  // Rule 7913: an EPS says at least one of these things.
  if (parts.every((p) => p === null) && final === null) {
    throw fieldError(['eps'], 'nothing to report on an EPS: no month without payments, no Employment Allowance claim, no recoveries, no Apprenticeship Levy and not the final submission (EPS rule 7913)', 'rti_eps_empty');
  }
  const body = el('IRenvelope', { xmlns: year.epsNamespace }, [
    irHeader(year, input.employer),
    el('EmployerPaymentSummary', [empRefs(input.employer, false), ...parts, el('RelatedTaxYear', year.relatedTaxYear), final]),
  ]);
  const message = govTalkMessage({ messageClass: 'HMRC-PAYE-RTI-EPS', officeNumber: input.employer.officeNumber, officeReference: input.employer.payeReference, gatewayTest: input.gatewayTest, channel: input.channel, irEnvelope: body });
  return withIrmark(xmlDocument(message));
}
