import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readOpenApiDocument } from '../../scripts/read-openapi-document.ts';
import { renderApiSchema } from '../../scripts/render-api-schema.ts';

describe('src/api/schema.d.ts', () => {
  it("matches the types generated from the server's live OpenAPI document", async () => {
    const committed = await readFile(new URL('./schema.d.ts', import.meta.url), 'utf8');
    const current = await renderApiSchema(await readOpenApiDocument());
    // On failure: npm run generate:api -w @skillset/web
    expect(
      committed === current,
      'schema.d.ts is stale; run npm run generate:api -w @skillset/web',
    ).toBe(true);
  });
});
