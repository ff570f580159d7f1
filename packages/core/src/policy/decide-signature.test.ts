import { describe, expect, it } from 'vitest';
import type { SkillSignatureStatus } from '../provenance/skill-signature-status.ts';
import { createManifest } from '../skill/create-manifest.ts';
import { decide } from './decide.ts';
import { createPolicyContext } from './policy-context.ts';
import type { PolicySubject } from './policy-subject.ts';

const digest = `sha256:${'0'.repeat(64)}`;
const subject = (signature?: SkillSignatureStatus): PolicySubject => ({
  manifest: createManifest({ name: 'deploy', description: 'Deploys the app.' }),
  scope: 'workspace',
  ...(signature === undefined ? {} : { signature }),
});
const signed: SkillSignatureStatus = {
  state: 'signed',
  signer: 'alice@example.com',
  fingerprint: 'SHA256:abc',
  digest,
};
const last = (decision: ReturnType<typeof decide>) => decision.reasons.at(-1);

describe('decide under requireSigned', () => {
  const requiring = createPolicyContext({ config: { requireSigned: true } });

  it('lets a skill signed by a trusted signer through on every surface', () => {
    for (const surface of ['catalog', 'model', 'user', 'read', 'run'] as const) {
      const decision = decide(subject(signed), requiring, surface);
      expect(decision.allowed).toBe(true);
      expect(decision.reasons.find((step) => step.step === 'signature')?.code).toBe(
        'signed_by_trusted_signer',
      );
    }
  });

  it('leaves out unsigned, badly signed and unchecked skills with the reason in the trace', () => {
    const unsigned = decide(
      subject({ state: 'unsigned', reason: 'it has no SKILL.sig', digest }),
      requiring,
      'model',
    );
    expect(unsigned.allowed).toBe(false);
    expect(last(unsigned)).toMatchObject({ step: 'signature', code: 'skill_unsigned' });
    expect(last(unsigned)?.message).toContain('skillset sign deploy');
    const changed = decide(
      subject({
        state: 'invalid',
        code: 'file_changed',
        reason: 'SKILL.md changed since it was signed.',
        digest,
      }),
      requiring,
      'catalog',
    );
    expect(last(changed)).toMatchObject({ code: 'signature_file_changed', outcome: 'block' });
    expect(last(changed)?.message).toContain('SKILL.md changed since it was signed.');
    expect(last(decide(subject(), requiring, 'user'))?.code).toBe('signature_not_checked');
  });

  it('does not block managing a skill, and does nothing when signatures are not required', () => {
    expect(decide(subject(), requiring, 'manage').allowed).toBe(true);
    expect(decide(subject(), createPolicyContext(), 'model').allowed).toBe(true);
  });

  it('keeps a workspace or agent requirement even when the local config says false', () => {
    const context = createPolicyContext({ requireSigned: true, config: { requireSigned: false } });
    expect(decide(subject(), context, 'model').allowed).toBe(false);
  });
});
