/** One chunk of the AI SDK's UI message stream, as `/api/chat` sends it. */
export type UiMessageChunk = { type: string } & Record<string, unknown>;

/** Yields the payload of each `data: ` line of a Server-Sent-Events response, until its body ends. */
export async function* readSseData(response: Response): AsyncGenerator<string> {
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) {
        if (line.startsWith('data: ')) yield line.slice('data: '.length);
      }
    }
  }
}

/**
 * Parses each JSON payload of an SSE response up to `data: [DONE]`, awaiting `onChunk` on each
 * before reading on; throws when the body ends without `[DONE]`.
 */
export async function readSseJson<Chunk = UiMessageChunk>(
  response: Response,
  onChunk: (chunk: Chunk) => unknown = () => {},
): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  for await (const data of readSseData(response)) {
    if (data === '[DONE]') return chunks;
    const chunk = JSON.parse(data) as Chunk;
    chunks.push(chunk);
    await onChunk(chunk);
  }
  throw new Error(`the stream ended without [DONE] after ${JSON.stringify(chunks)}`);
}
