/** kill -9 fault injection on SQLite (the trials: kill-nine.ts). */
import { defineKillNineTrials } from './kill-nine.js';

defineKillNineTrials('sqlite');
