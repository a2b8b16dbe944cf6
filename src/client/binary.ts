/**
 * Reads a binaryResponse answer back into the value the use case returned: the bytes alone, or the
 * object described by the `Payroll-Binary-Fields` header with the bytes under their field name
 * (written by src/server/binary.ts; the header name is repeated here because client and server do
 * not import each other).
 */
const BINARY_FIELDS_HEADER = 'payroll-binary-fields';

export function decodeBinary(bytes: Uint8Array, headers: Headers): unknown {
  const encoded = headers.get(BINARY_FIELDS_HEADER);
  if (!encoded) return bytes;
  const { bytes_field: field, fields } = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { bytes_field: string; fields: Record<string, unknown> };
  return { ...fields, [field]: bytes };
}
