import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import type { SkillEntry, SkillRegistry } from '@skillset/core';
import { guessMimeType, SkillsetError } from '@skillset/core/serving';
import { describeResourceContent } from './describe-resource-content.ts';
import { readOffsetCursor } from './read-offset-cursor.ts';
import { toRequestInfo } from './request-extra.ts';
import { skillFileName } from './skill-file-name.ts';
import {
  parseSkillResourceUri,
  SKILL_RESOURCE_TEMPLATE,
  skillResourceUri,
} from './skill-resource-uri.ts';
import { resolveSkillsMcpGate, type SkillsMcpPolicy } from './skills-mcp-policy.ts';

/** The JSON-RPC error code MCP uses for an unknown resource. */
export const RESOURCE_NOT_FOUND = -32002;

/** How many skills one page of `resources/list` covers (each with its files). */
export const RESOURCE_PAGE_SKILLS = 100;

/** Options for {@link registerSkillResources}. */
export interface RegisterSkillResourcesOptions {
  server: Server;
  registry: SkillRegistry;
  policy: SkillsMcpPolicy;
}

/** Answers `resources/list`, `resources/templates/list` and `resources/read` with skill files (entry point `mcp_resource`). */
export function registerSkillResources(options: RegisterSkillResourcesOptions): void {
  const { server, registry, policy } = options;

  server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
    const gate = await resolveSkillsMcpGate(policy, toRequestInfo(extra), registry);
    const entries = await gate.list('mcp_resource');
    const start = readOffsetCursor(request.params?.cursor);
    const page = entries.slice(start, start + RESOURCE_PAGE_SKILLS);
    const resources: Resource[] = [];
    for (const entry of page) resources.push(...(await listSkillResources(registry, entry)));
    const next = start + RESOURCE_PAGE_SKILLS;
    return next < entries.length ? { resources, nextCursor: String(next) } : { resources };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: SKILL_RESOURCE_TEMPLATE,
        name: 'skill-file',
        title: 'Skill file',
        description:
          "A file of a skill's package: SKILL.md, or a path relative to the skill folder such as references/api.md.",
      },
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    const address = parseSkillResourceUri(uri);
    if (address === undefined) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Not a skill resource URI: ${JSON.stringify(uri)}; expected skill://<name>/<path>.`,
      );
    }
    const gate = await resolveSkillsMcpGate(policy, toRequestInfo(extra), registry);
    const found = await gate.find(address.skill, 'mcp_resource');
    if (found === undefined) {
      throw new McpError(
        RESOURCE_NOT_FOUND,
        `Resource not found: unknown skill ${JSON.stringify(address.skill)}.`,
        { uri },
      );
    }
    const path = address.path === 'SKILL.md' ? skillFileName(found.entry) : address.path;
    let bytes: Uint8Array;
    try {
      bytes = await registry.readFile(found.entry, path);
    } catch (error) {
      if (SkillsetError.isInstance(error)) {
        throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${error.message}`, { uri });
      }
      throw error;
    }
    return { contents: [describeResourceContent({ uri, path: address.path, bytes })] };
  });
}

async function listSkillResources(registry: SkillRegistry, entry: SkillEntry): Promise<Resource[]> {
  const files = await registry.listFiles(entry).catch(() => []);
  const mainFile = skillFileName(entry);
  const skillFile = files.find((file) => file.path === mainFile);
  const resources: Resource[] = [
    {
      uri: skillResourceUri({ skill: entry.name, path: 'SKILL.md' }),
      name: `${entry.name}/SKILL.md`,
      title: entry.name,
      description: entry.description,
      mimeType: 'text/markdown',
      ...(skillFile === undefined ? {} : { size: skillFile.size }),
    },
  ];
  for (const file of files) {
    if (file.path === mainFile) continue;
    const mimeType = guessMimeType(file.path);
    resources.push({
      uri: skillResourceUri({ skill: entry.name, path: file.path }),
      name: `${entry.name}/${file.path}`,
      ...(mimeType === undefined ? {} : { mimeType }),
      size: file.size,
    });
  }
  return resources;
}
