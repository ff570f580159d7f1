import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';
import { repoRoot } from '../support/shared-dir.ts';

/** Starts `npm start` on a free port with its data in `dataDir`; resolves with the server URL. */
async function startServer(
  dataDir: string,
): Promise<{ npm: ChildProcess; url: string; output: () => string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const npm = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: repoRoot,
    env: { ...env, SKILLSET_DATA_DIR: dataDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Skillset is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1] && /Press Ctrl\+C/.test(output)) resolve(match[1]);
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    npm.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
  });
  return { npm, url, output: () => output };
}

async function stop(npm: ChildProcess): Promise<void> {
  const exited = once(npm, 'exit');
  npm.kill('SIGTERM');
  await exited;
}

/** Opens a sign-in link without following the redirect; returns the status and the cookie. */
async function openSignInLink(link: string): Promise<{ status: number; cookie: string }> {
  const response = await fetch(link, { redirect: 'manual' });
  const cookie = /^(skillset_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  return { status: response.status, cookie: cookie?.[1] ?? '' };
}

function signInLink(output: string): string {
  const links = [...output.matchAll(/Sign in: +(http:\/\/\S+\/sign-in\?code=\S+)/g)];
  const link = links.at(-1)?.[1];
  if (link === undefined) throw new Error(`no sign-in link in:\n${output}`);
  return link;
}

describe('npm start', () => {
  it.each([
    'SIGINT',
    'SIGTERM',
  ] as const)('serves the API and stops the server when npm receives %s', async (signal) => {
    await using dataDir = await createTempDir();
    const { npm, url } = await startServer(dataDir.path);
    const openapi = await fetch(`${url}/api/openapi.json`);
    expect(openapi.status).toBe(200);

    const exited = once(npm, 'exit');
    npm.kill(signal);
    await exited;
    await expect(fetch(`${url}/api/openapi.json`)).rejects.toThrow();
  }, 60_000);

  it('prints a one-time sign-in link on every start; sign-in-link and token create work beside it', async () => {
    await using dataDir = await createTempDir();
    const env = { SKILLSET_DATA_DIR: dataDir.path };
    const first = await startServer(dataDir.path);
    expect(first.output()).toMatch(/Owner token: sks_/);
    const firstLink = signInLink(first.output());
    expect(firstLink).not.toMatch(/token=|sks_/);
    const signedIn = await openSignInLink(firstLink);
    expect(signedIn.status).toBe(303);
    const me = await fetch(`${first.url}/api/me`, { headers: { cookie: signedIn.cookie } });
    expect(me.status).toBe(200);
    expect((await openSignInLink(firstLink)).status).toBe(410);

    // The running server holds PGlite: sign-in-link leaves the code for it; token create refuses.
    const fresh = await spawnSkillset(['sign-in-link'], { cwd: dataDir.path, env });
    expect(fresh.exitCode).toBe(0);
    const freshLink = signInLink(fresh.stdout);
    expect(freshLink.startsWith(`${first.url}/sign-in?code=`)).toBe(true);
    expect((await openSignInLink(freshLink)).status).toBe(303);
    expect((await openSignInLink(freshLink)).status).toBe(410);
    const refused = await spawnSkillset(['token', 'create', '--name', 'ci'], {
      cwd: dataDir.path,
      env,
    });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('stop it first');
    await stop(first.npm);

    const created = await spawnSkillset(['token', 'create', '--name', 'ci', '--expires', '30d'], {
      cwd: dataDir.path,
      env,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^sks_\S+$/);
    expect(created.stderr).toContain('shown only once');
    const offline = await spawnSkillset(['sign-in-link', '--url', 'http://skills.test'], {
      cwd: dataDir.path,
      env,
    });
    expect(offline.exitCode, offline.stderr).toBe(0);
    const offlineLink = signInLink(offline.stdout);
    expect(offlineLink).toMatch(/^http:\/\/skills\.test\/sign-in\?code=/);

    const second = await startServer(dataDir.path);
    try {
      expect(second.output()).not.toMatch(/Owner token/);
      const secondLink = signInLink(second.output());
      expect(secondLink).not.toBe(firstLink);
      expect((await openSignInLink(secondLink)).status).toBe(303);
      const stored = await openSignInLink(offlineLink.replace('http://skills.test', second.url));
      expect(stored.status).toBe(303);
      const withToken = await fetch(`${second.url}/api/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withToken.status).toBe(200);
      const oldSession = await fetch(`${second.url}/api/me`, {
        headers: { cookie: signedIn.cookie },
      });
      expect(oldSession.status).toBe(200);
    } finally {
      await stop(second.npm);
    }
  }, 120_000);

  it('sign-in-link --email signs a member back in, beside the server and with it stopped', async () => {
    await using dataDir = await createTempDir();
    const env = { SKILLSET_DATA_DIR: dataDir.path };
    const server = await startServer(dataDir.path);
    const ownerToken = /Owner token: (sks_\S+)/.exec(server.output())?.[1] as string;
    const owner = await fetch(`${server.url}/api/me`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const { workspaceId } = ((await owner.json()) as { principal: { workspaceId: string } })
      .principal;
    const invited = await fetch(`${server.url}/api/workspaces/${workspaceId}/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'Member@Example.test', role: 'member', kind: 'open_link' }),
    });
    const { code } = (await invited.json()) as { code: string };
    const accepted = await fetch(`${server.url}/api/invitations/${code}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Mia Member' }),
    });
    const memberId = ((await accepted.json()) as { user: { id: string } }).user.id;
    const whoOpens = async (link: string) => {
      const { cookie } = await openSignInLink(link);
      const me = await fetch(link.replace(/\/sign-in\?.*/, '/api/me'), { headers: { cookie } });
      return ((await me.json()) as { user?: { id: string } }).user?.id;
    };

    const beside = await spawnSkillset(['sign-in-link', '--email', 'member@example.test'], {
      cwd: dataDir.path,
      env,
    });
    expect(beside.exitCode, beside.stderr).toBe(0);
    expect(beside.stderr).toContain('the account of member@example.test');
    expect(await whoOpens(signInLink(beside.stdout))).toBe(memberId);
    await stop(server.npm);

    const offline = await spawnSkillset(['sign-in-link', '--email', 'MEMBER@example.test'], {
      cwd: dataDir.path,
      env,
    });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(offline.stderr).toContain('Mia Member <MEMBER@example.test>');
    const unknown = await spawnSkillset(['sign-in-link', '--email', 'nobody@example.test'], {
      cwd: dataDir.path,
      env,
    });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('No account uses the address "nobody@example.test"');
    const restarted = await startServer(dataDir.path);
    try {
      const link = signInLink(offline.stdout).replace(/^http:\/\/[^/]+/, restarted.url);
      expect(await whoOpens(link)).toBe(memberId);
    } finally {
      await stop(restarted.npm);
    }
  }, 120_000);
});
