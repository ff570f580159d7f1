import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { describe, expect, it } from 'vitest';
import { acceptsStrictTools } from './accepts-strict-tools.ts';

describe('acceptsStrictTools', () => {
  it('sends strict tools to OpenAI and OpenAI-compatible models', () => {
    expect(acceptsStrictTools(createOpenAI({ apiKey: 'test' })('gpt-5'))).toBe(true);
    const local = createOpenAICompatible({ name: 'local', baseURL: 'http://127.0.0.1:1/v1' });
    expect(acceptsStrictTools(local('llama3.2'))).toBe(true);
    expect(acceptsStrictTools('openai/gpt-5')).toBe(true);
  });

  it('sends plain tools to Claude models, however they are reached', () => {
    expect(acceptsStrictTools(createAnthropic({ apiKey: 'test' })('claude-sonnet-4-5'))).toBe(
      false,
    );
    expect(acceptsStrictTools('anthropic/claude-sonnet-4.5')).toBe(false);
    const proxied = createOpenAICompatible({ name: 'proxy', baseURL: 'http://127.0.0.1:1/v1' });
    expect(acceptsStrictTools(proxied('claude-opus-4-1'))).toBe(false);
  });
});
