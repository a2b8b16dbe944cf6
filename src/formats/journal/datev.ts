/**
 * The journal as a DATEV Buchungsstapel (DATEV-Format, "EXTF", header version 700, data category 21, format
 * version 13; DATEV developer portal, "DATEV-Format › Einstieg" and "Formate › Buchungsstapel"): a header line of 31
 * fields, the line of the 125 column names, one booking per journal line. Semicolons separate fields, lines end
 * with CR LF, text fields are in double quotes (inner quotes doubled), amounts are positive with a decimal comma
 * and no thousands separator, the Soll/Haben-Kennzeichen gives the side of the Konto; the file is Windows-1252
 * ("ANSI") as DATEV reads it.
 *
 * Each journal line is booked against the payroll clearing account (SKR03 1755 Lohn- und
 * Gehaltsverrechnungen): as the journal balances, the clearing account comes back to zero.
 */
import { DomainError } from '../../domain/errors.js';
import type { Journal } from './journal.js';

const pairs = (kind: string, content: string, count: number): string[] => Array.from({ length: count }, (_, i) => [`${kind} ${i + 1}`, `${content} ${i + 1}`]).flat();

/** The column names of Buchungsstapel format version 13, in their order (125). */
export const DATEV_COLUMNS: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)', 'Soll/Haben-Kennzeichen', 'WKZ Umsatz', 'Kurs', 'Basis-Umsatz', 'WKZ Basis-Umsatz', 'Konto',
  'Gegenkonto (ohne BU-Schlüssel)', 'BU-Schlüssel', 'Belegdatum', 'Belegfeld 1', 'Belegfeld 2', 'Skonto', 'Buchungstext',
  'Postensperre', 'Diverse Adressnummer', 'Geschäftspartnerbank', 'Sachverhalt', 'Zinssperre', 'Beleglink',
  ...pairs('Beleginfo - Art', 'Beleginfo - Inhalt', 8),
  'KOST1 - Kostenstelle', 'KOST2 - Kostenstelle', 'Kost-Menge', 'EU-Land u. UStID (Bestimmung)', 'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart', 'Sachverhalt L+L', 'Funktionsergänzung L+L', 'BU 49 Hauptfunktionstyp', 'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...pairs('Zusatzinformation - Art', 'Zusatzinformation- Inhalt', 20),
  'Stück', 'Gewicht', 'Zahlweise', 'Forderungsart', 'Veranlagungsjahr', 'Zugeordnete Fälligkeit', 'Skontotyp', 'Auftragsnummer',
  'Buchungstyp', 'USt-Schlüssel (Anzahlungen)', 'EU-Land (Anzahlungen)', 'Sachverhalt L+L (Anzahlungen)', 'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)', 'Herkunft-Kz', 'Buchungs GUID', 'KOST-Datum', 'SEPA-Mandatsreferenz', 'Skontosperre',
  'Gesellschaftername', 'Beteiligtennummer', 'Identifikationsnummer', 'Zeichnernummer', 'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt', 'Kennzeichen SoBil-Buchung', 'Festschreibung', 'Leistungsdatum', 'Datum Zuord. Steuerperiode',
  'Fälligkeit', 'Generalumkehr (GU)', 'Steuersatz', 'Land', 'Abrechnungsreferenz', 'BVV-Position', 'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)', 'Abw. Skontokonto',
];

export interface DatevSettings {
  /** Beraternummer (1001–9999999). */
  consultantNumber: string;
  /** Mandantennummer (1–99999). */
  clientNumber: string;
  /** First month of the financial year (1–12). */
  fiscalYearStartMonth: number;
  /** Sachkontenlänge: digits of a general ledger account (4–8). */
  accountLength: number;
  /** "03" for SKR03, "04" for SKR04, "" for another chart. */
  chart: string;
  /** The account every journal line is booked against. */
  clearingAccount: string;
  /** The file's creation time (ISO instant; the run's approval, never the clock): header field 6. */
  createdAt: string;
}

const quote = (value: string): string => `"${value.replace(/[\r\n;]/g, ' ').replace(/"/g, '""')}"`;

function yyyymmdd(iso: string): string {
  return iso.slice(0, 10).replace(/-/g, '');
}

function refuse(field: string, message: string): never {
  throw new DomainError('validation', 'JOURNAL.DATEV_SETTINGS', `the DATEV export needs ${field}: ${message}`, { issues: [{ loc: ['organization', 'accounting', field], msg: message, type: 'datev_setting' }] });
}

export function encodeDatev(journal: Journal, s: DatevSettings): string {
  if (!/^\d{4,7}$/.test(s.consultantNumber) || Number(s.consultantNumber) < 1001) refuse('datev_consultant_number', 'must be the Beraternummer, 1001 to 9999999');
  if (!/^\d{1,5}$/.test(s.clientNumber) || Number(s.clientNumber) < 1) refuse('datev_client_number', 'must be the Mandantennummer, 1 to 99999');
  const year = journal.postingDate.slice(0, 4);
  const startMonth = String(s.fiscalYearStartMonth).padStart(2, '0');
  // The financial year holding the posting date: it began this year or, before its first month, the year before.
  const fyStart = journal.postingDate.slice(5, 7) >= startMonth ? `${year}${startMonth}01` : `${Number(year) - 1}${startMonth}01`;
  const created = s.createdAt.replace(/[-:TZ.]/g, '').slice(0, 17).padEnd(17, '0');
  const header = [
    quote('EXTF'), '700', '21', quote('Buchungsstapel'), '13', created, '', quote('RE'), quote('payroll'), quote(''),
    s.consultantNumber, s.clientNumber, fyStart, String(s.accountLength), yyyymmdd(journal.periodStart), yyyymmdd(journal.periodEnd),
    quote(`Lohn ${journal.periodStart.slice(0, 7)}`.slice(0, 30)), quote(''), '1', '0', '0', quote(journal.currency), '', quote(''), '', '', quote(s.chart), '', '', quote(''), quote(''),
  ];
  const rows = [header.join(';'), DATEV_COLUMNS.join(';')];
  const belegdatum = `${journal.postingDate.slice(8, 10)}${journal.postingDate.slice(5, 7)}`;
  const reference = journal.runId.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);
  for (const line of journal.lines) {
    if (line.account.length > s.accountLength + 1 || !/^\d+$/.test(line.account)) refuse('accounts', `account ${line.account} is not a DATEV account of ${s.accountLength} digits`);
    const debit = line.debit !== '0.00';
    const values = new Array<string>(DATEV_COLUMNS.length).fill('');
    values[0] = (debit ? line.debit : line.credit).replace('.', ',');
    values[1] = quote(debit ? 'S' : 'H');
    values[2] = quote(journal.currency);
    values[6] = line.account;
    values[7] = s.clearingAccount;
    values[9] = belegdatum;
    values[10] = quote(reference);
    values[13] = quote(line.text.slice(0, 60));
    rows.push(values.map((v, i) => (v === '' && TEXT_COLUMNS.has(i) ? '""' : v)).join(';'));
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** Columns of type text (0-based) that an empty value still quotes, as DATEV's sample file does for the ones used here. */
const TEXT_COLUMNS = new Set([1, 2, 10, 11, 13]);

/** Windows-1252 bytes of the text (DATEV reads ANSI); a character without one becomes "?". */
export function windows1252(text: string): Uint8Array {
  const HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out[i] = code;
    else {
      const at = HIGH.indexOf(text[i] as string);
      out[i] = at >= 0 ? 0x80 + at : 0x3f;
    }
  }
  return out;
}
