/**
 * The command index (issue 19 "instant start"), written by the build from the whole program (program.ts
 * commandIndex(), scripts/build.mjs → dist/cli/command-index.json): what commander's help shows of each top-level
 * command, which command families make it, and the whole text `payroll --help` prints to a pipe. This module
 * loads no commander, so that `payroll --help` can be answered from the index alone (main.ts).
 */
import { readFileSync } from 'node:fs';

/** What help shows of one top-level command, and the families that register it (in REGISTRARS order). */
export interface IndexedCommand {
  name: string;
  aliases: string[];
  description: string;
  summary: string;
  hidden: boolean;
  helpGroup: string;
  hasOptions: boolean;
  /** Argument terms as registered: `<file>`, `[words...]`. */
  args: string[];
  registrars: string[];
}

export interface CommandIndex {
  commands: IndexedCommand[];
  /** What `payroll --help` writes on standard output when that is not a terminal (commander's width: 80). */
  help: string;
}

/** The command index the build wrote, or null (not built, or unreadable: the whole program is built instead). */
export function readCommandIndex(): CommandIndex | null {
  try {
    return JSON.parse(readFileSync(new URL('./command-index.json', import.meta.url), 'utf8')) as CommandIndex;
  } catch {
    return null;
  }
}
