import path from 'node:path';
import {
  type AgentApproveFunction,
  type AgentSession,
  createAgent,
  describeApprovalRequest,
  resolveModel,
} from '@skillset/agent';
import type {
  PolicyGate,
  RememberedApprovals,
  SkillRegistry,
  SkillScriptToolsOptions,
} from '@skillset/core';
import {
  createFolderSkillStore,
  createSkillScriptRunner,
  secretsFromEnvironment,
} from '@skillset/core/node';
import type { LanguageModel } from 'ai';
import { approvalsFilePath, createApprovalsFile } from '../chat/approvals-file.ts';
import { CHAT_COMMANDS, completeSkillNames } from '../chat/complete-skill-names.ts';
import { describeScriptRun } from '../chat/describe-script-run.ts';
import { createLineReader, type LineReader } from '../chat/line-reader.ts';
import { describeActivation, printAgentEvent } from '../chat/print-agent-event.ts';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { paint, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runChat}. */
export interface ChatCommandOptions {
  dirs: string[];
  model?: string;
  /** Run this one message non-interactively and print the final answer. */
  print?: string;
}

function resolveModelOrReport(terminal: Terminal, spec: string | undefined) {
  try {
    return resolveModel(spec, terminal.env);
  } catch (error) {
    terminal.stderr.write(`skillset: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** `skillset chat -p MESSAGE`: one turn; the final answer on stdout, everything else on stderr. */
async function printOneTurn(terminal: Terminal, agent: AgentSession, message: string) {
  for await (const event of agent.send(message)) {
    if (event.type === 'activation')
      terminal.stderr.write(`skillset: ${describeActivation(event)}\n`);
    else if (event.type === 'notice') terminal.stderr.write(`skillset: note: ${event.message}\n`);
    else if (event.type === 'error') {
      terminal.stderr.write(`skillset: ${event.message}\n`);
      return 1;
    } else if (event.type === 'finish') {
      terminal.stdout.write(event.text.endsWith('\n') ? event.text : `${event.text}\n`);
    }
  }
  return 0;
}

async function printSkills(terminal: Terminal, gate: PolicyGate) {
  const entries = await gate.list('slash_command');
  if (entries.length === 0) printLine(terminal, 'No skills you can invoke here.');
  for (const entry of entries) {
    const description = entry.description.replace(/\s+/g, ' ');
    printLine(terminal, `/${entry.name}  ${paint(terminal, 'stdout', 'dim', description)}`);
  }
}

interface InteractiveChat {
  terminal: Terminal;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  registry: SkillRegistry;
  gate: PolicyGate;
  createSession: (approve: AgentApproveFunction, approvals?: RememberedApprovals) => AgentSession;
  modelName: string;
}

/** `y` approves once, `a` always (while the skill stays the same), anything else declines. */
function parseApprovalAnswer(answer: string | undefined): boolean | 'always' {
  if (/^\s*a(lways)?\s*$/i.test(answer ?? '')) return 'always';
  return /^\s*y(es)?\s*$/i.test(answer ?? '');
}

/** The person's remembered approvals for this project, or undefined (said on stderr) when the file is malformed. */
async function openApprovals(terminal: Terminal): Promise<RememberedApprovals | undefined> {
  const approvals = createApprovalsFile({
    file: approvalsFilePath(terminal),
    project: terminal.cwd,
  });
  try {
    await approvals.check();
    return approvals;
  } catch (error) {
    terminal.stderr.write(
      `skillset: ${(error as Error).message} Until then, an "a" answer approves once.\n`,
    );
    return undefined;
  }
}

/**
 * The interactive chat: streaming answers, Tab completion of `/` names, `/skills`; Ctrl-C cancels
 * the running turn, and at the prompt (or a second time) quits.
 */
async function chatInteractively(chat: InteractiveChat) {
  const { terminal, gate } = chat;
  let invocable = (await gate.list('slash_command')).map((entry) => entry.name);
  const reader: LineReader = createLineReader({
    input: chat.stdin,
    output: terminal.stdout,
    completer: (line) => completeSkillNames(line, invocable),
  });
  let turn: AbortController | undefined;
  const interrupt = () => {
    if (turn !== undefined && !turn.signal.aborted) turn.abort();
    else reader.close();
  };
  reader.readline.on('SIGINT', interrupt);
  process.on('SIGINT', interrupt);
  const approvals = await openApprovals(terminal);
  const agent = chat.createSession(async (request) => {
    // Tools other than skills are not remembered, so they are asked without the `a` choice.
    const choices = request.kind === 'skill' ? '[y/N/a]' : '[y/N]';
    const answer = parseApprovalAnswer(
      await reader.ask(`${describeApprovalRequest(request)} ${choices} `),
    );
    return request.kind === 'skill' ? answer : answer !== false;
  }, approvals);
  printLine(
    terminal,
    paint(
      terminal,
      'stdout',
      'dim',
      `Skillset chat with ${chat.modelName}. /skills lists the skills, Tab completes /names, Ctrl-C cancels a turn, Ctrl-D quits.`,
    ),
  );
  try {
    for (;;) {
      const line = await reader.next('› ');
      if (line === undefined) break;
      const message = line.trim();
      if (message === '') continue;
      if (
        CHAT_COMMANDS.includes(message.slice(1) as (typeof CHAT_COMMANDS)[number]) &&
        message.startsWith('/')
      ) {
        await printSkills(terminal, gate);
        continue;
      }
      turn = new AbortController();
      const state = { midLine: false };
      for await (const event of agent.send(message, { signal: turn.signal })) {
        printAgentEvent(terminal, event, state);
      }
      turn = undefined;
      invocable = (await gate.list('slash_command')).map((entry) => entry.name);
    }
  } finally {
    process.off('SIGINT', interrupt);
    reader.close();
  }
  return 0;
}

/** `skillset chat`: talk to a model that uses the local skills, under the local policy. */
export async function runChat(terminal: Terminal, options: ChatCommandOptions): Promise<number> {
  const modelName = options.model ?? terminal.env.SKILLSET_MODEL;
  const model = resolveModelOrReport(terminal, modelName);
  if (model === undefined) return 1;
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry } = session;
  // Scripts run in bubblewrap only (`skillset run --dangerously-run-unsandboxed` is for people);
  // each gets the variables its skill declares in requires.env, from this environment.
  const runner = createSkillScriptRunner(
    terminal.env.SKILLSET_BWRAP === undefined ? {} : { bwrap: terminal.env.SKILLSET_BWRAP },
  );
  const scripts: SkillScriptToolsOptions = {
    runner,
    secretsFor: secretsFromEnvironment(terminal.env),
    onRun: (record) => terminal.stderr.write(`skillset: ${describeScriptRun(record)}\n`),
  };
  try {
    if (await reportSourceIssues(terminal, registry)) return 1;
    const gate = session.gate;
    const store = createFolderSkillStore({ root: path.join(terminal.cwd, '.claude', 'skills') });
    const modelFor = (id: string): LanguageModel | undefined => {
      if (!id.includes(':')) return undefined;
      try {
        return resolveModel(id, terminal.env);
      } catch {
        return undefined;
      }
    };
    const createSession = (approve?: AgentApproveFunction, approvals?: RememberedApprovals) =>
      createAgent({
        model,
        modelFor,
        registry,
        policy: policy.context,
        store,
        scripts,
        ...(approve === undefined ? {} : { approve }),
        ...(approvals === undefined ? {} : { approvals }),
      });
    if (options.print !== undefined)
      return await printOneTurn(terminal, createSession(), options.print);
    return await chatInteractively({
      terminal,
      stdin: terminal.stdin ?? process.stdin,
      registry,
      gate,
      createSession,
      modelName: modelName ?? '',
    });
  } finally {
    await runner.dispose();
    await session.close();
  }
}
