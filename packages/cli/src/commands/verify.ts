import {
  closestNames,
  type SkillEntry,
  type SkillSignatureStatus,
  verifySkillSignature,
} from '@skillset/core';
import { readSkillFiles } from '@skillset/core/authoring';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import { plural } from '../output/plural.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runVerify}. */
export interface VerifyCommandOptions {
  /** The skills to check; every skill when empty. */
  names: string[];
  dirs: string[];
  json?: boolean;
}

interface VerifiedSkill {
  entry: SkillEntry;
  status: SkillSignatureStatus;
}

function describeStatus(status: SkillSignatureStatus): string {
  if (status.state === 'signed') return `signed by ${status.signer} (${status.fingerprint})`;
  if (status.state === 'unsigned') return `unsigned (${status.reason})`;
  return `invalid: ${status.reason}`;
}

function printHuman(terminal: Terminal, results: readonly VerifiedSkill[]) {
  for (const { entry, status } of results) {
    const mark = status.state === 'signed' ? '✓' : status.state === 'unsigned' ? '-' : '✗';
    const color =
      status.state === 'signed' ? 'green' : status.state === 'unsigned' ? 'yellow' : 'red';
    printLine(
      terminal,
      paint(terminal, 'stdout', color, `${mark} ${entry.name}  ${describeStatus(status)}`),
    );
  }
  const count = (state: SkillSignatureStatus['state']) =>
    results.filter((result) => result.status.state === state).length;
  printLine(
    terminal,
    `${plural(results.length, 'skill')} checked: ${count('signed')} signed, ${count('unsigned')} unsigned, ${count('invalid')} invalid`,
  );
}

/**
 * `skillset verify [names...]`: checks each skill's `SKILL.sig` against the trusted signers of
 * `skillset.json`; fails on any invalid signature, and on an unsigned skill that was named or required.
 */
export async function runVerify(
  terminal: Terminal,
  options: VerifyCommandOptions,
): Promise<number> {
  const session = await openLocalSession(terminal, options.dirs, { mcpServers: false });
  const { policy, registry } = session;
  try {
    await reportSourceIssues(terminal, registry);
    const entries: SkillEntry[] = [];
    if (options.names.length === 0) entries.push(...(await registry.list()));
    for (const name of options.names) {
      const entry = await registry.get(name);
      if (entry === undefined) {
        const suggestions = closestNames(
          name,
          (await registry.list()).map((skill) => skill.name),
        );
        const hint =
          suggestions.length > 0
            ? ` Did you mean: ${suggestions.join(', ')}?`
            : ' Run `skillset list` to see the available skills.';
        terminal.stderr.write(`skillset: no skill named '${name}'.${hint}\n`);
        return 1;
      }
      entries.push(entry);
    }
    const results: VerifiedSkill[] = [];
    for (const entry of entries) {
      const files = await readSkillFiles(registry, entry);
      const name = entry.manifest?.name ?? entry.name;
      const links = await registry.listLinks(entry);
      results.push({
        entry,
        status: await verifySkillSignature({ name, files, links, trust: policy.trust }),
      });
    }
    if (options.json === true) {
      printJson(terminal, {
        results: results.map(({ entry, status }) => ({
          name: entry.name,
          path: entry.path,
          ...status,
        })),
      });
    } else {
      printHuman(terminal, results);
    }
    // Unsigned fails only where signatures were asked for: by name, or by requireSigned.
    const named = options.names.length > 0 || policy.context.requireSigned === true;
    const failed = results.some(
      ({ status }) => status.state === 'invalid' || (status.state === 'unsigned' && named),
    );
    return failed ? 1 : 0;
  } finally {
    await session.close();
  }
}
