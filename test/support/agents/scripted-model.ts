import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The model APIs the four agents speak. */
export type ModelApi = 'anthropic' | 'openai-responses' | 'openai-chat' | 'gemini';

/** One request an agent sent to the scripted model. */
export interface ModelCall {
  api: ModelApi;
  /** The path and query, e.g. `/v1/messages?beta=true`. */
  path: string;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** The body as it arrived. */
  raw: string;
  /** True for a Gemini `generateContent` call without streaming (its model router). */
  unary: boolean;
}

/** What the scripted model answers: text, tool calls, or both. */
export interface ModelTurn {
  text?: string;
  toolCalls?: Array<{ name: string; input: Record<string, unknown> }>;
}

/** Chooses the answer to a call; `calls` holds every call so far, this one last. */
export type ModelScript = (call: ModelCall, calls: readonly ModelCall[]) => ModelTurn;

/** A scripted model endpoint on loopback that records every call. */
export interface ScriptedModel {
  /** `http://127.0.0.1:PORT`, without a path. */
  url: string;
  calls: ModelCall[];
  close(): Promise<void>;
}

interface Route {
  api: ModelApi;
  match: RegExp;
}

const ROUTES: Route[] = [
  { api: 'anthropic', match: /^\/v1\/messages(\?|$)/ },
  { api: 'openai-responses', match: /^\/v1\/responses(\?|$)/ },
  { api: 'openai-chat', match: /^\/v1\/chat\/completions(\?|$)/ },
  { api: 'gemini', match: /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)/ },
];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sse(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  return (event: string | undefined, data: unknown) =>
    response.write(
      `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`,
    );
}

function answerAnthropic(response: ServerResponse, call: ModelCall, turn: ModelTurn, id: number) {
  const send = sse(response);
  const usage = { input_tokens: 10, output_tokens: 5 };
  send('message_start', {
    type: 'message_start',
    message: {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model: call.body.model,
      content: [],
      stop_reason: null,
      usage,
    },
  });
  let index = 0;
  if (turn.text !== undefined) {
    send('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'text', text: '' },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index,
      delta: { type: 'text_delta', text: turn.text },
    });
    send('content_block_stop', { type: 'content_block_stop', index });
    index += 1;
  }
  for (const [n, tool] of (turn.toolCalls ?? []).entries()) {
    send('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: `toolu_${id}_${n}`, name: tool.name, input: {} },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(tool.input) },
    });
    send('content_block_stop', { type: 'content_block_stop', index });
    index += 1;
  }
  const stop = (turn.toolCalls?.length ?? 0) > 0 ? 'tool_use' : 'end_turn';
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  send('message_stop', { type: 'message_stop' });
  response.end();
}

function answerResponses(response: ServerResponse, call: ModelCall, turn: ModelTurn, id: number) {
  const send = sse(response);
  const base = { id: `resp_${id}`, object: 'response', created_at: 0, model: call.body.model };
  let sequence = 0;
  const event = (type: string, data: object) =>
    send(type, { type, sequence_number: sequence++, ...data });
  event('response.created', { response: { ...base, status: 'in_progress', output: [] } });
  const output: object[] = [];
  if (turn.text !== undefined) {
    const item = {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    };
    event('response.output_item.added', {
      output_index: output.length,
      item: { ...item, status: 'in_progress', content: [] },
    });
    event('response.output_text.delta', {
      output_index: output.length,
      item_id: item.id,
      content_index: 0,
      delta: turn.text,
    });
    event('response.output_item.done', { output_index: output.length, item });
    output.push(item);
  }
  for (const [n, tool] of (turn.toolCalls ?? []).entries()) {
    const item = {
      id: `fc_${id}_${n}`,
      type: 'function_call',
      status: 'completed',
      call_id: `call_${id}_${n}`,
      name: tool.name,
      arguments: JSON.stringify(tool.input),
    };
    event('response.output_item.added', {
      output_index: output.length,
      item: { ...item, arguments: '' },
    });
    event('response.function_call_arguments.delta', {
      output_index: output.length,
      item_id: item.id,
      delta: item.arguments,
    });
    event('response.function_call_arguments.done', {
      output_index: output.length,
      item_id: item.id,
      arguments: item.arguments,
    });
    event('response.output_item.done', { output_index: output.length, item });
    output.push(item);
  }
  event('response.completed', {
    response: {
      ...base,
      status: 'completed',
      output,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        total_tokens: 15,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    },
  });
  response.end();
}

function answerChat(response: ServerResponse, call: ModelCall, turn: ModelTurn, id: number) {
  const send = sse(response);
  const base = {
    id: `chatcmpl-${id}`,
    object: 'chat.completion.chunk',
    created: 0,
    model: call.body.model,
  };
  const chunk = (delta: object, finish: string | null, extra: object = {}) =>
    send(undefined, { ...base, choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
  chunk({ role: 'assistant', content: '' }, null);
  if (turn.text !== undefined) chunk({ content: turn.text }, null);
  const toolCalls = (turn.toolCalls ?? []).map((tool, index) => ({
    index,
    id: `call_${id}_${index}`,
    type: 'function',
    function: { name: tool.name, arguments: JSON.stringify(tool.input) },
  }));
  if (toolCalls.length > 0) chunk({ tool_calls: toolCalls }, null);
  chunk({}, toolCalls.length > 0 ? 'tool_calls' : 'stop', {
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
  response.end('data: [DONE]\n\n');
}

function geminiBody(turn: ModelTurn) {
  const parts: object[] = [];
  if (turn.text !== undefined) parts.push({ text: turn.text });
  for (const tool of turn.toolCalls ?? [])
    parts.push({ functionCall: { name: tool.name, args: tool.input } });
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  };
}

function answerGemini(response: ServerResponse, call: ModelCall, turn: ModelTurn) {
  if (call.unary) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(geminiBody(turn)));
    return;
  }
  sse(response)(undefined, geminiBody(turn));
  response.end();
}

/** Gemini CLI's model router asks for a complexity score as JSON before each turn. */
const ROUTER_ANSWER = JSON.stringify({ complexity_reasoning: 'scripted', complexity_score: 10 });

/** The default script: Gemini's router gets its score, every other call `OK`. */
export const answerOk: ModelScript = (call) =>
  call.unary ? { text: ROUTER_ANSWER } : { text: 'OK' };

/**
 * Starts a model endpoint on a free loopback port speaking the Anthropic Messages, OpenAI
 * Responses, OpenAI Chat Completions and Gemini APIs (streaming as each agent asks); every call
 * is recorded and answered by `script`.
 */
export async function startScriptedModel(script: ModelScript = answerOk): Promise<ScriptedModel> {
  const calls: ModelCall[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const route =
      request.method === 'POST' ? ROUTES.find((each) => each.match.test(path)) : undefined;
    readBody(request)
      .then((raw) => {
        if (route === undefined) {
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ error: { message: `No route ${request.method} ${path}` } }),
          );
          return;
        }
        const call: ModelCall = {
          api: route.api,
          path,
          body: JSON.parse(raw) as Record<string, unknown>,
          raw,
          unary: route.api === 'gemini' && path.includes(':generateContent'),
        };
        calls.push(call);
        const turn = script(call, calls);
        const id = calls.length;
        if (call.api === 'anthropic') answerAnthropic(response, call, turn, id);
        else if (call.api === 'openai-responses') answerResponses(response, call, turn, id);
        else if (call.api === 'openai-chat') answerChat(response, call, turn, id);
        else answerGemini(response, call, turn);
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
