import type { StoreDatabase } from '../database/store-database.ts';
import { createAgentsRepository } from '../repositories/agents-repository.ts';
import { createApprovalsRepository } from '../repositories/approvals-repository.ts';
import { createAuditRepository } from '../repositories/audit-repository.ts';
import { createChatsRepository } from '../repositories/chats-repository.ts';
import { createIdentitiesRepository } from '../repositories/identities-repository.ts';
import { createInvitationsRepository } from '../repositories/invitations-repository.ts';
import { createMembersRepository } from '../repositories/members-repository.ts';
import { createPermissionsRepository } from '../repositories/permissions-repository.ts';
import { createSessionsRepository } from '../repositories/sessions-repository.ts';
import { createSignInCodesRepository } from '../repositories/sign-in-codes-repository.ts';
import { createTokensRepository } from '../repositories/tokens-repository.ts';
import { createTriggerEvalsRepository } from '../repositories/trigger-evals-repository.ts';
import { createUsageRepository } from '../repositories/usage-repository.ts';
import { createUsersRepository } from '../repositories/users-repository.ts';
import { createWorkspacesRepository } from '../repositories/workspaces-repository.ts';
import type { SecretKey } from '../secrets/secret-key.ts';
import { createSecretsRepository } from '../secrets/secrets-repository.ts';
import { createSkillsRepository } from '../skills/skills-repository.ts';
import type { StoreRepositories } from './store.ts';

/** Options for {@link createStoreRepositories}. */
export interface StoreRepositoriesOptions {
  /** The key secret values are encrypted with; absent: secrets can be listed, not set or read. */
  secretKey?: SecretKey;
}

/** Binds every repository to one database or transaction. */
export function createStoreRepositories(
  database: StoreDatabase,
  options: StoreRepositoriesOptions = {},
): StoreRepositories {
  const session = { database };
  return {
    database,
    users: createUsersRepository(session),
    identities: createIdentitiesRepository(session),
    workspaces: createWorkspacesRepository(session),
    members: createMembersRepository(session),
    agents: createAgentsRepository(session),
    tokens: createTokensRepository(session),
    sessions: createSessionsRepository(session),
    signInCodes: createSignInCodesRepository(session),
    invitations: createInvitationsRepository(session),
    skills: createSkillsRepository(session),
    permissions: createPermissionsRepository(session),
    usage: createUsageRepository(session),
    audit: createAuditRepository(session),
    chats: createChatsRepository(session),
    triggerEvals: createTriggerEvalsRepository(session),
    secrets: createSecretsRepository(session, options.secretKey),
    approvals: createApprovalsRepository(session),
  };
}
