import { statSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { createPolicyGate, createRegistry } from '@skillset/core/lean';
import { serveSkillsMcpStdio } from '@skillset/mcp/server';
import { agentSkillFolders } from '../agents/agent-skill-folders.ts';
import type { AgentName } from '../agents/agent-table.ts';
import { openLocalPolicy } from '../open-local-policy.ts';
import { createLocalSources, reportSourceIssues } from '../open-local-registry.ts';
import type { Terminal } from '../output/terminal.ts';

/** Options for {@link runMcp}. */
export interface McpCommandOptions {
  dirs: string[];
  /** Also serve the existing skill folders this agent reads (project and user). */
  agent?: AgentName;
  /** Whether use_skill's description carries the skills' catalog (default true). */
  catalog?: boolean;
  /** Where JSON-RPC requests arrive; defaults to the process's stdin. */
  stdin?: Readable;
  /** Resolves when the server should stop (besides stdin closing); defaults to SIGINT or SIGTERM. */
  stopSignal?: Promise<void>;
}

/**
 * `skillset mcp`: an MCP server on stdio over the standard locations, the built-in skills, each
 * `--dir` and, with `--agent`, the folders that agent reads, watched for edits, under the local policy. Stdout carries JSON-RPC only; logs go to stderr.
 */
export async function runMcp(terminal: Terminal, options: McpCommandOptions): Promise<number> {
  const stdin = options.stdin ?? process.stdin;
  const policy = await openLocalPolicy(terminal);
  const registry = createRegistry({
    sources: await createLocalSources(
      terminal,
      [
        ...options.dirs,
        ...(options.agent === undefined ? [] : agentFolders(terminal, options.agent)),
      ],
      { watch: true },
    ),
  });
  try {
    // The opening exchange does not wait for the scan (synchronous, so it would hold up the
    // reply): the scan starts once a client opened the connection, in either protocol era, and
    // the list and call handlers wait for the registry's one load (docs/decisions/0090).
    let opened!: () => void;
    const openedOnce = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const served = serveSkillsMcpStdio({
      registry,
      policy: createPolicyGate({ registry, policy: policy.context, trust: policy.trust }),
      stdin,
      stdout: terminal.stdout as Writable,
      toolCatalog: options.catalog ?? true,
      onOpen: () => opened(),
    });
    const stdinEnded = new Promise<void>((resolve) => {
      stdin.once('end', resolve);
      stdin.once('close', resolve);
    });
    const scanned = (async () => {
      const ready = await Promise.race([openedOnce.then(() => true), stdinEnded.then(() => false)]);
      if (!ready) return;
      await registry.load();
      await reportSourceIssues(terminal, registry);
      const count = (await registry.list()).length;
      terminal.stderr.write(`skillset mcp: serving ${count} skills on stdio\n`);
    })().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      terminal.stderr.write(`skillset mcp: ${message}\n`);
    });
    await Promise.race([stdinEnded, options.stopSignal ?? processStopSignal()]);
    await served.close();
    await scanned;
    return 0;
  } finally {
    await registry.close();
  }
}

/** The folders an agent reads skills from, in the project and the user's home, that exist. */
function agentFolders(terminal: Terminal, agent: AgentName): string[] {
  return [
    ...agentSkillFolders(agent, terminal, false).reads,
    ...agentSkillFolders(agent, terminal, true).reads,
  ].filter((folder) => statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true);
}

function processStopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
