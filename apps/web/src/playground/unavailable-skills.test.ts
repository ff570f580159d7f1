import { describe, expect, it } from 'vitest';
import {
  describeUnavailable,
  findUnavailableInvocations,
  listUnavailableSkills,
  type TraceEntry,
} from './unavailable-skills.ts';

const deny = {
  step: 'permission',
  outcome: 'block' as const,
  code: 'denied_by_rule',
  message: 'Rule: deny "github-*" for "support-bot" on every surface.',
};
const trace: TraceEntry[] = [
  { skill: 'github-release', listed: false, reason: deny.message, steps: [deny] },
  { skill: 'haiku', listed: true, reason: 'Listed: the policy allows it.' },
  { skill: 'broken', listed: false, reason: 'Its SKILL.md has errors.' },
  {
    skill: 'quiet',
    listed: false,
    reason: 'Left out: the catalog budget of 300 tokens was used by skills ranked higher.',
  },
  { skill: 'background', listed: true, reason: 'Listed: the policy allows it.' },
];

describe('listUnavailableSkills', () => {
  it('lists the skills that are not commands, with the policy reason when it hides them', () => {
    expect(listUnavailableSkills(trace, [{ name: 'Haiku' }, { name: 'quiet' }])).toEqual([
      { name: 'github-release', reason: deny.message },
      { name: 'broken', reason: 'Its SKILL.md has errors.' },
      { name: 'background', reason: 'It is not offered as a / command.' },
    ]);
  });

  it('lists nothing when every skill is a command', () => {
    expect(listUnavailableSkills(trace.slice(1, 2), [{ name: 'haiku' }])).toEqual([]);
  });
});

describe('findUnavailableInvocations', () => {
  const unavailable = [{ name: 'github-release', reason: deny.message }];

  it('finds an unavailable skill among the leading invocations, in any case', () => {
    expect(findUnavailableInvocations('/haiku $GitHub-Release v2 please', unavailable)).toEqual(
      unavailable,
    );
  });

  it('ignores a name later in the text and a name that only starts the same', () => {
    expect(findUnavailableInvocations('run /github-release', unavailable)).toEqual([]);
    expect(findUnavailableInvocations('/github-releases', unavailable)).toEqual([]);
  });
});

describe('describeUnavailable', () => {
  it('names the skill, the principal and the reason', () => {
    expect(
      describeUnavailable({ name: 'github-release', reason: deny.message }, 'support-bot'),
    ).toMatchInlineSnapshot(
      `"github-release is not available to support-bot. Rule: deny "github-*" for "support-bot" on every surface."`,
    );
  });
});
