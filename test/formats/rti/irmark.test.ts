/**
 * The IRmark (HMRC "IRmark Generation Step By Step Guide" v2.0; "Generic IRmark Specification" v1.2) against every
 * known mark: fixtures/reference/gb/rti/irmark-samples/EXPECTED.tsv (13 HMRC messages: RTI 2013-14 and 2014-15, CIS
 * tech pack, HMRC's CIS service tests), base64 and base32, and the file's own bytes checked by their SHA-256 first.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { base32 } from '../../../src/formats/rti/base32.js';
import { IrmarkError, irmarkOf, irmarkPayload, withIrmark } from '../../../src/formats/rti/irmark.js';
import { REFERENCE_DIR } from '../../support/reference.js';

const SAMPLES = join(REFERENCE_DIR, 'gb/rti/irmark-samples');
const rows = readFileSync(join(SAMPLES, 'EXPECTED.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [file, base64, b32, sha256] = line.split('\t') as [string, string, string, string];
    return { file, base64, base32: b32, sha256 };
  });

describe('IRmark: every known mark', () => {
  it('has the 13 samples', () => {
    expect(rows).toHaveLength(13);
  });

  it.each(rows)('$file → $base64', ({ file, base64, base32: b32, sha256 }) => {
    const bytes = readFileSync(join(SAMPLES, file));
    // The vector is the file as stored: a rewritten line ending would change the message, not the algorithm.
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);
    const mark = irmarkOf(bytes.toString('utf8'));
    expect(mark).toEqual({ base64, base32: b32 });
  });

  it('fills in an empty IRmark element and a stale one with the same mark (the element is not part of the digest)', () => {
    const stale = readFileSync(join(SAMPLES, 'hmrc-cis-service/IrMarkProcessorTest-input.xml'), 'utf8');
    expect(stale).toContain('U8aI0sJHCxRfquaDcV0fhlhTU8s=');
    const filled = withIrmark(stale);
    expect(filled.irmark.base64).toBe('tpwOaKfCHJDirqJn31ceHrX1XYc=');
    expect(filled.xml).toContain('<IRmark Type="generic">tpwOaKfCHJDirqJn31ceHrX1XYc=</IRmark>');
    expect(filled.xml).not.toContain('U8aI0sJHCxRfquaDcV0fhlhTU8s=');
    expect(irmarkOf(filled.xml)).toEqual(filled.irmark);
  });
});

describe('IRmark: the canonical form', () => {
  const message = (envelopeAttributes: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\r\n<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"${envelopeAttributes}>\r\n<Header/><Body>${body}</Body></GovTalkMessage>`;
  const envelope = '<IRenvelope xmlns="urn:x"><IRheader><IRmark Type="generic">anything</IRmark><Sender>Employer</Sender></IRheader><Empty/><A b="2" a="1">x &amp; y &gt; z</A></IRenvelope>';

  it('carries the default namespace onto Body, removes the IRmark element, expands empty elements and sorts attributes', () => {
    expect(irmarkPayload(message('', envelope))).toBe(
      '<Body xmlns="http://www.govtalk.gov.uk/CM/envelope"><IRenvelope xmlns="urn:x"><IRheader><Sender>Employer</Sender></IRheader><Empty></Empty><A a="1" b="2">x &amp; y &gt; z</A></IRenvelope></Body>',
    );
  });

  it('is inclusive C14N: a prefix declared on GovTalkMessage is written on Body (exclusive C14N would drop it)', () => {
    expect(irmarkPayload(message(' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', envelope))).toMatch(
      /^<Body xmlns="http:\/\/www\.govtalk\.gov\.uk\/CM\/envelope" xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance"><IRenvelope/,
    );
  });

  it('leaves comments out and normalises CRLF inside the body to LF', () => {
    const plain = irmarkOf(message('', `\n${envelope}\n`));
    expect(irmarkOf(message('', `\r\n<!-- a note -->${envelope}\r\n`))).toEqual(plain);
  });

  it('changes with one character of the body', () => {
    expect(irmarkOf(message('', envelope)).base64).not.toBe(irmarkOf(message('', envelope.replace('Employer', 'Employes'))).base64);
  });

  it('refuses what is not a GovTalk message, or not XML', () => {
    expect(() => irmarkOf('<Other/>')).toThrow(IrmarkError);
    expect(() => irmarkOf('<GovTalkMessage xmlns="http://www.govtalk.gov.uk/CM/envelope"><Body>')).toThrow(/not well-formed/);
    expect(() => withIrmark(message('', '<IRenvelope xmlns="urn:x"/>'))).toThrow(/exactly one <IRmark/);
  });
});

describe('base32 (RFC 4648)', () => {
  it('matches the RFC test vectors', () => {
    const enc = (s: string) => base32(new TextEncoder().encode(s));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(enc)).toEqual(['', 'MY======', 'MZXQ====', 'MZXW6===', 'MZXW6YQ=', 'MZXW6YTB', 'MZXW6YTBOI======']);
  });
});
