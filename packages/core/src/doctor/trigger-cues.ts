/**
 * Phrases that tell a model when to pick a skill; a description with none of them (case-insensitive)
 * gets `missing_trigger_cue` (docs/decisions/0105).
 */
export const TRIGGER_CUES: readonly string[] = [
  'use when',
  'use this',
  'use for',
  'use it',
  'used when',
  'used for',
  'use if',
  'use whenever',
  'use before',
  'use after',
  'use to',
  'when the user',
  'when a user',
  'when you',
  'when asked',
  'when working',
  'when creating',
  'when writing',
  'whenever',
  'trigger',
  'invoke when',
  'activate when',
  'apply when',
  'for requests',
  'if the user',
  'if you need',
];

/** A description shorter than this many characters is too short to route (`description_too_short`). */
export const MINIMUM_DESCRIPTION_LENGTH = 40;

/** Whether a description names when to use the skill (one of {@link TRIGGER_CUES}). */
export function hasTriggerCue(description: string): boolean {
  const text = description.toLowerCase().replace(/\s+/g, ' ');
  return TRIGGER_CUES.some((cue) => text.includes(cue));
}
