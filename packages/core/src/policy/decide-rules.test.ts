import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import { decide } from './decide.ts';
import type { PermissionRule } from './permission-rule.ts';
import { createPolicyContext, type PolicyContextOptions } from './policy-context.ts';
import type { PolicySubject } from './policy-subject.ts';

function skill(
  name: string,
  fields: Partial<SkillManifest> = {},
  extra: Partial<PolicySubject> = {},
): PolicySubject {
  return {
    manifest: createManifest({ name, description: `The ${name} skill.`, ...fields }),
    scope: 'workspace',
    ...extra,
  };
}

const agent = (options: PolicyContextOptions = {}) =>
  createPolicyContext({
    principal: { kind: 'agent', id: 'agent-1', userId: 'user-1' },
    ...options,
  });

const steps = (decision: ReturnType<typeof decide>) =>
  decision.reasons.map((reason) => `${reason.step}:${reason.outcome}:${reason.code}`);

describe('decide: allowlist, permission rules and the invocation matrix', () => {
  describe('step 6: allowlist', () => {
    it('allows every skill when the allowlist is empty', () => {
      expect(steps(decide(skill('pdf'), agent(), 'model'))[6]).toBe(
        'allowlist:pass:allowlist_empty',
      );
    });

    it('records the pattern that matched, exact or glob, ignoring case', () => {
      const context = agent({ agent: { allowlist: ['docx', 'PDF-*'] } });
      expect(decide(skill('pdf-fill'), context, 'model').reasons[6]).toMatchInlineSnapshot(`
        {
          "code": "allowlist_matched",
          "message": "Allowlisted by "PDF-*".",
          "outcome": "pass",
          "pattern": "PDF-*",
          "step": "allowlist",
        }
      `);
      expect(decide(skill('docx'), context, 'model').reasons[6]?.pattern).toBe('docx');
    });

    it('refuses a skill outside the allowlist', () => {
      const context = agent({ agent: { allowlist: ['pdf-?', 'docx'] } });
      expect(decide(skill('pdf-10'), context, 'model').reasons.at(-1)).toMatchInlineSnapshot(`
        {
          "code": "not_in_allowlist",
          "message": ""pdf-10" matches none of the agent's allowlist: pdf-?, docx.",
          "outcome": "block",
          "step": "allowlist",
        }
      `);
    });

    it('applies to managing by the agent too', () => {
      const context = agent({ agent: { allowlist: ['docx'] } });
      expect(decide(skill('pdf'), context, 'manage').allowed).toBe(false);
    });
  });

  describe('step 7: permission rules', () => {
    const withRules = (rules: PermissionRule[]) => agent({ rules });

    it('allows by default and says so', () => {
      expect(decide(skill('pdf'), withRules([]), 'model').reasons[7]).toMatchInlineSnapshot(`
        {
          "code": "no_matching_rule",
          "message": "No permission rule matches; the default is allow.",
          "outcome": "pass",
          "step": "permission",
        }
      `);
    });

    it('prefers deny over ask over allow, whatever their order', () => {
      const rules: PermissionRule[] = [
        { skill: 'deploy', action: 'allow' },
        { skill: 'dep*', action: 'ask' },
        { skill: 'DEPLOY', action: 'deny', principal: 'agent-1' },
      ];
      const decision = decide(skill('deploy'), withRules(rules), 'model');
      expect(decision).toMatchObject({ allowed: false, visible: false, requiresApproval: false });
      expect(decision.reasons.at(-1)).toMatchInlineSnapshot(`
        {
          "code": "denied_by_rule",
          "message": "Rule: deny "DEPLOY" for agent-1 on every surface.",
          "outcome": "block",
          "rule": {
            "action": "deny",
            "principal": "agent-1",
            "skill": "DEPLOY",
          },
          "step": "permission",
        }
      `);
      const noDeny = decide(skill('deploy'), withRules(rules.slice(0, 2)), 'model');
      expect(noDeny).toMatchObject({ allowed: true, visible: true, requiresApproval: true });
      expect(noDeny.reasons[7]?.code).toBe('approval_required_by_rule');
    });

    it('names the agent a rule is for by its name when the rule carries one', () => {
      const rules: PermissionRule[] = [
        { skill: 'deploy', action: 'deny', principal: 'agent-1', principalName: 'support-bot' },
      ];
      const decision = decide(skill('deploy'), withRules(rules), 'model');
      expect(decision.reasons.at(-1)?.message).toBe(
        'Rule: deny "deploy" for "support-bot" on every surface.',
      );
    });

    it('lets an allow rule decide when it is the only match', () => {
      const decision = decide(skill('pdf'), withRules([{ skill: 'p?f', action: 'allow' }]), 'user');
      expect(decision.reasons[7]).toMatchInlineSnapshot(`
        {
          "code": "allowed_by_rule",
          "message": "Rule: allow "p?f" for * on every surface.",
          "outcome": "pass",
          "rule": {
            "action": "allow",
            "skill": "p?f",
          },
          "step": "permission",
        }
      `);
    });

    it('marks ask as allowed with approval and keeps evaluating later steps', () => {
      const rules: PermissionRule[] = [{ skill: 'deploy', action: 'ask' }];
      const ask = decide(skill('deploy'), withRules(rules), 'user');
      expect(ask).toMatchObject({ allowed: true, visible: true, requiresApproval: true });
      expect(ask.reasons).toHaveLength(9);
      const blockedLater = decide(
        skill('deploy', { userInvocable: false }),
        withRules(rules),
        'user',
      );
      expect(blockedLater).toMatchObject({ allowed: false, requiresApproval: false });
    });

    it('matches rules for the principal, the user it acts for, the agent, or everyone', () => {
      const deny = (principal: string): PermissionRule[] => [
        { principal, skill: 'pdf', action: 'deny' },
      ];
      expect(decide(skill('pdf'), withRules(deny('agent-1')), 'model').allowed).toBe(false);
      expect(decide(skill('pdf'), withRules(deny('user-1')), 'model').allowed).toBe(false);
      expect(decide(skill('pdf'), withRules(deny('*')), 'model').allowed).toBe(false);
      expect(decide(skill('pdf'), withRules(deny('agent-2')), 'model').allowed).toBe(true);
      const userThroughAgent = createPolicyContext({
        principal: { kind: 'user', id: 'user-3' },
        agent: { id: 'agent-1' },
        rules: deny('agent-1'),
      });
      expect(decide(skill('pdf'), userThroughAgent, 'user').allowed).toBe(false);
    });

    it('scopes a rule to its surface', () => {
      const rules: PermissionRule[] = [{ skill: 'pdf', surface: 'user', action: 'deny' }];
      expect(decide(skill('pdf'), withRules(rules), 'user').allowed).toBe(false);
      expect(decide(skill('pdf'), withRules(rules), 'model').allowed).toBe(true);
      expect(decide(skill('pdf'), withRules(rules), 'catalog').allowed).toBe(true);
    });

    it('keeps a skill the model may not use out of the catalog', () => {
      const rules: PermissionRule[] = [{ skill: 'pdf', surface: 'model', action: 'deny' }];
      const decision = decide(skill('pdf'), withRules(rules), 'catalog');
      expect(decision.visible).toBe(false);
      expect(decision.reasons.at(-1)?.rule).toEqual(rules[0]);
    });

    it('holds an ask on invoking on reading and managing too, which hand out the same text', () => {
      const rules: PermissionRule[] = [
        { skill: 'deploy', surface: 'model', action: 'ask' },
        { skill: 'deploy', surface: 'read', action: 'allow' },
        { skill: 'lint', surface: 'user', action: 'ask' },
      ];
      const asks = (name: string) =>
        Object.fromEntries(
          (['catalog', 'model', 'user', 'read', 'manage', 'run'] as const).map((surface) => {
            const decision = decide(skill(name), withRules(rules), surface);
            return [surface, decision.allowed && decision.requiresApproval];
          }),
        );
      expect(asks('deploy')).toEqual({
        catalog: true,
        model: true,
        user: false,
        read: true,
        manage: true,
        run: true,
      });
      expect(asks('lint')).toMatchObject({ model: false, user: true, read: true, manage: true });
      expect(decide(skill('deploy'), withRules(rules), 'read').reasons[7]).toMatchInlineSnapshot(`
        {
          "code": "approval_required_by_rule",
          "message": "Rule: ask "deploy" for * on "model", which holds on "read" too: it hands out the same text.",
          "outcome": "ask",
          "rule": {
            "action": "ask",
            "skill": "deploy",
            "surface": "model",
          },
          "step": "permission",
        }
      `);
    });

    it('keeps an ask on reading and a deny on invoking to their own surfaces', () => {
      const rules: PermissionRule[] = [
        { skill: 'deploy', surface: 'read', action: 'ask' },
        { skill: 'pdf', surface: 'model', action: 'deny' },
      ];
      expect(decide(skill('deploy'), withRules(rules), 'model').requiresApproval).toBe(false);
      expect(decide(skill('deploy'), withRules(rules), 'user').requiresApproval).toBe(false);
      expect(decide(skill('pdf'), withRules(rules), 'read')).toMatchObject({
        allowed: true,
        requiresApproval: false,
      });
    });

    it('holds a deny on every surface, managing included', () => {
      const rules: PermissionRule[] = [{ skill: 'pdf', action: 'deny' }];
      for (const surface of ['catalog', 'model', 'user', 'read', 'manage'] as const) {
        expect(decide(skill('pdf'), withRules(rules), surface).allowed).toBe(false);
      }
    });
  });

  describe('step 7: invocation matrix', () => {
    const userOnly = skill('commit', { disableModelInvocation: true });
    const modelOnly = skill('style-guide', { userInvocable: false });
    const matrix = (subject: PolicySubject) =>
      Object.fromEntries(
        (['catalog', 'model', 'user', 'read', 'manage'] as const).map((surface) => [
          surface,
          decide(subject, createPolicyContext(), surface).allowed,
        ]),
      );

    it('blocks catalog and model for disable-model-invocation', () => {
      expect(matrix(userOnly)).toEqual({
        catalog: false,
        model: false,
        user: true,
        read: true,
        manage: true,
      });
      expect(
        decide(userOnly, createPolicyContext(), 'catalog').reasons.at(-1),
      ).toMatchInlineSnapshot(`
          {
            "code": "model_invocation_disabled",
            "message": ""commit" sets disable-model-invocation: only a user may invoke it.",
            "outcome": "block",
            "step": "invocation",
          }
        `);
    });

    it('blocks user for user-invocable: false', () => {
      expect(matrix(modelOnly)).toEqual({
        catalog: true,
        model: true,
        user: false,
        read: true,
        manage: true,
      });
      expect(
        decide(modelOnly, createPolicyContext(), 'user').reasons.at(-1),
      ).toMatchInlineSnapshot(`
          {
            "code": "user_invocation_disabled",
            "message": ""style-guide" sets user-invocable: false: only the model may invoke it.",
            "outcome": "block",
            "step": "invocation",
          }
        `);
    });

    it('skips the matrix on read', () => {
      expect(decide(userOnly, createPolicyContext(), 'read').reasons.at(-1)).toMatchInlineSnapshot(`
        {
          "code": "not_applicable_to_surface",
          "message": "Not checked on "read": the invocation matrix governs invoking, not reading, managing or running scripts.",
          "outcome": "skip",
          "step": "invocation",
        }
      `);
    });
  });
});
