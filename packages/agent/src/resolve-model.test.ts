import { describe, expect, it } from 'vitest';
import { resolveModel } from './resolve-model.ts';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a failure');
}

describe('resolveModel', () => {
  it('says what to set when no model is given', () => {
    expect(messageOf(() => resolveModel(undefined, {}))).toMatch(
      /^No model is configured: pass --model or set SKILLSET_MODEL/,
    );
  });

  it('names the providers for an unknown one', () => {
    expect(messageOf(() => resolveModel('gpt-4o', {}))).toContain(
      'provider openai, anthropic, openai-compatible',
    );
    expect(messageOf(() => resolveModel('mistral:large', {}))).toContain(
      'Unknown model "mistral:large"',
    );
  });

  it('asks for the key or endpoint each provider needs', () => {
    expect(messageOf(() => resolveModel('openai:gpt-4.1', {}))).toBe(
      'The model openai:gpt-4.1 needs OPENAI_API_KEY: set it to your OpenAI API key.',
    );
    expect(messageOf(() => resolveModel('anthropic:claude-sonnet-4-5', {}))).toContain(
      'ANTHROPIC_API_KEY',
    );
    expect(messageOf(() => resolveModel('openai-compatible:llama3.2', {}))).toContain(
      'needs OPENAI_BASE_URL',
    );
  });

  it('builds a model for each provider', () => {
    const compatible = resolveModel('openai-compatible:llama3.2', {
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(compatible).toMatchObject({ modelId: 'llama3.2', provider: 'openai-compatible.chat' });
    expect(resolveModel('openai:gpt-4.1', { OPENAI_API_KEY: 'k' })).toMatchObject({
      modelId: 'gpt-4.1',
    });
    expect(resolveModel('anthropic:claude-x', { ANTHROPIC_API_KEY: 'k' })).toMatchObject({
      modelId: 'claude-x',
    });
  });
});
