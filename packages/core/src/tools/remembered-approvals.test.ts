import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../policy/create-policy-gate.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import {
  type ApprovalKey,
  type RememberedApprovals,
  type RememberingApprovalAnswer,
  type RememberingApprovalRequest,
  rememberApprovals,
  skillContentDigest,
} from './remembered-approvals.ts';

function memoryApprovals(): RememberedApprovals & { kept: Map<string, string> } {
  const kept = new Map<string, string>();
  const id = (key: ApprovalKey) => `${key.skill}\n${key.action}`;
  return {
    kept,
    find: async (key) => kept.get(id(key)),
    save: async (key, digest) => {
      kept.set(id(key), digest);
    },
    remove: async (key) => {
      kept.delete(id(key));
    },
  };
}

async function setup() {
  const source = createMemorySource({
    scope: 'project',
    skills: [
      {
        text: buildSkill({ name: 'csv-tools', body: 'Run scripts/convert.py.\n' }),
        files: { 'scripts/convert.py': 'print(1)\n' },
      },
    ],
  });
  const registry = createRegistry({ sources: [source] });
  await registry.refresh();
  const approvals = memoryApprovals();
  const asked: RememberingApprovalRequest[] = [];
  const answers: RememberingApprovalAnswer[] = [];
  const approve = rememberApprovals({
    registry,
    approvals,
    ask: (request) => {
      asked.push(request);
      return answers.shift() ?? false;
    },
  });
  return { source, registry, approvals, asked, answers, approve };
}

// The wrapper reads only the skill and the script; the decision is the gate's business.
const decision = { allowed: true, requiresApproval: true } as ApprovalRequest['decision'];
const useRequest: ApprovalRequest = {
  tool: 'use_skill',
  skill: 'csv-tools',
  entryPoint: 'use_skill',
  decision,
};
const runRequest: ApprovalRequest = {
  ...useRequest,
  tool: 'run_skill_script',
  entryPoint: 'run_skill_script',
  script: { path: 'scripts/convert.py', args: [], network: false },
};

describe('rememberApprovals', () => {
  it('asks every time while the answers are once or no', async () => {
    const { approve, asked, answers } = await setup();
    answers.push(true, false);
    expect(await approve(useRequest)).toBe(true);
    expect(await approve(useRequest)).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('remembers "always" for the same content and does not ask again', async () => {
    const { approve, asked, answers, approvals, registry } = await setup();
    answers.push('always');
    expect(await approve(useRequest)).toBe(true);
    expect(await approve(useRequest)).toBe(true);
    expect(asked).toHaveLength(1);
    const entry = await registry.get('csv-tools');
    if (entry === undefined) throw new Error('csv-tools is missing');
    expect([...approvals.kept.values()]).toEqual([await skillContentDigest(registry, entry)]);
    expect([...approvals.kept.values()][0]).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('keeps a skill use and each script apart', async () => {
    const { approve, asked, answers } = await setup();
    answers.push('always', true);
    expect(await approve(useRequest)).toBe(true);
    expect(await approve(runRequest)).toBe(true);
    expect(asked.map((request) => request.tool)).toEqual(['use_skill', 'run_skill_script']);
  });

  it('never lets an approval of a run without secrets approve the same run with secrets', async () => {
    const { approve, asked, answers, approvals } = await setup();
    const withSecret = {
      ...runRequest,
      script: {
        ...runRequest.script,
        path: 'scripts/convert.py',
        args: [],
        network: false,
        secrets: ['B', 'A'],
      },
    };
    answers.push('always', 'always');
    expect(await approve(runRequest)).toBe(true);
    expect(await approve(withSecret)).toBe(true);
    expect(await approve(withSecret)).toBe(true);
    expect(asked).toHaveLength(2);
    expect([...approvals.kept.keys()]).toEqual([
      'csv-tools\nrun:scripts/convert.py',
      'csv-tools\nrun-with-secrets:A,B:scripts/convert.py',
    ]);
  });

  it('revokes the approval when one byte of a file changes, and asks again saying so', async () => {
    const { approve, asked, answers, approvals, source, registry } = await setup();
    answers.push('always');
    expect(await approve(runRequest)).toBe(true);
    source.update('csv-tools', {
      text: buildSkill({ name: 'csv-tools', body: 'Run scripts/convert.py.\n' }),
      files: { 'scripts/convert.py': 'print(2)\n' },
    });
    await registry.refresh();
    answers.push(false);
    expect(await approve(runRequest)).toBe(false);
    expect(asked).toHaveLength(2);
    expect(asked[0]?.changed).toBeUndefined();
    expect(asked[1]?.changed).toBe(true);
    expect(approvals.kept.size).toBe(0);
    // Revoked for good: the next use asks again, no longer as a change.
    answers.push(true);
    expect(await approve(runRequest)).toBe(true);
    expect(asked[2]?.changed).toBeUndefined();
  });

  it('asks each time for a skill the registry does not know', async () => {
    const { approve, asked, answers, approvals } = await setup();
    answers.push('always', 'always');
    const request = { ...useRequest, skill: 'gone' };
    expect(await approve(request)).toBe(true);
    expect(await approve(request)).toBe(true);
    expect(asked).toHaveLength(2);
    expect(approvals.kept.size).toBe(0);
  });
});
