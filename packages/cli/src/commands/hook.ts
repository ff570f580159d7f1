import { isAgentName } from '../agents/agent-table.ts';
import { answerHook } from '../hook/answer-hook.ts';
import { createHookRanker } from '../hook/create-hook-ranker.ts';
import { HOOK_REQUEST_LIMIT } from '../hook/serve-hook.ts';
import type { Terminal } from '../output/terminal.ts';

/** Reads a stream to its end; undefined when it passes `limit` bytes. */
async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `skillset hook <agent>` in this process: reads the agent's hook input on stdin and prints its
 * answer. Always exits 0 (an agent may treat another code as "block this prompt"); a problem is
 * one line on stderr. The binary usually answers through the hook server instead (decision 0143).
 */
export async function runHook(terminal: Terminal, options: { agent: string }): Promise<number> {
  if (!isAgentName(options.agent)) {
    terminal.stderr.write(
      `skillset hook: unknown agent '${options.agent}' (claude, codex, opencode or gemini); no skills suggested.\n`,
    );
    return 0;
  }
  const input = await readAll(terminal.stdin ?? process.stdin, HOOK_REQUEST_LIMIT);
  if (input === undefined) {
    terminal.stderr.write(
      'skillset hook: the hook input is larger than 16 MiB; no skills suggested.\n',
    );
    return 0;
  }
  const ranker = createHookRanker({ watch: false });
  try {
    const answer = await answerHook(ranker, {
      agent: options.agent,
      input,
      cwd: terminal.cwd,
      env: terminal.env,
    });
    terminal.stdout.write(answer.stdout);
    terminal.stderr.write(answer.stderr);
  } finally {
    await ranker.close();
  }
  return 0;
}
