import { z } from '@hono/zod-openapi';
import { workspaceQuery } from '../runtime/runtime-schemas.ts';

const agentField = z.string().min(1).max(200).optional().openapi({
  description:
    'Agent id or name to chat as; agent tokens default to themselves, users get the workspace policy without it.',
});

const chatIdField = z.string().min(1).max(200).optional().openapi({
  description:
    'The chat: a follow-up with the same id continues the conversation (active skills are not placed twice).',
});

/** One message as `useChat` of `@ai-sdk/react` sends it; only the text parts of the last one are read. */
const uiMessageSchema = z
  .looseObject({
    id: z.string().optional(),
    role: z.enum(['system', 'user', 'assistant']),
    parts: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).max(1000),
  })
  .openapi('ChatUIMessage');

/** Body of `POST /api/chat`: the `useChat` request, or a plain `message`. */
export const chatBodySchema = z
  .looseObject({
    id: chatIdField,
    messages: z.array(uiMessageSchema).max(10_000).optional().openapi({
      description:
        'The conversation as useChat sends it; the server keeps the history, so only the last (user) message is read.',
    }),
    message: z
      .string()
      .max(100_000)
      .optional()
      .openapi({ description: 'The user message, instead of `messages`.' }),
    agent: agentField,
    tryRevision: z
      .strictObject({
        skill: z.string().min(1).max(64),
        version: z.number().int().min(1).max(1_000_000_000),
      })
      .optional()
      .openapi({
        description:
          'Try a proposed revision of a workspace skill in this turn before it is published (people only; agents are refused)',
      }),
  })
  .openapi('ChatRequest');

/** Query of `POST /api/chat`. */
export const chatQuerySchema = z.strictObject({ workspace: workspaceQuery });

/** Query of `GET /api/chat/prompt`. */
export const chatPromptQuerySchema = z.strictObject({
  message: z
    .string()
    .max(20_000)
    .optional()
    .openapi({ description: 'The user message; ranks the catalog. Default: empty.' }),
  agent: agentField,
  id: chatIdField.openapi({ description: 'A chat whose active skills the prompt lists.' }),
  workspace: workspaceQuery,
});

const policyReasonSchema = z.looseObject({
  step: z.string(),
  outcome: z.enum(['pass', 'block', 'ask', 'skip']),
  code: z.string(),
  message: z.string(),
});

/** The system prompt of the next turn and why each skill is listed or hidden. */
export const chatPromptResponseSchema = z
  .object({
    system: z.string(),
    catalog: z.object({
      text: z.string(),
      entries: z.array(z.object({ name: z.string(), description: z.string().optional() })),
      omitted: z.number().int(),
      tokens: z.number().int(),
    }),
    trace: z.array(
      z.object({
        skill: z.string(),
        listed: z.boolean(),
        reason: z.string(),
        steps: z.array(policyReasonSchema).optional(),
      }),
    ),
    activeSkills: z.array(z.string()),
  })
  .openapi('ChatPrompt');

/** The `id` path parameter of an approval question. */
export const approvalParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({
      param: { name: 'id', in: 'path' },
      description: 'The id of a `data-approval` part.',
    }),
});

/** Body of `POST /api/chat/approvals/{id}`. */
export const approvalBodySchema = z
  .strictObject({
    approved: z.boolean(),
    always: z.boolean().optional().openapi({
      description:
        'With `approved: true`: remember the approval of this skill use or script for you, bound to the skill content; any change to the skill asks again. A tool call is approved once.',
    }),
  })
  .openapi('ChatApprovalAnswer');

/** The open approval questions the caller may answer. */
export const approvalListSchema = z
  .object({
    approvals: z.array(
      z.object({
        id: z.string(),
        request: z.record(z.string(), z.unknown()).openapi({
          description: 'What is asked: `{kind, skill?, tool, input?, description}`',
        }),
        askedBy: z.object({
          kind: z.enum(['user', 'agent']),
          id: z.string(),
          name: z.string().optional(),
        }),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi('ChatApprovals');

/** The answer as recorded. */
export const approvalResponseSchema = z.object({ id: z.string(), approved: z.boolean() });
