/**
 * `npm run bench`: performance figures live here, never in timed tests.
 * Each bench module prints its own figures; pass names to run a subset (`npm run bench -- de-lohnsteuer`).
 */
type BenchModule = { run(): Promise<void> };

const benches: Record<string, () => Promise<BenchModule>> = {
  // one line per bench; each engine's owner adds its own
  'gb-run': () => import('./gb-run.js'),
  'gb-run-scale': () => import('./gb-run-scale.js'),
  'de-run': () => import('./de-run.js'),
  'gb-period': () => import('./gb-period.js'),
  'de-payslip': () => import('./de-payslip.js'),
  'de-lohnsteuer': () => import('./de-lohnsteuer.js'),
  'payslip-pdf': () => import('./payslip-pdf.js'),
  'audit-overhead': () => import('./audit-overhead.js'),
  startup: () => import('./startup.js'),
  // on request only (about a minute): `npm run bench -- de-lohnsteuer-equivalence`
  'de-lohnsteuer-equivalence': () => import('./de-lohnsteuer-equivalence.js'),
};

/** Benches run only when named. */
const ON_REQUEST = new Set(['de-lohnsteuer-equivalence']);

export async function main(argv: string[]): Promise<void> {
  const wanted = argv.length > 0 ? argv : Object.keys(benches).filter((name) => !ON_REQUEST.has(name));
  for (const name of wanted) {
    const load = benches[name];
    if (!load) throw new Error(`unknown bench "${name}"; known: ${Object.keys(benches).join(', ')}`);
    process.stdout.write(`\n== ${name}\n`);
    // One bench's garbage must not be collected on the next one's clock (gb-period after the scale runs measured a
    // quarter of its figure alone): a full collection before each (node --expose-gc, as npm run bench starts it).
    (globalThis as { gc?: () => void }).gc?.();
    await (await load()).run();
  }
}

await main(process.argv.slice(2));
