import Table from 'cli-table3';

/**
 * The table output (`-o table`, the default on a terminal), the one user of cli-table3 and its colour and
 * string-width packages: format.ts loads this module only when a runtime prints tables, so `--json`, `-o csv` and
 * every pipe start without compiling them (issue 19 "instant start", decision ZOD-3).
 */

/** A list as a table with a header row; `colAligns` per column. */
export function listTable(head: string[], colAligns: ('left' | 'right')[], rows: string[][], color: boolean): string {
  const table = new Table({ head, colAligns, style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] } });
  for (const row of rows) table.push(row);
  return `${table.toString()}\n`;
}

/** One record as a two-column table (key, summary). */
export function recordTable(entries: [string, string][], color: boolean): string {
  const table = new Table({ style: { head: [], border: color ? ['grey'] : [] }, wordWrap: true, colWidths: [28, 90] });
  for (const [key, value] of entries) table.push({ [key]: value });
  return `${table.toString()}\n`;
}
