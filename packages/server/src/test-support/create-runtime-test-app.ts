import type { StoredSkillScope } from '@skillset/store';
import pino from 'pino';
import { createSkillRuntime, type SkillRuntime } from '../runtime/skill-runtime.ts';
import { type CreateTestAppOptions, createTestApp, type TestApp } from './create-test-app.ts';

/** A test app whose skill runtime is reachable, with helpers to add skills. */
export interface RuntimeTestApp extends TestApp {
  runtime: SkillRuntime;
  /** Creates a skill through the store (default: a workspace skill of the owner's workspace) and waits until the runtime holds it. */
  addSkill(
    text: string,
    options?: { scope?: StoredSkillScope; workspaceId?: string; ownerUserId?: string },
  ): Promise<{ id: string; name: string }>;
}

/** Builds a `SKILL.md` text for tests. */
export function skillText(
  name: string,
  options: { description?: string; frontmatter?: string; body?: string } = {},
): string {
  const description = options.description ?? `Helps with ${name} tasks.`;
  return `---\nname: ${name}\ndescription: ${description}\n${options.frontmatter ?? ''}---\n\n${options.body ?? `# ${name}\n\nDo the ${name} thing.`}\n`;
}

/** Resolves when `condition` holds, polling every 10 ms; rejects after `timeout` ms. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeout = 1000,
): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeout) throw new Error(`condition not met within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Creates the API app with an explicit skill runtime (closed with the app). */
export async function createRuntimeTestApp(
  options: CreateTestAppOptions = {},
): Promise<RuntimeTestApp> {
  let runtime: SkillRuntime | undefined;
  const base = await createTestApp({
    ...options,
    createRuntime: (store) => {
      runtime = createSkillRuntime({
        store,
        logger: pino({ level: 'warn' }),
        usageFlushDelayMs: 10,
        ...(options.mcpSourcePolicy === undefined
          ? {}
          : { mcpSourcePolicy: options.mcpSourcePolicy }),
      });
      return runtime;
    },
  });
  if (runtime === undefined) throw new Error('createTestApp did not build the runtime');
  const built = runtime;
  return {
    ...base,
    runtime: built,
    async addSkill(text, skillOptions = {}) {
      const scope = skillOptions.scope ?? 'workspace';
      const result = await base.store.skills.create({
        scope,
        skillMd: text,
        ...(scope === 'workspace' || scope === 'personal'
          ? { workspaceId: skillOptions.workspaceId ?? base.owner.workspaceId }
          : {}),
        ...(skillOptions.ownerUserId === undefined
          ? {}
          : { ownerUserId: skillOptions.ownerUserId }),
      });
      if (!result.ok) throw new Error(`addSkill failed: ${JSON.stringify(result)}`);
      // As after a write through the API: the next request sees the skill, on PostgreSQL too.
      await built.settle();
      return { id: result.skill.id, name: result.skill.name };
    },
  };
}
