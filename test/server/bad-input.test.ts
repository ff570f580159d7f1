import { createTestApp, type TestApp } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every operation of the app's own OpenAPI document gets bad input: malformed JSON, wrong types,
 * unknown fields, an oversized body and wrong-typed query parameters. Each answer must be a 4xx
 * with `{error: {code, message}}`, never a 500. New routes are covered as soon as they are in the
 * document.
 */
type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
};

interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const MAX_BODY_BYTES = 4096;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const PLAUSIBLE: Record<string, string> = {
  name: 'pdf-tools',
  version: '1',
  path: 'SKILL.md',
};
const PLAUSIBLE_ID = '00000000-0000-4000-8000-000000000000';

let server: TestApp;
let document: OpenApiDocument;
let operations: Array<{ method: string; path: string; url: string; operation: Operation }>;

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (schema?.$ref === undefined) return schema;
  const name = schema.$ref.split('/').at(-1) as string;
  return resolve(document.components?.schemas?.[name]);
}

/** The JSON types a schema accepts, or undefined when it accepts anything. */
function acceptedTypes(schema: JsonSchema | undefined): Set<string> | undefined {
  const resolved = resolve(schema);
  if (resolved === undefined) return undefined;
  if (resolved.enum !== undefined) return new Set(['enum']);
  const variants = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (variants !== undefined) {
    const types = new Set<string>();
    for (const variant of variants) {
      const inner = acceptedTypes(variant);
      if (inner === undefined) return undefined;
      for (const type of inner) types.add(type);
    }
    return types;
  }
  if (resolved.type === undefined) return undefined;
  const types = new Set(Array.isArray(resolved.type) ? resolved.type : [resolved.type]);
  if (types.has('integer')) types.add('number');
  return types;
}

const CANDIDATES: Array<[string, unknown]> = [
  ['number', 12_345],
  ['string', 'not-a-valid-value-xyz'],
  ['boolean', true],
  ['array', []],
  ['object', { nested: 1 }],
];

/** A value the schema rejects by type (or by enum), or undefined when none is certain. */
function wrongValue(schema: JsonSchema | undefined): unknown {
  const types = acceptedTypes(schema);
  if (types === undefined) return undefined;
  if (types.has('enum')) return 'not-a-valid-choice-xyz';
  return CANDIDATES.find(([type]) => !types.has(type))?.[1];
}

function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => PLAUSIBLE[name] ?? PLAUSIBLE_ID);
}

async function expectErrorShape(response: Response, statuses: number[], what: string) {
  expect(statuses, `${what} answered ${response.status}`).toContain(response.status);
  const body = (await response.json()) as unknown;
  expect(body, what).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String) },
  });
}

function send(
  method: string,
  url: string,
  body: string,
  contentType = 'application/json',
  headers: Record<string, string> = {},
) {
  return server.request(method.toUpperCase(), url, {
    token: server.owner.token,
    body,
    headers: { 'content-type': contentType, ...headers },
  });
}

beforeAll(async () => {
  server = await createTestApp({ maxBodyBytes: MAX_BODY_BYTES });
  document = (await (await server.request('GET', '/api/openapi.json')).json()) as OpenApiDocument;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({
      method,
      path,
      url: fillPath(path),
      operation: item[method] as Operation,
    })),
  );
});

afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

describe('bad input on every route of /api/openapi.json', () => {
  const jsonOperations = () =>
    operations.filter((entry) => entry.operation.requestBody?.content['application/json']);

  it('lists the admin routes and at least one JSON body', () => {
    const paths = operations.map((entry) => `${entry.method} ${entry.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'get /api/me',
        'post /api/workspaces',
        'patch /api/workspaces/{id}',
        'post /api/workspaces/{id}/members/{userId}/sign-in-link',
        'patch /api/me',
        'post /api/agents',
        'post /api/tokens',
        'put /api/permissions',
      ]),
    );
    expect(jsonOperations().length).toBeGreaterThan(10);
  });

  it('answers malformed JSON with 400', async () => {
    for (const { method, path, url } of jsonOperations()) {
      for (const body of ['{"name": ', '{name: 1}', '', 'null x']) {
        await expectErrorShape(await send(method, url, body), [400], `${method} ${path} ${body}`);
      }
    }
  });

  it('answers JSON of the wrong type at the top level with 400', async () => {
    for (const { method, path, url } of jsonOperations()) {
      for (const body of ['[]', '"x"', '123', 'null', 'true']) {
        await expectErrorShape(await send(method, url, body), [400], `${method} ${path} ${body}`);
      }
    }
  });

  it('answers unknown fields with 400', async () => {
    for (const { method, path, url } of jsonOperations()) {
      const body = JSON.stringify({ unexpectedFieldXyz: 1 });
      await expectErrorShape(await send(method, url, body), [400], `${method} ${path} unknown`);
    }
  });

  it('answers every declared field of the wrong type with 400', async () => {
    let checked = 0;
    for (const { method, path, url, operation } of jsonOperations()) {
      const schema = resolve(operation.requestBody?.content['application/json']?.schema);
      for (const [field, fieldSchema] of Object.entries(schema?.properties ?? {})) {
        const value = wrongValue(fieldSchema);
        if (value === undefined) continue;
        checked += 1;
        const body = JSON.stringify({ [field]: value });
        await expectErrorShape(await send(method, url, body), [400], `${method} ${path} ${body}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers a body over its route limit (1 MiB, uploads 4096 bytes here) with 413 on every route that takes one', async () => {
    const withBody = operations.filter((entry) => entry.operation.requestBody !== undefined);
    expect(withBody.length).toBeGreaterThan(0);
    const oversized = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) });
    for (const { method, path, url, operation } of withBody) {
      for (const contentType of Object.keys(operation.requestBody?.content ?? {})) {
        await expectErrorShape(
          await send(method, url, oversized, contentType, {
            'content-length': String(Buffer.byteLength(oversized)),
          }),
          [413],
          `${method} ${path} as ${contentType}`,
        );
      }
    }
  });

  it('answers query parameters of the wrong type with 400', async () => {
    let checked = 0;
    for (const { method, path, url, operation } of operations) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in !== 'query') continue;
        const types = acceptedTypes(parameter.schema);
        if (types === undefined || types.has('string')) continue;
        checked += 1;
        const separator = url.includes('?') ? '&' : '?';
        const target = `${url}${separator}${encodeURIComponent(parameter.name)}=not-a-valid-value-xyz`;
        const response = await server.request(method.toUpperCase(), target, {
          token: server.owner.token,
        });
        await expectErrorShape(response, [400], `${method} ${path} ?${parameter.name}=…`);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('never answers 500 to an empty body where JSON is expected', async () => {
    for (const { method, path, url } of jsonOperations()) {
      const response = await server.request(method.toUpperCase(), url, {
        token: server.owner.token,
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
  });
});
