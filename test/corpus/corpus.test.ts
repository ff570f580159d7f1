import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateSkillPath } from '@skillset/core/node';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../support/shared-dir.ts';

interface CorpusEntry {
  corpus_path: string;
  skills_ref_py: string[];
}

/**
 * Corpus skills whose strict verdict deliberately differs from the reference validator
 * (docs/decisions/0002-strict-profile-divergences.md), with the reason.
 */
const STRICT_DIVERGENCES: Readonly<Record<string, string>> = {
  'github-awesome-copilot/skills/azure-role-selector':
    "flow sequence `allowed-tools: ['a', 'b']` is valid YAML; the Python reference's strictyaml refuses all flow style (the JS reference accepts it)",
};

const corpusRoot = sharedPath('corpus');
const entries = JSON.parse(
  readFileSync(path.join(corpusRoot, 'MANIFEST.json'), 'utf8'),
) as CorpusEntry[];

describe('real-world corpus', () => {
  it('has the skills the manifest lists', () => {
    expect(entries.length).toBeGreaterThan(500);
  });

  it('loads every skill in the default profile (warnings allowed)', async () => {
    const invalid: string[] = [];
    for (const entry of entries) {
      const result = await validateSkillPath(path.join(corpusRoot, entry.corpus_path));
      if (!result.valid || result.manifest === undefined) {
        invalid.push(
          `${entry.corpus_path}: ${result.issues.map((issue) => issue.message).join('; ')}`,
        );
      }
    }
    expect(invalid).toEqual([]);
  });

  it('fails in strict exactly the skills the reference validator fails, apart from listed divergences', async () => {
    const expected: string[] = [];
    const actual: string[] = [];
    for (const entry of entries) {
      const referenceValid = entry.skills_ref_py.length === 0;
      const divergent = Object.hasOwn(STRICT_DIVERGENCES, entry.corpus_path);
      if (referenceValid === divergent) expected.push(entry.corpus_path);
      const result = await validateSkillPath(path.join(corpusRoot, entry.corpus_path), {
        profile: 'strict',
      });
      if (!result.valid) actual.push(entry.corpus_path);
    }
    expect(actual.sort()).toEqual(expected.sort());
  });

  it('lists only divergences that exist in the corpus', () => {
    const paths = new Set(entries.map((entry) => entry.corpus_path));
    for (const divergence of Object.keys(STRICT_DIVERGENCES)) expect(paths).toContain(divergence);
  });
});
