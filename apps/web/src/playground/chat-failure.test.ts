import { describe, expect, it } from 'vitest';
import { isModelFailure, readChatFailure } from './chat-failure.ts';

describe('readChatFailure', () => {
  it('reads the server’s code and message from an HTTP answer', () => {
    const error = Object.assign(new Error('ignored'), {
      statusCode: 503,
      responseBody: JSON.stringify({
        error: { code: 'model_not_configured', message: 'No model is configured for chat.' },
      }),
    });
    const failure = readChatFailure(error);
    expect(failure).toEqual({
      code: 'model_not_configured',
      status: 503,
      message: 'No model is configured for chat.',
    });
    expect(isModelFailure(failure)).toBe(true);
  });

  it('keeps the message of a stream error as it is', () => {
    const failure = readChatFailure(new Error('The model endpoint refused the request.'));
    expect(failure).toEqual({ message: 'The model endpoint refused the request.' });
    expect(isModelFailure(failure)).toBe(false);
  });
});
