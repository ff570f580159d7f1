import { APICallError, RetryError } from 'ai';

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/** One line saying what failed when the model was called (unreachable endpoint, refused key, bad model). */
export function describeModelError(error: unknown): string {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const where = last.url;
    if (last.statusCode === undefined) {
      const code = causeCode(last) ?? last.message;
      return `The model endpoint ${where} could not be reached (${code}). Check that it is running and that the base URL is right.`;
    }
    const detail = (last.responseBody ?? last.message).replace(/\s+/g, ' ').slice(0, 300);
    return `The model endpoint ${where} answered ${last.statusCode}: ${detail}`;
  }
  if (last instanceof Error) {
    const code = causeCode(last);
    return code === undefined ? last.message : `${last.message} (${code})`;
  }
  return String(last);
}
