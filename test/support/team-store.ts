import { createTestApp, skillText, type TestApp } from '@skillset/server/test';
import { openStore, parseSecretKey, type Store } from '@skillset/store';
import { digestTables, listStoreTables } from '@skillset/store/test';
import { expect } from 'vitest';

/** The tokens of a filled team store: its owner's and its agent's. */
export interface TeamTokens {
  ownerToken: string;
  agentToken: string;
}

/** Opens (and migrates) a PGlite folder with a secret key. */
export function openPgliteFolder(dataDir: string, secretKey: string): Promise<Store> {
  return openStore({ dataDir, migrate: true, secretKey: parseSecretKey(secretKey) });
}

/** The row count and digest of every table, read in one transaction. */
export function digestOf(store: Store) {
  return store.transaction(async (transaction) =>
    digestTables(transaction.database, await listStoreTables(transaction.database)),
  );
}

async function call(app: TestApp, token: string, method: string, path: string, json?: unknown) {
  const response = await app.request(method, path, {
    token,
    ...(json === undefined ? {} : { json }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
}

/**
 * Fills an empty store as a team would, through the API: skills with two versions and a file, an
 * agent with a deny rule and a token, a secret bound to a skill, workspace settings, a use of a
 * skill, a second workspace, and the audit log all of it writes. Closes the store.
 */
export async function fillTeamStore(store: Store): Promise<TeamTokens> {
  const app = await createTestApp({ store });
  try {
    const ownerToken = app.owner.token;
    const owner = (path: string, method = 'GET', json?: unknown) =>
      call(app, ownerToken, method, path, json);
    const requires = 'requires:\n  env: [API_KEY]\n';
    await owner('/api/skills', 'POST', {
      content: skillText('release-notes', { frontmatter: requires }),
      files: { 'scripts/notes.sh': 'echo notes\n' },
    });
    const first = await app.request('GET', '/api/skills/release-notes', { token: ownerToken });
    const edited = await app.request('PUT', '/api/skills/release-notes', {
      token: ownerToken,
      headers: { 'if-match': first.headers.get('etag') as string },
      json: {
        content: skillText('release-notes', { frontmatter: requires, body: 'Version two.' }),
      },
    });
    expect(edited.status).toBe(200);
    await owner('/api/skills', 'POST', { content: skillText('deploy') });
    const agent = (await owner('/api/agents', 'POST', { name: 'ci-bot' })) as { id: string };
    await owner('/api/permissions', 'POST', { agentId: agent.id, skill: 'deploy', action: 'deny' });
    const created = (await owner('/api/tokens', 'POST', { name: 'ci', agentId: agent.id })) as {
      token: string;
    };
    await owner('/api/secrets/API_KEY', 'PUT', { value: 'sk-live-123', skills: ['release-notes'] });
    await owner(`/api/workspaces/${app.owner.workspaceId}`, 'PATCH', {
      settings: { catalogBudget: 3000 },
    });
    await owner('/api/skills/invoke', 'POST', { message: '/release-notes v2' });
    const other = await app.addWorkspace('Research');
    await call(app, other.token, 'POST', '/api/skills', { content: skillText('lab-notes') });
    return { ownerToken, agentToken: created.token };
  } finally {
    await app[Symbol.asyncDispose]();
  }
}
