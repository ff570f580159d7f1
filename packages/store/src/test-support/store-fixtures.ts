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
