import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ApprovalKey, RememberedApprovals } from '@skillset/core';
import { z } from 'zod';
import type { Terminal } from '../output/terminal.ts';

const approvalSchema = z.object({
  project: z.string(),
  skill: z.string(),
  action: z.string(),
  digest: z.string(),
  approvedAt: z.string(),
});

const approvalsFileSchema = z.object({
  version: z.literal(1),
  approvals: z.array(approvalSchema),
});

type StoredApproval = z.infer<typeof approvalSchema>;

/** The person's remembered approvals: `$XDG_CONFIG_HOME/skillset/approvals.json` or `~/.config/skillset/approvals.json`. */
export function approvalsFilePath(terminal: Terminal): string {
  const configHome =
    terminal.env.XDG_CONFIG_HOME || path.join(terminal.env.HOME || os.homedir(), '.config');
  return path.join(configHome, 'skillset', 'approvals.json');
}

/** Options for {@link createApprovalsFile}. */
export interface ApprovalsFileOptions {
  file: string;
  /** The project folder the approvals hold for (`skillset chat`'s working folder). */
  project: string;
}

/**
 * Remembered approvals in a JSON file, per project folder, skill name and action. The file is read
 * on every call, so two chats share it; a malformed file throws a precise error and is never
 * overwritten.
 */
export function createApprovalsFile(options: ApprovalsFileOptions): RememberedApprovals & {
  /** Throws when the file exists but is not a valid approvals file. */
  check(): Promise<void>;
} {
  const { file } = options;
  const project = path.resolve(options.project);
  const matches = (approval: StoredApproval, key: ApprovalKey) =>
    approval.project === project && approval.skill === key.skill && approval.action === key.action;

  const load = async (): Promise<StoredApproval[]> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `${file} is not valid JSON (${(error as Error).message}); fix it or delete it to forget every remembered approval.`,
      );
    }
    const parsed = approvalsFileSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? '' : ` at ${issue.path.join('.') || 'the top level'}`;
      throw new Error(
        `${file} is not a remembered-approvals file${where}: ${issue?.message ?? 'unknown shape'}. It must be {"version": 1, "approvals": [{"project", "skill", "action", "digest", "approvedAt"}]}; fix it or delete it to forget every remembered approval.`,
      );
    }
    return parsed.data.approvals;
  };
  const store = async (approvals: StoredApproval[]) => {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ version: 1, approvals }, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(temporary, file);
  };

  return {
    check: async () => {
      await load();
    },
    find: async (key) => (await load()).find((approval) => matches(approval, key))?.digest,
    save: async (key, digest) => {
      const others = (await load()).filter((approval) => !matches(approval, key));
      const approvedAt = new Date().toISOString();
      await store([...others, { project, ...key, digest, approvedAt }]);
    },
    remove: async (key) => {
      const approvals = await load();
      const others = approvals.filter((approval) => !matches(approval, key));
      if (others.length !== approvals.length) await store(others);
    },
  };
}
