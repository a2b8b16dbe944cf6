/**
 * The PAP generator's command line (its composition root): the BMF's XML on stdin, the TypeScript edition on
 * stdout, no file-system access of its own. See ./generate.ts for how to add a year.
 */
import { generateEdition } from './generate.js';

let xml = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  xml += chunk;
});
process.stdin.on('end', () => {
  process.stdout.write(generateEdition(xml));
});
