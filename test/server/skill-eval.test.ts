import type { TriggerEvalReport } from '@skillset/core/authoring';
import { resolveServerConfig } from '@skillset/server';
import { createRuntimeTestApp, type RuntimeTestApp, skillText } from '@skillset/server/test';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CompletionRequest,
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';

const triggers = [
  { query: 'write the changelog for version 2.1', should_trigger: true },
  { query: 'draft release notes from the merged pull requests', should_trigger: true },
  { query: 'what shipped this sprint, for the announcement', should_trigger: true },
  { query: 'write a commit message for my staged changes', should_trigger: false },
];

let endpoint: OpenAiCompatibleServer | undefined;
let server: RuntimeTestApp | undefined;
afterEach(async () => {
  await server?.[Symbol.asyncDispose]();
  await endpoint?.close();
  server = undefined;
  endpoint = undefined;
});

/** A test app with three workspace skills; release-notes carries evals/triggers.json. */
async function evalApp(options: Parameters<typeof createRuntimeTestApp>[0] = {}) {
  server = await createRuntimeTestApp(options);
  const created = await server.store.skills.create({
    scope: 'workspace',
    workspaceId: server.owner.workspaceId,
    skillMd: skillText('release-notes', {
      description: 'Write release notes and changelogs from the merged pull requests.',
    }),
    files: [{ path: 'evals/triggers.json', content: JSON.stringify(triggers) }],
  });
  if (!created.ok) throw new Error('release-notes was not created');
  await server.addSkill(
    skillText('commit-message', { description: 'Write a commit message for the staged changes.' }),
  );
  await server.addSkill(
    skillText('pdf-forms', { description: 'Fill in PDF forms with the values the user gives.' }),
  );
  return server;
}

/** What the eval routes and their errors answer. */
interface EvalBody {
  version: number;
  createdAt: string;
  report: TriggerEvalReport;
  lastEval: EvalBody | null;
  error: { code: string; message: string };
}

async function read(response: Response): Promise<EvalBody> {
  return (await response.json()) as EvalBody;
}

/** A request as the workspace owner unless `options.token` says otherwise. */
function call(
  app: RuntimeTestApp,
  method: string,
  path: string,
  options: Parameters<RuntimeTestApp['request']>[2] = {},
) {
  return app.request(method, path, { token: app.owner.token, ...options });
}

describe('POST /api/skills/{name}/eval (offline)', () => {
  it("runs the skill's evals/triggers.json in the workspace's catalog and keeps it as the last result", async () => {
    const app = await evalApp();
    const response = await call(app, 'POST', '/api/skills/release-notes/eval');
    expect(response.status).toBe(200);
    const result = await read(response);
    expect(result).toMatchObject({
      version: 1,
      report: { skill: 'release-notes', mode: 'offline', top: 3, passed: 3, failed: 1 },
    });
    expect(result.report.skillCount).toBeGreaterThanOrEqual(3);
    expect(result.report.recall).toBeCloseTo(2 / 3);
    expect(result.report.cases.map((each) => each.rank)).toEqual([1, 1, null, expect.any(Number)]);
    const last = await call(app, 'GET', '/api/skills/release-notes/eval');
    expect(await read(last)).toEqual({ lastEval: result });
    const none = await call(app, 'GET', '/api/skills/pdf-forms/eval');
    expect(await read(none)).toEqual({ lastEval: null });
  });

  it('takes the cases from the body, and says what is wrong with bad ones or none', async () => {
    const app = await evalApp();
    const ok = await call(app, 'POST', '/api/skills/pdf-forms/eval', {
      json: {
        evalSet: [{ query: 'fill in this pdf form with my address', should_trigger: true }],
        top: 1,
      },
    });
    expect(ok.status).toBe(200);
    expect((await read(ok)).report).toMatchObject({ top: 1, recall: 1, passed: 1 });

    const missing = await call(app, 'POST', '/api/skills/pdf-forms/eval');
    expect(missing.status).toBe(400);
    expect(await read(missing)).toMatchObject({
      error: {
        code: 'eval_set_missing',
        message: expect.stringContaining('has no evals/triggers.json'),
      },
    });
    const bad = await call(app, 'POST', '/api/skills/pdf-forms/eval', {
      json: { evalSet: [{ query: 'x', should_trigger: 'yes' }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await read(bad))).toContain('should_trigger');
    const broken = await app.store.skills.create({
      scope: 'workspace',
      workspaceId: app.owner.workspaceId,
      skillMd: skillText('broken-evals'),
      files: [{ path: 'evals/triggers.json', content: '{"not": "an array"}' }],
    });
    expect(broken.ok).toBe(true);
    const invalid = await call(app, 'POST', '/api/skills/broken-evals/eval');
    expect(invalid.status).toBe(400);
    expect(await read(invalid)).toMatchObject({
      error: {
        code: 'invalid_eval_set',
        message: expect.stringMatching(/^broken-evals\/evals\/triggers\.json: .*JSON array/),
      },
    });
    expect(await read(await call(app, 'GET', '/api/skills/broken-evals/eval'))).toEqual({
      lastEval: null,
    });
  });

  it('refuses a skill that is not in the catalog: a model could not choose it', async () => {
    const app = await evalApp();
    const off = await call(app, 'POST', '/api/skills/release-notes/disable');
    expect(off.status).toBe(200);
    const response = await call(app, 'POST', '/api/skills/release-notes/eval');
    expect(response.status).toBe(409);
    expect((await read(response)).error.code).toBe('skill_not_in_catalog');
  });

  it('lets a viewer read the last result but not run one, and shows another workspace nothing', async () => {
    const app = await evalApp();
    await call(app, 'POST', '/api/skills/release-notes/eval');
    const viewer = await app.addUser('viewer');
    const denied = await call(app, 'POST', '/api/skills/release-notes/eval', {
      token: viewer.token,
    });
    expect(denied.status).toBe(403);
    const seen = await call(app, 'GET', '/api/skills/release-notes/eval', {
      token: viewer.token,
    });
    expect((await read(seen)).lastEval?.report.skill).toBe('release-notes');

    const stranger = await app.addWorkspace('other team');
    for (const method of ['GET', 'POST']) {
      const response = await call(app, method, '/api/skills/release-notes/eval', {
        token: stranger.token,
      });
      expect(response.status).toBe(404);
    }
    // A built-in skill is shared, but its result is per workspace, and nobody may run one on it.
    const builtin = await call(app, 'POST', '/api/skills/create-skill/eval', {
      json: { evalSet: triggers },
    });
    expect(builtin.status).toBe(403);
  });
});

/** Loads release-notes for changelog-ish requests, answers the rest. */
function replyTo(request: CompletionRequest) {
  const user = JSON.stringify(request.messages.findLast((message) => message.role === 'user'));
  if (/changelog|release notes/i.test(user))
    return { toolCalls: [{ name: 'use_skill', arguments: { skill: 'release-notes' } }] };
  return { text: 'Answered without a skill.' };
}

describe('POST /api/skills/{name}/eval with the model', () => {
  it("asks the server's chat model with the caller's catalog, per run", async () => {
    endpoint = await startOpenAiCompatibleServer(Array(8).fill(replyTo));
    const { model } = resolveServerConfig({
      env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
    });
    const app = await evalApp({ chat: model === undefined ? {} : { model } });
    const response = await call(app, 'POST', '/api/skills/release-notes/eval', {
      json: { withModel: true, runs: 2 },
    });
    expect(response.status).toBe(200);
    const { report } = await read(response);
    expect(endpoint.requests).toHaveLength(8);
    expect(JSON.stringify(endpoint.requests[0]?.messages[0])).toContain('pdf-forms');
    expect(report).toMatchObject({
      mode: 'model',
      model: 'openai-compatible:test',
      runs: 2,
      precision: 1,
      passAtK: 0.75,
    });
    expect(report.cases.map((each) => each.triggers)).toEqual([2, 2, 0, 0]);
    // Eval runs are not uses of the skill: a real use made after them is written, they are not.
    const used = await call(app, 'POST', '/api/skills/invoke', { json: { message: '/pdf-forms' } });
    expect(used.status).toBe(200);
    await app.runtime.usage.flush();
    const usage = await call(app, 'GET', '/api/usage');
    expect(usage.status).toBe(200);
    const recorded = JSON.stringify(await read(usage));
    expect(recorded).toContain('pdf-forms');
    expect(recorded).not.toContain('release-notes');

    const tooMany = await call(app, 'POST', '/api/skills/release-notes/eval', {
      json: { withModel: true, runs: 10, evalSet: Array(31).fill(triggers[0]) },
    });
    expect(tooMany.status).toBe(400);
    expect((await read(tooMany)).error.message).toContain('at most 300');
  });

  it('answers 503 saying what to set when the server has no model', async () => {
    const app = await evalApp();
    const response = await call(app, 'POST', '/api/skills/release-notes/eval', {
      json: { withModel: true },
    });
    expect(response.status).toBe(503);
    expect((await read(response)).error.message).toContain('SKILLSET_MODEL');
  });
});
