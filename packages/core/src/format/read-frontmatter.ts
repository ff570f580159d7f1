import type { SkillIssue } from '../skill/skill-issue.ts';
import { createIssue } from './create-issue.ts';
import type { RawNode } from './raw-node.ts';
import { readPlainFrontmatter } from './read-plain-frontmatter.ts';
import { readYamlFrontmatter } from './read-yaml-frontmatter.ts';
import { repairFrontmatter } from './repair-frontmatter.ts';

/** Options for {@link readFrontmatter}. */
export interface ReadFrontmatterOptions {
  /** 1-based line of the file where the frontmatter text starts. */
  firstLine: number;
  /** Whether broken YAML may be repaired (the `default` profile). */
  repair: boolean;
  /** Skip the fast path (for tests that compare both paths). */
  yamlOnly?: boolean;
}

/** The frontmatter's raw tree and the issues found while reading it. */
export interface ReadFrontmatterResult {
  root?: RawNode;
  issues: SkillIssue[];
  /** Which reader produced the tree. */
  reader: 'plain' | 'yaml' | 'repaired';
}

/** Reads a frontmatter block: the fast plain reader first, the `yaml` package for anything else. */
export function readFrontmatter(
  text: string,
  options: ReadFrontmatterOptions,
): ReadFrontmatterResult {
  if (options.yamlOnly !== true) {
    const plain = readPlainFrontmatter(text, options.firstLine);
    if (plain !== undefined) return { root: plain, issues: [], reader: 'plain' };
  }
  const parsed = readYamlFrontmatter(text, options.firstLine);
  if (parsed.ok || !options.repair) return { ...parsed, reader: 'yaml' };
  const repair = repairFrontmatter(text);
  if (repair.repairedLines.length === 0) return { ...parsed, reader: 'yaml' };
  const repaired = readYamlFrontmatter(repair.text, options.firstLine);
  if (!repaired.ok) return { ...parsed, reader: 'yaml' };
  const warnings = repair.repairedLines.map((line) => {
    const absolute = options.firstLine + line - 1;
    return createIssue(
      'repaired_yaml',
      'warning',
      `line ${absolute} has an unquoted ': ' in its value, which is invalid YAML; it was read as text — wrap the value in quotes`,
      { line: absolute, column: 1 },
    );
  });
  return {
    ...(repaired.root === undefined ? {} : { root: repaired.root }),
    issues: [...warnings, ...repaired.issues],
    reader: 'repaired',
  };
}
