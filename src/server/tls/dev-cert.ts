import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { bitString, boolean, explicit, implicitPrimitive, objectIdentifier, octetString, sequence, set, smallInteger, time, unsignedInteger, utf8String } from './der.js';

/**
 * `payroll serve --dev`: a self-signed certificate for local use, built with node:crypto and a small
 * DER encoder (no `openssl` at runtime). ECDSA P-256 with SHA-256. The certificate is its own CA
 * (basicConstraints cA, keyCertSign), so a client can trust exactly this file through
 * NODE_EXTRA_CA_CERTS or a profile's `ca_file` (docs/decisions.md H10).
 */
export interface DevCertificate {
  cert: string;
  key: string;
}

const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

function ipBytes(address: string): Buffer {
  if (isIP(address) === 4) return Buffer.from(address.split('.').map(Number));
  // IPv6: expand "::" and write 8 groups of 16 bits.
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return Buffer.concat(groups.map((g) => { const b = Buffer.alloc(2); b.writeUInt16BE(parseInt(g, 16)); return b; }));
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
}

export function generateDevCertificate(options: { hosts?: string[]; days?: number; now?: Date } = {}): DevCertificate {
  const hosts = options.hosts ?? ['localhost', '127.0.0.1', '::1'];
  const now = options.now ?? new Date();
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // SubjectPublicKeyInfo ends with the BIT STRING of the point; the key id hashes it (RFC 5280 §4.2.1.2 method 1 uses the bits; the whole SPKI is as unique).
  const keyId = createHash('sha1').update(spki).digest();
  const name = sequence(set(sequence(objectIdentifier(OID.organization), utf8String('payroll (development)'))), set(sequence(objectIdentifier(OID.commonName), utf8String(hosts[0] ?? 'localhost'))));
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  const notAfter = new Date(now.getTime() + (options.days ?? 365) * 24 * 3600 * 1000);
  const altNames = sequence(...hosts.map((host) => (isIP(host) ? implicitPrimitive(7, ipBytes(host)) : implicitPrimitive(2, Buffer.from(host, 'ascii')))));
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const tbs = sequence(
    explicit(0, smallInteger(2)), // v3
    unsignedInteger(serial),
    algorithm,
    name,
    sequence(time(notBefore), time(notAfter)),
    name,
    spki,
    explicit(
      3,
      sequence(
        extension(OID.basicConstraints, true, sequence(boolean(true))),
        // digitalSignature (bit 0) and keyCertSign (bit 5): 1000 0100, two unused bits.
        extension(OID.keyUsage, true, bitString(Buffer.from([0x84]), 2)),
        extension(OID.extKeyUsage, false, sequence(objectIdentifier(OID.serverAuth))),
        extension(OID.subjectKeyIdentifier, false, octetString(keyId)),
        extension(OID.subjectAltName, false, altNames),
      ),
    ),
  );
  const signature = sign('sha256', tbs, privateKey); // DER ECDSA-Sig-Value, as X.509 wants it
  const der = sequence(tbs, algorithm, bitString(signature));
  const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
  return { cert: pem, key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/**
 * Reuses the certificate in `dir` while it is valid for at least another week, so clients that
 * trust it keep working across restarts; otherwise writes a new one (key 0600).
 */
export function ensureDevCertificate(dir: string, now: Date = new Date()): { certFile: string; keyFile: string; created: boolean } {
  const certFile = join(dir, 'dev-cert.pem');
  const keyFile = join(dir, 'dev-key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) {
    try {
      const existing = new X509Certificate(readFileSync(certFile));
      if (new Date(existing.validTo).getTime() - now.getTime() > 7 * 24 * 3600 * 1000) return { certFile, keyFile, created: false };
    } catch {
      // unreadable: replace it below
    }
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const generated = generateDevCertificate({ now });
  writeFileSync(keyFile, generated.key, { mode: 0o600 });
  writeFileSync(certFile, generated.cert, { mode: 0o644 });
  return { certFile, keyFile, created: true };
}
