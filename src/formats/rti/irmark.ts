/**
 * The IRmark of a GovTalk message (HMRC, "IRmark Generation Step By Step Guide for Gateway Protocol based
 * services" v2.0, and "Generic IRmark Specification" v1.2):
 *
 * 1. the payload is the GovTalk `Body` element with everything in it, carrying the namespace declarations in scope
 *    from `GovTalkMessage` (inclusive canonicalisation writes them on the apex element);
 * 2. the `IRmark` element of `Body/IRenvelope/IRheader` is removed (whatever it holds; the white space around it
 *    stays);
 * 3. the payload is canonicalised with W3C Canonical XML 1.0 without comments
 *    (http://www.w3.org/TR/2001/REC-xml-c14n-20010315): line ends normalised to LF by the parser, empty elements as
 *    start/end tag pairs, attributes sorted, redundant namespace declarations dropped;
 * 4. SHA-1 over the canonical UTF-8 bytes: 20 bytes;
 * 5. base64 of them goes into `<IRmark Type="generic">` of the submission; base32 is the form shown to people.
 *
 * The parser is @xmldom/xmldom and the canonicaliser xml-crypto's inclusive C14N (the XML-signature library, whose
 * C14N is the one its signatures are checked with). Reproduces every known mark in
 * fixtures/reference/gb/rti/irmark-samples (test/formats/rti/irmark.test.ts).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { C14nCanonicalization } from 'xml-crypto';
import { base32 } from './base32.js';

/**
 * The few DOM members used here. @xmldom/xmldom is loaded through require because its type declarations pull the
 * browser's DOM library into the whole program (`/// <reference lib="dom" />`), which clashes with Node's fetch types.
 */
interface XmlNode {
  readonly nodeType: number;
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly prefix: string | null;
  readonly value: string;
  readonly firstChild: XmlNode | null;
  readonly nextSibling: XmlNode | null;
  readonly parentNode: XmlNode | null;
  readonly attributes: { readonly length: number; item(index: number): XmlNode | null };
  removeChild(child: XmlNode): XmlNode;
}
interface XmlDocument {
  readonly documentElement: XmlNode | null;
}
interface ErrorHandler {
  warning(text: string): void;
  error(text: string): void;
  fatalError(text: string): void;
}
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: { errorHandler: ErrorHandler }) => { parseFromString(source: string, mimeType: string): XmlDocument };
};

export const GOVTALK_NAMESPACE = 'http://www.govtalk.gov.uk/CM/envelope';

export interface Irmark {
  /** 28 characters: what the message carries in `IRmark Type="generic"`. */
  readonly base64: string;
  /** 32 characters: what HMRC's receipts and printed returns show. */
  readonly base32: string;
}

/** A message that cannot carry an IRmark: not well-formed, or without the GovTalk Body. */
export class IrmarkError extends Error {
  override readonly name = 'IrmarkError';
}

function parse(message: string): XmlDocument {
  const fail = (level: string) => (text: string) => {
    throw new IrmarkError(`the message is not well-formed XML (${level}): ${text.trim()}`);
  };
  // xmldom reports problems through the handler instead of throwing: any error means the bytes are not XML.
  const parser = new DOMParser({ errorHandler: { warning: () => undefined, error: fail('error'), fatalError: fail('fatal error') } });
  return parser.parseFromString(message, 'text/xml');
}

function childElements(node: XmlNode, localName: string): XmlNode[] {
  const found: XmlNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && child.localName === localName) found.push(child);
  }
  return found;
}

/** The GovTalk Body of a parsed message, or an error naming what is missing. */
function bodyOf(doc: XmlDocument): XmlNode {
  const root = doc.documentElement;
  if (!root || root.localName !== 'GovTalkMessage' || root.namespaceURI !== GOVTALK_NAMESPACE) {
    throw new IrmarkError(`the message is not a GovTalk message (root element GovTalkMessage in ${GOVTALK_NAMESPACE})`);
  }
  const bodies = childElements(root, 'Body').filter((b) => b.namespaceURI === GOVTALK_NAMESPACE);
  if (bodies.length !== 1) throw new IrmarkError(`a GovTalk message has exactly one Body (found ${bodies.length})`);
  return bodies[0]!;
}

/** The `Body/IRenvelope/IRheader/IRmark` elements (step 2: only these are left out). */
function irmarkElements(body: XmlNode): XmlNode[] {
  return childElements(body, 'IRenvelope').flatMap((envelope) => childElements(envelope, 'IRheader').flatMap((header) => childElements(header, 'IRmark')));
}

/**
 * The prefixed namespace declarations of the Body's ancestors, for inclusive C14N of the apex element. The default
 * namespace is left out: xml-crypto writes the apex element's own default namespace itself.
 */
function ancestorPrefixes(body: XmlNode): { prefix: string; namespaceURI: string }[] {
  const seen = new Map<string, string>();
  for (let node = body.parentNode; node && node.nodeType === 1; node = node.parentNode) {
    const { attributes } = node;
    for (let i = 0; i < attributes.length; i += 1) {
      const attribute = attributes.item(i)!;
      // The nearest declaration of a prefix wins.
      if (attribute.prefix === 'xmlns' && !seen.has(attribute.localName)) seen.set(attribute.localName, attribute.value);
    }
  }
  return [...seen].map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

/** The canonical form of the Body that the IRmark is the digest of (steps 1–3). */
export function irmarkPayload(message: string): string {
  const body = bodyOf(parse(message));
  for (const mark of irmarkElements(body)) mark.parentNode!.removeChild(mark);
  return new C14nCanonicalization().process(body, { ancestorNamespaces: ancestorPrefixes(body) });
}

/** Steps 4 and 5 on the canonical Body. */
export function irmarkOf(message: string): Irmark {
  const digest = createHash('sha1').update(irmarkPayload(message), 'utf8').digest();
  return { base64: digest.toString('base64'), base32: base32(digest) };
}

const PLACEHOLDER_PATTERN = /(<IRmark\b[^>]*>)[^<]*(<\/IRmark>)/g;

/**
 * The message with its IRmark element filled in. The message must hold exactly one `IRmark` element (empty or
 * with any text); its content is not part of the digest, so filling it in does not change the mark.
 */
export function withIrmark(message: string): { xml: string; irmark: Irmark } {
  const occurrences = message.match(PLACEHOLDER_PATTERN)?.length ?? 0;
  if (occurrences !== 1) throw new IrmarkError(`the message must hold exactly one <IRmark …></IRmark> element to fill in (found ${occurrences})`);
  const irmark = irmarkOf(message);
  return { xml: message.replace(PLACEHOLDER_PATTERN, `$1${irmark.base64}$2`), irmark };
}
