#!/usr/bin/env node
import { runCli } from './run-cli.ts';

// A closed pipe (`skillset catalog | head`) ends the output, not the process with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = exitCode;
