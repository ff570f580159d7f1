import { createHash } from 'node:crypto';
import { SKILLS_EXTENSION_ID, type Skill } from '@modelcontextprotocol/core/ext/skills';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server/test';
import { ensureInstanceOwner, openStore, type Store } from '@skillset/store';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetSkillResultSchema,
  ListSkillsResultSchema,
  ReadResourceDirectoryResultSchema,
} from '../support/skills-extension-schemas.ts';

const origin = 'http://skillset.test';
const endpoint = new URL(`${origin}/mcp`);
let store: Store;
let runtime: SkillRuntime;
let app: ReturnType<typeof createApp>;
let ownerToken: string;
let agentToken: string;
const clients: Client[] = [];

// More skills than one page (50) holds, so the listing has a second page.
const FILLER_SKILLS = 50;

function skill(name: string, frontmatter = '') {
  return `---\nname: ${name}\ndescription: Helps with ${name}.\n${frontmatter}---\n\nDo the ${name} thing.\n`;
}

async function connect(token: string) {
  const transport = new StreamableHTTPClientTransport(endpoint, {
    fetch: async (url, init) => app.request(String(url), init as RequestInit),
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'skills-extension-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function listAll(client: Client) {
  const skills: Skill[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.request(
      { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
      ListSkillsResultSchema,
    );
    skills.push(...page.skills);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined);
  return { skills, pages };
}

async function rejection(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof McpError)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  store = await openStore({ dataDir: 'memory://', migrate: true });
  const owner = await ensureInstanceOwner(store);
  if (!owner.created) throw new Error('expected a fresh store');
  ownerToken = owner.token;
  const workspaceId = owner.workspace.id;
  const logger = pino({ level: 'silent' });
  runtime = createSkillRuntime({ store, logger, usageFlushDelayMs: 10 });
  app = createApp({ store, logger, maxBodyBytes: 4 * 1024 * 1024, runtime });
  const manyFiles = Array.from({ length: 512 }, (_, index) => ({
    path: `data/${String(index).padStart(3, '0')}.txt`,
    content: `row ${index}\n`,
  }));
  await store.skills.createMany([
    {
      scope: 'workspace',
      workspaceId,
      skillMd: skill('notes', 'license: MIT\nmetadata:\n  team: docs\n'),
      files: [
        { path: 'reference.md', content: '# Reference\n' },
        { path: 'templates/letter.md', content: 'Dear $name,\n' },
      ],
    },
    {
      scope: 'workspace',
      workspaceId,
      skillMd: skill('deploy', 'arguments:\n  - name: env\n    enum: [staging, production]\n'),
    },
    {
      scope: 'workspace',
      workspaceId,
      skillMd: skill('secret'),
      files: [{ path: 'key.txt', content: 'k' }],
    },
    { scope: 'workspace', workspaceId, skillMd: skill('bulky'), files: manyFiles },
    ...Array.from({ length: FILLER_SKILLS }, (_, index) => ({
      scope: 'workspace' as const,
      workspaceId,
      skillMd: skill(`filler-${String(index).padStart(2, '0')}`),
    })),
  ]);
  const agent = await store.agents.create({ workspaceId, name: 'bot' });
  await store.permissions.create({
    workspaceId,
    agentId: agent.id,
    skill: 'secret',
    action: 'deny',
  });
  agentToken = (
    await store.tokens.create({
      name: 'bot',
      principal: { kind: 'agent', agentId: agent.id, workspaceId },
    })
  ).token;
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await runtime.close();
  await store.close();
});

describe('/mcp serves the Skills extension (SEP-2640)', () => {
  it('declares the extension and lists every allowed skill across pages, with manifests of the served bytes', async () => {
    const client = await connect(ownerToken);
    expect(client.getServerCapabilities()?.extensions?.[SKILLS_EXTENSION_ID]).toEqual({
      directoryRead: true,
    });
    const { skills, pages } = await listAll(client);
    expect(pages).toBe(2);
    expect(skills).toHaveLength(3 + FILLER_SKILLS);
    // Over the limits: left out (and said in the log), never listed.
    expect(skills.map((entry) => entry.frontmatter.name)).not.toContain('bulky');
    const notes = skills.find((entry) => entry.uri === 'skill://notes/SKILL.md');
    expect(notes?.frontmatter).toEqual({
      name: 'notes',
      description: 'Helps with notes.',
      license: 'MIT',
      metadata: { team: 'docs' },
    });
    if (!Array.isArray(notes?.resources)) throw new Error('expected a manifest');
    expect(notes.resources.map((resource) => resource.uri)).toEqual([
      'skill://notes/SKILL.md',
      'skill://notes/reference.md',
      'skill://notes/templates/letter.md',
    ]);
    for (const resource of notes.resources) {
      const { contents } = await client.readResource({ uri: resource.uri });
      const bytes = new TextEncoder().encode((contents[0] as { text: string }).text);
      expect(resource.size).toBe(bytes.byteLength);
      expect(resource.digest).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
    }
    const got = await client.request(
      { method: 'skills/get', params: { uri: 'skill://notes/SKILL.md' } },
      GetSkillResultSchema,
    );
    expect(got.skill).toEqual(notes);
    const directory = await client.request(
      { method: 'resources/directory/read', params: { uri: 'skill://notes/templates' } },
      ReadResourceDirectoryResultSchema,
    );
    expect(directory.resources).toEqual([
      {
        uri: 'skill://notes/templates/letter.md',
        name: 'letter.md',
        mimeType: 'text/markdown',
        size: 12,
      },
    ]);
    const bulky = await rejection(
      client.request(
        { method: 'skills/get', params: { uri: 'skill://bulky/SKILL.md' } },
        GetSkillResultSchema,
      ),
    );
    expect(bulky.code).toBe(ErrorCode.InvalidParams);
    expect(bulky.message).toContain('513 files');
  });

  it('hides a denied skill from skills/list, skills/get and directory reads of an agent token', async () => {
    const client = await connect(agentToken);
    const { skills } = await listAll(client);
    expect(skills.map((entry) => entry.frontmatter.name)).not.toContain('secret');
    expect(skills.map((entry) => entry.frontmatter.name)).toContain('notes');
    const got = await rejection(
      client.request(
        { method: 'skills/get', params: { uri: 'skill://secret/SKILL.md' } },
        GetSkillResultSchema,
      ),
    );
    expect(got.code).toBe(ErrorCode.InvalidParams);
    expect(got.message).toContain('No skill is served at skill://secret/SKILL.md');
    const unknown = await rejection(
      client.request(
        { method: 'skills/get', params: { uri: 'skill://nothing/SKILL.md' } },
        GetSkillResultSchema,
      ),
    );
    expect(unknown.message.replace('nothing', 'secret')).toBe(got.message);
    const directory = await rejection(
      client.request(
        { method: 'resources/directory/read', params: { uri: 'skill://secret' } },
        ReadResourceDirectoryResultSchema,
      ),
    );
    expect(directory.code).toBe(ErrorCode.InvalidParams);
  });

  it('completes prompt arguments from their enum', async () => {
    const client = await connect(ownerToken);
    const result = await client.complete({
      ref: { type: 'ref/prompt', name: 'deploy' },
      argument: { name: 'env', value: 's' },
    });
    expect(result.completion.values).toEqual(['staging']);
  });
});

describe('/mcp authorization discovery', () => {
  it('answers 401 with a Bearer challenge naming the protected-resource metadata', async () => {
    const response = await app.request(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer realm="skillset", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
    const badToken = await app.request(endpoint, {
      method: 'POST',
      headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(badToken.status).toBe(401);
    expect(badToken.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('serves RFC 9728 metadata without authentication, path-suffixed and at the root', async () => {
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const response = await app.request(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual({
        resource: `${origin}/mcp`,
        bearer_methods_supported: ['header'],
        resource_name: 'Skillset MCP server',
        resource_documentation: `${origin}/api/openapi.json`,
      });
    }
  });
});
