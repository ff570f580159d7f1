import {
  createSkillRecord,
  type McpServerConfig,
  normalizeSkillFilePath,
  parseSkill,
  type SkillFileInfo,
  type SkillRecord,
  type SkillScope,
  type SkillSource,
  type SkillSourceChange,
  type SkillSourceIssue,
  type SkillSourceListener,
  type SkillSourceSnapshot,
  SkillsetError,
} from '@skillset/core';
import { stringify } from 'yaml';
import {
  type ConnectMcpSkillServerResult,
  connectMcpSkillServer,
} from './connect-mcp-skill-server.ts';
import { listMcpSkillEntries } from './list-mcp-skill-entries.ts';
import { qualifyMcpSkillNames, servedMcpSkillName } from './qualify-mcp-skill-names.ts';
import type { McpSkillEntry } from './read-mcp-skill-entry.ts';
import { readMcpSkillFile } from './read-mcp-skill-file.ts';
import { reviewMcpAllowedTools } from './review-mcp-allowed-tools.ts';

/** How long the handshake and each request may take when the config says nothing, in milliseconds. */
export const DEFAULT_MCP_SKILL_TIMEOUT_MS = 10_000;

/** Options for {@link createMcpSkillSource}. */
export interface McpSkillSourceOptions {
  /** The host-assigned label: the namespace of the server's skill names (`label:skill`). */
  label: string;
  server: McpServerConfig;
  /** The scope of every skill of this server (`project` for `skillset.json`, `workspace` on the server). */
  scope: SkillScope;
  /** Defaults to `mcp:<label>`. */
  id?: string;
  /** Values for `${VAR}` in the server's config; `process.env` by default. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder a stdio command runs in when the config gives no `cwd`. */
  cwd?: string;
  /** The `fetch` of an HTTP server's requests (a host's guard on outbound calls). */
  fetch?: typeof fetch;
}

interface HeldSkill {
  entry: McpSkillEntry;
  record: SkillRecord;
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A skill source over another MCP server's Skills extension (SEP-2640), on either protocol era:
 * lists entries with `skills/list`, reads files lazily with `resources/read`, and refuses any file
 * that does not match the entry (digest, size, frontmatter, manifest). Names are `label:` + the
 * skill path (`hand:team:deploy`); `allowed-tools` are kept only when the config approves the
 * skill's manifest digest. Failures of the server become source issues, never throws from `load`.
 */
export function createMcpSkillSource(options: McpSkillSourceOptions): SkillSource {
  const { label, server } = options;
  const id = options.id ?? `mcp:${label}`;
  const timeoutMs = server.timeoutMs ?? DEFAULT_MCP_SKILL_TIMEOUT_MS;
  const listeners = new Set<SkillSourceListener>();
  const held = new Map<string, HeldSkill>();
  const verified = new Map<string, Uint8Array>();
  let issues: SkillSourceIssue[] = [];
  let loading: Promise<SkillSourceSnapshot> | undefined;
  let connecting: Promise<ConnectMcpSkillServerResult> | undefined;
  let target = server.url === undefined ? `command ${server.command ?? ''}` : `url ${server.url}`;

  const connect = (): Promise<ConnectMcpSkillServerResult> => {
    connecting ??= connectMcpSkillServer({
      label,
      server,
      timeoutMs,
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    }).then(
      (connection) => {
        target = connection.target;
        return connection;
      },
      (error: unknown) => {
        connecting = undefined;
        throw error;
      },
    );
    return connecting;
  };

  const emit = (change: SkillSourceChange): void => {
    for (const listener of listeners) listener(change);
  };

  const snapshot = (): SkillSourceSnapshot => ({
    skills: [...held.values()].map((skill) => skill.record),
    issues,
  });

  const sourceIssue = (
    code: SkillSourceIssue['code'],
    severity: SkillSourceIssue['severity'],
    message: string,
  ): SkillSourceIssue => ({ code, severity, message, path: `${label} (${target})` });

  const refusedRecord = (record: SkillRecord, reason: string): SkillRecord => ({
    ...record,
    valid: false,
    issues: [
      ...record.issues,
      {
        code: 'mcp_skill_refused',
        severity: 'error',
        message: `Refused skill "${record.name}" from MCP server "${label}": ${reason}`,
      },
    ],
  });

  const recordOf = (entry: McpSkillEntry, name: string, found: SkillSourceIssue[]): SkillRecord => {
    const folderName = entry.frontmatter.name;
    const parsed = parseSkill(`---\n${stringify(entry.frontmatter)}---\n`, { folderName });
    const path = `${label}:${entry.rootUri}`;
    const size = entry.files.get('SKILL.md')?.size;
    const record = createSkillRecord({
      parsed,
      path,
      skillFile: `${path}/SKILL.md`,
      folderName,
      ...(size === undefined ? {} : { size }),
    });
    record.name = name;
    record.origin = { kind: 'mcp', server: label, uri: entry.uri };
    if (record.manifest !== undefined) {
      const { allowedTools, ...manifest } = record.manifest;
      const review = reviewMcpAllowedTools({
        label,
        servedName: servedMcpSkillName(entry),
        name,
        allowedTools,
        digest: entry.digest,
        approvals: server.approvedAllowedTools,
      });
      record.manifest = review.approved ? { ...record.manifest, name } : { ...manifest, name };
      if (review.issue !== undefined && entry.refusal === undefined) {
        found.push(sourceIssue(review.issue.code, 'warning', review.issue.message));
      }
    }
    if (entry.refusal !== undefined) return refusedRecord(record, entry.refusal);
    return record;
  };

  const discover = async (): Promise<SkillSourceSnapshot> => {
    let connection: ConnectMcpSkillServerResult;
    let listed: { entries: McpSkillEntry[]; issues: SkillSourceIssue[] };
    try {
      connection = await connect();
      listed = await listMcpSkillEntries({ connection, label, timeoutMs, issue: sourceIssue });
    } catch (error) {
      listed = {
        entries: [],
        issues: [sourceIssue('mcp_server_unreachable', 'error', (error as Error).message)],
      };
    }
    const found = [...listed.issues];
    const { names, collisions } = qualifyMcpSkillNames(label, listed.entries);
    for (const collision of collisions) {
      found.push(
        sourceIssue(
          'mcp_malformed_response',
          'warning',
          `MCP server "${label}" lists ${collision.uris.join(' and ')}, which would all be named "${collision.name}"; none of them is used.`,
        ),
      );
    }
    const next = new Map<string, HeldSkill>();
    for (const entry of listed.entries) {
      const name = names.get(entry.uri);
      if (name === undefined) continue;
      const record = recordOf(entry, name, found);
      next.set(record.path, { entry, record });
    }
    const changes: SkillSourceChange[] = [];
    for (const [path, skill] of held) {
      if (!next.has(path)) changes.push({ type: 'removed', skill: skill.record });
    }
    for (const [path, skill] of next) {
      const previous = held.get(path);
      if (previous === undefined) changes.push({ type: 'added', skill: skill.record });
      else if (previous.entry.digest !== skill.entry.digest) {
        changes.push({ type: 'changed', skill: skill.record });
      } else next.set(path, previous);
    }
    held.clear();
    for (const [path, skill] of next) held.set(path, skill);
    issues = found;
    for (const change of changes) emit(change);
    return snapshot();
  };

  const find = (skillPath: string): HeldSkill => {
    const skill = held.get(skillPath);
    if (skill === undefined) {
      throw new SkillsetError({
        code: 'skill_not_found',
        message: `No skill at ${JSON.stringify(skillPath)} from MCP server "${label}".`,
        details: { sourceId: id, path: skillPath },
      });
    }
    return skill;
  };

  const readVerified = async (skillPath: string, relative: string): Promise<Uint8Array> => {
    const skill = find(skillPath);
    const { entry, record } = skill;
    if (entry.refusal !== undefined) {
      throw new SkillsetError({
        code: 'skill_integrity_mismatch',
        message: `Refused skill "${record.name}" from MCP server "${label}": ${entry.refusal}`,
        details: { server: label, skill: record.name },
      });
    }
    const expected = entry.files.get(relative);
    const signatureFile = entry.signatureFiles?.get(relative);
    if (expected === undefined && signatureFile !== undefined) return signatureFile;
    if (expected === undefined) {
      throw new SkillsetError({
        code: 'skill_file_not_found',
        message: `Skill "${record.name}" from MCP server "${label}" has no file ${JSON.stringify(relative)} in its entry, so it is not read; files: ${[...entry.files.keys()].join(', ')}.`,
        details: { server: label, skill: record.name, path: relative },
      });
    }
    const cacheKey = `${expected.uri}\0${expected.digest}`;
    const cached = verified.get(cacheKey);
    if (cached !== undefined) return cached;
    const read = await readMcpSkillFile({
      connect,
      entry,
      relative,
      label,
      name: record.name,
      timeoutMs,
      target: () => target,
    });
    if (!read.success) {
      const refused: HeldSkill = {
        entry: { ...entry, refusal: read.reason },
        record: refusedRecord(record, read.reason),
      };
      held.set(record.path, refused);
      emit({ type: 'changed', skill: refused.record });
      throw new SkillsetError({
        code: 'skill_integrity_mismatch',
        message: `Refused skill "${record.name}" from MCP server "${label}": ${read.reason}`,
        details: { server: label, skill: record.name, ...read.details },
      });
    }
    verified.set(cacheKey, read.bytes);
    return read.bytes;
  };

  return {
    id,
    scope: options.scope,
    get location() {
      return `mcp ${label} (${target})`;
    },
    load() {
      loading ??= discover();
      return loading;
    },
    async refresh() {
      if (loading === undefined) return this.load();
      loading = discover();
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async readSkillText(skillPath) {
      return decoder.decode(await readVerified(skillPath, 'SKILL.md'));
    },
    readSkillBytes(skillPath) {
      return readVerified(skillPath, 'SKILL.md');
    },
    async listFiles(skillPath): Promise<SkillFileInfo[]> {
      const { entry } = find(skillPath);
      const signatureFiles = [...(entry.signatureFiles ?? [])].map(([path, bytes]) => ({
        path,
        size: bytes.byteLength,
      }));
      return [...entry.files]
        .map(([path, resource]) => ({ path, size: resource.size }))
        .concat(signatureFiles)
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
    readFile(skillPath, relativePath) {
      return readVerified(skillPath, normalizeSkillFilePath(relativePath));
    },
    async close() {
      listeners.clear();
      const pending = connecting;
      connecting = undefined;
      if (pending !== undefined) {
        await pending.then(
          (connection) => connection.client.close(),
          () => undefined,
        );
      }
    },
  };
}
