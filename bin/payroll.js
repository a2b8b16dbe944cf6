#!/usr/bin/env node
// Thin launcher: the CLI is bundled into dist/cli-bundle/ by `npm run build` (scripts/build.mjs; `npm ci` runs it
// through the prepare script): one entry whose commands load their own chunks with import() (issue 19).
// Ctrl-C exits 130 (cli.md "Exit codes") from the first moment, even while modules still load.
process.on('SIGINT', () => process.exit(130));
import('../dist/cli-bundle/main.js').then((m) => m.main(process.argv)).catch((error) => {
  process.stderr.write(`payroll: cannot start: ${error && error.message ? error.message : String(error)}\n`);
  process.exit(1);
});
