import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimeTestApp } from '@skillset/server/test';
import { sharedPath } from '../support/shared-dir.ts';

/** Stores the real-world corpus as the owner's workspace skills; fails when much of it is missing. */
export async function storeCorpusSkills(app: RuntimeTestApp): Promise<void> {
  const corpus = sharedPath('corpus');
  const manifest = JSON.parse(readFileSync(path.join(corpus, 'MANIFEST.json'), 'utf8')) as Array<{
    corpus_path: string;
  }>;
  let added = 0;
  for (const entry of manifest) {
    // Three names occur twice in the corpus; the store keeps the first of each.
    const result = await app.store.skills.create({
      scope: 'workspace',
      workspaceId: app.owner.workspaceId,
      skillMd: readFileSync(path.join(corpus, entry.corpus_path, 'SKILL.md'), 'utf8'),
    });
    if (result.ok) added++;
  }
  if (added < 530) throw new Error(`only ${added} corpus skills were stored`);
}
