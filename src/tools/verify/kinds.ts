import { registerRunner } from './registry.js';

// One line per vector kind; each engine's owner adds its own.
registerRunner('gb-ni', async () => (await import('./runners/gb-ni.js')).runner);
registerRunner('gb-director-ni', async () => (await import('./runners/gb-director-ni.js')).runner);
registerRunner('gb-income-tax', async () => (await import('./runners/gb-income-tax.js')).runner);
registerRunner('gb-period', async () => (await import('./runners/gb-period.js')).runner);
registerRunner('de-payroll', async () => (await import('./runners/de-payroll.js')).runner);
registerRunner('de-lohnsteuer', async () => (await import('./runners/de-lohnsteuer.js')).runner);
registerRunner('gb-run', async () => (await import('./runners/gb-run.js')).runner);
registerRunner('gb-ssp', async () => (await import('./runners/gb-ssp.js')).runner);
registerRunner('gb-smp', async () => (await import('./runners/gb-family-pay.js')).runner);
registerRunner('gb-spp', async () => (await import('./runners/gb-family-pay.js')).runner);
registerRunner('gb-shpp', async () => (await import('./runners/gb-family-pay.js')).runner);
registerRunner('gb-employer-liabilities', async () => (await import('./runners/gb-employer-liabilities.js')).runner);
registerRunner('de-run', async () => (await import('./runners/de-run.js')).runner);
