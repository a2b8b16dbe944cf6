import { X509Certificate } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';

function get(host: string, port: number, ca: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    https.get({ host, port, path: '/', ...(ca ? { ca } : {}) }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve(text));
    }).on('error', reject);
  });
}

describe('dev certificate (payroll serve --dev)', () => {
  it('is a valid self-signed certificate for localhost, 127.0.0.1 and ::1', () => {
    const { cert } = generateDevCertificate({ now: new Date('2025-03-01T00:00:00Z'), days: 30 });
    const x509 = new X509Certificate(cert);
    expect(x509.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(x509.ca).toBe(true);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.checkIssued(x509)).toBe(true);
    expect(new Date(x509.validTo).toISOString()).toBe('2025-03-31T00:00:00.000Z');
  });

  it('is trusted by a TLS client that trusts exactly this file, and refused by one that does not', async () => {
    const { cert, key } = generateDevCertificate();
    const server = https.createServer({ cert, key }, (_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await get('127.0.0.1', port, cert)).toBe('ok');
      expect(await get('localhost', port, cert)).toBe('ok');
      await expect(get('127.0.0.1', port, undefined)).rejects.toThrow(/self[- ]signed/i);
    } finally {
      server.close();
    }
  });
});
