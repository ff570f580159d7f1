import { randomUUID } from 'node:crypto';

/** How a question ended: answered, unanswered in time, or its turn ended first. */
export type ApprovalOutcome = 'approved' | 'refused' | 'expired' | 'cancelled';

/** A question put to a person during a chat turn. */
export interface PendingApproval {
  id: string;
  /** Resolves once, with how the question ended. */
  outcome: Promise<ApprovalOutcome>;
}

/** The open approval questions of chat turns, answered through `POST /api/chat/approvals/{id}`. */
export interface ChatApprovals {
  /** Opens a question only `owner` may answer; it expires after the timeout or when `signal` aborts. */
  open(owner: string, signal?: AbortSignal): PendingApproval;
  /** Answers `owner`'s question `id`; false when there is no such open question of theirs. */
  answer(owner: string, id: string, approved: boolean): boolean;
}

interface Question {
  owner: string;
  settle(outcome: ApprovalOutcome): void;
}

/** Creates {@link ChatApprovals}; unanswered questions expire after `timeoutMs` (refused). */
export function createChatApprovals(timeoutMs: number): ChatApprovals {
  const questions = new Map<string, Question>();
  return {
    open(owner, signal) {
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
        questions.set(id, { owner, settle });
        if (signal?.aborted) cancel();
        else signal?.addEventListener('abort', cancel, { once: true });
      });
      return { id, outcome };
    },
    answer(owner, id, approved) {
      const question = questions.get(id);
      if (question === undefined || question.owner !== owner) return false;
      question.settle(approved ? 'approved' : 'refused');
      return true;
    },
  };
}
