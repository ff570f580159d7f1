import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { skillsetBin } from '../support/skillset-bin.ts';
import { startOtlpReceiver } from './otlp-receiver.ts';

// Planted in the message: it may not reach the collector.
const PLANTED_ARGUMENT = 'planted-argument-0c41be';

interface Serving {
  child: ChildProcess;
  url: string;
  ownerToken: string;
}

/** Starts `skillset serve --port 0` as a process; resolves once it listens and printed its owner token. */
function serve(dataDir: string, env: Record<string, string>): Promise<Serving> {
  const child = spawn(skillsetBin, ['serve', '--port', '0'], {
    cwd: dataDir,
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', SKILLSET_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /Skillset is running at (http:\/\/\S+)/.exec(stderr)?.[1];
      const ownerToken = /Owner token: (sks_\S+)/.exec(stderr)?.[1];
      if (url && ownerToken && /Press Ctrl\+C/.test(stderr)) resolve({ child, url, ownerToken });
    });
    child.once('exit', (code) => reject(new Error(`skillset serve exited (${code}): ${stderr}`)));
  });
}

async function call(url: string, token: string, method: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

describe('skillset serve with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('sends catalog and activation spans with the principal kind for /api/skills/prompt and /api/skills/invoke', async () => {
    await using receiver = await startOtlpReceiver();
    await using dataDir = await createTempDir();
    const server = await serve(dataDir.path, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    let created: { hash: string } = { hash: '' };
    try {
      const { url, ownerToken } = server;
      created = await call(`${url}/api/skills`, ownerToken, 'POST', {
        content: '---\nname: notes\ndescription: Take notes.\n---\nNote: $ARGUMENTS\n',
      });
      const agent = await call(`${url}/api/agents`, ownerToken, 'POST', { name: 'scribe' });
      const { token: agentToken } = await call(`${url}/api/tokens`, ownerToken, 'POST', {
        name: 'scribe key',
        agentId: agent.id,
      });
      for (const token of [ownerToken, agentToken]) {
        const prompt = await call(`${url}/api/skills/prompt`, token, 'GET');
        expect(JSON.stringify(prompt)).toContain('notes');
        const invoked = await call(`${url}/api/skills/invoke`, token, 'POST', {
          message: `/notes ${PLANTED_ARGUMENT}`,
        });
        expect(invoked.activations[0].content).toContain(`Note: ${PLANTED_ARGUMENT}`);
      }
    } finally {
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    }

    const spans = receiver.spans();
    const catalogs = spans.filter((span) => span.name === 'skillset.catalog');
    expect(catalogs.map((span) => span.attributes['skillset.principal.kind'])).toEqual([
      'user',
      'agent',
    ]);
    for (const span of catalogs) {
      expect(span.attributes).toMatchObject({
        'skillset.surface': 'catalog',
        'skillset.outcome': 'ok',
      });
      expect(span.attributes['skillset.count']).toBeGreaterThan(0);
    }
    const activations = spans.filter((span) => span.name === 'skillset.activate');
    expect(activations.map((span) => span.attributes)).toEqual(
      ['user', 'agent'].map((kind) => ({
        'skillset.skill.name': 'notes',
        'skillset.skill.version': 1,
        'skillset.skill.digest': created.hash,
        'skillset.surface': 'user',
        'skillset.principal.kind': kind,
        'skillset.outcome': 'ok',
      })),
    );
    const counted = receiver.points().filter((point) => point.metric === 'skillset.activations');
    expect(counted.map((point) => point.attributes['skillset.principal.kind']).sort()).toEqual([
      'agent',
      'user',
    ]);
    for (const body of receiver.bodies) expect(body.text).not.toContain(PLANTED_ARGUMENT);
  }, 90_000);
});
