import { useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import { api, type SkillDetail, type SkillScope, unwrap } from '../api/client.ts';
import type { Proposal } from '../review/is-proposal.ts';
import { mergeSkillText, resolveSkillMerge, type SkillMerge } from './merge-skill-text.ts';

/** The skill being edited: its name, scope and the version (ETag) the text started from. */
export interface EditedSkill {
  name: string;
  scope: SkillScope;
  version: number;
}

/** A saved version's text and number: what an edit started from. */
export interface SkillBase {
  text: string;
  version: number | undefined;
}

/** A save that met a newer version: its text and number. */
export interface SaveConflict {
  theirs: string;
  version: number;
}

/** Options of {@link useSkillSave}. */
export interface UseSkillSaveOptions {
  existing: EditedSkill | undefined;
  initialText: string;
  /** Where a new skill is created. */
  scope: 'workspace' | 'personal';
  /** The change note saved with the version. */
  note: string;
  /**
   * Called with the saved skill — or, where the workspace requires review, the proposal that waits
   * for a reviewer (the served version is unchanged) — and, when it merged with a newer version,
   * that merge.
   */
  onSaved: (saved: SkillDetail | Proposal, merged: SkillMerge | undefined) => Promise<void>;
}

// A version saved between two tries merges again; past this many, the user decides.
const MERGE_TRIES = 3;

/**
 * Saving the editor's text with If-Match: a newer version saved meanwhile is merged field by
 * field and saved when nothing conflicts; otherwise it becomes a conflict for the user.
 */
export function useSkillSave({ existing, initialText, scope, note, onSaved }: UseSkillSaveOptions) {
  const [text, setText] = useState(initialText);
  const [base, setBase] = useState<SkillBase>({ text: initialText, version: existing?.version });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [conflict, setConflict] = useState<SaveConflict>();

  const put = async (content: string, from: SkillBase, merged?: SkillMerge, tries = 0) => {
    if (existing === undefined) return;
    const params = { path: { name: existing.name }, query: { scope: existing.scope } };
    const message = note.trim();
    const answer = await api.PUT('/api/skills/{name}', {
      params: { ...params, header: { 'if-match': `"${from.version}"` } },
      body: { content, ...(message === '' ? {} : { message }) },
    });
    if (answer.response.status !== 409) {
      await onSaved(await unwrap(Promise.resolve(answer)), merged);
      return;
    }
    const current = await unwrap(api.GET('/api/skills/{name}', { params }));
    const theirs = { text: current.content, version: current.version };
    const merge = mergeSkillText({ base: from.text, mine: content, theirs: theirs.text });
    if (merge.conflicts.length > 0 || tries >= MERGE_TRIES) {
      setText(content);
      setBase(from);
      setConflict({ theirs: theirs.text, version: theirs.version });
      return;
    }
    const resolved = resolveSkillMerge(merge, {});
    setText(resolved);
    setBase(theirs);
    await put(resolved, theirs, merge, tries + 1);
  };

  /** Saves `content` as the version after `from` (by default the editor's text and base). */
  const save = async (content = text, from = base, merged?: SkillMerge) => {
    setSaving(true);
    setSaveError(undefined);
    setConflict(undefined);
    try {
      if (existing === undefined) {
        const body = { content, scope };
        await onSaved(await unwrap(api.POST('/api/skills', { body })), undefined);
      } else {
        await put(content, from, merged);
      }
    } catch (error) {
      setSaveError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return { text, setText, base, setBase, saving, saveError, conflict, setConflict, save };
}
