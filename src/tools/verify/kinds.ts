import { registerRunner } from './registry.js';

// One line per vector kind; each engine's owner adds its own.
registerRunner('gb-ni', async () => (await import('./runners/gb-ni.js')).runner);
registerRunner('gb-director-ni', async () => (await import('./runners/gb-director-ni.js')).runner);
registerRunner('gb-income-tax', async () => (await import('./runners/gb-income-tax.js')).runner);
registerRunner('gb-period', async () => (await import('./runners/gb-period.js')).runner);
registerRunner('de-payroll', async () => (await import('./runners/de-payroll.js')).runner);
registerRunner('de-lohnsteuer', async () => (await import('./runners/de-lohnsteuer.js')).runner);
registerRunner('gb-run', async () => (await import('./runners/gb-run.js')).runner);
registerRunner('de-run', async () => (await import('./runners/de-run.js')).runner);
