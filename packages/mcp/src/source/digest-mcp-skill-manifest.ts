import { createHash } from 'node:crypto';
import { canonicalJson } from '@skillset/core/authoring';

/** The parts of a Skills-extension entry a manifest digest covers. */
export interface McpSkillManifest {
  frontmatter: Readonly<Record<string, unknown>>;
  resources: readonly { uri: string; digest: string; size: number }[] | 'dynamic';
}

/**
 * The digest of a skill entry's manifest, `sha256:<hex>` of the canonical JSON (keys sorted, no
 * spaces) of `{frontmatter, resources}` with each resource's `uri`, `digest` and `size`, sorted by
 * `uri`. Approving a served skill's `allowed-tools` names it; any change to a file or the
 * frontmatter changes it.
 */
export function digestMcpSkillManifest(entry: McpSkillManifest): string {
  const resources =
    entry.resources === 'dynamic'
      ? 'dynamic'
      : entry.resources
          .map(({ uri, digest, size }) => ({ uri, digest, size }))
          .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  const text = canonicalJson({ frontmatter: entry.frontmatter, resources });
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}
