import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('policy folder', () => {
  it('imports nothing from node: outside its tests, so it runs in any runtime', async () => {
    const folder = import.meta.dirname;
    const files = (await readdir(folder)).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = await readFile(path.join(folder, file), 'utf8');
      expect({ file, nodeImport: /from ['"]node:/.test(text) }).toEqual({
        file,
        nodeImport: false,
      });
    }
  });
});
