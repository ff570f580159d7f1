import { randomUUID } from 'node:crypto';
import { hasRole } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';

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

/** The open approval questions of chat turns, answered through `POST /api/chat/approvals/{id}`. */
export interface ChatApprovals<Details = unknown> {
  /**
   * Opens a question asked by `asker`'s turn; it expires after the timeout or when `signal`
   * aborts. A person's question is theirs to answer; an agent's is answered by a person with
   * rights over the agent (an admin of its workspace, or the user it acts for), never by an agent.
   */
  open(asker: RequestPrincipal, details: Details, signal?: AbortSignal): PendingApproval;
  /** Answers question `id` (`always` approves and remembers); false when there is no such open question `answerer` may answer. */
  answer(answerer: RequestPrincipal, id: string, approved: boolean | 'always'): boolean;
  /** The open questions `answerer` may answer, oldest first. */
  list(answerer: RequestPrincipal): OpenApproval<Details>[];
}

interface Question<Details> {
  asker: RequestPrincipal;
  details: Details;
  createdAt: Date;
  settle(outcome: ApprovalOutcome): void;
}

/** True when `answerer` may answer a question that `asker`'s turn asked. */
export function mayAnswer(asker: RequestPrincipal, answerer: RequestPrincipal): boolean {
  if (answerer.kind !== 'user' || answerer.workspaceId !== asker.workspaceId) return false;
  if (asker.kind === 'user') return answerer.userId === asker.userId;
  return hasRole(answerer.role, 'admin') || answerer.userId === asker.actsForUserId;
}

/** Creates {@link ChatApprovals}; unanswered questions expire after `timeoutMs` (refused). */
export function createChatApprovals<Details = unknown>(timeoutMs: number): ChatApprovals<Details> {
  const questions = new Map<string, Question<Details>>();
  return {
    open(asker, details, signal) {
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
        questions.set(id, { asker, details, createdAt: new Date(), settle });
        if (signal?.aborted) cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
      });
      return { id, outcome };
    },
    answer(answerer, id, approved) {
      const question = questions.get(id);
      if (question === undefined || !mayAnswer(question.asker, answerer)) return false;
      question.settle(approved === 'always' ? 'always' : approved ? 'approved' : 'refused');
      return true;
    },
    list(answerer) {
      return [...questions.entries()]
        .filter(([, question]) => mayAnswer(question.asker, answerer))
        .map(([id, question]) => ({
          id,
          details: question.details,
          createdAt: question.createdAt,
        }));
    },
  };
}
