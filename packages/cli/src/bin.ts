#!/usr/bin/env node
import { runCli } from './run-cli.ts';

const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = exitCode;
