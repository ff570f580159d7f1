export { HELP_CATALOG_BUDGET } from './create-program.ts';
export type { Terminal } from './output/terminal.ts';
export { EXIT_USAGE, runCli } from './run-cli.ts';
