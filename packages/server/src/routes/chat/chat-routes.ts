import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import { requireUser } from '../../auth/require-role.ts';
import type { ChatService } from '../../chat/create-chat-service.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import {
  approvalBodySchema,
  approvalListSchema,
  approvalParamsSchema,
  approvalResponseSchema,
  chatBodySchema,
  chatPromptQuerySchema,
  chatPromptResponseSchema,
  chatQuerySchema,
} from './chat-schemas.ts';

/** The header that carries the chat id (generated when the request has none). */
export const CHAT_ID_HEADER = 'x-skillset-chat-id';

const chat = createRoute({
  method: 'post',
  path: '/api/chat',
  tags: ['chat'],
  summary: 'Run one agent turn and stream it as an AI SDK UI message stream (for useChat)',
  description:
    'Runs the last user message through the agent as the caller or the named agent, under its policy. The answer is a UI message stream (SSE, header `x-vercel-ai-ui-message-stream: v1`): text and tool parts, `data-activation` when a skill enters the conversation, `data-notice`, `data-approval` `{id, request, status}` when a rule says ask (answer it with `POST /api/chat/approvals/{id}`; unanswered after 5 minutes it is refused), and an `error` chunk with a one-line message when the turn fails. 503 when no model is configured.',
  request: {
    query: chatQuerySchema,
    body: { content: { 'application/json': { schema: chatBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'The UI message stream of the turn',
      headers: z.object({
        [CHAT_ID_HEADER]: z.string().openapi({ description: 'The chat id.' }),
      }),
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses(400, 403, 404, 409, 503),
  },
});

const answerApproval = createRoute({
  method: 'post',
  path: '/api/chat/approvals/{id}',
  tags: ['chat'],
  summary:
    'Approve or refuse what a running chat turn asks (a `data-approval` part): a person answers their own turn’s questions, and an agent’s are answered by a person with rights over it, never by an agent token',
  request: {
    params: approvalParamsSchema,
    body: { content: { 'application/json': { schema: approvalBodySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'The answer reached the waiting turn',
      content: { 'application/json': { schema: approvalResponseSchema } },
    },
    ...errorResponses(400, 404),
  },
});

const listApprovals = createRoute({
  method: 'get',
  path: '/api/chat/approvals',
  tags: ['chat'],
  summary:
    'The open approval questions I may answer: my own turns’, and those of agents I have rights over (as a workspace admin, or the user the agent acts for)',
  responses: {
    200: {
      description: 'Open questions, oldest first',
      content: { 'application/json': { schema: approvalListSchema } },
    },
    ...errorResponses(),
  },
});

const chatPrompt = createRoute({
  method: 'get',
  path: '/api/chat/prompt',
  tags: ['chat'],
  summary:
    'The system prompt a chat turn would use for a message, with why each skill is listed or hidden',
  request: { query: chatPromptQuerySchema },
  responses: {
    200: {
      description: 'The assembled prompt and the policy trace',
      content: { 'application/json': { schema: chatPromptResponseSchema } },
    },
    ...errorResponses(400, 403, 404),
  },
});

function invalid(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'invalid_request', message });
}

/** The text of the message to answer: `message`, or the text parts of the last of `messages`. */
function userText(body: z.infer<typeof chatBodySchema>): string {
  if (body.message !== undefined) return body.message;
  const last = body.messages?.at(-1);
  if (last === undefined) {
    throw invalid('Send `message`, or `messages` ending with the user message to answer.');
  }
  if (last.role !== 'user') {
    throw invalid(
      `The last message is the ${last.role}'s; send the user's message last (regenerating an answer is not supported).`,
    );
  }
  return last.parts.flatMap((part) => (part.type === 'text' ? [part.text ?? ''] : [])).join('\n');
}

/** Registers `POST /api/chat`, the approval questions (`GET /api/chat/approvals`, `POST …/{id}`) and `GET /api/chat/prompt`. */
export function registerChatRoutes(app: ApiApp, chatService: ChatService) {
  app.openapi(chat, async (context) => {
    const body = context.req.valid('json');
    const message = userText(body);
    const chatId = body.id ?? randomUUID();
    if (body.tryRevision !== undefined) {
      requireUser(
        context.var.principal,
        'try proposed revisions; they are served only once published',
      );
    }
    const stream = await chatService.turn(context.var.principal, {
      message,
      chatId,
      ...(body.agent === undefined ? {} : { agent: body.agent }),
      ...(body.tryRevision === undefined ? {} : { tryRevision: body.tryRevision }),
      signal: context.req.raw.signal,
    });
    // Loaded by the turn above already; a static import would load the AI SDK at every start.
    const { createUIMessageStreamResponse } = await import('ai');
    return createUIMessageStreamResponse({
      stream,
      headers: { [CHAT_ID_HEADER]: chatId },
    }) as never;
  });

  app.openapi(answerApproval, (context) => {
    const { id } = context.req.valid('param');
    const { approved, always } = context.req.valid('json');
    const answer = approved && always === true ? 'always' : approved;
    if (!chatService.answer(context.var.principal, id, answer)) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'not_found',
        message: `No open approval ${JSON.stringify(id)} that you may answer; it was answered, expired or its turn ended (an agent's questions are answered by a person with rights over the agent).`,
      });
    }
    return context.json({ id, approved }, 200);
  });

  app.openapi(listApprovals, (context) => {
    const approvals = chatService.approvals(context.var.principal).map((approval) => ({
      id: approval.id,
      request: approval.details.request,
      askedBy: approval.details.askedBy,
      createdAt: approval.createdAt.toISOString(),
    }));
    return context.json({ approvals }, 200);
  });

  app.openapi(chatPrompt, async (context) => {
    const { message, agent, id } = context.req.valid('query');
    const prompt = await chatService.prompt(context.var.principal, {
      message: message ?? '',
      ...(agent === undefined ? {} : { agent }),
      ...(id === undefined ? {} : { chatId: id }),
    });
    return context.json(prompt, 200);
  });
}
