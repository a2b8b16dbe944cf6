import type { Runtime } from './runtime.js';
import { usageError } from './runtime.js';

/**
 * A required value: from the flag or body if given; otherwise asked on a terminal (cli.md "Prompts");
 * elsewhere a usage error naming the flag.
 */
export async function requireValue(runtime: Runtime, current: unknown, flag: string, question: string, options: { choices?: readonly string[]; validate?: (value: string) => true | string } = {}): Promise<string> {
  if (current !== undefined && current !== null && current !== '') return String(current);
  if (!runtime.interactive) throw usageError(`missing ${flag}: give it as a flag or in --input (no prompts when not on a terminal, under CI or with --no-input)`);
  const prompts = await import('@inquirer/prompts');
  if (options.choices) {
    return prompts.select({ message: question, choices: options.choices.map((value) => ({ value, name: value })) });
  }
  return prompts.input({ message: question, required: true, ...(options.validate ? { validate: options.validate } : {}) });
}

/**
 * A required field of a request body: kept exactly as given (a JSON number stays a number, so the contract refuses
 * `legal_name: 12` instead of the CLI turning it into "12"; issue 18: no silent coercion), else asked on a
 * terminal like requireValue.
 */
export async function requireField(runtime: Runtime, current: unknown, flag: string, question: string, options: { choices?: readonly string[]; validate?: (value: string) => true | string } = {}): Promise<unknown> {
  if (current !== undefined && current !== null && current !== '') return current;
  return requireValue(runtime, current, flag, question, options);
}

/** An optional value asked only on a terminal; empty means "leave out". */
export async function optionalValue(runtime: Runtime, current: unknown, question: string): Promise<string | undefined> {
  if (current !== undefined && current !== null && current !== '') return String(current);
  if (!runtime.interactive) return undefined;
  const prompts = await import('@inquirer/prompts');
  const answer = await prompts.input({ message: `${question} (optional)` });
  return answer.trim() === '' ? undefined : answer.trim();
}

/** Destructive or irreversible steps: confirm on a terminal, need --yes elsewhere (cli.md). */
export async function confirmStep(runtime: Runtime, what: string): Promise<void> {
  if (runtime.options.yes) return;
  if (!runtime.interactive) throw usageError(`${what} needs confirmation: pass --yes`);
  const prompts = await import('@inquirer/prompts');
  const ok = await prompts.confirm({ message: `${what}?`, default: false });
  if (!ok) throw usageError(`${what}: not confirmed`);
}
