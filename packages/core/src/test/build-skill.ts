import { stringify } from 'yaml';

/** Options for {@link buildSkill}. */
export interface BuildSkillOptions {
  name: string;
  /** Defaults to a sentence naming the skill. */
  description?: string;
  /** The Markdown after the frontmatter; defaults to a heading and one line. */
  body?: string;
  /** Other frontmatter fields, written as YAML after `name` and `description`. */
  fields?: Record<string, unknown>;
}

/** Builds the `SKILL.md` text of a valid skill, for tests. */
export function buildSkill(options: BuildSkillOptions): string {
  const frontmatter = stringify(
    {
      name: options.name,
      description: options.description ?? `Use when a test needs the ${options.name} skill.`,
      ...options.fields,
    },
    { lineWidth: 0 },
  );
  const body = options.body ?? `# ${options.name}\n\nInstructions for ${options.name}.\n`;
  return `---\n${frontmatter}---\n${body}`;
}
