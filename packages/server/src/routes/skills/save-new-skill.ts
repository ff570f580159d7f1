import { parseSkill, SkillsetError } from '@skillset/core';
import type {
  CreateSkillOptions,
  SkillFileInput,
  StoredSkill,
  StoreSkillIssue,
} from '@skillset/store';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { SERVER_PACKAGE_LIMITS } from '../../package-worker/server-package-limits.ts';
import { authorizeSkillWrite } from './authorize-skill-write.ts';
import { reviewWriteMode } from './review-write-mode.ts';
import type { SkillCaller } from './skill-caller.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';

/** The scopes a skill can be created in through the API. */
export const CREATABLE_SCOPES = ['workspace', 'personal', 'public'] as const;

/** A scope a skill can be created in through the API. */
export type CreatableScope = (typeof CREATABLE_SCOPES)[number];

/** Options for {@link saveNewSkill}. */
export interface SaveNewSkillOptions {
  dependencies: SkillRouteDependencies;
  caller: SkillCaller;
  scope: CreatableScope;
  skillMd: string;
  files?: readonly SkillFileInput[];
  /** The package's folder: the name must match it (a warning in the default profile). */
  folderName?: string | undefined;
  source: string;
}

/** The refusal of an invalid `SKILL.md`: 400 `invalid_skill` with every issue. */
export function invalidSkill(
  issues: readonly StoreSkillIssue[],
  what = 'SKILL.md',
): SkillsetError<ServerErrorCode> {
  const errors = issues.filter((issue) => issue.severity === 'error');
  const summary = errors.map((issue) => issue.message).join('; ');
  return new SkillsetError<ServerErrorCode>({
    code: 'invalid_skill',
    message: `${what} is invalid and nothing was saved: ${summary || 'see issues'}.`,
    details: { issues },
  });
}

/** A new skill as saved: published, or (review required) proposed and served nowhere yet. */
export interface SavedSkill {
  skill: StoredSkill;
  proposal?: { version: number; hash: string };
}

/**
 * Validates a new skill, checks that the caller may create it in `scope`, and stores it (201
 * material) — as a proposal where review is required; proposing a name that is still only a
 * proposal adds a revision to it.
 */
export async function saveNewSkill(options: SaveNewSkillOptions): Promise<SavedSkill> {
  const { dependencies, caller, scope, skillMd } = options;
  const parsed = parseSkill(skillMd, {
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
  });
  if (!parsed.valid || parsed.manifest === undefined) throw invalidSkill(parsed.issues);
  const name = parsed.manifest.name;
  await authorizeSkillWrite({
    store: dependencies.store,
    caller,
    action: 'create',
    name,
    scope,
    manifest: parsed.manifest,
    ...(scope === 'personal' && caller.access.userId !== undefined
      ? { ownerUserId: caller.access.userId }
      : {}),
  });
  const { workspaceId } = caller.principal;
  const owner = caller.access.userId;
  if (scope === 'personal' && owner === undefined) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'forbidden',
      message:
        'Personal skills belong to a user; this agent acts for no user (or does not include personal skills).',
    });
  }
  const location: Pick<CreateSkillOptions, 'scope' | 'workspaceId' | 'ownerUserId'> =
    scope === 'public'
      ? { scope }
      : scope === 'workspace'
        ? { scope, workspaceId }
        : { scope, workspaceId, ownerUserId: owner as string };
  const { store } = dependencies;
  const { propose } = await reviewWriteMode(store, caller, scope, 'content');
  const result = await store.skills.create({
    limits: SERVER_PACKAGE_LIMITS,
    ...location,
    skillMd,
    ...(options.files === undefined ? {} : { files: options.files }),
    source: options.source,
    actor: caller.actor,
    propose,
  });
  if (result.ok) {
    const { skill } = result;
    return propose ? { skill, proposal: { version: 1, hash: skill.hash } } : { skill };
  }
  if (result.reason === 'invalid') throw invalidSkill(result.issues);
  if (propose) {
    const unpublished = await store.skills.getForReview({ ...caller.access, name, scope });
    if (unpublished !== undefined && unpublished.currentVersion === 0) {
      const written = await store.skills.update({
        limits: SERVER_PACKAGE_LIMITS,
        ...caller.access,
        id: unpublished.id,
        expectedVersion: 0,
        skillMd,
        files: options.files ?? [],
        actor: caller.actor,
        propose: true,
      });
      if (written.ok) return { skill: written.skill, proposal: written };
      if (written.reason === 'invalid') throw invalidSkill(written.issues);
    }
  }
  throw new SkillsetError<ServerErrorCode>({
    code: 'skill_exists',
    message: `A ${scope} skill named ${JSON.stringify(result.name)} already exists; update it with PUT or PATCH /api/skills/${encodeURIComponent(result.name)} or pick another name.`,
  });
}
