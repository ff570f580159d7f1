import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import { decide } from './decide.ts';
import type { PermissionRule } from './permission-rule.ts';
import { createPolicyContext } from './policy-context.ts';
import type { PolicySubject } from './policy-subject.ts';
import { POLICY_SURFACES } from './policy-surface.ts';

function skill(fields: Partial<SkillManifest> = {}, extra: Partial<PolicySubject> = {}) {
  const subject: PolicySubject = {
    manifest: createManifest({ name: 'csv-tools', description: 'Convert CSV files.', ...fields }),
    scope: 'workspace',
    ...extra,
  };
  return subject;
}

const agentContext = (rules: PermissionRule[] = []) =>
  createPolicyContext({ principal: { kind: 'agent', id: 'agent-1', userId: 'user-1' }, rules });

const permission = (decision: ReturnType<typeof decide>) =>
  decision.reasons.find((reason) => reason.step === 'permission');

describe('decide on the run surface', () => {
  it('asks by default, while every other surface still allows without approval', () => {
    const decision = decide(skill(), agentContext(), 'run_skill_script');
    expect(decision).toMatchObject({ surface: 'run', allowed: true, requiresApproval: true });
    expect(permission(decision)).toMatchInlineSnapshot(`
      {
        "code": "approval_required_by_default",
        "message": "No permission rule allows running this skill's scripts; by default each run needs a person's approval.",
        "outcome": "ask",
        "step": "permission",
      }
    `);
    for (const surface of POLICY_SURFACES.filter((each) => each !== 'run')) {
      expect(decide(skill(), agentContext(), surface)).toMatchObject({
        allowed: true,
        requiresApproval: false,
      });
    }
  });

  it('runs without asking when an allow rule names run', () => {
    const rules: PermissionRule[] = [{ skill: 'csv-*', surface: 'run', action: 'allow' }];
    const decision = decide(skill(), agentContext(rules), 'run');
    expect(decision).toMatchObject({ allowed: true, requiresApproval: false });
    expect(permission(decision)?.code).toBe('allowed_by_rule');
  });

  it('still asks when the only allow rule covers every surface', () => {
    const rules: PermissionRule[] = [{ skill: 'csv-tools', action: 'allow' }];
    expect(decide(skill(), agentContext(rules), 'run')).toMatchObject({
      requiresApproval: true,
    });
    expect(permission(decide(skill(), agentContext(rules), 'run'))?.code).toBe(
      'approval_required_by_default',
    );
  });

  it('refuses on a deny rule for run or for every surface, and only there', () => {
    const onRun: PermissionRule[] = [{ skill: 'csv-tools', surface: 'run', action: 'deny' }];
    expect(decide(skill(), agentContext(onRun), 'run').allowed).toBe(false);
    expect(decide(skill(), agentContext(onRun), 'model').allowed).toBe(true);
    const everywhere: PermissionRule[] = [{ skill: '*', action: 'deny' }];
    expect(decide(skill(), agentContext(everywhere), 'run').allowed).toBe(false);
    const onModel: PermissionRule[] = [{ skill: 'csv-tools', surface: 'model', action: 'deny' }];
    expect(decide(skill(), agentContext(onModel), 'run').allowed).toBe(true);
  });

  it('applies a rule for the agent, and a deny beats an allow', () => {
    const rules: PermissionRule[] = [
      { skill: '*', surface: 'run', action: 'allow' },
      { principal: 'agent-1', skill: 'csv-tools', surface: 'run', action: 'deny' },
    ];
    expect(decide(skill(), agentContext(rules), 'run').allowed).toBe(false);
    const other = createPolicyContext({ principal: { kind: 'agent', id: 'agent-2' }, rules });
    expect(decide(skill(), other, 'run')).toMatchObject({
      allowed: true,
      requiresApproval: false,
    });
  });

  it('is pre-approved by allowed-tools naming run_skill_script, unless a rule asks', () => {
    const preapproved = skill({ allowedTools: ['Read', 'RUN_SKILL_SCRIPT'] });
    const decision = decide(preapproved, agentContext(), 'run');
    expect(decision).toMatchObject({ allowed: true, requiresApproval: false });
    expect(permission(decision)?.code).toBe('preapproved_by_allowed_tools');
    const asks: PermissionRule[] = [{ skill: 'csv-tools', surface: 'run', action: 'ask' }];
    expect(decide(preapproved, agentContext(asks), 'run').requiresApproval).toBe(true);
    const denies: PermissionRule[] = [{ skill: 'csv-tools', action: 'deny' }];
    expect(decide(preapproved, agentContext(denies), 'run').allowed).toBe(false);
  });

  it('is not pre-approved by Bash patterns or a run_skill_script with arguments', () => {
    for (const allowedTools of [['Bash(python3 scripts/*)'], ['run_skill_script(scripts/a.py)']]) {
      expect(decide(skill({ allowedTools }), agentContext(), 'run').requiresApproval).toBe(true);
    }
  });

  it('keeps the switches and gates of the other steps, but not the invocation matrix', () => {
    expect(decide(skill({}, { enabled: false }), agentContext(), 'run').allowed).toBe(false);
    const userOnly = skill({ disableModelInvocation: true });
    expect(decide(userOnly, agentContext(), 'model').allowed).toBe(false);
    expect(decide(userOnly, agentContext(), 'run').allowed).toBe(true);
    const listed = createPolicyContext({
      principal: { kind: 'agent', id: 'agent-1' },
      agent: { allowlist: ['pdf'] },
    });
    expect(decide(skill(), listed, 'run').allowed).toBe(false);
  });
});

describe('decide with variables the host provides', () => {
  it('counts providedEnv as set for requires.env, for that subject only', () => {
    const needsKey = { requires: { env: ['CSV_KEY'] } } as Partial<SkillManifest>;
    const context = createPolicyContext();
    expect(decide(skill(needsKey), context, 'model').allowed).toBe(false);
    expect(decide(skill(needsKey, { providedEnv: ['CSV_KEY'] }), context, 'model').allowed).toBe(
      true,
    );
    expect(decide(skill(needsKey, { providedEnv: ['OTHER'] }), context, 'run').allowed).toBe(false);
  });
});
