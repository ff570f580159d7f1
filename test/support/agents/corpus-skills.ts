import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSkill } from '@skillset/core';
import { sharedPath } from '../shared-dir.ts';
import type { SkillText } from './skills-shown.ts';

interface ManifestEntry {
  corpus_path: string;
  dir_name: string;
}

/** A dev query of the selection benchmark: what a user types and every skill that fits it. */
export interface DevQuery {
  id: string;
  query: string;
  expected: string[];
  difficulty: 'easy' | 'medium' | 'hard';
}

/**
 * Copies the 539 corpus skills (the first of each folder name in `MANIFEST.json`) into
 * `folder/<dir_name>`, as a team that synced its whole library has them, and returns each one's
 * name and description as its SKILL.md says.
 */
export async function copyCorpusSkills(folder: string): Promise<SkillText[]> {
  const manifest = JSON.parse(
    await readFile(sharedPath('corpus', 'MANIFEST.json'), 'utf8'),
  ) as ManifestEntry[];
  const seen = new Set<string>();
  const entries = manifest.filter((entry) => !seen.has(entry.dir_name) && seen.add(entry.dir_name));
  const skills: SkillText[] = [];
  for (const entry of entries) {
    const source = sharedPath('corpus', entry.corpus_path);
    await cp(source, path.join(folder, entry.dir_name), { recursive: true });
    const parsed = parseSkill(await readFile(path.join(source, 'SKILL.md'), 'utf8'));
    const { name, description } = parsed.manifest ?? {};
    if (typeof name === 'string' && typeof description === 'string') {
      skills.push({ name, description });
    }
  }
  return skills;
}

/** The selection benchmark's dev queries (`shared/selection/dev-queries.jsonl`). */
export async function loadDevQueries(): Promise<DevQuery[]> {
  const text = await readFile(sharedPath('selection', 'dev-queries.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DevQuery);
}
