import { loadAnswerChecks } from '../service/ports.js';
import type { Runtime } from './runtime.js';
import { usageError } from './runtime.js';

/** The API's own checks of single answers (service/contracts/answer-checks.ts), loaded when a prompt needs one. */
/**
 * The interactive pickers, loaded when a value is asked for on a terminal: a command given its values by flags
 * (every script, every pipe) compiles none of them nor the pay-period arithmetic they use (issue 19 "instant
 * start", decision ZOD-9).
 */
const pickers = () => import('./prompt-choices.js');

export type AnswerChecks = Awaited<ReturnType<typeof loadAnswerChecks>>;

export interface AskOptions {
  /** A fixed set of answers, offered as a pick list (searchable when long). */
  choices?: readonly string[];
  validate?: (value: string) => true | string;
  /** The API's rule for this field: the answer is checked as it is given and asked again until it holds. */
  check?: (checks: AnswerChecks) => (answer: string) => string | null;
}

function missing(flag: string): Error {
  return usageError(`missing ${flag}: give it as a flag or in --input (no prompts when not on a terminal, under CI or with --no-input)`);
}

/** `validate` and `check` as one validator for @inquirer/prompts (true, or the rule broken). */
async function validatorOf(options: AskOptions): Promise<((value: string) => true | string) | undefined> {
  const check = options.check ? options.check(await loadAnswerChecks()) : null;
  if (!check && !options.validate) return undefined;
  return (value: string) => {
    const own = options.validate?.(value) ?? true;
    if (own !== true) return own;
    return check?.(value.trim()) ?? true;
  };
}

/**
 * A required value: from the flag or body if given; otherwise asked on a terminal (cli.md "Prompts");
 * elsewhere a usage error naming the flag.
 */
export async function requireValue(runtime: Runtime, current: unknown, flag: string, question: string, options: AskOptions = {}): Promise<string> {
  if (current !== undefined && current !== null && current !== '') return String(current);
  if (!runtime.interactive) throw missing(flag);
  const port = await (await pickers()).inquirerPort();
  if (options.choices) return port.select(question, options.choices.map((value) => ({ value, name: value })));
  const validate = await validatorOf(options);
  const prompts = await import('@inquirer/prompts');
  const answer = await prompts.input({ message: question, required: true, ...(validate ? { validate } : {}) });
  return options.check ? answer.trim() : answer;
}

/**
 * A required field of a request body: kept exactly as given (a JSON number stays a number, so the contract refuses
 * `legal_name: 12` instead of the CLI turning it into "12"; issue 18: no silent coercion), else asked on a
 * terminal like requireValue.
 */
export async function requireField(runtime: Runtime, current: unknown, flag: string, question: string, options: AskOptions = {}): Promise<unknown> {
  if (current !== undefined && current !== null && current !== '') return current;
  return requireValue(runtime, current, flag, question, options);
}

/** An optional value asked only on a terminal; empty means "leave out"; anything else must pass `check`. */
export async function optionalValue(runtime: Runtime, current: unknown, question: string, options: Pick<AskOptions, 'check'> = {}): Promise<string | undefined> {
  if (current !== undefined && current !== null && current !== '') return String(current);
  if (!runtime.interactive) return undefined;
  const validate = await validatorOf(options);
  const prompts = await import('@inquirer/prompts');
  const answer = await prompts.input({ message: `${question} (optional)`, ...(validate ? { validate: (value: string) => (value.trim() === '' ? true : validate(value)) } : {}) });
  return answer.trim() === '' ? undefined : answer.trim();
}

/** The organization a command works on: `--org`, else picked by name on a terminal (only of `country` when given). */
export async function requireOrg(runtime: Runtime, current: string | undefined, country?: 'GB' | 'DE'): Promise<string> {
  if (current) return current;
  if (!runtime.interactive) throw missing('--org');
  const { chooseOrganization, inquirerPort } = await pickers();
  return chooseOrganization(await runtime.service(), await inquirerPort(), country ? { country } : {});
}

/** An employee of `org`: the flag, else picked by name on a terminal. */
export async function requireEmployee(runtime: Runtime, org: string, current: string | undefined, flag = '--employee', question = 'Employee'): Promise<string> {
  if (current) return current;
  if (!runtime.interactive) throw missing(flag);
  const { chooseEmployee, inquirerPort } = await pickers();
  return chooseEmployee(await runtime.service(), org, await inquirerPort(), question);
}

/** A worksite of `org`: `--worksite`, else picked by name on a terminal. */
export async function requireWorksite(runtime: Runtime, org: string, current: string | undefined): Promise<string> {
  if (current) return current;
  if (!runtime.interactive) throw missing('--worksite');
  const { chooseWorksite, inquirerPort } = await pickers();
  return chooseWorksite(await runtime.service(), org, await inquirerPort());
}

/** Destructive or irreversible steps: confirm on a terminal, need --yes elsewhere (cli.md). */
export async function confirmStep(runtime: Runtime, what: string): Promise<void> {
  if (runtime.options.yes) return;
  if (!runtime.interactive) throw usageError(`${what} needs confirmation: pass --yes`);
  const prompts = await import('@inquirer/prompts');
  const ok = await prompts.confirm({ message: `${what}?`, default: false });
  if (!ok) throw usageError(`${what}: not confirmed`);
}
