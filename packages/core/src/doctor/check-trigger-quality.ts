import { MAX_DESCRIPTION_LENGTH } from '../format/read-skill-manifest.ts';
import type { DoctorFinding } from './doctor-finding.ts';
import { hasTriggerCue, MINIMUM_DESCRIPTION_LENGTH, TRIGGER_CUES } from './trigger-cues.ts';

/** Options for {@link checkTriggerQuality}. */
export interface CheckTriggerQualityOptions {
  name: string;
  description: string;
  /** The skill folder's name; absent when the skill has no folder (memory sources). */
  folderName?: string;
  file?: string;
  /** The line of the `description` key in `file`. */
  descriptionLine?: number;
  /** The line of the `name` key in `file`. */
  nameLine?: number;
}

/** Checks that a description can route requests (a missing one is a format error, not checked here): a "use when" cue, enough words, within the spec's length; and that the name matches the folder. */
export function checkTriggerQuality(options: CheckTriggerQualityOptions): DoctorFinding[] {
  const { name, file } = options;
  const description = options.description.replace(/\s+/g, ' ').trim();
  const at = (line: number | undefined) => ({
    skill: name,
    ...(file === undefined ? {} : { file }),
    ...(line === undefined ? {} : { line }),
  });
  const findings: DoctorFinding[] = [];
  if (description.length > MAX_DESCRIPTION_LENGTH) {
    findings.push({
      code: 'description_too_long',
      severity: 'error',
      category: 'trigger',
      ...at(options.descriptionLine),
      message: `The description is ${description.length} characters; the Agent Skills spec allows ${MAX_DESCRIPTION_LENGTH}, and catalogs cut it there.`,
      fix: `Trim the description to ${MAX_DESCRIPTION_LENGTH} characters or fewer and move the details into the body.`,
    });
  } else if (description.length > 0 && description.length < MINIMUM_DESCRIPTION_LENGTH) {
    findings.push({
      code: 'description_too_short',
      severity: 'warning',
      category: 'trigger',
      ...at(options.descriptionLine),
      message: `The description is ${description.length} characters: too short for a model to know what the skill does and when to pick it.`,
      fix: `Write at least ${MINIMUM_DESCRIPTION_LENGTH} characters: what the skill does, then "Use when …".`,
    });
  }
  if (description.length > 0 && !hasTriggerCue(description)) {
    findings.push({
      code: 'missing_trigger_cue',
      severity: 'info',
      category: 'trigger',
      ...at(options.descriptionLine),
      message: `The description says what the skill does but not when to use it (no cue such as ${TRIGGER_CUES.slice(
        0,
        3,
      )
        .map((cue) => `"${cue}"`)
        .join(', ')}).`,
      fix: 'Add a sentence such as "Use when the user asks to …" naming the requests it should answer.',
    });
  }
  const folder = options.folderName;
  if (folder !== undefined && folder !== '' && folder !== name) {
    findings.push({
      code: 'name_folder_mismatch',
      severity: 'warning',
      category: 'trigger',
      ...at(options.nameLine),
      message: `The name "${name}" differs from its folder "${folder}"; other agents key skills by folder and may not find it.`,
      fix: `Rename the folder to "${name}" or set name: ${folder}.`,
    });
  }
  return findings;
}
