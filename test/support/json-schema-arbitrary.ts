/**
 * fast-check arbitraries from the JSON Schema (2020-12, as OpenAPI 3.1 uses it) of the service's own OpenAPI
 * document: values valid by the schema, for the property-based API test (issue 20 point 5). It covers what
 * z.toJSONSchema emits: type (also as a list), enum, const, $ref to components, anyOf/oneOf/allOf, string length,
 * pattern and format (date, date-time, email, uuid, uri), integer and number bounds, arrays (length, uniqueItems),
 * objects (required and optional properties; additionalProperties only when the schema allows no properties).
 * `anchored` starts from an example value and replaces some of its leaves with generated ones, so a generated
 * request stays close to one the business rules accept.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

export interface SchemaContext {
  /** Resolves `#/components/schemas/Name`. */
  resolve(ref: string): Schema;
}

const FORMAT: Record<string, () => fc.Arbitrary<string>> = {
  date: () => fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': () => fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  email: () => fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([user, host]) => `${user}@${host}.example`),
  uuid: () => fc.uuid(),
  uri: () => fc.stringMatching(/^[a-z]{1,10}$/).map((host) => `https://${host}.example/`),
};

/** The schema with a top-level $ref resolved (repeatedly). */
export function deref(schema: Schema, ctx: SchemaContext): Schema {
  let current = schema;
  for (let i = 0; i < 20 && typeof current.$ref === 'string'; i += 1) {
    const { $ref, ...rest } = current;
    current = { ...ctx.resolve($ref as string), ...rest };
  }
  return current;
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  // Only a declared maxLength bounds the value. An invented cap (it was 24) made the length filter below reject every
  // value of a pattern whose shortest match is longer (`search_fields` of bank accounts:
  // `financial_institution_name`, 26 characters), and fast-check retries a rejecting filter forever, synchronously:
  // that was the loop past the test's time limit.
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let base: fc.Arbitrary<string>;
  if (typeof schema.pattern === 'string') base = fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
  else if (typeof schema.format === 'string' && FORMAT[schema.format]) base = (FORMAT[schema.format] as () => fc.Arbitrary<string>)();
  else {
    const lo = Math.max(min, 1);
    return fc.string({ minLength: lo, maxLength: Math.max(lo, Math.min(max, lo + 24)) }).filter((s) => s.trim() !== '');
  }
  if (min === 0 && max === Number.POSITIVE_INFINITY) return base;
  // A pattern or format with declared bounds: values outside them are rare (the bounds and the pattern come from the
  // same zod schema), so this filter skips a few values, never all.
  return base.filter((s) => s.length >= min && s.length <= max);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : -1_000_000;
  const hi = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : 1_000_000;
  // Ids and page numbers run to MAX_SAFE_INTEGER: generated ones stay small enough to mean something.
  const top = Math.min(hi, lo + 10_000);
  return integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(top) }) : fc.double({ min: lo, max: top, noNaN: true, noDefaultInfinity: true });
}

/** Arbitraries of named schemas, built once per context (a large request schema is built in a few milliseconds). */
const built = new WeakMap<SchemaContext, Map<string, fc.Arbitrary<unknown>>>();

/**
 * Values valid by `schema`; `depth` bounds recursion (optional properties stop at depth 6, and a named schema met
 * again inside itself ends the branch with null).
 */
export function arbitraryOf(schema: Schema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string' && Object.keys(schema).length === 1) {
    const cache = built.get(ctx) ?? new Map<string, fc.Arbitrary<unknown>>();
    built.set(ctx, cache);
    const ref = schema.$ref;
    const known = cache.get(ref);
    if (known) return known;
    // In construction: a recursive schema (JSON values, trees) ends here.
    cache.set(ref, fc.constant(null));
    const arbitrary = arbitraryOf(ctx.resolve(ref), ctx, depth + 1);
    cache.set(ref, arbitrary);
    return arbitrary;
  }
  if (depth > 14) return fc.constant(null);
  const s = deref(schema, ctx);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives)) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    return fc.oneof(...alternatives.map((alt) => arbitraryOf({ ...rest, ...alt }, ctx, depth + 1)));
  }
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    const merged = (allOf as Schema[]).reduce<Schema>((acc, part) => ({ ...acc, ...deref(part, ctx) }), rest);
    return arbitraryOf(merged, ctx, depth + 1);
  }
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => arbitraryOf({ ...s, type }, ctx, depth + 1)));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'string':
      return stringArbitrary(s);
    case 'array': {
      const items = (s.items ?? {}) as Schema;
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, minLength + 3);
      const item = arbitraryOf(items, ctx, depth + 1);
      return s.uniqueItems ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) }) : fc.array(item, { minLength, maxLength });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const requiredKeys = Object.keys(properties).filter((k) => required.includes(k));
      const optionalKeys = depth > 6 ? [] : Object.keys(properties).filter((k) => !required.includes(k));
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of [...requiredKeys, ...optionalKeys]) record[key] = arbitraryOf(properties[key] as Schema, ctx, depth + 1);
      if (Object.keys(record).length === 0) return fc.constant({});
      return fc.record(record, { requiredKeys });
    }
    default:
      // {} (any value): plain JSON text is the value every reader of "anything" accepts.
      return fc.constant('any');
  }
}

/**
 * The example with some leaves replaced by values valid by their schema (each with probability 1/`rarity`).
 * Leaves with no schema (e.g. inside free-form objects) stay as in the example.
 */
export function anchored(example: unknown, schema: Schema | undefined, ctx: SchemaContext, rarity = 4): fc.Arbitrary<unknown> {
  const s = schema ? deref(schema, ctx) : undefined;
  if (Array.isArray(example)) {
    const items = s && s.type === 'array' ? (s.items as Schema | undefined) : undefined;
    return fc.tuple(...example.map((e) => anchored(e, items, ctx, rarity))).map((values) => values as unknown[]);
  }
  if (example && typeof example === 'object') {
    const props = (s?.properties ?? {}) as Record<string, Schema>;
    const entries = Object.entries(example as Record<string, unknown>);
    if (entries.length === 0) return fc.constant({});
    return fc.tuple(...entries.map(([k, v]) => anchored(v, props[k], ctx, rarity).map((value) => [k, value] as const))).map((pairs) => Object.fromEntries(pairs));
  }
  // A placeholder (`<EMPLOYEE_ID>`) stays: the caller fills it with an id that exists.
  if (!s || Object.keys(s).length === 0 || (typeof example === 'string' && /^<[A-Z_]+>$/.test(example))) return fc.constant(example);
  return fc.oneof({ weight: rarity - 1, arbitrary: fc.constant(example) }, { weight: 1, arbitrary: arbitraryOf(s, ctx) });
}
