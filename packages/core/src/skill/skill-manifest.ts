/** The value types a declared skill argument may take. */
export type SkillArgumentType = 'string' | 'number' | 'integer' | 'boolean';

/** A named argument declared in a skill's `arguments` frontmatter list. */
export interface SkillArgument {
  name: string;
  type: SkillArgumentType;
  description?: string;
  required: boolean;
  default?: string | number | boolean;
  enum?: Array<string | number>;
}

/** Eligibility requirements from `requires` or `metadata.openclaw|clawdbot.requires`. */
export interface SkillRequirements {
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
  os: string[];
  always: boolean;
  /** `requires.network: true`: the skill's scripts need the network (granted only where policy allows). */
  network?: boolean;
}

/** How an activation runs: in the conversation or as a sub-agent task. */
export type SkillContext = 'inline' | 'fork';

/** The typed, normalised frontmatter of a skill (DESIGN.md §3). */
export interface SkillManifest {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, unknown>;
  allowedTools?: string[];
  disallowedTools?: string[];
  disableModelInvocation: boolean;
  userInvocable: boolean;
  context: SkillContext;
  agent?: string;
  model?: string;
  argumentHint?: string;
  arguments: SkillArgument[];
  tags: string[];
  category?: string;
  icon?: string;
  version?: string;
  integration?: string;
  requires?: SkillRequirements;
  toolDispatch?: string;
  references: string[];
  /** Frontmatter keys the manifest does not know, kept so that serialisation is lossless. */
  extra: Record<string, unknown>;
}
