export type { Terminal } from './output/terminal.ts';
export { runCli } from './run-cli.ts';
