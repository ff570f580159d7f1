import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = import.meta.dirname;

describe('src/tools', () => {
  it('imports nothing from node: and no LLM SDK outside tests', async () => {
    const files = (await readdir(folder)).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const source = await readFile(join(folder, name), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      const offending = imports.filter(
        (path) =>
          path?.startsWith('node:') ||
          path === 'ai' ||
          path?.startsWith('openai') ||
          path?.startsWith('@anthropic-ai/') ||
          path?.startsWith('../node/'),
      );
      expect({ name, offending }).toEqual({ name, offending: [] });
    }
  });
});
