import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { SkillsetError } from '@skillset/core';
import type { LanguageModel } from 'ai';

/** Why a model could not be set up. */
export type ModelConfigErrorCode = 'model_not_configured' | 'model_unknown' | 'model_key_missing';

/** The providers `--model` / `SKILLSET_MODEL` name, as `<provider>:<model id>`. */
export const MODEL_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;

const EXAMPLES =
  'e.g. openai:gpt-4.1, anthropic:claude-sonnet-4-5, or openai-compatible:llama3.2 with OPENAI_BASE_URL=http://localhost:11434/v1';

function failure(code: ModelConfigErrorCode, message: string): SkillsetError<ModelConfigErrorCode> {
  return new SkillsetError<ModelConfigErrorCode>({ code, message });
}

function requireVariable(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  spec: string,
  why: string,
): string {
  const value = env[name]?.trim();
  if (value === undefined || value === '') {
    throw failure('model_key_missing', `The model ${spec} needs ${name}: set it to ${why}.`);
  }
  return value;
}

/**
 * Turns `<provider>:<model id>` into an AI SDK model, reading keys and endpoints from `env`
 * (OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL). Throws a
 * `SkillsetError` whose message is one line saying what to set.
 */
export function resolveModel(
  spec: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): LanguageModel {
  const trimmed = spec?.trim() ?? '';
  if (trimmed === '') {
    throw failure(
      'model_not_configured',
      `No model is configured: pass --model or set SKILLSET_MODEL (${EXAMPLES}).`,
    );
  }
  const colon = trimmed.indexOf(':');
  const provider = colon === -1 ? '' : trimmed.slice(0, colon);
  const id = colon === -1 ? '' : trimmed.slice(colon + 1).trim();
  if (!(MODEL_PROVIDERS as readonly string[]).includes(provider) || id === '') {
    throw failure(
      'model_unknown',
      `Unknown model "${trimmed}": write <provider>:<model id> with provider ${MODEL_PROVIDERS.join(', ')} (${EXAMPLES}).`,
    );
  }
  const baseURL = (name: string) => env[name]?.trim() || undefined;
  if (provider === 'openai') {
    const apiKey = requireVariable(env, 'OPENAI_API_KEY', trimmed, 'your OpenAI API key');
    const url = baseURL('OPENAI_BASE_URL');
    return createOpenAI({ apiKey, ...(url === undefined ? {} : { baseURL: url }) })(id);
  }
  if (provider === 'anthropic') {
    const apiKey = requireVariable(env, 'ANTHROPIC_API_KEY', trimmed, 'your Anthropic API key');
    const url = baseURL('ANTHROPIC_BASE_URL');
    return createAnthropic({ apiKey, ...(url === undefined ? {} : { baseURL: url }) })(id);
  }
  const url = requireVariable(
    env,
    'OPENAI_BASE_URL',
    trimmed,
    'the Chat Completions endpoint (e.g. http://localhost:11434/v1 for Ollama)',
  );
  const apiKey = baseURL('OPENAI_API_KEY');
  return createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: url,
    includeUsage: true,
    ...(apiKey === undefined ? {} : { apiKey }),
  }).chatModel(id);
}
