import type { Command } from 'commander';
import { payrollGroup } from '../command-kit.js';
import { registerDemoCommand } from '../demo.js';
import { registerAuthCommands } from './auth.js';
import { registerOrgCommands } from './org.js';
import { registerEmployeeCommands } from './employees.js';
import { registerBankAccountCommands } from './bank-accounts.js';
import { registerContactCommands } from './contacts.js';
import { registerWorksiteCommands } from './worksites.js';
import { registerSepaMandateCommands } from './sepa-mandates.js';
import { registerAddressCommands } from './addresses.js';
import { registerRunDeCommand } from './run-de.js';
import { registerServeCommand } from './serve.js';
import { registerTransferCommands } from './transfer.js';
import { registerVerifyCommand } from './verify.js';
import { registerPayGroupFamily } from './pay-groups.js';
import { registerDocumentCommands } from './documents.js';
import { registerWageTypeCommands } from './wage-types.js';
import { registerPensionCommands } from './pension.js';
import { registerRunCommands } from './runs.js';
import { registerOutputCommands } from './outputs.js';

/** Every command family; each registers its own subcommands. */
export function registerCommands(program: Command): void {
  registerOrgCommands(program);
  registerEmployeeCommands(program);
  registerBankAccountCommands(program);
  registerContactCommands(program);
  registerWorksiteCommands(program);
  registerSepaMandateCommands(program);
  registerAddressCommands(program);
  registerServeCommand(program);
  registerAuthCommands(program);
  registerVerifyCommand(program);
  registerDemoCommand(program);
  registerTransferCommands(program);
  registerPayGroupFamily(program);
  registerDocumentCommands(program);
  registerRunDeCommand(program, payrollGroup(program));
  registerWageTypeCommands(program);
  registerPensionCommands(program);
  registerRunCommands(program);
  registerOutputCommands(program);
}
