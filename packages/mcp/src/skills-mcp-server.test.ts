import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type MemorySkillInput,
  type PermissionRule,
} from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { connectTestClient, ERAS, type Era } from './connect-test-client.test-util.ts';

const pixel = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

const skills: MemorySkillInput[] = [
  {
    text: buildSkill({
      name: 'lint',
      description: 'Lint the code base.',
      body: 'Lint $ARGUMENTS.\n',
    }),
    files: { 'rules.md': '# Rules\n', 'logo.png': pixel, 'data.bin': new Uint8Array([0, 1, 2]) },
  },
  {
    text: buildSkill({
      name: 'deploy',
      description: 'Deploy the service.',
      body: 'Deploy to $env (dry run: $dry-run).\n',
      fields: {
        arguments: [
          { name: 'env', required: true, enum: ['staging', 'production'], description: 'Target.' },
          { name: 'dry-run', type: 'boolean' },
        ],
      },
    }),
  },
  {
    text: buildSkill({ name: 'review', body: 'Review $ARGUMENTS.\n', fields: { context: 'fork' } }),
  },
  { text: buildSkill({ name: 'secret', body: 'Secret.\n' }), files: { 'key.txt': 'k' } },
  { text: buildSkill({ name: 'manual', fields: { 'disable-model-invocation': true } }) },
  { text: buildSkill({ name: 'background', fields: { 'user-invocable': false } }) },
];

async function connectIn(era: Era, rules: PermissionRule[] = [], toolCatalog?: boolean) {
  const registry = createRegistry({
    sources: [createMemorySource({ scope: 'project', skills })],
  });
  const connected = await connectTestClient({
    era,
    registry,
    policy: createPolicyContext({ rules }),
    ...(toolCatalog === undefined ? {} : { toolCatalog }),
  });
  return {
    client: connected.client,
    async [Symbol.asyncDispose]() {
      await connected.close();
      await registry.close();
    },
  };
}

async function mcpError(promise: Promise<unknown>): Promise<ProtocolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ProtocolError))
    throw new Error(`expected a ProtocolError, got ${String(error)}`);
  return error;
}

describe.each(ERAS)('the skills MCP server, %s era', (era) => {
  const connect = (rules: PermissionRule[] = []) => connectIn(era, rules);

  describe('createSkillsMcpServer', () => {
    it('announces tools, prompts and resources with list_changed', async () => {
      await using session = await connect();
      expect(session.client.getServerCapabilities()).toMatchObject({
        tools: { listChanged: true },
        prompts: { listChanged: true },
        resources: { listChanged: true },
      });
      expect(session.client.getServerVersion()?.name).toBe('skillset');
    });
  });

  describe('tools', () => {
    it('lists core tools with the allowed skills in the use_skill enum', async () => {
      await using session = await connect();
      const { tools } = await session.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        'use_skill',
        'search_skills',
        'read_skill_file',
      ]);
      const useSkill = tools[0];
      expect(useSkill?.inputSchema.properties?.skill).toMatchObject({
        enum: ['background', 'deploy', 'lint', 'review', 'secret'],
      });
      // Plain JSON Schema for MCP: optional fields optional, so validating clients accept `{ skill }`.
      expect(useSkill?.inputSchema.properties?.arguments).toMatchObject({ type: 'string' });
      expect(useSkill?.inputSchema.required).toEqual(['skill']);
      expect(useSkill?.annotations?.readOnlyHint).toBe(true);
      // The client's model has no catalog of its own: use_skill carries the descriptions.
      expect(useSkill?.description).toContain('Lint the code base.');
      expect(useSkill?.description).toContain('Deploy the service.');
      expect(useSkill?.description).not.toContain('manual');
    });

    it('leaves the catalog out of use_skill for a client a hook shows the skills (toolCatalog false)', async () => {
      await using session = await connectIn(era, [], false);
      const { tools } = await session.client.listTools();
      const useSkill = tools.find((tool) => tool.name === 'use_skill');
      expect(useSkill?.description).not.toContain('Lint the code base.');
      expect(useSkill?.inputSchema.properties?.skill).toMatchObject({
        enum: ['background', 'deploy', 'lint', 'review', 'secret'],
      });
    });

    it('calls use_skill with a string or an object of arguments', async () => {
      await using session = await connect();
      const fromString = await session.client.callTool({
        name: 'use_skill',
        arguments: { skill: 'deploy', arguments: 'staging --dry-run' },
      });
      expect(fromString.isError).toBeUndefined();
      expect(JSON.stringify(fromString.content)).toContain('Deploy to staging (dry run: true).');
      const fromObject = await session.client.callTool({
        name: 'use_skill',
        arguments: { skill: 'DEPLOY', arguments: { env: 'production' } },
      });
      expect(JSON.stringify(fromObject.content)).toContain('Deploy to production (dry run: ).');
    });

    it('returns argument errors as an isError result with the usage line', async () => {
      await using session = await connect();
      const result = await session.client.callTool({
        name: 'use_skill',
        arguments: { skill: 'deploy', arguments: 'moon' },
      });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        {
          type: 'text',
          text: 'Error: Argument "env" must be one of staging, production; got "moon".\nUsage: /deploy <env:staging|production> [--dry-run]',
        },
      ]);
    });

    it('answers bad tool input with an isError result (SEP-1303) and keeps serving', async () => {
      await using session = await connect();
      const wrongType = await session.client.callTool({
        name: 'use_skill',
        arguments: { skill: 'lint', arguments: 3 },
      });
      expect(wrongType.isError).toBe(true);
      expect(JSON.stringify(wrongType.content)).toContain('Invalid input for use_skill');
      const unknownTool = await session.client.callTool({ name: 'use_skil', arguments: {} });
      expect(unknownTool).toMatchObject({
        content: [
          { type: 'text', text: 'Error: Unknown tool "use_skil". Did you mean "use_skill"?' },
        ],
        isError: true,
      });
      const search = await session.client.callTool({
        name: 'search_skills',
        arguments: { query: 'deploy service' },
      });
      expect(JSON.stringify(search.content)).toContain('1. deploy: Deploy the service.');
      const bySynonym = await session.client.callTool({
        name: 'search_skills',
        arguments: { query: 'critique' },
      });
      expect(JSON.stringify(bySynonym.content)).toContain('1. review:');
    });

    it('suggests the closest allowed skill names for an unknown one, never a denied one', async () => {
      await using session = await connect([{ skill: 'secret', action: 'deny' }]);
      const typo = await session.client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'lnt', path: 'rules.md' },
      });
      expect(typo.isError).toBe(true);
      const text = JSON.stringify(typo.content);
      expect(text).toMatch(/did you mean \\"lint\\"/i);
      expect(text.length).toBeLessThan(300);
      const denied = await session.client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'secrets', path: 'key.txt' },
      });
      expect(denied.isError).toBe(true);
      expect(JSON.stringify(denied.content)).not.toContain('"secret"');
    });

    it('reads a skill file through read_skill_file', async () => {
      await using session = await connect();
      const result = await session.client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'lint', path: 'rules.md' },
      });
      expect(result.content).toEqual([{ type: 'text', text: '# Rules\n' }]);
      const missing = await session.client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'lint', path: 'none.md' },
      });
      expect(missing.isError).toBe(true);
    });
  });

  describe('prompts', () => {
    it('lists user-invocable skills with their declared arguments or one arguments string', async () => {
      await using session = await connect();
      const { prompts } = await session.client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toEqual([
        'deploy',
        'lint',
        'manual',
        'review',
        'secret',
      ]);
      expect(prompts.find((prompt) => prompt.name === 'deploy')?.arguments).toEqual([
        {
          name: 'env',
          description: 'Target. (a string; one of staging, production)',
          required: true,
        },
        { name: 'dry-run', description: '(a boolean; true or false)', required: false },
      ]);
      expect(prompts.find((prompt) => prompt.name === 'lint')).toEqual({
        name: 'lint',
        description: 'Lint the code base.',
        arguments: [
          {
            name: 'arguments',
            description: 'Arguments as typed after /lint (optional).',
            required: false,
          },
        ],
      });
    });

    it('returns the rendered activation as a user message', async () => {
      await using session = await connect();
      const deploy = await session.client.getPrompt({
        name: 'deploy',
        arguments: { env: 'staging', 'dry-run': 'true' },
      });
      expect(deploy.messages).toHaveLength(1);
      expect(deploy.messages[0]?.role).toBe('user');
      expect(deploy.messages[0]?.content).toMatchObject({ type: 'text' });
      expect(JSON.stringify(deploy.messages[0]?.content)).toContain(
        'Deploy to staging (dry run: true).',
      );
      const lint = await session.client.getPrompt({
        name: 'lint',
        arguments: { arguments: 'src' },
      });
      expect(JSON.stringify(lint.messages[0]?.content)).toContain('Lint src.');
      const blank = await session.client.getPrompt({ name: 'lint', arguments: { arguments: '' } });
      expect(JSON.stringify(blank.messages[0]?.content)).toContain('Lint .');
      const fork = await session.client.getPrompt({
        name: 'review',
        arguments: { arguments: 'x' },
      });
      expect(JSON.stringify(fork.messages[0]?.content)).toContain('Review x.');
    });

    it('reports argument errors as InvalidParams with the usage line', async () => {
      await using session = await connect();
      const missing = await mcpError(session.client.getPrompt({ name: 'deploy', arguments: {} }));
      expect(missing.code).toBe(ProtocolErrorCode.InvalidParams);
      expect(missing.message).toContain('Usage: /deploy <env:staging|production> [--dry-run]');
      expect(missing.data).toMatchObject({ code: 'missing_argument' });
      const unknown = await mcpError(
        session.client.getPrompt({ name: 'deploy', arguments: { env: 'staging', region: 'eu' } }),
      );
      expect(unknown.message).toContain('Usage: /deploy');
      const notPrompt = await mcpError(session.client.getPrompt({ name: 'background' }));
      expect(notPrompt.message).toContain('Unknown prompt "background"');
    });
  });

  describe('resources', () => {
    it("lists each skill's SKILL.md (its files are in its skills/get manifest), and the template", async () => {
      await using session = await connect();
      const { resources } = await session.client.listResources();
      const lint = resources.filter((resource) => resource.uri.startsWith('skill://lint/'));
      expect(lint.map(({ uri, mimeType }) => ({ uri, mimeType }))).toEqual([
        { uri: 'skill://lint/SKILL.md', mimeType: 'text/markdown' },
      ]);
      expect(lint[0]).toMatchObject({ name: 'lint/SKILL.md', description: 'Lint the code base.' });
      const { resourceTemplates } = await session.client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
        'skill://{+path}',
      ]);
    });

    it('reads text as text and binary files as base64 blobs', async () => {
      await using session = await connect();
      const skillFile = await session.client.readResource({ uri: 'skill://lint/SKILL.md' });
      expect(skillFile.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
      const [content] = skillFile.contents;
      expect(content !== undefined && 'text' in content ? content.text : '').toContain(
        'name: lint',
      );
      const image = await session.client.readResource({ uri: 'skill://lint/logo.png' });
      expect(image.contents).toEqual([
        {
          uri: 'skill://lint/logo.png',
          mimeType: 'image/png',
          blob: Buffer.from(pixel).toString('base64'),
        },
      ]);
      const unknown = await session.client.readResource({ uri: 'skill://lint/data.bin' });
      expect(unknown.contents[0]).toMatchObject({
        mimeType: 'application/octet-stream',
        blob: 'AAEC',
      });
    });

    it('answers a missing file, an unknown skill or a foreign URI with an error', async () => {
      await using session = await connect();
      const missing = await mcpError(session.client.readResource({ uri: 'skill://lint/none.md' }));
      expect(missing.code).toBe(ProtocolErrorCode.InvalidParams);
      const traversal = await mcpError(
        session.client.readResource({ uri: 'skill://lint/../secret/SKILL.md' }),
      );
      expect(traversal.code).toBe(ProtocolErrorCode.InvalidParams);
      const foreign = await mcpError(session.client.readResource({ uri: 'file:///etc/passwd' }));
      expect(foreign.code).toBe(ProtocolErrorCode.InvalidParams);
    });
  });

  describe('policy', () => {
    it('hides a denied skill from every list and refuses it when named', async () => {
      await using session = await connect([{ skill: 'secret', action: 'deny' }]);
      const { client } = session;
      const { tools } = await client.listTools();
      const names = JSON.stringify(tools);
      expect(names).not.toContain('secret');
      const { prompts } = await client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).not.toContain('secret');
      const { resources } = await client.listResources();
      expect(resources.some((resource) => resource.uri.startsWith('skill://secret/'))).toBe(false);

      const useSkill = await client.callTool({ name: 'use_skill', arguments: { skill: 'secret' } });
      expect(useSkill.isError).toBe(true);
      expect(JSON.stringify(useSkill.content)).toContain('Unknown skill \\"secret\\"');
      const readFile = await client.callTool({
        name: 'read_skill_file',
        arguments: { skill: 'secret', path: 'key.txt' },
      });
      expect(readFile).toMatchObject({ isError: true });
      expect(JSON.stringify(readFile.content)).toContain('Unknown skill \\"secret\\"');
      const prompt = await mcpError(client.getPrompt({ name: 'secret' }));
      expect(prompt.message).toContain('Unknown prompt "secret".');
      const resource = await mcpError(client.readResource({ uri: 'skill://secret/key.txt' }));
      expect(resource.code).toBe(ProtocolErrorCode.InvalidParams);
    });

    it('applies the invocation matrix: disable-model-invocation is a prompt, not a tool', async () => {
      await using session = await connect();
      const { tools } = await session.client.listTools();
      expect(JSON.stringify(tools[0]?.inputSchema)).not.toContain('manual');
      const { prompts } = await session.client.listPrompts();
      expect(prompts.map((prompt) => prompt.name)).toContain('manual');
    });

    it('refuses a skill behind an ask rule when the client cannot be asked', async () => {
      await using session = await connect([{ skill: 'lint', surface: 'model', action: 'ask' }]);
      const result = await session.client.callTool({
        name: 'use_skill',
        arguments: { skill: 'lint' },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('needs a person');
    });

    it('asks through elicitation where a rule says ask, on the 2025 era when the client can', async () => {
      const registry = createRegistry({
        sources: [createMemorySource({ scope: 'project', skills })],
      });
      const { client, close } = await connectTestClient({
        era,
        registry,
        policy: createPolicyContext({
          rules: [{ skill: 'lint', surface: 'model', action: 'ask' }],
        }),
        clientOptions: { capabilities: { elicitation: { form: {} } } },
      });
      const questions: string[] = [];
      let answer: 'accept' | 'decline' = 'decline';
      client.setRequestHandler('elicitation/create', async (request) => {
        questions.push(String(request.params.message));
        return { action: answer, ...(answer === 'accept' ? { content: {} } : {}) };
      });
      const call = () => client.callTool({ name: 'use_skill', arguments: { skill: 'lint' } });
      const declined = await call();
      expect(declined.isError).toBe(true);
      answer = 'accept';
      const accepted = await call();
      if (era === 'modern') {
        // No server-to-client requests on 2026-07-28: ask stays a refusal (decision 0119).
        expect(accepted.isError).toBe(true);
        expect(JSON.stringify(accepted.content)).toContain('needs a person');
        expect(questions).toEqual([]);
      } else {
        expect(JSON.stringify(accepted.content)).toContain('Lint .');
        expect(questions).toEqual([
          'Allow the model to use skill "lint" through use_skill?',
          'Allow the model to use skill "lint" through use_skill?',
        ]);
      }
      await close();
      await registry.close();
    });

    it('resolves a policy function for each request', async () => {
      const registry = createRegistry({
        sources: [createMemorySource({ scope: 'project', skills })],
      });
      let rules: PermissionRule[] = [];
      const { client, close } = await connectTestClient({
        era,
        registry,
        policy: () => createPolicyContext({ rules }),
      });
      expect((await client.listPrompts()).prompts).toHaveLength(5);
      rules = [{ skill: '*', action: 'deny' }];
      expect((await client.listPrompts()).prompts).toEqual([]);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'read_skill_file',
      ]);
      await close();
      await registry.close();
    });
  });
});
