import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** The lockfile's name: beside the agents' skill folders (the project root), or in the user config for `--global`. */
export const SKILL_LOCK_FILE = 'skillset-lock.json';

const digestsSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/));

const sourceSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('server'),
    /** The server's base URL. */
    url: z.string(),
    workspace: z.string(),
    /** The skill's version on the server. */
    version: z.int(),
  }),
  z.strictObject({
    type: z.literal('git'),
    /** What the user typed (`owner/repo/path@ref`, a git URL or a tree URL). */
    spec: z.string(),
    url: z.string(),
    ref: z.string().optional(),
    /** The folder of the skill inside the repository. */
    path: z.string(),
    commit: z.string(),
  }),
  z.strictObject({
    type: z.literal('local'),
    /** What the user typed. */
    spec: z.string(),
    /** The skill folder or `.zip` read, relative to the lockfile's folder, `/`-separated. */
    path: z.string(),
  }),
]);

const entrySchema = z.strictObject({
  source: sourceSchema,
  /** `sync`: the agents it installed the skill for (`--agent`), whatever folders they read it from. */
  agents: z.array(z.string()).optional(),
  /** The skill folders this entry owns, relative to the lockfile's folder. */
  folders: z.array(z.string()).min(1),
  /** sha256 (hex) of every file as installed, by path relative to the skill folder. */
  files: digestsSchema,
});

const lockSchema = z.strictObject({
  version: z.literal(1),
  skills: z.record(z.string(), entrySchema),
});

/** Where an installed skill came from. */
export type SkillLockSource = z.infer<typeof sourceSchema>;
/** One installed skill: its source, the folders it was written to and the digest of every file. */
export type SkillLockEntry = z.infer<typeof entrySchema>;
/** `skillset-lock.json`: the skills Skillset installed (by `add` or `sync`), keyed by name. */
export type SkillLock = z.infer<typeof lockSchema>;

/** An empty lock. */
export function emptySkillLock(): SkillLock {
  return { version: 1, skills: {} };
}

/** Reads a lockfile; a missing file is an empty lock, a malformed one an error naming the file. */
export async function readSkillLock(file: string): Promise<SkillLock> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptySkillLock();
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix or delete it.`);
  }
  const parsed = lockSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${file} is not a Skillset lockfile: ${issue?.path.join('.') || 'the file'}: ${issue?.message}; fix or delete it.`,
    );
  }
  return parsed.data;
}

/** Writes a lockfile atomically, skills and files in name order so diffs stay small. */
export async function writeSkillLock(file: string, lock: SkillLock): Promise<void> {
  const sorted = <Value>(record: Record<string, Value>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const skills = sorted(
    Object.fromEntries(
      Object.entries(lock.skills).map(([name, entry]) => [
        name,
        { ...entry, folders: [...entry.folders].sort(), files: sorted(entry.files) },
      ]),
    ),
  );
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify({ version: 1, skills }, null, 2)}\n`);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The sha256 (hex) of some bytes. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The sha256 of every regular file below a skill folder, by `/`-separated relative path. */
export async function digestSkillFolder(folder: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, absolute).split(path.sep).join('/');
    digests[relative] = sha256Hex(await readFile(absolute));
  }
  return digests;
}

/** How a folder differs from what was installed: files changed, added and removed locally. */
export interface LocalEdits {
  changed: string[];
  added: string[];
  removed: string[];
}

/** Compares a skill folder with the digests it was installed with; undefined when it is untouched. */
export async function findLocalEdits(
  folder: string,
  installed: Readonly<Record<string, string>>,
): Promise<LocalEdits | undefined> {
  const present = await digestSkillFolder(folder);
  const changed = Object.keys(installed).filter(
    (file) => present[file] !== undefined && present[file] !== installed[file],
  );
  const added = Object.keys(present).filter((file) => installed[file] === undefined);
  const removed = Object.keys(installed).filter((file) => present[file] === undefined);
  if (changed.length + added.length + removed.length === 0) return undefined;
  return { changed: changed.sort(), added: added.sort(), removed: removed.sort() };
}

/** "SKILL.md changed, notes.md added" — what {@link findLocalEdits} found, for a message. */
export function describeLocalEdits(edits: LocalEdits): string {
  return [
    ...edits.changed.map((file) => `${file} changed`),
    ...edits.added.map((file) => `${file} added`),
    ...edits.removed.map((file) => `${file} removed`),
  ].join(', ');
}
