/**
 * State Pension age by date of birth: the rule inputs (not year-specific, so shared by every tax year).
 * Sources: Pensions Act 1995 Sch 4 as amended by Pensions Act 2007 Sch 3, Pensions Act 2011 s1 and Sch 1,
 * Pensions Act 2014 s26 (GOV.UK "State Pension age timetables"). Used for automatic enrolment: an eligible
 * jobholder is aged 22 or more and under State Pension age (Pensions Act 2008 s3).
 */

/** A band of birth dates (inclusive ISO dates) and how its State Pension age is given. */
export type StatePensionAgeRule =
  | { readonly bornFrom: string; readonly bornTo: string; readonly kind: 'age'; readonly years: number; readonly months: number }
  | { readonly bornFrom: string; readonly bornTo: string; readonly kind: 'date'; readonly date: string };

const age = (bornFrom: string, bornTo: string, years: number, months = 0): StatePensionAgeRule => ({ bornFrom, bornTo, kind: 'age', years, months });
const on = (bornFrom: string, bornTo: string, date: string): StatePensionAgeRule => ({ bornFrom, bornTo, kind: 'date', date });

export const STATE_PENSION_AGE_RULES: readonly StatePensionAgeRule[] = [
  // Born before 6 December 1953: State Pension age 65 at the latest (women's ages 60–65 under the 1995/2011 Acts).
  // Every such date lies before 6 April 2019, i.e. before any tax year this engine serves, so 65 is used for all.
  age('0001-01-01', '1953-12-05', 65),
  // Pensions Act 2011 Sch 1: the move to 66, two months later for each later month of birth.
  on('1953-12-06', '1954-01-05', '2019-03-06'),
  on('1954-01-06', '1954-02-05', '2019-05-06'),
  on('1954-02-06', '1954-03-05', '2019-07-06'),
  on('1954-03-06', '1954-04-05', '2019-09-06'),
  on('1954-04-06', '1954-05-05', '2019-11-06'),
  on('1954-05-06', '1954-06-05', '2020-01-06'),
  on('1954-06-06', '1954-07-05', '2020-03-06'),
  on('1954-07-06', '1954-08-05', '2020-05-06'),
  on('1954-08-06', '1954-09-05', '2020-07-06'),
  on('1954-09-06', '1954-10-05', '2020-09-06'),
  // Pensions Act 2011: 66 for births 6 October 1954 – 5 April 1960.
  age('1954-10-06', '1960-04-05', 66),
  // Pensions Act 2014 s26: 66 years and 1 to 11 months for births 6 April 1960 – 5 March 1961.
  age('1960-04-06', '1960-05-05', 66, 1),
  age('1960-05-06', '1960-06-05', 66, 2),
  age('1960-06-06', '1960-07-05', 66, 3),
  age('1960-07-06', '1960-08-05', 66, 4),
  age('1960-08-06', '1960-09-05', 66, 5),
  age('1960-09-06', '1960-10-05', 66, 6),
  age('1960-10-06', '1960-11-05', 66, 7),
  age('1960-11-06', '1960-12-05', 66, 8),
  age('1960-12-06', '1961-01-05', 66, 9),
  age('1961-01-06', '1961-02-05', 66, 10),
  age('1961-02-06', '1961-03-05', 66, 11),
  // Pensions Act 2014: 67 for births 6 March 1961 – 5 April 1977.
  age('1961-03-06', '1977-04-05', 67),
  // Pensions Act 2007 Sch 3: the move to 68 for births 6 April 1977 – 5 April 1978 (fixed dates, 2044–2046).
  on('1977-04-06', '1977-05-05', '2044-05-06'),
  on('1977-05-06', '1977-06-05', '2044-07-06'),
  on('1977-06-06', '1977-07-05', '2044-09-06'),
  on('1977-07-06', '1977-08-05', '2044-11-06'),
  on('1977-08-06', '1977-09-05', '2045-01-06'),
  on('1977-09-06', '1977-10-05', '2045-03-06'),
  on('1977-10-06', '1977-11-05', '2045-05-06'),
  on('1977-11-06', '1977-12-05', '2045-07-06'),
  on('1977-12-06', '1978-01-05', '2045-09-06'),
  on('1978-01-06', '1978-02-05', '2045-11-06'),
  on('1978-02-06', '1978-03-05', '2046-01-06'),
  on('1978-03-06', '1978-04-05', '2046-03-06'),
  // Pensions Act 2007: 68 for births from 6 April 1978.
  age('1978-04-06', '9999-12-31', 68),
];
