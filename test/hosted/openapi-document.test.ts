/**
 * The OpenAPI document states what the server does (issue 20 F8, docs/decisions.md API3) and validation `loc`
 * segments are strings (F3, API1). No store: the document is built from the route table as /openapi.json serves it.
 */
import { describe, expect, it } from 'vitest';
import { validationError } from '../../src/domain/errors.js';
import { errorAnswer } from '../../src/server/errors.js';
import { buildOpenApi } from '../../src/server/openapi.js';
import { routes } from '../../src/service/contracts/routes.js';

type Json = Record<string, any>;
const doc = buildOpenApi(routes, { title: 't', version: '1', apiVersion: '1', tokenUrl: 'https://idp.test/oauth/token' }) as Json;
const operation = (name: keyof typeof routes): Json => doc.paths[routes[name].path][routes[name].method.toLowerCase()];
const params = (name: keyof typeof routes): any => Object.fromEntries((operation(name).parameters as Json[]).map((p) => [`${p.in}:${p.name}`, p]));

describe('OpenAPI document (issue 20 F8)', () => {
  it('every example body parses with its route’s request schema, and every JSON operation but the import has one', () => {
    let checked = 0;
    for (const [name, route] of Object.entries(routes)) {
      const json = operation(name as keyof typeof routes).requestBody?.content?.['application/json'];
      if (!json) continue;
      const examples = json.example !== undefined ? [json.example] : Object.values((json.examples ?? {}) as Record<string, { value: unknown }>).map((e) => e.value);
      if (name !== 'importOrganization') expect(examples.length, name).toBeGreaterThan(0);
      for (const example of examples) {
        const parsed = route.request!.safeParse(example);
        expect(parsed.success, `${name}: ${parsed.error?.message ?? ''}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(36);
  });

  it('states each query parameter of a list by name, never a catch-all query object', () => {
    for (const [name, route] of Object.entries(routes)) {
      if (!route.args.some((a) => a.from === 'query')) continue;
      const names = (operation(name as keyof typeof routes).parameters as Json[]).filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, name).not.toContain('query');
      expect(names.length, name).toBeGreaterThan(0);
    }
    const employees = params('listEmployees');
    expect(Object.keys(employees).filter((k) => k.startsWith('query:')).sort()).toEqual(['query:include', 'query:page', 'query:search', 'query:search_fields', 'query:size', 'query:sort_by', 'query:sort_order', 'query:status']);
    expect(employees['query:size'].schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(employees['query:sort_by'].schema.enum).toEqual(['last_name', 'first_name', 'start_date', 'payroll_number', 'created_at']);
    expect(employees['query:sort_order'].schema).toMatchObject({ enum: ['asc', 'desc'], default: 'asc' });
    expect(Object.keys(params('listOrganizations'))).toEqual(['query:size', 'query:cursor', 'query:sort_order']);
    expect(params('listEmployeeDocuments')['query:document_type'].schema.pattern).toContain('org_logo');
    expect(params('getGbLiabilities')['query:tax_year'].required).toBe(true);
  });

  it('types path parameters that are not opaque ids, and marks arrays that refuse repeats and known formats', () => {
    expect(params('updateWorksiteInsuranceDetails')['path:insurance_details_id'].schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(params('setInsuranceLevelChoice')['path:agency_id'].schema).toMatchObject({ type: 'string', pattern: '^\\d{8}$' });
    expect(params('getGermanFilingPdf')['path:kind'].schema.enum).toContain('beitragsnachweis');
    expect(params('getEmployee')['path:employee_id'].schema).toEqual({ type: 'string', minLength: 1, maxLength: 64 });
    const text = JSON.stringify(doc.components.schemas);
    expect(doc.components.schemas.AssignEmployeesRequest.properties.employee_ids.uniqueItems).toBe(true);
    expect(text).toContain('"uniqueItems":true');
    expect(new RegExp(doc.components.schemas.DocumentRequest.properties.mime_type.pattern).test('Application/PDF')).toBe(true);
    expect(new RegExp(doc.components.schemas.DocumentRequest.properties.mime_type.pattern).test('pdf')).toBe(false);
    expect(text).toContain('"pattern":"^(?:(?:[0-9][ /]?){9,12}[0-9]|[0-9]{3}/[A-Z0-9]{1,10})$"');
  });

  it('names the real media types of downloads, the response headers, 415 on JSON bodies and 405', () => {
    expect(Object.keys(operation('getPayslipPdf').responses['200'].content)).toEqual(['application/pdf']);
    expect(Object.keys(operation('getRunFps').responses['200'].content)).toEqual(['application/xml']);
    expect(Object.keys(operation('createPaymentFile').responses['200'].content)).toEqual(['text/plain', 'text/csv', 'application/xml']);
    expect(Object.keys(operation('getPayslipPdf').responses['200'].headers)).toEqual(['API-Version', 'X-Request-Id', 'Content-Disposition', 'Payroll-Binary-Fields']);
    expect(operation('getEmployee').responses['401'].headers['WWW-Authenticate']).toEqual({ $ref: '#/components/headers/WWW-Authenticate' });
    expect(operation('createEmployee').responses['415']).toBeDefined();
    expect(operation('getEmployee').responses['415']).toBeUndefined();
    expect(doc.components.responses.MethodNotAllowed.headers.Allow).toEqual({ $ref: '#/components/headers/Allow' });
    expect(doc.components.schemas.ValidationError.properties.detail.items.properties.loc.items).toEqual({ type: 'string' });
  });
});

describe('validation loc segments are strings (issue 20 F3, spec Errors §1)', () => {
  it('an array index in loc reaches the wire as a string', () => {
    const error = validationError([{ loc: ['body', 'payroll_group', 3, 'employee_id'], msg: 'is required', type: 'missing' }]);
    expect(error.issues[0]?.loc).toEqual(['body', 'payroll_group', '3', 'employee_id']);
    const answer = errorAnswer(error, 'r1');
    expect(answer.status).toBe(422);
    expect((answer.body.detail as { loc: unknown[] }[])[0]?.loc).toEqual(['body', 'payroll_group', '3', 'employee_id']);
  });
});
