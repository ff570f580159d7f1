import { writeFile } from 'node:fs/promises';
import { readOpenApiDocument } from './read-openapi-document.ts';
import { renderApiSchema } from './render-api-schema.ts';

const target = new URL('../src/api/schema.d.ts', import.meta.url);
await writeFile(target, await renderApiSchema(await readOpenApiDocument()));
console.log(`wrote ${target.pathname}`);
