import { once } from 'node:events';
import { type IncomingMessage, request } from 'node:http';

/** A JSON POST whose handler is running while its body waits (see {@link holdRequest}). */
export interface HeldRequest {
  /** Sends part of the body now. */
  write(chunk: string): void;
  /** Sends the rest of the body and resolves with the answer. */
  finish(rest: string): Promise<{ status: number | undefined; text: string }>;
}

/**
 * Starts a JSON POST of `length` bytes and resolves once the server's handler has it: Node answers
 * `100 Continue` as it hands the request to the handler, so a test can act while it is in flight.
 */
export async function holdRequest(
  url: string,
  token: string,
  length: number,
): Promise<HeldRequest> {
  const held = request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': length,
      expect: '100-continue',
    },
  });
  const answered = once(held, 'response');
  held.flushHeaders();
  await once(held, 'continue');
  return {
    write: (chunk) => held.write(chunk),
    async finish(rest) {
      held.end(rest);
      const [response] = (await answered) as [IncomingMessage];
      let text = '';
      for await (const chunk of response) text += String(chunk);
      return { status: response.statusCode, text };
    },
  };
}
