import type { LanguageModel } from 'ai';

/**
 * Whether the skill tools go to `model` in strict form (`strict: true`): not to Claude models,
 * whose strict mode rejects keywords the tool schemas use (`minLength`, `minimum`, `maximum`).
 */
export function acceptsStrictTools(model: LanguageModel): boolean {
  const name = typeof model === 'string' ? model : `${model.provider} ${model.modelId}`;
  return !/anthropic|claude/i.test(name);
}
