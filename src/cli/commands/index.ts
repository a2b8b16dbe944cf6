import type { Command } from 'commander';
import { registerOrgCommands } from './org.js';
import { registerTransferCommands } from './transfer.js';
import { registerVerifyCommand } from './verify.js';

/** Every command family; each registers its own subcommands. */
export function registerCommands(program: Command): void {
  registerOrgCommands(program);
  registerVerifyCommand(program);
  registerTransferCommands(program);
}
