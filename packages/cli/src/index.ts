export type { Terminal } from './output/terminal.ts';
export { EXIT_USAGE, runCli } from './run-cli.ts';
