import { registerRunner } from './registry.js';

// One line per vector kind; each engine's owner adds its own.
