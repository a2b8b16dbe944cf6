import { maskIban, maskIdentifier } from '../../service/ports.js';

/** The table renderer (cli-table3), loaded by loadTableOutput() before a runtime that prints tables is used. */
let tables: typeof import('./table.js') | null = null;

/** Loads the table renderer (createRuntime does, when the output format is `table`: decision ZOD-3). */
export async function loadTableOutput(): Promise<void> {
  tables ??= await import('./table.js');
}

function tableOutput(): typeof import('./table.js') {
  if (!tables) throw new Error('table output was not loaded (loadTableOutput) before rendering a table');
  return tables;
}

export type OutputFormat = 'table' | 'json' | 'ndjson' | 'csv';

export interface Column {
  header: string;
  /** Dot path into the item, or a function. */
  value: string | ((item: Record<string, unknown>) => unknown);
}

export interface OutputOptions {
  format: OutputFormat;
  /** Show IBANs and tax identifiers in full (`--reveal`); otherwise they are masked everywhere. */
  reveal: boolean;
  color: boolean;
}

/** Field names whose values are masked in every output unless --reveal (engineering standard: security). */
const IBAN_FIELDS = new Set(['iban']);
const IDENTIFIER_FIELDS = new Set(['tax_id', 'ni_number', 'account_number', 'social_insurance_number', 'tax_number', 'versicherungsnummer', 'steuernummer']);
/** Fixed-length filing records (BW02, DSME) carry identifiers in clear: printed only with --reveal. */
const RECORD_FIELDS = new Set(['record']);

export function redact<T>(value: T, reveal: boolean): T {
  if (reveal) return value;
  return walk(value) as T;
  function walk(node: unknown, key?: string): unknown {
    if (typeof node === 'string' && key !== undefined) {
      if (IBAN_FIELDS.has(key)) return maskIban(node);
      if (IDENTIFIER_FIELDS.has(key)) return maskIdentifier(node);
      if (RECORD_FIELDS.has(key)) return `(${node.length}-character record: --reveal prints it)`;
      return node;
    }
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, walk(v, k)]));
    }
    return node;
  }
}

function pick(item: Record<string, unknown>, column: Column): unknown {
  if (typeof column.value === 'function') return column.value(item);
  let current: unknown = item;
  for (const segment of column.value.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Amounts and counts: a column holding only these is right-aligned, so the decimal points line up (issue 18). */
const NUMERIC = /^-?\d+(\.\d+)?%?$/;

function csvEscape(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Renders a list of items (or one item) in the chosen format; money stays a decimal string everywhere. */
export function render(data: unknown, columns: Column[] | null, options: OutputOptions): string {
  const safe = redact(data, options.reveal);
  const items: Record<string, unknown>[] = Array.isArray(safe) ? (safe as Record<string, unknown>[]) : [safe as Record<string, unknown>];
  switch (options.format) {
    case 'json':
      return `${JSON.stringify(safe, null, 2)}\n`;
    case 'ndjson':
      return items.map((item) => JSON.stringify(item)).join('\n') + (items.length > 0 ? '\n' : '');
    case 'csv': {
      const cols = columns ?? inferColumns(items);
      const lines = [cols.map((c) => csvEscape(c.header)).join(',')];
      for (const item of items) lines.push(cols.map((c) => csvEscape(cell(pick(item, c)))).join(','));
      return `${lines.join('\n')}\n`;
    }
    case 'table': {
      if (columns === null && !Array.isArray(safe)) return renderRecord(items[0] ?? {}, options);
      const cols = columns ?? inferColumns(items);
      const rows = items.map((item) => cols.map((c) => cell(pick(item, c))));
      const colAligns = cols.map((_, i) => (rows.some((row) => row[i] !== '') && rows.every((row) => row[i] === '' || NUMERIC.test(row[i] as string)) ? 'right' : 'left'));
      return tableOutput().listTable(
        cols.map((c) => c.header),
        colAligns,
        rows,
        options.color,
      );
    }
  }
}

/**
 * One record as a two-column table. Nested parts are summarised so the table stays readable on a
 * terminal (a list as its count, an address as its text, other objects as short key: value pairs);
 * `-o json` shows everything.
 */
function renderRecord(item: Record<string, unknown>, options: OutputOptions): string {
  return tableOutput().recordTable(
    Object.entries(item).map(([key, value]): [string, string] => [key, summarize(value)]),
    options.color,
  );
}

const SUMMARY_LIMIT = 160;

function summarize(value: unknown): string {
  if (value === null || value === undefined || typeof value !== 'object') return cell(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.every((v) => v === null || typeof v !== 'object')) return cell(value);
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.address === 'string') return record.address;
  const text = Object.entries(record)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}: ${cell(v)}`)
    .join(', ');
  return text.length > SUMMARY_LIMIT ? `${text.slice(0, SUMMARY_LIMIT - 1)}…` : text;
}

function inferColumns(items: Record<string, unknown>[]): Column[] {
  const keys = new Set<string>();
  for (const item of items) for (const [key, value] of Object.entries(item)) if (value === null || typeof value !== 'object') keys.add(key);
  return [...keys].map((key) => ({ header: key, value: key }));
}
