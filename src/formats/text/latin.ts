/**
 * Accented letters for character sets without them (Bacs, SEPA): the accents are dropped (É → E) and the letters
 * Unicode does not decompose are spelled out (ß → ss, Ø → O, Ł → L, Æ → AE); apostrophes vanish so O’Connor stays
 * one word. Other characters come back unchanged for the caller's own set to judge.
 */
const SPELLED: Readonly<Record<string, string>> = { ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Þ: 'TH', þ: 'th', '’': '', "'": '' };

export function plainLetter(ch: string): string {
  const spelled = SPELLED[ch];
  if (spelled !== undefined) return spelled;
  return ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
