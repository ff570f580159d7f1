import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

/** What the scripted model answers in one step: text, tool calls, or both. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: Array<{ toolName: string; input: unknown }>;
}

/** One call the model received: its prompt (as JSON text) and the names of the tools it was given. */
export interface ScriptedCall {
  prompt: string;
  tools: string[];
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/**
 * An AI SDK mock model that plays a script, one reply per call (streaming or not), and records
 * every call; a call past the end of the script fails the test.
 */
export function createScriptedModel(
  script: Array<ScriptedReply | ((call: ScriptedCall) => ScriptedReply)>,
) {
  const calls: ScriptedCall[] = [];
  const next = (options: { prompt: unknown; tools?: Array<{ name: string }> }) => {
    const call: ScriptedCall = {
      prompt: JSON.stringify(options.prompt),
      tools: (options.tools ?? []).map((tool) => tool.name).sort(),
    };
    calls.push(call);
    const step = script[calls.length - 1];
    if (step === undefined) throw new Error(`The script has no reply for call ${calls.length}.`);
    return typeof step === 'function' ? step(call) : step;
  };
  const toolCallsOf = (reply: ScriptedReply) =>
    (reply.toolCalls ?? []).map((call, index) => ({
      type: 'tool-call' as const,
      toolCallId: `call-${calls.length}-${index}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    }));
  const finishReason = (reply: ScriptedReply) => ({
    unified: (reply.toolCalls?.length ?? 0) > 0 ? ('tool-calls' as const) : ('stop' as const),
    raw: undefined,
  });
  const model = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const reply = next(options as never);
      return {
        content: [
          ...(reply.text === undefined ? [] : [{ type: 'text' as const, text: reply.text }]),
          ...toolCallsOf(reply),
        ],
        finishReason: finishReason(reply),
        usage,
        warnings: [],
      };
    },
    doStream: async (options) => {
      const reply = next(options as never);
      const text =
        reply.text === undefined
          ? []
          : [
              { type: 'text-start' as const, id: 't' },
              ...reply.text
                .split(/(?<= )/)
                .map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
              { type: 'text-end' as const, id: 't' },
            ];
      return {
        stream: convertArrayToReadableStream([
          { type: 'stream-start' as const, warnings: [] },
          ...text,
          ...toolCallsOf(reply),
          { type: 'finish' as const, finishReason: finishReason(reply), usage },
        ]),
      };
    },
  });
  return { model, calls };
}
