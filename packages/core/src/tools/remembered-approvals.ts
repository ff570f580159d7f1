import type { ApprovalRequest, ApproveFunction } from '../policy/create-policy-gate.ts';
import { readSkillFiles } from '../provenance/read-skill-files.ts';
import {
  buildSkillSigningManifest,
  digestSkillSigningManifest,
} from '../provenance/skill-signing-manifest.ts';
import type { SkillRegistry } from '../registry/create-registry.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';

/** What a remembered approval allows: a skill's use (`use`) or one of its scripts ({@link approvalActionOf}). */
export interface ApprovalKey {
  skill: string;
  action: string;
}

/** Where "always" answers are kept, each with the content digest of the skill it approved. */
export interface RememberedApprovals {
  /** The digest the approval of `key` was given for, or undefined when none is kept. */
  find(key: ApprovalKey): Promise<string | undefined>;
  save(key: ApprovalKey, digest: string): Promise<void>;
  remove(key: ApprovalKey): Promise<void>;
}

/** A person's answer: `true` approves once, `false` declines, `always` approves and remembers. */
export type RememberingApprovalAnswer = boolean | 'always';

/** An approval request, with `changed` set when a remembered approval was revoked by an edit. */
export type RememberingApprovalRequest = ApprovalRequest & { changed?: boolean };

/** Asks a person, who may answer "always". */
export type RememberingApproveFunction = (
  request: RememberingApprovalRequest,
) => RememberingApprovalAnswer | Promise<RememberingApprovalAnswer>;

/** Options for {@link rememberApprovals}. */
export interface RememberApprovalsOptions {
  /** Asks the person when no approval is remembered for the skill's current content. */
  ask: RememberingApproveFunction;
  approvals: RememberedApprovals;
  /** The registry whose skills are approved; their content digests bind the approvals. */
  registry: SkillRegistry;
}

/**
 * The action an approval request is about: `use`, `run:<script path>` for a script, or
 * `run-with-secrets:<NAMES>:<script path>` for a script that gets secrets, so an approval given
 * to a run without secrets never lets it run with them.
 */
export function approvalActionOf(request: ApprovalRequest): string {
  if (request.script === undefined) return 'use';
  const secrets = request.script.secrets ?? [];
  return secrets.length === 0
    ? `run:${request.script.path}`
    : `run-with-secrets:${[...secrets].sort().join(',')}:${request.script.path}`;
}

/** The digest of a skill's content (its signing manifest), which a remembered approval records. */
export async function skillContentDigest(
  registry: Pick<SkillRegistry, 'listFiles' | 'readFile'>,
  entry: SkillEntry,
): Promise<string> {
  const files = await readSkillFiles(registry, entry);
  return digestSkillSigningManifest(
    await buildSkillSigningManifest(entry.manifest?.name ?? entry.name, files),
  );
}

/**
 * Turns an asking function into an {@link ApproveFunction} that consults remembered approvals
 * first: the same content digest approves without asking; another digest removes the approval and
 * asks again with `changed` set; an `always` answer remembers the current digest.
 */
export function rememberApprovals(options: RememberApprovalsOptions): ApproveFunction {
  const { ask, approvals, registry } = options;
  return async (request) => {
    // Without the skill's content nothing can be bound, so the person is asked every time.
    const digest = await digestOrUndefined(registry, request.skill);
    if (digest === undefined) return (await ask(request)) !== false;
    const key = { skill: request.skill, action: approvalActionOf(request) };
    const remembered = await approvals.find(key);
    if (remembered === digest) return true;
    if (remembered !== undefined) await approvals.remove(key);
    const answer = await ask(remembered === undefined ? request : { ...request, changed: true });
    if (answer === 'always') await approvals.save(key, digest);
    return answer !== false;
  };
}

async function digestOrUndefined(
  registry: SkillRegistry,
  skill: string,
): Promise<string | undefined> {
  try {
    const entry = await registry.get(skill);
    return entry === undefined ? undefined : await skillContentDigest(registry, entry);
  } catch {
    return undefined;
  }
}
