/**
 * The few ASN.1 DER encoders a self-signed X.509 certificate needs (ITU-T X.690 §8, §10).
 * Node can sign but cannot build certificates, and `openssl` must not be a runtime dependency.
 */

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** Tag-length-value with a raw tag byte. */
export function tlv(tag: number, content: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), lengthBytes(content.length), content]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
export const octetString = (content: Uint8Array): Buffer => tlv(0x04, content);
export const utf8String = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));
export const boolean = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
/** [n] EXPLICIT: a constructed context-specific wrapper. */
export const explicit = (n: number, content: Buffer): Buffer => tlv(0xa0 | n, content);
/** [n] IMPLICIT primitive (GeneralName's dNSName [2], iPAddress [7]). */
export const implicitPrimitive = (n: number, content: Uint8Array): Buffer => tlv(0x80 | n, content);

/** BIT STRING whose first content byte counts the unused trailing bits. */
export function bitString(content: Uint8Array, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), content]));
}

/** A non-negative INTEGER from big-endian bytes (a leading 0x00 keeps it positive). */
export function unsignedInteger(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const trimmed = Buffer.from(bytes.subarray(start));
  return tlv(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function smallInteger(value: number): Buffer {
  return unsignedInteger(Buffer.from([value]));
}

export function objectIdentifier(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const [first = 0, second = 0, ...rest] = parts;
  const bytes: number[] = [first * 40 + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let value = Math.floor(part / 128); value > 0; value = Math.floor(value / 128)) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime (years 1950–2049) or GeneralizedTime after that, as RFC 5280 §4.1.2.5 requires. */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  const year = date.getUTCFullYear();
  if (year >= 1950 && year < 2050) return tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'));
  return tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}
