import { randomUUID } from 'node:crypto';
import {
  type Activation,
  closestNames,
  createActivationSession,
  describeInvocation,
  invokeMessage,
} from '@skillset/core';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runInvoke}. */
export interface InvokeCommandOptions {
  message: string;
  dirs: string[];
  json?: boolean;
}

/** One activation as the command prints it. */
interface InvokedSkill {
  name: string;
  context: Activation['kind'];
  content: string;
  requiresApproval: boolean;
}

function printHeading(terminal: Terminal, title: string) {
  printLine(terminal, paint(terminal, 'stdout', 'bold', `──── ${title} ────`));
}

function printHuman(terminal: Terminal, invoked: readonly InvokedSkill[], message: string) {
  for (const skill of invoked) {
    const approval = skill.requiresApproval ? ', needs approval' : '';
    printHeading(terminal, `${skill.name} (${skill.context}${approval})`);
    printLine(terminal, skill.content.trimEnd());
    printLine(terminal);
  }
  printHeading(terminal, 'message');
  printLine(terminal, message === '' ? paint(terminal, 'stdout', 'dim', '(empty)') : message);
}

/** `skillset invoke MESSAGE`: what a user message's leading `/name`s activate, and the text left for the model. */
export async function runInvoke(terminal: Terminal, options: InvokeCommandOptions) {
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry } = session;
  try {
    const failed = await reportSourceIssues(terminal, registry);
    const gate = session.gate;
    const result = await invokeMessage({
      message: options.message,
      registry,
      gate,
      entryPoint: 'slash_command',
      session: createActivationSession({ id: randomUUID() }),
    });
    if (!result.success) {
      const hint =
        result.error.code === 'invalid_skill' ? ` Run: skillset validate ${result.entry.path}` : '';
      terminal.stderr.write(`skillset: ${result.error.message}${hint}\n`);
      return 1;
    }
    const [refused] = result.refused;
    if (refused !== undefined) {
      const reason = refused.decision.reasons.at(-1)?.message ?? 'refused by policy.';
      const from = policy.files.length > 0 ? `\nPolicy read from: ${policy.files.join(', ')}` : '';
      terminal.stderr.write(
        `skillset: not allowed: ${describeInvocation(refused.invocation)} — ${reason}${from}\n`,
      );
      return 1;
    }
    const invoked: InvokedSkill[] = result.activations.map(({ activation, requiresApproval }) => ({
      name: activation.name,
      context: activation.kind,
      content: activation.kind === 'inline' ? activation.content : activation.task,
      requiresApproval,
    }));
    if (options.json) {
      printJson(terminal, {
        activations: invoked.map(({ requiresApproval, ...rest }) =>
          requiresApproval ? { ...rest, requiresApproval } : rest,
        ),
        message: result.text,
        unknown: result.unknown.map(describeInvocation),
      });
    } else {
      const invocable =
        result.unknown.length === 0
          ? []
          : (await gate.list('slash_command')).map((entry) => entry.name);
      for (const invocation of result.unknown) {
        const suggestions = closestNames(invocation.name, invocable);
        const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
        terminal.stderr.write(
          `skillset: note: ${describeInvocation(invocation)} is not a known skill; the message is passed on as is.${hint}\n`,
        );
      }
      printHuman(terminal, invoked, result.text);
    }
    return failed ? 1 : 0;
  } finally {
    await session.close();
  }
}
