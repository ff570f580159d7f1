/** The surfaces through which a skill is reached, as DESIGN.md §1 names them, and `run` (its scripts). */
export const POLICY_SURFACES = ['catalog', 'model', 'user', 'read', 'manage', 'run'] as const;

/**
 * A surface: `catalog` (listed to a model), `model` (tool call), `user` (`/name`), `read`,
 * `manage`, `run` (running the skill's scripts, which asks by default).
 */
export type PolicySurface = (typeof POLICY_SURFACES)[number];

/**
 * Every concrete entry point of Skillset and the policy surface it is decided on.
 *
 * A new entry point is added here, never given its own rules: that is how a decision holds on every
 * surface at once. Listings for a model map to `catalog` (which also checks `model`, so nothing is
 * listed and then refused); invocations by a model map to `model`; invocations by a person map to
 * `user`; fetching a skill's text or files maps to `read`; changing skills maps to `manage`; running a
 * skill's scripts (and reading what they wrote) maps to `run`.
 */
export const ENTRY_POINT_SURFACES = {
  catalog: 'catalog',
  search_skills: 'catalog',
  use_skill: 'model',
  dispatch_tool: 'model',
  mcp_tool: 'model',
  slash_command: 'user',
  mcp_prompt: 'user',
  api_commands: 'user',
  api_invoke: 'user',
  read_skill_file: 'read',
  api_read: 'read',
  mcp_resource: 'read',
  sandbox_list: 'catalog',
  sandbox_read: 'read',
  manage_tool: 'manage',
  api_manage: 'manage',
  run_skill_script: 'run',
  read_scratch_file: 'run',
} as const satisfies Record<string, PolicySurface>;

/** A concrete entry point such as `mcp_prompt` or `sandbox_read` (see {@link ENTRY_POINT_SURFACES}). */
export type SkillEntryPoint = keyof typeof ENTRY_POINT_SURFACES;

/** True when the value is one of the policy surfaces. */
export function isPolicySurface(value: string): value is PolicySurface {
  return (POLICY_SURFACES as readonly string[]).includes(value);
}

/** Maps a surface or an entry point to the policy surface it is decided on. */
export function resolvePolicySurface(surface: PolicySurface | SkillEntryPoint): PolicySurface {
  if (isPolicySurface(surface)) return surface;
  return ENTRY_POINT_SURFACES[surface];
}
