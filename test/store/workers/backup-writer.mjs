/**
 * The concurrent writer of the backup test (test/cli/backup.cli.test.ts): opens the store exactly as
 * `payroll` does (the built dist/) and creates contacts seq-0, seq-1, … one transaction each, as fast as
 * it can, printing `wrote N` after each commit, until a line `stop` arrives on stdin; then it prints
 * `done N`, closes the store and ends on its own.
 *
 * Usage: node backup-writer.mjs '{"db":"...","objects":"<folder>","orgId":"..."}'
 */
import { createInterface } from 'node:readline';
import { createLocalService, localActor } from '../../../dist/service/local.js';
import { createFolderObjectStore } from '../../../dist/service/object-store.js';
import { openStore } from '../../../dist/store/database.js';

const job = JSON.parse(process.argv[2]);
const store = await openStore(job.db, { create: 'never' });
const service = createLocalService(store, { actor: localActor('backup-writer'), objects: createFolderObjectStore(job.objects) });
let stop = false;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'stop') stop = true;
});
let written = 0;
while (!stop) {
  const result = await service.createContacts(job.orgId, [{ name: `Sequence ${written}`, email: `seq-${written}@example.test`, roles: ['payroll'] }]);
  if (result.succeeded !== 1) throw new Error(`contact ${written} was refused: ${JSON.stringify(result.errors)}`);
  written += 1;
  process.stdout.write(`wrote ${written}\n`);
  // Give the readline a turn now and then (the store calls are synchronous on SQLite).
  if (written % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write(`done ${written}\n`);
await store.close();
process.stdin.destroy();
