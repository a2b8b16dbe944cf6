/**
 * RFC 4648 §6 base32 (alphabet A–Z, 2–7, upper case, "=" padding): the form in which HMRC shows an IRmark to
 * people ("Generic IRmark Specification" v1.2 §4: the 160-bit SHA-1 digest is 32 characters in base32, so it needs
 * no padding; HMRC's receipts quote it).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}
