import { EXIT } from './exit-codes.js';

/**
 * `payroll … | head`: the reader leaves before we finish writing and the next write fails with
 * EPIPE, which Node raises as an unhandled 'error' event (a stack, exit 1). The reader wanted no
 * more, so the output is dropped quietly and the command ends as it would have (exit 0 on success,
 * its own code otherwise): a write already committed is not reported as failed, and
 * `set -o pipefail` scripts do not fail over an early `head`. Other stream errors are unexpected.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    process.exitCode = EXIT.unexpected;
  });
}
