import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import { SKILL_SCOPES } from '../skill/skill-scope.ts';
import { decide } from './decide.ts';
import { PERMISSION_ACTIONS, type PermissionRule } from './permission-rule.ts';
import { createPolicyContext, type PolicyContext } from './policy-context.ts';
import type { PolicySubject } from './policy-subject.ts';
import { POLICY_SURFACES } from './policy-surface.ts';

// Enough runs, biased towards passing steps, that a refusal by any single step shows up often.
const numRuns = 1000;
const mostly = <Value>(usual: Value, rare: Value) => fc.constantFrom(usual, usual, usual, rare);
const names = ['pdf', 'pdf-fill', 'deploy', 'notes'];
const patterns = [...names, '*', 'pdf-*', 'p?f', 'DEPLOY'];

const subjectArbitrary: fc.Arbitrary<PolicySubject> = fc.record({
  manifest: fc
    .record({
      name: fc.constantFrom(...names),
      disableModelInvocation: mostly(false, true),
      userInvocable: mostly(true, false),
      integration: fc.option(fc.constantFrom('slack', 'github'), { nil: undefined }),
      bins: mostly<string[]>([], ['gh']),
    })
    .map(({ name, bins, integration, ...fields }) =>
      createManifest({
        name,
        description: 'A skill.',
        ...fields,
        ...(integration === undefined ? {} : { integration }),
        requires: { bins, anyBins: [], env: [], config: [], os: [], always: false },
      }),
    ),
  scope: fc.oneof(fc.constant('workspace' as const), fc.constantFrom(...SKILL_SCOPES)),
  enabled: mostly(true, false),
  ownerId: fc.constantFrom('user-1', 'user-2'),
});

const ruleArbitrary: fc.Arbitrary<PermissionRule> = fc.record({
  principal: fc.constantFrom('*', 'agent-1', 'user-1', 'user-2'),
  skill: fc.constantFrom(...patterns),
  surface: fc.constantFrom('*', ...POLICY_SURFACES),
  action: fc.constantFrom(...PERMISSION_ACTIONS),
});

const contextArbitrary: fc.Arbitrary<PolicyContext> = fc
  .record({
    asAgent: fc.boolean(),
    rules: fc.array(ruleArbitrary, { maxLength: 4 }),
    allowlist: fc.oneof(fc.constant([]), fc.subarray(patterns, { maxLength: 2 })),
    integrations: fc.subarray(['slack', 'github']),
    includePersonal: fc.boolean(),
    skillsEnabled: mostly(true, false),
  })
  .map(({ asAgent, rules, allowlist, integrations, includePersonal, skillsEnabled }) =>
    createPolicyContext({
      principal: asAgent
        ? { kind: 'agent', id: 'agent-1', userId: 'user-1' }
        : { kind: 'user', id: 'user-1' },
      workspace: { skillsEnabled, integrations },
      agent: { allowlist, includePersonal },
      rules,
      environment: { hasBinary: (name) => name === 'git' },
    }),
  );

describe('decide (properties)', () => {
  it('never shows what it does not allow, and never needs approval for a refusal', () => {
    fc.assert(
      fc.property(
        subjectArbitrary,
        contextArbitrary,
        fc.constantFrom(...POLICY_SURFACES),
        (subject, context, surface) => {
          const decision = decide(subject, context, surface);
          expect(decision.visible).toBe(decision.allowed);
          if (!decision.allowed) {
            expect(decision.requiresApproval).toBe(false);
            expect(decision.reasons.at(-1)?.outcome).toBe('block');
          }
        },
      ),
      { numRuns },
    );
  });

  it('never lists in the catalog a skill the model may not use', () => {
    fc.assert(
      fc.property(subjectArbitrary, contextArbitrary, ruleArbitrary, (subject, base, rule) => {
        const context = { ...base, rules: [...base.rules, { ...rule, surface: 'model' as const }] };
        if (decide(subject, context, 'catalog').visible) {
          expect(decide(subject, context, 'model').allowed).toBe(true);
        }
      }),
      { numRuns },
    );
  });

  it('refuses on every surface once a matching deny rule applies to every surface', () => {
    fc.assert(
      fc.property(
        subjectArbitrary,
        contextArbitrary,
        fc.constantFrom(...POLICY_SURFACES),
        (subject, context, surface) => {
          const denied = {
            ...context,
            rules: [...context.rules, { skill: '*', action: 'deny' as const }],
          };
          expect(decide(subject, denied, surface).allowed).toBe(false);
        },
      ),
      { numRuns },
    );
  });

  it('records the steps in the order of DESIGN.md §5', () => {
    const order = [
      'enabled',
      'scope',
      'integration',
      'eligibility',
      'content',
      'signature',
      'allowlist',
      'permission',
      'invocation',
    ];
    fc.assert(
      fc.property(
        subjectArbitrary,
        contextArbitrary,
        fc.constantFrom(...POLICY_SURFACES),
        (subject, context, surface) => {
          const steps = decide(subject, context, surface).reasons.map((reason) => reason.step);
          expect(steps).toEqual(order.slice(0, steps.length));
        },
      ),
      { numRuns },
    );
  });
});
