import type { CompleteResult, Server } from '@modelcontextprotocol/server';
import type { PolicyGate, SkillArgument, SkillRegistry } from '@skillset/core';
import { requestInfoOf } from './request-info.ts';
import { SKILL_RESOURCE_TEMPLATE } from './skill-resource-uri.ts';
import { resolveSkillsMcpGate, type SkillsMcpPolicy } from './skills-mcp-policy.ts';

/** Options for {@link registerCompletions}. */
export interface RegisterCompletionsOptions {
  server: Server;
  registry: SkillRegistry;
  policy: SkillsMcpPolicy;
}

/** The most values one completion returns (the MCP limit). */
export const MAX_COMPLETION_VALUES = 100;

// A prompt argument with one of these names takes a skill name.
const SKILL_ARGUMENT_NAME = /^(skills?|skill[-_]?name|skillName)$/i;

/**
 * Answers `completion/complete`: a prompt's declared argument completes to its enum values (or
 * `true`/`false`), an argument naming a skill to the skills the principal may read, and the
 * `skill://{name}/{+path}` template to skill names and their files. Nothing denied is suggested.
 */
export function registerCompletions(options: RegisterCompletionsOptions): void {
  const { server, registry, policy } = options;

  const skillNames = async (gate: PolicyGate) =>
    (await gate.list('mcp_resource')).map((entry) => entry.name);

  server.setRequestHandler('completion/complete', async (request, ctx) => {
    const { ref, argument } = request.params;
    const gate = await resolveSkillsMcpGate(policy, requestInfoOf(ctx), registry);
    let candidates: string[] = [];
    if (ref.type === 'ref/prompt') {
      const found = await gate.find(ref.name, 'mcp_prompt');
      const declared = found?.entry.manifest?.arguments.find((each) => each.name === argument.name);
      if (declared !== undefined) candidates = argumentValues(declared);
      if (
        found !== undefined &&
        SKILL_ARGUMENT_NAME.test(argument.name) &&
        candidates.length === 0
      ) {
        candidates = await skillNames(gate);
      }
    } else if (ref.uri === SKILL_RESOURCE_TEMPLATE && argument.name === 'path') {
      candidates = await skillPaths(gate, registry, argument.value);
    }
    return complete(candidates, argument.value);
  });
}

/** A skill's `SKILL.md` path for each readable skill, or the files of the skill the typed path is inside. */
async function skillPaths(
  gate: PolicyGate,
  registry: SkillRegistry,
  typed: string,
): Promise<string[]> {
  const entries = await gate.list('mcp_resource');
  const folderOf = (name: string) => name.split(':').join('/');
  const inside = entries
    .filter((entry) => typed.startsWith(`${folderOf(entry.name)}/`))
    .sort((left, right) => right.name.length - left.name.length)[0];
  if (inside === undefined) return entries.map((entry) => `${folderOf(entry.name)}/SKILL.md`);
  const files = await registry.listFiles(inside).catch(() => []);
  return files.map((file) => `${folderOf(inside.name)}/${file.path}`);
}

function argumentValues(argument: SkillArgument): string[] {
  if (argument.enum !== undefined && argument.enum.length > 0) return argument.enum.map(String);
  if (argument.type === 'boolean') return ['true', 'false'];
  return [];
}

function complete(candidates: readonly string[], typed: string): CompleteResult {
  const prefix = typed.toLowerCase();
  const values = candidates.filter((value) => value.toLowerCase().startsWith(prefix));
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETION_VALUES),
      total: values.length,
      hasMore: values.length > MAX_COMPLETION_VALUES,
    },
  };
}
