#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` through the prepare script).
import('../dist/cli/main.js').then((m) => m.main(process.argv)).catch((error) => {
  process.stderr.write(`payroll: cannot start: ${error && error.message ? error.message : String(error)}\n`);
  process.exit(1);
});
