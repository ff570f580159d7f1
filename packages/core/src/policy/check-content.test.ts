import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import { decide } from './decide.ts';
import { parsePolicyConfig } from './parse-policy-config.ts';
import { createPolicyContext } from './policy-context.ts';
import type { PolicySubject } from './policy-subject.ts';
import { POLICY_SURFACES } from './policy-surface.ts';

const subject = (contentRisks?: string[]): PolicySubject => ({
  manifest: createManifest({ name: 'fetcher', description: 'Fetches things.' }),
  scope: 'project',
  ...(contentRisks === undefined ? {} : { contentRisks }),
});

const contentStep = (decision: ReturnType<typeof decide>) =>
  decision.reasons.find((reason) => reason.step === 'content');

describe('decide: the content step', () => {
  it('passes everything when the policy does not block content risks', () => {
    const decision = decide(subject(['script_network_access']), createPolicyContext(), 'model');
    expect(decision.allowed).toBe(true);
    expect(contentStep(decision)?.code).toBe('content_risks_allowed');
  });

  it('refuses a flagged skill on every surface but manage, naming the risks', () => {
    const context = createPolicyContext({ contentRisks: 'block' });
    const flagged = subject(['instruction_override', 'script_network_access']);
    for (const surface of POLICY_SURFACES) {
      expect(decide(flagged, context, surface).allowed, surface).toBe(surface === 'manage');
    }
    expect(contentStep(decide(flagged, context, 'model'))).toMatchInlineSnapshot(`
      {
        "code": "content_risks_found",
        "message": ""fetcher" has content risks (instruction_override, script_network_access); run: skillset doctor.",
        "outcome": "block",
        "step": "content",
      }
    `);
  });

  it('passes a scanned clean skill and refuses an unscanned one (fail closed)', () => {
    const context = createPolicyContext({ contentRisks: 'block' });
    expect(contentStep(decide(subject([]), context, 'user'))?.code).toBe('no_content_risks');
    const unscanned = decide(subject(), context, 'user');
    expect(unscanned.allowed).toBe(false);
    expect(contentStep(unscanned)?.code).toBe('content_not_scanned');
  });

  it('reads contentRisks from a policy config, and rejects an unknown value', () => {
    const config = parsePolicyConfig({ contentRisks: 'block' }, { source: 'skillset.json' });
    const context = createPolicyContext({ config });
    expect(context.contentRisks).toBe('block');
    expect(() => parsePolicyConfig({ contentRisks: 'warn' }, { source: 'skillset.json' })).toThrow(
      /contentRisks/,
    );
  });
});
