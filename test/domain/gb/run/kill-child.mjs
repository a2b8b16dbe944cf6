// Child process of the kill test (payroll-runs.contract.test.ts): starts a large GB run on a SQLite file and says
// CALCULATING once it is well inside the calculation, so the parent can SIGKILL it there. Runs the built dist/.
import { readFileSync } from 'node:fs';
import { localActor, openLocalService } from '../../../../dist/service/local.js';
import { runRequest } from '../../../../dist/tools/bench/gb-run.js';

const [database, seedFile, objectRoot] = process.argv.slice(2);
const seed = JSON.parse(readFileSync(seedFile, 'utf8'));
const service = await openLocalService(database, { actor: localActor('kill-test'), objectRoot });
let said = false;
await service.runGbPayroll(seed.orgId, runRequest(seed, 1), {
  onProgress(done) {
    if (!said && done >= 500) {
      said = true;
      process.stdout.write('CALCULATING\n');
    }
  },
});
process.stdout.write('FINISHED\n');
await service.close();
