import { SkillsetError } from '@skillset/core';
import { displayFolder } from '../install/install-root.ts';
import type { ConnectContext } from './agent-connector.ts';
import { type CodexAppServer, openCodexAppServer } from './codex-app-server.ts';
import type { ConnectorTrust, TrustGrant, TrustRecord, TrustRevoke } from './connector-trust.ts';

/** A hook as `hooks/list` describes it (the fields connect reads). */
interface ListedHook {
  key: string;
  eventName: string;
  handlerType: string;
  command?: string;
  sourcePath: string;
  currentHash: string;
  trustStatus: 'managed' | 'untrusted' | 'trusted' | 'modified';
}

interface HooksListResponse {
  data: Array<{ cwd: string; hooks: ListedHook[] }>;
}

interface ConfigReadResponse {
  config: { hooks?: { state?: Record<string, { trusted_hash?: string }> | null } | null };
}

interface ConfigWriteResponse {
  filePath: string;
}

/** The hook connect added: the hooks file it is in and the command it runs. */
export interface CodexHook {
  file: string;
  command: string;
}

const show = (context: ConnectContext, file: string) => displayFolder(context, file);

/** The hooks Codex lists for `cwd` that are the one connect added. */
async function listOurs(server: CodexAppServer, context: ConnectContext, hook: CodexHook) {
  const listed = await server.request<HooksListResponse>('hooks/list', { cwds: [context.cwd] });
  return listed.data
    .flatMap((entry) => entry.hooks)
    .filter(
      (each) =>
        each.eventName === 'userPromptSubmit' &&
        each.handlerType === 'command' &&
        each.command === hook.command &&
        each.sourcePath === hook.file,
    );
}

async function trustState(server: CodexAppServer) {
  const read = await server.request<ConfigReadResponse>('config/read', {});
  return read.config.hooks?.state ?? {};
}

/** How a person trusts the hook by hand, for when connect could not. */
function byHand(context: ConnectContext, hook: CodexHook) {
  return `start codex${context.global ? '' : ' in this project'}, type /hooks and trust the UserPromptSubmit hook of ${show(context, hook.file)} (Codex runs a new hook only once trusted)`;
}

function failure(error: unknown): string {
  if (SkillsetError.isInstance(error) && error.details.missing === true)
    return 'codex is not on PATH';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Codex's hook trust (Codex 0.169): a non-managed hook runs only once `[hooks.state."<key>"]
 * trusted_hash` in the user's config.toml holds its current hash. Connect trusts the hook it added
 * as Codex's own `/hooks` screen does — `hooks/list` gives the hook's key and `currentHash`,
 * `config/batchWrite` records it — never computing a hash itself. A project's `.codex/` layer loads
 * only in a project Codex trusts; in one it does not trust yet, the hook is listed through a
 * session-only override so that it is trusted in advance, and the person is told to trust the project.
 */
export function codexHookTrust(hookOf: (context: ConnectContext) => CodexHook): ConnectorTrust {
  return {
    async grant(context): Promise<TrustGrant> {
      const hook = hookOf(context);
      const warnings: string[] = [];
      let server: CodexAppServer | undefined;
      try {
        server = await openCodexAppServer({ cwd: context.cwd, env: context.env });
        let ours = await listOurs(server, context, hook);
        if (ours.length === 0 && !context.global) {
          server.close();
          server = await openCodexAppServer({
            cwd: context.cwd,
            env: context.env,
            overrides: [`projects={${JSON.stringify(context.cwd)}={trust_level="trusted"}}`],
          });
          ours = await listOurs(server, context, hook);
          if (ours.length > 0) {
            warnings.push(
              `Codex loads ${show(context, hook.file)} only in a project you trust, and it does not trust this one yet: start codex here and trust the folder when it asks (or connect with --global).`,
            );
          }
        }
        if (ours.length === 0) {
          return {
            lines: [],
            warnings: [`Codex does not list the hook connect added; ${byHand(context, hook)}.`],
          };
        }
        const state = await trustState(server);
        const untrusted = ours.filter(
          (each) => each.trustStatus !== 'trusted' && each.trustStatus !== 'managed',
        );
        if (untrusted.length === 0) {
          return { lines: [], warnings };
        }
        const written = await server.request<ConfigWriteResponse>('config/batchWrite', {
          edits: [
            {
              keyPath: 'hooks.state',
              value: Object.fromEntries(
                untrusted.map((each) => [each.key, { trusted_hash: each.currentHash }]),
              ),
              mergeStrategy: 'upsert',
            },
          ],
        });
        const after = await listOurs(server, context, hook);
        const trusted = untrusted.filter((each) =>
          after.some((now) => now.key === each.key && now.trustStatus === 'trusted'),
        );
        if (trusted.length < untrusted.length) {
          warnings.push(`Codex still does not trust the hook; ${byHand(context, hook)}.`);
        }
        return {
          record: {
            entries: trusted.map((each) => ({ key: each.key, hash: each.currentHash })),
            createdTable: Object.keys(state).length === 0,
          },
          lines: trusted.map(
            (each) =>
              `trusted the hook Skillset added, hash ${each.currentHash}, in ${show(context, written.filePath)} (what /hooks in Codex does)`,
          ),
          warnings,
        };
      } catch (error) {
        return {
          lines: [],
          warnings: [
            ...warnings,
            `${failure(error)}, so the hook is not trusted yet; ${byHand(context, hook)}.`,
          ],
        };
      } finally {
        server?.close();
      }
    },

    async revoke(context, record: TrustRecord): Promise<TrustRevoke> {
      const lines: string[] = [];
      const warnings: string[] = [];
      let server: CodexAppServer | undefined;
      try {
        server = await openCodexAppServer({ cwd: context.cwd, env: context.env });
        const state = await trustState(server);
        const removed: string[] = [];
        let file: string | undefined;
        for (const entry of record.entries) {
          const current = state[entry.key]?.trusted_hash;
          if (current === undefined) continue;
          if (current !== entry.hash) {
            warnings.push(
              `the trust of ${entry.key} was changed since connect wrote it; left in Codex's config.toml`,
            );
            continue;
          }
          const written = await server.request<ConfigWriteResponse>('config/batchWrite', {
            edits: [
              {
                keyPath: `hooks.state.${JSON.stringify(entry.key)}`,
                value: null,
                mergeStrategy: 'replace',
              },
            ],
          });
          file = written.filePath;
          delete state[entry.key];
          removed.push(entry.hash);
        }
        if (record.createdTable && file !== undefined && Object.keys(state).length === 0) {
          await server.request('config/batchWrite', {
            edits: [{ keyPath: 'hooks.state', value: null, mergeStrategy: 'replace' }],
          });
        }
        if (file !== undefined) {
          lines.push(
            `removed the trust connect gave the hook (hash ${removed.join(', ')}) from ${show(context, file)}`,
          );
        }
      } catch (error) {
        warnings.push(
          `${failure(error)}, so the trust connect gave the hook stays in Codex's config.toml: remove ${record.entries.map((entry) => `[hooks.state.${JSON.stringify(entry.key)}]`).join(', ')} from it by hand`,
        );
      } finally {
        server?.close();
      }
      return { lines, warnings };
    },
  };
}
