import { createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliProject } from '../cli/create-cli-project.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import { spawnSkillset } from '../support/run-skillset.ts';
import { startOtlpReceiver } from './otlp-receiver.ts';

// Planted in the model's tool arguments: it may not reach the collector.
const PLANTED_ARGUMENT = 'planted-argument-e51f77';

let cache: TempDir;
beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache?.[Symbol.asyncDispose]();
});

describe('skillset chat with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('sends a fork span inside the use_skill tool call that started it', async () => {
    await using receiver = await startOtlpReceiver();
    await using cli = await createCliProject({
      skills: [
        {
          name: 'review',
          description: 'Review a change in a sub-agent.',
          fields: { context: 'fork' },
          body: 'Review $ARGUMENTS carefully.\n',
        },
      ],
      cacheDir: cache.path,
    });
    // The model uses the skill, the fork's sub-agent answers, then the model answers.
    const endpoint = await startOpenAiCompatibleServer([
      {
        toolCalls: [
          { name: 'use_skill', arguments: { skill: 'review', arguments: PLANTED_ARGUMENT } },
        ],
      },
      { text: 'The fork reviewed it.' },
      { text: 'All reviewed.' },
    ]);
    try {
      const result = await spawnSkillset(['chat'], {
        cwd: cli.project,
        env: {
          ...cli.env,
          SKILLSET_MODEL: 'openai-compatible:test-model',
          OPENAI_BASE_URL: endpoint.baseUrl,
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        },
        input: 'please review the change\n',
      });
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain('All reviewed.');
      expect(JSON.stringify(endpoint.requests[1]?.messages)).toContain(
        `Review ${PLANTED_ARGUMENT} carefully.`,
      );
    } finally {
      await endpoint.close();
    }

    const spans = receiver.spans();
    const fork = spans.find((span) => span.name === 'skillset.fork');
    const call = spans.find((span) => span.name === 'skillset.tool_call');
    expect(fork?.parentSpanId).toBe(call?.spanId);
    expect(fork?.attributes).toEqual({
      'skillset.skill.name': 'review',
      'skillset.surface': 'model',
      'skillset.principal.kind': 'local',
      'skillset.outcome': 'ok',
    });
    expect(
      spans.filter((span) => span.name === 'skillset.tool_call').map((span) => span.attributes),
    ).toContainEqual({
      'skillset.tool.name': 'use_skill',
      'skillset.skill.name': 'review',
      'skillset.surface': 'model',
      'skillset.principal.kind': 'local',
      'skillset.outcome': 'ok',
    });
    for (const body of receiver.bodies) expect(body.text).not.toContain(PLANTED_ARGUMENT);
  }, 60_000);
});
