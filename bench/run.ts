/**
 * Runs the benchmarks: `npm run bench` runs all, `npm run bench -- scan` runs one.
 * `npm run bench -- process` measures whole `skillset` processes (start-up included);
 * `npm run bench -- http http-process` the HTTP routes in-process and as users run the server.
 * Each benchmark module exports `run(): Promise<void>` and prints its own table.
 */
const BENCHMARKS: Record<string, string> = {
  http: './http.ts',
  'http-process': './http-process.ts',
  server: './server.ts',
  scan: './scan.ts',
  selection: './selection.ts',
  synthetic: './synthetic-queries.ts',
  catalog: './catalog.ts',
  process: './process.ts',
  agents: './agents.ts',
  hook: './hook.ts',
  workspaces: './workspace-memory.ts',
};

const requested = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const unknown = requested.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}.`,
  );
  process.exit(1);
}
for (const name of requested.length > 0 ? requested : Object.keys(BENCHMARKS)) {
  const module = (await import(BENCHMARKS[name] as string)) as { run: () => Promise<void> };
  console.log(`\n## bench: ${name}\n`);
  await module.run();
}
