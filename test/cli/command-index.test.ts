/**
 * Issue 19 "instant start": the CLI builds the top-level program from the command index (src/cli/program.ts) and
 * loads only the family of the command it runs. The index must be the whole program's (a stale build is caught
 * here), and the help printed from stand-ins must be the whole program's, character for character, at any width.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, commandIndex, commandWord, programFor, programFromIndex } from '../../src/cli/program.js';

function helpAt(program: Command, width: number): string {
  program.configureOutput({ getOutHelpWidth: () => width, getOutHasColors: () => false });
  return program.helpInformation();
}

describe('the command index', () => {
  it('payroll --help from stand-ins equals the whole program’s help at every width', async () => {
    const index = await commandIndex();
    const whole = await buildProgram();
    const standIns = await programFromIndex(index, new Set());
    expect(standIns.commands.map((c) => c.name())).toEqual(whole.commands.map((c) => c.name()));
    for (const width of [40, 80, 120, 250]) expect(helpAt(standIns, width)).toBe(helpAt(whole, width));
    expect(helpAt(whole, 80)).toContain('org|orgs');
    // The text main.ts prints for `payroll --help` to a pipe: commander's help at width 80 and the text after it.
    expect(index.help.startsWith(helpAt(whole, 80))).toBe(true);
    expect(index.help.slice(helpAt(whole, 80).length)).toMatch(/^\nExit codes:\n[\s\S]*More: payroll help environment, payroll help exit-codes, payroll completion bash\|zsh\|fish\n\n$/);
  });

  it('a program with one family loaded has that family whole and the others as stand-ins, in the same order', async () => {
    const index = await commandIndex();
    const whole = await buildProgram();
    const org = index.commands.find((c) => c.name === 'org');
    expect(org?.registrars).toContain('org');
    const part = await programFromIndex(index, new Set(org?.registrars));
    expect(part.commands.map((c) => c.name())).toEqual(whole.commands.map((c) => c.name()));
    const fullOrg = whole.commands.find((c) => c.name() === 'org') as Command;
    const partOrg = part.commands.find((c) => c.name() === 'org') as Command;
    expect(partOrg.commands.map((c) => c.name())).toEqual(fullOrg.commands.map((c) => c.name()));
    expect(helpAt(partOrg, 80)).toBe(helpAt(fullOrg, 80));
    expect(helpAt(part, 100)).toBe(helpAt(whole, 100));
  });

  const built = fileURLToPath(new URL('../../dist/cli/command-index.json', import.meta.url));
  it.skipIf(!existsSync(built))('the index the build wrote (dist/cli/command-index.json) is the current program’s', async () => {
    expect(JSON.parse(readFileSync(built, 'utf8'))).toEqual(await commandIndex());
  });

  it('finds the command word the way commander does, and leaves anything uncertain to the whole program', async () => {
    expect(commandWord(['--help'])).toBeNull();
    expect(commandWord([])).toBeNull();
    expect(commandWord(['--db', 'org', 'list'])).toBe('list');
    expect(commandWord(['--db=x.db', '-o', 'json', 'org', 'list'])).toBe('org');
    expect(commandWord(['-ojson', '--json', '-y', 'orgs'])).toBe('orgs');
    expect(commandWord(['-yo', 'json', 'org'])).toBeUndefined();
    expect(commandWord(['--', 'org'])).toBeUndefined();
    expect(commandWord(['--bogus', 'org'])).toBeUndefined();
    const index = await commandIndex();
    // help and completion read the whole tree; an unknown word gets commander's own error from the whole program.
    for (const args of [['help', 'org'], ['completion', 'bash'], ['orgz']]) expect((await programFor(args, index)).commands.every((c) => c.commands.length > 0 || c.name() !== 'org')).toBe(true);
    const orgOnly = await programFor(['org', 'list'], index);
    expect((orgOnly.commands.find((c) => c.name() === 'runs') as Command).commands).toEqual([]);
  });
});
