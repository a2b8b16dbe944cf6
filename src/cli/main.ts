/**
 * The CLI's entry (bin/payroll.js runs its bundle). `payroll --help` (or `-h`) on a pipe prints the help the build
 * took from the whole program (command-index.ts) without loading commander; a terminal's help is as wide as the
 * terminal, so commander formats it. Everything else runs in run.ts (issue 19 "instant start").
 */
import { readCommandIndex } from './command-index.js';
import { quietOnClosedPipe } from './pipes.js';

export async function main(argv: string[]): Promise<void> {
  const args = argv.slice(2);
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h') && !process.stdout.isTTY) {
    const help = readCommandIndex()?.help;
    if (help !== undefined) {
      process.on('SIGINT', () => process.exit(130));
      quietOnClosedPipe(process.stdout);
      quietOnClosedPipe(process.stderr);
      process.stdout.write(help);
      return;
    }
  }
  await (await import('./run.js')).main(argv);
}
