import type { Store, UsageEventInput } from '@skillset/store';
import type { Logger } from 'pino';
import { loggableError } from '../http/loggable-error.ts';

/** One use of a skill: recorded for analytics (batched) and logged at once. */
export interface SkillUse {
  workspaceId: string;
  skill: string;
  skillId?: string;
  version?: number;
  principal: { kind: 'user' | 'agent'; id: string };
  /** The surface the skill was reached through; it is the usage trigger. */
  surface: string;
  /** `injection` (a person's `/name`), `activation` (a model's `use_skill`) or `dispatch`. */
  event: 'injection' | 'activation' | 'dispatch';
  outcome: string;
}

/** Records skill uses: a log line each, and usage rows written in batches off the request path. */
export interface UsageRecorder {
  record(use: SkillUse): void;
  /** Writes the pending usage rows now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Options for {@link createUsageRecorder}. */
export interface UsageRecorderOptions {
  store: Store;
  logger: Logger;
  /** How long uses are gathered before they are written, in milliseconds. */
  flushDelayMs?: number;
}

/** Creates a {@link UsageRecorder}; every attempt becomes a usage row with its outcome. */
export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { store, logger, flushDelayMs = 250 } = options;
  let pending: UsageEventInput[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await store.usage.recordMany(batch);
      } catch (error) {
        logger.warn(
          { err: loggableError(error), events: batch.length },
          'usage events could not be written',
        );
      }
    });
    return writing;
  };

  return {
    record(use) {
      logger.info(
        {
          event: `skill.${use.event}`,
          skill: use.skill,
          version: use.version,
          principal: `${use.principal.kind}:${use.principal.id}`,
          surface: use.surface,
          outcome: use.outcome,
          workspaceId: use.workspaceId,
        },
        `skill ${use.event}`,
      );
      pending.push({
        workspaceId: use.workspaceId,
        skillName: use.skill,
        ...(use.skillId === undefined ? {} : { skillId: use.skillId }),
        trigger: use.surface,
        principal: use.principal,
        outcome: use.outcome,
        at: new Date(),
      });
      if (timer === undefined) {
        timer = setTimeout(() => void flush(), flushDelayMs);
        timer.unref?.();
      }
    },
    flush,
    close: flush,
  };
}
