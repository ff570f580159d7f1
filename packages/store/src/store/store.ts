import type { ChangeFeed } from '../changes/change-feed.ts';
import type { StoreDatabase } from '../database/store-database.ts';
import type { MigrateOptions, MigrateResult } from '../migrate/migrate.ts';
import type { AgentsRepository } from '../repositories/agents-repository.ts';
import type { ApprovalsRepository } from '../repositories/approvals-repository.ts';
import type { AuditRepository } from '../repositories/audit-repository.ts';
import type { ChatsRepository } from '../repositories/chats-repository.ts';
import type { IdentitiesRepository } from '../repositories/identities-repository.ts';
import type { InvitationsRepository } from '../repositories/invitations-repository.ts';
import type { MembersRepository } from '../repositories/members-repository.ts';
import type { PermissionsRepository } from '../repositories/permissions-repository.ts';
import type { SessionsRepository } from '../repositories/sessions-repository.ts';
import type { SignInCodesRepository } from '../repositories/sign-in-codes-repository.ts';
import type { TokensRepository } from '../repositories/tokens-repository.ts';
import type { TriggerEvalsRepository } from '../repositories/trigger-evals-repository.ts';
import type { UsageRepository } from '../repositories/usage-repository.ts';
import type { UsersRepository } from '../repositories/users-repository.ts';
import type { WorkspacesRepository } from '../repositories/workspaces-repository.ts';
import type { SecretsRepository } from '../secrets/secrets-repository.ts';
import type { SkillsRepository } from '../skills/skills-repository.ts';

/** The repositories of a store, bound to the database or to one transaction. */
export interface StoreRepositories {
  /** The Drizzle database (or transaction) the repositories run on, for queries of your own. */
  readonly database: StoreDatabase;
  readonly users: UsersRepository;
  readonly identities: IdentitiesRepository;
  readonly workspaces: WorkspacesRepository;
  readonly members: MembersRepository;
  readonly agents: AgentsRepository;
  readonly tokens: TokensRepository;
  readonly sessions: SessionsRepository;
  readonly signInCodes: SignInCodesRepository;
  readonly invitations: InvitationsRepository;
  readonly skills: SkillsRepository;
  readonly permissions: PermissionsRepository;
  readonly usage: UsageRepository;
  readonly audit: AuditRepository;
  readonly chats: ChatsRepository;
  readonly triggerEvals: TriggerEvalsRepository;
  /** Secrets for skill scripts; values are set and read only when the store has a key. */
  readonly secrets: SecretsRepository;
  /** Approvals answered "always", bound to the content digest they approved. */
  readonly approvals: ApprovalsRepository;
}

/** The repositories inside {@link Store.transaction}: every call joins the one transaction. */
export type StoreTransaction = StoreRepositories;

/** Which database a store runs on. */
export type StoreKind = 'pglite' | 'postgres';

/** Skillset's storage: repositories, migrations, transactions and the change feed. */
export interface Store extends StoreRepositories {
  readonly kind: StoreKind;
  readonly changes: ChangeFeed;
  /** Applies pending migrations, or those up to `until` (safe when several instances start at once). */
  migrate(options?: Pick<MigrateOptions, 'until'>): Promise<MigrateResult>;
  /** Runs `work` in one transaction: when it throws, nothing it wrote is kept. */
  transaction<Result>(work: (transaction: StoreTransaction) => Promise<Result>): Promise<Result>;
  /** Stops the change feed and closes the database connections. */
  close(): Promise<void>;
}
