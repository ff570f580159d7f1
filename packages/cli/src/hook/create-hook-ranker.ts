import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import os from 'node:os';
import type { SkillEntry, SkillIndex, SkillRegistry } from '@skillset/core';
import { createPolicyGate, createRegistry, searchSkills } from '@skillset/core/lean';
import { createFolderSource, defaultCacheDir } from '@skillset/core/node';
import type { AgentName } from '../agents/agent-table.ts';
import { buildLocalSearchIndex } from '../build-local-search-index.ts';
import { openLocalPolicy } from '../open-local-policy.ts';
import type { Terminal } from '../output/terminal.ts';
import type { SuggestedSkill } from './agent-hook.ts';
import { hookSkillFolders } from './hook-skill-folders.ts';

/** One prompt to rank skills for. */
export interface HookRankRequest {
  agent: AgentName;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  query: string;
  limit: number;
}

/** Ranks the skills an agent can load against prompts; keeps each project's registry and index between prompts. */
export interface HookRanker {
  rank(request: HookRankRequest): Promise<SuggestedSkill[]>;
  close(): Promise<void>;
}

/** Options for {@link createHookRanker}. */
export interface HookRankerOptions {
  /** Watch the folders (a resident process) instead of scanning them once. */
  watch: boolean;
}

interface ProjectState {
  /** A scan at first, replaced by the watching registry once its watchers are ready. */
  registry: SkillRegistry;
  loaded: Promise<void>;
  /** The watching registry while its watchers are being set up. */
  watching?: SkillRegistry;
  /** Bumped by every change the registry reports. */
  generation: number;
  allowed?: { key: string; entries: SkillEntry[]; indexKey: string; files: Map<string, string> };
  index?: { key: string; index: SkillIndex };
}

/** How many projects a resident ranker keeps warm; the least recently used goes first. */
const KEPT_PROJECTS = 4;

async function closeState(state: ProjectState): Promise<void> {
  const watching = state.watching;
  delete state.watching;
  await Promise.all([state.registry.close(), watching?.close()]);
}

const silent = { write: () => true } as unknown as NodeJS.WritableStream;

/** What the allowed skills depend on besides the registry: the policy files and the environment. */
function policyKeyOf(files: readonly string[], env: Readonly<Record<string, string | undefined>>) {
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(file, { throwIfNoEntry: false });
    hash.update(`${file}\0${stat?.size}\0${stat?.mtimeMs}\n`);
  }
  hash.update(JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : 1))));
  return hash.digest('hex');
}

/** What the index depends on: the allowed skills, their files and what is indexed of them. */
function indexKeyOf(entries: readonly SkillEntry[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) {
    hash.update(
      `${entry.skillFile}\0${entry.size}\0${entry.mtimeMs}\0${entry.name}\0${entry.description}\0${(entry.manifest?.tags ?? []).join(',')}\n`,
    );
  }
  return hash.digest('hex');
}

/**
 * The hook's ranker: the skills in the folders the agent reads (Skillset's folder sources),
 * allowed on the catalog by the local policy (`skillset.json`, read on every prompt), ranked by
 * the same index `skillset search` builds. A project's registry is kept (and, with `watch`,
 * follows the folders) and its index is rebuilt only when the allowed skills change.
 */
export function createHookRanker(options: HookRankerOptions): HookRanker {
  const states = new Map<string, ProjectState>();
  return {
    async rank(request) {
      const { agent, cwd, env } = request;
      const home = env.HOME || os.homedir();
      const cacheDir = defaultCacheDir({ env, home });
      const folders = hookSkillFolders(agent, cwd, env);
      if (folders.length === 0) return [];
      const key = [agent, cacheDir, ...folders.map((folder) => folder.root)].join('\0');
      let state = states.get(key);
      if (state !== undefined) {
        states.delete(key);
        states.set(key, state);
      } else {
        const [oldest] = states.keys();
        if (oldest !== undefined && states.size >= KEPT_PROJECTS) {
          void closeState(states.get(oldest) as ProjectState);
          states.delete(oldest);
        }
        const open = (watch: boolean) =>
          createRegistry({
            sources: folders.map((folder) =>
              createFolderSource({
                root: folder.root,
                scope: folder.personal ? 'personal' : 'project',
                cacheDir,
                watch,
              }),
            ),
          });
        const registry = open(false);
        const created: ProjectState = { registry, loaded: registry.load(), generation: 0 };
        state = created;
        states.set(key, state);
        if (options.watch) {
          // Watching 10,000 folders takes seconds to set up: the first prompts use one scan meanwhile.
          const watched = open(true);
          created.watching = watched;
          watched.on('change', () => {
            created.generation += 1;
          });
          void Promise.all([created.loaded, watched.load()]).then(
            () => {
              if (created.watching !== watched) return;
              const scanned = created.registry;
              created.registry = watched;
              delete created.watching;
              created.generation += 1;
              void scanned.close();
            },
            () => void watched.close(),
          );
        }
      }
      try {
        await state.loaded;
      } catch (error) {
        states.delete(key);
        void closeState(state);
        throw error;
      }
      const terminal: Terminal = { stdout: silent, stderr: silent, cwd, env };
      const policy = await openLocalPolicy(terminal);
      // Deciding every skill costs ~10 µs each: done again only when a skill or the policy changed.
      const allowedKey = `${state.generation}\0${policyKeyOf(policy.files, env)}`;
      if (state.allowed?.key !== allowedKey) {
        const gate = createPolicyGate({
          registry: state.registry,
          policy: policy.context,
          trust: policy.trust,
        });
        const entries = await gate.list('catalog');
        state.allowed = {
          key: allowedKey,
          entries,
          indexKey: indexKeyOf(entries),
          files: new Map(entries.map((entry) => [entry.name, entry.skillFile])),
        };
      }
      const { entries, indexKey, files } = state.allowed;
      if (entries.length === 0) return [];
      if (state.index?.key !== indexKey) {
        const index = await buildLocalSearchIndex(terminal, {
          registry: state.registry,
          entries,
          cacheName: `hook-${agent}`,
        });
        state.index = { key: indexKey, index };
      }
      return searchSkills(request.query, { index: state.index.index, limit: request.limit }).map(
        (hit) => {
          const file = files.get(hit.name);
          return {
            name: hit.name,
            description: hit.description,
            ...(file === undefined ? {} : { file }),
          };
        },
      );
    },
    async close() {
      const closing = [...states.values()].map(closeState);
      states.clear();
      await Promise.all(closing);
    },
  };
}
