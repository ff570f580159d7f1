import type { SkillIssue } from '@skillset/core';
import { printCandidateIssues, toJsonIssue } from '../install/print-candidate.ts';
import type { SkillCandidate } from '../install/skill-candidate.ts';
import { plural } from '../output/plural.ts';
import { paint, printJson, printLine, type Terminal } from '../output/terminal.ts';
import { createWaitingProposalReader } from '../push/create-waiting-proposal-reader.ts';
import { findPushSkills } from '../push/find-push-skills.ts';
import { packagePushSkill } from '../push/package-push-skill.ts';
import { type PushOutcome, pushSkill } from '../push/push-skill.ts';
import { createServerApi } from '../server-api/create-server-api.ts';
import { resolveServerAccess } from '../server-api/resolve-server-access.ts';

/** Options for {@link runPush}. */
export interface PushCommandOptions {
  /** Skill folders and names of project skills; none = every project skill. */
  targets: string[];
  dirs: string[];
  server?: string;
  token?: string;
  /** The change note of each new version. */
  note?: string;
  json?: boolean;
}

/** The longest change note the server keeps. */
const MAX_NOTE_LENGTH = 500;

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

function describeOutcome(outcome: PushOutcome): string {
  switch (outcome.status) {
    case 'published':
      return `published ${outcome.name} v${outcome.version}`;
    case 'unchanged':
      return `unchanged ${outcome.name} v${outcome.version}`;
    case 'failed':
      return `failed ${outcome.name}: ${outcome.error.message}`;
    case 'proposed': {
      const waiting = outcome.already ? 'already waiting for review; ' : '';
      const served =
        outcome.published === 0 ? 'a new skill, served nowhere' : `serving v${outcome.published}`;
      return `proposed ${outcome.name} v${outcome.version} (${waiting}${served} until a reviewer publishes it)`;
    }
  }
}

function refuse(
  terminal: Terminal,
  options: PushCommandOptions,
  refused: { candidate: SkillCandidate; issues: SkillIssue[] }[],
): number {
  if (options.json) {
    printJson(terminal, {
      pushed: false,
      skills: refused.map(({ candidate, issues }) => ({
        name: candidate.name,
        source: candidate.source,
        status: 'invalid',
        issues: issues.map(toJsonIssue),
      })),
    });
  } else {
    for (const { candidate, issues } of refused) {
      printLine(
        terminal,
        `${paint(terminal, 'stdout', 'red', '✗')} ${candidate.name}  ${candidate.source}`,
      );
      printCandidateIssues(terminal, { ...candidate, issues });
    }
  }
  const names = refused.map(({ candidate }) => candidate.name).join(', ');
  return fail(
    terminal,
    `nothing was pushed: ${names} ${refused.length === 1 ? 'is' : 'are'} not valid; run: skillset validate ${refused.map(({ candidate }) => candidate.source).join(' ')}`,
  );
}

/**
 * `skillset push [NAME|PATH...]`: uploads local skill folders (kept in git) to the server's
 * workspace as new skills or new versions; where the workspace requires review each becomes a
 * proposal a reviewer publishes. Validates every skill first and sends nothing if one is invalid.
 */
export async function runPush(terminal: Terminal, options: PushCommandOptions): Promise<number> {
  if (options.note !== undefined && options.note.length > MAX_NOTE_LENGTH) {
    return fail(
      terminal,
      `--note is ${options.note.length} characters; the server keeps at most ${MAX_NOTE_LENGTH}.`,
    );
  }
  const access = resolveServerAccess(terminal, options);
  if (typeof access === 'string') return fail(terminal, access);
  const found = await findPushSkills(terminal, { targets: options.targets, dirs: options.dirs });
  if (!found.ok) return fail(terminal, found.message);
  for (const name of found.skipped) {
    terminal.stderr.write(
      `skillset: note: left out ${name}: skillset sync or add installed it (name it to push it anyway).\n`,
    );
  }
  const packages = found.candidates.map((candidate) => ({
    candidate,
    packed: candidate.valid ? packagePushSkill(candidate) : { issues: candidate.issues },
  }));
  const refused = packages.flatMap(({ candidate, packed }) =>
    'zip' in packed ? [] : [{ candidate, issues: packed.issues }],
  );
  if (refused.length > 0) return refuse(terminal, options, refused);

  const api = createServerApi(access);
  const readProposals = createWaitingProposalReader(api);
  const results: { outcome: PushOutcome; candidate: SkillCandidate }[] = [];
  for (const { candidate, packed } of packages) {
    if (!('zip' in packed)) continue;
    const outcome = await pushSkill({
      api,
      name: candidate.name,
      zip: packed.zip,
      digest: packed.digest,
      note: options.note,
      proposals: readProposals,
    });
    results.push({ outcome, candidate });
    if (!options.json) {
      printLine(terminal, describeOutcome(outcome));
      printCandidateIssues(terminal, candidate);
    }
  }
  const failed = results.filter(({ outcome }) => outcome.status === 'failed');
  if (options.json) {
    printJson(terminal, {
      server: api.server,
      pushed: true,
      skipped: found.skipped,
      skills: results.map(({ outcome, candidate }) => ({
        ...outcome,
        source: candidate.source,
        issues: candidate.issues.map(toJsonIssue),
      })),
    });
  }
  if (failed.length === 0) return 0;
  return fail(
    terminal,
    `${failed.length} of ${plural(results.length, 'skill')} could not be pushed.`,
  );
}
