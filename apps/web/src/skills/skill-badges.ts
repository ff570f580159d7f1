import type { SkillScope } from '../api/client.ts';

/** One badge shown next to a skill. */
export interface SkillBadge {
  label: string;
  color: string;
  /** What the badge means, for a tooltip and screen readers. */
  title: string;
}

/** What a badge needs to know about a skill: the fields of a summary and of a detail. */
export interface BadgeSource {
  scope: SkillScope;
  eligible: boolean;
  shadowedBy?: SkillScope;
  integration?: string | null;
  userInvocable?: boolean;
  modelInvocable?: boolean;
}

const SCOPE_BADGES: Record<SkillScope, SkillBadge> = {
  builtin: { label: 'built-in', color: 'gray', title: 'Shipped with Skillset' },
  public: { label: 'public', color: 'teal', title: 'Installed for every workspace' },
  workspace: { label: 'workspace', color: 'indigo', title: 'Shared in this workspace' },
  personal: { label: 'personal', color: 'violet', title: 'Yours only' },
};

/** The badges of a skill, most important first: scope, shadowing, eligibility, integration, invocation. */
export function skillBadges(skill: BadgeSource): SkillBadge[] {
  const badges: SkillBadge[] = [SCOPE_BADGES[skill.scope]];
  if (skill.shadowedBy !== undefined) {
    badges.push({
      label: `shadowed by ${skill.shadowedBy}`,
      color: 'orange',
      title: `A ${skill.shadowedBy} skill of the same name wins; this one is not used`,
    });
  }
  if (!skill.eligible) {
    badges.push({
      label: 'not eligible',
      color: 'red',
      title: 'Needs something this server lacks (a program, a variable, a setting or another OS)',
    });
  }
  if (skill.integration) {
    badges.push({
      label: skill.integration,
      color: 'grape',
      title: `Part of the ${skill.integration} integration`,
    });
  }
  if (skill.userInvocable === false) {
    badges.push({
      label: 'model only',
      color: 'blue',
      title: 'People cannot invoke it with /name',
    });
  }
  if (skill.modelInvocable === false) {
    badges.push({
      label: 'people only',
      color: 'cyan',
      title: 'The model never loads it by itself; invoke it with /name',
    });
  }
  return badges;
}
