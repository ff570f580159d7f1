/** Why a chat request failed, in words for the page. */
export interface ChatFailure {
  /** The server's error code, when it answered with one (`model_not_configured`…). */
  code?: string;
  status?: number;
  message: string;
}

const MODEL_CODES = new Set(['model_not_configured', 'model_unknown', 'model_key_missing']);

/** Whether the failure means the server has no usable chat model. */
export function isModelFailure(failure: ChatFailure): boolean {
  return failure.code !== undefined && MODEL_CODES.has(failure.code);
}

/**
 * Reads the error of `useChat`: an HTTP answer (the transport puts the body in `responseBody`
 * and the status in `statusCode`) with the server's `{error: {code, message}}`, or a stream
 * `error` chunk's message.
 */
export function readChatFailure(error: Error): ChatFailure {
  const { statusCode, responseBody } = error as Error & {
    statusCode?: number;
    responseBody?: string;
  };
  const body = responseBody ?? error.message;
  try {
    const parsed = JSON.parse(body) as { error?: { code?: string; message?: string } };
    if (typeof parsed.error?.message === 'string') {
      return {
        message: parsed.error.message,
        ...(parsed.error.code === undefined ? {} : { code: parsed.error.code }),
        ...(statusCode === undefined ? {} : { status: statusCode }),
      };
    }
  } catch {
    // Not JSON: a stream error chunk or a network failure, whose message is already in words.
  }
  return { message: error.message, ...(statusCode === undefined ? {} : { status: statusCode }) };
}
