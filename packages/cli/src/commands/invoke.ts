import { randomUUID } from 'node:crypto';
import {
  type Activation,
  activate,
  createActivationSession,
  createPolicyGate,
  type Invocation,
  loadActivatableSkill,
  parseInvocation,
  type SkillEntry,
} from '@skillset/core';
import { openLocalPolicy } from '../open-local-policy.ts';
import { openLocalRegistry, reportSourceIssues } from '../open-local-registry.ts';
import { closestNames } from '../output/closest-names.ts';
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

/** Why the message cannot be invoked: printed after `skillset: `, exit 1. */
class InvokeFailure extends Error {}

function describeInvocation(invocation: Invocation): string {
  return `${invocation.prefix}${invocation.typed}`;
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
  const policy = await openLocalPolicy(terminal);
  const registry = await openLocalRegistry(terminal, options.dirs);
  try {
    const failed = await reportSourceIssues(terminal, registry);
    const gate = createPolicyGate({ registry, policy: policy.context });
    const byName = new Map<string, SkillEntry>();
    for (const entry of await registry.list()) byName.set(entry.name.toLowerCase(), entry);
    const parsed = parseInvocation({
      message: options.message,
      isKnown: (name) => byName.has(name),
    });

    const invocableNames = async () =>
      (await gate.list('slash_command')).map((entry) => entry.name);

    const session = createActivationSession({ id: randomUUID() });
    const getSkill = async (name: string) => {
      const entry = byName.get(name.toLowerCase());
      if (entry === undefined) return undefined;
      if (!(await gate.decide(entry, 'read_skill_file')).allowed) {
        return undefined;
      }
      return loadActivatableSkill({ registry, entry });
    };

    const invoked: InvokedSkill[] = [];
    try {
      for (const invocation of parsed.invocations) {
        const typed = describeInvocation(invocation);
        const entry = byName.get(invocation.name) as SkillEntry;
        const decision = await gate.decide(entry, 'slash_command');
        if (!decision.allowed) {
          const reason = decision.reasons.at(-1)?.message ?? 'refused by policy.';
          const from =
            policy.files.length > 0 ? `\nPolicy read from: ${policy.files.join(', ')}` : '';
          throw new InvokeFailure(`not allowed: ${typed} — ${reason}${from}`);
        }
        const skill = await loadActivatableSkill({ registry, entry });
        if (skill === undefined) {
          throw new InvokeFailure(
            `cannot invoke ${typed}: the skill has validation errors. Run: skillset validate ${entry.path}`,
          );
        }
        const result = await activate({
          skill,
          arguments: parsed.argumentString,
          session,
          getSkill,
          prefix: invocation.prefix,
        });
        if (!result.success) throw new InvokeFailure(`${typed}: ${result.error.message}`);
        const { activation } = result;
        invoked.push({
          name: activation.name,
          context: activation.kind,
          content: activation.kind === 'inline' ? activation.content : activation.task,
          requiresApproval: decision.requiresApproval,
        });
      }
    } catch (error) {
      if (!(error instanceof InvokeFailure)) throw error;
      terminal.stderr.write(`skillset: ${error.message}\n`);
      return 1;
    }

    const unknown = parsed.unknown.map(describeInvocation);
    if (options.json) {
      printJson(terminal, {
        activations: invoked.map(({ requiresApproval, ...rest }) =>
          requiresApproval ? { ...rest, requiresApproval } : rest,
        ),
        message: parsed.text,
        unknown,
      });
    } else {
      for (const invocation of parsed.unknown) {
        const suggestions = closestNames(invocation.name, await invocableNames());
        const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
        terminal.stderr.write(
          `skillset: note: ${describeInvocation(invocation)} is not a known skill; the message is passed on as is.${hint}\n`,
        );
      }
      printHuman(terminal, invoked, parsed.text);
    }
    return failed ? 1 : 0;
  } finally {
    await registry.close();
  }
}
