import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { hasRole } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/**
 * How a question ended: answered (`always`: approved and remembered while the skill stays the
 * same), unanswered in time, or its turn ended first.
 */
export type ApprovalOutcome = 'approved' | 'always' | 'refused' | 'expired' | 'cancelled';

/** A question put to a person during a chat turn. */
export interface PendingApproval {
  id: string;
  /** Resolves once, with how the question ended. */
  outcome: Promise<ApprovalOutcome>;
}

/** An open question as listed to someone who may answer it. */
export interface OpenApproval<Details> {
  id: string;
  details: Details;
  createdAt: Date;
}

/** What narrows who answers the question of a script run. */
export interface RunAnswerRules {
  /** The user id of who made the revision whose script would run: they never answer it. */
  author?: string;
  /** The run gets secrets: only a workspace admin answers it. */
  secrets?: boolean;
}

/** Options for {@link ChatApprovals.open}. */
export interface OpenApprovalOptions {
  /** The question is cancelled when it aborts (the turn ended). */
  signal?: AbortSignal;
  /** For a script run: its revision's author and whether it gets secrets. */
  run?: RunAnswerRules;
}

/** The open approval questions of chat turns, answered through `POST /api/chat/approvals/{id}`. */
export interface ChatApprovals<Details = unknown> {
  /**
   * Opens a question asked by `asker`'s turn; it expires after the timeout or when `signal`
   * aborts. A person's question is theirs to answer; an agent's is answered by a person with
   * rights over the agent (an admin of its workspace, or the user it acts for), never by an agent.
   * A script run's question is never answered by who made the skill's revision, and one that gets
   * secrets only by an admin; then the workspace's admins may answer a person's own question too.
   */
  open(asker: RequestPrincipal, details: Details, options?: OpenApprovalOptions): PendingApproval;
  /**
   * Answers question `id` (`always` approves and remembers); false when there is no such open
   * question `answerer` may see; throws `forbidden` with the reason when they see it but may not
   * answer it (they made the revision, or a member facing a run with secrets).
   */
  answer(answerer: RequestPrincipal, id: string, approved: boolean | 'always'): boolean;
  /** The open questions `answerer` may answer, oldest first. */
  list(answerer: RequestPrincipal): OpenApproval<Details>[];
}

interface Question<Details> {
  asker: RequestPrincipal;
  run: RunAnswerRules;
  details: Details;
  createdAt: Date;
  settle(outcome: ApprovalOutcome): void;
}

/**
 * Whether `answerer` may answer a question `asker`'s turn asked: undefined when they may,
 * `{}` when the question is not theirs to see, `{reason}` when they see it but may not answer.
 */
export function answerRefusal(
  asker: RequestPrincipal,
  answerer: RequestPrincipal,
  run: RunAnswerRules = {},
): { reason?: string } | undefined {
  if (answerer.kind !== 'user' || answerer.workspaceId !== asker.workspaceId) return {};
  const admin = hasRole(answerer.role, 'admin');
  const askerUser = asker.kind === 'user' ? asker.userId : asker.actsForUserId;
  // Who would answer cannot: the workspace's admins do.
  const adminsAnswer =
    run.secrets === true || (run.author !== undefined && run.author === askerUser);
  const sees =
    asker.kind === 'user'
      ? answerer.userId === asker.userId || (adminsAnswer && admin)
      : admin || answerer.userId === asker.actsForUserId;
  if (!sees) return {};
  if (run.author !== undefined && answerer.userId === run.author) {
    return {
      reason:
        'You made the revision of this skill whose script would run, so you cannot approve running it: an admin who did not make it answers.',
    };
  }
  if (run.secrets === true && !admin) {
    return {
      reason:
        'This run gets a workspace secret, so only an admin (not its revision’s author) answers it.',
    };
  }
  return undefined;
}

/** True when `answerer` may answer a question that `asker`'s turn asked. */
export function mayAnswer(
  asker: RequestPrincipal,
  answerer: RequestPrincipal,
  run: RunAnswerRules = {},
): boolean {
  return answerRefusal(asker, answerer, run) === undefined;
}

/** Creates {@link ChatApprovals}; unanswered questions expire after `timeoutMs` (refused). */
export function createChatApprovals<Details = unknown>(timeoutMs: number): ChatApprovals<Details> {
  const questions = new Map<string, Question<Details>>();
  return {
    open(asker, details, { signal, run = {} } = {}) {
      const id = randomUUID();
      const outcome = new Promise<ApprovalOutcome>((resolve) => {
        const settle = (result: ApprovalOutcome) => {
          if (!questions.delete(id)) return;
          clearTimeout(timer);
          signal?.removeEventListener('abort', cancel);
          resolve(result);
        };
        const cancel = () => settle('cancelled');
        const timer = setTimeout(() => settle('expired'), timeoutMs);
        timer.unref?.();
        questions.set(id, { asker, run, details, createdAt: new Date(), settle });
        if (signal?.aborted) cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
      });
      return { id, outcome };
    },
    answer(answerer, id, approved) {
      const question = questions.get(id);
      if (question === undefined) return false;
      const refusal = answerRefusal(question.asker, answerer, question.run);
      if (refusal?.reason !== undefined) {
        throw new SkillsetError<ServerErrorCode>({ code: 'forbidden', message: refusal.reason });
      }
      if (refusal !== undefined) return false;
      question.settle(approved === 'always' ? 'always' : approved ? 'approved' : 'refused');
      return true;
    },
    list(answerer) {
      return [...questions.entries()]
        .filter(([, question]) => mayAnswer(question.asker, answerer, question.run))
        .map(([id, question]) => ({
          id,
          details: question.details,
          createdAt: question.createdAt,
        }));
    },
  };
}
