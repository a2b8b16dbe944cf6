import type { Command } from 'commander';

/**
 * One family of commands: `load` imports its module (a chunk of its own in the bundle) and returns the function
 * that registers its commands. Issue 19 "instant start": a command loads only its own family; which top-level
 * commands a family adds or extends is found by running them all at build time (program.ts commandIndex(), kept
 * in dist/cli/command-index.json).
 */
export interface Registrar {
  /** Stable name, recorded in the command index. */
  id: string;
  load(): Promise<(program: Command) => void>;
}

/** A family whose commands go under `payroll payroll` (command-kit.ts payrollGroup): its module and the kit load together. */
function underPayrollGroup(register: () => Promise<(program: Command, group: Command) => void>): Registrar['load'] {
  return async () => {
    const [add, { payrollGroup }] = await Promise.all([register(), import('../command-kit.js')]);
    return (program) => add(program, payrollGroup(program));
  };
}

/** Every command family, in the order they register (the order `payroll --help` lists them in). */
export const REGISTRARS: readonly Registrar[] = [
  { id: 'org', load: async () => (await import('./org.js')).registerOrgCommands },
  { id: 'employees', load: async () => (await import('./employees.js')).registerEmployeeCommands },
  { id: 'bank-accounts', load: async () => (await import('./bank-accounts.js')).registerBankAccountCommands },
  { id: 'contacts', load: async () => (await import('./contacts.js')).registerContactCommands },
  { id: 'worksites', load: async () => (await import('./worksites.js')).registerWorksiteCommands },
  { id: 'sepa-mandates', load: async () => (await import('./sepa-mandates.js')).registerSepaMandateCommands },
  { id: 'addresses', load: async () => (await import('./addresses.js')).registerAddressCommands },
  { id: 'serve', load: async () => (await import('./serve.js')).registerServeCommand },
  { id: 'auth', load: async () => (await import('./auth.js')).registerAuthCommands },
  { id: 'verify', load: async () => (await import('./verify.js')).registerVerifyCommand },
  { id: 'demo', load: async () => (await import('../demo.js')).registerDemoCommand },
  { id: 'transfer', load: async () => (await import('./transfer.js')).registerTransferCommands },
  { id: 'backup', load: async () => (await import('./backup.js')).registerBackupCommands },
  { id: 'pay-groups', load: async () => (await import('./pay-groups.js')).registerPayGroupFamily },
  { id: 'documents', load: async () => (await import('./documents.js')).registerDocumentCommands },
  { id: 'run-de', load: underPayrollGroup(async () => (await import('./run-de.js')).registerRunDeCommand) },
  { id: 'wage-types', load: async () => (await import('./wage-types.js')).registerWageTypeCommands },
  { id: 'pension', load: async () => (await import('./pension.js')).registerPensionCommands },
  { id: 'runs', load: async () => (await import('./runs.js')).registerRunCommands },
  { id: 'config', load: async () => (await import('./config-profile.js')).registerConfigCommands },
  { id: 'profile', load: async () => (await import('./config-profile.js')).registerProfileCommands },
  { id: 'absences', load: async () => (await import('./absences.js')).registerAbsenceCommands },
  { id: 'lohnkonto', load: underPayrollGroup(async () => (await import('./lohnkonto.js')).registerLohnkontoCommand) },
  { id: 'de-filings', load: async () => (await import('./de-filings.js')).registerDeFilingCommands },
  { id: 'rti', load: async () => (await import('./rti.js')).registerRtiCommands },
  { id: 'outputs', load: async () => (await import('./outputs.js')).registerOutputCommands },
  { id: 'year-end', load: async () => (await import('./year-end.js')).registerYearEndCommands },
  { id: 'liabilities', load: async () => (await import('./liabilities.js')).registerLiabilitiesCommand },
  { id: 'audit', load: async () => (await import('./audit.js')).registerAuditCommand },
  { id: 'explain', load: async () => (await import('./explain.js')).registerExplainCommand },
  // These two read the whole command tree when they run: a command of theirs always builds the full program.
  { id: 'help', load: async () => (await import('./help-topics.js')).registerHelpTopics },
  { id: 'completion', load: async () => (await import('./completion.js')).registerCompletionCommand },
];

/** Families whose commands need every other family registered (help for any command, completion scripts). */
export const WHOLE_TREE_REGISTRARS: ReadonlySet<string> = new Set(['help', 'completion']);
