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

/**
 * Records skill uses: a log line each, and usage rows written in batches off the request path,
 * identical uses of one minute counted into one row.
 */
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

/** What makes two uses the same usage row: everything recorded but the time, to the minute. */
function usageKey(use: SkillUse, minute: number): string {
  return `${use.workspaceId}\0${use.skill}\0${use.skillId ?? ''}\0${use.surface}\0${use.principal.kind}\0${use.principal.id}\0${use.outcome}\0${minute}`;
}

/** Creates a {@link UsageRecorder}; every attempt counts in a usage row with its outcome. */
export function createUsageRecorder(options: UsageRecorderOptions): UsageRecorder {
  const { store, logger, flushDelayMs = 250 } = options;
  let pending = new Map<string, UsageEventInput>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = [...pending.values()];
    pending = new Map();
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
      const now = Date.now();
      const key = usageKey(use, Math.floor(now / 60_000));
      const counted = pending.get(key);
      if (counted !== undefined) {
        counted.count = (counted.count ?? 1) + 1;
        counted.at = new Date(now);
      } else {
        pending.set(key, {
          workspaceId: use.workspaceId,
          skillName: use.skill,
          ...(use.skillId === undefined ? {} : { skillId: use.skillId }),
          trigger: use.surface,
          principal: use.principal,
          outcome: use.outcome,
          at: new Date(now),
          count: 1,
        });
      }
      if (timer === undefined) {
        timer = setTimeout(() => void flush(), flushDelayMs);
        timer.unref?.();
      }
    },
    flush,
    close: flush,
  };
}
