import { Client, ProtocolError } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createTempDir } from '@skillset/core/test';
import { MODERN_PROTOCOL_VERSION } from '@skillset/mcp/test';
import { describe, expect, it } from 'vitest';
import { skillsetBin } from '../support/skillset-bin.ts';
import { createCliProject } from './create-cli-project.ts';

/**
 * `skillset mcp` over stdio under a `skillset.json` ask rule, as an MCP client configuration runs
 * it: the skill is listed, its text refused on both eras (an ask on invoking holds on reading),
 * another skill served whole (decision 0140).
 */
describe.each(['legacy', 'modern'] as const)('skillset mcp under an ask rule, %s era', (era) => {
  it('lists the skill but refuses its text through prompts/get and resources/read', async () => {
    await using cache = await createTempDir();
    await using project = await createCliProject({
      skills: [
        {
          name: 'review',
          description: 'Review a change before it ships.',
          body: 'Review marker zz-review-body.\n',
          files: { 'checklist.md': '# zz-review-file\n' },
        },
        { name: 'deploy', description: 'Deploy the app.', body: 'Deploy zz-deploy-body.\n' },
        { name: 'notes', description: 'Keep notes of a meeting.', body: 'Notes zz-notes-body.\n' },
      ],
      policy: {
        rules: [
          { skill: 'review', surface: 'model', action: 'ask' },
          { skill: 'deploy', action: 'ask' },
        ],
      },
      cacheDir: cache.path,
    });
    const transport = new StdioClientTransport({
      command: skillsetBin,
      args: ['mcp'],
      cwd: project.project,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...project.env },
      stderr: 'pipe',
    });
    const client = new Client(
      { name: 'mcp-ask-test', version: '1.0.0' },
      era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } } : {},
    );
    await client.connect(transport);
    try {
      expect(client.getProtocolEra()).toBe(era);
      const { resources } = await client.listResources();
      expect(resources.map((resource) => resource.uri)).toContain('skill://review/SKILL.md');
      const refusals: unknown[] = [];
      for (const request of [
        () => client.readResource({ uri: 'skill://review/SKILL.md' }),
        () => client.readResource({ uri: 'skill://review/checklist.md' }),
        () => client.getPrompt({ name: 'deploy' }),
      ]) {
        const error = await request().then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(error).toBeInstanceOf(ProtocolError);
        expect(String((error as ProtocolError).message)).not.toMatch(/zz-(review|deploy)/);
        refusals.push((error as ProtocolError).data);
      }
      expect(refusals).toEqual([
        { code: 'approval_required', skill: 'review' },
        { code: 'approval_required', skill: 'review' },
        { code: 'approval_required', skill: 'deploy' },
      ]);
      const notes = await client.readResource({ uri: 'skill://notes/SKILL.md' });
      expect(JSON.stringify(notes.contents)).toContain('zz-notes-body');
      const prompt = await client.getPrompt({ name: 'notes' });
      expect(JSON.stringify(prompt.messages)).toContain('zz-notes-body');
    } finally {
      await client.close();
    }
  }, 60_000);
});
