#!/usr/bin/env node
import { runCli } from './run-cli.ts';
import { startTelemetry } from './telemetry/start-telemetry.ts';

// A closed pipe (`skillset catalog | head`) ends the output, not the process with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

// Off (and the SDK not even loaded) unless the OTEL_* variables ask for it (decision 0130).
const telemetry = await startTelemetry(process.env);
const exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  cwd: process.cwd(),
  env: process.env,
});
// Short commands end here, so what they traced is sent before the process exits.
await telemetry?.shutdown();
process.exitCode = exitCode;
