/** An audit log entry as `GET /api/audit` returns it. */
export interface AuditEntryLike {
  action: string;
  actor: { kind: string; id: string } | null;
  target: { kind: string; id: string } | null;
  details: Record<string, unknown>;
}

type Describe = (details: Record<string, unknown>, target: string) => string;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const quoted = (value: unknown, fallback: string): string =>
  text(value) === '' ? fallback : text(value);

/** An invitation's kind; entries written before kinds had names say `delivery` (`link`: an open link). */
const kindOf = (details: Record<string, unknown>): string =>
  details.kind === 'open_link' || details.delivery === 'link' ? 'open_link' : text(details.kind);

const ACTIONS: Record<string, Describe> = {
  'invitation.create': (details) => {
    const invited = `invited ${text(details.email)} as ${text(details.role)}`;
    if (kindOf(details) === 'open_link') return `${invited} with an open link`;
    return details.kind === 'email' || details.delivery === 'email'
      ? `${invited} by mail`
      : invited;
  },
  'invitation.accept': (details) =>
    kindOf(details) === 'open_link'
      ? `joined through the open link for ${text(details.email)}`
      : `accepted the invitation for ${text(details.email)}`,
  'invitation.revoke': (details) => `revoked the invitation for ${text(details.email)}`,
  'member.add': (details, target) => `added ${target} as ${text(details.role)}`,
  'member.role': (details, target) =>
    `changed ${target} from ${text(details.previous)} to ${text(details.role)}`,
  'member.remove': (_details, target) => `removed ${target} from the workspace`,
  'member.reviewer.grant': (_details, target) => `made ${target} a reviewer`,
  'member.reviewer.revoke': (_details, target) => `took the reviewer grant from ${target}`,
  'member.sign_in_link': (details, target) =>
    details.delivery === 'email'
      ? `mailed a sign-in link to ${target}`
      : `created a sign-in link for ${target}`,
  'token.create': (details) => `created the token ${quoted(details.name, 'without a name')}`,
  'token.revoke': (details) => `revoked the token ${quoted(details.name, 'without a name')}`,
  'skill.create': (details) => `created the skill ${quoted(details.name, 'without a name')}`,
  'skill.update': (details, target) => `edited the skill ${quoted(details.name, target)}`,
  'skill.restore': (details, target) =>
    `restored version ${String(details.restoredVersion ?? '?')} of ${quoted(details.name, target)}`,
  'skill.propose': (details, target) =>
    `proposed version ${String(details.version ?? '?')} of ${quoted(details.name, target)}`,
  'skill.publish': (details, target) =>
    `published version ${String(details.to ?? '?')} of ${quoted(details.name, target)}${
      details.overridden === true ? ', overriding a drop in trigger recall' : ''
    }`,
  'skill.rollback': (details, target) =>
    `rolled ${quoted(details.name, target)} back to version ${String(details.to ?? '?')}`,
  'skill.reject': (details, target) =>
    `rejected version ${String(details.version ?? '?')} of ${quoted(details.name, target)}: ${text(details.note)}`,
  'skill.enable': (details, target) => `switched on ${quoted(details.name, target)}`,
  'skill.disable': (details, target) => `switched off ${quoted(details.name, target)}`,
  'skill.delete': (details, target) => `deleted the skill ${quoted(details.name, target)}`,
  'agent.create': (details) => `created the agent ${text(details.name)}`,
  'agent.update': (details, target) => `changed the agent ${quoted(details.name, target)}`,
  'agent.delete': (details) => `deleted the agent ${text(details.name)}`,
  'permission.create': () => 'added a permission rule',
  'permission.replace': () => 'replaced the permission rules',
  'permission.delete': () => 'deleted a permission rule',
  'secret.set': (details) => {
    const skills = Array.isArray(details.skills) ? details.skills.map(text).filter(Boolean) : [];
    const bound = skills.length === 0 ? 'no skill' : skills.join(', ');
    if (details.created === true) return `added the secret ${text(details.name)} for ${bound}`;
    if (details.valueChanged === true) {
      return `replaced the value of the secret ${text(details.name)}, for ${bound}`;
    }
    return `bound the secret ${text(details.name)} to ${bound}`;
  },
  'secret.delete': (details) => `deleted the secret ${text(details.name)}`,
  'secret.approve': (details) =>
    `approved version ${String(details.version ?? '?')} of ${text(details.skill)} for the secret ${text(details.name)}`,
  'script.run': (details, target) => {
    const what = `${text(details.script)} of ${quoted(details.skill, target)}`;
    if (details.outcome !== 'ok') return `was refused running ${what} (${text(details.outcome)})`;
    const end =
      details.timedOut === true
        ? 'stopped at the time limit'
        : typeof details.exitCode === 'number'
          ? `exit code ${details.exitCode}`
          : `stopped by ${text(details.signal) || 'a signal'}`;
    const withheld = Array.isArray(details.withheld)
      ? details.withheld.map((secret) => text((secret as { name?: unknown })?.name)).filter(Boolean)
      : [];
    const without = withheld.length === 0 ? '' : `, without the unapproved ${withheld.join(', ')}`;
    return `ran ${what}: ${end}, ${String(details.durationMs ?? '?')} ms${without}`;
  },
  'workspace.create': (details) => `created the workspace ${text(details.name)}`,
  'workspace.update': () => 'changed the workspace settings',
  'session.sign_in': () => 'signed in',
};

/**
 * What an audit entry says in words, with people named: `Ada invited bo@example.com as admin`.
 * `names` maps user ids to display names; unknown ids stay ids, unknown actions stay readable.
 */
export function describeAuditEntry(
  entry: AuditEntryLike,
  names: ReadonlyMap<string, string>,
): { actor: string; text: string } {
  const nameOf = (reference: { kind: string; id: string } | null): string => {
    if (reference === null) return 'someone';
    if (reference.kind === 'user') return names.get(reference.id) ?? `user ${reference.id}`;
    if (reference.kind === 'system') return 'Skillset';
    return `${reference.kind} ${reference.id}`;
  };
  const actor = entry.actor === null ? 'The system' : nameOf(entry.actor);
  const describe = ACTIONS[entry.action];
  const target = nameOf(entry.target);
  if (entry.action === 'member.add' && entry.actor?.id === entry.target?.id) {
    return { actor, text: `joined as ${text(entry.details.role)}` };
  }
  return {
    actor,
    text:
      describe === undefined
        ? entry.action.replaceAll(/[._]/g, ' ')
        : describe(entry.details, target),
  };
}
