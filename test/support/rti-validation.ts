/**
 * Checks of RTI messages against HMRC's artefacts of their tax year (fixtures/reference/gb/rti; 2026-27 in
 * rti/2026-27): the XML Schemas with libxml2's validator (xmllint-wasm, offline), and the Schematron business rules
 * (.sch, queryBinding "exslt": XPath 1.0 with EXSLT dates-and-times) run by a small Schematron engine over the
 * `xpath` package (a full XPath 1.0 evaluator) with the EXSLT date functions HMRC's rules call and XSLT's
 * current(). "Today" is a parameter: several rules compare dates with the day of submission.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { REFERENCE_DIR } from './reference.js';

const RTI = join(REFERENCE_DIR, 'gb/rti');
const require = createRequire(import.meta.url);

export type RtiKind = 'fps' | 'eps';

interface YearFiles {
  dir: string;
  fps: string;
  eps: string;
  fpsSch: string | null;
  epsSch: string | null;
}

const FILES: Record<string, YearFiles> = {
  '2025-26': { dir: RTI, fps: 'FullPaymentSubmission-2026-v1-0.xsd', eps: 'EmployerPaymentSummary-2026-v1-0.xsd', fpsSch: 'FullPaymentSubmission-2026-v1-0.sch', epsSch: null },
  '2026-27': { dir: join(RTI, '2026-27'), fps: 'FullPaymentSubmission-2027-v1-0.xsd', eps: 'EmployerPaymentSummary-2027-v1-0.xsd', fpsSch: 'FullPaymentSubmission-2027-v1-0.sch', epsSch: 'EmployerPaymentSummary-2027-v1-0.sch' },
};

function yearFiles(taxYear: string): YearFiles {
  const files = FILES[taxYear];
  if (!files) throw new Error(`no RTI schemas for ${taxYear}`);
  return files;
}

/** The IRenvelope of the message as a document of its own (the FPS/EPS schema's root element). */
export function irEnvelopeOf(message: string): string {
  const match = /<IRenvelope[\s\S]*<\/IRenvelope>/.exec(message);
  if (!match) throw new Error('no IRenvelope in the message');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${match[0]}\n`;
}

export interface XsdResult {
  /** The whole GovTalk message against the envelope (local xmldsig copy) with the year's body schema beside it. */
  envelopeErrors: string[];
  /** The IRenvelope alone against the year's FPS or EPS schema (strict at the root). */
  bodyErrors: string[];
}

export async function validateRtiXsd(message: string, taxYear: string, kind: RtiKind): Promise<XsdResult> {
  const files = yearFiles(taxYear);
  const bodySchema = { fileName: kind === 'fps' ? files.fps : files.eps, contents: readFileSync(join(files.dir, kind === 'fps' ? files.fps : files.eps), 'utf8') };
  // The 2026-27 copy of the envelope points at ../xmldsig-core-schema.xsd; in the validator's flat file system the
  // signature schema sits beside it.
  const envelope = readFileSync(join(files.dir, 'envelope-localdsig.xsd'), 'utf8').replace('schemaLocation="../xmldsig-core-schema.xsd"', 'schemaLocation="xmldsig-core-schema.xsd"');
  const dsig = { fileName: 'xmldsig-core-schema.xsd', contents: readFileSync(join(RTI, 'xmldsig-core-schema.xsd'), 'utf8') };
  const namespace = /targetNamespace="([^"]+)"/.exec(bodySchema.contents)![1]!;
  const wrapper = `<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.govtalk.gov.uk/CM/envelope" schemaLocation="envelope-localdsig.xsd"/>
  <xsd:import namespace="${namespace}" schemaLocation="${bodySchema.fileName}"/>
</xsd:schema>`;
  const whole = await validateXML({
    xml: { fileName: 'message.xml', contents: message },
    schema: { fileName: 'wrapper.xsd', contents: wrapper },
    preload: [{ fileName: 'envelope-localdsig.xsd', contents: envelope }, dsig, bodySchema],
  });
  const body = await validateXML({ xml: { fileName: 'body.xml', contents: irEnvelopeOf(message) }, schema: bodySchema });
  return { envelopeErrors: whole.errors.map((e) => e.rawMessage), bodyErrors: body.errors.map((e) => e.rawMessage) };
}

// ---- Schematron ---------------------------------------------------------------------------------------------

interface DomNode {
  nodeType: number;
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
  getAttribute(name: string): string | null;
}
interface XValue {
  stringValue(): string;
}
type XFunction = (context: unknown, ...args: XValue[]) => string | number | boolean | DomNode | DomNode[];
interface XPathModule {
  parse(expression: string): {
    select(options: XOptions): DomNode[];
    evaluateBoolean(options: XOptions): boolean;
  };
}
interface XOptions {
  node: DomNode;
  namespaces: Record<string, string>;
  functions: (name: string, namespace: string | null) => XFunction | undefined;
}

const { DOMParser } = require('@xmldom/xmldom') as { DOMParser: new () => { parseFromString(text: string, mime: string): DomNode & { documentElement: DomNode } } };
const xpath = require('xpath') as XPathModule;

const SCH = 'http://purl.oclc.org/dsdl/schematron';
const EXSLT_DATES = 'http://exslt.org/dates-and-times';

function elements(node: DomNode, localName: string): DomNode[] {
  const out: DomNode[] = [];
  const walk = (n: DomNode) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 1) {
        if (c.localName === localName && c.namespaceURI === SCH) out.push(c);
        walk(c);
      }
    }
  };
  walk(node);
  return out;
}

const DAY = 86_400;

/** Days since 1970-01-01 of a proleptic Gregorian date. */
function epochDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) / 1000 / DAY;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const DATE_RE = /^(-?\d{4,})-(\d{2})-(\d{2})(T(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?))?(Z|[+-]\d{2}:\d{2})?$/;
const DURATION_RE = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** EXSLT date:seconds: seconds since 1970-01-01T00:00:00Z of a date or dateTime, or the length of a duration. */
function seconds(value: string): number {
  const d = DATE_RE.exec(value);
  if (d) {
    const zone = d[8];
    const offset = !zone || zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
    const time = d[4] ? Number(d[5]) * 3600 + Number(d[6]) * 60 + Number(d[7]) : 0;
    return epochDay(Number(d[1]), Number(d[2]), Number(d[3])) * DAY + time - offset;
  }
  const p = DURATION_RE.exec(value);
  if (p && !p[2] && !p[3]) {
    const total = Number(p[4] ?? 0) * DAY + Number(p[5] ?? 0) * 3600 + Number(p[6] ?? 0) * 60 + Number(p[7] ?? 0);
    return p[1] ? -total : total;
  }
  return Number.NaN;
}

/** EXSLT date:add for a date and a duration (XML Schema Part 2 Appendix E: months first, the day pinned to the month's length, then days). */
function addDuration(date: string, duration: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const p = DURATION_RE.exec(duration);
  if (!d || !p) return '';
  const sign = p[1] ? -1 : 1;
  const totalMonths = Number(d[1]) * 12 + (Number(d[2]) - 1) + sign * (Number(p[2] ?? 0) * 12 + Number(p[3] ?? 0));
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12 + 1;
  const day = Math.min(Number(d[3]), daysInMonth(year, month));
  const shifted = new Date(Date.UTC(year, month - 1, day) + sign * Number(p[4] ?? 0) * DAY * 1000);
  return shifted.toISOString().slice(0, 10);
}

/**
 * XPath 1.0 allows white space between a function name and its "(" (§3.7: ExprWhitespace may be added before or
 * after any token; a name followed by "(" is a function name). HMRC's rules write `not (…)`; the xpath package's
 * tokenizer does not take it, so the space is closed up for function names (never for the operators and/or/div/mod).
 */
function closeFunctionSpaces(expression: string): string {
  return expression.replace(/(?<![\w.:-])((?:date:)?[A-Za-z][\w.-]*)\s+\(/g, (whole, name: string) => (['and', 'or', 'div', 'mod'].includes(name) ? whole : `${name}(`));
}

export interface SchematronFailure {
  id: string;
  context: string;
  message: string;
}

/**
 * Runs the year's Schematron on a message: for each pattern, every node its rule's context selects, every assert
 * evaluated there; returns the asserts that fail. `today` stands for the day of submission (date:date()).
 */
export function runRtiSchematron(message: string, taxYear: string, kind: RtiKind, today: string): SchematronFailure[] {
  if (taxYear === '2025-26' && kind === 'eps') return runSchematron(eps2025Rules(), message, today);
  const files = yearFiles(taxYear);
  const schFile = kind === 'fps' ? files.fpsSch : files.epsSch;
  if (!schFile) throw new Error(`HMRC published no ${kind.toUpperCase()} Schematron for ${taxYear} that is bundled here`);
  return runSchematron(readFileSync(join(files.dir, schFile), 'utf8'), message, today);
}

/**
 * The 2025-26 EPS business rules, which HMRC's bundled artefacts lack as Schematron (SOURCES.md: no 2025-26 EPS
 * .sch was found): HMRC's 2026-27 EPS Schematron moved back one year (namespace 25-26/1, the tax-year literal 2027
 * → 2026 in the RelatedTaxYear and TaxMonth rules), plus the de minimis State aid rules of the 2025-26
 * specification (RTI-specDoc-v1-0.xml, EmpAllceInd and DeMinimisStateAid: errors 7940, 7941, 7942, 7947–7950),
 * which 2026-27 dropped with the group. Not HMRC's file: a translation, recorded as such in the decisions.
 */
export function eps2025Rules(): string {
  const base = readFileSync(join(RTI, '2026-27', 'EmployerPaymentSummary-2027-v1-0.sch'), 'utf8')
    .replace('/EmployerPaymentSummary/26-27/1', '/EmployerPaymentSummary/25-26/1')
    .replace(/\b2027\b/g, '2026');
  const root = '/hd:GovTalkMessage/hd:Body/eps:IRenvelope/eps:EmployerPaymentSummary';
  const stateAid = `
    <sch:pattern id="deminimis-2025-26">
      <sch:rule context="${root}/eps:EmpAllceInd">
        <sch:assert test="not(. = 'yes') or ../eps:DeMinimisStateAid" id="r7940">[DEMINIMISSTATEAID] must be present if [EMPLOYMENTALLOWANCEINDICATOR] equals 'yes'.</sch:assert>
      </sch:rule>
    </sch:pattern>
    <sch:pattern id="deminimis-2025-26-group">
      <sch:rule context="${root}/eps:DeMinimisStateAid">
        <sch:assert test="../eps:EmpAllceInd = 'yes'" id="r7942">If [DEMINIMISSTATEAID] is present, [EMPLOYMENTALLOWANCEINDICATOR] must equal 'yes'.</sch:assert>
        <sch:assert test="eps:Agri or eps:FisheriesAqua or eps:RoadTrans or eps:Indust or eps:NA" id="r7941">If [DEMINIMISSTATEAID] is present, at least one sector or [STATEAIDRULESDONOTAPPLY] must be present.</sch:assert>
        <sch:assert test="not(eps:NA and eps:Agri)" id="r7947">[STATEAIDRULESDONOTAPPLY] must not be present if [AGRICULTURESECTOR] is present</sch:assert>
        <sch:assert test="not(eps:NA and eps:FisheriesAqua)" id="r7948">[STATEAIDRULESDONOTAPPLY] must not be present if [FISHERIESANDAQUACULTURESECTOR] is present</sch:assert>
        <sch:assert test="not(eps:NA and eps:RoadTrans)" id="r7949">[STATEAIDRULESDONOTAPPLY] must not be present if [ROADTRANSPORTSECTOR] is present</sch:assert>
        <sch:assert test="not(eps:NA and eps:Indust)" id="r7950">[STATEAIDRULESDONOTAPPLY] must not be present if [INDUSTRIALSECTOR] is present</sch:assert>
      </sch:rule>
    </sch:pattern>
`;
  return base.replace('</sch:schema>', `${stateAid}</sch:schema>`);
}

export function runSchematron(schText: string, message: string, today: string): SchematronFailure[] {
  const parser = new DOMParser();
  const sch = parser.parseFromString(schText, 'text/xml');
  const doc = parser.parseFromString(message, 'text/xml');
  const namespaces: Record<string, string> = { date: EXSLT_DATES };
  for (const ns of elements(sch, 'ns')) namespaces[ns.getAttribute('prefix')!] = ns.getAttribute('uri')!;
  const todayYear = Number(today.slice(0, 4));
  const failures: SchematronFailure[] = [];
  for (const pattern of elements(sch, 'pattern')) {
    const done = new Set<DomNode>();
    for (const rule of elements(pattern, 'rule')) {
      const contextText = rule.getAttribute('context')!;
      let current: DomNode = doc;
      const functions = (name: string, namespace: string | null): XFunction | undefined => {
        if (!namespace && name === 'current') return () => current;
        if (namespace !== EXSLT_DATES) return undefined;
        switch (name) {
          case 'date':
            return (_c, value) => (value === undefined ? today : value.stringValue().slice(0, 10));
          case 'seconds':
            return (_c, value) => seconds((value?.stringValue() ?? today).trim());
          case 'add':
            return (_c, date, duration) => addDuration(date!.stringValue().trim(), duration!.stringValue().trim());
          case 'year':
            return (_c, value) => (value === undefined ? todayYear : Number(value.stringValue().trim().slice(0, 4)) || Number.NaN);
          case 'month-in-year':
            return (_c, value) => Number((value?.stringValue() ?? today).trim().slice(5, 7)) || Number.NaN;
          default:
            throw new Error(`EXSLT date:${name} is not implemented here`);
        }
      };
      const contexts = xpath.parse(closeFunctionSpaces(contextText)).select({ node: doc, namespaces, functions });
      for (const node of contexts) {
        if (done.has(node)) continue;
        done.add(node);
        current = node;
        for (const assert of elements(rule, 'assert')) {
          const ok = xpath.parse(closeFunctionSpaces(assert.getAttribute('test')!)).evaluateBoolean({ node, namespaces, functions });
          if (!ok) failures.push({ id: assert.getAttribute('id') ?? '?', context: contextText, message: (assert.textContent ?? '').trim() });
        }
      }
    }
  }
  return failures;
}

/** The Schematron's assert ids (to show a test covers the rules it claims to). */
export function schematronAssertIds(taxYear: string, kind: RtiKind): string[] {
  if (taxYear === '2025-26' && kind === 'eps') return elements(new DOMParser().parseFromString(eps2025Rules(), 'text/xml'), 'assert').map((a) => a.getAttribute('id') ?? '?');
  const files = yearFiles(taxYear);
  const schFile = kind === 'fps' ? files.fpsSch : files.epsSch;
  if (!schFile) return [];
  const sch = new DOMParser().parseFromString(readFileSync(join(files.dir, schFile), 'utf8'), 'text/xml');
  return elements(sch, 'assert').map((a) => a.getAttribute('id') ?? '?');
}
