/**
 * The keys of the German employer filings and the checks of the employee data they need, as the employee is entered:
 * Personengruppenschlüssel and Beitragsgruppenschlüssel (Gemeinsames Rundschreiben "Meldeverfahren zur
 * Sozialversicherung", Anlagen 1 and 2), the Tätigkeitsschlüssel (BA, Schlüsselverzeichnis für die Angaben zur
 * Tätigkeit, Ausgabe 2010), the Abgabegründe of DEÜV notifications (Anlage 1) and the church-tax denominations of the
 * ELStAM with their Kennzahl on the Lohnsteuer-Anmeldung. Values and their status: fixtures/reference/de/meldungen/.
 *
 * A key this payroll cannot calculate is refused with the reason (e.g. the reduced KV rate of § 243 SGB V), so a
 * stored key never contradicts the contributions the runs charge and the filings report.
 */

/** Personengruppenschlüssel (Anlage 2 GR v. 29.06.2016; list of krankenkasseninfo.de / aok-business, not the 2023 edition). */
export const PERSONENGRUPPEN: Readonly<Record<string, string>> = {
  '101': 'Sozialversicherungspflichtig Beschäftigte ohne besondere Merkmale',
  '102': 'Auszubildende ohne besondere Merkmale',
  '103': 'Beschäftigte in Altersteilzeit',
  '104': 'Hausgewerbetreibende',
  '105': 'Praktikanten',
  '106': 'Werkstudenten',
  '107': 'Behinderte Menschen in anerkannten Werkstätten oder gleichartigen Einrichtungen',
  '108': 'Bezieher von Vorruhestandsgeld',
  '109': 'Geringfügig entlohnte Beschäftigte (§ 8 Abs. 1 Nr. 1 SGB IV)',
  '110': 'Kurzfristig Beschäftigte (§ 8 Abs. 1 Nr. 2 SGB IV)',
  '111': 'Personen in Einrichtungen der Jugendhilfe, Berufsbildungswerken o. ä.',
  '112': 'Mitarbeitende Familienangehörige in der Landwirtschaft',
  '113': 'Nebenerwerbslandwirte',
  '114': 'Nebenerwerbslandwirte – saisonal beschäftigt',
  '116': 'Ausgleichsgeldempfänger nach dem FELEG',
  '118': 'Unständig Beschäftigte',
  '119': 'Versicherungsfreie Altersvollrentner und Versorgungsbezieher wegen Alters',
  '120': 'Versicherungspflichtige Altersvollrentner',
  '121': 'Auszubildende, deren Entgelt die Geringverdienergrenze nicht übersteigt',
  '122': 'Auszubildende in einer außerbetrieblichen Einrichtung',
  '123': 'Personen im freiwilligen sozialen/ökologischen Jahr oder Bundesfreiwilligendienst',
  '124': 'Heimarbeiter ohne Anspruch auf Entgeltfortzahlung im Krankheitsfall',
  '190': 'Beschäftigte, die ausschließlich in der gesetzlichen Unfallversicherung versichert sind',
};

/** Abgabegründe of the DEÜV notifications this payroll produces (Anlage 1 GR v. 29.06.2016). */
export const ABGABEGRUENDE = {
  '10': 'Anmeldung wegen Beginn einer Beschäftigung',
  '30': 'Abmeldung wegen Ende einer Beschäftigung',
  '40': 'Gleichzeitige An- und Abmeldung wegen Ende der Beschäftigung',
  '50': 'Jahresmeldung',
  '54': 'Meldung von einmalig gezahltem Arbeitsentgelt (Sondermeldung)',
} as const;
export type Abgabegrund = keyof typeof ABGABEGRUENDE;

/** What a stored employee's contributions are computed as: the facts the keys must agree with. */
export interface EmploymentFacts {
  miniJob: boolean;
  /** Privately health insured (private_insurance_monthly above zero): no statutory KV/PV. */
  privateHealth: boolean;
  /** Minijob exempt from RV on application (§ 6 Abs. 1b SGB VI). */
  pensionExemption: boolean;
}

/**
 * The Beitragsgruppenschlüssel the calculation charges (KV RV AV PV): a regular employee 1111 (KV general rate, full
 * RV, AV, PV), privately insured 0110, a minijob 6500 / 6100 (KV flat rate; RV flat rate when exempt, full RV with
 * the top-up otherwise), privately insured minijob 0500 / 0100.
 */
export function chargedBeitragsgruppe(facts: EmploymentFacts): string {
  if (facts.miniJob) return `${facts.privateHealth ? '0' : '6'}${facts.pensionExemption ? '5' : '1'}00`;
  return facts.privateHealth ? '0110' : '1111';
}

/** The Personengruppe the calculation implies when none is stored: 109 for a minijob, 101 otherwise. */
export function defaultPersonengruppe(facts: EmploymentFacts): string {
  return facts.miniJob ? '109' : '101';
}

/** Why a Personengruppenschlüssel cannot be stored for this employee, or null. */
export function personengruppeProblem(value: string, facts: EmploymentFacts): string | null {
  if (!/^\d{3}$/.test(value)) return 'must be a 3-digit Personengruppenschlüssel, e.g. 101';
  if (!(value in PERSONENGRUPPEN)) return `${value} is not a Personengruppenschlüssel (Anlage 2 GR Meldeverfahren: ${Object.keys(PERSONENGRUPPEN).join(', ')})`;
  if (value === '110') return '110 (kurzfristig Beschäftigte, § 8 Abs. 1 Nr. 2 SGB IV) is free of contributions, which this payroll does not calculate';
  if (facts.miniJob && value !== '109') return `a minijob (is_mini_job) is Personengruppe 109 (geringfügig entlohnt, § 8 Abs. 1 Nr. 1 SGB IV), not ${value}`;
  if (!facts.miniJob && value === '109') return '109 (geringfügig entlohnt) needs is_mini_job: the contributions are computed from it';
  return null;
}

const BEITRAGSGRUPPE_DIGITS = [
  { branch: 'KV', allowed: '0134569', meaning: '0 kein Beitrag, 1 allgemein, 3 ermäßigt, 4/5 landwirtschaftlich, 6 Pauschalbeitrag, 9 freiwillig' },
  { branch: 'RV', allowed: '0135', meaning: '0 kein Beitrag, 1 voll, 3 halb, 5 Pauschalbeitrag' },
  { branch: 'AV', allowed: '012', meaning: '0 kein Beitrag, 1 voll, 2 halb' },
  { branch: 'PV', allowed: '012', meaning: '0 kein Beitrag, 1 voll, 2 halb' },
] as const;

/**
 * Why a Beitragsgruppenschlüssel cannot be stored for this employee, or null. Besides the keys of Anlage 1, it must be
 * what the calculation charges (chargedBeitragsgruppe), except KV 9 (a voluntary member whose contributions the
 * employer pays, Firmenzahler) in place of KV 1: same rates, reported in the Beitragsnachweis's voluntary fields.
 */
export function beitragsgruppeProblem(value: string, facts: EmploymentFacts): string | null {
  if (!/^\d{4}$/.test(value)) return 'must be a 4-digit Beitragsgruppenschlüssel (KV RV AV PV), e.g. 1111';
  for (const [index, position] of BEITRAGSGRUPPE_DIGITS.entries()) {
    const digit = value[index] as string;
    if (!position.allowed.includes(digit)) return `${position.branch} digit ${digit} is not a Beitragsgruppe (${position.meaning})`;
  }
  const charged = chargedBeitragsgruppe(facts);
  const voluntary = !facts.miniJob && !facts.privateHealth && value === `9${charged.slice(1)}`;
  if (value !== charged && !voluntary) {
    const why = facts.miniJob
      ? `a minijob${facts.privateHealth ? ' without statutory health insurance' : ''}${facts.pensionExemption ? ' exempt from RV' : ' with RV top-up'}`
      : facts.privateHealth
        ? 'a privately insured employee (no statutory KV/PV)'
        : 'a statutorily insured employee at the general KV rate (the reduced rate of § 243 SGB V, agricultural KV and half RV/AV/PV contributions are not calculated by this payroll)';
    return `${value} does not match the contributions charged for ${why}: ${charged}${!facts.miniJob && !facts.privateHealth ? ' (or 9111 for a voluntary member, Firmenzahler)' : ''}`;
  }
  return null;
}

/**
 * Why a Tätigkeitsschlüssel (9 digits, Schlüsselverzeichnis 2010) is malformed, or null: positions 1–5 the KldB 2010
 * activity (the code list is not bundled, so only its form is checked), 6 school (1–4, 9), 7 vocational training
 * (1–6, 9), 8 temporary agency work (1 no, 2 yes), 9 contract form (1–4).
 */
export function taetigkeitsschluesselProblem(value: string): string | null {
  if (!/^\d{9}$/.test(value)) return 'must be a 9-digit Tätigkeitsschlüssel (KldB 2010 activity, school, training, agency work, contract form)';
  const checks: [number, string, string][] = [
    [5, '12349', 'position 6 (Schulabschluss) must be 1, 2, 3, 4 or 9'],
    [6, '1234569', 'position 7 (Ausbildungsabschluss) must be 1 to 6 or 9'],
    [7, '12', 'position 8 (Arbeitnehmerüberlassung) must be 1 or 2'],
    [8, '1234', 'position 9 (Vertragsform) must be 1 to 4'],
  ];
  for (const [index, allowed, message] of checks) if (!allowed.includes(value[index] as string)) return message;
  return null;
}

/**
 * Church-tax denominations of the ELStAM (Kirchensteuermerkmal) and their Kennzahl on the Lohnsteuer-Anmeldung:
 * Kz 61 evangelisch, Kz 62 römisch-katholisch (lsta_201701.xsd, ELSTER stylesheet). The Kennzahlen of the others
 * differ by Land (BMF "Übersicht über länderunterschiedliche Werte"), which is not bundled: they are reported under
 * their denomination without a Kennzahl.
 */
export const CHURCH_DENOMINATIONS: Readonly<Record<string, { label: string; kennzahl: string | null }>> = {
  ev: { label: 'evangelisch', kennzahl: '61' },
  rk: { label: 'römisch-katholisch', kennzahl: '62' },
  ak: { label: 'altkatholisch', kennzahl: null },
  lt: { label: 'evangelisch-lutherisch', kennzahl: null },
  rf: { label: 'evangelisch-reformiert', kennzahl: null },
  fr: { label: 'französisch-reformiert', kennzahl: null },
  fa: { label: 'Freie Religionsgemeinschaft Alzey', kennzahl: null },
  fb: { label: 'Freireligiöse Landesgemeinde Baden', kennzahl: null },
  fg: { label: 'Freireligiöse Landesgemeinde Pfalz', kennzahl: null },
  fm: { label: 'Freireligiöse Gemeinde Mainz', kennzahl: null },
  fs: { label: 'Freireligiöse Gemeinde Offenbach/Main', kennzahl: null },
  ib: { label: 'Israelitische Religionsgemeinschaft Baden', kennzahl: null },
  ih: { label: 'Jüdische Kultussteuer Hessen', kennzahl: null },
  il: { label: 'Israelitische Kultussteuer der kultusberechtigten Gemeinden', kennzahl: null },
  is: { label: 'Israelitische / Jüdische Kultussteuer', kennzahl: null },
  iw: { label: 'Israelitische Religionsgemeinschaft Württembergs', kennzahl: null },
  jd: { label: 'Jüdische Kultussteuer', kennzahl: null },
  jh: { label: 'Jüdische Kultussteuer Hamburg', kennzahl: null },
};
