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

/** Validates a new skill, checks that the caller may create it in `scope`, and stores it (201 material). */
export async function saveNewSkill(options: SaveNewSkillOptions): Promise<StoredSkill> {
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
  const result = await dependencies.store.skills.create({
    limits: SERVER_PACKAGE_LIMITS,
    ...location,
    skillMd,
    ...(options.files === undefined ? {} : { files: options.files }),
    source: options.source,
    actor: caller.actor,
  });
  if (result.ok) return result.skill;
  if (result.reason === 'invalid') throw invalidSkill(result.issues);
  throw new SkillsetError<ServerErrorCode>({
    code: 'skill_exists',
    message: `A ${scope} skill named ${JSON.stringify(result.name)} already exists; update it with PUT or PATCH /api/skills/${encodeURIComponent(result.name)} or pick another name.`,
  });
}
