import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCliProject } from '../cli/create-cli-project.ts';
import { spawnSkillset } from '../support/run-skillset.ts';
import { repoRoot } from '../support/shared-dir.ts';
import { startOtlpReceiver } from './otlp-receiver.ts';

const run = promisify(execFile);
const bin = path.join(repoRoot, 'packages', 'cli', 'bin', 'skillset.js');

// Planted in the message and in the environment: neither may reach the collector.
const PLANTED_ARGUMENT = 'planted-argument-7f3a9c';
const PLANTED_SECRET = 'planted-secret-value-51d2e8';

let cache: TempDir;
beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache?.[Symbol.asyncDispose]();
});

function project() {
  return createCliProject({
    skills: [
      {
        name: 'echo',
        description: 'Repeat the text.',
        fields: { version: '1.2' },
        body: 'Echo: $ARGUMENTS\n',
      },
      { name: 'secret', description: 'Never to be used.' },
      { name: 'pdf-tools', description: 'Fill and merge PDF forms.' },
    ],
    policy: { rules: [{ skill: 'secret', action: 'deny' }] },
    cacheDir: cache.path,
  });
}

describe('skillset with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it('sends an activation span and the activations counter for skillset invoke, and never the arguments', async () => {
    await using receiver = await startOtlpReceiver();
    await using cli = await project();
    const result = await spawnSkillset(['invoke', `/echo ${PLANTED_ARGUMENT}`], {
      cwd: cli.project,
      env: {
        ...cli.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        SKILL_API_TOKEN: PLANTED_SECRET,
      },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(`Echo: ${PLANTED_ARGUMENT}`);

    const activations = receiver.spans().filter((span) => span.name === 'skillset.activate');
    expect(activations).toEqual([
      expect.objectContaining({
        attributes: {
          'skillset.skill.name': 'echo',
          'skillset.skill.version': '1.2',
          'skillset.surface': 'user',
          'skillset.principal.kind': 'local',
          'skillset.outcome': 'ok',
        },
      }),
    ]);
    expect(receiver.points()).toContainEqual({
      metric: 'skillset.activations',
      value: 1,
      attributes: {
        'skillset.skill.name': 'echo',
        'skillset.surface': 'user',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'ok',
      },
    });
    expect(receiver.points().filter((point) => point.metric === 'skillset.failures')).toEqual([]);
    expect(receiver.bodies.length).toBeGreaterThan(0);
    for (const body of receiver.bodies) {
      expect(body.contentType).toContain('application/json');
      expect(body.text).not.toContain(PLANTED_ARGUMENT);
      expect(body.text).not.toContain(PLANTED_SECRET);
    }
  });

  it('sends a refused span and counts a failure for a denied skill, and an unknown one without its name', async () => {
    await using receiver = await startOtlpReceiver();
    await using cli = await project();
    const env = { ...cli.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    const denied = await spawnSkillset(['invoke', `/secret ${PLANTED_ARGUMENT}`], {
      cwd: cli.project,
      env,
    });
    expect(denied.exitCode).toBe(1);
    const unknown = await spawnSkillset(['invoke', `/nosuch-${PLANTED_ARGUMENT} hello`], {
      cwd: cli.project,
      env,
    });
    expect(unknown.exitCode).toBe(0);

    const activations = receiver.spans().filter((span) => span.name === 'skillset.activate');
    expect(activations.map((span) => span.attributes)).toEqual([
      {
        'skillset.skill.name': 'secret',
        'skillset.surface': 'user',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'refused',
        'skillset.error.code': 'permission_denied',
      },
      {
        'skillset.surface': 'user',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'refused',
        'skillset.error.code': 'unknown_skill',
      },
    ]);
    const failures = receiver.points().filter((point) => point.metric === 'skillset.failures');
    expect(failures).toContainEqual({
      metric: 'skillset.failures',
      value: 1,
      attributes: {
        'skillset.operation': 'skillset.activate',
        'skillset.skill.name': 'secret',
        'skillset.surface': 'user',
        'skillset.principal.kind': 'local',
        'skillset.outcome': 'refused',
        'skillset.error.code': 'permission_denied',
      },
    });
    for (const body of receiver.bodies) expect(body.text).not.toContain(PLANTED_ARGUMENT);
  });

  it('sends a search span with the number of results and a catalog span, without the query', async () => {
    await using receiver = await startOtlpReceiver();
    await using cli = await project();
    const env = { ...cli.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    const search = await spawnSkillset(['search', `pdf ${PLANTED_ARGUMENT}`, '--json'], {
      cwd: cli.project,
      env,
    });
    const hits = JSON.parse(search.stdout).results;
    expect(hits[0].name).toBe('pdf-tools');
    const catalog = await spawnSkillset(['catalog', '--json'], { cwd: cli.project, env });
    const listed = JSON.parse(catalog.stdout).entries;
    expect(listed.length).toBeGreaterThan(1);

    const spans = receiver.spans();
    expect(spans.find((span) => span.name === 'skillset.search')?.attributes).toEqual({
      'skillset.surface': 'catalog',
      'skillset.principal.kind': 'local',
      'skillset.count': hits.length,
      'skillset.outcome': 'ok',
    });
    expect(spans.find((span) => span.name === 'skillset.catalog')?.attributes).toEqual({
      'skillset.surface': 'catalog',
      'skillset.principal.kind': 'local',
      'skillset.count': listed.length,
      'skillset.omitted': 0,
      'skillset.outcome': 'ok',
    });
    for (const body of receiver.bodies) expect(body.text).not.toContain(PLANTED_ARGUMENT);
  });

  it('honours OTEL_TRACES_EXPORTER=none and OTEL_SDK_DISABLED=true', async () => {
    await using receiver = await startOtlpReceiver();
    await using cli = await project();
    const env = { ...cli.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url };
    await spawnSkillset(['invoke', '/echo hi'], {
      cwd: cli.project,
      env: { ...env, OTEL_TRACES_EXPORTER: 'none' },
    });
    expect(receiver.bodies.map((body) => body.path)).toEqual(['/v1/metrics']);
    await spawnSkillset(['invoke', '/echo hi'], {
      cwd: cli.project,
      env: { ...env, OTEL_SDK_DISABLED: 'true' },
    });
    expect(receiver.bodies.map((body) => body.path)).toEqual(['/v1/metrics']);
  });
});

describe('skillset with a collector that does not answer', () => {
  it('prints its output and keeps its exit code', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    await using cli = await project();
    const result = await spawnSkillset(['invoke', '/echo hi'], {
      cwd: cli.project,
      env: { ...cli.env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
    });
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(result.stdout).toContain('Echo: hi');
  });

  it('gives up exporting at its own 2 s limit, not after the exporters’ 10 s of retries', async () => {
    // A busy collector: every export is 503, "retry in 5 s". Within 10 s the exporters would
    // send each signal again after 5 s; within 2 s they may not.
    const requests: string[] = [];
    const busy = createServer((request, response) => {
      requests.push(request.url ?? '');
      request.resume();
      request.on('end', () => response.writeHead(503, { 'retry-after': '5' }).end());
    });
    busy.listen(0, '127.0.0.1');
    await once(busy, 'listening');
    try {
      const { port } = busy.address() as AddressInfo;
      await using cli = await project();
      const result = await spawnSkillset(['invoke', '/echo hi'], {
        cwd: cli.project,
        env: { ...cli.env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
      });
      expect(result).toMatchObject({ exitCode: 0, stderr: '' });
      expect(result.stdout).toContain('Echo: hi');
      expect(requests.sort()).toEqual(['/v1/metrics', '/v1/traces']);
    } finally {
      busy.close();
    }
  });
});

describe('skillset with no OTEL_* variables', () => {
  it('sends nothing and loads no OpenTelemetry SDK module', async () => {
    await using receiver = await startOtlpReceiver();
    await using cli = await project();
    // Prints every module URL the process loaded, one a line, to stderr when it exits.
    const recordLoads = `data:text/javascript,${encodeURIComponent(`
import module from 'node:module';
const loaded = [];
module.registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => process.stderr.write(loaded.join('\\n') + '\\n'));
`)}`;
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', recordLoads, bin, 'invoke', '/echo hi'],
      { cwd: cli.project, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...cli.env } },
    );
    expect(stdout).toContain('Echo: hi');
    const loaded = stderr.split('\n').filter((line) => line.includes('/node_modules/'));
    expect(loaded.some((url) => url.includes('/@opentelemetry/api/'))).toBe(true);
    expect(loaded.filter((url) => /\/@opentelemetry\/(?!api\/)/.test(url))).toEqual([]);
    expect(receiver.bodies).toEqual([]);
  });
});
