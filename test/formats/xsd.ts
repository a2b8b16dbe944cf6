/** XSD validation with libxml2 (xmllint-wasm, offline from the npm package) against the bundled DK schema. */
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';

const SCHEMA = readFileSync(new URL('../../fixtures/reference/payments/sepa/pain.001.001.09_GBIC_4.xsd', import.meta.url), 'utf8');

export async function validatePain001(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({ xml: [{ fileName: 'pain.001.xml', contents: xml }], schema: [SCHEMA] });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}
