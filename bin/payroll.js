#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` through the prepare script).
// Ctrl-C exits 130 (cli.md "Exit codes") from the first moment, even while modules still load.
process.on('SIGINT', () => process.exit(130));
import('../dist/cli/main.js').then((m) => m.main(process.argv)).catch((error) => {
  process.stderr.write(`payroll: cannot start: ${error && error.message ? error.message : String(error)}\n`);
  process.exit(1);
});
