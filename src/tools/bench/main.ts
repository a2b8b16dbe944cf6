/**
 * `npm run bench`: performance figures live here, never in timed tests.
 * Each bench module prints its own figures; pass names to run a subset (`npm run bench -- de-lohnsteuer`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

/**
 * Several benches: each runs in a child process of its own. In one process the JIT's shapes from one bench stayed
 * for the next (gb-period after the in-process runs measured a quarter of its figure alone, a full garbage collection
 * between them changed nothing); a fresh process measures each as it would run alone. The lines are the same.
 */
function runAlone(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), name], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bench ${name} exited ${code}`))));
  });
}

export async function main(argv: string[]): Promise<void> {
  const wanted = argv.length > 0 ? argv : Object.keys(benches).filter((name) => !ON_REQUEST.has(name));
  for (const name of wanted) {
    const load = benches[name];
    if (!load) throw new Error(`unknown bench "${name}"; known: ${Object.keys(benches).join(', ')}`);
  }
  if (wanted.length > 1) {
    for (const name of wanted) await runAlone(name);
    return;
  }
  const name = wanted[0] as string;
  process.stdout.write(`\n== ${name}\n`);
  await (await (benches[name] as () => Promise<BenchModule>)()).run();
}

await main(process.argv.slice(2));
