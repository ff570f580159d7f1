import {
  ProtocolError,
  ProtocolErrorCode,
  type Resource,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { Skill, SkillReadResult, SkillSource } from '@modelcontextprotocol/server/ext/skills';
import type { ApproveFunction, PolicyGate, SkillEntry, SkillRegistry } from '@skillset/core';
import {
  principalKindOf,
  SkillsetError,
  skillOutcomeOf,
  withSkillSpan,
} from '@skillset/core/serving';
import { authorizeSkillText } from '../authorize-skill-text.ts';
import { describeResourceContent } from '../describe-resource-content.ts';
import { requestInfoOf } from '../request-info.ts';
import { skillFileName } from '../skill-file-name.ts';
import {
  type SkillResourceAddress,
  skillResourceAddresses,
  skillResourceUri,
} from '../skill-resource-uri.ts';
import { resolveSkillsMcpGate, type SkillsMcpPolicy } from '../skills-mcp-policy.ts';
import { describeSkillEntry } from './describe-skill-entry.ts';
import { listDirectoryChildren } from './list-directory-children.ts';

/** How many skills one `skills/list` page holds by default. */
export const DEFAULT_SKILLS_PAGE_SIZE = 50;

/** How many children one `resources/directory/read` page holds. */
export const DIRECTORY_PAGE_SIZE = 500;

/** Options for {@link createGatedSkillSource}. */
export interface GatedSkillSourceOptions {
  registry: SkillRegistry;
  policy: SkillsMcpPolicy;
  /** Skills per `skills/list` page; default {@link DEFAULT_SKILLS_PAGE_SIZE}. */
  pageSize?: number;
  /** How a request asks its user where a rule says `ask`; without it such a skill's files are refused. */
  approveOf?: (ctx: ServerContext) => ApproveFunction | undefined;
}

/**
 * The skills a principal may read (entry point `mcp_resource`), as the SDK's Skills extension
 * source: every list, get, read and directory read resolves the request's policy gate first, so
 * a skill denied by policy is neither listed, gettable nor readable. Entries and directories are
 * what a listing shows; a file's bytes go through the gate's `authorize`, so where a rule says
 * `ask` the user is asked or the read refused (decision 0140). Skills that cannot be served as an
 * entry (over the limits, broken frontmatter) are left out and logged.
 */
export function createGatedSkillSource(options: GatedSkillSourceOptions): SkillSource {
  const { registry, policy } = options;
  const pageSize = options.pageSize ?? DEFAULT_SKILLS_PAGE_SIZE;
  const gateOf = (ctx: ServerContext) => resolveSkillsMcpGate(policy, requestInfoOf(ctx), registry);

  return {
    async list(params, ctx) {
      const gate = await gateOf(ctx);
      const entries = await gate.list('mcp_resource');
      entries.sort((left, right) => compareNames(left.name, right.name));
      const after = readNameCursor(params.cursor);
      const remaining =
        after === undefined ? entries : entries.filter((entry) => entry.name > after);
      const page = remaining.slice(0, pageSize);
      const skills: Skill[] = [];
      for (const entry of page) {
        const described = await describeSkillEntry({ registry, entry });
        if (described.ok) skills.push(described.skill);
        else {
          await ctx.mcpReq
            .log(
              'warning',
              `Skill "${entry.name}" is left out of skills/list: ${described.reason}.`,
              'skills',
            )
            .catch(() => {});
        }
      }
      const last = page.at(-1);
      return remaining.length > page.length && last !== undefined
        ? { skills, nextCursor: writeNameCursor(last.name) }
        : { skills };
    },

    async get(uri, ctx) {
      const found = await findServed(await gateOf(ctx), uri);
      if (found === undefined || found.address.path !== 'SKILL.md') return undefined;
      const described = await describeSkillEntry({ registry, entry: found.entry });
      if (!described.ok) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `The skill at ${uri} is not served as a Skills extension entry: ${described.reason}.`,
          { uri, reason: described.reason },
        );
      }
      return described.skill;
    },

    async read(uri, ctx): Promise<SkillReadResult | undefined> {
      const gate = await gateOf(ctx);
      const found = await findServed(gate, uri);
      if (found === undefined) return undefined;
      const { address } = found;
      const entry = await authorizeSkillText({
        gate,
        name: found.entry.name,
        entryPoint: 'mcp_resource',
        tool: 'resources/read',
        approve: options.approveOf?.(ctx),
      });
      if (entry === undefined) return undefined;
      const readFound = async (): Promise<SkillReadResult | undefined> => {
        const path = address.path === 'SKILL.md' ? skillFileName(entry) : address.path;
        let bytes: Uint8Array;
        try {
          bytes = await registry.readFile(entry, path);
        } catch (error) {
          if (SkillsetError.isInstance(error)) return undefined;
          throw error;
        }
        const content = describeResourceContent({ uri, path: address.path, bytes });
        return 'text' in content
          ? { text: content.text, mimeType: content.mimeType }
          : { bytes, mimeType: content.mimeType };
      };
      if (address.path !== 'SKILL.md') return readFound();
      // Reading a skill's SKILL.md is how a Skills extension host loads (activates) it.
      const version = entry.manifest?.version;
      return withSkillSpan(
        {
          name: 'skillset.activate',
          attributes: {
            skill: entry.name,
            ...(version === undefined ? {} : { version }),
            surface: 'read',
            principal: principalKindOf(gate.policy.principal),
          },
          outcomeOf: (result) =>
            skillOutcomeOf(result === undefined ? 'skill_file_not_found' : 'ok'),
        },
        readFound,
      );
    },

    async readDirectory(uri, params, ctx) {
      const gate = await gateOf(ctx);
      for (const address of skillResourceAddresses(uri, true)) {
        const found = await gate.find(address.skill, 'mcp_resource');
        if (found?.entry.name !== address.skill) continue;
        const files = await registry.listFiles(found.entry).catch(() => []);
        const children = listDirectoryChildren({
          skill: address.skill,
          directory: address.path,
          files,
          mainFile: skillFileName(found.entry),
        });
        if (children === undefined) return undefined;
        const start = readOffsetCursor(params.cursor);
        const resources = children.slice(start, start + DIRECTORY_PAGE_SIZE);
        return start + DIRECTORY_PAGE_SIZE < children.length
          ? { resources, nextCursor: String(start + DIRECTORY_PAGE_SIZE) }
          : { resources };
      }
      return undefined;
    },

    async listResources(ctx): Promise<Resource[]> {
      const entries = await (await gateOf(ctx)).list('mcp_resource');
      return entries.map((entry) => ({
        uri: skillResourceUri({ skill: entry.name, path: 'SKILL.md' }),
        name: `${entry.name}/SKILL.md`,
        title: entry.name,
        description: entry.description,
        mimeType: 'text/markdown',
      }));
    },
  };
}

/** The served skill and file a URI names, the longest matching skill name first; names match exactly. */
async function findServed(
  gate: PolicyGate,
  uri: string,
): Promise<{ entry: SkillEntry; address: SkillResourceAddress } | undefined> {
  for (const address of skillResourceAddresses(uri)) {
    const found = await gate.find(address.skill, 'mcp_resource');
    if (found?.entry.name === address.skill) return { entry: found.entry, address };
  }
  return undefined;
}

function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function writeNameCursor(name: string): string {
  return Buffer.from(JSON.stringify({ after: name })).toString('base64url');
}

function readNameCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      after?: unknown;
    };
    if (typeof value.after === 'string') return value.after;
  } catch {
    // Reported below.
  }
  throw invalidCursor(cursor);
}

function readOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor)) throw invalidCursor(cursor);
  return Number(cursor);
}

function invalidCursor(cursor: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Invalid cursor ${JSON.stringify(cursor)}: pass back the nextCursor of the previous page.`,
  );
}
