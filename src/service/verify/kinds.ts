import { registerRunner } from './registry.js';

// One line per vector kind; each engine's owner adds its own.
registerRunner('gb-ni', async () => (await import('./runners/gb-ni.js')).runner);
registerRunner('gb-director-ni', async () => (await import('./runners/gb-director-ni.js')).runner);
registerRunner('de-lohnsteuer', async () => (await import('./runners/de-lohnsteuer.js')).runner);
