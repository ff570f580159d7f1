import { describe, expect, it } from 'vitest';
import { skillBadges } from './skill-badges.ts';

describe('skillBadges', () => {
  it('shows only the scope for an ordinary skill', () => {
    expect(skillBadges({ scope: 'workspace', eligible: true }).map((badge) => badge.label)).toEqual(
      ['workspace'],
    );
  });

  it('lists scope, shadowing, eligibility, integration and invocation in that order', () => {
    const labels = skillBadges({
      scope: 'builtin',
      eligible: false,
      shadowedBy: 'workspace',
      integration: 'github',
      userInvocable: false,
      modelInvocable: false,
    }).map((badge) => badge.label);
    expect(labels).toEqual([
      'built-in',
      'shadowed by workspace',
      'not eligible',
      'github',
      'model only',
      'people only',
    ]);
  });
});
