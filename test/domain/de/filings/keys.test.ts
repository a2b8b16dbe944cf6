/**
 * Issue 17 point 5: the checks of the employee data the filings need, against the worked examples of
 * fixtures/reference/de/meldungen/pruefziffern.md and the key lists of deuev/Schluesselzahlen.md; the fixed-length
 * field writer (an/n conventions, sign + cents amounts, no silent truncation).
 */
import { describe, expect, it } from 'vitest';
import { beitragsgruppeProblem, chargedBeitragsgruppe, personengruppeProblem, taetigkeitsschluesselProblem } from '../../../../src/domain/de/filings/keys.js';
import { amount, an, n, stampField, writeRecord } from '../../../../src/domain/de/filings/fixed.js';
import { wholeEuros } from '../../../../src/domain/de/filings/meldungen.js';
import { isValidSocialInsuranceNumber, socialInsuranceNumberCheckDigit, socialInsuranceNumberProblem } from '../../../../src/domain/identifiers/de-social-insurance-number.js';
import { Decimal } from '../../../../src/domain/money.js';

const regular = { miniJob: false, privateHealth: false, pensionExemption: false };

describe('Versicherungsnummer check digit (§ 2 Abs. 6 VKVV)', () => {
  it('computes the worked examples of pruefziffern.md', () => {
    expect(socialInsuranceNumberCheckDigit('65170839J00')).toBe(3);
    expect(socialInsuranceNumberCheckDigit('15070649C10')).toBe(3);
    expect(socialInsuranceNumberCheckDigit('12345678A90')).toBe(9);
    expect(isValidSocialInsuranceNumber('65170839J003')).toBe(true);
    expect(isValidSocialInsuranceNumber('65 170839 j 003')).toBe(true);
    expect(isValidSocialInsuranceNumber('12345678A901')).toBe(false);
  });

  it('says what is wrong: the form or the check digit', () => {
    expect(socialInsuranceNumberProblem('12345678A901')).toBe('check digit 1 is wrong (§ 2 Abs. 6 VKVV gives 9)');
    expect(socialInsuranceNumberProblem('651708390003')).toContain('8 digits, a letter, 3 digits');
    expect(socialInsuranceNumberProblem('65170839J00')).toContain('8 digits, a letter, 3 digits');
  });
});

describe('DEÜV keys against the contributions charged', () => {
  it('derives the Beitragsgruppe of each kind of employment', () => {
    expect(chargedBeitragsgruppe(regular)).toBe('1111');
    expect(chargedBeitragsgruppe({ ...regular, privateHealth: true })).toBe('0110');
    expect(chargedBeitragsgruppe({ miniJob: true, privateHealth: false, pensionExemption: true })).toBe('6500');
    expect(chargedBeitragsgruppe({ miniJob: true, privateHealth: false, pensionExemption: false })).toBe('6100');
    expect(chargedBeitragsgruppe({ miniJob: true, privateHealth: true, pensionExemption: true })).toBe('0500');
  });

  it('accepts what is charged (and KV 9 for a voluntary member), refuses the rest with the reason', () => {
    expect(beitragsgruppeProblem('1111', regular)).toBeNull();
    expect(beitragsgruppeProblem('9111', regular)).toBeNull();
    expect(beitragsgruppeProblem('9111', { ...regular, privateHealth: true })).toContain('0110');
    expect(beitragsgruppeProblem('3111', regular)).toContain('§ 243 SGB V');
    expect(beitragsgruppeProblem('2111', regular)).toContain('KV digit 2');
    expect(beitragsgruppeProblem('1211', regular)).toContain('RV digit 2');
    expect(beitragsgruppeProblem('111', regular)).toContain('4-digit');
    expect(beitragsgruppeProblem('6500', { miniJob: true, privateHealth: false, pensionExemption: false })).toContain('6100');
  });

  it('checks the Personengruppe against the minijob flag', () => {
    expect(personengruppeProblem('101', regular)).toBeNull();
    expect(personengruppeProblem('106', regular)).toBeNull();
    expect(personengruppeProblem('109', { ...regular, miniJob: true })).toBeNull();
    expect(personengruppeProblem('109', regular)).toContain('is_mini_job');
    expect(personengruppeProblem('101', { ...regular, miniJob: true })).toContain('109');
    expect(personengruppeProblem('110', regular)).toContain('kurzfristig');
    expect(personengruppeProblem('117', regular)).toContain('not a Personengruppenschlüssel');
  });

  it('checks the Tätigkeitsschlüssel positions 6 to 9', () => {
    expect(taetigkeitsschluesselProblem('434124111')).toBeNull();
    expect(taetigkeitsschluesselProblem('434129924')).toBeNull();
    expect(taetigkeitsschluesselProblem('434125111')).toContain('position 6');
    expect(taetigkeitsschluesselProblem('434124811')).toContain('position 7');
    expect(taetigkeitsschluesselProblem('434124131')).toContain('position 8');
    expect(taetigkeitsschluesselProblem('434124115')).toContain('position 9');
    expect(taetigkeitsschluesselProblem('43412411A')).toContain('9-digit');
  });
});

describe('fixed-length fields', () => {
  it('pads an left with spaces and n right with zeros; amounts are a sign and 11 digits of cents', () => {
    expect(writeRecord([an('A', 5, 'ab'), n('N', 4, '7'), ...amount('X', new Decimal('1234.56')), ...amount('Y', new Decimal('-0.05'))])).toBe('ab   0007+00000123456-00000000005');
  });

  it('refuses a value longer than its field unless the field may be cut (names)', () => {
    expect(() => writeRecord([n('N', 2, '123')])).toThrow('field N');
    expect(() => writeRecord([n('N', 3, '1a')])).toThrow('not numeric');
    expect(writeRecord([an('NAME', 4, 'Schmidt', true)])).toBe('Schm');
  });

  it('stamps an instant as jhjjmmtthhmmss + microseconds, and rounds Entgelt to whole euros (DEÜV § 5 Abs. 4)', () => {
    expect(stampField('2026-03-31T12:34:56.789Z')).toBe('20260331123456789000');
    expect(wholeEuros(new Decimal('1234.49'))).toBe('1234');
    expect(wholeEuros(new Decimal('1234.50'))).toBe('1235');
  });
});
