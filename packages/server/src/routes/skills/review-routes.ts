import type { z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ReviewResult, RevisionInReview, SkillAccess, StoredSkill } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { RequestPrincipal } from '../../app/app-env.ts';
import { forbiddenError } from '../../auth/forbidden-error.ts';
import { requireRole, type UserPrincipal } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { storedSkillSignature } from '../../runtime/stored-skill-signature.ts';
import { loadWorkspaceTrust } from '../../runtime/workspace-trust.ts';
import { skillNotFound } from './find-skill.ts';
import { proposalEvalDelta, reviewProposal } from './review-proposal.ts';
import {
  listProposalsRoute,
  publishRevisionRoute,
  rejectRevisionRoute,
  type revisionInReviewSchema,
  showProposalRoute,
} from './review-route-definitions.ts';
import { isReviewRequired } from './review-write-mode.ts';
import { resolveSkillCaller } from './skill-caller.ts';
import { formatSkillEtag, readIfMatch, versionConflict } from './skill-etag.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';

/** Refuses agents and viewers: proposals are for the people who write and review skills. */
function requireEditor(principal: RequestPrincipal): UserPrincipal {
  return requireRole(principal, ABILITY_ROLES.seeProposals, 'see or review proposals');
}

/** Refuses a person who may not publish others' proposals. */
async function requireReviewer(
  dependencies: SkillRouteDependencies,
  principal: RequestPrincipal,
): Promise<UserPrincipal> {
  const user = requireEditor(principal);
  if (!(await dependencies.store.members.mayReview(user.workspaceId, user.userId))) {
    throw forbiddenError(
      'Only admins and members with the reviewer grant may publish or reject revisions; ask an admin to give you the grant (PATCH /api/workspaces/{id}/members/{userId} with {"reviewer": true}).',
    );
  }
  return user;
}

/** The answer to a refused review action. */
function reviewRefusal(
  skill: Pick<StoredSkill, 'name'>,
  version: number,
  result: Extract<ReviewResult, { ok: false }>,
  expected: number,
): SkillsetError<ServerErrorCode> {
  const label = `${JSON.stringify(skill.name)} version ${version}`;
  switch (result.reason) {
    case 'not_found':
      return skillNotFound(skill.name);
    case 'version_not_found':
      return new SkillsetError<ServerErrorCode>({
        code: 'version_not_found',
        message: `Skill ${JSON.stringify(skill.name)} has no version ${version}; list its proposals with GET /api/proposals.`,
      });
    case 'digest_mismatch':
      return new SkillsetError<ServerErrorCode>({
        code: 'revision_changed',
        message: `${label} is not the content you reviewed (its digest is ${result.hash}); open it again and review what it holds now.`,
      });
    case 'own_proposal':
      return new SkillsetError<ServerErrorCode>({
        code: 'own_proposal',
        message: `You proposed ${label}, so someone else must publish it: review needs a second person.`,
      });
    case 'not_proposed':
      return new SkillsetError<ServerErrorCode>({
        code: 'not_proposed',
        message:
          result.state === 'rejected'
            ? `${label} was rejected; propose it again (restore it) to have it reviewed.`
            : `${label} is not a proposal; only proposals can be rejected.`,
      });
    case 'conflict':
      return versionConflict(skill.name, expected, result.currentVersion);
  }
}

/** A share as a whole percentage: 0.333… → "33%". */
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The recall a proposal loses against the published revision, if it loses any. */
async function recallDropOf(
  dependencies: SkillRouteDependencies,
  user: UserPrincipal,
  access: SkillAccess,
  skill: StoredSkill,
  version: number,
): Promise<{ before: number; after: number } | undefined> {
  if (version === skill.currentVersion) return undefined;
  const delta = await proposalEvalDelta({
    store: dependencies.store,
    scope: await dependencies.runtime.open(user),
    access,
    workspaceId: user.workspaceId,
    skill,
    version,
  });
  const before = delta?.before?.recall;
  const after = delta?.after.recall;
  if (before == null || after == null || after >= before) return undefined;
  return { before, after };
}

/** Registers the review routes: proposals, one proposal's review, publish (and roll back), reject. */
export function registerReviewRoutes(app: ApiApp, dependencies: SkillRouteDependencies) {
  const { store, runtime } = dependencies;

  /** The revisions as the API shows them, each person's name read once. */
  const presentRevisions = async (
    revisions: readonly RevisionInReview[],
    user: UserPrincipal,
    mayReview: boolean,
  ): Promise<z.infer<typeof revisionInReviewSchema>[]> => {
    const ids = new Set(revisions.flatMap((each) => [each.createdBy, each.reviewedBy]));
    ids.delete(null);
    const names = new Map(
      await Promise.all(
        [...ids].map(async (id) => [id, (await store.users.get(id as string))?.name] as const),
      ),
    );
    const person = (id: string | null) =>
      id === null ? null : { id, name: names.get(id) ?? 'a former member' };
    return revisions.map((revision) => ({
      name: revision.name,
      version: revision.version,
      hash: revision.hash,
      description: revision.description,
      message: revision.message,
      author: person(revision.createdBy),
      createdAt: revision.createdAt.toISOString(),
      published: revision.published,
      state: revision.state,
      note: revision.note,
      reviewer: person(revision.reviewedBy),
      reviewedAt: revision.reviewedAt?.toISOString() ?? null,
      mayPublish: mayReview && revision.state === 'proposed' && revision.createdBy !== user.userId,
    }));
  };
  const presentRevision = async (
    revision: RevisionInReview,
    user: UserPrincipal,
    mayReview: boolean,
  ) =>
    (await presentRevisions([revision], user, mayReview))[0] as z.infer<
      typeof revisionInReviewSchema
    >;

  const findRevision = async (user: UserPrincipal, name: string, version: number) => {
    const caller = await resolveSkillCaller(runtime, user);
    const skill = await store.skills.getForReview({ ...caller.access, name, scope: 'workspace' });
    if (skill === undefined) throw skillNotFound(name, 'workspace');
    const states = ['proposed', 'published', 'rejected'] as const;
    const [revision] = (
      await store.skills.listInReview({ ...caller.access, skillId: skill.id, states })
    ).filter((each) => each.version === version);
    return { caller, skill, revision };
  };

  app.openapi(listProposalsRoute, async (context) => {
    const user = requireEditor(context.get('principal'));
    const { state } = context.req.valid('query');
    const [required, mayReview, revisions] = await Promise.all([
      isReviewRequired(store, user.workspaceId),
      store.members.mayReview(user.workspaceId, user.userId),
      store.skills.listInReview({
        workspaceId: user.workspaceId,
        userId: user.userId,
        states: [state ?? 'proposed'],
      }),
    ]);
    const items = await presentRevisions(revisions, user, mayReview);
    return context.json({ review: required ? 'required' : 'off', mayReview, items }, 200);
  });

  app.openapi(showProposalRoute, async (context) => {
    const user = requireEditor(context.get('principal'));
    const { name, version } = context.req.valid('param');
    const { caller, skill, revision } = await findRevision(user, name, version);
    if (revision === undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'version_not_found',
        message: `Skill ${JSON.stringify(skill.name)} has no reviewed or proposed version ${version}; list the proposals with GET /api/proposals.`,
      });
    }
    const [mayReview, scope] = await Promise.all([
      store.members.mayReview(user.workspaceId, user.userId),
      runtime.open(user),
    ]);
    const review = await reviewProposal({
      store,
      scope,
      access: caller.access,
      workspaceId: user.workspaceId,
      skill,
      version,
    });
    return context.json(
      { revision: await presentRevision(revision, user, mayReview), review },
      200,
    );
  });

  app.openapi(publishRevisionRoute, async (context) => {
    const user = await requireReviewer(dependencies, context.get('principal'));
    const { name, version } = context.req.valid('param');
    const body = context.req.valid('json');
    const caller = await resolveSkillCaller(runtime, user);
    const skill = await store.skills.getForReview({ ...caller.access, name, scope: 'workspace' });
    if (skill === undefined) throw skillNotFound(name, 'workspace');
    const expected = readIfMatch(context.req.header('if-match'), { required: true }) as number;
    const workspace = await store.workspaces.get(user.workspaceId);
    const recallDrop =
      workspace?.settings.blockRecallDrop === true
        ? await recallDropOf(dependencies, user, caller.access, skill, version)
        : undefined;
    if (recallDrop !== undefined && body.overrideRecallDrop !== true) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'recall_dropped',
        message: `Version ${version} of ${JSON.stringify(skill.name)} lowers its trigger-eval recall from ${percent(recallDrop.before)} to ${percent(recallDrop.after)}, and this workspace blocks that; improve the description, or publish with overrideRecallDrop: true (recorded in the audit log).`,
      });
    }
    if (workspace?.settings.requireSigned === true) {
      const trust = await loadWorkspaceTrust(store, user.workspaceId);
      const signature = await storedSkillSignature({
        store,
        access: caller.access,
        skill,
        version,
        trust,
      });
      if (signature.state !== 'signed') {
        throw new SkillsetError<ServerErrorCode>({
          code: 'revision_unsigned',
          message: `This workspace serves only signed skills, and version ${version} of ${JSON.stringify(skill.name)} is not signed by a trusted signer (${signature.reason}); publishing it would serve nothing. Sign it and propose it again.`,
        });
      }
    }
    const result = await store.skills.publish({
      ...caller.access,
      id: skill.id,
      version,
      hash: body.hash,
      expectedVersion: expected,
      actor: caller.actor,
      ...(body.note === undefined || body.note === '' ? {} : { note: body.note }),
      ...(recallDrop === undefined ? {} : { details: { recallDrop, overridden: true } }),
    });
    if (!result.ok) throw reviewRefusal(skill, version, result, expected);
    return context.json(
      { name: result.skill.name, published: version, from: result.from, hash: body.hash },
      200,
      { ETag: formatSkillEtag(version) },
    );
  });

  app.openapi(rejectRevisionRoute, async (context) => {
    const user = await requireReviewer(dependencies, context.get('principal'));
    const { name, version } = context.req.valid('param');
    const body = context.req.valid('json');
    const caller = await resolveSkillCaller(runtime, user);
    const skill = await store.skills.getForReview({ ...caller.access, name, scope: 'workspace' });
    if (skill === undefined) throw skillNotFound(name, 'workspace');
    const result = await store.skills.reject({
      ...caller.access,
      id: skill.id,
      version,
      hash: body.hash,
      note: body.note,
      actor: caller.actor,
    });
    if (!result.ok) throw reviewRefusal(skill, version, result, skill.currentVersion);
    const { revision } = await findRevision(user, name, version);
    if (revision === undefined) throw skillNotFound(name, 'workspace');
    return context.json(await presentRevision(revision, user, true), 200);
  });
}
