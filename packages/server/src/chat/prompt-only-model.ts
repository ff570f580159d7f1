import type { LanguageModel } from 'ai';

function refuse(): Promise<never> {
  return Promise.reject(new Error('The prompt view has no model; it never calls one.'));
}

/** A model for agents that only assemble prompts (`GET /api/chat/prompt`): calling it fails. */
export const PROMPT_ONLY_MODEL: LanguageModel = {
  specificationVersion: 'v3',
  provider: 'skillset',
  modelId: 'prompt-only',
  supportedUrls: {},
  doGenerate: refuse,
  doStream: refuse,
};
