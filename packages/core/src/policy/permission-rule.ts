import type { PolicySurface } from './policy-surface.ts';

/** What a permission rule does, strongest first: `deny` beats `ask` beats `allow`. */
export const PERMISSION_ACTIONS = ['deny', 'ask', 'allow'] as const;

/** A permission rule's action; `ask` means allowed after a person approves. */
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** One permission rule: who (`principal`, default `*`), which skills (`skill` pattern), where, and what. */
export interface PermissionRule {
  /** An agent id or a user id, or `*` (the default) for everyone. */
  principal?: string;
  /** How explanations name the principal (an agent's name); default: its id. */
  principalName?: string;
  /** A skill name or a glob with `*` and `?`, matched case-insensitively. */
  skill: string;
  /** The surface the rule applies to, or `*` (the default) for all of them. */
  surface?: PolicySurface | '*';
  action: PermissionAction;
}
