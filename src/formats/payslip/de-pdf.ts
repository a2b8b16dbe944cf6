/**
 * The German Entgeltbescheinigung as a PDF (view: de-view.ts), in German, A4, with every field EntgBV § 1 Abs. 1
 * asks for, amounts in euros.
 */
import { Decimal } from '../../domain/money.js';
import { type PdfCanvas, type PdfFonts, renderPdf } from '../pdf/document.js';
import { deDate, deMonth, eur } from '../text/amounts.js';
import type { DeEntgeltbescheinigungView } from './de-view.js';
import { type Column, LEFT, RIGHT, ROW, Sheet } from './sheet.js';

const AMOUNT: Column[] = [
  { x: LEFT + 4, align: 'left', width: 380 },
  { x: RIGHT - 4, align: 'right' },
];
const EARNINGS: Column[] = [
  { x: LEFT + 4, align: 'left', width: 300 },
  { x: 420, align: 'left' },
  { x: RIGHT - 4, align: 'right' },
];

/** "12345678A123" stays; a 12-character Versicherungsnummer is printed in its groups (area, birth date, letter, serial). */
export function spacedSvNumber(sv: string): string {
  const c = sv.replace(/\s+/g, '').toUpperCase();
  return /^\d{8}[A-Z]\d{3}$/.test(c) ? `${c.slice(0, 2)} ${c.slice(2, 8)} ${c.slice(8, 9)} ${c.slice(9)}` : sv;
}

export function renderDeEntgeltbescheinigungPdf(view: DeEntgeltbescheinigungView, fonts: PdfFonts): Promise<Uint8Array> {
  const meta = {
    title: `Entgeltbescheinigung ${view.employee.name} – ${deMonth(view.period.month)}`,
    subject: `payslip ${view.payslipId}`,
    author: view.employer.name,
    issuedAt: view.issuedAt,
    language: 'de-DE',
  };
  return renderPdf(meta, fonts, (canvas) => {
    const footer = (c: PdfCanvas, page: number) => {
      c.line(LEFT, 800, RIGHT, 800, { grey: 0.7 });
      c.text(LEFT, 805, `Entgeltbescheinigung nach § 108 Abs. 3 GewO in Verbindung mit der Entgeltbescheinigungsverordnung (EntgBV). Erstellt am ${deDate(view.issuedAt)}.`, { size: 6.5, grey: 0.35 });
      c.text(RIGHT, 814, `Abrechnung ${view.payslipId} · Seite ${page}`, { size: 6.5, grey: 0.35, align: 'right' });
    };
    const sheet = new Sheet(canvas, footer);
    header(sheet, view);
    earnings(sheet, view);
    taxes(sheet, view);
    insurance(sheet, view);
    netPay(sheet, view);
    if (view.employerContributions.length > 0) {
      sheet.heading('Arbeitgeberanteile (nachrichtlich)', [{ title: 'Betrag €', column: AMOUNT[1] as Column }]);
      for (const e of view.employerContributions) sheet.row([e.description, eur(e.amount)], AMOUNT);
      sheet.gap(6);
    }
    yearToDate(sheet, view);
    if (view.notes.length > 0) {
      sheet.heading('Hinweise');
      for (const note of view.notes) sheet.row([note], [{ x: LEFT + 4, align: 'left', width: RIGHT - LEFT - 8 }], { size: 8 });
    }
    sheet.finish();
  });
}

function header(sheet: Sheet, view: DeEntgeltbescheinigungView): void {
  const c = sheet.canvas;
  c.text(LEFT, 40, 'Entgeltbescheinigung', { bold: true, size: 18 });
  c.text(LEFT, 62, `Abrechnungsmonat ${deMonth(view.period.month)}`, { size: 9, grey: 0.3 });
  c.text(RIGHT, 40, view.employer.name, { bold: true, size: 11, align: 'right' });
  let y = 55;
  for (const line of view.employer.address) {
    c.text(RIGHT, y, line, { size: 8, align: 'right', grey: 0.2 });
    y += 10;
  }
  if (view.employer.betriebsnummer) {
    c.text(RIGHT, y, `Betriebsnummer ${view.employer.betriebsnummer}`, { size: 8, align: 'right', grey: 0.2 });
    y += 10;
  }
  sheet.y = Math.max(y, 80) + 6;
  c.line(LEFT, sheet.y, RIGHT, sheet.y, { grey: 0.5, width: 0.8 });
  sheet.y += 10;
  const e = view.employee;
  const left: [string, string][] = [
    ['Name', e.name],
    ...e.address.map((line, i): [string, string] => [i === 0 ? 'Anschrift' : '', line]),
    ['Geburtsdatum', deDate(e.dateOfBirth)],
    ['Personalnummer', e.personnelNumber ?? '–'],
    ['Versicherungsnummer', e.svNumber ? spacedSvNumber(e.svNumber) : '–'],
    ['Steuer-ID', e.taxId ?? '–'],
    ['Eintritt', deDate(e.entryDate)],
    ['Austritt', e.exitDate ? deDate(e.exitDate) : '–'],
  ];
  const t = view.tax;
  const i = view.insurance;
  const right: [string, string][] = [
    ['Zeitraum', deMonth(view.period.month)],
    ['SV-Tage', String(view.period.svDays)],
    ['Auszahlung am', view.period.payDate ? deDate(view.period.payDate) : '–'],
    ['Steuerklasse', t.factor ? `${t.taxClass} mit Faktor ${t.factor.replace('.', ',')}` : t.taxClass],
    ['Kinderfreibeträge', t.childAllowances.replace('.', ',')],
    ['Konfession', t.church],
    ['Personengruppe', i.personengruppe],
    ['Beitragsgruppe', i.beitragsgruppe],
    ['Krankenkasse', i.healthInsurer ?? 'privat versichert'],
    ['Zusatzbeitrag', i.additionalRatePercent === null ? '–' : `${i.additionalRatePercent.replace('.', ',')} %`],
  ];
  const top = sheet.y;
  left.forEach(([label, value], n) => {
    c.text(LEFT, top + n * ROW, label, { size: 8, grey: 0.4 });
    c.text(LEFT + 100, top + n * ROW, value, { size: 9, bold: n === 0 });
  });
  right.forEach(([label, value], n) => {
    c.text(330, top + n * ROW, label, { size: 8, grey: 0.4 });
    c.text(420, top + n * ROW, value, { size: 9 });
  });
  sheet.y = top + Math.max(left.length, right.length) * ROW + 10;
}

function earnings(sheet: Sheet, view: DeEntgeltbescheinigungView): void {
  sheet.heading('Bruttobezüge', [
    { title: 'Art', column: EARNINGS[1] as Column },
    { title: 'Betrag €', column: EARNINGS[2] as Column },
  ]);
  for (const e of view.earnings) sheet.row([e.description, e.kind === 'laufend' ? 'laufend' : 'einmalig', eur(e.amount)], EARNINGS);
  sheet.gap(2);
  sheet.rule(300);
  sheet.row(['Gesamtbrutto', eur(view.gross)], [{ x: 310, align: 'left' }, AMOUNT[1] as Column], { bold: true });
  sheet.gap(6);
}

function taxes(sheet: Sheet, view: DeEntgeltbescheinigungView): void {
  sheet.heading('Steuer', [{ title: 'Betrag €', column: AMOUNT[1] as Column }]);
  sheet.row(['Steuerbrutto', eur(view.taxGross)], AMOUNT);
  sheet.row(['Lohnsteuer', eur(view.taxes.incomeTax)], AMOUNT);
  sheet.row(['Solidaritätszuschlag', eur(view.taxes.solidarity)], AMOUNT);
  sheet.row(['Kirchensteuer', eur(view.taxes.churchTax)], AMOUNT);
  sheet.gap(6);
}

function insurance(sheet: Sheet, view: DeEntgeltbescheinigungView): void {
  const columns: Column[] = [{ x: LEFT + 4, align: 'left', width: 250 }, { x: 430, align: 'right' }, { x: RIGHT - 4, align: 'right' }];
  sheet.heading('Sozialversicherung', [
    { title: 'SV-Brutto €', column: columns[1] as Column },
    { title: 'Arbeitnehmeranteil €', column: columns[2] as Column },
  ]);
  const branches: [string, string | null, string][] = [
    ['Krankenversicherung', view.svGross.kv, view.contributions.kv],
    ['Pflegeversicherung', view.svGross.pv, view.contributions.pv],
    ['Rentenversicherung', view.svGross.rv, view.contributions.rv],
    ['Arbeitslosenversicherung', view.svGross.av, view.contributions.av],
  ];
  let total = new Decimal(0);
  for (const [name, base, share] of branches) {
    sheet.row([name, base === null ? '–' : eur(base), eur(share)], columns);
    total = total.plus(share);
  }
  sheet.gap(2);
  sheet.rule(300);
  sheet.row(['Sozialversicherung gesamt', eur(total.toFixed(2))], [{ x: 310, align: 'left' }, columns[2] as Column], { bold: true });
  sheet.gap(6);
}

function netPay(sheet: Sheet, view: DeEntgeltbescheinigungView): void {
  sheet.heading('Netto', [{ title: 'Betrag €', column: AMOUNT[1] as Column }]);
  sheet.row(['Nettoentgelt', eur(view.net)], AMOUNT, { bold: true });
  for (const a of view.netAdjustments) sheet.row([a.description, eur(a.amount)], AMOUNT);
  sheet.gap(4);
  sheet.need(44);
  const c = sheet.canvas;
  const width = (RIGHT - LEFT) / 3;
  const x = RIGHT - width;
  c.box(x, sheet.y, width, 36, { fillGrey: 0.85, strokeGrey: 0.5 });
  c.text(x + 8, sheet.y + 6, 'Auszahlungsbetrag', { size: 8.5, bold: true, grey: 0.25 });
  c.text(RIGHT - 8, sheet.y + 18, `${eur(view.payout)} €`, { size: 14, bold: true, align: 'right' });
  sheet.y += 46;
}

function yearToDate(sheet: Sheet, view: DeEntgeltbescheinigungView): void {
  const leftColumns: Column[] = [{ x: LEFT + 4, align: 'left', width: 190 }, { x: 290, align: 'right' }];
  const rightColumns: Column[] = [{ x: 318, align: 'left', width: 160 }, { x: RIGHT - 4, align: 'right' }];
  sheet.heading(`Kumulierte Jahreswerte ${view.period.month.slice(0, 4)} (Lohnkonto)`);
  const half = Math.ceil(view.ytd.length / 2);
  for (let n = 0; n < half; n += 1) {
    sheet.need(ROW);
    const a = view.ytd[n];
    const b = view.ytd[n + half];
    const y = sheet.y;
    if (a) sheet.row([a.label, eur(a.amount)], leftColumns);
    if (b) {
      sheet.y = y;
      sheet.row([b.label, eur(b.amount)], rightColumns);
    }
  }
  sheet.gap(6);
}
