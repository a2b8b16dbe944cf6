import type { DeEntgeltbescheinigungView } from '../../src/formats/payslip/de-view.js';

/** A month with a one-off payment, church tax, an advance deducted from net pay. */
export const SAMPLE_DE_VIEW: DeEntgeltbescheinigungView = {
  payslipId: '0198f0a2-7c1e-7000-8000-0000000000de',
  issuedAt: '2026-11-27T08:00:00.000Z',
  employer: { name: 'Muster GmbH', address: ['Musterstraße 12', '10115 Berlin'], betriebsnummer: '12345678' },
  employee: { name: 'Jürgen Weiß', address: ['Hauptstraße 5', '80331 München'], dateOfBirth: '1984-03-15', personnelNumber: 'DE-007', svNumber: '15150384W012', taxId: '86095742719', entryDate: '2021-04-01', exitDate: null },
  period: { month: '2026-11', svDays: 30, payDate: '2026-11-27' },
  tax: { taxClass: '4', factor: '0.912', childAllowances: '1.0', church: 'rk (römisch-katholisch)' },
  insurance: { personengruppe: '101', beitragsgruppe: '1111', healthInsurer: 'Techniker Krankenkasse', additionalRatePercent: '2.45' },
  earnings: [
    { description: 'Gehalt', kind: 'laufend', amount: '4500.00' },
    { description: 'Weihnachtsgeld', kind: 'einmalig', amount: '2000.00' },
  ],
  gross: '6500.00',
  taxGross: '6500.00',
  taxes: { incomeTax: '1321.50', solidarity: '35.12', churchTax: '105.72' },
  svGross: { kv: '5812.50', pv: '5812.50', rv: '6500.00', av: '6500.00' },
  contributions: { kv: '494.06', pv: '104.63', rv: '604.50', av: '84.50' },
  net: '3749.97',
  netAdjustments: [{ description: 'Vorschuss (Rückzahlung)', amount: '-200.00' }],
  payout: '3549.97',
  employerContributions: [
    { description: 'Krankenversicherung', amount: '494.06' },
    { description: 'Rentenversicherung', amount: '604.50' },
  ],
  ytd: [
    { label: 'Gesamtbrutto', amount: '51500.00' },
    { label: 'Steuerbrutto', amount: '51500.00' },
    { label: 'Lohnsteuer', amount: '9812.40' },
    { label: 'Solidaritätszuschlag', amount: '120.44' },
    { label: 'Kirchensteuer', amount: '785.01' },
    { label: 'KV-Brutto', amount: '62512.50' },
    { label: 'RV-Brutto', amount: '51500.00' },
    { label: 'Arbeitnehmeranteile SV', amount: '10302.60' },
    { label: 'Nettoentgelt', amount: '30479.55' },
  ],
  notes: [],
};
