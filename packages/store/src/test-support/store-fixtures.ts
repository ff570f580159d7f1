import { sql } from 'drizzle-orm';
import { queryRows } from '../database/store-database.ts';
import type { CreateSkillOptions } from '../skills/skill-types.ts';
import type { Store } from '../store/store.ts';

/** Builds a SKILL.md text for tests. */
export function skillText(
  name: string,
  options: { description?: string; frontmatter?: string; body?: string } = {},
): string {
  const description = options.description ?? `Helps with ${name} tasks.`;
  return `---\nname: ${name}\ndescription: ${description}\n${options.frontmatter ?? ''}---\n\n${options.body ?? `# ${name}\n\nDo the ${name} thing.`}\n`;
}

/** A workspace with an owner, for tests that need a tenant. */
export async function createTenant(store: Store, label: string) {
  const user = await store.users.create({ name: `${label} owner` });
  const workspace = await store.workspaces.create({
    name: `${label} ${Math.random().toString(36).slice(2, 8)}`,
  });
  await store.members.add({ workspaceId: workspace.id, userId: user.id, role: 'owner' });
  return { user, workspace, access: { workspaceId: workspace.id, userId: user.id } };
}

/** Resolves when `condition` holds, polling every 10 ms; rejects after `timeout` ms. */
export async function waitFor(condition: () => boolean, timeout = 1000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeout) throw new Error(`condition not met within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Counts the rows of a table. */
export async function countRows(store: Store, table: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    store.database,
    sql.raw(`select count(*)::int as count from ${table}`),
  );
  return row?.count ?? 0;
}

/** Creates a workspace skill from generated SKILL.md text, failing the test when refused. */
export async function createWorkspaceSkill(
  store: Store,
  workspaceId: string,
  name: string,
  options: Parameters<typeof skillText>[1] = {},
  extra: Partial<CreateSkillOptions> = {},
) {
  const result = await store.skills.create({
    scope: 'workspace',
    workspaceId,
    skillMd: skillText(name, options),
    ...extra,
  });
  if (!result.ok) throw new Error(`create ${name} failed: ${JSON.stringify(result)}`);
  return result.skill;
}
