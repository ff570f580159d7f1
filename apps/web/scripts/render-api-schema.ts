import openapiTS, { astToString } from 'openapi-typescript';

/** Renders the TypeScript types of an OpenAPI document, as committed in `src/api/schema.d.ts`. */
export async function renderApiSchema(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
  return `// Generated from /api/openapi.json by \`npm run generate:api -w @skillset/web\`; do not edit.\n\n${astToString(ast)}`;
}
