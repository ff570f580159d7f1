import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
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
import { SKILLS_EXTENSION_ID } from '../skills-extension/skills-extension-schemas.ts';
import {
  type ConnectMcpSkillServerResult,
  connectMcpSkillServer,
} from './connect-mcp-skill-server.ts';
import { listSkillsResultSchema } from './lenient-skill-schemas.ts';
import { qualifyMcpSkillNames } from './qualify-mcp-skill-names.ts';
import { type McpSkillEntry, readMcpSkillEntry } from './read-mcp-skill-entry.ts';
import { describeSkillFile, findFrontmatterDifference } from './verify-skill-file.ts';

/** How long the handshake and each request may take when the config says nothing, in milliseconds. */
export const DEFAULT_MCP_SKILL_TIMEOUT_MS = 10_000;

/** The most skills Skillset lists from one server; the rest are reported, not silently dropped. */
export const MAX_MCP_SKILLS = 10_000;

const MAX_LIST_PAGES = 1_000;

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
const encoder = new TextEncoder();

/**
 * A skill source over another MCP server's Skills extension (SEP-2640): lists entries with
 * `skills/list`, reads files lazily with `resources/read`, and refuses any file whose bytes do not
 * match the entry's digest and size. Failures of the server become source issues, never throws from `load`.
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

  const recordOf = (entry: McpSkillEntry, name: string): SkillRecord => {
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
    if (record.manifest !== undefined) record.manifest = { ...record.manifest, name };
    record.origin = { kind: 'mcp', server: label, uri: entry.uri };
    if (entry.refusal !== undefined) return refusedRecord(record, entry.refusal);
    return record;
  };

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

  const list = async (): Promise<{ entries: McpSkillEntry[]; issues: SkillSourceIssue[] }> => {
    const found: SkillSourceIssue[] = [];
    let connection: ConnectMcpSkillServerResult;
    try {
      connection = await connect();
    } catch (error) {
      return {
        entries: [],
        issues: [sourceIssue('mcp_server_unreachable', 'error', (error as Error).message)],
      };
    }
    const extensions = connection.client.getServerCapabilities()?.extensions;
    if (extensions?.[SKILLS_EXTENSION_ID] === undefined) {
      return {
        entries: [],
        issues: [
          sourceIssue(
            'mcp_skills_unsupported',
            'error',
            `MCP server "${label}" (${target}) does not declare the Skills extension (${SKILLS_EXTENSION_ID}), so it serves no skills; remove it from mcpServers or upgrade the server.`,
          ),
        ],
      };
    }
    const entries: McpSkillEntry[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      let result: { skills: unknown[]; nextCursor?: string | undefined };
      try {
        result = await requestList(connection.client, cursor, timeoutMs);
      } catch (error) {
        const unreachable = !(error instanceof McpError) || error.code === ErrorCode.RequestTimeout;
        return {
          entries: [],
          issues: [
            sourceIssue(
              unreachable ? 'mcp_server_unreachable' : 'mcp_malformed_response',
              'error',
              `MCP server "${label}" (${target}): skills/list failed: ${(error as Error).message}`,
            ),
          ],
        };
      }
      for (const [index, value] of result.skills.entries()) {
        const read = readMcpSkillEntry(value);
        if (read.success) entries.push(read.entry);
        else {
          found.push(
            sourceIssue(
              'mcp_malformed_response',
              'warning',
              `MCP server "${label}": skills/list page ${page + 1} item ${index + 1} was skipped: ${read.message}.`,
            ),
          );
        }
      }
      if (entries.length > MAX_MCP_SKILLS) {
        found.push(
          sourceIssue(
            'scan_skill_limit',
            'warning',
            `MCP server "${label}" lists more than ${MAX_MCP_SKILLS} skills; the first ${MAX_MCP_SKILLS} are used.`,
          ),
        );
        entries.length = MAX_MCP_SKILLS;
        break;
      }
      cursor = result.nextCursor;
      if (cursor === undefined) break;
      if (cursors.has(cursor)) {
        return {
          entries: [],
          issues: [
            sourceIssue(
              'mcp_malformed_response',
              'error',
              `MCP server "${label}": skills/list returned the cursor ${JSON.stringify(cursor)} twice; its listing never ends.`,
            ),
          ],
        };
      }
      cursors.add(cursor);
    }
    const uris = new Set<string>();
    const unique = entries.filter((entry) => {
      if (uris.has(entry.uri)) {
        found.push(
          sourceIssue(
            'mcp_malformed_response',
            'warning',
            `MCP server "${label}" lists ${entry.uri} twice; the first entry is used.`,
          ),
        );
        return false;
      }
      uris.add(entry.uri);
      return true;
    });
    return { entries: unique, issues: found };
  };

  const discover = async (): Promise<SkillSourceSnapshot> => {
    const listed = await list();
    const names = qualifyMcpSkillNames(label, listed.entries);
    const next = new Map<string, HeldSkill>();
    for (const entry of listed.entries) {
      const record = recordOf(entry, names.get(entry.uri) ?? `${label}:${entry.frontmatter.name}`);
      next.set(record.path, { entry, record });
    }
    const changes: SkillSourceChange[] = [];
    for (const [path, skill] of held) {
      if (!next.has(path)) changes.push({ type: 'removed', skill: skill.record });
    }
    for (const [path, skill] of next) {
      const previous = held.get(path);
      if (previous === undefined) changes.push({ type: 'added', skill: skill.record });
      else if (
        !sameEntry(previous.entry, skill.entry) ||
        previous.record.name !== skill.record.name
      ) {
        changes.push({ type: 'changed', skill: skill.record });
      } else next.set(path, previous);
    }
    held.clear();
    for (const [path, skill] of next) held.set(path, skill);
    issues = listed.issues;
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

  const refuse = (skill: HeldSkill, reason: string, details: Record<string, unknown>): never => {
    const record = refusedRecord(skill.record, reason);
    const refused: HeldSkill = { entry: { ...skill.entry, refusal: reason }, record };
    held.set(record.path, refused);
    emit({ type: 'changed', skill: record });
    throw new SkillsetError({
      code: 'skill_integrity_mismatch',
      message: `Refused skill "${record.name}" from MCP server "${label}": ${reason}`,
      details: { server: label, skill: record.name, ...details },
    });
  };

  const readVerified = async (skillPath: string, relative: string): Promise<Uint8Array> => {
    const skill = find(skillPath);
    const { entry } = skill;
    if (entry.refusal !== undefined) {
      throw new SkillsetError({
        code: 'skill_integrity_mismatch',
        message: `Refused skill "${skill.record.name}" from MCP server "${label}": ${entry.refusal}`,
        details: { server: label, skill: skill.record.name },
      });
    }
    const expected = entry.files.get(relative);
    if (expected === undefined) {
      throw new SkillsetError({
        code: 'skill_file_not_found',
        message: `Skill "${skill.record.name}" from MCP server "${label}" has no file ${JSON.stringify(relative)} in its entry; files: ${[...entry.files.keys()].join(', ')}.`,
        details: { server: label, skill: skill.record.name, path: relative },
      });
    }
    const cacheKey = `${expected.uri}\0${expected.digest}`;
    const cached = verified.get(cacheKey);
    if (cached !== undefined) return cached;
    const bytes = await readResourceBytes(expected.uri);
    const actual = describeSkillFile(bytes);
    if (actual.size !== expected.size || actual.digest !== expected.digest) {
      refuse(
        skill,
        `file ${relative} (${expected.uri}) does not match its entry: expected ${expected.digest} (${expected.size} bytes), got ${actual.digest} (${actual.size} bytes). The content is not used; if the server changed the skill, list it again.`,
        {
          file: relative,
          uri: expected.uri,
          expectedDigest: expected.digest,
          actualDigest: actual.digest,
          expectedSize: expected.size,
          actualSize: actual.size,
        },
      );
    }
    if (relative === 'SKILL.md') {
      const difference = findFrontmatterDifference(bytes, entry.frontmatter);
      if (difference !== undefined) {
        refuse(
          skill,
          `the frontmatter of ${expected.uri} differs from its entry (${difference}); the content is not used.`,
          { file: relative, uri: expected.uri, field: difference },
        );
      }
    }
    verified.set(cacheKey, bytes);
    return bytes;
  };

  const readResourceBytes = async (uri: string): Promise<Uint8Array> => {
    let result: Awaited<ReturnType<Client['readResource']>>;
    try {
      const { client } = await connect();
      result = await client.readResource({ uri }, { timeout: timeoutMs });
    } catch (error) {
      const missing = error instanceof McpError && error.code === ErrorCode.InvalidParams;
      throw new SkillsetError({
        code: missing ? 'skill_file_not_found' : 'mcp_server_unavailable',
        message: `MCP server "${label}" (${target}) could not read ${uri}: ${(error as Error).message}`,
        cause: error,
        details: { server: label, uri },
      });
    }
    const content = result.contents.find((item) => item.uri === uri) ?? result.contents[0];
    if (content === undefined) {
      throw new SkillsetError({
        code: 'mcp_server_unavailable',
        message: `MCP server "${label}" returned no content for ${uri}.`,
        details: { server: label, uri },
      });
    }
    if ('blob' in content && typeof content.blob === 'string') {
      return new Uint8Array(Buffer.from(content.blob, 'base64'));
    }
    return encoder.encode(
      'text' in content && typeof content.text === 'string' ? content.text : '',
    );
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
      return [...entry.files]
        .map(([path, resource]) => ({ path, size: resource.size }))
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

async function requestList(
  client: Client,
  cursor: string | undefined,
  timeoutMs: number,
): Promise<{ skills: unknown[]; nextCursor?: string | undefined }> {
  const request = { method: 'skills/list', params: cursor === undefined ? {} : { cursor } };
  return client.request(request as never, listSkillsResultSchema, { timeout: timeoutMs });
}

function sameEntry(a: McpSkillEntry, b: McpSkillEntry): boolean {
  if (a.refusal !== b.refusal || a.files.size !== b.files.size) return false;
  if (JSON.stringify(a.frontmatter) !== JSON.stringify(b.frontmatter)) return false;
  for (const [path, resource] of a.files) {
    const other = b.files.get(path);
    if (other?.digest !== resource.digest || other.size !== resource.size) return false;
  }
  return true;
}
