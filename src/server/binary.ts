/**
 * Routes with `binaryResponse` answer bytes, not JSON. A use case may return the bytes alone
 * (Uint8Array) or an object holding exactly one Uint8Array field beside plain values (e.g.
 * `{ bytes, mime_type, file_name }`). The bytes become the body; the other values travel in the
 * `Payroll-Binary-Fields` header (base64url JSON) with the name of the bytes field, so the remote
 * client rebuilds the very same value (src/client/binary.ts reads it). mime_type and file_name,
 * when present, also set Content-Type and Content-Disposition for curl users.
 */
export const BINARY_FIELDS_HEADER = 'Payroll-Binary-Fields';

export interface BinaryAnswer {
  bytes: Uint8Array;
  headers: Record<string, string>;
}

export function encodeBinary(result: unknown): BinaryAnswer {
  if (result instanceof Uint8Array) return { bytes: result, headers: { 'Content-Type': 'application/octet-stream' } };
  if (result && typeof result === 'object') {
    const entries = Object.entries(result as Record<string, unknown>);
    const binary = entries.filter(([, value]) => value instanceof Uint8Array);
    if (binary.length === 1) {
      const [bytesField, bytes] = binary[0] as [string, Uint8Array];
      const fields = Object.fromEntries(entries.filter(([key]) => key !== bytesField));
      const mime = typeof fields.mime_type === 'string' ? fields.mime_type : typeof fields.mimeType === 'string' ? fields.mimeType : 'application/octet-stream';
      const fileName = typeof fields.file_name === 'string' ? fields.file_name : typeof fields.document_name === 'string' ? fields.document_name : null;
      const headers: Record<string, string> = {
        'Content-Type': mime,
        [BINARY_FIELDS_HEADER]: Buffer.from(JSON.stringify({ bytes_field: bytesField, fields }), 'utf8').toString('base64url'),
      };
      if (fileName) headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      return { bytes, headers };
    }
  }
  throw new Error('a binaryResponse route must return a Uint8Array or an object with exactly one Uint8Array field');
}
