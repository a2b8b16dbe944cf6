/**
 * The sixteen German federal states (Länder). The request names a state by its German name
 * (`tax_state: "Nordrhein-Westfalen"`); English exonyms and the ISO 3166-2 codes are accepted
 * as aliases so a client need not guess the spelling. Everything inside uses the two-letter code.
 */
export const STATE_CODES = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'] as const;
export type StateCode = (typeof STATE_CODES)[number];

/** Official German names, the primary wire values. */
export const STATE_NAMES: Record<StateCode, string> = {
  BW: 'Baden-Württemberg',
  BY: 'Bayern',
  BE: 'Berlin',
  BB: 'Brandenburg',
  HB: 'Bremen',
  HH: 'Hamburg',
  HE: 'Hessen',
  MV: 'Mecklenburg-Vorpommern',
  NI: 'Niedersachsen',
  NW: 'Nordrhein-Westfalen',
  RP: 'Rheinland-Pfalz',
  SL: 'Saarland',
  SN: 'Sachsen',
  ST: 'Sachsen-Anhalt',
  SH: 'Schleswig-Holstein',
  TH: 'Thüringen',
};

/** The official names in code order: what stored employees carry (the employee contract's enum). */
export const STATE_OFFICIAL_NAMES = STATE_CODES.map((code) => STATE_NAMES[code]) as [string, ...string[]];

/** English names and ISO 3166-2 codes (with and without the `DE-` prefix). */
const ALIASES: Record<string, StateCode> = {
  'Baden-Wuerttemberg': 'BW',
  Bavaria: 'BY',
  Hesse: 'HE',
  'Mecklenburg-Western Pomerania': 'MV',
  'Lower Saxony': 'NI',
  'North Rhine-Westphalia': 'NW',
  'Rhineland-Palatinate': 'RP',
  Saxony: 'SN',
  'Saxony-Anhalt': 'ST',
  Thuringia: 'TH',
  Thueringen: 'TH',
};

const BY_NAME: ReadonlyMap<string, StateCode> = (() => {
  const map = new Map<string, StateCode>();
  for (const code of STATE_CODES) {
    map.set(STATE_NAMES[code], code);
    map.set(code, code);
    map.set(`DE-${code}`, code);
  }
  for (const [name, code] of Object.entries(ALIASES)) map.set(name, code);
  return map;
})();

/** Every accepted spelling, for the wire contract's enum. */
export const STATE_INPUT_VALUES: readonly string[] = [...BY_NAME.keys()];

/** The state code for an accepted spelling, or undefined. */
export function stateCodeOf(name: string): StateCode | undefined {
  return BY_NAME.get(name);
}
