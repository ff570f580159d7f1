import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One reply of the scripted endpoint: text, tool calls, or both. */
export interface CompletionReply {
  /** Start the answer and never finish it (to test cancelling a turn). */
  hang?: boolean;
  text?: string;
  toolCalls?: Array<{ name: string; arguments: unknown }>;
}

/** A request the endpoint received: the Chat Completions body. */
export interface CompletionRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown }>;
  tools?: Array<{ function: { name: string } }>;
}

/** A local OpenAI-compatible Chat Completions endpoint that plays a script, for offline tests. */
export interface OpenAiCompatibleServer {
  /** The base URL to put in OPENAI_BASE_URL (ends in `/v1`). */
  baseUrl: string;
  requests: CompletionRequest[];
  close(): Promise<void>;
}

type Script = Array<CompletionReply | ((request: CompletionRequest) => CompletionReply)>;

async function readJson(request: IncomingMessage): Promise<CompletionRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as CompletionRequest;
}

function toolCallsOf(reply: CompletionReply, turn: number) {
  return (reply.toolCalls ?? []).map((call, index) => ({
    index,
    id: `call_${turn}_${index}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

function answer(
  response: ServerResponse,
  body: CompletionRequest,
  reply: CompletionReply,
  turn: number,
) {
  const toolCalls = toolCallsOf(reply, turn);
  const finishReason = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const base = { id: `chatcmpl-${turn}`, created: 0, model: body.model };
  if (body.stream !== true) {
    response.writeHead(200, { 'content-type': 'application/json' });
    const message = {
      role: 'assistant',
      content: reply.text ?? null,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    response.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: finishReason }],
        usage,
      }),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (delta: object, finish: string | null, extra: object = {}) =>
    response.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`,
    );
  send({ role: 'assistant', content: '' }, null);
  if (reply.hang === true) return;
  for (const piece of reply.text?.split(/(?<= )/) ?? []) send({ content: piece }, null);
  if (toolCalls.length > 0) send({ tool_calls: toolCalls }, null);
  send({}, finishReason, { usage });
  response.end('data: [DONE]\n\n');
}

/**
 * Starts the endpoint on a free loopback port; each request takes the next reply of the script,
 * or the reply a single function gives it (for any number of requests).
 */
export async function startOpenAiCompatibleServer(
  script: Script | ((request: CompletionRequest) => CompletionReply),
): Promise<OpenAiCompatibleServer> {
  const requests: CompletionRequest[] = [];
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }),
      );
      return;
    }
    readJson(request).then(
      (body) => {
        requests.push(body);
        const step = typeof script === 'function' ? script : script[requests.length - 1];
        if (step === undefined) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              error: { message: `No reply scripted for request ${requests.length}` },
            }),
          );
          return;
        }
        answer(response, body, typeof step === 'function' ? step(body) : step, requests.length);
      },
      (error: unknown) => {
        response.writeHead(400);
        response.end(String(error));
      },
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
