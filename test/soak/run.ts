/**
 * The long reliability runs behind `npm run soak` (`npm run soak -- fuzz` runs one part); each
 * part prints its figures, and the run exits non-zero when one fails. See docs/reliability.md.
 */
const PARTS: Record<string, string> = {
  fuzz: './soak-fuzz.ts',
  crash: './soak-crash.ts',
  load: './soak-load.ts',
  abuse: './soak-abuse.ts',
  fleet: './soak-fleet.ts',
};

const requested = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const unknown = requested.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(
    `Unknown soak part ${unknown.join(', ')}; choose from ${Object.keys(PARTS).join(', ')}.`,
  );
  process.exit(1);
}
let failed = false;
for (const name of requested.length > 0 ? requested : Object.keys(PARTS)) {
  const module = (await import(PARTS[name] as string)) as { run: () => Promise<boolean> };
  console.log(`\n## soak: ${name}\n`);
  const started = performance.now();
  const ok = await module.run();
  console.log(
    `\n${name}: ${ok ? 'ok' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  failed ||= !ok;
}
process.exit(failed ? 1 : 0);
