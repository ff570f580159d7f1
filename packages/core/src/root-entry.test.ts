import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Follows relative imports from `entry` and returns every file reached and every bare specifier. */
function importGraph(entry: string) {
  const files = new Set<string>();
  const bare = new Map<string, string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith('.')) pending.push(path.resolve(path.dirname(file), specifier));
      else if (!bare.has(specifier)) bare.set(specifier, path.relative(import.meta.dirname, file));
    }
  }
  return { files, bare };
}

describe('the root entry of @skillset/core', () => {
  it('imports nothing from Node, so it runs in a browser or an edge runtime', () => {
    const { files, bare } = importGraph(path.join(import.meta.dirname, 'index.ts'));
    expect(files.size).toBeGreaterThan(50);
    const builtins = new Set(builtinModules);
    const nodeImports = [...bare].filter(
      ([specifier]) => specifier.startsWith('node:') || builtins.has(specifier),
    );
    expect(nodeImports).toEqual([]);
    expect([...files].filter((file) => file.includes(`${path.sep}node${path.sep}`))).toEqual([]);
  });

  it('imports no LLM SDK', () => {
    const { bare } = importGraph(path.join(import.meta.dirname, 'index.ts'));
    const sdks = [...bare.keys()].filter((specifier) =>
      /^(ai|openai|@anthropic-ai\/|@ai-sdk\/)/.test(specifier),
    );
    expect(sdks).toEqual([]);
  });
});
