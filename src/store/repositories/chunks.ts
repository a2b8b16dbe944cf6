/** Parameters per statement stay far below SQLite's and Postgres's limits. */
export const CHUNK = 900;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
