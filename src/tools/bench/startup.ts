/**
 * Issue 19 point 3/4: how long the CLI takes to start, as a ratio to `node -e 0` on the same machine at the same
 * moment (the machine may be shared, so absolute times move; the ratio is the figure). The three commands are timed
 * in alternation, ROUNDS times, and the median of each is compared: wall clock, and CPU time (user + system, which
 * a preloaded hook prints when the process exits), which a loaded machine disturbs far less than wall clock.
 * Targets: `payroll --help` ≤ 2.0×, `payroll org list` ≤ 3.0× (on a SQLite file; the CLI's PostgreSQL store is the
 * server's public schema, which a bench must not write to).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../store/database.js';
import { createLocalService, localActor } from '../../service/local.js';
import { createFolderObjectStore } from '../../service/object-store.js';

const BIN = fileURLToPath(new URL('../../../bin/payroll.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 15);

/** Printed on stderr by every timed process as it exits: its whole CPU time (start-up included), in µs. */
const CPU_HOOK = "process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(2, `\\nstartup-cpu-us ${u.user + u.system}\\n`); });\n";

function timeOnce(hook: string, args: string[], env: NodeJS.ProcessEnv): { wall: number; cpu: number } {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', hook, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  const cpu = /startup-cpu-us (\d+)/.exec(result.stderr.toString());
  if (!cpu) throw new Error(`node ${args.join(' ')} did not report its CPU time`);
  return { wall, cpu: Number(cpu[1]) / 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function seedOrg(location: string): Promise<void> {
  const store = await openStore(location);
  const service = createLocalService(store, { actor: localActor('bench'), objects: createFolderObjectStore(join(tmpdir(), 'payroll-bench-startup-objects')), ownsStore: true });
  await service.createOrganization({ legal_name: 'Start-up Ltd', country: 'GB' });
  await service.close();
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-startup-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), NO_COLOR: '1', CI: 'true' };
  const db = join(dir, 'payroll.db');
  try {
    await seedOrg(db);
    const commands: [string, string[]][] = [
      ['node -e 0', ['-e', '0']],
      ['payroll --help', [BIN, '--help']],
      ['payroll org list (SQLite)', [BIN, 'org', 'list', '--db', db, '--json']],
    ];
    const hook = join(dir, 'cpu-hook.cjs');
    writeFileSync(hook, CPU_HOOK);
    const times = new Map<string, { wall: number; cpu: number }[]>(commands.map(([name]) => [name, []]));
    // One warm-up of each (file cache), then alternating rounds so load changes hit every command alike.
    for (const [, args] of commands) timeOnce(hook, args, env);
    for (let round = 0; round < ROUNDS; round += 1) for (const [name, args] of commands) times.get(name)?.push(timeOnce(hook, args, env));
    const of = (name: string, key: 'wall' | 'cpu') => median((times.get(name) ?? []).map((t) => t[key]));
    const baseWall = of('node -e 0', 'wall');
    const baseCpu = of('node -e 0', 'cpu');
    process.stdout.write(`startup: node -e 0 ${baseWall.toFixed(0)} ms wall, ${baseCpu.toFixed(0)} ms CPU (medians of ${ROUNDS})\n`);
    for (const [name] of commands.slice(1)) {
      const target = name.startsWith('payroll --help') ? 2.0 : 3.0;
      const ratio = of(name, 'wall') / baseWall;
      const cpuRatio = of(name, 'cpu') / baseCpu;
      process.stdout.write(
        `startup: ${name} ${of(name, 'wall').toFixed(0)} ms = ${ratio.toFixed(2)}× node -e 0 (target ≤ ${target.toFixed(1)}×) ${ratio <= target ? 'OK' : 'SLOW'}; CPU ${of(name, 'cpu').toFixed(0)} ms = ${cpuRatio.toFixed(2)}×\n`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
