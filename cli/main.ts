import { runCli } from './run-cli.ts';
import { openTerminal } from './terminal.ts';

/** The `soma` command: one run, Ctrl-C stops it cleanly (status 130). */
const controller = new AbortController();
let interrupted = false;
process.on('SIGINT', () => {
  // A second Ctrl-C leaves at once, whatever is pending.
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort();
});

// `soma … | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const status = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
  terminal: () => openTerminal(process.stdin, process.stderr, () => controller.abort()),
});
process.exitCode = status;
