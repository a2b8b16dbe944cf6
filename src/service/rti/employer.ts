/**
 * The employer's references on an RTI message (EmpRefs; IRheader and GovTalk keys): the office number and
 * reference of the employer PAYE reference (the organization's GB tax identifier, "123/AB45678"), the Accounts
 * Office reference and the UTRs of the organization's `gb` settings. A missing one is a validation error naming
 * the field to fill in.
 */
import { fieldError } from '../../domain/errors.js';
import type { RtiEmployer, RtiSender } from '../../formats/rti/index.js';
import type { OrganizationTable } from '../../store/schema.js';
import type { GbEmployerSettings } from '../contracts/organization.js';
import { parseJson } from '../context.js';

export function gbSettings(org: OrganizationTable): GbEmployerSettings | null {
  return parseJson<GbEmployerSettings>(org.gb_json);
}

export function rtiEmployer(org: OrganizationTable): RtiEmployer {
  const taxIdentifiers = parseJson<{ tax_data?: { tax_number?: string } }>(org.tax_identifiers_json);
  const payeReference = taxIdentifiers?.tax_data?.tax_number ?? null;
  const match = payeReference ? /^(\d{3})\/([A-Z0-9]{1,10})$/.exec(payeReference) : null;
  if (!match) {
    throw fieldError(['organization', 'tax_identifiers', 'tax_data', 'tax_number'], 'an RTI submission needs the employer PAYE reference (e.g. 123/AB45678): set it with payroll org update', 'required');
  }
  const settings = gbSettings(org);
  const accountsOffice = settings?.accounts_office_reference ?? null;
  if (!accountsOffice) throw fieldError(['organization', 'gb', 'accounts_office_reference'], "an RTI submission needs the Accounts Office reference from HMRC's letter (e.g. 123PA00045678)", 'required');
  return {
    officeNumber: match[1]!,
    payeReference: match[2]!,
    accountsOfficeReference: accountsOffice,
    saUtr: settings?.sa_utr ?? null,
    corporationTaxReference: settings?.corporation_tax_reference ?? null,
    sender: (settings?.rti_sender ?? 'Employer') as RtiSender,
  };
}
