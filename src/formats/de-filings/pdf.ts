/**
 * The printable German employer filings (issue 17), A4, in German: the Beitragsnachweis per Einzugsstelle, the
 * Lohnsteuer-Anmeldung per month, the DEÜV notifications, the Lohnsteuerbescheinigung per employee. They print what
 * the filing computed (domain/de/filings), nothing more: every amount comes from it, and its problems are listed as
 * "Hinweise". A printout accompanies the electronic filing; it is not the official form.
 */
import type { BeitragsnachweisStatement } from '../../domain/de/filings/beitragsnachweis.js';
import type { Lohnsteuerbescheinigung } from '../../domain/de/filings/lohnsteuerbescheinigung.js';
import type { Lohnsteueranmeldung } from '../../domain/de/filings/lohnsteueranmeldung.js';
import type { Meldung } from '../../domain/de/filings/meldungen.js';
import { euro, germanDate, germanMonth, Sheet } from './sheet.js';

export interface FilingHeader {
  employerName: string;
  /** Span printed under the title, e.g. "März 2026" or "2026". */
  span: string;
  /** ISO instant the document is dated with (the latest approval of the months it reports). */
  issuedAt: string;
}

const NOTE = 'Ausdruck zur elektronischen Übermittlung; maßgeblich ist der übermittelte Datensatz.';

export function beitragsnachweisPdf(header: FilingHeader, statements: readonly BeitragsnachweisStatement[]): Promise<Uint8Array> {
  const sheet = new Sheet({ title: `Beitragsnachweis ${header.span}`, subject: `Beitragsnachweise ${header.employerName} ${header.span}`, author: header.employerName, issuedAt: header.issuedAt }, `Beitragsnachweis · ${header.employerName} · ${header.span}`);
  if (statements.length === 0) {
    sheet.title('Beitragsnachweis', `${header.employerName} · ${header.span}`);
    sheet.notes('Hinweise', ['Für diesen Zeitraum gibt es keine freigegebenen Abrechnungen.']);
  }
  statements.forEach((s, index) => {
    if (index > 0) sheet.newPage();
    sheet.title('Beitragsnachweis', `${germanMonth(s.month)} · Zeitraum ${germanDate(s.period_start)} – ${germanDate(s.period_end)} · ${NOTE}`);
    sheet.fields([
      ['Arbeitgeber', header.employerName],
      ['Betriebsnummer des Arbeitgebers', s.employer_betriebsnummer ?? ''],
      ['Einzugsstelle', s.einzugsstelle.name ?? (s.einzugsstelle.betriebsnummer === null ? 'nicht zugeordnet' : '')],
      ['Betriebsnummer der Einzugsstelle', s.einzugsstelle.betriebsnummer ?? ''],
      ['Allgemeiner Beitragssatz (KV)', `${s.rates.kv_general_percent.replace('.', ',')} %`],
      ['Zusatzbeitragssatz', s.rates.kv_additional_percent.length ? s.rates.kv_additional_percent.map((r) => `${r.replace('.', ',')} %`).join(', ') : '–'],
    ]);
    sheet.heading('Beiträge nach Beitragsgruppen');
    const used = s.groups.filter((g) => g.total !== '0.00' || ['1000', '0001', '0100', '0010', 'ZB', '0050'].includes(g.code));
    const rows = used.map((g) => [g.code, g.label, euro(g.employee), euro(g.employer), euro(g.total)]);
    rows.push(['', 'Summe der Beiträge (Zahlbetrag)', euro(s.employee_total), euro(s.employer_total), euro(s.total)]);
    if (s.flat_tax.total !== '0.00') rows.push(['ST', 'Einheitliche Pauschsteuer (§ 40a Abs. 2 EStG)', euro(s.flat_tax.employee), euro(s.flat_tax.employer), euro(s.flat_tax.total)]);
    rows.push(['', 'Zu zahlen', '', '', euro(s.amount_due)]);
    const columns = [
      { header: 'Gruppe', width: 42 },
      { header: 'Bezeichnung', width: 241 },
      { header: 'Arbeitnehmer €', width: 68, align: 'right' as const },
      { header: 'Arbeitgeber €', width: 68, align: 'right' as const },
      { header: 'Summe €', width: 80, align: 'right' as const },
    ];
    sheet.table(columns, rows, new Set([used.length, rows.length - 1]));
    if (s.maerzklausel) {
      sheet.heading(`Davon Einmalzahlungen, dem Vorjahr zugeordnet (§ 23a Abs. 4 SGB IV): ${s.maerzklausel.allocated_to.map(germanMonth).join(', ')}`);
      const m = s.maerzklausel;
      const mRows = m.groups.filter((g) => g.total !== '0.00').map((g) => [g.code, g.label, euro(g.employee), euro(g.employer), euro(g.total)]);
      sheet.table(columns, mRows);
      sheet.fields([
        [`Beitragssätze ${m.rates.year}: KV allgemein / Zusatzbeitrag`, `${m.rates.kv_general_percent.replace('.', ',')} % / ${m.rates.kv_additional_percent.map((r) => `${r.replace('.', ',')} %`).join(', ') || '–'}`],
        [`PV / RV / AV / U3 ${m.rates.year}`, `${m.rates.care_percent.replace('.', ',')} % / ${m.rates.pension_percent.replace('.', ',')} % / ${m.rates.unemployment_percent.replace('.', ',')} % / ${m.rates.insolvency_percent.replace('.', ',')} %`],
      ]);
    }
    sheet.heading('Beschäftigte');
    sheet.table(
      [
        { header: 'Name', width: 200 },
        { header: 'Beitragsgruppe', width: 80 },
        { header: 'Arbeitnehmer €', width: 70, align: 'right' },
        { header: 'Arbeitgeber €', width: 70, align: 'right' },
        { header: 'Pauschsteuer €', width: 79, align: 'right' },
      ],
      s.employees.map((e) => [e.name, e.beitragsgruppe, euro(e.employee), euro(e.employer), euro(e.flat_tax)]),
    );
    if (s.record) {
      sheet.heading('Datensatz BW02 (Version 12)');
      sheet.mono(s.record);
    }
    sheet.notes('Hinweise', s.problems);
  });
  return sheet.finish();
}

export function lohnsteueranmeldungPdf(header: FilingHeader, returns: readonly Lohnsteueranmeldung[]): Promise<Uint8Array> {
  const sheet = new Sheet({ title: `Lohnsteuer-Anmeldung ${header.span}`, subject: `Lohnsteuer-Anmeldung ${header.employerName} ${header.span}`, author: header.employerName, issuedAt: header.issuedAt }, `Lohnsteuer-Anmeldung · ${header.employerName} · ${header.span}`);
  if (returns.length === 0) {
    sheet.title('Lohnsteuer-Anmeldung', `${header.employerName} · ${header.span}`);
    sheet.notes('Hinweise', ['Für diesen Zeitraum gibt es keine freigegebenen Abrechnungen.']);
  }
  returns.forEach((r, index) => {
    if (index > 0) sheet.newPage();
    sheet.title(`Lohnsteuer-Anmeldung ${r.year}`, `Anmeldungszeitraum ${germanMonth(r.month)} (Zeitraum ${r.zeitraum}) · ${NOTE}`);
    sheet.fields([
      ['Arbeitgeber', r.employer_name],
      ['Steuernummer', r.steuernummer ?? ''],
      ['Zahl der Arbeitnehmer (Kz 86)', String(r.employee_count)],
      ['Abgerechnete Lohnzettel des Monats', String(r.payslips.count)],
    ]);
    sheet.heading('Kennzahlen');
    const rows = r.kennzahlen.map((k) => [k.kz, k.label, euro(k.amount)]);
    sheet.table(
      [
        { header: 'Kz', width: 40 },
        { header: 'Bezeichnung', width: 349 },
        { header: 'Betrag €', width: 110, align: 'right' },
      ],
      rows,
      new Set([rows.length - 1]),
    );
    if (r.church_tax.length > 0) {
      sheet.heading('Kirchensteuer nach Konfession');
      sheet.table(
        [
          { header: 'Konfession', width: 250 },
          { header: 'Kz', width: 40 },
          { header: 'Arbeitnehmer', width: 80, align: 'right' },
          { header: 'Betrag €', width: 129, align: 'right' },
        ],
        r.church_tax.map((c) => [`${c.label}${c.denomination ? ` (${c.denomination})` : ''}`, c.kennzahl ?? '?', String(c.employees), euro(c.amount)]),
      );
    }
    const notes = [...r.problems];
    if (r.minijob_flat_tax_to_minijob_zentrale !== '0.00') notes.push(`Einheitliche Pauschsteuer der Minijobs (${euro(r.minijob_flat_tax_to_minijob_zentrale)} €) wird an die Minijob-Zentrale abgeführt (§ 40a Abs. 6 EStG), nicht hier angemeldet.`);
    sheet.notes('Hinweise', notes);
  });
  return sheet.finish();
}

export function meldungenPdf(header: FilingHeader, notifications: readonly Meldung[]): Promise<Uint8Array> {
  const sheet = new Sheet({ title: `DEÜV-Meldungen ${header.span}`, subject: `DEÜV-Meldungen ${header.employerName} ${header.span}`, author: header.employerName, issuedAt: header.issuedAt }, `DEÜV-Meldungen · ${header.employerName} · ${header.span}`);
  sheet.title('Meldungen zur Sozialversicherung (DEÜV)', `${header.employerName} · ${header.span} · ${notifications.length} Meldung(en) · ${NOTE}`);
  if (notifications.length === 0) sheet.notes('Hinweise', ['In diesem Zeitraum sind keine Meldungen fällig.']);
  for (const m of notifications) {
    sheet.heading(`${m.abgabegrund} – ${m.label}: ${m.name}`);
    sheet.fields([
      ['Versicherungsnummer', m.versicherungsnummer ?? 'nicht gespeichert'],
      ['Personalnummer', m.payroll_number ?? ''],
      ['Personengruppe', `${m.personengruppe}${m.personengruppe_stored ? '' : ' (abgeleitet)'}`],
      ['Beitragsgruppe', `${m.beitragsgruppe}${m.beitragsgruppe_stored ? '' : ' (abgeleitet)'}`],
      ['Tätigkeitsschlüssel', m.taetigkeitsschluessel ?? 'nicht gespeichert'],
      ['Zeitraum', m.period_end === null ? `ab ${germanDate(m.period_start)}` : `${germanDate(m.period_start)} – ${germanDate(m.period_end)}`],
      ['Beitragspflichtiges Entgelt (volle Euro)', m.sv_entgelt === null ? '–' : `${m.sv_entgelt} €`],
      ['Übergangsbereich', m.uebergangsbereich === 0 ? 'nein' : m.uebergangsbereich === 1 ? `ja, durchgehend (tatsächliches Entgelt ${m.entgelt_uebergangsbereich} €)` : `teilweise (tatsächliches Entgelt ${m.entgelt_uebergangsbereich} €)`],
      ['Betriebsnummer Arbeitgeber', m.employer_betriebsnummer ?? ''],
      ['Betriebsnummer Einzugsstelle', m.einzugsstelle_betriebsnummer ?? ''],
      ['Spätestens zu melden bis', germanDate(m.due_by)],
      ['Datensatz', m.record ? `DSME/DBME${m.record.length > 706 ? '/DBNA' : ''}, ${m.record.length} Zeichen` : 'nicht erstellt'],
    ]);
    if (m.record) sheet.mono(m.record);
    sheet.notes('Hinweise', m.problems);
  }
  return sheet.finish();
}

export function lohnsteuerbescheinigungPdf(header: FilingHeader, certificates: readonly Lohnsteuerbescheinigung[]): Promise<Uint8Array> {
  const sheet = new Sheet({ title: `Lohnsteuerbescheinigung ${header.span}`, subject: `Lohnsteuerbescheinigungen ${header.employerName} ${header.span}`, author: header.employerName, issuedAt: header.issuedAt }, `Ausdruck der elektronischen Lohnsteuerbescheinigung ${header.span} · ${header.employerName}`);
  if (certificates.length === 0) {
    sheet.title('Ausdruck der elektronischen Lohnsteuerbescheinigung', `${header.employerName} · ${header.span}`);
    sheet.notes('Hinweise', ['Für dieses Jahr gibt es keine freigegebenen Abrechnungen mit Lohnsteuerabzug nach ELStAM.']);
  }
  certificates.forEach((c, index) => {
    if (index > 0) sheet.newPage();
    sheet.title(`Ausdruck der elektronischen Lohnsteuerbescheinigung für ${c.year}`, NOTE);
    sheet.fields([
      ['Arbeitnehmer', c.name],
      ['Identifikationsnummer', c.tax_id ?? 'nicht gespeichert'],
      ['Geburtsdatum', germanDate(c.date_of_birth)],
      ['Personalnummer', c.payroll_number ?? ''],
      ['Anschrift', c.address ?? ''],
      ['Arbeitgeber', c.employer.name],
      ['Steuernummer des Arbeitgebers', c.employer.steuernummer ?? ''],
      ['Steuerklasse / Faktor', `${c.elstam.tax_class ?? '–'}${c.elstam.factor ? ` / ${c.elstam.factor.replace('.', ',')}` : ''}`],
      ['Kinderfreibeträge', c.elstam.child_allowances ?? '0'],
      ['Kirchensteuermerkmal', c.elstam.church],
    ]);
    sheet.heading('Bescheinigte Beträge');
    sheet.table(
      [
        { header: 'Nr.', width: 36 },
        { header: 'Bezeichnung', width: 353 },
        { header: 'EUR', width: 110, align: 'right' },
      ],
      c.lines.map((l) => [`${l.line}.`, l.label, /^-?\d+\.\d{2}$/.test(l.value) ? euro(l.value) : l.value]),
    );
    sheet.notes('Hinweise', c.problems);
  });
  return sheet.finish();
}
