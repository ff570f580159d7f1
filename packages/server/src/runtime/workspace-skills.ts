import {
  createRegistry,
  type SkillEntry,
  type SkillRegistry,
  type SkillSignatureStatus,
  type SkillSource,
  verifyEntrySignature,
} from '@skillset/core';
import { readSkillContent, scanContentRisks } from '@skillset/core/authoring';
import {
  type SkillAccess,
  STORED_SKILL_SCOPES,
  type Store,
  type StoredSkill,
  type WorkspaceMcpServer,
} from '@skillset/store';
import type { Logger } from 'pino';
import { loggableError } from '../http/loggable-error.ts';
import { createGuardedFetch } from '../outbound/guarded-fetch.ts';
import { type McpSourcePolicy, NO_MCP_SOURCES } from '../outbound/mcp-source-policy.ts';
import { createStoreSkillSource, type StoreSkillSource } from './create-store-skill-source.ts';
import type { SkillTextCache } from './skill-text-cache.ts';
import { storedSkillSignature } from './stored-skill-signature.ts';
import type { WorkspaceTrust } from './workspace-trust.ts';

/** At most this many scan results are kept per registry (the oldest go first). */
const MAXIMUM_SCANS = 10_000;
/** How many skills are read at once for a scan. */
const SCANS_AT_ONCE = 16;
/** A registry's own memory before its skills, and per character of a listed skill (measured: decision 0151). */
const REGISTRY_BYTES = 16 * 1024;
const BYTES_PER_LISTED_CHARACTER = 4;

/** The estimated memory of a registry holding `skills`. */
function estimateBytes(skills: readonly StoredSkill[]): number {
  let characters = 0;
  for (const skill of skills) characters += JSON.stringify(skill).length;
  return REGISTRY_BYTES + characters * BYTES_PER_LISTED_CHARACTER;
}

/** The registry of one workspace (and one user's personal skills), with caches tied to its version. */
export interface WorkspaceSkills {
  /** Equal for registries holding the same skills: workspace, user and revision pins. */
  readonly key: string;
  readonly workspaceId: string;
  readonly userId: string | undefined;
  readonly registry: SkillRegistry;
  /** Increases after every refresh; derived data of an older version is never served. */
  readonly version: number;
  /** Roughly how many bytes of memory the registry and its derived data hold. */
  readonly estimatedBytes: number;
  /** The stored skill behind a registry entry. */
  storedSkill(entry: SkillEntry): StoredSkill | undefined;
  /**
   * The content-risk codes the doctor found in an entry's stored version, once
   * {@link WorkspaceSkills.scanContentRisks} has scanned it; undefined before (or when unreadable).
   */
  contentRisksOf(entry: SkillEntry): readonly string[] | undefined;
  /** Scans the entries not scanned yet; results are kept per content hash of the stored version. */
  scanContentRisks(entries: readonly SkillEntry[]): Promise<void>;
  /**
   * The signature status of an entry against `trust`: a stored skill's version is checked once
   * per version and trust, an MCP server's skill through the registry; never throws.
   */
  signatureOf(entry: SkillEntry, trust: WorkspaceTrust): Promise<SkillSignatureStatus>;
  /** Verifies the entries' signatures ahead of the gate, 16 at a time. */
  checkSignatures(entries: readonly SkillEntry[], trust: WorkspaceTrust): Promise<void>;
  /** Builds (once per version) or returns derived data under `key`. */
  derived<Value>(key: string, build: () => Value): Value;
  /** Reloads the skills from the store; concurrent calls share one reload. */
  refresh(): Promise<void>;
  /** Resolves when no reload is running (at once when none is). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Options for {@link createWorkspaceSkills}. */
export interface CreateWorkspaceSkillsOptions {
  store: Store;
  workspaceId: string;
  userId?: string;
  texts?: SkillTextCache;
  logger: Logger;
  /** Which MCP servers the workspace's settings may name; default none. */
  mcpSourcePolicy?: McpSourcePolicy;
  /** An agent's pinned revisions (lower-case name → version), held instead of the published ones. */
  revisionPins?: Readonly<Record<string, number>>;
  /** The pins may name proposals: a person trying one before it is published. */
  includeProposals?: boolean;
}

const PAGE_SIZE = 10_000;

/**
 * Every stored skill a workspace (and user) can see, disabled ones too: the registry ranks them,
 * and the gate refuses a disabled winner, so a disabled skill blocks its name, not unshadows it.
 */
async function listVisibleSkills(
  store: Store,
  access: SkillAccess,
  revisionPins: Readonly<Record<string, number>>,
  includeProposals: boolean,
): Promise<StoredSkill[]> {
  const all: StoredSkill[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.skills.list({
      ...access,
      limit: PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  if (Object.keys(revisionPins).length === 0) return all;
  return Promise.all(
    all.map((skill) => pinnedRevision(store, access, skill, revisionPins, includeProposals)),
  );
}

/** The key of the registry of a workspace, a user's personal skills and an agent's revision pins. */
export function workspaceSkillsKey(
  workspaceId: string,
  userId: string | undefined,
  revisionPins: Readonly<Record<string, number>>,
  includeProposals = false,
): string {
  const pins = Object.entries(revisionPins).sort(([left], [right]) => (left < right ? -1 : 1));
  const pinned =
    pins.length === 0 ? '' : `${JSON.stringify(pins)}${includeProposals ? '|try' : ''}`;
  return `${workspaceId}|${userId ?? ''}|${pinned}`;
}

/** A workspace skill at the revision an agent pinned (when it still exists), else as published. */
export async function pinnedRevision(
  store: Store,
  access: SkillAccess,
  skill: StoredSkill,
  revisionPins: Readonly<Record<string, number>>,
  includeProposals = false,
): Promise<StoredSkill> {
  const pinned = revisionPins[skill.name.toLowerCase()];
  if (skill.scope !== 'workspace' || pinned === undefined || pinned === skill.currentVersion) {
    return skill;
  }
  const version = await store.skills.getVersion({
    ...access,
    id: skill.id,
    version: pinned,
    publishedOnly: !includeProposals,
  });
  if (version === undefined) return skill;
  return {
    ...skill,
    currentVersion: version.number,
    hash: version.hash,
    description: version.description,
    tags: version.tags,
    category: version.category,
    manifest: version.manifest,
  };
}

/** Creates the store-backed registry of a workspace: one source per stored scope, loaded with one listing. */
export async function createWorkspaceSkills(
  options: CreateWorkspaceSkillsOptions,
): Promise<WorkspaceSkills> {
  const { store, workspaceId, userId, texts, logger } = options;
  const mcpSourcePolicy = options.mcpSourcePolicy ?? NO_MCP_SOURCES;
  const access = { workspaceId, ...(userId === undefined ? {} : { userId }) };
  const pins = options.revisionPins ?? {};
  const includeProposals = options.includeProposals === true;
  let current = listVisibleSkills(store, access, pins, includeProposals);
  const sources: StoreSkillSource[] = STORED_SKILL_SCOPES.filter(
    (scope) => scope !== 'personal' || userId !== undefined,
  ).map((scope) =>
    createStoreSkillSource({
      store,
      workspaceId,
      ...(userId === undefined ? {} : { userId }),
      scope,
      list: () => current,
      ...(texts === undefined ? {} : { texts }),
    }),
  );
  // Awaited together, so a failed listing is never left unobserved when the workspace read fails.
  const [workspace, listed] = await Promise.all([store.workspaces.get(workspaceId), current]);
  let estimatedBytes = estimateBytes(listed);
  const registry = createRegistry({
    sources: [
      ...sources,
      ...(await createWorkspaceMcpSources(workspace?.settings.mcpServers, mcpSourcePolicy)),
    ],
  });
  await registry.load();
  const sourceById = new Map(sources.map((source) => [source.id, source]));
  let version = 1;
  let derived = new Map<string, unknown>();
  let refreshing: Promise<void> | undefined;
  // Versions are immutable and content-addressed, so a scan per hash stays true across reloads.
  const risks = new Map<string, readonly string[]>();
  const scanning = new Map<string, Promise<void>>();
  const contentHash = (entry: SkillEntry) =>
    sourceById.get(entry.sourceId)?.storedSkill(entry.path)?.hash;
  const scan = (entry: SkillEntry, hash: string): Promise<void> => {
    let pending = scanning.get(hash);
    if (pending === undefined) {
      pending = readSkillContent(registry, entry)
        .then((content) => {
          const codes = scanContentRisks({ skill: entry.name, files: content.files }).map(
            (finding) => finding.code,
          );
          if (risks.size >= MAXIMUM_SCANS) {
            const oldest = risks.keys().next().value;
            if (oldest !== undefined) risks.delete(oldest);
          }
          risks.set(hash, codes);
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, workspaceId, skill: entry.name }, 'content-risk scan failed');
        })
        .finally(() => scanning.delete(hash));
      scanning.set(hash, pending);
    }
    return pending;
  };
  let again = false;
  const signatureOf = async (
    entry: SkillEntry,
    trust: WorkspaceTrust,
  ): Promise<SkillSignatureStatus> => {
    const skill = sourceById.get(entry.sourceId)?.storedSkill(entry.path);
    // Skills of the workspace's MCP servers are read through the registry.
    if (skill === undefined) return verifyEntrySignature(registry, entry, trust.signers);
    try {
      return await storedSkillSignature({ store, access, skill, trust });
    } catch (error) {
      logger.warn(
        { err: loggableError(error), workspaceId, skill: entry.name },
        'signature check failed',
      );
      return {
        state: 'invalid',
        code: 'file_missing',
        reason: `The files of "${entry.name}" could not be read to check its signature; try again.`,
        digest: '',
      };
    }
  };

  const reload = async () => {
    do {
      again = false;
      current = listVisibleSkills(store, access, pins, includeProposals);
      estimatedBytes = estimateBytes(await current);
      await registry.refresh();
      version += 1;
      derived = new Map();
    } while (again);
  };

  return {
    key: workspaceSkillsKey(workspaceId, userId, pins, includeProposals),
    workspaceId,
    userId,
    registry,
    get version() {
      return version;
    },
    get estimatedBytes() {
      return estimatedBytes;
    },
    storedSkill: (entry) => sourceById.get(entry.sourceId)?.storedSkill(entry.path),
    contentRisksOf(entry) {
      const hash = contentHash(entry);
      return hash === undefined ? undefined : risks.get(hash);
    },
    async scanContentRisks(entries) {
      const missing: [SkillEntry, string][] = [];
      for (const entry of entries) {
        const hash = contentHash(entry);
        if (hash !== undefined && !risks.has(hash)) missing.push([entry, hash]);
      }
      for (let start = 0; start < missing.length; start += SCANS_AT_ONCE) {
        const batch = missing.slice(start, start + SCANS_AT_ONCE);
        await Promise.all(batch.map(([entry, hash]) => scan(entry, hash)));
      }
    },
    signatureOf,
    async checkSignatures(entries, trust) {
      for (let start = 0; start < entries.length; start += SCANS_AT_ONCE) {
        const batch = entries.slice(start, start + SCANS_AT_ONCE);
        await Promise.all(batch.map((entry) => signatureOf(entry, trust)));
      }
    },
    derived<Value>(key: string, build: () => Value): Value {
      const map = derived;
      if (map.has(key)) return map.get(key) as Value;
      const value = build();
      map.set(key, value);
      return value;
    },
    refresh() {
      if (refreshing !== undefined) {
        again = true;
        return refreshing;
      }
      refreshing = reload()
        .catch((error: unknown) => {
          logger.warn({ err: loggableError(error), workspaceId }, 'skill registry reload failed');
        })
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },
    settled: () => refreshing ?? Promise.resolve(),
    close: () => registry.close(),
  };
}

/**
 * The sources of a workspace's MCP skill servers (scope `workspace`, names `label:skill`). They
 * list once per registry (the registry is rebuilt when the workspace changes), and `${VAR}` is not
 * expanded: a workspace admin must not be able to send the server's environment anywhere.
 */
async function createWorkspaceMcpSources(
  servers: Readonly<Record<string, WorkspaceMcpServer>> | undefined,
  policy: McpSourcePolicy,
): Promise<SkillSource[]> {
  const entries = Object.entries(servers ?? {});
  if (entries.length === 0) return [];
  // The MCP client loads only for workspaces that name servers (as /mcp loads the MCP server).
  const { createMcpSkillSource } = await import('@skillset/mcp');
  return entries.map(([label, server]) => {
    const source = createMcpSkillSource({
      label,
      scope: 'workspace',
      server: {
        url: server.url,
        ...(server.headers === undefined ? {} : { headers: server.headers }),
        ...(server.timeoutMs === undefined ? {} : { timeoutMs: server.timeoutMs }),
        ...(server.approvedAllowedTools === undefined
          ? {}
          : { approvedAllowedTools: server.approvedAllowedTools }),
      },
      env: {},
      fetch: createGuardedFetch(policy),
    });
    return Object.assign(Object.create(source) as SkillSource, {
      refresh: () => source.load(),
    });
  });
}
