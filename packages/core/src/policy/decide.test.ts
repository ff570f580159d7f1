import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillManifest, SkillRequirements } from '../skill/skill-manifest.ts';
import { decide } from './decide.ts';
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

function requires(fields: Partial<SkillRequirements>): SkillRequirements {
  return { bins: [], anyBins: [], env: [], config: [], os: [], always: false, ...fields };
}

const agent = (options: PolicyContextOptions = {}) =>
  createPolicyContext({
    principal: { kind: 'agent', id: 'agent-1', userId: 'user-1' },
    ...options,
  });

const steps = (decision: ReturnType<typeof decide>) =>
  decision.reasons.map((reason) => `${reason.step}:${reason.outcome}:${reason.code}`);

describe('decide', () => {
  it('allows a plain skill for the local user, recording all nine steps', () => {
    const decision = decide(skill('pdf'), createPolicyContext(), 'model');
    expect(decision).toMatchInlineSnapshot(`
      {
        "allowed": true,
        "reasons": [
          {
            "code": "enabled",
            "message": "Skill "pdf" is enabled.",
            "outcome": "pass",
            "step": "enabled",
          },
          {
            "code": "scope_visible",
            "message": "Scope "workspace" is visible to this principal.",
            "outcome": "pass",
            "step": "scope",
          },
          {
            "code": "no_integration",
            "message": "The skill needs no integration.",
            "outcome": "pass",
            "step": "integration",
          },
          {
            "code": "eligible",
            "message": "All requirements are met.",
            "missing": {
              "anyBins": [],
              "bins": [],
              "config": [],
              "env": [],
              "os": [],
            },
            "outcome": "pass",
            "step": "eligibility",
          },
          {
            "code": "content_risks_allowed",
            "message": "The policy does not block content risks.",
            "outcome": "pass",
            "step": "content",
          },
          {
            "code": "signature_not_required",
            "message": "The policy does not require signatures.",
            "outcome": "pass",
            "step": "signature",
          },
          {
            "code": "allowlist_empty",
            "message": "No allowlist applies: every skill is allowed.",
            "outcome": "pass",
            "step": "allowlist",
          },
          {
            "code": "no_matching_rule",
            "message": "No permission rule matches; the default is allow.",
            "outcome": "pass",
            "step": "permission",
          },
          {
            "code": "invocation_permitted",
            "message": "Invocable on "model".",
            "outcome": "pass",
            "step": "invocation",
          },
        ],
        "requiresApproval": false,
        "surface": "model",
        "visible": true,
      }
    `);
  });

  describe('step 1: enabled', () => {
    it('refuses a disabled skill and stops the trace there', () => {
      const decision = decide(skill('pdf', {}, { enabled: false }), createPolicyContext(), 'user');
      expect(decision).toMatchInlineSnapshot(`
        {
          "allowed": false,
          "reasons": [
            {
              "code": "skill_disabled",
              "message": "Skill "pdf" is disabled.",
              "outcome": "block",
              "step": "enabled",
            },
          ],
          "requiresApproval": false,
          "surface": "user",
          "visible": false,
        }
      `);
    });

    it('refuses when the workspace has skills switched off', () => {
      const context = createPolicyContext({ workspace: { skillsEnabled: false } });
      expect(steps(decide(skill('pdf'), context, 'catalog'))).toEqual([
        'enabled:block:workspace_skills_disabled',
      ]);
    });

    it('refuses when the agent has skills switched off, even for managing', () => {
      const context = agent({ agent: { skillsEnabled: false } });
      expect(steps(decide(skill('pdf'), context, 'model'))).toEqual([
        'enabled:block:agent_skills_disabled',
      ]);
      expect(decide(skill('pdf'), context, 'manage').allowed).toBe(false);
    });

    it('lets a disabled skill be managed, so it can be switched back on', () => {
      const context = createPolicyContext({ workspace: { skillsEnabled: false } });
      const decision = decide(skill('pdf', {}, { enabled: false }), context, 'manage');
      expect(decision.allowed).toBe(true);
      expect(decision.reasons[0]?.code).toBe('enabled_not_required');
    });
  });

  describe('step 2: scope', () => {
    const personal = skill('notes', {}, { scope: 'personal', ownerId: 'user-1' });

    it('shows a personal skill to its owner', () => {
      const context = createPolicyContext({ principal: { kind: 'user', id: 'user-1' } });
      expect(decide(personal, context, 'user').reasons[1]).toMatchInlineSnapshot(`
        {
          "code": "personal_skill_of_owner",
          "message": "Personal skill of this user.",
          "outcome": "pass",
          "step": "scope",
        }
      `);
    });

    it('hides a personal skill from another user', () => {
      const context = createPolicyContext({ principal: { kind: 'user', id: 'user-2' } });
      const decision = decide(personal, context, 'read');
      expect(decision.visible).toBe(false);
      expect(decision.reasons.at(-1)).toMatchInlineSnapshot(`
        {
          "code": "personal_skill_of_another_user",
          "message": "Personal skill "notes" belongs to another user.",
          "outcome": "block",
          "step": "scope",
        }
      `);
    });

    it("hides a personal skill from the owner's agent unless it opts in", () => {
      expect(steps(decide(personal, agent(), 'model')).at(-1)).toBe(
        'scope:block:personal_skills_not_included',
      );
      const optedIn = agent({ agent: { includePersonal: true } });
      expect(decide(personal, optedIn, 'model').allowed).toBe(true);
    });

    it("hides a personal skill from another user's agent even when it opts in", () => {
      const context = createPolicyContext({
        principal: { kind: 'agent', id: 'agent-9', userId: 'user-2' },
        agent: { includePersonal: true },
      });
      expect(steps(decide(personal, context, 'model')).at(-1)).toBe(
        'scope:block:personal_skill_of_another_user',
      );
    });

    it('hides personal skills from an agent that acts for nobody', () => {
      const context = createPolicyContext({
        principal: { kind: 'agent', id: 'agent-1' },
        agent: { includePersonal: true },
      });
      expect(decide(personal, context, 'model').allowed).toBe(false);
    });

    it('applies the agent opt-in when a user talks through an agent', () => {
      const context = createPolicyContext({
        principal: { kind: 'user', id: 'user-1' },
        agent: { id: 'agent-1' },
      });
      expect(decide(personal, context, 'user').allowed).toBe(false);
    });

    it('shows an ownerless (local) personal skill to the local user', () => {
      const local = skill('notes', {}, { scope: 'personal' });
      expect(decide(local, createPolicyContext(), 'user').allowed).toBe(true);
    });

    it('shows builtin, public, workspace and project skills to everyone', () => {
      for (const scope of ['builtin', 'public', 'workspace', 'project'] as const) {
        expect(decide(skill('pdf', {}, { scope }), agent(), 'model').allowed).toBe(true);
      }
    });
  });

  describe('step 3: integration', () => {
    const slack = skill('slack-post', { integration: 'slack' });

    it('passes a skill without an integration', () => {
      expect(decide(skill('pdf'), agent(), 'model').reasons[2]?.code).toBe('no_integration');
    });

    it('refuses when the workspace has not enabled the integration', () => {
      const context = agent({ workspace: { integrations: ['github'] } });
      expect(decide(slack, context, 'model').reasons.at(-1)).toMatchInlineSnapshot(`
        {
          "code": "integration_disabled_for_workspace",
          "message": "Integration "slack" is not enabled for this workspace.",
          "outcome": "block",
          "step": "integration",
        }
      `);
    });

    it('refuses when the workspace enabled it but the agent did not', () => {
      const context = agent({
        workspace: { integrations: ['slack'] },
        agent: { integrations: ['github'] },
      });
      expect(steps(decide(slack, context, 'model')).at(-1)).toBe(
        'integration:block:integration_disabled_for_agent',
      );
    });

    it('allows when both levels enabled it, ignoring case', () => {
      const context = agent({
        workspace: { integrations: ['Slack'] },
        agent: { integrations: ['SLACK'] },
      });
      expect(steps(decide(slack, context, 'model'))[2]).toBe(
        'integration:pass:integration_enabled',
      );
    });

    it('lets an agent without its own list inherit the workspace list', () => {
      const context = agent({ workspace: { integrations: ['slack'] } });
      expect(decide(slack, context, 'model').allowed).toBe(true);
    });

    it('gates only at levels that list integrations; an empty list enables none', () => {
      const context = agent({ workspace: {} });
      expect(decide(slack, context, 'model').allowed).toBe(true);
      const none = agent({ workspace: { integrations: [] } });
      expect(decide(slack, none, 'model').allowed).toBe(false);
    });

    it('does not gate managing', () => {
      const context = agent({ workspace: { integrations: [] } });
      expect(steps(decide(slack, context, 'manage'))[2]).toBe(
        'integration:skip:not_applicable_to_surface',
      );
    });
  });

  describe('step 4: eligibility', () => {
    const context = createPolicyContext({
      environment: {
        env: { GITHUB_TOKEN: 'x', EMPTY: '' },
        hasBinary: (name) => ['git', 'node'].includes(name),
        configKeys: ['browser.enabled'],
        platform: 'linux',
      },
    });

    it('reports exactly what is missing', () => {
      const needy = skill('release', {
        requires: requires({
          bins: ['git', 'gh', 'jq'],
          anyBins: ['hg', 'svn'],
          env: ['GITHUB_TOKEN', 'NPM_TOKEN', 'EMPTY'],
          config: ['browser.enabled', 'slack.token'],
          os: ['darwin', 'windows'],
        }),
      });
      const decision = decide(needy, context, 'model');
      expect(decision.allowed).toBe(false);
      expect(decision.reasons.at(-1)).toMatchInlineSnapshot(`
        {
          "code": "requirements_missing",
          "message": "Missing binaries gh, jq; one of the binaries hg, svn; environment variables NPM_TOKEN, EMPTY; config keys slack.token; an operating system among darwin, windows.",
          "missing": {
            "anyBins": [
              "hg",
              "svn",
            ],
            "bins": [
              "gh",
              "jq",
            ],
            "config": [
              "slack.token",
            ],
            "env": [
              "NPM_TOKEN",
              "EMPTY",
            ],
            "os": [
              "darwin",
              "windows",
            ],
          },
          "outcome": "block",
          "step": "eligibility",
        }
      `);
    });

    it('passes when every requirement is met, with an empty missing report', () => {
      const met = skill('release', {
        requires: requires({
          bins: ['git'],
          anyBins: ['hg', 'node'],
          env: ['GITHUB_TOKEN'],
          config: ['browser.enabled'],
          os: ['Linux', 'macos'],
        }),
      });
      expect(decide(met, context, 'model').reasons[3]).toMatchInlineSnapshot(`
        {
          "code": "eligible",
          "message": "All requirements are met.",
          "missing": {
            "anyBins": [],
            "bins": [],
            "config": [],
            "env": [],
            "os": [],
          },
          "outcome": "pass",
          "step": "eligibility",
        }
      `);
    });

    it('lets always: true override what is missing, still reporting it', () => {
      const always = skill('release', { requires: requires({ bins: ['gh'], always: true }) });
      const decision = decide(always, context, 'model');
      expect(decision.allowed).toBe(true);
      expect(decision.reasons[3]).toMatchInlineSnapshot(`
        {
          "code": "always_eligible",
          "message": ""always: true" overrides missing binaries gh.",
          "missing": {
            "anyBins": [],
            "bins": [
              "gh",
            ],
            "config": [],
            "env": [],
            "os": [],
          },
          "outcome": "pass",
          "step": "eligibility",
        }
      `);
    });

    it('treats an unknown environment as having nothing', () => {
      const needsGit = skill('release', { requires: requires({ bins: ['git'] }) });
      expect(decide(needsGit, createPolicyContext(), 'user').allowed).toBe(false);
    });

    it('does not gate managing', () => {
      const needsGh = skill('release', { requires: requires({ bins: ['gh'] }) });
      expect(decide(needsGh, context, 'manage').allowed).toBe(true);
    });
  });

  it('resolves entry points to their surface', () => {
    const userOnly = skill('commit', { disableModelInvocation: true });
    const context = createPolicyContext();
    expect(decide(userOnly, context, 'mcp_prompt')).toMatchObject({
      surface: 'user',
      allowed: true,
    });
    expect(decide(userOnly, context, 'mcp_tool')).toMatchObject({
      surface: 'model',
      allowed: false,
    });
    expect(decide(userOnly, context, 'sandbox_list')).toMatchObject({
      surface: 'catalog',
      allowed: false,
    });
  });

  it('stops at the first refusing step', () => {
    const subject = skill('pdf', { integration: 'slack' }, { enabled: false });
    const context = agent({
      workspace: { integrations: [] },
      rules: [{ skill: '*', action: 'deny' }],
    });
    expect(steps(decide(subject, context, 'model'))).toEqual(['enabled:block:skill_disabled']);
  });
});
