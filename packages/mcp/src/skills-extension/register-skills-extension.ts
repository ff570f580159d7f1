import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { SkillRegistry } from '@skillset/core';
import { readOffsetCursor } from '../read-offset-cursor.ts';
import { toRequestInfo } from '../request-extra.ts';
import { skillFileName } from '../skill-file-name.ts';
import { parseSkillResourceUri } from '../skill-resource-uri.ts';
import { resolveSkillsMcpGate, type SkillsMcpPolicy } from '../skills-mcp-policy.ts';
import { describeSkillEntry } from './describe-skill-entry.ts';
import { listDirectoryChildren } from './list-directory-children.ts';
import {
  GetSkillRequestSchema,
  type GetSkillResult,
  LEFT_OUT_SKILLS_META_KEY,
  type LeftOutSkill,
  ListSkillsRequestSchema,
  type ListSkillsResult,
  ReadResourceDirectoryRequestSchema,
  type ReadResourceDirectoryResult,
  type Skill,
} from './skills-extension-schemas.ts';

/** How many skills one `skills/list` page holds by default. */
export const DEFAULT_SKILLS_PAGE_SIZE = 50;

/** How many children one `resources/directory/read` page holds. */
export const DIRECTORY_PAGE_SIZE = 500;

/** How long a host may treat a listing or an entry as current: skills change under a watcher, so 0. */
export const SKILLS_TTL_MS = 0;

/** Options for {@link registerSkillsExtension}. */
export interface RegisterSkillsExtensionOptions {
  server: Server;
  registry: SkillRegistry;
  policy: SkillsMcpPolicy;
  /** Skills per `skills/list` page; default {@link DEFAULT_SKILLS_PAGE_SIZE}. */
  pageSize?: number;
}

// Listings are filtered by the principal's policy: never shareable across authorisation contexts.
const CACHE_SCOPE = 'private';

/**
 * Answers the Skills extension's `skills/list`, `skills/get` and `resources/directory/read`
 * (SEP-2640) with the skills the principal may read (entry point `mcp_resource`, as for
 * `resources/read`): a skill denied by policy is neither listed, gettable nor readable.
 */
export function registerSkillsExtension(options: RegisterSkillsExtensionOptions): void {
  const { server, registry, policy } = options;
  const pageSize = options.pageSize ?? DEFAULT_SKILLS_PAGE_SIZE;
  // The SDK types results as its own union; these handlers return the extension's shapes.
  const handle = server.setRequestHandler.bind(server) as unknown as (
    schema: unknown,
    handler: (request: never, extra: never) => Promise<object>,
  ) => void;

  // The skill a URI names, when the principal may read it; names in URIs match exactly.
  const findServedSkill = async (extra: Extra, name: string) => {
    const gate = await resolveSkillsMcpGate(policy, toRequestInfo(extra), registry);
    const found = await gate.find(name, 'mcp_resource');
    return found?.entry.name === name ? found.entry : undefined;
  };

  handle(ListSkillsRequestSchema, async (request: ListSkillsRequest, extra: Extra) => {
    const gate = await resolveSkillsMcpGate(policy, toRequestInfo(extra), registry);
    const entries = await gate.list('mcp_resource');
    entries.sort((left, right) => compareNames(left.name, right.name));
    const after = readNameCursor(request.params?.cursor);
    const remaining = after === undefined ? entries : entries.filter((entry) => entry.name > after);
    const page = remaining.slice(0, pageSize);
    const skills: Skill[] = [];
    const leftOut: LeftOutSkill[] = [];
    for (const entry of page) {
      const described = await describeSkillEntry({ registry, entry });
      if (described.ok) skills.push(described.skill);
      else leftOut.push({ name: entry.name, uri: described.uri, reason: described.reason });
    }
    const last = page.at(-1);
    const result: ListSkillsResult = {
      resultType: 'complete',
      skills,
      ttlMs: SKILLS_TTL_MS,
      cacheScope: CACHE_SCOPE,
    };
    if (remaining.length > page.length && last !== undefined) {
      result.nextCursor = writeNameCursor(last.name);
    }
    if (leftOut.length > 0) result._meta = { [LEFT_OUT_SKILLS_META_KEY]: leftOut };
    return result;
  });

  handle(GetSkillRequestSchema, async (request: GetSkillRequest, extra: Extra) => {
    const { uri } = request.params;
    const address = parseSkillResourceUri(uri);
    if (address === undefined || address.path !== 'SKILL.md') {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Not the URI of a skill's SKILL.md: ${JSON.stringify(uri)}; expected skill://<name>/SKILL.md.`,
      );
    }
    const entry = await findServedSkill(extra, address.skill);
    if (entry === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `No skill is served at ${uri}.`, { uri });
    }
    const described = await describeSkillEntry({ registry, entry });
    if (!described.ok) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `The skill at ${uri} is not served as a Skills extension entry: ${described.reason}.`,
        { uri, reason: described.reason },
      );
    }
    const result: GetSkillResult = {
      resultType: 'complete',
      skill: described.skill,
      ttlMs: SKILLS_TTL_MS,
      cacheScope: CACHE_SCOPE,
    };
    return result;
  });

  handle(
    ReadResourceDirectoryRequestSchema,
    async (request: ReadResourceDirectoryRequest, extra: Extra) => {
      const { uri, cursor } = request.params;
      const address = parseSkillDirectoryUri(uri);
      const notADirectory = () =>
        new McpError(ErrorCode.InvalidParams, `${uri} is not a directory resource.`, { uri });
      if (address === undefined) throw notADirectory();
      const entry = await findServedSkill(extra, address.skill);
      if (entry === undefined) {
        throw new McpError(ErrorCode.InvalidParams, `No resource is served at ${uri}.`, { uri });
      }
      const files = await registry.listFiles(entry).catch(() => []);
      const children = listDirectoryChildren({
        skill: address.skill,
        directory: address.path,
        files,
        mainFile: skillFileName(entry),
      });
      if (children === undefined) {
        const isFile = files.some((file) => file.path === address.path);
        if (isFile || address.path === 'SKILL.md') throw notADirectory();
        throw new McpError(ErrorCode.InvalidParams, `No resource is served at ${uri}.`, { uri });
      }
      const start = readOffsetCursor(cursor);
      const result: ReadResourceDirectoryResult = {
        resultType: 'complete',
        resources: children.slice(start, start + DIRECTORY_PAGE_SIZE),
      };
      if (start + DIRECTORY_PAGE_SIZE < children.length) {
        result.nextCursor = String(start + DIRECTORY_PAGE_SIZE);
      }
      return result;
    },
  );
}

type Extra = Parameters<typeof toRequestInfo>[0];
type ListSkillsRequest = { params?: { cursor?: string } };
type GetSkillRequest = { params: { uri: string } };
type ReadResourceDirectoryRequest = { params: { uri: string; cursor?: string } };

/** `skill://<name>` or `skill://<name>/<dir>` (no trailing slash needed) as skill and path. */
function parseSkillDirectoryUri(uri: string): { skill: string; path: string } | undefined {
  const trimmed = uri.replace(/\/+$/, '');
  if (/^skill:\/\/[^/?#]+$/i.test(trimmed)) {
    const parsed = parseSkillResourceUri(`${trimmed}/x`);
    return parsed === undefined ? undefined : { skill: parsed.skill, path: '' };
  }
  return parseSkillResourceUri(trimmed);
}

function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function writeNameCursor(name: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ after: name }))));
}

function readNameCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    const bytes = Uint8Array.from(atob(cursor), (char) => char.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as { after?: unknown };
    if (typeof value.after === 'string') return value.after;
  } catch {
    // Reported below.
  }
  throw new McpError(
    ErrorCode.InvalidParams,
    `Invalid cursor ${JSON.stringify(cursor)}: pass back the nextCursor of the previous page.`,
  );
}
