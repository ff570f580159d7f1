import {
  type GetPromptResult,
  type Prompt,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server';
import type { SkillRegistry } from '@skillset/core';
import {
  activate,
  loadActivatableSkill,
  principalKindOf,
  recordSkillSpan,
  renderForkRequest,
  skillOutcomeOf,
  withSkillSpan,
} from '@skillset/core/serving';
import { authorizeSkillText } from './authorize-skill-text.ts';
import { describePromptArguments } from './describe-prompt-arguments.ts';
import { elicitationApprove } from './elicitation-approve.ts';
import { requestInfoOf } from './request-info.ts';
import { resolveSkillsMcpGate, type SkillsMcpPolicy } from './skills-mcp-policy.ts';
import { outcomeOfError, type SkillsMcpSkillUseListener } from './skills-mcp-skill-use.ts';

/** Options for {@link registerSkillPrompts}. */
export interface RegisterSkillPromptsOptions {
  server: Server;
  registry: SkillRegistry;
  policy: SkillsMcpPolicy;
  onSkillUse?: SkillsMcpSkillUseListener;
}

/** Answers `prompts/list` and `prompts/get`: one prompt per skill the user may invoke (entry point `mcp_prompt`). */
export function registerSkillPrompts(options: RegisterSkillPromptsOptions): void {
  const { server, registry, policy, onSkillUse } = options;

  server.setRequestHandler('prompts/list', async (_request, ctx) => {
    const gate = await resolveSkillsMcpGate(policy, requestInfoOf(ctx), registry);
    const entries = await gate.list('mcp_prompt');
    const prompts: Prompt[] = [];
    for (const entry of entries) {
      if (entry.manifest === undefined) continue;
      prompts.push({
        name: entry.name,
        description: entry.description,
        arguments: describePromptArguments(entry.manifest),
      });
    }
    return { prompts };
  });

  server.setRequestHandler('prompts/get', async (request, ctx) => {
    const info = requestInfoOf(ctx);
    const { name, arguments: given = {} } = request.params;
    let reported = false;
    const report = (skill: string, outcome: string) => {
      reported = true;
      onSkillUse?.({ skill, entryPoint: 'mcp_prompt', outcome }, info);
    };
    try {
      const gate = await resolveSkillsMcpGate(policy, info, registry);
      const approve = elicitationApprove(server, ctx);
      const found = await gate.find(name, 'mcp_prompt');
      if (found !== undefined) {
        try {
          await authorizeSkillText({
            gate,
            name: found.entry.name,
            entryPoint: 'mcp_prompt',
            tool: 'prompts/get',
            approve,
          });
        } catch (error) {
          report(found.entry.name, outcomeOfError(error));
          throw error;
        }
      }
      const skill =
        found === undefined
          ? undefined
          : await loadActivatableSkill({ registry, entry: found.entry });
      const principal = principalKindOf(gate.policy.principal);
      if (skill === undefined) {
        const code = found === undefined ? 'unknown_skill' : 'invalid_skill';
        report(found?.entry.name ?? name, code);
        // A name that matched nothing the user may invoke is the client's text: its span has none.
        const known = found === undefined ? {} : { skill: found.entry.name };
        recordSkillSpan(
          'skillset.activate',
          { ...known, surface: 'user', principal },
          skillOutcomeOf(code),
        );
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown prompt ${JSON.stringify(name)}.`,
        );
      }
      const skillName = skill.manifest.name;
      const { version } = skill.manifest;
      const result = await withSkillSpan(
        {
          name: 'skillset.activate',
          attributes: {
            skill: skillName,
            ...(version === undefined ? {} : { version }),
            surface: 'user',
            principal,
          },
          outcomeOf: (done) => skillOutcomeOf(done.success ? 'ok' : done.error.code),
        },
        () =>
          activate({
            skill,
            arguments: withoutEmptyValues(given),
            getSkill: async (reference) => {
              const referenced = await gate.find(reference, 'mcp_resource');
              if (referenced === undefined) return undefined;
              const entry = await authorizeSkillText({
                gate,
                name: referenced.entry.name,
                entryPoint: 'mcp_resource',
                tool: 'prompts/get',
                approve,
              });
              return entry === undefined
                ? undefined
                : loadActivatableSkill({ registry, entry, withFiles: false });
            },
          }),
      );
      if (!result.success) {
        const { error } = result;
        report(skillName, error.code);
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, {
          code: error.code,
          ...(error.usage === undefined ? {} : { usage: error.usage }),
        });
      }
      const { activation } = result;
      const text =
        activation.kind === 'inline' ? activation.content : renderForkRequest(activation);
      const prompt: GetPromptResult = {
        description: skill.manifest.description,
        messages: [{ role: 'user', content: { type: 'text', text } }],
      };
      report(skillName, 'ok');
      return prompt;
    } catch (error) {
      if (!reported) report(name, outcomeOfError(error));
      throw error;
    }
  });
}

/** Clients send `""` for optional arguments left blank: treat those as not given. */
function withoutEmptyValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}
