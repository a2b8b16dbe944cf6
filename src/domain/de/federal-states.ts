/** The 16 German federal states by the names the spec's `tax_state` uses, with their ISO 3166-2 codes. */
export const FEDERAL_STATES = {
  'Baden-Württemberg': 'BW',
  Bayern: 'BY',
  Berlin: 'BE',
  Brandenburg: 'BB',
  Bremen: 'HB',
  Hamburg: 'HH',
  Hessen: 'HE',
  'Mecklenburg-Vorpommern': 'MV',
  Niedersachsen: 'NI',
  'Nordrhein-Westfalen': 'NW',
  'Rheinland-Pfalz': 'RP',
  Saarland: 'SL',
  Sachsen: 'SN',
  'Sachsen-Anhalt': 'ST',
  'Schleswig-Holstein': 'SH',
  Thüringen: 'TH',
} as const;

export type FederalStateName = keyof typeof FEDERAL_STATES;
export const FEDERAL_STATE_NAMES = Object.keys(FEDERAL_STATES) as [FederalStateName, ...FederalStateName[]];
